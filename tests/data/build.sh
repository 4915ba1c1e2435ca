#!/usr/bin/env bash
# Regenerate the fixtures in tests/data from the sources in tests/data/src.
#
#     tests/data/build.sh            # from anywhere; writes into tests/data
#
# Needs (Debian 12): gcc, the cross compilers gcc-{i686,aarch64,arm-linux-gnueabihf,
# riscv64,powerpc64,s390x,mips,hppa}-linux-gnu* with their libc6-dev-*-cross, binutils (ar,
# objcopy, readelf) and python3. Every command that makes a fixture is in this file;
# README.md says what each fixture is for and MANIFEST.tsv (written at the end) lists
# machine, class, byte order, type and size of each.
#
# The output is the same on every run with the same compilers (build-ids included),
# except x86_64.core, which is only made again with REBUILD_CORE=1 (see step 5).
# After a change, run tests/regen-golden.sh: the goldens are GNU readelf's view of these
# exact bytes.
set -euo pipefail
cd "$(dirname "$0")"
export LC_ALL=C

# Paths inside the DWARF are relative to tests/data ("./src/prog.c"), not absolute.
COMMON="-Os -g -ffile-prefix-map=$PWD=."
# Keep linked files small: no page-aligned padding between segments.
LDSMALL="-Wl,-z,noseparate-code -Wl,-z,max-page-size=4096 -Wl,-z,common-page-size=4096 -Wl,--build-id=sha1"

# name -> compiler triple
declare -A TRIPLE=(
  [x86_64]=x86_64-linux-gnu
  [i386]=i686-linux-gnu
  [aarch64]=aarch64-linux-gnu
  [armhf]=arm-linux-gnueabihf
  [riscv64]=riscv64-linux-gnu
  [ppc64]=powerpc64-linux-gnu
  [s390x]=s390x-linux-gnu
  [mips]=mips-linux-gnu
)
ARCHES="x86_64 i386 aarch64 armhf riscv64 ppc64 s390x mips"

run() { echo "+ $*"; "$@"; }

# --- 1. Per machine: a relocatable object, a static executable, a shared library ---
for a in $ARCHES; do
  t=${TRIPLE[$a]}
  # Relocatable object with DWARF 5 and .rela.debug_* (.rel.debug_* on i386/armhf/mips).
  run "$t-gcc" $COMMON -c src/prog.c -o "$a.o"
  # Static executable without libc: ET_EXEC, no dynamic section, own _start.
  run "$t-gcc" $COMMON -nostdlib -static -Wl,-e,_start $LDSMALL src/prog.c -o "$a-exec"
  # Shared library, no libc: .dynsym, .gnu.version{,_d}, two versions of `fib`.
  run "$t-gcc" $COMMON -fPIC -shared -nostdlib $LDSMALL \
      -Wl,--version-script=src/lib.map -Wl,-soname,libhello.so.1 src/lib.c -o "$a.so"
done

# --- 2. Dynamically linked against glibc: .interp, PLT/GOT, GLIBC_* version needs ---
for a in x86_64 i386 aarch64 mips; do
  t=${TRIPLE[$a]}
  run "$t-gcc" $COMMON $LDSMALL src/main.c -o "$a-dyn"
done

# --- 3. Compressed debug sections: every kind, both classes, both byte orders ---
# SHF_COMPRESSED + ELFCOMPRESS_ZLIB, from the compiler (gcc passes it to gas).
run gcc $COMMON -gz=zlib -c src/prog.c -o x86_64-gz-zlib.o
run mips-linux-gnu-gcc $COMMON -gz=zlib -c src/prog.c -o mips-gz-zlib.o
# SHF_COMPRESSED + ELFCOMPRESS_ZSTD (gcc 12 has no -gz=zstd; objcopy 2.40 has zstd).
run s390x-linux-gnu-objcopy --compress-debug-sections=zstd s390x.o s390x-zstd.o
run i686-linux-gnu-objcopy --compress-debug-sections=zstd i386-exec i386-zstd-exec
# Legacy .zdebug_* sections ("ZLIB" + big-endian size).
run aarch64-linux-gnu-objcopy --compress-debug-sections=zlib-gnu aarch64.o aarch64-zdebug.o
run arm-linux-gnueabihf-objcopy --compress-debug-sections=zlib-gnu armhf.o armhf-zdebug.o

