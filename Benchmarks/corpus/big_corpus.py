#!/usr/bin/env python3
"""The window benchmark's three large files (Benchmarks/window-100MB), from a seeded generator:
the same bytes on every machine and Python 3 version (only random.Random's getrandbits-based
randrange and choice are used, stable since Python 3.2). ASCII throughout, so a file's UTF-16
length is its byte count.

  log-100MB.log        100,000,000 bytes cut at a line end: a server log, ~150 bytes a line
                       (timestamp, level, thread, request id, method, path, status, size,
                       duration, a message of words)
  json-50MB-line.json  50,000,000 bytes or so of JSON on one line, no newline anywhere: an array
                       of records (ids, names, tags, nested objects, numbers)
  csv-20MB.csv         20,000,000 bytes cut at a row end: a header and rows of 12 fields

Usage: big_corpus.py OUT_DIR [name ...]    (all three when no name is given)
"""
import os
import random
import sys

WORDS = ("request handled cache miss hit retry connection pool worker queue timeout upstream "
         "downstream session token expired refreshed user account order invoice payment shipped "
         "pending failed succeeded database index query slow fast replica primary lock released "
         "acquired snapshot compaction segment flushed merged checkpoint heartbeat leader follower "
         "elected config reload signal received shutting down started listening port socket closed "
         "reset peer buffer overflow underflow parsed invalid header body chunk stream gzip deflate "
         "tls handshake certificate verified rejected quota exceeded rate limit throttled backoff "
         "scheduled job batch completed aborted migration applied rolled back").split()
NAMES = ("alice bob carol dave erin frank grace heidi ivan judy mallory niaj olivia peggy rupert "
         "sybil trent victor walter yara zoe").split()
PATHS = ["/api/v1/items", "/api/v1/orders", "/api/v2/users", "/static/app.js", "/healthz",
         "/api/v1/search", "/login", "/logout", "/api/v2/invoices", "/metrics"]
METHODS = ["GET", "GET", "GET", "POST", "PUT", "DELETE"]
LEVELS = ["INFO", "INFO", "INFO", "INFO", "DEBUG", "DEBUG", "WARN", "ERROR"]
STATUSES = [200, 200, 200, 200, 201, 204, 301, 304, 400, 401, 404, 500, 503]


def words(rng, lo, hi):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randrange(lo, hi)))


def write_pieces(path, target, piece, head="", tail=""):
    """Writes `head`, then pieces from `piece()` while the file stays within `target` bytes with
    `tail` after them, then `tail` (the last piece that would not fit is dropped whole)."""
    buffered = []
    size = len(head) + len(tail)
    with open(path, "w", encoding="ascii", newline="\n") as f:
        f.write(head)
        while True:
            text = piece()
            if size + len(text) > target:
                break
            buffered.append(text)
            size += len(text)
            if len(buffered) >= 4096:
                f.write("".join(buffered))
                buffered.clear()
        f.write("".join(buffered))
        f.write(tail)


def make_log(path):
    rng = random.Random(48_100)
    t = [1_796_688_000_000]  # 2026-12-07 00:00:00 UTC, in ms

    def line():
        t[0] += rng.randrange(0, 40)
        s, ms = divmod(t[0], 1000)
        hh, mm, ss = (s // 3600) % 24, (s // 60) % 60, s % 60
        return (f"2026-12-07T{hh:02}:{mm:02}:{ss:02}.{ms:03}Z {rng.choice(LEVELS):<5} [worker-{rng.randrange(16):02}] "
                f"req={rng.getrandbits(48):012x} {rng.choice(METHODS)} {rng.choice(PATHS)}/{rng.randrange(100000)} "
                f"status={rng.choice(STATUSES)} bytes={rng.randrange(20, 90000)} dur={rng.randrange(1, 5000) / 10:.1f}ms "
                f"user={rng.choice(NAMES)} msg=\"{words(rng, 3, 12)}\"\n")
    write_pieces(path, 100_000_000, line)


def make_json(path):
    rng = random.Random(48_050)
    first = [True]

    def record():
        n = rng.randrange(1_000_000)
        text = ('{"id":%d,"name":"%s %s","active":%s,"score":%d.%02d,"tags":[%s],'
                '"address":{"street":"%d %s street","city":"%s","zip":"%05d"},"note":"%s"}' % (
                    n, rng.choice(NAMES), rng.choice(NAMES), rng.choice(["true", "false"]),
                    rng.randrange(1000), rng.randrange(100),
                    ",".join('"%s"' % rng.choice(WORDS) for _ in range(rng.randrange(1, 5))),
                    rng.randrange(1, 999), rng.choice(WORDS), rng.choice(NAMES).title(),
                    rng.randrange(100000), words(rng, 2, 10)))
        separator = "" if first[0] else ","
        first[0] = False
        return separator + text
    write_pieces(path, 50_000_000, record, head="[", tail="]")


def make_csv(path):
    rng = random.Random(48_020)
    header = "id,date,customer,email,city,product,quantity,unit_price,total,status,rating,comment\n"
    count = [0]

    def line():
        count[0] += 1
        q = rng.randrange(1, 20)
        price = rng.randrange(100, 100000)
        name = rng.choice(NAMES)
        return (f"{count[0]},2026-{rng.randrange(1, 13):02}-{rng.randrange(1, 29):02},{name.title()} {rng.choice(NAMES).title()},"
                f"{name}{rng.randrange(1000)}@example.org,{rng.choice(NAMES).title()}ville,{rng.choice(WORDS)}-{rng.randrange(1000)},"
                f"{q},{price // 100}.{price % 100:02},{q * price // 100}.{q * price % 100:02},{rng.choice(['paid', 'shipped', 'pending', 'refunded'])},"
                f"{rng.randrange(1, 6)},\"{words(rng, 1, 8)}\"\n")
    write_pieces(path, 20_000_000, line, head=header)


MAKERS = {"log-100MB.log": make_log, "json-50MB-line.json": make_json, "csv-20MB.csv": make_csv}

if __name__ == "__main__":
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name in sys.argv[2:] or MAKERS:
        MAKERS[name](os.path.join(out, name + ".tmp"))
        os.replace(os.path.join(out, name + ".tmp"), os.path.join(out, name))
