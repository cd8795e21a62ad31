#!/usr/bin/env bash
# BENCHMARKS.md, "Fuzzing", benchmark 1: executions per second of the greduce targets
# against the `arbitrary` ones (the same structures, the same properties), libFuzzer
# `-runs=N` from an empty corpus, ROUNDS interleaved rounds, the median of each round's
# ratio; for the task graphs also the generator called directly on `fuzz::Bytes` (no greduce
# run: what greduce's decisions cost).
#
#     bash fuzz/bench/rate.sh [RUNS] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-500000}
rounds=${2:-5}
targets="bench_tasks_greduce bench_tasks_arbitrary bench_tasks_direct bench_exprs_greduce bench_exprs_arbitrary"
for target in $targets; do
    cargo fuzz build -s none "$target"
done
bin=fuzz/target/$(rustc -vV | sed -n 's/^host: //p')/release
seconds() {
    local start end dir
    dir=$(mktemp -d)
    start=$(date +%s.%N)
    "$bin/$1" -runs="$runs" -seed=1 "$dir" >/dev/null 2>&1
    end=$(date +%s.%N)
    rm -rf "$dir"
    echo "$end - $start" | bc -l
}
median() {
    printf '%s\n' "$@" | sort -n | sed -n "$(( ($# + 1) / 2 ))p"
}
tasks=() direct=() exprs=()
for round in $(seq "$rounds"); do
    tg=$(seconds bench_tasks_greduce)
    ta=$(seconds bench_tasks_arbitrary)
    td=$(seconds bench_tasks_direct)
    eg=$(seconds bench_exprs_greduce)
    ea=$(seconds bench_exprs_arbitrary)
    tasks+=("$(echo "$ta / $tg" | bc -l)")
    direct+=("$(echo "$ta / $td" | bc -l)")
    exprs+=("$(echo "$ea / $eg" | bc -l)")
    printf 'round %d: tasks greduce %.0f, arbitrary %.0f, direct %.0f exec/s; exprs greduce %.0f, arbitrary %.0f exec/s\n' \
        "$round" "$(echo "$runs / $tg" | bc -l)" "$(echo "$runs / $ta" | bc -l)" \
        "$(echo "$runs / $td" | bc -l)" "$(echo "$runs / $eg" | bc -l)" "$(echo "$runs / $ea" | bc -l)"
done
printf 'median greduce/arbitrary rate: tasks %.3f, exprs %.3f; direct/arbitrary (tasks) %.3f\n' \
    "$(median "${tasks[@]}")" "$(median "${exprs[@]}")" "$(median "${direct[@]}")"