# --- 4. An archive member with a long name, a GNU archive and a thin archive ---
run gcc $COMMON -c src/a_member_with_a_long_name.c -o a_member_with_a_long_name.o
rm -f libhello.a libhello-thin.a
# Debian's ar is deterministic (D) by default: zero dates, uids and gids, mode 644.
run ar rcD libhello.a x86_64.o a_member_with_a_long_name.o
run ar rcD --thin libhello-thin.a x86_64.o a_member_with_a_long_name.o

# --- 5. A core file: the static x86-64 program, killed with SIGQUIT ---
# coredump_filter 0x10 keeps only the ELF-header page of file mappings (the stack and
# data are left out), and setarch -R turns off address randomisation: about 48 KB, most
# of it the kernel's vvar and vDSO pages. A core is never the same twice (registers,
# kernel), so an existing x86_64.core is kept unless REBUILD_CORE=1; regenerate the
# goldens (tests/regen-golden.sh) after changing it. Needs a kernel core_pattern that
# writes a plain file ("core" here); if the machine pipes cores elsewhere the committed
# x86_64.core is kept.
if [ -f x86_64.core ] && [ -z "${REBUILD_CORE:-}" ]; then
  echo "keeping x86_64.core (REBUILD_CORE=1 makes a new one)"
else
  core_dir=$(mktemp -d)
  cp x86_64-exec "$core_dir/prog"
  (
    cd "$core_dir"
    ulimit -c unlimited
    echo 0x10 >/proc/self/coredump_filter
    setarch "$(uname -m)" -R timeout -s QUIT 0.5 ./prog || true
  ) 2>/dev/null
  core=$(ls "$core_dir"/core* 2>/dev/null | head -1 || true)
  if [ -n "$core" ]; then
    run cp "$core" x86_64.core
    chmod 644 x86_64.core
  else
    echo "WARNING: no core dump written (core_pattern: $(cat /proc/sys/kernel/core_pattern)); keeping x86_64.core"
  fi
  rm -rf "$core_dir"
fi

# --- 6. Crafted files ---
# 6a. LoongArch: the riscv64 object (no linker relaxation, no .riscv.attributes) with
#     e_machine = EM_LOONGARCH (258), e_flags = LP64D | OBJ-v1 (0x43) and each
#     relocation type renamed to its LoongArch counterpart. GNU objcopy 2.40 refuses it
#     ("Unable to recognise the format"); libelf must still (de)compress its debug sections.
# 6b. Extended section numbering: x86_64.o with e_shnum = 0 (count in section 0's
#     sh_size) and e_shstrndx = SHN_XINDEX (index in section 0's sh_link).
run riscv64-linux-gnu-gcc $COMMON -mno-relax -mno-riscv-attribute -c src/prog.c -o loongarch64.tmp.o
python3 - <<'EOF'
import struct

def sections(b):
    shoff, = struct.unpack_from('<Q', b, 0x28)
    shentsize, shnum = struct.unpack_from('<HH', b, 0x3a)
    return [(shoff + i * shentsize,) + struct.unpack_from('<IIQQQQIIQQ', b, shoff + i * shentsize)
            for i in range(shnum)]

# 6a. RISC-V -> LoongArch relocation types (psABI numbers).
RISCV_TO_LARCH = {
    1: 1,     # R_RISCV_32 -> R_LARCH_32
    2: 2,     # R_RISCV_64 -> R_LARCH_64
    19: 66,   # R_RISCV_CALL_PLT -> R_LARCH_B26
    23: 71,   # R_RISCV_PCREL_HI20 -> R_LARCH_PCALA_HI20
    24: 72,   # R_RISCV_PCREL_LO12_I -> R_LARCH_PCALA_LO12
    25: 72,   # R_RISCV_PCREL_LO12_S -> R_LARCH_PCALA_LO12
    33: 47, 34: 48, 35: 50, 36: 51,   # R_RISCV_ADD8/16/32/64 -> R_LARCH_ADD8/16/32/64
    37: 52, 38: 53, 39: 55, 40: 56,   # R_RISCV_SUB8/16/32/64 -> R_LARCH_SUB8/16/32/64
    44: 64,   # R_RISCV_RVC_BRANCH -> R_LARCH_B16
    45: 66,   # R_RISCV_RVC_JUMP -> R_LARCH_B26
}
b = bytearray(open('loongarch64.tmp.o', 'rb').read())
struct.pack_into('<H', b, 18, 258)      # e_machine = EM_LOONGARCH
struct.pack_into('<I', b, 48, 0x43)     # e_flags = EF_LARCH_ABI_DOUBLE_FLOAT | EF_LARCH_OBJABI_V1
for (_, name, typ, flags, addr, off, size, link, info, align, ent) in sections(b):
    if typ == 4:                        # SHT_RELA
        for r in range(off, off + size, 24):
            r_info, = struct.unpack_from('<Q', b, r + 8)
            t = RISCV_TO_LARCH[r_info & 0xffffffff]
            struct.pack_into('<Q', b, r + 8, (r_info >> 32) << 32 | t)
