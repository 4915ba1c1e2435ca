#!/bin/sh
# Records GNU c++filt's answers for the cases of cases.list (run from anywhere; needs GNU
# c++filt 2.40 on PATH). Never run this with our c++filt.
set -eu
cd "$(dirname "$0")/cases"
c++filt --version | head -1 | grep -q ' 2\.40$' || { echo "need GNU c++filt 2.40" >&2; exit 1; }
grep -v '^#' ../cases.list | while IFS="$(printf '\t')" read -r name input args; do
    [ -n "$name" ] || continue
    if [ "$input" = - ]; then input=/dev/null; fi
    # shellcheck disable=SC2086
    set +e; c++filt $args < "$input" > "$name.out" 2> "$name.err"; echo $? > "$name.rc"; set -e
done
