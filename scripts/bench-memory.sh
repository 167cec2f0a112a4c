#!/usr/bin/env bash
# boardd's memory under the worst requests and after an attack (issue 12), from /proc/PID/status:
#  1. the largest allowed config (366 days x 3,000 flights) and its worst request, `search a`:
#     resident memory before, and the peak (VmHWM) after;
#  2. an attack on the default config: 600 clients each pipeline 50 `search a` and read nothing,
#     then leave; resident memory before, at the peak, and 3 s after they left.
#   scripts/bench-memory.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release >&2
bin=$(swift build -c release --show-bin-path)
work=$(mktemp -d /tmp/bench-memory.XXXXXX)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
kib() { awk -v f="$2:" '$1 == f { print $2 }' "/proc/$1/status"; }
mib() { echo "$(( $1 / 1024 )) MiB"; }
start() { # socket, config
  "$bin/boardd" --socket "$1" --config "$2" --now 2026-11-30T12:00:00-05:00 --speed 0 --log-level warning &
  pid=$!
  until "$bin/board" --socket "$1" --no-autostart clock --json >/dev/null 2>&1; do
    kill -0 "$pid" 2>/dev/null || { echo "boardd exited before answering" >&2; exit 1; }
  done
}

printf '{"flightsPerDay": 3000, "days": 366}\n' > "$work/largest.json"
start "$work/largest.sock" "$work/largest.json"
before=$(kib "$pid" VmRSS)
# board's own deadline is shorter than a cold search of the largest window: ask with a patient client.
python3 - "$work/largest.sock" > "$work/search.txt" <<'PY'
import json, socket, sys, time
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect(sys.argv[1])
f = s.makefile("rb")
f.readline()
for n in (1, 2):
    t = time.time()
    s.sendall(b'{"id":1,"method":"search","params":{"text":"a"}}\n')
    line = f.readline()
    d = json.loads(line)["result"]
    print(f"search a #{n}: {time.time() - t:.1f} s, {len(line) // 1024} KiB, {d['count']} of {d['total']} flights;", end=" ")
PY
echo "largest config (366 days x 3,000 flights): RSS before $(mib "$before"); $(cat "$work/search.txt") then RSS $(mib "$(kib "$pid" VmRSS)"), peak (VmHWM) $(mib "$(kib "$pid" VmHWM)")"
kill "$pid"; wait "$pid" 2>/dev/null || true; pid=

start "$work/default.sock" config/boardd.json
"$bin/board" --socket "$work/default.sock" --no-autostart search a --json > /dev/null
before=$(kib "$pid" VmRSS)
python3 - "$work/default.sock" "$pid" <<'PY' &
import socket, sys, time
path, pid = sys.argv[1], sys.argv[2]
line = b'{"id":1,"method":"search","params":{"text":"a"}}\n' * 50
clients = []
for _ in range(600):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    s.sendall(line)
    clients.append(s)
def rss():
    for l in open(f"/proc/{pid}/status"):
        if l.startswith("VmRSS:"): return int(l.split()[1])
last, stable = 0, 0
while stable < 10:  # until the daemon's memory stops growing for a second
    time.sleep(0.1)
    now = rss()
    stable = stable + 1 if now <= last else 0
    last = max(last, now)
for s in clients: s.close()
PY
attacker=$!
wait "$attacker"
peak=$(kib "$pid" VmHWM)
sleep 3
echo "attack (600 clients x 50 pipelined search a, not reading, then gone): RSS before $(mib "$before"), peak $(mib "$peak"), 3 s after $(mib "$(kib "$pid" VmRSS)")"
