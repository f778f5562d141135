#!/usr/bin/env python3
"""Qt's QPlainTextEdit (PySide6) as a peer of TextKitDemo for Benchmarks/window-100MB: the same
text, window size, font (Noto Sans, 16 px), wrapping and margins, driven by the same environment
and writing the same probe log as TextKitDemo's ProbeLog (see Sources/TextKitDemo/ProbeLog.swift):

  OTK_DEMO_TEXT_FILE, OTK_DEMO_WINDOW_SIZE, OTK_DEMO_READY, OTK_DEMO_QUIT_AFTER,
  OTK_DEMO_PROBE_LOG, OTK_DEMO_START_US; SIGTERM quits (writing the log), SIGHUP puts the
  caret in the middle of the text and scrolls to it.

What is timed, as in the demo: a key press from its delivery by QApplication.notify to the end of
the next paint of the window (the UpdateRequest that paints and flushes it: the counterpart of
GTK's frame clock "after-paint"), sent to the top-level widget, here the view itself, or the
window's Expose that paints the first frame; a frame from the start to the end of that event, when
the view painted in it. Modifier keys alone are not counted (nor in the demo's LatencyProbe). The
Python event hook costs a few microseconds an event; the interpreter's start and PySide6's import
(the "activate" mark) count in the time to open, as a Python program's start does.
"""
import os
import signal
import sys
import time

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QFont, QKeySequence, QTextCursor, QTextOption
from PySide6.QtWidgets import QApplication, QPlainTextEdit


def now_us():
    return time.monotonic_ns() // 1000


start = int(os.environ.get("OTK_DEMO_START_US", now_us()))
marks = []
frames = []
keys = []
pending = None          # [dispatched µs, X time ms, key name] of the first press before a frame
painted = [False]       # the view painted during the event being delivered
MODIFIERS = {Qt.Key_Control, Qt.Key_Shift, Qt.Key_Alt, Qt.Key_Meta, Qt.Key_AltGr, Qt.Key_Super_L, Qt.Key_Super_R}


class App(QApplication):
    def notify(self, receiver, event):
        global pending
        kind = event.type()
        if kind == QEvent.KeyPress and pending is None and event.key() not in MODIFIERS:
            name = QKeySequence(event.key()).toString() or str(event.key())
            control = bool(event.modifiers() & Qt.ControlModifier)
            pending = [now_us(), event.timestamp() & 0xFFFFFFFF, ("ctrl+" if control else "") + name]
        # The widgets' repaint manager posts UpdateRequest to the top-level widget (the view); the
        # first paint comes with the window's Expose. Either counts as a frame when the view painted.
        if kind not in (QEvent.UpdateRequest, QEvent.Expose) or receiver not in window_handle:
            return super().notify(receiver, event)
        painted[0] = False
        began = now_us()
        result = super().notify(receiver, event)
        ended = now_us()
        if not painted[0]:
            return result
        frames.append((began, ended))
        if pending is not None:
            keys.append((pending[0], pending[1], ended, pending[2]))
            pending = None
        if len(frames) == 1 and os.environ.get("OTK_DEMO_READY"):
            # After the first frame and the work queued behind it, as the demo does.
            QTimer.singleShot(0, lambda: open(os.environ["OTK_DEMO_READY"], "w").close())
        return result


window_handle = [None]
app = App(sys.argv)
marks.append(("activate", now_us()))
path = os.environ.get("OTK_DEMO_TEXT_FILE")
text = open(path, encoding="utf-8").read() if path else ""
marks.append(("file-read", now_us()))

class View(QPlainTextEdit):
    def paintEvent(self, event):
        painted[0] = True
        super().paintEvent(event)


view = View()
view.setWindowTitle("OpenTextKit Demo")
font = QFont("Noto Sans")
font.setPixelSize(16)
view.setFont(font)
view.setWordWrapMode(QTextOption.WrapAtWordBoundaryOrAnywhere)
view.setViewportMargins(12, 12, 12, 0)
view.setPlainText(text)
del text
view.moveCursor(QTextCursor.Start)
marks.append(("text-set", now_us()))
w, h = (int(v) for v in os.environ.get("OTK_DEMO_WINDOW_SIZE", "1010x480").split("x"))
view.resize(w, h)
view.show()
window_handle[:] = [view, view.windowHandle()]
view.setFocus()
marks.append(("presented", now_us()))


def write_log():
    out = os.environ.get("OTK_DEMO_PROBE_LOG")
    if not out:
        return
    lines = [f"start {start}"] + [f"mark {t} {n}" for n, t in marks]
    lines += [f"frame {a} {b}" for a, b in frames]
    lines += [f"key {d} {x} {p} {k}" for d, x, p, k in keys]
    with open(out + ".tmp", "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(out + ".tmp", out)


def quit_app(*_):
    write_log()
    app.quit()


def middle(*_):
    cursor = view.textCursor()
    cursor.setPosition(view.document().characterCount() // 2)
    view.setTextCursor(cursor)
    view.ensureCursorVisible()


# Python runs its signal handlers when the interpreter next gets control: a timer gives it that.
signal.signal(signal.SIGTERM, lambda *_: QTimer.singleShot(0, quit_app))
signal.signal(signal.SIGINT, lambda *_: QTimer.singleShot(0, quit_app))
signal.signal(signal.SIGHUP, lambda *_: QTimer.singleShot(0, middle))
ticker = QTimer()
ticker.start(50)
ticker.timeout.connect(lambda: None)
if float(os.environ.get("OTK_DEMO_QUIT_AFTER", "0")) > 0:
    QTimer.singleShot(int(float(os.environ["OTK_DEMO_QUIT_AFTER"]) * 1000), quit_app)
sys.exit(app.exec())
