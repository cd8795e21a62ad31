#!/usr/bin/env bash
# Runs build.sh here as ClusterFuzzLite would (the repository at $SRC/greduce, the targets
# copied to $OUT, `cargo fuzz build -O`, on stable Rust with `-s none`), then each built
# target for a few seconds from an empty corpus, as the service's first fuzzing job would.
# A crash of greduce's own targets fails; the quickstart's and the deep bug's crashes are
# the bugs they hold (expected).
#
#     bash .clusterfuzzlite/local.sh [SECONDS]
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src" "$work/out"
ln -s "$repo" "$work/src/greduce"
SRC="$work/src" OUT="$work/out" CARGO_FUZZ_FLAGS="-s none" bash "$repo/.clusterfuzzlite/build.sh"
for target in "$work"/out/*; do
    name=$(basename "$target")
    mkdir -p "$work/corpus/$name"
    case "$name" in
        quickstart | deep_bug) expect_crash=1 ;;
        *) expect_crash=0 ;;
    esac
    if "$target" -max_total_time="$seconds" -artifact_prefix="$work/$name-" \
        "$work/corpus/$name" >"$work/$name.log" 2>&1; then
        echo "$name: ran ${seconds} s, no crash ($(grep -oE '^#[0-9]+' "$work/$name.log" | tail -1 | tr -d '#') executions)"
    elif [ "$expect_crash" = 1 ]; then
        echo "$name: found its bug (a crash, as expected)"
    else
        echo "$name: crashed" >&2
        tail -30 "$work/$name.log" >&2
        exit 1
    fi
done
