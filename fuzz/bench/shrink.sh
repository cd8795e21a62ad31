#!/usr/bin/env bash
# BENCHMARKS.md, "Fuzzing", benchmark 4: each deep_bug crash FILE shrunk by greduce's
# trace reducer (`bench deep-bug-shrink`) and by `cargo fuzz tmin`, the size of each
# result decoded as the fuzz target decodes it, and what each cost.
#
#     bash fuzz/bench/shrink.sh FILE...
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release -q -p greduce-bench --bin bench
for file in "$@"; do
    target/release/bench deep-bug-shrink "$file"
    out=$(mktemp -d)
    start=$(date +%s.%N)
    cargo fuzz tmin -s none deep_bug "$file" >"$out/log" 2>&1 || true
    end=$(date +%s.%N)
    min=$(ls -t fuzz/artifacts/deep_bug/minimized-from-* | head -1)
    runs=$(grep -c '^CRASH_MIN: executing' "$out/log")
    printf 'tmin: %d steps of at most 255 runs, %.1f s: ' "$runs" "$(echo "$end - $start" | bc -l)"
    target/release/bench deep-bug-decode "$min"
    rm -rf "$out" fuzz/artifacts/deep_bug
done