open('loongarch64-patched.o', 'wb').write(b)

# 6b. Extended numbering.
b = bytearray(open('x86_64.o', 'rb').read())
shoff, = struct.unpack_from('<Q', b, 0x28)
shnum, shstrndx = struct.unpack_from('<HH', b, 0x3c)
struct.pack_into('<HH', b, 0x3c, 0, 0xffff)        # e_shnum = 0, e_shstrndx = SHN_XINDEX
struct.pack_into('<Q', b, shoff + 0x20, shnum)     # section 0 sh_size = count
struct.pack_into('<I', b, shoff + 0x28, shstrndx)  # section 0 sh_link = shstrndx
open('x86_64-extnum.o', 'wb').write(b)
EOF
rm -f loongarch64.tmp.o
chmod 644 ./*.o ./*.a

# --- 8. HP-PA unwind tables (readelf -u decodes .PARISC.unwind) ---
# Needs gcc-hppa-linux-gnu. The object's table is relocated (R_PARISC_SEGREL32); the
# library's is relative to its segment. -nostdlib: no crt files, so only our functions.
run hppa-linux-gnu-gcc -O2 -fno-asynchronous-unwind-tables -c src/unwind.c -o hppa-unwind.o
run hppa-linux-gnu-gcc -O2 -fno-asynchronous-unwind-tables -shared -fPIC -nostdlib \
  -Wl,--build-id=sha1 -Wl,-z,noseparate-code -o hppa-unwind.so src/unwind.c
chmod 644 hppa-unwind.o hppa-unwind.so

# --- 9. objdump's disassembly fixtures (tests/data/objdump/, outside the fixture list the
# readelf goldens cover): bytes cut from real programs, assembled with .byte ---
mkdir -p objdump
run as --64 -o objdump/x86-64-data.o src/x86-64-data.s
run strip --strip-debug objdump/x86-64-data.o
run as --32 -o objdump/i386-data.o src/i386-data.s
run strip --strip-debug objdump/i386-data.o
chmod 644 objdump/*.o

# --- 10. objdump's -S/--source fixtures (own script: their DWARF names their source
# relative to tools/objdump, where the goldens run) ---
run source/build.sh

# --- 7. MANIFEST.tsv: name, machine, class, byte order, type, size ---
{
  printf 'name\tmachine\tclass\tendianness\ttype\tsize_bytes\n'
  for f in $(ls | grep -v -e '^dwarf$' -e '^objdump$' -e '^source$' -e '^src$' -e '\.md$' -e '\.sh$' -e '\.tsv$' | sort); do
    size=$(stat -c %s "$f")
    case "$(head -c 7 "$f" | tr -d '\0')" in
      '!<arch>'*) printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$f" x86-64 ELF64 little 'AR (GNU)' "$size"; continue ;;
      '!<thin>'*) printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$f" x86-64 ELF64 little 'AR (thin)' "$size"; continue ;;
    esac
    h=$(readelf -h "$f")
    field() { echo "$h" | sed -n "s/^ *$1: *//p" | head -1; }
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$f" "$(field Machine)" "$(field Class)" \
      "$(field Data | sed 's/.*, \(little\|big\) endian/\1/')" "$(field Type | sed -e 's/ (Position-Independent Executable file)/ (PIE)/' \
      -e 's/ (Shared object file)/ (shared)/' -e 's/ (.* file)$//')" "$size"
  done
} >MANIFEST.tsv
echo "fixtures: $(($(wc -l <MANIFEST.tsv) - 1)) files, $(du -cb $(tail -n +2 MANIFEST.tsv | cut -f1) | tail -1 | cut -f1) bytes"
