#!/usr/bin/env python3
"""Fills Sudoku Explainer's answers into a cache directory, one file a puzzle.

Reads 81-character puzzles on standard input and rates the ones not yet cached
with ../shared/tools/serate in ONE long-running JVM (JVM start-up is paid once),
with a timeout per puzzle: when SE is silent for longer than the timeout, the
JVM is killed, the puzzle is cached as TIMEOUT and a new JVM goes on with the
rest.  Usage: scripts/se-cache.py [--timeout S] [--cache DIR] < puzzles
"""
import argparse
import os
import selectors
import signal
import subprocess
import sys
import threading

here = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument("--timeout", type=float, default=float(os.environ.get("TIMEOUT", 60)))
ap.add_argument("--cache", default=os.environ.get("CACHE", "/tmp/se-cache"))
ap.add_argument("--serate", default=os.path.join(here, "..", "..", "shared", "tools", "serate", "serate"))
args = ap.parse_args()
os.makedirs(args.cache, exist_ok=True)

todo = []
seen = set()
for line in sys.stdin:
    p = line.strip()[:81]
    if len(p) != 81 or p in seen:
        continue
    seen.add(p)
    c = os.path.join(args.cache, p)
    if os.path.exists(c) and os.path.getsize(c) > 0:
        continue
    todo.append(p)

done = 0
while todo:
    proc = subprocess.Popen([args.serate], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    feed = "".join(p + "\n" for p in todo).encode()

    def writer(proc=proc, feed=feed):
        try:
            proc.stdin.write(feed)
            proc.stdin.close()
        except OSError:
            pass
    threading.Thread(target=writer, daemon=True).start()
    fd = proc.stdout.fileno()
    sel = selectors.DefaultSelector()
    sel.register(fd, selectors.EVENT_READ)
    killed = False
    buf = b""
    while todo:
        if b"\n" not in buf:
            # The first puzzle also pays the JVM's start-up.
            if not sel.select(timeout=args.timeout + 5):
                os.killpg(proc.pid, signal.SIGKILL)
                killed = True
                p = todo.pop(0)
                with open(os.path.join(args.cache, p), "w") as f:
                    f.write(p + "\tTIMEOUT\n")
                print("TIMEOUT", p, file=sys.stderr, flush=True)
                break
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            buf += chunk
            continue
        line, buf = buf.split(b"\n", 1)
        out = line.decode() + "\n"
        p = out.split("\t", 1)[0]
        if p in todo:
            todo.remove(p)
        with open(os.path.join(args.cache, p), "w") as f:
            f.write(out)
        done += 1
        if done % 100 == 0:
            print(done, "rated,", len(todo), "to go", file=sys.stderr, flush=True)
    proc.wait()
    if not killed and todo:
        # SE died without answering: mark the next one and go on.
        p = todo.pop(0)
        with open(os.path.join(args.cache, p), "w") as f:
            f.write(p + "\tTIMEOUT\n")
