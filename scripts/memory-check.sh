#!/usr/bin/env bash
# Peak memory of laying out hostile documents, with the release build of otk, and of larger shapes
# of work with the benchmarks' MemoryPeaks (an edit of a 10 MB document checked against a fresh
# layout, one text laid out at two widths, every Unicode scalar in one text): the bound from the
# hostile-input contract is 10x the input's size + 64 MiB. Prints one line per case and exits 1 if
# any exceeds it. Not part of `swift test` (release builds and large inputs take minutes; the
# benchmarks package resolves its own dependencies the first time).
# Usage: scripts/memory-check.sh            (after scripts/setup.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v /usr/bin/time >/dev/null || { echo "memory-check: needs /usr/bin/time (Debian package time)" >&2; exit 2; }
swift build -c release --scratch-path .build-release --product otk >/dev/null
otk=.build-release/release/otk
(cd Benchmarks && swift build -c release --product MemoryPeaks >/dev/null)
peaks=Benchmarks/.build/release/MemoryPeaks
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

python3 - "$dir" <<'PY'
import sys, random
d = sys.argv[1]
random.seed(7)
words = "the quick brown fox jumps over a lazy dog while typesetting long paragraphs of prose".split()
def prose(n, words=words):
    out, size = [], 0
    while size < n:
        w = random.choice(words); out.append(w); size += len(w) + 1
    return " ".join(out)[:n]
open(f"{d}/prose-1MiB.txt", "w").write("\n".join(prose(2000) for _ in range(524)))
open(f"{d}/one-paragraph-16MiB.txt", "w").write(prose(16 << 20))
open(f"{d}/combining-1MiB.txt", "w", encoding="utf-8").write("e" + "\u0301" * ((1 << 20) // 2))
open(f"{d}/bidi-marks-1MiB.txt", "w", encoding="utf-8").write(("abc \u200f" * ((1 << 20) // 8)))
# For MemoryPeaks (.doc, not .txt): 10 MB of prose; 300 KB of a letter and six combining marks
# over and over, without a space; 7.5 MB of words of thirteen scripts, bidi and emoji mixed in
# every paragraph; every Unicode scalar value once (2.16 M UTF-16 units).
open(f"{d}/prose-10MB.doc", "w").write("\n".join(prose(2000) for _ in range(5000)))
open(f"{d}/combining-300KB.doc", "w", encoding="utf-8").write(("a" + "\u0301\u0323" * 3) * (300 * 1024 // 13))
scripts = ["Schriftsatz und Zeilenumbruch", "Типографика и перенос строк", "τυπογραφία και αλλαγή γραμμής",
           "الطباعة وتقسيم الأسطر", "טיפוגרפיה ושבירת שורות", "मुद्रण और पंक्ति विभाजन", "การพิมพ์และการตัดบรรทัด",
           "排版与断行的算法", "組版と改行の規則", "조판과 줄 바꿈", "🙂 emoji 👩‍👩‍👧 flags 🇫🇷🇯🇵", "ტიპოგრაფია", "টাইপোগ্রাফি ও লাইন"]
mixed_words = " ".join(scripts).split()
paragraphs, size = [], 0
while size < 7_500_000:
    p = prose(1500, mixed_words); paragraphs.append(p); size += len(p.encode()) + 1
open(f"{d}/mixed-7.5MB.doc", "w", encoding="utf-8").write("\n".join(paragraphs))
open(f"{d}/every-scalar.doc", "w", encoding="utf-8").write("".join(chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF))
PY

status=0
# measure NAME BYTES COMMAND…: runs COMMAND under /usr/bin/time and checks its peak against the bound.
measure() {
  local name=$1 bytes=$2; shift 2
  local bound=$(( bytes * 10 + 64 * 1024 * 1024 )) start
  start=$(date +%s%N)
  /usr/bin/time -f "%M" -o "$dir/rss" "$@" >"$dir/out" 2>"$dir/err" || { echo "$name: failed: $(head -c 300 "$dir/err") $(head -c 300 "$dir/out")"; status=1; return; }
  local nanoseconds=$(( $(date +%s%N) - start ))
  local peak=$(( $(tail -1 "$dir/rss") * 1024 ))
  local verdict=ok; [ "$peak" -le "$bound" ] || { verdict=OVER; status=1; }
  awk -v name="$name" -v b="$bytes" -v p="$peak" -v l="$bound" -v ns="$nanoseconds" -v v="$verdict" \
    'BEGIN { printf "%-34s %6.1f MiB input  peak %7.1f MiB  bound %7.1f MiB  %6.1f s  %s\n", name, b/1048576, p/1048576, l/1048576, ns/1e9, v }'
}
size() { stat -c %s "$1"; }

for f in "$dir"/*.txt; do
  measure "$(basename "$f")" "$(size "$f")" "$otk" measure "$f" --json
done
measure "edit prose-10MB (+combining-300KB)" $(( $(size "$dir/prose-10MB.doc") + $(size "$dir/combining-300KB.doc") )) \
  "$peaks" edit "$dir/prose-10MB.doc" "$dir/combining-300KB.doc"
measure "two widths mixed-7.5MB" "$(size "$dir/mixed-7.5MB.doc")" "$peaks" widths "$dir/mixed-7.5MB.doc"
measure "every-scalar" "$(size "$dir/every-scalar.doc")" "$peaks" layout "$dir/every-scalar.doc"
exit $status
