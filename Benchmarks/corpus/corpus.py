#!/usr/bin/env python3
"""Builds OpenTextKit's benchmark corpus from files that Debian packages install.

Called by make-corpus.sh (which installs the packages); Python standard library only.
Every output file is UTF-8 with one paragraph per line and a final newline, and is a pure function
of the installed package versions: running this twice gives byte-identical files.

  W1.txt            ~1 MB English prose: The Debian Administrator's Handbook (debian-handbook).
  W2.txt            ~200 KB multilingual, nine script groups of ~22 KB each, interleaved round-robin.
  W4-10KB.txt ...   W1 cut (10 KB, 100 KB, 1 MB) or repeated (10 MB) at a paragraph boundary.
  word-N.txt        one N-character word without break opportunities (a-z repeated).

Usage: corpus.py OUT_DIR
"""
import html
import html.parser
import os
import re
import subprocess
import sys
import unicodedata

HANDBOOK = "/usr/share/doc/debian-handbook/html"
LOCALE = "/usr/share/locale"
EMOJI_TEST = "/usr/share/unicode/emoji/emoji-test.txt"

W1_BYTES = 1_000_000
W2_SCRIPT_BYTES = 22_000           # per script group; nine groups make ~200 KB
W4_SIZES = [("10KB", 10_000), ("100KB", 100_000), ("1MB", 1_000_000), ("10MB", 10_000_000)]
LONG_WORDS = [8_000, 16_000, 32_000, 64_000]

# Message catalogues used for the scripts the handbook has no translation in, in the order they
# are read. Each comes from a Debian package that make-corpus.sh installs when missing.
MO_DOMAINS = [
    "gtk20-properties",           # libgtk2.0-common: widget property descriptions (sentences)
    "glib20",                     # libglib2.0-data
    "gsettings-desktop-schemas",  # gsettings-desktop-schemas: setting descriptions
    "gtk20",                      # libgtk2.0-common
    "dpkg",                       # dpkg
    "apt",                        # apt
    "shared-mime-info",           # shared-mime-info: file type names
    "gdk-pixbuf",                 # libgdk-pixbuf2.0-common
    "grep",                       # grep
    "sed",                        # sed
    "wget",                       # wget
]


# MARK: HTML paragraphs

