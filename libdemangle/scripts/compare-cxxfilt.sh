#!/bin/sh
# Compare GNU c++filt with our cxxfilt over a list of names (one per line).
#
# usage: compare-cxxfilt.sh LIST [c++filt options...]
#
# Both tools read LIST on standard input (the "embedded names" mode), so the
# options given after LIST (e.g. -p, -i, -t) apply to both. Prints
# "N/M identical (P%)" and the first differences (GNU first, then ours).
# Environment: GNU_CXXFILT (default c++filt), OUR_CXXFILT (default: build and
# use target/release/cxxfilt), SHOW (number of differences to show, default 10).
set -eu

if [ $# -lt 1 ]; then
    echo "usage: $0 LIST [c++filt options...]" >&2
    exit 2
fi
list=$1
shift

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
gnu=${GNU_CXXFILT:-c++filt}
show=${SHOW:-10}
if [ -z "${OUR_CXXFILT:-}" ]; then
    (cd "$root" && cargo build --quiet --release -p cxxfilt)
    OUR_CXXFILT=$root/target/release/cxxfilt
fi
command -v "$gnu" >/dev/null 2>&1 || { echo "$0: $gnu not found" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$gnu" "$@" <"$list" >"$tmp/gnu"
"$OUR_CXXFILT" "$@" <"$list" >"$tmp/ours"

paste -d '\001' "$list" "$tmp/gnu" "$tmp/ours" | awk -F '\001' -v show="$show" '
    { total++ }
    $2 == $3 { same++; next }
    shown < show {
        shown++
        printf "--- %s\n  gnu:  %s\n  ours: %s\n", $1, $2, $3 > "/dev/stderr"
    }
    END {
        if (total == 0) total = 1
        printf "%d/%d identical (%.3f%%)\n", same, total, 100 * same / total
    }'
