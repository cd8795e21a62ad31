#!/usr/bin/env bash
# BENCHMARKS.md, "Fuzzing", benchmark 1: executions per second of the greduce target
# against the `arbitrary` one (same task graphs, same property), libFuzzer `-runs=N` from
# an empty corpus, ROUNDS interleaved rounds, the median of each round's ratio.
#
#     bash fuzz/bench/rate.sh [RUNS] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-500000}
rounds=${2:-5}
cargo fuzz build -s none bench_tasks_greduce
cargo fuzz build -s none bench_tasks_arbitrary
bin=fuzz/target/$(rustc -vV | sed -n 's/^host: //p')/release
seconds() {
    local start end
    start=$(date +%s.%N)
    "$bin/$1" -runs="$runs" -seed=1 "$(mktemp -d)" >/dev/null 2>&1
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}
ratios=()
for round in $(seq "$rounds"); do
    g=$(seconds bench_tasks_greduce)
    a=$(seconds bench_tasks_arbitrary)
    ratio=$(echo "$a / $g" | bc -l)
    ratios+=("$ratio")
    printf 'round %d: greduce %.0f exec/s, arbitrary %.0f exec/s, greduce/arbitrary %.3f\n' \
        "$round" "$(echo "$runs / $g" | bc -l)" "$(echo "$runs / $a" | bc -l)" "$ratio"
done
printf 'median greduce/arbitrary rate: %s\n' \
    "$(printf '%s\n' "${ratios[@]}" | sort -n | sed -n "$(( (rounds + 1) / 2 ))p")"
