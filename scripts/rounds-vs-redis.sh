#!/usr/bin/env bash
# The 50 clients' comparison with Redis in many short rounds, to tell two builds or settings apart
# when one run of bench-vs-redis.sh is within the noise: each round starts a fresh boardd for each
# configuration and runs scripts/loadclient.c against it, then against one Redis holding the same
# board, and prints boardd's throughput and p99 as ratios to Redis's; at the end, each
# configuration's medians. The table rows of docs/PERFORMANCE.md "fresh daemon a round" come from it.
#   scripts/rounds-vs-redis.sh ROUNDS [CONFIG ...]
# A CONFIG is "[NAME=VALUE ...] [BOARDD]": environment for boardd, and another boardd binary to
# run (a build of another commit, copied aside); by default the release build's, with nothing set.
#   scripts/rounds-vs-redis.sh 8 "" "BOARDD_SLICE_US=0"
#   DURATION=5 CLIENTS=50 scripts/rounds-vs-redis.sh 10 "" "/tmp/boardd-other"
# Installs redis-server with apt-get when missing. Builds with `swift build -c release`.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:?usage: scripts/rounds-vs-redis.sh ROUNDS [CONFIG ...]}
shift
[ $# -gt 0 ] || set -- ""
duration=${DURATION:-3}
clients=${CLIENTS:-50}

. scripts/bench-common.sh
bench_prepare rounds-vs-redis redis-server:redis-server redis-cli:redis-tools cc:gcc
cc -O2 -o "$work/loadclient" scripts/loadclient.c

redis-server --port 0 --unixsocket "$work/redis.sock" --unixsocketperm 700 --save "" --appendonly no \
  --maxclients 20000 --loglevel warning --logfile "$work/redis.log" &
pids+=($!)
for _ in $(seq 100); do [ -S "$work/redis.sock" ] && break; sleep 0.05; done

# Splits a CONFIG into the environment and the binary.
config() {
  local words=($1) envs=() binary="$bin/boardd"
  for word in "${words[@]}"; do
    if [[ $word == *=* ]]; then envs+=("$word"); else binary=$word; fi
  done
  echo "${envs[*]:-}|$binary"
}

# The p99 and the throughput of loadclient's JSON line, as "RPS P99".
figures() { python3 -c 'import json,sys; r=json.load(sys.stdin); print(r["requestsPerSecond"], r["latencyMs"]["p99"])'; }

board_stored=0
: > "$work/results"
for round in $(seq "$rounds"); do
  for index in $(seq 0 $(($# - 1))); do
    args=("$@")
    spec=$(config "${args[$index]}")
    envs=${spec%%|*}
    binary=${spec##*|}
    rm -f "$work/b.sock"
    env $envs "$binary" --socket "$work/b.sock" --now 2026-11-30T12:00:00-05:00 --speed 0 --log-level warning \
      2>>"$work/boardd.log" &
    daemon=$!
    for _ in $(seq 200); do [ -S "$work/b.sock" ] && break; sleep 0.02; done
    if [ "$board_stored" = 0 ]; then
      "$bin/board" --socket "$work/b.sock" --no-autostart all --json > "$work/board.json"
      redis-cli -s "$work/redis.sock" -x SET board < "$work/board.json" >/dev/null
      board_stored=1
    fi
    read -r b_rps b_p99 < <("$work/loadclient" --board "$work/b.sock" --clients "$clients" --duration "$duration" | figures)
    read -r r_rps r_p99 < <("$work/loadclient" --redis "$work/redis.sock" --clients "$clients" --duration "$duration" | figures)
    kill "$daemon"
    wait "$daemon" 2>/dev/null || true
    python3 - "$index" "${args[$index]:-default}" "$b_rps" "$r_rps" "$b_p99" "$r_p99" <<'PY' | tee -a "$work/results"
import sys
index, name, b_rps, r_rps, b_p99, r_p99 = sys.argv[1], sys.argv[2], *map(float, sys.argv[3:])
print(f"{index}\t{name}\tthroughput {b_rps / r_rps:.3f}x\tp99 {b_p99 / r_p99:.3f}x\t({b_p99:.3f} ms against {r_p99:.3f} ms)")
PY
  done
done

echo
python3 - "$work/results" <<'PY'
import collections, statistics, sys
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    index, name, throughput, p99, _ = line.rstrip("\n").split("\t")
    rows[(int(index), name)].append((float(throughput.split()[1][:-1]), float(p99.split()[1][:-1])))
print("| config | rounds | throughput median (lowest) | p99 median (highest) | rounds with p99 <= 1.0x |")
print("|---|---|---|---|---|")
for (index, name), values in sorted(rows.items()):
    throughputs = sorted(v[0] for v in values)
    p99s = sorted(v[1] for v in values)
    met = sum(1 for p in p99s if p <= 1.0)
    print(f"| {name} | {len(values)} | {statistics.median(throughputs):.2f}x ({throughputs[0]:.2f}x) "
          f"| {statistics.median(p99s):.2f}x ({p99s[-1]:.2f}x) | {met} of {len(values)} |")
PY
