#!/usr/bin/env bash
# BENCHMARKS.md, "Fuzzing", benchmark 2, the fuzzer's side: RUNS runs of libFuzzer with
# value profile on `deep_bug`, each from an empty corpus until it crashes (finds the bug)
# or LIMIT seconds pass; prints the time to find and the executions.
#
#     bash fuzz/bench/deep.sh [LIMIT] [RUNS] [KEEP]
#
# With KEEP, each run's crash is copied there as crash-<run> (for fuzz/bench/shrink.sh).
# GREDUCE_FUZZ_MUTATION (`structure`, the default, `bytes` or `random`) picks the mutation:
# greduce's structure-aware mutator, libFuzzer's own, or fresh random inputs.
set -euo pipefail
cd "$(dirname "$0")/../.."
limit=${1:-600}
runs=${2:-5}
keep=${3:-}
cargo fuzz build -s none deep_bug
bin=fuzz/target/$(rustc -vV | sed -n 's/^host: //p')/release/deep_bug
echo "mutation: ${GREDUCE_FUZZ_MUTATION:-structure}"
echo "| run | found after | executions |"
echo "|---|---|---|"
for run in $(seq "$runs"); do
    dir=$(mktemp -d)
    start=$(date +%s.%N)
    mkdir -p "$dir/corpus"
    "$bin" -use_value_profile=1 -max_total_time="$limit" -seed="$run" \
        -artifact_prefix="$dir/" "$dir/corpus" >"$dir/log" 2>&1 || true
    end=$(date +%s.%N)
    execs=$(grep -oE '^#[0-9]+' "$dir/log" | tail -1 | tr -d '#')
    if ls "$dir"/crash-* >/dev/null 2>&1; then
        if [ -n "$keep" ]; then
            mkdir -p "$keep"
            cp "$(ls "$dir"/crash-* | head -1)" "$keep/crash-$run"
        fi
        printf '| %d | %.1f s | %s |\n' "$run" "$(echo "$end - $start" | bc -l)" "$execs"
    else
        printf '| %d | not found in %d s | %s |\n' "$run" "$limit" "$execs"
    fi
    rm -rf "$dir"
done
