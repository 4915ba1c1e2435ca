#!/usr/bin/env bash
# Build the DWARF fixtures of tests/data/dwarf from the sources in src/.
#
#     tests/data/dwarf/build.sh        # from anywhere; writes into tests/data/dwarf
#
# Needs (Debian 12): gcc/g++ 12, clang/clang++ 14 (with the gcc cross toolchains for
# s390x and mips, whose linkers clang uses), binutils 2.40 (ld, ld.gold, objcopy, dwp),
# the cross gcc for mips-linux-gnu, llvm-dwp 14, dwz 0.15 and python3.
# README.md says what each fixture is for; MANIFEST.tsv (written at the end) lists the
# DWARF version, machine, class, byte order, type and size of each, and
# VERSIONS the tools that made them. Every command that makes a fixture is here.
#
# The output is the same on every run with the same tools: no absolute path reaches a
# fixture (-ffile-prefix-map maps the build directory to "."; split-DWARF objects are
# compiled with relative names), and every linked file has a sha1 build-id.
# After a change, run regen-golden.sh here: the goldens are GNU's view of these bytes.
set -euo pipefail
cd "$(dirname "$0")"
export LC_ALL=C
# Nothing that clang or gcc might pick up from the environment.
unset CFLAGS CXXFLAGS LDFLAGS GCC_EXEC_PREFIX COMPILER_PATH SOURCE_DATE_EPOCH

run() { echo "+ $*"; "$@"; }

