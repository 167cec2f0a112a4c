#!/usr/bin/env bash
# boardd against Redis, side by side in one run on this machine, with one client design for both:
# scripts/loadclient.c (C, one epoll thread, each reply scanned once) for the 50 clients' throughput
# and p99, `board bench` (which speaks RESP with --resp) for the rest. Prints the table of
# docs/PERFORMANCE.md: each figure the median of three runs, the sides alternating.
#   scripts/bench-vs-redis.sh [--quick]
# Installs redis-server and hyperfine with apt-get when missing. Builds release binaries
# with `swift build -c release`, as the README does (the package links the Swift runtime in).
set -euo pipefail
cd "$(dirname "$0")/.."
quick=${1:-}
duration=5; rounds=20; watchers=5000; runs=100; reps=3
if [ "$quick" = "--quick" ]; then duration=1; rounds=5; watchers=500; runs=20; reps=1; fi

. scripts/bench-common.sh
bench_prepare bench-vs-redis redis-server:redis-server redis-cli:redis-tools hyperfine:hyperfine cc:gcc
ulimit -n 20000 2>/dev/null || ulimit -n "$(ulimit -Hn)"

cc -O2 -o "$work/loadclient" scripts/loadclient.c
board_sock=$work/boardd.sock
redis_sock=$work/redis.sock
"$bin/boardd" --socket "$board_sock" --now 2026-11-30T12:00:00-05:00 --speed 0 --log-level warning 2>"$work/boardd.log" &
pids+=($!); boardd_pid=$!
redis-server --port 0 --unixsocket "$redis_sock" --unixsocketperm 700 --save "" --appendonly no \
  --maxclients 20000 --loglevel warning --logfile "$work/redis.log" &
pids+=($!); redis_pid=$!
for _ in $(seq 100); do [ -S "$board_sock" ] && [ -S "$redis_sock" ] && break; sleep 0.05; done

board() { "$bin/board" --socket "$board_sock" --no-autostart "$@"; }
resp() { "$bin/board" --socket "$redis_sock" --no-autostart bench --resp board "$@"; }

# Redis holds a value of the same size as today's All board.
board all --json > "$work/board.json"
redis-cli -s "$redis_sock" -x SET board < "$work/board.json" >/dev/null
size=$(wc -c < "$work/board.json")

field() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
cpu_ticks() { awk '{print $14+$15}' "/proc/$1/stat"; }
peak() { awk '/VmHWM/{print $2}' "/proc/$1/status"; }

