#!/usr/bin/env bash
# Regenerate GNU binutils 2.40's reference outputs for the DWARF fixtures of this
# directory into tests/golden/dwarf/, and record the tools' versions in
# tests/golden/dwarf/VERSIONS.
#
#     tests/data/dwarf/regen-golden.sh   # from anywhere; needs GNU readelf and addr2line 2.40
#
# Every command runs with LC_ALL=C from inside tests/data/dwarf (so messages name the
# file as plain "F" and the separate debug files are found beside it):
#   readelf/F@O1@O2….{out,err,rc}     `readelf O1 O2 … F`, for each ELF file F here and
#                                      each option set O in SETS below
#   addr2line/F@O1@O2….{out,err,rc}   `addr2line O1 O2 … -e F < F.addrs`, for each F
#                                      with an F.addrs (the executables; build.sh
#                                      writes the address lists)
#   llvm-symbolizer/F.out              `llvm-symbolizer --obj=F -f -i -C -a < F.addrs`, for
#                                      the F in LLVM_REFS below: not goldens, but what
#                                      the tests compare our addr2line with where GNU
#                                      2.40 is wrong (see tests/tests/dwarf_fixtures.rs)
# .out is stdout (always written), .err stderr (only when not empty; this directory's
# absolute path is written as @DATA@), .rc the exit status (only when not 0), as in
# tests/regen-golden.sh. A test running our tools must use the same working directory,
# arguments and input. These files come from the GNU tools only: never write our own
# output here.
set -euo pipefail
cd "$(dirname "$0")"
# shellcheck source=../../debug-sets.sh
. ../../debug-sets.sh
export LC_ALL=C LANG=C COLUMNS=80
READELF=${READELF:-readelf}
ADDR2LINE=${ADDR2LINE:-addr2line}
LLVM_SYMBOLIZER=${LLVM_SYMBOLIZER:-llvm-symbolizer}

for tool in "$READELF" "$ADDR2LINE"; do
  v=$("$tool" --version | head -1)
  case "$v" in
    "GNU readelf"*" 2.40" | "GNU addr2line"*" 2.40") ;;
    *) echo "regen-golden.sh: want GNU binutils 2.40, found: $v" >&2
       [ -n "${FORCE:-}" ] || exit 1 ;;
  esac
done

# The "debug" sets of shared/conformance/compare.py, in its order, then the two ways of
# (not) following links to separate debug files.
SETS=(
  "${DEBUG_SETS[@]}"
  "--debug-dump=follow-links"
  "--debug-dump=no-follow-links,info"
)
# The executables whose llvm-symbolizer output the tests use (their exemption list).
LLVM_REFS=(clang-dw5-exec clang-s390x-exec)
# addr2line: the options of the issue, and the same with one line a location.
A2L_SETS=(
  "-f -i -C -a"
  "-f -i -C -a -p -s"
)

out=../../golden/dwarf
rm -rf "$out/readelf" "$out/addr2line" "$out/llvm-symbolizer"
mkdir -p "$out/readelf" "$out/addr2line" "$out/llvm-symbolizer"
{
  "$READELF" --version | head -1
  "$ADDR2LINE" --version | head -1
  "$LLVM_SYMBOLIZER" --version | sed -n 's/^ *\(.*LLVM version.*\)/\1/p' | head -1
} >"$out/VERSIONS"

# Write stdout, stderr and status of one run as NAME.{out,err,rc} in DIR.
record() {
  local dir=$1 name=$2 rc=$3
  sed -i "s|$PWD|@DATA@|g" "$dir/$name.err"
  [ -s "$dir/$name.err" ] || rm -f "$dir/$name.err"
  [ "$rc" -eq 0 ] || echo "$rc" >"$dir/$name.rc"
}

fixtures=()
for f in *; do
  [ -f "$f" ] && [ "$(head -c 4 "$f")" = $'\x7fELF' ] && fixtures+=("$f")
done

n=0
for fx in "${fixtures[@]}"; do
  for set in "${SETS[@]}"; do
    # shellcheck disable=SC2206 # split the option set on spaces, on purpose
    opts=($set)
    name="$fx@$(IFS=@; printf "%s" "${opts[*]}")"
    rc=0
    "$READELF" "${opts[@]}" "$fx" >"$out/readelf/$name.out" 2>"$out/readelf/$name.err" || rc=$?
    record "$out/readelf" "$name" "$rc"
    n=$((n + 1))
  done
  [ -f "$fx.addrs" ] || continue
  for set in "${A2L_SETS[@]}"; do
    # shellcheck disable=SC2206
    opts=($set)
    name="$fx@$(IFS=@; printf "%s" "${opts[*]}")"
    rc=0
    "$ADDR2LINE" "${opts[@]}" -e "$fx" <"$fx.addrs" >"$out/addr2line/$name.out" \
      2>"$out/addr2line/$name.err" || rc=$?
    record "$out/addr2line" "$name" "$rc"
    n=$((n + 1))
  done
done

for fx in "${LLVM_REFS[@]}"; do
  "$LLVM_SYMBOLIZER" --obj="$fx" -f -i -C -a <"$fx.addrs" >"$out/llvm-symbolizer/$fx.out"
done

echo "regen-golden.sh: ${#fixtures[@]} fixtures, $n runs;" \
  "$(find "$out" -type f | wc -l) files, $(du -sb "$out" | cut -f1) bytes in tests/golden/dwarf"
