#!/usr/bin/env bash
# Generates OpenTextKit's benchmark corpus into Benchmarks/corpus/out/ from Debian packages only
# (nothing else is downloaded). Idempotent: when every output file exists it only prints their
# sha256 sums; `--force` regenerates. Installs the Debian packages it reads when they are missing
# (as root, or through sudo).
#
#   W1.txt                 ~1 MB of English prose: The Debian Administrator's Handbook
#                          (debian-handbook, html/en-US), one paragraph per line
#   W2.txt                 ~200 KB, nine script groups of ~22 KB interleaved paragraph by paragraph:
#                          Arabic, Chinese, Japanese (handbook translations ar-MA, zh-CN, ja-JP);
#                          Hebrew, Devanagari (Hindi), Thai, Korean, Latin (French, German)
#                          (message catalogues of the packages below, turned back into text with
#                          msgunfmt); emoji (French messages with emoji from unicode-data's
#                          emoji-test.txt interspersed: synthesised from Debian data)
#   W4-{10KB,100KB,1MB,10MB}.txt   W1 cut (or repeated, for 10 MB) at a paragraph boundary
#   word-{8000,16000,32000,64000}.txt   one word of a-z repeated, no break opportunity
#   code-1MB.txt           ~1 MB of Python source: the standard library's top-level modules
#                          (libpython3.11-minimal, libpython3.11-stdlib) in name order, cut at a
#                          line; made on its own when missing, for the highlighted-editing rows
#   html-1MB.html          1 MB of real HTML: the handbook's en-US pages in reading order, their
#                          bodies in one document with the handbook's style sheet inline
#   html-styled-1MB.html   1 MB of dense markup around W1's paragraphs (inline styles, classes,
#                          lists, tables, a <style> block); both by html_corpus.py, made on their
#                          own when missing, for the HTML import rows
#   PACKAGES.txt           the versions of the packages the text came from
#
# Usage: Benchmarks/corpus/make-corpus.sh [--force]
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
out="$here/out"
files=(W1.txt W2.txt W4-10KB.txt W4-100KB.txt W4-1MB.txt W4-10MB.txt
       word-8000.txt word-16000.txt word-32000.txt word-64000.txt PACKAGES.txt)
# The packages whose files the corpus is made of, and the tools it needs.
packages=(debian-handbook gettext unicode-data python3
          libgtk2.0-common libglib2.0-data gsettings-desktop-schemas dpkg apt shared-mime-info
          libgdk-pixbuf2.0-common grep sed wget)

# The source-code file, independent of the rest.
if [ ! -s "$out/code-1MB.txt" ] || [ "${1:-}" = "--force" ]; then
  mkdir -p "$out"
  python3 - "$out/code-1MB.txt.tmp" <<'PY'
import glob, os, sys, sysconfig
text = b""
for path in sorted(glob.glob(os.path.join(sysconfig.get_paths()["stdlib"], "*.py"))):
    text += open(path, "rb").read()
    if len(text) >= 1 << 20:
        break
open(sys.argv[1], "wb").write(text[:text.rindex(b"\n", 0, 1 << 20) + 1])
PY
  mv -f "$out/code-1MB.txt.tmp" "$out/code-1MB.txt"
fi

install_missing() {
  local missing=() p
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "corpus: installing ${missing[*]}"
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
}

# The HTML files, from the handbook and W1.txt: made when missing (or with --force) once W1 exists.
html_files=(html-1MB.html html-styled-1MB.html)
make_html() {
  local f
  for f in "${html_files[@]}"; do
    [ -s "$out/$f" ] && [ "${1:-}" != "--force" ] && continue
    case "$f" in
      html-1MB.html) python3 "$here/html_corpus.py" handbook "$out/$f.tmp" ;;
      html-styled-1MB.html) python3 "$here/html_corpus.py" styled "$out/W1.txt" "$out/$f.tmp" ;;
    esac
    mv -f "$out/$f.tmp" "$out/$f"
  done
}

complete=1
for f in "${files[@]}"; do [ -s "$out/$f" ] || complete=0; done
if [ "$complete" = 1 ] && [ "${1:-}" != "--force" ]; then
  for f in "${html_files[@]}"; do [ -s "$out/$f" ] || { install_missing; make_html; break; }; done
  echo "corpus: present in $out (use --force to regenerate)"
  (cd "$out" && sha256sum "${files[@]}" code-1MB.txt "${html_files[@]}")
  exit 0
fi

install_missing

# Write into a temporary folder and move into place, so an interrupted run leaves no half corpus.
tmp="$(mktemp -d "$here/.out.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
LC_ALL=C.UTF-8 /usr/bin/env python3 "$here/corpus.py" "$tmp"
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Package} ${Version}\n' "$p"
done > "$tmp/PACKAGES.txt"
mkdir -p "$out"
for f in "${files[@]}"; do mv -f "$tmp/$f" "$out/$f"; done
make_html "${1:-}"
echo "corpus: written to $out"
(cd "$out" && sha256sum "${files[@]}" "${html_files[@]}")
