#!/usr/bin/env python3
"""Builds the HTML import benchmark's two files, each 1,000,000 bytes at most.

  html-1MB.html         The Debian Administrator's Handbook (debian-handbook, html/en-US): real
                        publican/DocBook HTML as the package installs it. The pages are read in the
                        book's order (index.html, then each page's <link rel="next">) and the
                        contents of their <body> elements joined into one document; the last page is
                        cut at the end of a </div> (the parser closes what is left open). The head
                        holds the handbook's own style sheet inline (default.css with its @import
                        files expanded in place), so its class rules (div.para, code.command …)
                        apply as in a browser.
  html-styled-1MB.html  W1.txt's English paragraphs in dense hand-written-style markup: headings,
                        paragraphs with b/i/em/code/a and spans with `style` attributes and classes,
                        notes, bulleted and numbered lists (some nested), tables, a <style> block of
                        tag, class and id rules. Every choice follows from a paragraph's or word's
                        position: no randomness.

Python standard library only; a pure function of the installed package version (and of W1.txt).

Usage: html_corpus.py handbook OUT_FILE
       html_corpus.py styled W1.txt OUT_FILE
"""
import html
import os
import re
import sys

BOOK = "/usr/share/doc/debian-handbook/html/en-US"
SIZE = 1_000_000


def style_sheet():
    """default.css with each @import url("x.css") replaced by that file's text."""
    css_dir = os.path.join(BOOK, "Common_Content", "css")

    def read(name):
        with open(os.path.join(css_dir, name), encoding="utf-8") as f:
            return f.read()

    def expand(match):
        return read(match.group(1))

    return re.sub(r'@import url\("([^"]+)"\);', expand, read("default.css"))


def pages():
    """The page file names in reading order, following rel="next" from index.html."""
    seen = set()
    name = "index.html"
    while name and name not in seen:
        seen.add(name)
        yield name
        with open(os.path.join(BOOK, name), encoding="utf-8") as f:
            match = re.search(r'<link rel="next" href="([^"#]+)"', f.read())
        name = match.group(1) if match else None


def body(name):
    with open(os.path.join(BOOK, name), encoding="utf-8") as f:
        text = f.read()
    start = re.search(r"<body[^>]*>", text)
    end = text.rfind("</body>")
    if not start or end < start.end():
        raise SystemExit(f"html_corpus: no <body> in {name}")
    return text[start.end():end]


def handbook(out):
    head = ("<!DOCTYPE html>\n<html lang=\"en-US\"><head><meta charset=\"UTF-8\">\n"
            "<title>The Debian Administrator's Handbook</title>\n<style type=\"text/css\">\n"
            + style_sheet() + "\n</style></head><body>\n")
    tail = "\n</body></html>\n"
    parts = [head]
    size = len(head.encode()) + len(tail.encode())
    for name in pages():
        piece = body(name) + "\n"
        n = len(piece.encode())
        if size + n <= SIZE:
            parts.append(piece)
            size += n
            continue
        # Cut the last page after a </div> that keeps the document within SIZE bytes.
        budget = SIZE - size
        raw = piece.encode()[:budget]
        cut = raw.rfind(b"</div>")
        if cut >= 0:
            parts.append(raw[:cut + len(b"</div>")].decode())
        break
    parts.append(tail)
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write("".join(parts))


