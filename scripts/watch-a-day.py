#!/usr/bin/env python3
"""Watches a simulated day through board.watch and checks every pushed board.

Starts boardd at 05:00 with --speed (default 600: a day in about two and a half
minutes), follows board.watch until 23:59 and checks, for every flight in every
board, that its status is the contract's status at the board's "now", and that
every status change arrived on time: the first board showing a change came at
most --late simulated seconds after the boundary. Prints the figures.

  scripts/watch-a-day.py [--speed 600] [--boardd PATH]
"""
import argparse, json, os, socket, subprocess, sys, tempfile, time
from datetime import datetime, timedelta

p = argparse.ArgumentParser()
p.add_argument("--speed", type=float, default=600)
p.add_argument("--boardd", default=".build/release/boardd")
p.add_argument("--late", type=float, default=60, help="allowed lateness in simulated seconds")
args = p.parse_args()

work = tempfile.mkdtemp(prefix="watch-a-day.")
sock = os.path.join(work, "boardd.sock")
daemon = subprocess.Popen([args.boardd, "--socket", sock, "--now", "2026-11-30T05:00:00-05:00",
                           "--speed", str(args.speed), "--log-level", "warning"])
try:
    for _ in range(200):
        if os.path.exists(sock): break
        time.sleep(0.02)
    s = socket.socket(socket.AF_UNIX); s.connect(sock); f = s.makefile("rb")
    f.readline()
    s.sendall(b'{"id":1,"method":"board.watch","params":{"tab":"all"}}\n')

    def t(iso): return datetime.fromisoformat(iso) if iso else None

    def expected(fl, now):
        day = datetime.fromisoformat(fl["date"] + "T00:00:00" + fl["scheduledTime"][19:])
        if now < day: return "scheduled"
        if fl["currentTime"] is None: return "canceled"
        cur = t(fl["currentTime"]); waiting = "delayed" if fl["delayMinutes"] else "onTime"
        if fl["direction"] == "departure":
            if now >= cur: return "departed"
            if now >= cur - timedelta(minutes=10): return "gateClosed"
            if now >= cur - timedelta(minutes=15): return "finalCall"
            if now >= cur - timedelta(minutes=40): return "boarding"
            return waiting
        if now >= cur: return "landed"
        if now >= cur - timedelta(minutes=fl["flightTime"]): return "enRoute"
        return waiting

    boards = 0; mismatches = []; last = {}; lateness = []; changes = 0
    end = datetime.fromisoformat("2026-11-30T23:59:00-05:00")
    while True:
        msg = json.loads(f.readline())
        board = msg.get("result")
        if not board: continue
        boards += 1
        now = t(board["now"])
        for fl in board["flights"]:
            want = expected(fl, now)
            if fl["status"] != want: mismatches.append((board["now"], fl["flightName"], fl["status"], want))
            before = last.get(fl["id"])
            if before is not None and before != fl["status"]:
                changes += 1
                # The boundary: the latest instant at or before now where the expected status changes.
                probe = now
                while probe > now - timedelta(hours=3) and expected(fl, probe - timedelta(seconds=1)) == want:
                    probe -= timedelta(seconds=1)
                lateness.append((now - probe).total_seconds())
            last[fl["id"]] = fl["status"]
        if now >= end: break
    lateness.sort()
    print(f"speed {args.speed:g}: {boards} boards pushed from 05:00 to 23:59, {changes} status changes seen, "
          f"{len(mismatches)} statuses that disagree with the contract's table")
    if lateness:
        print(f"lateness of a change (simulated seconds): median {lateness[len(lateness)//2]:.1f}, "
              f"max {lateness[-1]:.1f} (= {lateness[-1] / args.speed * 1000:.0f} ms real)")
    for m in mismatches[:5]: print("  mismatch:", m)
    sys.exit(1 if mismatches or (lateness and lateness[-1] > args.late) else 0)
finally:
    daemon.terminate(); daemon.wait()
