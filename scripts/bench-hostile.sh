#!/usr/bin/env bash
# A good client beside each hostile load of `board bench --hostile` (docs/RELIABILITY.md, "Figures"),
# one fresh daemon a load: its ping p99 on a kept connection and on fresh ones (one every 10 ms), the load's clock
# moves, the main loop's CPU a move and the daemon's resident memory. Prints that table.
#   scripts/bench-hostile.sh [--quick]
# Builds release binaries with `swift build -c release`, as the README does. Run it on a quiet
# machine: the daemon, the load and the pings share its cores.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=4
if [ "${1:-}" = "--quick" ]; then duration=1; fi

echo "building release binaries (swift build -c release, as the README does)..." >&2
swift build -c release >&2
bin=$(swift build -c release --show-bin-path)
work=$(mktemp -d /tmp/bench-hostile.XXXXXX)
daemon=
cleanup() { [ -n "$daemon" ] && kill "$daemon" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
ulimit -n 20000 2>/dev/null || ulimit -n "$(ulimit -Hn)"
echo '{"days":366,"flightsPerDay":3000}' >"$work/largest.json"

echo "| KIND, N, config | ping p99 kept / fresh | moves: reply p99 (max), main loop CPU a move | resident memory |"
echo "|---|---|---|---|"
# KIND N CONFIG (N: --watchers, - for the load's own size): unread runs 5 s longer, to see memory come back after the attackers leave.
while read -r kind count config; do
  sock=$work/$kind.sock
  flags=(--socket "$sock" --now 2026-11-30T12:00:00-05:00 --speed 0 --log-level warning)
  [ "$config" = largest ] && flags+=(--config "$work/largest.json")
  "$bin/boardd" "${flags[@]}" 2>"$work/$kind.log" &
  daemon=$!
  for _ in $(seq 200); do [ -S "$sock" ] && break; sleep 0.05; done
  "$bin/board" --socket "$sock" --no-autostart --json >/dev/null # today's board, as any client makes it
  seconds=$duration
  [ "$kind" = unread ] && seconds=$((duration + 1))
  sized=()
  [ "$count" != - ] && sized=(--watchers "$count")
  result=$("$bin/board" --socket "$sock" --no-autostart bench --hostile "$kind" "${sized[@]}" \
    --duration "$seconds" --json)
  kill "$daemon"
  wait "$daemon" 2>/dev/null || true
  daemon=
  echo "$result" | KIND="$kind" COUNT="$count" CONFIG="$config" python3 -c '
import json, os, sys
d = json.load(sys.stdin)
def ms(v): return ("%.2f" if v < 1 else "%.1f") % v
moves = d.get("moveMs") or {}
cpu = d.get("mainLoopCPUMsPerMove")
def move(key): return ms(moves[key]) if d.get("moves") and moves.get(key) is not None else "-"
r = d["residentKiB"]
memory = "idle %.1f, peak %.1f" % (r["idle"] / 1024, r["peak"] / 1024)
if r.get("after") is not None: memory += ", %.1f MiB 5 s after" % (r["after"] / 1024)
else: memory += " MiB"
count = os.environ["COUNT"]
moved = "%s (%s) ms, %s ms" % (move("p99"), move("max"), "-" if cpu is None else "%.0f" % cpu) if d.get("moves") else "-"
print("| `%s`%s, %s | %s / %s ms | %s | %s |" % (
    os.environ["KIND"], "" if count == "-" else " " + "{:,}".format(int(count)), os.environ["CONFIG"],
    ms(d["pingMs"]["p99"]), ms(d["freshPingMs"]["p99"]),
    moved, memory))
'
done <<'LOADS'
none - default
pipeline - default
flood - default
views 2000 default
none - largest
unread 2000 default
filters 1000 largest
kinds 2000 largest
trickle 2000 largest
rewatch 20 largest
LOADS
