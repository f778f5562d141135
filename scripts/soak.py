#!/usr/bin/env python3
"""Soak run: TextKitDemo on a private Xvfb, driven for a long time with random but seeded input.

    scripts/soak.py --seed 1 --minutes 30 --binary .build/debug/TextKitDemo --out /tmp/soak-1
    scripts/soak.py --replay /tmp/soak-1/events.jsonl --binary ... --out /tmp/replay-1

One long-lived demo process goes through every page of its notebook (ctrl+Page_Down and
ctrl+Page_Up) and gets typing in several scripts (keys bound once in the X server's keymap, so
that xdotool never remaps a key under the app), GTK's simple input method's preedit and commit,
BackSpace and Delete, word and line moves with and without shift, clicks, double, triple and
shift clicks, drags, the wheel, the context menu, copy, cut and paste (text and RTF, in and out
through `xclip`), undo and redo, window resizes and the Interaction page's circle.

Every few seconds it checks that the demo is alive, logs its resident memory (VmRSS) and asks it
(SIGUSR2) for its text and the shown page's report. On the text view, the SimpleTextInput page
and the TextKit 2 page a model follows the events whose effect is certain (typing, BackSpace, the
input method and pastes at the end after ctrl+End, select all and Delete with undo and redo, a
copy of everything read back with xclip); any other event there makes the model unknown, and the
next check takes the app's text as the model again. On the Interaction page the circle must be
where the drags put it, no line may reach into it and no link may be broken.

After the first minute and the first tour of every page (each page shown at the largest window
size the run uses, so that what a page holds at that size is in the baseline), whichever ends
later, resident memory may not grow more than --rss-limit MiB (16) above the highest level until
then (the "first minute" of the summary).

Writes into --out: events.jsonl (the event log, replayable), rss.csv, demo.log (the app's
output), snapshots/ (PNGs: every 5 minutes, on a failure, and at the end), summary.txt. Exits 1
when a check failed or the app died (the seed, the log up to then, a snapshot and the app's output
are kept), 2 on a setup problem. Python 3 standard library only; needs Xvfb, xdotool, xclip and
xkbcomp (scripts/setup.sh installs them).
"""

import argparse
import collections
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
import unicodedata

# The demo's notebook pages in order (Sources/TextKitDemo/main.swift): a page added there goes here.
PAGES = ["Text view", "Label and field", "Configuration", "Text styles", "Interaction",
         "Highlighting", "Columns", "Pages", "Core Text", "SimpleTextInput", "TextKit 2"]
TAB_BAR = 38              # the pages' top in window coordinates (below the notebook's tabs)
CIRCLE_START = (220, 90)  # InteractionPage's circle, page coordinates
CIRCLE_SIZE = 150
MAX_WINDOW = (1260, 1000)  # the largest window a resize makes (the first minute shows every page at it)
MODEL_PAGES = (0, 9, 10)  # pages whose text the demo reports: the text view, SimpleTextInput, TextKit 2
# Pages with no text input that takes keys: there GTK's keyboard navigation moves the focus with
# an arrow key (to the notebook's tabs, where Home, End and the arrows switch pages), so after
# keys the soak asks which page shows.
KEYLESS_PAGES = (3, 4, 8)

# Words typed, by script. No quotes or dashes (smart punctuation must not matter), no format
# characters such as ZWJ (GTK's input method commits only printable characters).
WORDS = {
    "latin": ["the", "quick", "brown", "fox", "Hello", "World", "TextKit", "soak", "2026", "line",
              "word", "x", "(a)", "end.", "Yes!", "ok?", "A;b:c,"],
    "latin-ext": ["café", "über", "mañana", "straße", "garçon", "smørrebrød", "œuvre"],
    "cyrillic": ["привет", "мир", "ещё", "этих", "мягких", "булок", "Съешь"],
    "greek": ["γειά", "σου", "κόσμε", "αλφάβητο", "ξεσκεπάζω", "ψυχή"],
    "arabic": ["مرحبا", "بالعالم", "سلام", "كتاب", "عربي"],
    "hebrew": ["שלום", "עולם", "עברית", "ספר", "מים"],
    "cjk": ["漢字", "かな", "カタカナ", "한국어", "中文", "日本語", "、", "。"],
    "emoji": ["😀", "👍🏽", "🎉", "🚀", "❤️", "🇫🇷"],
}
# Characters committed through the input method's Unicode entry (ctrl+shift+u, hex, space).
IME_CHARS = "éñßЖжλπשאضع漢字😀🎉"
# Pasted from another program, as text or as RTF (pasting needs no keymap: ZWJ sequences too).
PASTES = ["pasted plain", "Вставка ", " 👩‍💻 paste ", "مرحبا paste", "two\nlines", "日本語を貼る"]


def rtf_of(text):
    """RTF for plain `text`, with a bold word first (\\uN? escapes for everything past ASCII)."""
    body = []
    for ch in text:
        code = ord(ch)
        if ch == "\n":
            body.append("\\par ")
        elif ch in "\\{}":
            body.append("\\" + ch)
        elif code < 128:
            body.append(ch)
        else:
            for unit in (ch.encode("utf-16-le")[i:i + 2] for i in range(0, len(ch.encode("utf-16-le")), 2)):
                value = int.from_bytes(unit, "little")
                body.append("\\u%d?" % (value - 65536 if value > 32767 else value))
    return "{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 DejaVu Serif;}}\\f0\\fs28 " + "".join(body) + "}"


def keymap_characters():
    """Every character past ASCII that typing may send as a key."""
    chars = set()
    for words in WORDS.values():
        for word in words:
            chars.update(ch for ch in word if ord(ch) > 127)
    return sorted(chars)


def can_drop(text, n):
    """Whether BackSpace n times at the end of `text` certainly removes its last n characters:
    each a grapheme of one code point, nothing combining or joining around."""
    if len(text) < n:
        return False
    tail = text[-(n + 1):]
    for ch in tail:
        if ord(ch) > 0xFFFF or unicodedata.category(ch)[0] == "M" or ch in "\u200d\ufe0f\r":
            return False
        if 0x1F1E6 <= ord(ch) <= 0x1F1FF:
            return False
    return True