# Each measure is taken $reps times, the two sides (or the two cases) alternating, and the run with the
# median figure kept: on a shared 2-core machine one run in a few has a hiccup of its own.
median() {  # median 'EXPRESSION OF d' JSON...: the run whose figure is the median
  python3 - "$@" <<'PY'
import json, sys
key = sys.argv[1]
runs = sorted((json.loads(text) for text in sys.argv[2:]), key=lambda d: eval(key))
print(json.dumps(runs[len(runs) // 2]))
PY
}
b50s=(); r50s=(); b1s=(); r1s=(); bfs=(); rfs=(); sames=(); viewss=(); eventss=()
echo "measuring request/response (50 clients, ${duration}s each, $reps times)..." >&2
for _ in $(seq "$reps"); do
  b50s+=("$("$work/loadclient" --board "$board_sock" --clients 50 --duration "$duration")")
  r50s+=("$("$work/loadclient" --redis "$redis_sock" --clients 50 --duration "$duration")")
done
echo "measuring one client's round trip ($reps times)..." >&2
for _ in $(seq "$reps"); do
  b1s+=("$(board bench --clients 1 --duration "$duration" --json)"); r1s+=("$(resp --clients 1 --duration "$duration" --json)")
done
echo "measuring fan-out to $watchers watchers ($rounds rounds, $reps times)..." >&2
for _ in $(seq "$reps"); do
  bfs+=("$(board bench --watchers "$watchers" --rounds "$rounds" --json)")
  rfs+=("$(resp --watchers "$watchers" --rounds "$rounds" --payload "$work/board.json" --json)")
done
echo "measuring 2000 watchers of one view, then of 2000 views, then $watchers followers of events ($reps times)..." >&2
for _ in $(seq "$reps"); do
  sames+=("$(board bench --watchers 2000 --rounds "$rounds" --json)")
  viewss+=("$(board bench --watchers 2000 --rounds "$rounds" --subscription views --json)")
  eventss+=("$(board bench --watchers "$watchers" --rounds "$rounds" --subscription events --json)")
done
b50=$(median "d['requestsPerSecond']" "${b50s[@]}"); r50=$(median "d['requestsPerSecond']" "${r50s[@]}")
b50l=$(median "d['latencyMs']['p99']" "${b50s[@]}"); r50l=$(median "d['latencyMs']['p99']" "${r50s[@]}")
b1=$(median "d['latencyMs']['p50']" "${b1s[@]}"); r1=$(median "d['latencyMs']['p50']" "${r1s[@]}")
bf=$(median "d['latencyMs']['p99']" "${bfs[@]}"); rf=$(median "d['latencyMs']['p99']" "${rfs[@]}")
bsame=$(median "d['latencyMs']['p99']" "${sames[@]}"); bviews=$(median "d['latencyMs']['p99']" "${viewss[@]}")
bevents=$(median "d['latencyMs']['p99']" "${eventss[@]}")
bpeak=$(peak "$boardd_pid"); rpeak=$(peak "$redis_pid")
echo "measuring whole processes ($runs runs each)..." >&2
hyperfine -N --warmup 5 --runs "$runs" --export-json "$work/start.json" \
  "$bin/board --version" "redis-cli --version" >/dev/null 2>&1
bstart=$(field "d['results'][0]['median']*1000" < "$work/start.json"); rstart=$(field "d['results'][1]['median']*1000" < "$work/start.json")
hyperfine -N --warmup 5 --runs "$runs" --export-json "$work/proc.json" \
  "$bin/board --socket $board_sock --no-autostart all --json" \
  "redis-cli -s $redis_sock GET board" >/dev/null 2>&1
bproc=$(field "d['results'][0]['median']*1000" < "$work/proc.json"); rproc=$(field "d['results'][1]['median']*1000" < "$work/proc.json")

echo "measuring idle CPU with 1000 watchers on a frozen clock (10 s)..." >&2
python3 - "$board_sock" 1000 10 "$boardd_pid" > "$work/idle.txt" <<'PY'
import socket, sys, time
path, n, seconds, pid = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
conns = []
for _ in range(n):
    s = socket.socket(socket.AF_UNIX); s.connect(path)
    s.sendall(b'{"id":1,"method":"board.watch","params":{}}\n'); conns.append(s)
time.sleep(1.0)  # let the first boards go out
for s in conns:
    s.setblocking(False)
    try:
        while s.recv(1 << 20): pass
    except BlockingIOError: pass
def ticks():
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return int(f[11]) + int(f[12])
t0, c0 = time.time(), ticks()
time.sleep(seconds)
t1, c1 = time.time(), ticks()
hz = 100
print(f"{100.0 * (c1 - c0) / hz / (t1 - t0):.2f}")
PY
idle=$(cat "$work/idle.txt")

ratio() { python3 -c "print(f'{$1/$2:.2f}x')"; }
j() { echo "$1" | field "$2"; }
b50r=$(j "$b50" "d['requestsPerSecond']"); r50r=$(j "$r50" "d['requestsPerSecond']")
b50p=$(j "$b50l" "round(d['latencyMs']['p99'],3)"); r50p=$(j "$r50l" "round(d['latencyMs']['p99'],3)")
b1p=$(j "$b1" "round(d['latencyMs']['p50'],3)"); r1p=$(j "$r1" "round(d['latencyMs']['p50'],3)")
bfp=$(j "$bf" "round(d['latencyMs']['p99'],1)"); rfp=$(j "$rf" "round(d['latencyMs']['p99'],1)")
samep=$(j "$bsame" "round(d['latencyMs']['p99'],1)"); viewsp=$(j "$bviews" "round(d['latencyMs']['p99'],1)")
moverp=$(j "$bviews" "round(d['moverMs']['p99'],2)"); eventsp=$(j "$bevents" "round(d['latencyMs']['p99'],1)")

cat <<TABLE

machine: $(nproc) cores, $(awk '/MemTotal/{printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -r); $(redis-server --version | cut -d' ' -f1-3); board.get reply $size bytes

| measure | boardd | Redis | ratio (boardd/Redis) | target |
|---|---|---|---|---|
| throughput, 50 clients, scripts/loadclient.c (req/s) | $b50r | $r50r | $(ratio "$b50r" "$r50r") | >= 1.1x |
| latency, 50 clients, scripts/loadclient.c, p99 (ms) | $b50p | $r50p | $(ratio "$b50p" "$r50p") | <= 1.0x |
| one client's round trip, p50 (ms) | $b1p | $r1p | $(ratio "$b1p" "$r1p") | <= 0.9x |
| one change to $watchers watchers, p99 (ms) | $bfp | $rfp | $(ratio "$bfp" "$rfp") | <= 0.5x |
| server peak memory over the run (MiB) | $((bpeak / 1024)) | $((rpeak / 1024)) | $(ratio "$bpeak" "$rpeak") | <= 0.5x |
| \`board all --json\` vs \`redis-cli GET\`, whole process, median (ms) | $(printf %.2f "$bproc") | $(printf %.2f "$rproc") | $(ratio "$bproc" "$rproc") | <= 0.8x |
| \`board --version\` vs \`redis-cli --version\`, whole process, median (ms) | $(printf %.2f "$bstart") | $(printf %.2f "$rstart") | $(ratio "$bstart" "$rstart") | <= 0.8x |

| measure (boardd alone) | this | against | ratio | target |
|---|---|---|---|---|
| one clock move to 2000 views (each its own pins) vs to 2000 watchers of one view, p99 (ms) | $viewsp | $samep | $(ratio "$viewsp" "$samep") | <= 1.5x |
| the reply to the client that moved the clock, 2000 views, p99 (ms) | $moverp | - | - | < 10 ms |
| events.watch, one change (a move that made one) to $watchers followers vs the board to $watchers watchers, p99 (ms) | $eventsp | $bfp | $(ratio "$eventsp" "$bfp") | <= 1.0x |
| idle, 1000 watchers, frozen clock (% of a core) | $idle | - | - | < 1% |
TABLE
