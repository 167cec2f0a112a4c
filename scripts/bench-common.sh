# Sourced by the benchmarks that run boardd beside Redis (bench-vs-redis.sh, bench-replicas.sh, cpu-shares.sh,
# rounds-vs-redis.sh): what each does before it measures.
#
# bench_prepare NAME [COMMAND:PACKAGE ...] installs with apt-get each package whose command is
# missing, builds the release binaries as the README does, and sets `bin` (their directory),
# `work` (a new directory under /tmp, removed at exit) and `pids` (killed and waited for at exit,
# before `work` is removed: a Redis still writing its log made the removal fail).
bench_prepare() {
  local name=$1 pair
  shift
  local need=()
  for pair in "$@"; do command -v "${pair%%:*}" >/dev/null || need+=("${pair##*:}"); done
  if [ ${#need[@]} -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq "${need[@]}" >/dev/null
  fi
  echo "building release binaries (swift build -c release, as the README does)..." >&2
  swift build -c release >&2
  bin=$(swift build -c release --show-bin-path)
  work=$(mktemp -d "/tmp/$name.XXXXXX")
  pids=()
  trap bench_cleanup EXIT
}

bench_cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
