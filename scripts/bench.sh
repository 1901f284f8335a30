#!/usr/bin/env bash
# make bench: every benchmark, each printing its figure beside its baseline. Release builds.
# Run one alone with: swift run -c release riffle-bench NAME [options]
set -euo pipefail
cd "$(dirname "$0")/.."
bench="$(swift build -c release --show-bin-path)/riffle-bench"
for name in ${BENCHMARKS:-merge http config export reader tokens feedparse feedrace faults store thousand}; do
  echo "== riffle-bench $name"
  "$bench" "$name"
  echo
done
