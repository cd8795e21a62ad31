#!/usr/bin/env bash
# BENCHMARKS.md, "Fuzzing", benchmark 4 for the tract target: each crash FILE shrunk by
# greduce's trace reducer (`hunt tract-shrink`, keeping the file's signature) and by
# `cargo fuzz tmin` (keeping any crash), each result decoded as the fuzz target decodes it
# (`hunt tract-decode`: signature and model size), and what each cost.
#
#     bash fuzz/bench/shrink_tract.sh FILE...
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release -q -p greduce-hunts --bin hunt
# Built first, so that tmin's time is its own.
cargo fuzz build -s none --features tract tract
for file in "$@"; do
    target/release/hunt tract-shrink "$file"
    out=$(mktemp -d)
    start=$(date +%s.%N)
    cargo fuzz tmin -s none --features tract tract "$file" -- \
        -exact_artifact_path="$out/min" >"$out/log" 2>&1 || true
    end=$(date +%s.%N)
    steps=$(grep -c '^CRASH_MIN: executing' "$out/log" || true)
    printf 'tmin: %d steps of at most 255 runs, %.1f s: ' "$steps" "$(echo "$end - $start" | bc -l)"
    target/release/hunt tract-decode "$out/min"
    rm -rf "$out"
done
