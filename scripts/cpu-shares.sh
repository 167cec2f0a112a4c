#!/usr/bin/env bash
# Where the cores go under the 50 clients' load: for boardd (each of its threads) and for Redis, each
# beside scripts/loadclient.c, the CPU time each thread used and the time it waited for a core over a
# window of the run (/proc/PID/task/TID/schedstat), and the microseconds of CPU each thread spent a
# request. docs/PERFORMANCE.md "Alternatives measured and not used" explains its figures.
#   scripts/cpu-shares.sh [BOARDD]        a boardd binary to run instead of the release build's
#   WINDOW=3 CLIENTS=50 scripts/cpu-shares.sh
# Installs redis-server with apt-get when missing. Builds with `swift build -c release`.
set -euo pipefail
cd "$(dirname "$0")/.."
window=${WINDOW:-3}
clients=${CLIENTS:-50}

. scripts/bench-common.sh
bench_prepare cpu-shares redis-server:redis-server redis-cli:redis-tools cc:gcc
boardd=${1:-$bin/boardd}
cc -O2 -o "$work/loadclient" scripts/loadclient.c

# Each thread of the given processes as "NAME CPU_NS WAIT_NS".
snapshot() {
  local pid task
  for pid in "$@"; do
    for task in /proc/"$pid"/task/*; do
      echo "$(tr ' ' '_' < "$task/comm") $(cut -d' ' -f1,2 "$task/schedstat")"
    done
  done
}

# Runs the load client against SERVER_PID's socket for WINDOW seconds and more, and prints the
# schedstat differences over the window with the requests a second the client reported.
measure() {
  local server=$1 mode=$2 socket=$3 before after load
  "$work/loadclient" "$mode" "$socket" --clients "$clients" --duration $((window + 2)) > "$work/load.json" &
  load=$!
  sleep 1
  before=$(snapshot "$server" "$load")
  sleep "$window"
  after=$(snapshot "$server" "$load")
  wait "$load"
  python3 - "$window" "$work/load.json" <<PY
import json, sys
window, report = float(sys.argv[1]), json.load(open(sys.argv[2]))
before = [line.split() for line in """$before""".splitlines()]
after = [line.split() for line in """$after""".splitlines()]
rps = report["requestsPerSecond"]
print(f"{report['server']}: {rps:,.0f} req/s, p99 {report['latencyMs']['p99']:.3f} ms over the whole run")
for (name, cpu0, wait0), (_, cpu1, wait1) in zip(before, after):
    cpu, wait = (int(cpu1) - int(cpu0)) / 1e9, (int(wait1) - int(wait0)) / 1e9
    if cpu < 0.01 * window: continue
    print(f"  {name:<14} {cpu / window:5.0%} of a core, waited for one {wait / window:5.0%} of the time, "
          f"{cpu * 1e6 / (rps * window):5.2f} µs a request")
PY
}

rm -f "$work/b.sock"
"$boardd" --socket "$work/b.sock" --now 2026-11-30T12:00:00-05:00 --speed 0 --log-level warning \
  2>>"$work/boardd.log" &
daemon=$!
pids+=("$daemon")
for _ in $(seq 200); do [ -S "$work/b.sock" ] && break; sleep 0.02; done
"$bin/board" --socket "$work/b.sock" --no-autostart all --json > "$work/board.json"
measure "$daemon" --board "$work/b.sock"

redis-server --port 0 --unixsocket "$work/redis.sock" --unixsocketperm 700 --save "" --appendonly no \
  --maxclients 20000 --loglevel warning --logfile "$work/redis.log" &
redis=$!
pids+=("$redis")
for _ in $(seq 100); do [ -S "$work/redis.sock" ] && break; sleep 0.05; done
redis-cli -s "$work/redis.sock" -x SET board < "$work/board.json" >/dev/null
measure "$redis" --redis "$work/redis.sock"
