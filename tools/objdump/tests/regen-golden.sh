#!/bin/sh
# Make the goldens of tests/golden again with GNU objdump 2.40 (never ours): one
# `FIXTURE@OPT@OPT.out` (stdout) and `.rc` (exit status) for each line of
# tests/golden/LIST ("FIXTURE OPTIONS…"), run from this crate's directory on
# ../../tests/data/FIXTURE (else this crate's tests/data/FIXTURE) with LC_ALL=C, `/` in
# the name made `_`, the workspace's absolute path `@ROOT@`. The -S fixtures (source/) name their source relative to this directory, so GNU finds it.
set -eu
cd "$(dirname "$0")/.."
objdump --version | head -1 > tests/golden/VERSION
# A separate debug file is named by its full path: the workspace's is saved as @ROOT@.
root="$(cd ../.. && pwd -P)"
while read -r fixture opts; do
    [ -n "$fixture" ] || continue
    name="$(echo "$fixture@$opts" | tr ' /' '@_')"
    path="../../tests/data/$fixture"
    [ -f "$path" ] || path="tests/data/$fixture"
    # shellcheck disable=SC2086
    LC_ALL=C objdump $opts "$path" > "tests/golden/$name.out" 2>/dev/null && rc=0 || rc=$?
    sed -i "s|$root|@ROOT@|g" "tests/golden/$name.out"
    echo "$rc" > "tests/golden/$name.rc"
done < tests/golden/LIST
