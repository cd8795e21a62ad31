#!/bin/bash -eu
# Builds greduce's fuzz targets as ClusterFuzzLite and OSS-Fuzz do, and copies them to $OUT,
# where the service runs them. The service's image has nightly Rust and sets the sanitizer;
# on stable Rust pass CARGO_FUZZ_FLAGS="-s none" (`.clusterfuzzlite/local.sh` does).
#
# The targets: the quickstart's scheduler (greduce::fuzz_target!, with the structure-aware
# mutator), greduce's own inputs (bytes_decoding, trace_text, regressions_file) and the deep
# bug; the tract hunt's target too when GREDUCE_FUZZ_TRACT=1 (tract-onnx takes minutes to
# build).
cd "$SRC/greduce"
targets="quickstart bytes_decoding trace_text regressions_file deep_bug"
# Every target that needs no feature (the benchmarks' too: one build), then those copied.
# shellcheck disable=SC2086 # Reason: CARGO_FUZZ_FLAGS holds several flags.
cargo fuzz build -O ${CARGO_FUZZ_FLAGS:-}
if [ "${GREDUCE_FUZZ_TRACT:-0}" = 1 ]; then
    # shellcheck disable=SC2086
    cargo fuzz build -O ${CARGO_FUZZ_FLAGS:-} --features tract tract
    targets="$targets tract"
fi
for target in $targets; do
    cp "fuzz/target/x86_64-unknown-linux-gnu/release/$target" "$OUT/"
done
