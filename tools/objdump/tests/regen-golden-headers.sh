#!/bin/sh
# Regenerate tools/objdump/tests/golden-headers/ from GNU objdump 2.40 (binutils-multiarch):
# for each fixture of tests/data and each option set below, GNU's standard output in
# FIXTURE@OPTS.out and, when not 0, its exit status in FIXTURE@OPTS.rc. Run from anywhere;
# GNU runs from the workspace root on the relative path tests/data/FIXTURE, as the test
# (tests/headers_golden.rs) runs ours.
set -eu
root=$(cd "$(dirname "$0")/../../.." && pwd)
out="$root/tools/objdump/tests/golden-headers"
objdump --version | head -1 | grep -q ' 2\.40$' || { echo "need GNU objdump 2.40" >&2; exit 1; }
rm -f "$out"/*.out "$out"/*.rc
cd "$root"
fixtures="aarch64-exec aarch64.o aarch64.so armhf-exec armhf.o armhf.so i386-exec i386.o
  i386.so mips-exec mips.o mips.so ppc64-exec ppc64.o riscv64-exec riscv64.o s390x-exec
  s390x.o x86_64-dyn x86_64-exec x86_64.o x86_64.so x86_64-gz-zlib.o aarch64-zdebug.o
  libhello.a libhello-thin.a x86_64.core"
for f in $fixtures; do
  for opts in "-f -h -p" "-t -T -w" "-s" "-h -w" "-t -C" "-a" "-w -f -p -T" \
              "-s -j .data --start-address=0x10" "-Wi"; do
    case "$f:$opts" in
      *.o:*|*.a:*) ;;
      *:-s|*:-Wi) continue ;;  # whole contents and DWARF: the small files only
    esac
    name="$f@$(echo "$opts" | tr ' ' '_')"
    rc=0
    LC_ALL=C objdump $opts "tests/data/$f" > "$out/$name.out" 2>/dev/null || rc=$?
    [ "$rc" = 0 ] || echo "$rc" > "$out/$name.rc"
  done
done
