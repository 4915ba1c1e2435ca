#!/usr/bin/env bash
# Regenerate the GNU readelf reference outputs in tests/golden/readelf/ from the
# fixtures in tests/data/, and record the readelf version in tests/golden/VERSIONS.
#
#     tests/regen-golden.sh            # from anywhere; needs GNU readelf 2.40 on PATH
#
# For each fixture F and each option set O below, readelf runs as `readelf O F` with
# LC_ALL=C, from inside tests/data/ (so messages name the file as plain "F"), and writes
#     tests/golden/readelf/F@O1@O2….out    stdout (always written, even when empty)
#     tests/golden/readelf/F@O1@O2….err    stderr, only when not empty
#     tests/golden/readelf/F@O1@O2….rc     the exit status, only when not 0
# e.g. x86_64.o@-S@-W.out for `readelf -S -W x86_64.o`. A test running our readelf must
# use the same working directory and arguments.
#
# The option sets are the "core" sets of shared/conformance/compare.py. These files come
# from GNU readelf only: never write our own output here.
set -euo pipefail
cd "$(dirname "$0")"
# shellcheck source=debug-sets.sh
. ./debug-sets.sh
export LC_ALL=C LANG=C COLUMNS=80
READELF=${READELF:-readelf}

version=$("$READELF" --version | head -1)
case "$version" in
  "GNU readelf"*" 2.40") ;;
  *) echo "regen-golden.sh: want GNU readelf 2.40, found: $version" >&2
     [ -n "${FORCE:-}" ] || exit 1 ;;
esac

# One option set a line (the "core" sets of compare.py, in its order).
SETS=(
  "-h"
  "-l -W"
  "-S -W"
  "-s -W"
  "--dyn-syms -W"
  "-r -W"
  "-d -W"
  "-n"
  "-V"
  "-g -W"
  "-t -W"
  "-I"
  "-A"
  "-e -W"
  "-a -W"
  "-l"
  "-S"
  "-s"
  "-r"
  "-p .comment"
  "-x .interp"
  "-x 1"
  "-z -x .debug_str"
  "-c"
  "-D -s -W"
  "-s -W -C"
  "-u"
  "${DEBUG_SETS[@]}"
)

out=golden/readelf
rm -rf "$out"
mkdir -p "$out"
echo "$version" >golden/VERSIONS

# The fixtures: every file of tests/data that starts with an ELF or ar magic string.
fixtures=()
for f in data/*; do
  [ -f "$f" ] || continue
  case "$(head -c 8 "$f" | tr -d '\0')" in
    $'\x7fELF'* | '!<arch>' | '!<thin>') fixtures+=("$(basename "$f")") ;;
  esac
done

for fx in "${fixtures[@]}"; do
  for set in "${SETS[@]}"; do
    # shellcheck disable=SC2206 # split the option set on spaces, on purpose
    opts=($set)
    name="$fx@$(IFS=@; printf "%s" "${opts[*]}")"
    rc=0
    (cd data && "$READELF" "${opts[@]}" "$fx") >"$out/$name.out" 2>"$out/$name.err" || rc=$?
    # The checkout's absolute path (debug-file search warnings) is written as @DATA@.
    sed -i "s|$PWD/data|@DATA@|g" "$out/$name.err"
    [ -s "$out/$name.err" ] || rm -f "$out/$name.err"
    [ "$rc" -eq 0 ] || echo "$rc" >"$out/$name.rc"
  done
done

echo "regen-golden.sh: ${#fixtures[@]} fixtures x ${#SETS[@]} option sets;" \
  "$(find "$out" -type f | wc -l) files, $(du -sb "$out" | cut -f1) bytes in $out"

# Malformed objects described in elfc's notation (tests/malformed/NAME.elfc, options in
# NAME.opts): compiled by our elfc, displayed by GNU readelf from a scratch directory so
# the object is named NAME.o.
mout=golden/malformed
rm -rf "$mout"
mkdir -p "$mout"
cargo build -q --release -p elfc --manifest-path ../Cargo.toml
elfc=../target/release/elfc
scratch=$(mktemp -d)
for desc in malformed/*.elfc; do
  n=$(basename "$desc" .elfc)
  "$elfc" -o "$scratch/$n.o" "$desc"
  # One run a line of NAME.opts: line 1 gives NAME.*, line K gives NAME.K.*.
  k=0
  while IFS= read -r opts; do
    [ -n "${opts// /}" ] || continue
    k=$((k + 1))
    stem=$n
    [ "$k" -eq 1 ] || stem=$n.$k
    rc=0
    # shellcheck disable=SC2086 # the options are space-separated
    (cd "$scratch" && "$READELF" $opts "$n.o") >"$mout/$stem.out" 2>"$mout/$stem.err" || rc=$?
    [ -s "$mout/$stem.err" ] || rm -f "$mout/$stem.err"
    [ "$rc" -eq 0 ] || echo "$rc" >"$mout/$stem.rc"
  done <"malformed/$n.opts"
done
rm -rf "$scratch"
echo "regen-golden.sh: $(ls malformed/*.elfc | wc -l) malformed descriptions in $mout"