STYLED_HEAD = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Notes on administering Debian</title>
<style>
body { font-family: Georgia, "Times New Roman", serif; font-size: 15px; line-height: 1.4; color: #222 }
h2 { color: #1a3c6e; margin-top: 24px; margin-bottom: 8px }
h3 { font-size: 16px; color: #444 }
p.lead { font-size: 17px; color: #333333 }
.term { font-style: italic; color: #6b2d5c }
.note { margin-left: 2em; padding-left: 8px; color: #555555; background-color: #f4f4f0 }
span.kw, code { font-family: monospace; color: #8b0000 }
li.done { text-decoration: line-through; color: gray }
td.num { text-align: right }
#contents { margin-left: 20px }
table.data { margin-top: 6px; margin-bottom: 12px }
a.ext { color: rgb(0, 90, 160) }
@media print { body { font-size: 11pt } }
</style>
</head>
<body>
<div id="contents">
"""


def styled_words(words, p):
    """The words of paragraph `p` with inline markup on some of them."""
    out = []
    for j, raw in enumerate(words):
        w = html.escape(raw, quote=False)
        k = j + p
        if k % 9 == 3:
            w = "<b>" + w + "</b>"
        elif k % 13 == 5:
            w = "<i>" + w + "</i>"
        elif k % 17 == 7:
            cls = ' class="ext"' if k % 2 else ""
            w = '<a%s href="https://example.org/docs/%d.html#w%d">%s</a>' % (cls, p, j, w)
        elif k % 23 == 11:
            w = '<span style="color: #2e6b30">' + w + "</span>"
        elif k % 29 == 13:
            w = '<span class="term">' + w + "</span>"
        elif k % 31 == 17:
            w = "<code>" + w + "</code>"
        elif k % 37 == 19:
            w = '<span style="font-weight: bold; text-decoration: underline">' + w + "</span>"
        elif k % 41 == 23:
            w = '<em class="term">' + w + "</em>"
        elif k % 43 == 29:
            w = '<span class="kw" style="background-color: #eef">' + w + "</span>"
        out.append(w)
    return " ".join(out)


def sentences(text):
    parts = [s for s in re.split(r"(?<=[.;:!?]) +", text) if s]
    return parts if parts else [text]


def styled_block(p, text):
    """Paragraph number `p` of W1 as one block of markup."""
    words = text.split()
    kind = p % 10
    if kind == 6:
        return '<div class="note">\n  <p>' + styled_words(words, p) + "</p>\n</div>\n"
    if kind in (7, 8):
        tag = "ul" if kind == 7 else "ol"
        items = []
        for i, s in enumerate(sentences(text)):
            cls = ' class="done"' if (p + i) % 11 == 0 else ""
            item = "  <li%s>%s" % (cls, styled_words(s.split(), p + i))
            if kind == 8 and i == 1:
                item += "\n    <ul>\n" + "".join("      <li>%s</li>\n" % html.escape(w) for w in s.split()[:3]) + "    </ul>\n  "
            items.append(item + "</li>\n")
        return "<%s>\n%s</%s>\n" % (tag, "".join(items), tag)
    if kind == 9:
        cells = [words[i:i + 4] for i in range(0, len(words), 4)]
        rows = []
        for r in range(0, len(cells), 3):
            row = "".join('<td%s>%s</td>' % (' class="num"' if (r + c) % 5 == 4 else "", styled_words(cell, p + c))
                          for c, cell in enumerate(cells[r:r + 3]))
            rows.append("  <tr>" + row + "</tr>\n")
        return '<table class="data">\n' + "".join(rows) + "</table>\n"
    attrs = ""
    if p % 20 == 0:
        attrs = ' class="lead"'
    elif p % 7 == 2:
        attrs = ' style="text-align: justify; margin-left: 12px"'
    elif p % 19 == 4:
        attrs = ' style="color: #444; font-size: 14px; margin-bottom: 4px"'
    return "<p%s>%s</p>\n" % (attrs, styled_words(words, p))


def styled(w1, out):
    with open(w1, encoding="utf-8") as f:
        paragraphs = [line.rstrip("\n") for line in f if line.strip()]
    tail = "</div>\n</body>\n</html>\n"
    parts = [STYLED_HEAD]
    size = len(STYLED_HEAD.encode()) + len(tail.encode())
    section = 0
    for p, text in enumerate(paragraphs):
        piece = ""
        if p % 12 == 0:
            section += 1
            heading = html.escape(" ".join(text.split()[:6]))
            piece += '<h2 id="s%d">%d. %s</h2>\n' % (section, section, heading)
        elif p % 12 == 6:
            piece += "<h3>%s</h3>\n" % html.escape(" ".join(text.split()[:4]))
        piece += styled_block(p, text)
        n = len(piece.encode())
        if size + n > SIZE:
            break
        parts.append(piece)
        size += n
    parts.append(tail)
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write("".join(parts))


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "handbook":
        handbook(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "styled":
        styled(sys.argv[2], sys.argv[3])
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