# The fixtures made by this script: removed first so a stale file cannot survive.
FIXTURES=(
  gcc-dw4.o gcc-dw4-exec gcc-dw5-exec gcc-dw5-other-exec gcc-dw5-g3.o gcc-i386-dw4.o gcc-mips-dw4-exec
  clang-dw4.o clang-dw4-exec clang-dw5.o clang-dw5-exec clang-dw4-macro.o
  clang-s390x.o clang-s390x-exec clang-i386-dw4-exec
  gcc-cxx-exec clang-cxx-exec gcc-cxx-O0-exec
  gcc-split.o gcc-split.dwo gcc-split-exec gcc-split-util.dwo
  gcc-dw4-split.o gcc-dw4-split.dwo gcc-dw4-split-exec gcc-dw4-split-exec.dwp
  clang-split.o clang-split.dwo clang-split-exec clang-split-exec.dwp
  gcc-dw4-zlib-exec clang-dw5-zlib.o clang-dw5-zstd-exec
  debuglink-exec debuglink-exec.debug
  dwz-a dwz-b dwz-common.debug
  gold-gdb-index-exec
)
rm -f "${FIXTURES[@]}" ./*.addrs

# The build directory is "." in every DW_AT_comp_dir, DW_AT_name and line table.
MAP="-ffile-prefix-map=$PWD=."
# Freestanding static programs (own _start, no libc), small: no page-aligned padding.
LDFREE="-nostdlib -static -Wl,-e,_start -Wl,--build-id=sha1 -Wl,-z,max-page-size=4096 -Wl,-z,common-page-size=4096"
LDSMALL="$LDFREE -Wl,-z,noseparate-code"
O2="-O2 $MAP"
C=(src/main.c src/util.c)

# --- 1. gcc 12 and clang 14, DWARF 4 and 5, -O2 (inline chains) ---
run gcc $O2 -gdwarf-4 -c src/main.c -o gcc-dw4.o
run gcc $O2 -gdwarf-4 -gpubnames $LDSMALL "${C[@]}" -o gcc-dw4-exec   # .debug_pubnames/pubtypes
run gcc $O2 -gdwarf-5 $LDSMALL "${C[@]}" -o gcc-dw5-exec
run gcc $O2 -gdwarf-5 $LDSMALL src/other.c src/util.c -o gcc-dw5-other-exec
run gcc $O2 -gdwarf-5 -g3 -c src/main.c -o gcc-dw5-g3.o               # .debug_macro v5
run clang $O2 -gdwarf-4 -c src/main.c -o clang-dw4.o
run clang $O2 -gdwarf-4 $LDSMALL "${C[@]}" -o clang-dw4-exec
run clang $O2 -gdwarf-5 -c src/main.c -o clang-dw5.o
run clang $O2 -gdwarf-5 -gpubnames $LDSMALL "${C[@]}" -o clang-dw5-exec # .debug_names
run clang $O2 -gdwarf-4 -fdebug-macro -c src/main.c -o clang-dw4-macro.o # .debug_macinfo

# --- 2. Big-endian and 32-bit ---
run i686-linux-gnu-gcc $O2 -gdwarf-4 -c src/main.c -o gcc-i386-dw4.o  # .rel.debug_*
run mips-linux-gnu-gcc $O2 -gdwarf-4 $LDSMALL "${C[@]}" -o gcc-mips-dw4-exec
run clang --target=s390x-linux-gnu $O2 -gdwarf-5 -c src/main.c -o clang-s390x.o
run clang --target=s390x-linux-gnu $O2 -gdwarf-5 $LDSMALL "${C[@]}" -o clang-s390x-exec
run clang --target=i686-linux-gnu $O2 -gdwarf-4 $LDSMALL "${C[@]}" -o clang-i386-dw4-exec

# --- 3. C++: mangled names, templates, member functions inlined ---
CXX="-fno-exceptions -fno-rtti -fno-asynchronous-unwind-tables"
run g++ $O2 -gdwarf-5 $CXX $LDSMALL src/cxx.cc -o gcc-cxx-exec
run clang++ $O2 -gdwarf-4 $CXX $LDSMALL src/cxx.cc -o clang-cxx-exec
# -O0 with internal linkage (no DW_AT_linkage_name): GNU takes those names from symbols.
run g++ -O0 $MAP -gdwarf-5 $CXX $LDSMALL src/anon.cc -o gcc-cxx-O0-exec

# --- 4. Split DWARF ---
# 4a. Objects and their .dwo (DW_AT_dwo_name "NAME.dwo", comp_dir "."): gcc DWARF 5,
#     gcc DWARF 4 (GNU extensions: DW_AT_GNU_dwo_id, DW_FORM_GNU_addr_index) and clang.
run gcc $O2 -gdwarf-5 -gsplit-dwarf -c src/main.c -o gcc-split.o
run gcc $O2 -gdwarf-4 -gsplit-dwarf -c src/main.c -o gcc-dw4-split.o
run clang $O2 -gdwarf-5 -gsplit-dwarf -c src/main.c -o clang-split.o
# 4b. A gcc DWARF 5 executable with its .dwo files beside it (unpackaged): linked from
#     gcc-split.o and util.c's object, whose .dwo is kept. (No .dwp: GNU dwp 2.40
#     crashes and llvm-dwp 14 loops on gcc 12's DWARF 5 .dwo files.)
run gcc $O2 -gdwarf-5 -gsplit-dwarf -c src/util.c -o gcc-split-util.o
run gcc $LDSMALL gcc-split.o gcc-split-util.o -o gcc-split-exec
rm -f gcc-split-util.o
# 4c. Executables with a .dwp and no .dwo files (as shipped): GNU dwp for gcc DWARF 4
#     (index version 2), llvm-dwp for clang DWARF 5 (index version 5). The objects are
#     compiled in a scratch directory, also mapped to ".", so the .dwo names they
#     record ("NAME-main.dwo", "NAME-util.dwo") name no file here.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -r src "$scratch/"
(
  cd "$scratch"
  M="-O2 -ffile-prefix-map=$PWD=."
  run gcc $M -gdwarf-4 -gsplit-dwarf -c src/main.c -o gcc-dw4-split-exec-main.o
  run gcc $M -gdwarf-4 -gsplit-dwarf -c src/util.c -o gcc-dw4-split-exec-util.o
  run gcc $LDSMALL gcc-dw4-split-exec-*.o -o gcc-dw4-split-exec
  run dwp -e gcc-dw4-split-exec -o gcc-dw4-split-exec.dwp
  run clang $M -gdwarf-5 -gsplit-dwarf -c src/main.c -o clang-split-exec-main.o
  run clang $M -gdwarf-5 -gsplit-dwarf -c src/util.c -o clang-split-exec-util.o
  run clang $LDSMALL clang-split-exec-*.o -o clang-split-exec
  run llvm-dwp -e clang-split-exec -o clang-split-exec.dwp
)
cp "$scratch"/{gcc-dw4-split-exec,gcc-dw4-split-exec.dwp,clang-split-exec,clang-split-exec.dwp} .

# --- 5. Compressed debug sections ---
run gcc $O2 -gdwarf-4 -gz=zlib $LDSMALL "${C[@]}" -o gcc-dw4-zlib-exec  # ld compresses
run clang $O2 -gdwarf-5 -gz=zlib -c src/main.c -o clang-dw5-zlib.o
run objcopy --compress-debug-sections=zstd clang-dw5-exec clang-dw5-zstd-exec

# --- 6. A .gnu_debuglink pair: the stripped program and its debug file ---
run objcopy --only-keep-debug gcc-dw5-exec debuglink-exec.debug
run objcopy --strip-debug --add-gnu-debuglink=debuglink-exec.debug gcc-dw5-exec debuglink-exec

# --- 7. A dwz pair: two programs sharing util.c, their common DIEs in dwz-common.debug ---
# Before dwz, dwz-a and dwz-b are gcc-dw5-exec and gcc-dw5-other-exec (kept as fixtures:
# what addr2line says about them is what it should say about the dwz pair).
run cp gcc-dw5-exec dwz-a
run cp gcc-dw5-other-exec dwz-b
run dwz -m dwz-common.debug dwz-a dwz-b   # .gnu_debugaltlink "dwz-common.debug"

# --- 8. gold's .gdb_index (gold has no -z noseparate-code) ---
run gcc $O2 -gdwarf-4 -fuse-ld=gold $LDFREE -Wl,--gdb-index "${C[@]}" -o gold-gdb-index-exec

chmod 644 "${FIXTURES[@]}"

# --- 9. Addresses for addr2line: F.addrs for each executable F ---
# Every address that starts a row of F's line table (from the debug file for the
# stripped debuglink-exec), the function symbols, and two addresses outside any code
# (0 and past the end of .text), sorted, one a line: 51 to 167 addresses a program.
for f in gcc-dw4-exec gcc-dw5-exec gcc-dw5-other-exec gcc-mips-dw4-exec clang-dw4-exec clang-dw5-exec \
    clang-s390x-exec clang-i386-dw4-exec gcc-cxx-exec clang-cxx-exec gcc-cxx-O0-exec gcc-split-exec \
    gcc-dw4-split-exec clang-split-exec gcc-dw4-zlib-exec clang-dw5-zstd-exec \
    debuglink-exec dwz-a dwz-b gold-gdb-index-exec; do
  src=$f
  [ "$f" = debuglink-exec ] && src=debuglink-exec.debug
  python3 - "$f" "$src" <<'EOF'
import re, subprocess, sys
f, src = sys.argv[1], sys.argv[2]
def run(*a):
    return subprocess.run(a, check=True, capture_output=True, text=True).stdout
addrs = set()
# Rows of the decoded line table: "file  line  address  view  stmt".
rows = set()
for line in run("readelf", "--debug-dump=decodedline", "-wN", src).splitlines():
    m = re.match(r"^\S+\s+(\d+|-)\s+(0x[0-9a-f]+)", line)
    if m:
        rows.add(int(m.group(2), 16))
addrs.update(rows)
text_end = 0
for line in run("readelf", "-S", "-W", f).splitlines():
    m = re.match(r"^\s*\[\s*\d+\]\s+\.text\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
    if m:
        text_end = int(m.group(1), 16) + int(m.group(2), 16)
for line in run("readelf", "-s", "-W", src).splitlines():
    p = line.split()
    if len(p) >= 8 and p[3] == "FUNC":
        addrs.add(int(p[1], 16))
addrs.discard(0)
out = ["0x0"] + ["0x%x" % a for a in sorted(addrs)] + ["0x%x" % (text_end + 0x100)]
open(f + ".addrs", "w").write("\n".join(out) + "\n")
EOF
done

# --- 10. MANIFEST.tsv and VERSIONS ---
{
  printf 'name\tdwarf\tmachine\tclass\tendianness\ttype\tsize_bytes\n'
  for f in "${FIXTURES[@]}"; do
    h=$(readelf -h "$f")
    field() { echo "$h" | sed -n "s/^ *$1: *//p" | head -1; }
    # The unit versions in the file's own .debug_info (or .debug_info.dwo).
    info=$(readelf --debug-dump=info -wN "$f" 2>/dev/null || true)
    dwarf=$(echo "$info" | sed -n 's/^ *Version: *\([0-9]\)$/\1/p' | sort -u | tr '\n' ',' | sed 's/,$//')
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$f" "${dwarf:--}" \
      "$(field Machine)" "$(field Class)" \
      "$(field Data | sed 's/.*, \(little\|big\) endian/\1/')" \
      "$(field Type | sed -e 's/ (.*//')" "$(stat -c %s "$f")"
  done
} >MANIFEST.tsv
{
  gcc --version | head -1
  i686-linux-gnu-gcc --version | head -1
  mips-linux-gnu-gcc --version | head -1
  clang --version | head -1
  ld --version | head -1
  ld.gold --version | head -1
  objcopy --version | head -1
  dwp --version | head -1
  llvm-dwp --version | sed -n 's/^ *\(.*LLVM version.*\)/\1/p' | head -1
  dwz --version 2>&1 | head -1
} >VERSIONS
echo "fixtures: ${#FIXTURES[@]} files, $(du -cb "${FIXTURES[@]}" | tail -1 | cut -f1) bytes"