class ParagraphExtractor(html.parser.HTMLParser):
    """Collects the text of <p> and <div class="para"> elements (the handbook's DocBook HTML uses
    the latter for most body paragraphs), tags stripped, entities decoded, whitespace collapsed.
    <pre> blocks (commands, listings) are skipped. A paragraph nested in another (a list inside a
    paragraph) ends the outer text so far and is emitted in reading order."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.paragraphs = []
        self.stack = []        # (tag, is_paragraph) for every open <p>/<div>
        self.buffer = None     # text of the innermost open paragraph, or None outside paragraphs
        self.depth = 0         # open paragraph elements
        self.pre = 0

    def flush(self):
        if self.buffer is not None:
            text = " ".join("".join(self.buffer).split())
            if text:
                self.paragraphs.append(text)
            self.buffer = []

    def handle_starttag(self, tag, attrs):
        if tag == "pre":
            self.pre += 1
        if tag not in ("p", "div"):
            return
        classes = (dict(attrs).get("class") or "").split()
        is_para = tag == "p" or "para" in classes
        self.stack.append((tag, is_para))
        if is_para:
            self.flush()
            self.depth += 1
            if self.buffer is None:
                self.buffer = []

    def handle_endtag(self, tag):
        if tag == "pre":
            self.pre = max(0, self.pre - 1)
        if tag not in ("p", "div"):
            return
        # Pop to the matching open element (tolerates stray end tags).
        while self.stack:
            open_tag, is_para = self.stack.pop()
            if is_para:
                self.flush()
                self.depth -= 1
                if self.depth == 0:
                    self.buffer = None
            if open_tag == tag:
                break

    def handle_data(self, data):
        if self.buffer is not None and self.pre == 0:
            self.buffer.append(data)


def handbook_files(lang):
    """The handbook's HTML files in reading order: the table of contents in index.html, then any
    file it does not link, by name."""
    folder = os.path.join(HANDBOOK, lang)
    with open(os.path.join(folder, "index.html"), encoding="utf-8") as f:
        index = f.read()
    order = ["index.html"]
    for href in re.findall(r'href="([^"#:]+\.html)', index):
        if href not in order and os.path.exists(os.path.join(folder, href)):
            order.append(href)
    rest = sorted(n for n in os.listdir(folder) if n.endswith(".html") and n not in order)
    return [os.path.join(folder, n) for n in order + rest]


def handbook_paragraphs(lang):
    paragraphs = []
    for path in handbook_files(lang):
        parser = ParagraphExtractor()
        with open(path, encoding="utf-8") as f:
            parser.feed(f.read())
        parser.close()
        paragraphs.extend(parser.paragraphs)
    return paragraphs


# MARK: Message catalogues

def unquote_po(s):
    """The value of a PO string literal ("…" with C escapes)."""
    s = s.strip()
    assert s.startswith('"') and s.endswith('"'), s
    body = s[1:-1]
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}.get(m.group(1), m.group(1)), body)


def mo_messages(lang, domain):
    """The translated strings (msgstr, and msgstr[0] of plurals) of one .mo file, via msgunfmt."""
    path = os.path.join(LOCALE, lang, "LC_MESSAGES", domain + ".mo")
    if not os.path.exists(path):
        return []
    raw = subprocess.run(["msgunfmt", "--no-wrap", path], check=True, capture_output=True,
                         env={**os.environ, "LC_ALL": "C.UTF-8"}).stdout
    # msgunfmt writes the catalogue's own charset (a few old ones are not UTF-8).
    charset = re.search(rb"charset=([A-Za-z0-9_.:-]+)", raw)
    po = raw.decode(charset.group(1).decode("ascii") if charset else "utf-8", errors="replace")
    messages, current, field = [], None, None
    for line in po.splitlines():
        if line.startswith("msgid "):
            if current is not None:
                messages.append(current)
            current, field = "", "id"
        elif line.startswith("msgstr ") or line.startswith("msgstr[0] "):
            field = "str"
            current = unquote_po(line.split(" ", 1)[1])
        elif line.startswith("msgstr["):
            field = "other"
        elif line.startswith('"') and field == "str":
            current += unquote_po(line)
    if current is not None:
        messages.append(current)
    return messages


def clean_message(s):
    """A message as a plain sentence: mnemonic underscores, markup and format directives removed."""
    if "%" in s or "{" in s or "<" in s or "\\" in s:
        return None                       # format strings and markup are not prose
    s = s.replace("_", "")
    s = " ".join(s.split())
    return s or None


# MARK: Script classification

SCRIPT_RANGES = {
    "Arabic": [(0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF)],
    "Hebrew": [(0x0590, 0x05FF), (0xFB1D, 0xFB4F)],
    "Devanagari": [(0x0900, 0x097F), (0xA8E0, 0xA8FF)],
    "Thai": [(0x0E00, 0x0E7F)],
    "Han": [(0x4E00, 0x9FFF), (0x3400, 0x4DBF), (0xF900, 0xFAFF)],
    "Kana": [(0x3040, 0x30FF), (0x31F0, 0x31FF)],
    "Hangul": [(0xAC00, 0xD7AF), (0x1100, 0x11FF), (0x3130, 0x318F)],
}


def script_share(text, scripts):
    """The fraction of the letters of `text` that belong to `scripts`."""
    letters = [c for c in text if unicodedata.category(c)[0] == "L"]
    if not letters:
        return 0.0
    hits = 0
    for c in letters:
        o = ord(c)
        if any(lo <= o <= hi for name in scripts for lo, hi in SCRIPT_RANGES[name]):
            hits += 1
    return hits / len(letters)


def is_latin_prose(text):
    letters = [c for c in text if unicodedata.category(c)[0] == "L"]
    return bool(letters) and all(ord(c) < 0x250 for c in letters)


def take(paragraphs, budget):
    """Paragraphs from the front of the list until `budget` UTF-8 bytes (newlines included)."""
    out, size = [], 0
    for p in paragraphs:
        n = len(p.encode("utf-8")) + 1
        if size + n > budget and out:
            break
        out.append(p)
        size += n
    return out


def joined(messages, minimum=300):
    """Consecutive messages joined by spaces into paragraphs of at least `minimum` UTF-8 bytes
    (message catalogues hold sentences, not paragraphs)."""
    out, current = [], []
    for m in messages:
        current.append(m)
        if len(" ".join(current).encode("utf-8")) >= minimum:
            out.append(" ".join(current))
            current = []
    if current:
        out.append(" ".join(current))
    return out


def catalogue_prose(lang, accept, minimum_chars=12):
    """Cleaned, deduplicated translated messages of MO_DOMAINS for `lang` that `accept` likes."""
    seen, out = set(), []
    for domain in MO_DOMAINS:
        for m in mo_messages(lang, domain):
            m = clean_message(m)
            if m and len(m) >= minimum_chars and m not in seen and accept(m):
                seen.add(m)
                out.append(m)
    return out


# MARK: Emoji (synthesised from Debian's unicode-data)

def emoji_sequences():
    """Fully-qualified emoji from emoji-test.txt, in file order (ZWJ sequences, skin tones, flags,
    keycaps included)."""
    out = []
    with open(EMOJI_TEST, encoding="utf-8") as f:
        for line in f:
            if "; fully-qualified" not in line:
                continue
            codes = line.split(";")[0].split()
            out.append("".join(chr(int(c, 16)) for c in codes))
    return out


def with_emoji(paragraphs, emoji, every=4):
    """Latin sentences with an emoji after every `every`-th word, emoji taken with a stride that
    walks the whole list (people, flags, ZWJ families, keycaps, symbols)."""
    out, k, stride = [], 0, 37
    for p in paragraphs:
        words = p.split(" ")
        rebuilt = []
        for i, w in enumerate(words, 1):
            rebuilt.append(w)
            if i % every == 0:
                rebuilt.append(emoji[(k * stride) % len(emoji)])
                k += 1
        out.append(" ".join(rebuilt))
    return out


# MARK: Workloads

def write(path, paragraphs):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for p in paragraphs:
            assert "\n" not in p and "\r" not in p
            f.write(p + "\n")


def cut_or_repeat(paragraphs, budget):
    out, size, i = [], 0, 0
    while True:
        p = paragraphs[i % len(paragraphs)]
        n = len(p.encode("utf-8")) + 1
        if size + n > budget:
            return out
        out.append(p)
        size += n
        i += 1


def main():
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)

    english = handbook_paragraphs("en-US")
    w1 = take(english, W1_BYTES)
    write(os.path.join(out_dir, "W1.txt"), w1)
    for name, size in W4_SIZES:
        write(os.path.join(out_dir, f"W4-{name}.txt"), cut_or_repeat(w1, size))

    # W2: nine script groups, each ~22 KB, from the handbook's translations where it has one and
    # from message catalogues otherwise.
    def handbook(lang, scripts):
        return [p for p in handbook_paragraphs(lang) if script_share(p, scripts) >= 0.6]

    def catalogue(lang, scripts):
        return joined(catalogue_prose(lang, lambda m: script_share(m, scripts) >= 0.6))

    latin_fr = joined(catalogue_prose("fr", is_latin_prose))
    latin_de = joined(catalogue_prose("de", is_latin_prose))
    half = W2_SCRIPT_BYTES // 2
    latin = take(latin_fr, half) + take(latin_de, half)
    emoji_base = take(latin_fr[len(take(latin_fr, half)):], W2_SCRIPT_BYTES)   # not reused text
    groups = [
        ("Arabic", take(handbook("ar-MA", ["Arabic"]), W2_SCRIPT_BYTES)),
        ("Hebrew", take(catalogue("he", ["Hebrew"]), W2_SCRIPT_BYTES)),
        ("Devanagari", take(catalogue("hi", ["Devanagari"]), W2_SCRIPT_BYTES)),
        ("Thai", take(catalogue("th", ["Thai"]), W2_SCRIPT_BYTES)),
        ("Chinese", take(handbook("zh-CN", ["Han"]), W2_SCRIPT_BYTES)),
        ("Japanese", take(handbook("ja-JP", ["Han", "Kana"]), W2_SCRIPT_BYTES)),
        ("Korean", take(catalogue("ko", ["Hangul"]), W2_SCRIPT_BYTES)),
        ("Latin", latin),
        ("Emoji", take(with_emoji(emoji_base, emoji_sequences()), W2_SCRIPT_BYTES)),
    ]
    w2 = []
    for i in range(max(len(g) for _, g in groups)):
        for _, g in groups:
            if i < len(g):
                w2.append(g[i])
    write(os.path.join(out_dir, "W2.txt"), w2)
    for name, g in groups:
        size = sum(len(p.encode("utf-8")) + 1 for p in g)
        print(f"  W2 {name:<10} {len(g):4d} paragraphs {size:7d} bytes", file=sys.stderr)

    alphabet = "abcdefghijklmnopqrstuvwxyz"
    for n in LONG_WORDS:
        write(os.path.join(out_dir, f"word-{n}.txt"), [(alphabet * (n // 26 + 1))[:n]])


if __name__ == "__main__":
    main()
