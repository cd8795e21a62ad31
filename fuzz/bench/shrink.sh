#!/usr/bin/env bash
# BENCHMARKS.md, "Fuzzing", benchmark 4: each deep_bug crash FILE shrunk by greduce's
# trace reducer (`bench deep-bug-shrink`) and by `cargo fuzz tmin`, the size of each
# result decoded as the fuzz target decodes it, and what each cost.
#
#     bash fuzz/bench/shrink.sh FILE...
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release -q -p greduce-bench --bin bench
# The inputs are copied first: tmin writes into fuzz/artifacts/deep_bug, which may hold them.
inputs=$(mktemp -d)
for file in "$@"; do
    cp "$file" "$inputs/$(basename "$file")"
done
for file in "$inputs"/*; do
    target/release/bench deep-bug-shrink "$file"
    out=$(mktemp -d)
    before=$(ls fuzz/artifacts/deep_bug/minimized-from-* 2>/dev/null || true)
    start=$(date +%s.%N)
    cargo fuzz tmin -s none deep_bug "$file" >"$out/log" 2>&1 || true
    end=$(date +%s.%N)
    min=$(ls -t fuzz/artifacts/deep_bug/minimized-from-* | head -1)
    steps=$(grep -c '^CRASH_MIN: executing' "$out/log" || true)
    printf 'tmin: %d steps of at most 255 runs, %.1f s: ' "$steps" "$(echo "$end - $start" | bc -l)"
    target/release/bench deep-bug-decode "$min"
    # What tmin wrote, and nothing else.
    for written in fuzz/artifacts/deep_bug/minimized-from-*; do
        if ! grep -qxF "$written" <<<"$before"; then
            rm -f "$written"
        fi
    done
    rm -rf "$out"
done
rm -rf "$inputs"
