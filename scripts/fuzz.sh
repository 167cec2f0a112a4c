#!/usr/bin/env bash
# Builds the libFuzzer targets (Fuzz/*.swift) with swiftc -sanitize=fuzzer,address
# and runs each for SECONDS (default 60) on its seed corpus.
# Crashes are written to fuzz-out/; turn each into a regression test.
#   scripts/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
out=.build/fuzz
mkdir -p "$out" fuzz-out
flags=(-sanitize=fuzzer,address -parse-as-library -Onone -gline-tables-only -swift-version 6 -I "$out" -I Sources/CSystemShims/include)

clang -c Sources/CSystemShims/shims.c -I Sources/CSystemShims/include -fsanitize=fuzzer-no-link,address -o "$out/shims.o"

module() { # name, sources...
  local name=$1; shift
  swiftc "${flags[@]}" -module-name "$name" -emit-module -emit-module-path "$out/$name.swiftmodule" \
    -wmo -num-threads 0 -c "$@" -o "$out/$name.o"
}
# The libraries as the package builds them, with no -enable-testing: the fuzzers use their public API.
libraries=(FlightData BoardProtocol BoardSystem BoardLink BoardArguments BoardDaemon BoardCLI)
for name in "${libraries[@]}"; do module "$name" $(find "Sources/$name" -name '*.swift'); done

build_target() { # target name, library under test
  # gold's "Cannot export local symbol __asan_..." warnings are noise.
  swiftc "${flags[@]}" "Fuzz/$1.swift" "$out/FlightData.o" "$out/BoardProtocol.o" "$out/BoardSystem.o" "$out/BoardLink.o" "$out/BoardArguments.o" "$out/$2.o" "$out/shims.o" -o "$out/$1" \
    2> >(grep -v "Cannot export local symbol" >&2)
}
build_target RequestFuzzer BoardDaemon
build_target ReplyFuzzer BoardCLI

run() { # target, corpus
  local work="$out/corpus-$1"
  mkdir -p "$work"
  echo "== $1: ${seconds}s"
  "$out/$1" -max_total_time="$seconds" -max_len=70000 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix=fuzz-out/"$1"- -print_final_stats=1 "$work" "Fuzz/corpus/$2" >"$out/$1.log" 2>&1 || {
    tail -60 "$out/$1.log"
    echo "$1 found a crash: see fuzz-out/ and turn it into a regression test" >&2
    exit 1
  }
  grep -E "^(Done|stat::(number_of_executed_units|peak_rss_mb))" "$out/$1.log"
}
run RequestFuzzer requests
run ReplyFuzzer replies
