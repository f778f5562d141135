#!/bin/bash
# Does a browser show the HTML that OpenTextKit writes as OpenTextKit's text view shows the text?
#
#   scripts/html-browser-check.sh [document] [output-directory]
#
# Exports the document (default: scripts/html-browser-check/sample.rtf, which uses every
# attribute the HTML writer carries) with `otk convert` to HTML, renders that HTML with Chromium
# headless (a screenshot, and the box of every word found by a script in the page), and renders
# the same document with OpenTextKit (`otk render`: a PNG, and a PDF whose word boxes pdftotext
# gives) on a page of the same width: 600 points, with 8-point margins as a browser's body has
# (one CSS pixel is one point here). It also renders the exported HTML with OpenTextKit, which shows whether the round
# trip through the importer changed anything. It prints, line by line, where the words are in
# each and how far apart, and leaves browser.png, ours.png and roundtrip.png for a look. (otk's
# pages drop the spacing before a paragraph that opens a page, which a browser keeps: a document
# that begins with such a paragraph is lower by that much in Chromium.)
#
# For people and closing notes, not for `swift test`: it installs Chromium with apt-get when it
# is missing (hundreds of megabytes; never part of scripts/setup.sh) and builds otk.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
input=$(realpath "${1:-$root/scripts/html-browser-check/sample.rtf}")
out=$(realpath -m "${2:-$root/.build/html-browser-check}")
width=600
height=900

if ! command -v chromium >/dev/null; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    if ! apt-cache policy chromium 2>/dev/null | grep -q 'Candidate: [0-9]'; then $sudo apt-get update; fi
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends chromium
fi
for tool in pdftotext python3; do
    command -v "$tool" >/dev/null || { echo "html-browser-check: $tool is missing (scripts/setup.sh installs it)" >&2; exit 1; }
done

(cd "$root" && swift build --product otk >/dev/null)
otk="$root/.build/debug/otk"
mkdir -p "$out"
cd "$out"
rm -f browser.png ours.png ours.pdf roundtrip.png roundtrip.pdf words-browser.tsv
"$otk" convert "$input" sample.html -q

# OpenTextKit: otk's margins are where the text begins (its containers' line fragment padding
# lies outside them), as the body's 8-pixel margins are in a browser.
page=(--page-size "${width}x${height}pt" --margins 8 --no-widow-control -q)
"$otk" render "$input" -o ours.png --scale 1 "${page[@]}"
"$otk" render "$input" -o ours.pdf "${page[@]}"
"$otk" render sample.html -o roundtrip.png --scale 1 "${page[@]}"
"$otk" render sample.html -o roundtrip.pdf "${page[@]}"

# Chromium: the page as exported, and a copy with a script that records every word's box.
chrome=(chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1
        --font-render-hinting=none --window-size="$width,$height" --virtual-time-budget=2000)
"${chrome[@]}" --screenshot="$out/browser.png" "file://$out/sample.html" 2>/dev/null
python3 - "$out" <<'PY'
import sys
out = sys.argv[1]
script = r"""<script>
const words = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let node; (node = walker.nextNode()); ) {
  for (const m of node.data.matchAll(/\S+/g)) {
    const range = document.createRange();
    range.setStart(node, m.index);
    range.setEnd(node, m.index + m[0].length);
    const r = range.getClientRects()[0];
    if (r) words.push([m[0], r.left, r.top, r.right, r.bottom].join('\t'));
  }
}
const box = document.createElement('textarea');
box.id = 'otk-words';
box.textContent = words.join('\n');
document.body.appendChild(box);
</script>"""
html = open(f"{out}/sample.html", encoding="utf-8").read().replace("</body>", script + "</body>")
open(f"{out}/probe.html", "w", encoding="utf-8").write(html)
PY
"${chrome[@]}" --dump-dom "file://$out/probe.html" 2>/dev/null > probe-dom.html
pdftotext -bbox -raw ours.pdf ours-words.html
pdftotext -bbox -raw roundtrip.pdf roundtrip-words.html

python3 - "$out" <<'PY'
import difflib, html, re, sys
out = sys.argv[1]

def browser_words():
    dom = open(f"{out}/probe-dom.html", encoding="utf-8").read()
    text = html.unescape(re.search(r'<textarea id="otk-words">(.*?)</textarea>', dom, re.S).group(1))
    words = []
    for line in text.split("\n"):
        if line:
            w, x0, y0, x1, y1 = line.split("\t")
            words.append((w, float(x0), float(y0), float(x1), float(y1)))
    return words

def pdf_words(name):
    words = []
    for m in re.finditer(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>',
                         open(f"{out}/{name}", encoding="utf-8").read()):
        words.append((html.unescape(m.group(5)), *map(float, m.group(1, 2, 3, 4))))
    return words

def lines_of(words):
    """The line number of each word: a new line starts when a word begins left of the one before
    and lower than it."""
    line, result, last = 0, [], None
    for w in words:
        if last and (w[2] > last[4] - 1 or w[1] < last[1] - 1) and abs(w[2] - last[2]) > 2:
            line += 1
        result.append(line)
        last = w
    return result

def compare(name, a, b, label_a, label_b):
    la, lb = lines_of(a), lines_of(b)
    matcher = difflib.SequenceMatcher(a=[w[0] for w in a], b=[w[0] for w in b], autojunk=False)
    pairs = [(i, j) for block in matcher.get_matching_blocks() for i, j in
             zip(range(block.a, block.a + block.size), range(block.b, block.b + block.size))]
    print(f"\n== {name}: {len(a)} words in {la[-1] + 1 if la else 0} lines ({label_a}), "
          f"{len(b)} words in {lb[-1] + 1 if lb else 0} lines ({label_b}), {len(pairs)} matched")
    print(f"{'line':>4}  {'first word':<14} {label_a + ' x,y':>16} {label_b + ' x,y':>16} {'dx':>6} {'dy':>6}  words elsewhere")
    shown, dxs, dys, moved = set(), [], [], 0
    for i, j in pairs:
        dx = b[j][1] - a[i][1]
        dy = (b[j][2] + b[j][4]) / 2 - (a[i][2] + a[i][4]) / 2     # vertical centres of the boxes
        dxs.append(abs(dx)); dys.append(dy)
        if lb[j] - lb[pairs[0][1]] != la[i] - la[pairs[0][0]]:
            moved += 1
        if la[i] not in shown:
            shown.add(la[i])
            others = sum(1 for p, q in pairs if la[p] == la[i] and lb[q] != lb[j])
            print(f"{la[i]:>4}  {a[i][0][:14]:<14} {a[i][1]:7.1f},{(a[i][2] + a[i][4]) / 2:7.1f} "
                  f"{b[j][1]:7.1f},{(b[j][2] + b[j][4]) / 2:7.1f} {dx:6.1f} {dy:6.1f}  {others or ''}")
    if pairs:
        print(f"x: max |dx| {max(dxs):.1f} pt, mean {sum(dxs) / len(dxs):.1f}; "
              f"y: dy from {min(dys):.1f} to {max(dys):.1f} pt; words on another line than expected: {moved}")

ours = pdf_words("ours-words.html")
compare("Chromium vs OpenTextKit", browser_words(), ours, "chromium", "otk")
compare("OpenTextKit: original vs HTML round trip", ours, pdf_words("roundtrip-words.html"), "original", "html")
print(f"\nImages: {out}/browser.png {out}/ours.png {out}/roundtrip.png")
PY
