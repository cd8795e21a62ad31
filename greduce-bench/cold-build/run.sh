#!/usr/bin/env bash
# The cold build of a user crate: greduce + rand + one derived type and one property, against
# proptest + proptest-derive with the same type (issue 45). Each round builds each crate's
# tests (`cargo test --no-run`, the dev profile) from an empty target directory, in turn, and
# prints the two wall times and their ratio; the medians come last. Dependencies are
# downloaded once, before the first round (not timed).
#
#   bash greduce-bench/cold-build/run.sh [ROUNDS] [GREDUCE_FEATURES]
#
# GREDUCE_FEATURES: `default` (greduce's default features) or `none`
# (`default-features = false`).
set -euo pipefail
rounds=${1:-5}
features=${2:-default}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

case $features in
default) greduce_dep="greduce = { path = '$root' }" ;;
none) greduce_dep="greduce = { path = '$root', default-features = false }" ;;
*) echo "GREDUCE_FEATURES is default or none" >&2; exit 2 ;;
esac

make_crate() { # name, dev-dependencies, source
    mkdir -p "$work/$1/src" "$work/$1/tests"
    printf '[package]\nname = "%s"\nversion = "0.0.0"\nedition = "2024"\npublish = false\n\n[dev-dependencies]\n%s\n\n[workspace]\n' \
        "$1" "$2" >"$work/$1/Cargo.toml"
    : >"$work/$1/src/lib.rs"
    cp "$3" "$work/$1/tests/order.rs"
}
make_crate with-greduce "$greduce_dep
rand = \"0.10\"" "$here/order.rs.greduce"
make_crate with-proptest 'proptest = "1"
proptest-derive = "0.8"' "$here/order.rs.proptest"

build() { # crate: its cold build's wall seconds
    rm -rf "$work/$1/target"
    local start end
    start=$(date +%s.%N)
    (cd "$work/$1" && cargo test --no-run -q >/dev/null 2>&1)
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", b - a }'
}
for crate in with-greduce with-proptest; do
    (cd "$work/$crate" && cargo fetch -q && cargo test --no-run -q >/dev/null 2>&1)
    echo "$crate: $(cd "$work/$crate" && cargo tree -e normal,dev --prefix none | sort -u | wc -l) crates"
done

greduce_times=()
proptest_times=()
ratios=()
for round in $(seq "$rounds"); do
    g=$(build with-greduce)
    p=$(build with-proptest)
    r=$(awk -v g="$g" -v p="$p" 'BEGIN { printf "%.3f", g / p }')
    greduce_times+=("$g")
    proptest_times+=("$p")
    ratios+=("$r")
    printf 'round %d: greduce %.1f s, proptest %.1f s, ratio %s\n' "$round" "$g" "$p" "$r"
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
printf 'median: greduce %.1f s, proptest %.1f s, ratio %s (greduce features: %s)\n' \
    "$(median "${greduce_times[@]}")" "$(median "${proptest_times[@]}")" "$(median "${ratios[@]}")" "$features"
