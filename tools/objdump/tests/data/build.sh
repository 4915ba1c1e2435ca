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
# ppc64-plt-g.so: the same with DWARF (-l names functions through their .opd descriptors)
# shellcheck disable=SC2086
powerpc64-linux-gnu-gcc $flags -g -Wl,-z,max-page-size=0x1000 -Wl,-z,common-page-size=0x1000 \
    -fdebug-prefix-map="$PWD"=/src -o ppc64-plt-g.so plt.c
# fuzz-huge-bss.o is not made here: it is the objdump_disasm fuzzer's input (an
# x86-64 object whose .bss claims 0x70000000040 bytes), kept as found.
# srcdemo-text.bin: the raw .text of tests/data/source/srcdemo.o, for `-b binary -m …`.
objcopy -O binary --only-section=.text ../../../../tests/data/source/srcdemo.o srcdemo-text.bin
# lines/: -l fixtures (x86-64, Debian 12's gcc 12.2), built in lines/ with
# -fdebug-prefix-map=$PWD=/src. types5.o: DWARF 5 type units, each in a .debug_info
# of its own (BFD joins them and reads a type unit's line table).
(cd lines && g++ -O2 -g -gdwarf-5 -fdebug-types-section -fdebug-prefix-map="$PWD"=/src -c types.cc -o types5.o)
# dwz-abs, dwz-rel (+ dwz-common.debug): dwz.c built twice (the second with -DSECOND,
# kept) with -Wl,--build-id=none, then `dwz -m FILE -M NAME one two`: NAME
# /nonexistent/dwz-common.debug for dwz-abs (BFD finds no alternate file: names there
# are none, a unit with an inlined call of a function there answers nothing),
# dwz-common.debug for dwz-rel (found beside it).
# fncache.o: `as --64 -o fncache.o fncache.s` (binutils 2.40).
# trie-exec: 40 units u0.c..u39.c, each `void fK(void) {` then six lines of
# `  __asm__("nop");` then `}`, built in a scratch directory with
# `gcc -O0 -g -nostdlib -static -Wl,--build-id=none -Wl,-e,f0
# -fdebug-prefix-map=$PWD=/src -o trie-exec u*.c`: more than 16 units share a
# 256-byte block, and BFD's unit trie misses the block's last address (0x4010ff).
# dw64.o: `gcc -O2 -g -gdwarf64 -fdebug-prefix-map=$PWD=/src -c dw64.c` in lines/:
# BFD misreads its 32-bit line table with 64-bit offsets and gives up (unknown
# format content type). dw64-geom.o is the corpus's dbg/c/O2-gdwarf64/geom.o
# (its src/cdemo/geom.c, gcc -O2 -g -gdwarf64 in /work/corpus/dbg/c/O2-gdwarf64),
# kept as built: there the misread goes on and BFD shows rows with made-up lines.
