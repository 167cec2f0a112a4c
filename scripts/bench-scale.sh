#!/usr/bin/env bash
# How boardd's cost grows with the schedule: start-up time, memory, and the cost of board.get,
# flight.get, search and events.get at 30, 300 and 3,000 flights a day, over a 366-day window,
# with the server's peak memory after the worst single request (a search for "a" over the window).
#   scripts/bench-scale.sh [--quick]
set -euo pipefail
cd "$(dirname "$0")/.."
duration=3; [ "${1:-}" = "--quick" ] && duration=1
swift build -c release >&2
bin=$(swift build -c release --show-bin-path)
work=$(mktemp -d /tmp/bench-scale.XXXXXX)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
field() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }

echo "| flights a day | days | start-up to first answer (ms) | RSS after a board (MiB) | board.get rows | reply (KiB) | board.get p50 (ms) | µs per row | flight.get p50 (ms) | search \"boston\" p50 (ms) | events.get page p50 (ms) | changes | search \"a\" once, cold (ms) | server peak over the row (MiB) |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for flights in 30 300 3000; do
  days=366
  printf '{"flightsPerDay": %d, "days": %d}\n' "$flights" "$days" > "$work/boardd.json"
  sock="$work/boardd-$flights.sock"
  start=$(date +%s%N)
  "$bin/boardd" --socket "$sock" --config "$work/boardd.json" --now 2026-11-30T12:00:00-05:00 --speed 0 --log-level warning &
  pid=$!
  until "$bin/board" --socket "$sock" --no-autostart clock --json >/dev/null 2>&1; do :; done
  ready=$(( ($(date +%s%N) - start) / 1000000 ))
  board=$("$bin/board" --socket "$sock" --no-autostart all --json)
  rows=$(echo "$board" | field "len(d['flights'])")
  bytes=$(echo "$board" | wc -c)
  id=$(echo "$board" | field "d['flights'][0]['id']")
  rss=$(awk '/VmRSS/{printf "%.1f", $2/1024}' "/proc/$pid/status")
  get=$("$bin/board" --socket "$sock" --no-autostart bench --clients 1 --duration "$duration" --json | field "d['latencyMs']['p50']")
  one=$("$bin/board" --socket "$sock" --no-autostart bench --clients 1 --duration "$duration" --method flight.get --params "{\"id\":$id}" --json | field "d['latencyMs']['p50']")
  per=$(python3 -c "print(f'{$get*1000/$rows:.2f}')")
  # The worst single request: "a" matches almost every flight, so every day of the window is made.
  t0=$(date +%s%N)
  "$bin/board" --socket "$sock" --no-autostart search a --json > /dev/null
  worst=$(( ($(date +%s%N) - t0) / 1000000 ))
  # A search for a city: one page of results over the window, its days made by now.
  city=$("$bin/board" --socket "$sock" --no-autostart bench --clients 1 --duration "$duration" --method search --params '{"text":"boston"}' --json | field "d['latencyMs']['p50']")
  # One page (at most 500) of today's changes up to noon, and how many there are.
  changes=$("$bin/board" --socket "$sock" --no-autostart events --json | wc -l)
  events=$("$bin/board" --socket "$sock" --no-autostart bench --clients 1 --duration "$duration" --method events.get --params '{"limit":500}' --json | field "d['latencyMs']['p50']")
  hwm=$(awk '/VmHWM/{printf "%.0f", $2/1024}' "/proc/$pid/status")
  printf '| %d | %d | %d | %s | %d | %d | %.3f | %s | %.3f | %.3f | %.3f | %d | %d | %s |\n' "$flights" "$days" "$ready" "$rss" "$rows" $((bytes / 1024)) "$get" "$per" "$one" "$city" "$events" "$changes" "$worst" "$hwm"
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
done
