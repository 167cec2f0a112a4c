#!/usr/bin/env bash
# A source and its replicas through a real Redis, side by side with the source alone, in one run on
# this machine: what the hop adds (a move on the source to its board at a replica's watcher, p50 and
# p99, with 1 and with 8 replicas), and one move to 8 replicas x 1,000 watchers against one daemon
# with 8,000 watchers. Prints the table of docs/SCALE.md ("Figures").
#   scripts/bench-replicas.sh [--quick]
# Installs redis-server with apt-get when missing. Builds release binaries with
# `swift build -c release`, as the README does.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=${1:-}
hops=500; rounds=20; each=1000
if [ "$quick" = "--quick" ]; then hops=50; rounds=5; each=100; fi

. scripts/bench-common.sh
bench_prepare bench-replicas redis-server:redis-server
ulimit -n 20000 2>/dev/null || ulimit -n "$(ulimit -Hn)"

redis_sock=$work/redis.sock
redis-server --port 0 --unixsocket "$redis_sock" --unixsocketperm 700 --save "" --appendonly no \
  --loglevel warning --logfile "$work/redis.log" &
pids+=($!)
for _ in $(seq 100); do [ -S "$redis_sock" ] && break; sleep 0.05; done
source_sock=$work/source.sock
"$bin/boardd" --socket "$source_sock" --now 2026-11-30T06:00:00-05:00 --speed 0 --log-level warning \
  --publish "unix://$redis_sock" 2>"$work/source.log" &
pids+=($!)
for _ in $(seq 100); do [ -S "$source_sock" ] && break; sleep 0.05; done
replicas=()
for n in 1 2 3 4 5 6 7 8; do
  sock=$work/replica-$n.sock
  "$bin/boardd" --socket "$sock" --follow "unix://$redis_sock" --log-level warning 2>"$work/replica-$n.log" &
  pids+=($!)
  replicas+=("$sock")
done
for sock in "${replicas[@]}"; do for _ in $(seq 100); do [ -S "$sock" ] && break; sleep 0.05; done; done
all=$(IFS=,; echo "${replicas[*]}")

bench() { "$bin/board" --socket "$source_sock" --no-autostart bench "$@" --json; }
field() { python3 -c "import json,sys; d=json.load(sys.stdin); print('%.2f' % ($1))"; }

echo "measuring the hop: $hops moves, one watcher on the source, then on 1 replica, 8 on the source, then on 8 replicas..." >&2
direct1=$(bench --watchers 1 --rounds "$hops")
replica1=$(bench --watchers 1 --rounds "$hops" --watch-on "${replicas[0]}")
direct8=$(bench --watchers 8 --rounds "$hops")
replica8=$(bench --watchers 8 --rounds "$hops" --watch-on "$all")
echo "measuring one move to $((8 * each)) watchers: on the source alone, then $each on each of 8 replicas ($rounds rounds)..." >&2
alone=$(bench --watchers $((8 * each)) --rounds "$rounds")
spread=$(bench --watchers $((8 * each)) --rounds "$rounds" --watch-on "$all")

p50() { echo "$1" | field "d['latencyMs']['p50']"; }
p99() { echo "$1" | field "d['latencyMs']['p99']"; }
added() { python3 -c "print('%.2f' % ($1 - $2))"; }
echo
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(uname -r); $(redis-server --version | cut -d' ' -f3); 9 daemons and Redis on these cores"
echo
echo "| measure | p50 (ms) | p99 (ms) | the hop adds at p99 (ms) | target |"
echo "|---|---|---|---|---|"
echo "| a move to 1 watcher on the source | $(p50 "$direct1") | $(p99 "$direct1") | - | - |"
echo "| a move to 1 watcher on a replica | $(p50 "$replica1") | $(p99 "$replica1") | $(added "$(p99 "$replica1")" "$(p99 "$direct1")") | < 5 |"
echo "| a move to 8 watchers on the source | $(p50 "$direct8") | $(p99 "$direct8") | - | - |"
echo "| a move to 1 watcher on each of 8 replicas | $(p50 "$replica8") | $(p99 "$replica8") | $(added "$(p99 "$replica8")" "$(p99 "$direct8")") | < 5 |"
echo "| a move to $((8 * each)) watchers on the source | $(p50 "$alone") | $(p99 "$alone") | - | - |"
echo "| a move to $each watchers on each of 8 replicas | $(p50 "$spread") | $(p99 "$spread") | $(added "$(p99 "$spread")" "$(p99 "$alone")") | - |"