def utf16_length(text):
    return len(text.encode("utf-16-le")) // 2


def difference(actual, model):
    """Where two texts part, with some context."""
    prefix = 0
    while prefix < min(len(actual), len(model)) and actual[prefix] == model[prefix]:
        prefix += 1
    start = max(prefix - 20, 0)
    return "at character %d of %d (model %d): app %r, model %r" % (
        prefix, len(actual), len(model), actual[start:prefix + 40], model[start:prefix + 40])


class Finding(Exception):
    pass


class Soak:
    def __init__(self, args):
        self.args = args
        self.out = os.path.abspath(args.out)
        self.started = time.time()
        self.xvfb = None
        self.demo = None
        self.xclips = []
        self.display = None
        self.window = None
        self.size = (720, 480)
        self.page = 0
        self.circle = CIRCLE_START
        self.models = {p: None for p in MODEL_PAGES}   # None: unknown
        self.saved = {p: None for p in MODEL_PAGES}    # the text before a select-all delete
        self.counts = collections.Counter()
        self.checked_counts = collections.Counter()
        self.checks = collections.Counter()
        self.findings = []
        self.events = 0
        self.rss_samples = []          # (seconds, KiB)
        self.baseline = None
        self.tour_done = False         # the first tour of every page is over: the baseline is set
        self.snapshots = 0
        self.dump_supported = True
        self.log = None
        self.rss_file = None
        self.last_check = 0.0
        self.last_snapshot = 0.0
        self.inserted = collections.Counter()   # characters put into each page since its last clear

    # ---------------------------------------------------------------- processes

    def env(self):
        env = dict(os.environ)
        env["DISPLAY"] = self.display
        return env

    def start(self):
        for tool in ("Xvfb", "xdotool", "xclip", "xkbcomp"):
            if not shutil.which(tool):
                raise SystemExit("soak: %s is missing: run scripts/setup.sh" % tool)
        if not os.access(self.args.binary, os.X_OK):
            raise SystemExit("soak: no executable at %s" % self.args.binary)
        os.makedirs(os.path.join(self.out, "snapshots"), exist_ok=True)
        os.makedirs(os.path.join(self.out, "home"), exist_ok=True)
        for name in ("text.txt", "report.txt", "ready"):
            if os.path.exists(os.path.join(self.out, name)):
                os.remove(os.path.join(self.out, name))
        read_end, write_end = os.pipe()
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1280x1024x24", "-nolisten", "tcp", "-noreset"],
                                     pass_fds=(write_end,), stdout=subprocess.DEVNULL,
                                     stderr=open(os.path.join(self.out, "xvfb.log"), "w"))
        os.close(write_end)
        number = b""
        deadline = time.time() + 20
        while not number.endswith(b"\n") and time.time() < deadline:
            chunk = os.read(read_end, 16)
            if not chunk:
                break
            number += chunk
        os.close(read_end)
        if not number.strip():
            raise SystemExit("soak: Xvfb did not start (xvfb.log)")
        self.display = ":" + number.decode().strip()
        self.install_keymap()

        env = self.env()
        home = os.path.join(self.out, "home")
        env.update({
            "GDK_BACKEND": "x11", "GSK_RENDERER": "cairo", "NO_AT_BRIDGE": "1",
            "GTK_IM_MODULE": "gtk-im-context-simple",
            "XDG_DATA_HOME": os.path.join(home, "data"), "XDG_CONFIG_HOME": os.path.join(home, "config"),
            "XDG_CACHE_HOME": os.path.join(home, "cache"), "OTK_SPELLING_DIRECTORY": os.path.join(home, "spelling"),
            "OTK_DEMO_READY": os.path.join(self.out, "ready"),
            "OTK_DEMO_TEXT_OUT": os.path.join(self.out, "text.txt"),
            "OTK_DEMO_REPORT": os.path.join(self.out, "report.txt"),
            "OTK_DEMO_SNAPSHOT": os.path.join(self.out, "snapshots", "snap"),
            "OTK_DEMO_WINDOW_SIZE": "%dx%d" % self.size,
            "SWIFT_BACKTRACE": "enable=yes,interactive=no",
        })
        self.demo_log = open(os.path.join(self.out, "demo.log"), "w")
        self.demo = subprocess.Popen([self.args.binary], env=env, stdout=self.demo_log, stderr=subprocess.STDOUT)
        # Ready once the first frame is painted (OTK_DEMO_READY), not after a fixed time.
        deadline = time.time() + 120
        while not os.path.exists(os.path.join(self.out, "ready")):
            if self.demo.poll() is not None:
                raise SystemExit("soak: the demo exited at start (demo.log)")
            if time.time() > deadline:
                raise SystemExit("soak: the demo never painted its window (demo.log)")
            time.sleep(0.05)
        found = self.run(["xdotool", "search", "--sync", "--name", "OpenTextKit Demo"], timeout=30)
        self.window = found.stdout.split()[0]
        for _ in range(40):
            if self.run(["xdotool", "windowfocus", "--sync", self.window], timeout=15).returncode == 0:
                break
            time.sleep(0.25)
        self.update_size()

    def install_keymap(self):
        """Binds every non-ASCII character the typing uses to a spare key (the XF86 keys, F13 to
        F24), one level each, so that xdotool finds each in the keymap. (Its own way, remapping a
        key for each character, races with GTK reading the keymap: characters came out wrong.)
        Xvfb runs with -noreset: a server left without clients would reset to its own keymap."""
        dump = os.path.join(self.out, "keymap.xkb")
        self.run(["xkbcomp", "-xkb", self.display, dump], timeout=20, check=True)
        text = open(dump).read()
        keycodes = re.search(r"xkb_keycodes[^{]*\{(.*?)\n\};", text, re.S).group(1)
        spare = [name for name, _ in re.findall(r"^\s*<(\w+)>\s*=\s*(\d+);", keycodes, re.M)
                 if re.fullmatch(r"I\d+|FK1[3-9]|FK2\d", name)]
        chars = keymap_characters()
        if len(chars) > len(spare):
            raise SystemExit("soak: %d characters to bind, %d spare keys" % (len(chars), len(spare)))
        lines = []
        for name, ch in zip(spare, chars):
            text = re.sub(r"\n\s*key <%s>\s*\{.*?\};" % name, "", text, flags=re.S)
            lines.append("    key <%s> { [ U%04X ] };" % (name, ord(ch)))
        text = re.sub(r"(xkb_symbols[^{]*\{.*?)(\n\};)", lambda m: m.group(1) + "\n" + "\n".join(lines) + m.group(2),
                      text, count=1, flags=re.S)
        mine = os.path.join(self.out, "keymap-soak.xkb")
        open(mine, "w").write(text)
        self.run(["xkbcomp", "-w", "0", mine, self.display], timeout=20, check=True)

    def run(self, argv, timeout=20, check=False, stdin=None):
        try:
            result = subprocess.run(argv, env=self.env(), timeout=timeout, capture_output=True, text=True, input=stdin)
        except subprocess.TimeoutExpired:
            raise Finding("%s timed out after %d s" % (" ".join(argv[:3]), timeout))
        if check and result.returncode != 0:
            raise SystemExit("soak: %s failed: %s" % (" ".join(argv), result.stderr.strip()))
        return result

    def xdo(self, args):
        result = self.run(["xdotool"] + args)
        if result.returncode != 0 and self.demo.poll() is None:
            self.note("xdotool %s: %s" % (" ".join(args), result.stderr.strip()[:200]))

    def update_size(self):
        result = self.run(["xdotool", "getwindowgeometry", self.window])
        match = re.search(r"Geometry: (\d+)x(\d+)", result.stdout)
        if match:
            self.size = (int(match.group(1)), int(match.group(2)))

    def reap_xclips(self):
        self.xclips = [p for p in self.xclips if p.poll() is None]

    def stop(self):
        for process in self.xclips:
            if process.poll() is None:
                process.terminate()
        if self.demo and self.demo.poll() is None:
            self.demo.send_signal(signal.SIGTERM)
            try:
                self.demo.wait(20)
            except subprocess.TimeoutExpired:
                self.demo.kill()
                self.demo.wait()
        if self.xvfb and self.xvfb.poll() is None:
            self.xvfb.terminate()
            try:
                self.xvfb.wait(10)
            except subprocess.TimeoutExpired:
                self.xvfb.kill()
                self.xvfb.wait()

    # ---------------------------------------------------------------- the app's state

    def memory_kib(self):
        """VmRSS and, of it, RssAnon (the heap and other private memory: what a leak grows; the
        rest is mostly mapped font files and libraries) in KiB, or (None, None)."""
        values = {}
        try:
            with open("/proc/%d/status" % self.demo.pid) as status:
                for line in status:
                    if line.startswith(("VmRSS:", "RssAnon:")):
                        values[line.split(":")[0]] = int(line.split()[1])
        except OSError:
            pass
        return values.get("VmRSS"), values.get("RssAnon")

    def dump(self):
        """The text view's text and the shown page's report, written on SIGUSR2."""
        text_path, report_path = os.path.join(self.out, "text.txt"), os.path.join(self.out, "report.txt")
        for path in (text_path, report_path):
            if os.path.exists(path):
                os.remove(path)
        time.sleep(0.15)   # the events xdotool sent reach the app before the signal
        self.demo.send_signal(signal.SIGUSR2)
        deadline = time.time() + self.args.answer_timeout
        while not os.path.exists(text_path):
            if self.demo.poll() is not None:
                raise Finding("the demo exited (%s)" % self.exit_description())
            if time.time() > deadline:
                return None
            time.sleep(0.02)
        text = open(text_path, encoding="utf-8").read()
        report = {}
        if os.path.exists(report_path):
            for line in open(report_path, encoding="utf-8").read().split("\n"):
                if ": " in line or line.endswith(":"):
                    key, _, value = line.partition(":")
                    report[key] = value[1:].replace("\\n", "\n")
        return text, report

    def exit_description(self):
        code = self.demo.returncode
        if code is None:
            return "running"
        if code < 0:
            return "killed by signal %s" % signal.Signals(-code).name
        return "exit status %d" % code

    def snapshot(self, wait=True):
        """SIGUSR1: a PNG of the window (and of an open context menu beside it)."""
        if self.demo.poll() is not None:
            return None
        self.snapshots += 1
        path = os.path.join(self.out, "snapshots", "snap-%d.png" % self.snapshots)
        self.demo.send_signal(signal.SIGUSR1)
        if wait:
            deadline = time.time() + self.args.answer_timeout
            while time.time() < deadline:
                if os.path.exists(path) and os.path.getsize(path) > 0:
                    time.sleep(0.2)
                    return path
                time.sleep(0.05)
        return path

    # ---------------------------------------------------------------- checks

    def note(self, message):
        self.write_log({"note": message, "t": round(self.elapsed(), 2)})

    def elapsed(self):
        return time.time() - self.started

    def fail(self, message):
        self.findings.append("%.1f s, event %d, page %d (%s): %s" % (self.elapsed(), self.events, self.page, PAGES[self.page], message))
        self.write_log({"finding": message, "t": round(self.elapsed(), 2), "event": self.events})
        if not self.args.keep_going:
            raise Finding(message)

    def check(self, reason):
        """Alive, memory, and the reported state against the model."""
        if self.demo.poll() is not None:
            raise Finding("the demo exited (%s)" % self.exit_description())
        rss, anonymous = self.memory_kib()
        now = self.elapsed()
        if rss is not None:
            self.rss_samples.append((now, rss))
            self.rss_file.write("%.1f,%.2f,%.2f,%d,%d\n" % (now, rss / 1024, (anonymous or 0) / 1024, self.events, self.page))
            self.rss_file.flush()
            if now <= 60 or not self.tour_done:
                self.baseline = max(self.baseline or 0, rss)
            elif self.baseline and rss > self.baseline + self.args.rss_limit * 1024 and "rss" not in self.checks:
                self.checks["rss"] += 1
                self.fail("resident memory %.1f MiB is more than %d MiB above the first minute's %.1f MiB"
                          % (rss / 1024, self.args.rss_limit, self.baseline / 1024))
        self.checks["alive"] += 1
        if not self.dump_supported:
            return
        answer = self.dump()
        if answer is None:
            self.snapshot(wait=False)
            self.fail("no answer to SIGUSR2 within %d s: the app hangs" % self.args.answer_timeout)
            return
        text, report = answer
        record = {"check": reason, "t": round(now, 2), "event": self.events, "rss_kib": rss}
        reported_page = int(report.get("page", "-1"))
        if reported_page != self.page:
            record["page"] = reported_page
            self.write_log(record)
            self.fail("the notebook shows page %d, the soak expected page %d" % (reported_page, self.page))
            self.page = reported_page if reported_page >= 0 else self.page
            return
        if self.page == 0:
            if "length" in report and int(report["length"]) != utf16_length(text):
                self.fail("the text view reports length %s for a text of %d UTF-16 units" % (report["length"], utf16_length(text)))
            self.compare(0, text, record)
        elif self.page in (9, 10):
            if report.get("marked", "none") != "none":
                self.fail("marked text left over between events: %s" % report.get("marked"))
            self.compare(self.page, report.get("text", ""), record)
        elif self.page == 4:
            circle = [int(v) for v in report.get("circle", "0,0,0").split(",")]
            if abs(circle[0] - self.circle[0]) > 2 or abs(circle[1] - self.circle[1]) > 2:
                self.fail("the circle is at %d,%d, the drags put it at %d,%d" % (circle[0], circle[1], *self.circle))
                self.circle = (circle[0], circle[1])
            if report.get("fragmentsIntersectingCircle", "0") != "0":
                self.fail("%s line fragments reach into the circle at %s" % (report["fragmentsIntersectingCircle"], report.get("circle")))
            if report.get("linksBroken", "0") != "0":
                self.fail("%s links broken across line fragments, circle at %s" % (report["linksBroken"], report.get("circle")))
            self.checks["interaction"] += 1
        self.write_log(record)

    def compare(self, page, actual, record):
        model = self.models[page]
        if model is None:
            self.models[page] = actual
            self.checks["resync"] += 1
            record["resync"] = utf16_length(actual)
            return
        self.checks["verified"] += 1
        record["verified"] = utf16_length(actual)
        if actual != model:
            self.models[page] = actual
            self.fail("text differs from the model: " + difference(actual, model))

    # ---------------------------------------------------------------- executing events

    def write_log(self, record):
        self.log.write(json.dumps(record, ensure_ascii=False) + "\n")
        self.log.flush()

    def execute(self, event):
        """Runs one event's steps: xdotool, xclip, sleeps, and what it does to the model."""
        self.events += 1
        event["n"] = self.events
        event["t"] = round(self.elapsed(), 2)
        self.write_log(event)
        self.counts[event["kind"]] += 1
        if event.get("modeled"):
            self.checked_counts[event["kind"]] += 1
        for step in event["steps"]:
            op = step[0]
            if op == "xdo":
                self.xdo(step[1])
            elif op == "sleep":
                time.sleep(step[1])
            elif op == "xclip_in":
                target, text = step[1], step[2]
                self.reap_xclips()
                process = subprocess.Popen(["xclip", "-quiet", "-selection", "clipboard", "-t", target, "-i"],
                                           env=self.env(), stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                           stderr=subprocess.DEVNULL)
                process.stdin.write(text.encode("utf-8"))
                process.stdin.close()
                self.xclips.append(process)
                time.sleep(0.8)   # the demo reads an offer when it changes hands, asynchronously
            elif op == "xclip_out":
                self.clipboard_out(step[1])
            elif op == "model":
                self.apply_model(step[1], step[2], step[3] if len(step) > 3 else None)
            elif op == "page":
                self.page = step[1]
            elif op == "circle":
                self.circle = (step[1], step[2])
            elif op == "sync_page":
                self.sync_page()
            elif op == "resized":
                time.sleep(0.3)
                self.update_size()
            elif op == "check":
                self.check(step[1])
                self.last_check = time.time()
        if self.demo.poll() is not None:
            raise Finding("the demo exited (%s) after event %d (%s)" % (self.exit_description(), self.events, event["kind"]))

    def sync_page(self):
        """After keys on a page without a text input: the page the notebook shows now."""
        if not self.dump_supported:
            return
        answer = self.dump()
        if answer is None:
            self.fail("no answer to SIGUSR2 within %d s: the app hangs" % self.args.answer_timeout)
            return
        shown = int(answer[1].get("page", self.page))
        if shown != self.page:
            self.checks["page_moved_by_keys"] += 1
            self.page = shown
            if shown in MODEL_PAGES:
                self.models[shown] = None
            # The focus is on the tabs now: a click in the page (its text when it has one) takes
            # it back, as a user would, before more keys.
            width, height = self.size[0], self.size[1] - TAB_BAR
            x0, y0, w, h = self.editable_area() or (width / 4, height / 4, width / 2, height / 2)
            x, y = int(x0 + w / 2), int(TAB_BAR + y0 + h / 2)
            self.note("keys moved the focus to the tabs: page %d shows, not the page they were on; clicked at %d,%d" % (shown, x, y))
            self.xdo(["mousemove", "--window", self.window, str(x), str(y), "click", "1"])

    def apply_model(self, page, action, argument):
        model = self.models[page]
        if action == "unknown":
            self.models[page] = None
        elif model is None:
            return
        elif action == "append":
            self.models[page] = model + argument
        elif action == "set":
            # Deleting all of an empty text changes nothing and leaves nothing to undo: the next
            # undo takes back an earlier edit, which the model does not know (None: unknown).
            self.saved[page] = model if model != "" else None
            self.models[page] = argument
        elif action == "swap":       # an undo or redo of the select-all delete (None: unknown)
            self.models[page], self.saved[page] = self.saved[page], model
        elif action == "drop":
            self.models[page] = model[:-argument] if can_drop(model, argument) else None

    def clipboard_out(self, expect):
        """What the demo copied, read by another program: UTF-8 text (equal to the model when it
        is the whole known text) and, on the text view, RTF."""
        time.sleep(0.3)
        text = self.run(["xclip", "-selection", "clipboard", "-o"], timeout=20)
        self.checks["clipboard_out"] += 1
        if expect is not None:
            model = self.models.get(expect)
            if model is not None and model != "" and text.stdout != model:
                self.fail("xclip read the demo's copy of all, not the model's text: " + difference(text.stdout, model))
            if expect == 0 and model:
                rtf = self.run(["xclip", "-selection", "clipboard", "-o", "-t", "text/rtf"], timeout=20)
                if not rtf.stdout.startswith("{\\rtf1"):
                    self.fail("the demo's copy offers no RTF: %r" % rtf.stdout[:80])

    # ---------------------------------------------------------------- generating events

    def page_rect(self):
        width, height = self.size
        return (0, TAB_BAR, width, height - TAB_BAR)

    def point(self, rng, area=None):
        """A random point (window coordinates) in `area` (page coordinates) or the page."""
        x0, y0, w, h = area or (4, 4, self.size[0] - 24, self.size[1] - TAB_BAR - 24)
        w, h = max(w, 8), max(h, 8)
        return int(x0 + rng.random() * w), int(TAB_BAR + y0 + rng.random() * h)

    def editable_area(self):
        """Where a click puts the caret in the shown page's text (page coordinates)."""
        width, height = self.size[0], self.size[1] - TAB_BAR
        return {
            0: (20, 10, width - 60, height - 40),
            1: (24, 76, 340, 22),
            2: (340, 20, max(width - 380, 40), height - 60),
            5: (20, 10, width - 60, height - 40),
            6: (30, 20, width - 80, height - 60),
            7: (40, 40, min(width - 80, 900), 260),
            9: (24, 60, min(width - 60, 400), max(height - 90, 20)),
            10: (24, 72, width - 60, max(height - 100, 20)),
        }.get(self.page)

    def typed_steps(self, text):
        """xdotool commands that type `text`: ASCII runs with `type`, other characters as
        keysyms bound in the keymap, Return for a newline."""
        steps = []
        for run in re.findall(r"\n|[ -~]+|[^ -~\n]+", text):
            if run == "\n":
                steps.append(["xdo", ["key", "Return"]])
            elif run[0] <= "~":
                steps.append(["xdo", ["type", "--delay", "6", run]])
            else:
                steps.append(["xdo", ["key", "--delay", "6"] + ["U%04X" % ord(ch) for ch in run]])
        return steps

    def phrase(self, rng):
        scripts = list(WORDS)
        count = rng.randint(1, 6)
        words = []
        for _ in range(count):
            script = rng.choice(scripts) if rng.random() < 0.6 else "latin"
            words.append(rng.choice(WORDS[script]))
        text = " ".join(words) + rng.choice([" ", " ", "", "\n"])
        return text

    def switch_steps(self, target):
        steps = []
        if target != self.page:
            key = "ctrl+Page_Down" if target > self.page else "ctrl+Page_Up"
            steps.append(["xdo", ["key", "--delay", "40"] + [key] * abs(target - self.page)])
            steps.append(["page", target])
        return steps

    def modeled_event(self, rng):
        """An event on a model page whose effect on the text is certain."""
        page = self.page
        kinds = ["type", "type", "type", "ime_commit", "ime_cancel", "backspace", "paste_text", "paste_rtf", "copy_all"]
        if page == 0:
            kinds += ["select_all_delete_undo"]
        kinds = [k for k in kinds if k not in self.args.skip] or ["ime_cancel"]
        kind = rng.choice(kinds)
        end = ["xdo", ["key", "ctrl+End"]]
        if kind == "type":
            text = self.phrase(rng)
            self.inserted[page] += len(text)
            return {"kind": "type", "steps": [end] + self.typed_steps(text) + [["model", page, "append", text]]}
        if kind == "ime_commit":
            ch = rng.choice(IME_CHARS)
            self.inserted[page] += 1
            return {"kind": "ime_commit", "steps": [end, ["xdo", ["key", "ctrl+shift+u"]],
                                                    ["xdo", ["type", "--delay", "10", "%x" % ord(ch)]],
                                                    ["xdo", ["key", "space"]], ["model", page, "append", ch]]}
        if kind == "ime_cancel":
            return {"kind": "ime_cancel", "steps": [end, ["xdo", ["key", "ctrl+shift+u"]],
                                                    ["xdo", ["type", "--delay", "10", "%x" % ord(rng.choice(IME_CHARS))]],
                                                    ["xdo", ["key", "Escape"]]]}
        if kind == "backspace":
            n = rng.randint(1, 4)
            return {"kind": "backspace", "steps": [end, ["xdo", ["key", "--delay", "10"] + ["BackSpace"] * n],
                                                   ["model", page, "drop", n]]}
        if kind in ("paste_text", "paste_rtf"):
            text = rng.choice(PASTES)
            self.inserted[page] += len(text)
            if kind == "paste_text":
                offer = ["xclip_in", "UTF8_STRING", text]
            else:
                offer = ["xclip_in", "text/rtf", rtf_of(text)]
            return {"kind": kind, "steps": [offer, end, ["xdo", ["key", "ctrl+v"]], ["model", page, "append", text]]}
        if kind == "copy_all":
            return {"kind": "copy_all", "steps": [["xdo", ["key", "ctrl+a", "ctrl+c"]], ["xclip_out", page]]}
        # select all, Delete, then undo and redo a few times
        steps = [["xdo", ["key", "ctrl+a", "Delete"]], ["model", page, "set", ""]]
        for i in range(rng.randint(0, 3)):
            steps += [["xdo", ["key", "ctrl+z" if i % 2 == 0 else "ctrl+shift+z"]], ["model", page, "swap"]]
        return {"kind": "select_all_delete_undo", "steps": steps}

    def free_event(self, rng):
        """Any event; on a model page it makes the model unknown (its effect is not certain)."""
        page = self.page
        weights = {
            "type": 10, "ime_commit": 2, "ime_cancel": 1, "backspace": 4, "delete": 3, "move": 6, "shift_move": 5,
            "click": 5, "double_click": 2, "triple_click": 2, "shift_click": 1, "drag": 3, "scroll": 3,
            "context_menu": 2, "copy": 2, "cut": 2, "paste": 2, "paste_text": 1, "paste_rtf": 1, "copy_out": 1,
            "undo": 2, "redo": 1, "select_all_delete": 0.5, "resize": 0.6,
        }
        if page == 4:
            weights["circle_drag"] = 8
        if page == 3:
            weights["click"], weights["drag"] = 8, 6
        if page == 8:
            weights["click"], weights["double_click"] = 8, 4
        kinds = sorted(k for k in weights if k not in self.args.skip)
        kind = rng.choices(kinds, [weights[k] for k in kinds])[0]
        win = self.window
        unknown = [["model", page, "unknown"]] if page in MODEL_PAGES else []
        steps = []
        if kind == "type":
            text = self.phrase(rng)
            self.inserted[page] += len(text)
            steps = self.typed_steps(text)
        elif kind == "ime_commit":
            self.inserted[page] += 1
            steps = [["xdo", ["key", "ctrl+shift+u"]], ["xdo", ["type", "--delay", "10", "%x" % ord(rng.choice(IME_CHARS))]],
                     ["xdo", ["key", rng.choice(["space", "Return"])]]]
        elif kind == "ime_cancel":
            steps = [["xdo", ["key", "ctrl+shift+u"]], ["xdo", ["type", "--delay", "10", "%x" % ord(rng.choice(IME_CHARS))]],
                     ["xdo", ["key", "Escape"]]]
        elif kind in ("backspace", "delete"):
            key = "BackSpace" if kind == "backspace" else "Delete"
            if rng.random() < 0.3:
                key = "ctrl+" + key
            steps = [["xdo", ["key", "--delay", "10"] + [key] * rng.randint(1, 5)]]
        elif kind in ("move", "shift_move"):
            keys = ["Left", "Right", "Up", "Down", "ctrl+Left", "ctrl+Right", "Home", "End", "ctrl+Home", "ctrl+End",
                    "Page_Up", "Page_Down", "ctrl+Up", "ctrl+Down"]
            chosen = [rng.choice(keys) for _ in range(rng.randint(1, 4))]
            if kind == "shift_move":
                chosen = ["shift+" + key for key in chosen]
            steps = [["xdo", ["key", "--delay", "15"] + chosen]]
        elif kind in ("click", "double_click", "triple_click", "shift_click", "context_menu"):
            area = self.editable_area() if rng.random() < 0.6 else None
            x, y = self.point(rng, area)
            move = ["mousemove", "--window", win, str(x), str(y)]
            if kind == "click":
                steps = [["xdo", move + ["click", "1"]]]
            elif kind == "double_click":
                steps = [["xdo", move + ["click", "--repeat", "2", "--delay", "60", "1"]]]
            elif kind == "triple_click":
                steps = [["xdo", move + ["click", "--repeat", "3", "--delay", "60", "1"]]]
            elif kind == "shift_click":
                steps = [["xdo", ["keydown", "shift"] + move + ["click", "1", "keyup", "shift"]]]
            else:
                steps = [["xdo", move + ["click", "3"]], ["sleep", 0.4]]
                if rng.random() < 0.4:
                    steps.append(["xdo", ["key", "Escape"]])
                else:
                    steps.append(["xdo", ["key", "--delay", "40"] + ["Down"] * rng.randint(0, 8) + ["Return"]])
                    steps.append(["xdo", ["key", "Escape"]])   # closes the menu if Return did not
            if page == 1 and kind != "context_menu":
                pass
        elif kind == "drag":
            area = self.editable_area() if rng.random() < 0.6 else None
            x, y = self.point(rng, area)
            args = ["mousemove", "--window", win, str(x), str(y), "mousedown", "1"]
            for _ in range(rng.randint(1, 4)):
                x2, y2 = self.point(rng, area)
                args += ["mousemove", "--window", win, str(x2), str(y2)]
            args += ["mouseup", "1"]
            steps = [["xdo", args]]
        elif kind == "scroll":
            x, y = self.point(rng)
            button = rng.choice(["4", "5", "5", "6", "7"])
            steps = [["xdo", ["mousemove", "--window", win, str(x), str(y), "click", "--repeat", str(rng.randint(1, 8)),
                              "--delay", "30", button]]]
        elif kind in ("copy", "cut", "paste", "undo", "redo"):
            key = {"copy": "ctrl+c", "cut": "ctrl+x", "paste": "ctrl+v", "undo": "ctrl+z",
                   "redo": rng.choice(["ctrl+shift+z", "ctrl+y"])}[kind]
            steps = [["xdo", ["key", "--delay", "30"] + [key] * (rng.randint(1, 3) if kind in ("undo", "redo") else 1)]]
            if kind == "paste":
                self.inserted[page] += 200
        elif kind in ("paste_text", "paste_rtf"):
            text = rng.choice(PASTES)
            self.inserted[page] += len(text)
            offer = ["xclip_in", "UTF8_STRING", text] if kind == "paste_text" else ["xclip_in", "text/rtf", rtf_of(text)]
            steps = [offer, ["xdo", ["key", "ctrl+v"]]]
        elif kind == "copy_out":
            steps = [["xdo", ["key", "ctrl+c"]], ["xclip_out", None]]
        elif kind == "select_all_delete":
            steps = [["xdo", ["key", "ctrl+a", rng.choice(["Delete", "BackSpace"])]]]
            self.inserted[page] = 0
        elif kind == "resize":
            width, height = rng.randint(640, MAX_WINDOW[0]), rng.randint(360, MAX_WINDOW[1])
            steps = [["xdo", ["windowsize", win, str(width), str(height)]], ["resized"]]
        elif kind == "circle_drag":
            cx, cy = self.circle[0] + CIRCLE_SIZE / 2, self.circle[1] + CIRCLE_SIZE / 2
            page_w, page_h = self.size[0], self.size[1] - TAB_BAR
            if cx + 50 > page_w - 20 or cy + 50 > page_h - 20:
                return {"kind": "circle_drag", "steps": []}   # out of sight after a resize: wait
            gx, gy = int(cx + rng.uniform(-45, 45)), int(cy + rng.uniform(-45, 45))
            nx = rng.randint(0, max(page_w - CIRCLE_SIZE - 20, 0))
            ny = rng.randint(0, max(page_h - CIRCLE_SIZE - 20, 0))
            tx, ty = gx + nx - self.circle[0], gy + ny - self.circle[1]
            args = ["mousemove", "--window", win, str(gx), str(gy + TAB_BAR), "mousedown", "1"]
            for f in (0.3, 0.7):
                args += ["mousemove", "--window", win, str(int(gx + (tx - gx) * f)), str(int(gy + TAB_BAR + (ty - gy) * f))]
            args += ["mousemove", "--window", win, str(tx), str(ty + TAB_BAR), "mouseup", "1"]
            steps = [["xdo", args], ["circle", nx, ny]]
            return {"kind": kind, "steps": steps}
        if page in KEYLESS_PAGES and any(step[0] == "xdo" and step[1][0] in ("key", "type") for step in steps):
            steps.append(["sync_page"])
        return {"kind": kind, "steps": steps + unknown}

    def focus_event(self, rng):
        area = self.editable_area()
        if area is None:
            return None
        x, y = self.point(rng, area)
        steps = [["xdo", ["mousemove", "--window", self.window, str(x), str(y), "click", "1"]]]
        if self.page in MODEL_PAGES:
            steps.append(["model", self.page, "unknown"])
        return {"kind": "click", "steps": steps}

    # ---------------------------------------------------------------- the run

    def timed_work(self):
        """The periodic check, and a snapshot every five minutes."""
        now = time.time()
        if now - self.last_check >= self.args.check_every:
            self.check("timed")
            self.last_check = time.time()
        if now - self.last_snapshot >= 300:
            self.last_snapshot = now
            self.snapshot(wait=False)

    def generate(self, rng, deadline):
        """Segments on each page in turn: the first minute visits every page briefly, then each
        page gets 20 to 80 events (about 10 to 40 seconds) before the next."""
        tour = True
        order = self.args.pages or list(range(len(PAGES)))
        while True:
            for target in order:
                if time.time() >= deadline:
                    return
                steps = self.switch_steps(target)
                if steps:
                    yield {"kind": "switch_page", "steps": steps + [["sleep", 0.2]]}
                if tour:
                    # Each page at the largest window the run will use: what it holds at that size
                    # (GTK's surfaces, the lines a larger view shows) is in the baseline, so a later
                    # resize to it is not taken for growth.
                    yield {"kind": "resize", "steps": [["xdo", ["windowsize", self.window, str(MAX_WINDOW[0]), str(MAX_WINDOW[1])]],
                                                      ["resized"]]}
                focus = self.focus_event(rng)
                if focus:
                    yield focus
                if tour and self.page in MODEL_PAGES:
                    # Every script once in the first minute: its fonts load before the memory
                    # baseline is taken.
                    text = " ".join(words[0] for words in WORDS.values()) + "\n"
                    yield {"kind": "type",
                           "steps": [["xdo", ["key", "ctrl+End"]]] + self.typed_steps(text) + [["model", self.page, "append", text]]}
                budget = rng.randint(4, 8) if tour else rng.randint(20, 80)
                while budget > 0 and time.time() < deadline:
                    if self.inserted[self.page] > 1500 and self.page not in (3, 4, 8):
                        self.inserted[self.page] = 0
                        if self.page in MODEL_PAGES:
                            yield {"kind": "select_all_delete", "modeled": True,
                                   "steps": [["xdo", ["key", "ctrl+a", "Delete"]], ["model", self.page, "set", ""]]}
                        else:
                            yield {"kind": "select_all_delete", "steps": [["xdo", ["key", "ctrl+a", "Delete"]]]}
                    if self.page in MODEL_PAGES and rng.random() < 0.5:
                        length = rng.randint(2, 8)
                        for _ in range(length):
                            event = self.modeled_event(rng)
                            event["modeled"] = True
                            yield event
                        yield {"kind": "check_model", "steps": [["check", "episode"]]}
                        budget -= length
                    else:
                        length = rng.randint(1, 6)
                        for _ in range(length):
                            yield self.free_event(rng)
                        budget -= length
            tour = False
            self.tour_done = True
            # The next round starts where this one ended and goes the other way half the time.
            order = order[::-1] if rng.random() < 0.5 else order

    def main(self):
        self.log = open(os.path.join(self.out, "events.jsonl"), "w")
        self.rss_file = open(os.path.join(self.out, "rss.csv"), "w")
        self.rss_file.write("seconds,rss_mib,rss_anon_mib,events,page\n")
        status = 0
        replay = None
        if self.args.replay:
            replay = [json.loads(line) for line in open(self.args.replay, encoding="utf-8") if line.strip()]
            header = replay[0].get("header", {})
            self.args.seed = header.get("seed", self.args.seed)
        self.write_log({"header": {"seed": self.args.seed, "minutes": self.args.minutes, "binary": os.path.abspath(self.args.binary),
                                   "window": "%dx%d" % self.size, "replay": self.args.replay,
                                   "started": time.strftime("%Y-%m-%d %H:%M:%S")}})
        try:
            self.start()
            self.started = time.time()
            self.last_check = self.last_snapshot = time.time()
            self.snapshot()
            if self.dump() is None:
                self.dump_supported = False
                self.note("the demo does not answer SIGUSR2: only liveness and memory are checked")
            deadline = self.started + self.args.minutes * 60
            if replay is not None:
                events = (e for e in replay if "steps" in e)
            else:
                events = self.generate(random.Random(self.args.seed), deadline)
            for event in events:
                self.execute(event)
                self.timed_work()
                time.sleep(self.args.pause)
            self.check("final")
        except Finding as finding:
            if not self.findings or not self.findings[-1].endswith(str(finding)):
                self.findings.append("%.1f s, event %d, page %d (%s): %s"
                                     % (self.elapsed(), self.events, self.page, PAGES[self.page], finding))
            status = 1
        except KeyboardInterrupt:
            self.findings.append("interrupted")
            status = 1
        finally:
            if self.findings:
                status = 1
                if self.demo and self.demo.poll() is None:
                    self.snapshot()
            self.stop()
            self.summary(status)
        return status

    def summary(self, status):
        duration = self.elapsed()
        samples = self.rss_samples
        first_minute = self.baseline / 1024 if self.baseline else None
        lines = ["soak.py: %s" % ("FAILED" if status else "passed"),
                 "seed %s, %s, binary %s" % (self.args.seed, "replay of " + self.args.replay if self.args.replay else
                                             "%g minutes asked" % self.args.minutes, os.path.abspath(self.args.binary)),
                 "duration %d:%02d (%.0f s), %d events, final window %dx%d"
                 % (duration // 60, duration % 60, duration, self.events, self.size[0], self.size[1]),
                 "events by kind (of which checked against a model):"]
        for kind, count in sorted(self.counts.items(), key=lambda item: -item[1]):
            checked = self.checked_counts.get(kind, 0)
            lines.append("  %-24s %6d%s" % (kind, count, "  (%d)" % checked if checked else ""))
        lines.append("checks: %s" % ", ".join("%s %d" % item for item in sorted(self.checks.items())))
        if samples:
            peak = max(samples, key=lambda s: s[1])
            lines.append("RSS (MiB): first minute %s, max %.1f at %.0f s, end %.1f; limit %s (+%d MiB)"
                         % ("%.1f" % first_minute if first_minute else "n/a", peak[1] / 1024, peak[0], samples[-1][1] / 1024,
                            "%.1f" % (first_minute + self.args.rss_limit) if first_minute else "n/a", self.args.rss_limit))
            marks, row = [], []
            for minute in [1, 2, 5] + list(range(10, int(duration // 60) + 1, 5)):
                at = [s for s in samples if s[0] <= minute * 60]
                if at and minute * 60 <= duration + 5:
                    row.append("%d min %.1f" % (minute, at[-1][1] / 1024))
            marks.append("RSS over time: " + ", ".join(row + ["end %.1f" % (samples[-1][1] / 1024)]))
            lines += marks
        lines.append("findings: %s" % ("none" if not self.findings else len(self.findings)))
        lines += ["  " + finding for finding in self.findings]
        if status:
            lines.append("replay: scripts/soak.py --replay %s --binary %s --out DIR"
                         % (os.path.join(self.out, "events.jsonl"), os.path.abspath(self.args.binary)))
            lines.append("the app's output: %s (last lines below)" % os.path.join(self.out, "demo.log"))
            try:
                lines += ["  | " + line for line in open(os.path.join(self.out, "demo.log"), errors="replace").read().splitlines()[-40:]]
            except OSError:
                pass
        text = "\n".join(lines) + "\n"
        with open(os.path.join(self.out, "summary.txt"), "w") as summary:
            summary.write(text)
        sys.stdout.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1, help="seed of the random events (1)")
    parser.add_argument("--minutes", type=float, default=30, help="how long to run (30)")
    parser.add_argument("--binary", default=".build/debug/TextKitDemo", help="the TextKitDemo to run")
    parser.add_argument("--out", required=True, help="directory for the log, the memory CSV, snapshots and the summary")
    parser.add_argument("--replay", help="an events.jsonl to play again instead of new events")
    parser.add_argument("--rss-limit", type=int, default=16, help="MiB resident memory may grow past the first minute's (16)")
    parser.add_argument("--check-every", type=float, default=3, help="seconds between checks (3)")
    parser.add_argument("--pause", type=float, default=0.03, help="seconds between events (0.03)")
    parser.add_argument("--answer-timeout", type=int, default=30, help="seconds the app may take to answer a signal (30)")
    parser.add_argument("--keep-going", action="store_true", help="note failed checks and go on (a crash still stops)")
    parser.add_argument("--skip", default="", help="event kinds never to generate, comma-separated (to narrow a finding down)")
    parser.add_argument("--pages", default="", help="the only pages to visit, by number (0-9) or title, comma-separated "
                                                    "(to narrow a finding down; all by default)")
    args = parser.parse_args()
    args.skip = set(filter(None, args.skip.split(",")))
    try:
        args.pages = [int(p) if p.strip().isdigit() else PAGES.index(p.strip()) for p in args.pages.split(",") if p.strip()]
    except ValueError as error:
        parser.error("--pages: %s (the pages: %s)" % (error, ", ".join(PAGES)))
    if any(not 0 <= p < len(PAGES) for p in args.pages):
        parser.error("--pages: numbers from 0 to %d" % (len(PAGES) - 1))
    os.makedirs(args.out, exist_ok=True)
    # SIGTERM, and SIGINT even when a shell started the run in the background with it ignored,
    # end the run cleanly: the summary is written and Xvfb, the demo and xclip are stopped.
    def interrupt(number, frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, interrupt)
    signal.signal(signal.SIGINT, interrupt)
    soak = Soak(args)
    sys.exit(soak.main())


if __name__ == "__main__":
    main()
