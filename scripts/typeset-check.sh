#!/usr/bin/env bash
# How `otk render` sets real Markdown documents nobody here wrote, in two justified, hyphenated
# columns: greedy breaking, optimal (total fit), and optimal with glyph expansion (2 %), side by
# side. For each document and way: pages, justified lines, their mean squared adjustment ratio,
# how many are looser than ratio 1 and 2, lines hyphenated inside code (must be 0), pages before
# the last more than a quarter empty, and the wall time of the render (release build). The PDFs
# stay in the output directory, to be looked at.
#
# The documents come with Debian packages on this machine (two sets of release notes, a
# contributors' guide, an API reference) and with a dependency's source (swift-argument-parser's
# README, checked out by `swift build`); one that is missing is left out of the table and named.
#
# Usage: scripts/typeset-check.sh [output-dir]      (default /tmp/typeset-check)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-/tmp/typeset-check}"
mkdir -p "$out"

echo "typeset-check: building otk (release)" >&2
(cd "$root" && swift build -c release --product otk >/dev/null)
otk="$(cd "$root" && swift build -c release --show-bin-path)/otk"

documents=(
  "man-db NEWS|/usr/share/doc/man-db/NEWS.md.gz"
  "OpenSSL NEWS|/usr/share/doc/openssl/NEWS.md.gz"
  "zstd CONTRIBUTING|/usr/share/doc/zstd/CONTRIBUTING.md.gz"
  "Node.js fs API|/usr/share/doc/nodejs/api/fs.md"
  "swift-argument-parser README|$root/.build/checkouts/swift-argument-parser/README.md"
)
ways=(
  "greedy|--breaking greedy"
  "optimal|--breaking optimal"
  "optimal + expansion 2 %|--breaking optimal --expansion 2"
)
common=(--columns 2 --justify --hyphenation 1 -q)

echo "Two justified, hyphenated columns on A4 (otk's print sizes); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| document | breaking | pages | justified lines | mean squared ratio | looser than 1 | looser than 2 | hyphenated code lines | pages > ¼ empty | render |"
echo "|---|---|---|---|---|---|---|---|---|---|"
missing=()
for entry in "${documents[@]}"; do
  name="${entry%%|*}"
  path="${entry#*|}"
  if [ ! -f "$path" ]; then missing+=("$name ($path)"); continue; fi
  slug="$(echo "$name" | tr -c 'A-Za-z0-9' '-' | tr -s '-' | sed 's/-$//')"
  input="$out/$slug.md"
  case "$path" in
    *.gz) gzip -dc "$path" >"$input" ;;
    *) cp "$path" "$input" ;;
  esac
  for way in "${ways[@]}"; do
    label="${way%%|*}"
    read -r -a options <<<"${way#*|}"
    pdf="$out/$slug-$(echo "$label" | tr -c 'A-Za-z0-9' '-' | tr -s '-' | sed 's/-$//').pdf"
    start=$EPOCHREALTIME
    "$otk" render "$input" "${common[@]}" "${options[@]}" -o "$pdf"
    seconds=$(python3 -c "print($EPOCHREALTIME - $start)")
    "$otk" measure "$input" "${common[@]}" "${options[@]}" --json >"$out/measure.json"
    python3 - "$name" "$label" "$seconds" "$out/measure.json" <<'PY'
import json, sys
name, label, seconds, path = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
m = json.load(open(path))
lines = m["justifiedLines"]
share = lambda n: f"{n} ({100 * n / lines:.1f} %)" if lines else "0"
ratio = m.get("meanSquaredAdjustmentRatio")
print(f"| {name} | {label} | {m['pages']} | {lines} | {ratio if ratio is not None else 'n/a'} | "
      f"{share(m['linesLooserThanRatio1'])} | {share(m['linesLooserThanRatio2'])} | {m['hyphenatedCodeLines']} | "
      f"{m['pagesMoreThanAQuarterEmpty']} | {seconds * 1000:.0f} ms |")
PY
  done
done
rm -f "$out/measure.json"
for name in "${missing[@]}"; do echo; echo "missing: $name"; done
echo
echo "PDFs in $out"
