#!/usr/bin/env bash
# Peak memory of laying out hostile documents, with the release build of otk: the bound from the
# hostile-input contract is 10x the input's size + 64 MiB. Prints one line per case and exits 1 if
# any exceeds it. Not part of `swift test` (a release build and large inputs take minutes).
# Usage: scripts/memory-check.sh            (after scripts/setup.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v /usr/bin/time >/dev/null || { echo "memory-check: needs /usr/bin/time (Debian package time)" >&2; exit 2; }
swift build -c release --scratch-path .build-release --product otk >/dev/null
otk=.build-release/release/otk
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

python3 - "$dir" <<'PY'
import sys, random
d = sys.argv[1]
random.seed(7)
words = "the quick brown fox jumps over a lazy dog while typesetting long paragraphs of prose".split()
def prose(n):
    out, size = [], 0
    while size < n:
        w = random.choice(words); out.append(w); size += len(w) + 1
    return " ".join(out)[:n]
open(f"{d}/prose-1MiB.txt", "w").write("\n".join(prose(2000) for _ in range(524)))
open(f"{d}/one-paragraph-16MiB.txt", "w").write(prose(16 << 20))
open(f"{d}/combining-1MiB.txt", "w", encoding="utf-8").write("e" + "\u0301" * ((1 << 20) // 2))
open(f"{d}/bidi-marks-1MiB.txt", "w", encoding="utf-8").write(("abc \u200f" * ((1 << 20) // 8)))
PY

status=0
for f in "$dir"/*.txt; do
  bytes=$(stat -c %s "$f")
  bound=$(( bytes * 10 + 64 * 1024 * 1024 ))
  start=$(date +%s%N)
  /usr/bin/time -f "%M" -o "$dir/rss" "$otk" measure "$f" --json >/dev/null 2>"$dir/err" || { echo "$(basename "$f"): otk failed: $(head -c 300 "$dir/err")"; status=1; continue; }
  nanoseconds=$(( $(date +%s%N) - start ))
  peak=$(( $(tail -1 "$dir/rss") * 1024 ))
  verdict=ok; [ "$peak" -le "$bound" ] || { verdict=OVER; status=1; }
  awk -v name="$(basename "$f")" -v b="$bytes" -v p="$peak" -v l="$bound" -v ns="$nanoseconds" -v v="$verdict" \
    'BEGIN { printf "%-24s %6.1f MiB input  peak %7.1f MiB  bound %7.1f MiB  %6.1f s  %s\n", name, b/1048576, p/1048576, l/1048576, ns/1e9, v }'
done
exit $status
