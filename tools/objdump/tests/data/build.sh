#!/bin/sh
# Make this crate's own fixtures (machines the workspace's tests/data lacks) from
# plt.c with Debian 12's cross compilers (gcc 12.2, binutils 2.40):
# gcc-sparc64-linux-gnu (64-bit and -m32), gcc-m68k-linux-gnu and gcc-powerpc64-linux-gnu
# (ELFv1: PLT names on the glink branch table). Shared objects
# without libc (-nostdlib), so the calls go through PLT entries.
set -eu
cd "$(dirname "$0")"
flags="-O2 -fPIC -shared -nostdlib -Wl,--build-id=none"
# shellcheck disable=SC2086
sparc64-linux-gnu-gcc $flags -Wl,-z,max-page-size=0x2000 -o sparc64-plt.so plt.c
# shellcheck disable=SC2086
sparc64-linux-gnu-gcc -m32 $flags -Wl,-z,max-page-size=0x2000 -o sparc-plt.so plt.c
# shellcheck disable=SC2086
m68k-linux-gnu-gcc $flags -o m68k-plt.so plt.c
# shellcheck disable=SC2086
powerpc64-linux-gnu-gcc $flags -Wl,-z,max-page-size=0x1000 -Wl,-z,common-page-size=0x1000 \
    -o ppc64-plt.so plt.c
# fuzz-huge-bss.o is not made here: it is the objdump_disasm fuzzer's input (an
# x86-64 object whose .bss claims 0x70000000040 bytes), kept as found.
# srcdemo-text.bin: the raw .text of tests/data/source/srcdemo.o, for `-b binary -m …`.
objcopy -O binary --only-section=.text ../../../../tests/data/source/srcdemo.o srcdemo-text.bin
