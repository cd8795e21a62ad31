#!/usr/bin/env bash
# BENCHMARKS.md, "Fuzzing", benchmark 6: three campaigns of one target binary, one after the
# other, each SECONDS long from an empty corpus with `-fork=2`: greduce's structure-aware
# mutator, libFuzzer's own byte mutation, and fresh random inputs (GREDUCE_FUZZ_MUTATION
# structure, bytes, random; the same binary, so the same instrumentation). Each keeps its
# log, corpus and crash files under OUT/<mode>/ and the start time in OUT/<mode>/start; the
# summary gives the coverage reached (libFuzzer's `cov`, `ft`), executions and crash files.
#
#     bash fuzz/bench/campaign.sh TARGET SECONDS OUT [CARGO_FUZZ_BUILD_FLAGS...]
#
# With TOGETHER=1 the three run at the same time, each with `-fork=1` (on two cores: the
# machine's load falls on the three alike, and three 30-minute campaigns take 30 minutes).
#
# e.g. `bash fuzz/bench/campaign.sh tract 600 /tmp/tract --features tract`; the crash files
# are then sorted into findings with `hunt tract-artifacts OUT/<mode>/artifacts --start
# $(cat OUT/<mode>/start)` (and `hunt js-artifacts` for the JavaScript targets).
set -euo pipefail
cd "$(dirname "$0")/../.."
target=$1
seconds=$2
out=$3
shift 3
cargo fuzz build -s none "$@" "$target"
bin=fuzz/target/$(rustc -vV | sed -n 's/^host: //p')/release/$target
fork=2
if [ "${TOGETHER:-0}" = 1 ]; then fork=1; fi
campaign() {
    local mode=$1 dir=$out/$1
    rm -rf "$dir"
    mkdir -p "$dir/corpus" "$dir/artifacts"
    date +%s >"$dir/start"
    GREDUCE_FUZZ_MUTATION=$mode "$bin" -fork=$fork -ignore_crashes=1 -ignore_timeouts=1 \
        -ignore_ooms=1 -max_total_time="$seconds" -artifact_prefix="$dir/artifacts/" \
        "$dir/corpus" >"$dir/log" 2>&1 || true
}
if [ "${TOGETHER:-0}" = 1 ]; then
    for mode in structure bytes random; do campaign $mode & done
    wait
else
    for mode in structure bytes random; do campaign $mode; done
fi
echo "| mutation | cov | ft | executions | crash files |"
echo "|---|---|---|---|---|"
for mode in structure bytes random; do
    dir=$out/$mode
    last=$(grep -E '^#[0-9]+:? .*cov: ' "$dir/log" | tail -1 || true)
    cov=$(echo "$last" | grep -oE 'cov: [0-9]+' | grep -oE '[0-9]+' || echo -)
    ft=$(echo "$last" | grep -oE 'ft: [0-9]+' | grep -oE '[0-9]+' || echo -)
    execs=$(echo "$last" | grep -oE '^#[0-9]+' | tr -d '#' || echo -)
    crashes=$(find "$dir/artifacts" -type f | wc -l)
    echo "| $mode | $cov | $ft | $execs | $crashes |"
done
