#!/usr/bin/env bash
# The -S/--source fixtures of objdump's goldens (tools/objdump/tests/golden/LIST), from
# srcdemo.c and srcdemo.h here. GNU objdump reads the source through the DWARF file
# name, so the names are set for the goldens' working directory (tools/objdump):
#   srcdemo.o      ../../tests/data/source/srcdemo.c (DWARF 4: found as it is)
#   srcdemo-abs.o  /srcdemo/source/srcdemo.c (found with --prefix/--prefix-strip or -I;
#                  missing without them, which GNU skips silently)
# Called by ../build.sh; the output is the same on every run with the same compiler.
set -euo pipefail
cd "$(dirname "$0")"
export LC_ALL=C
run() { echo "+ $*"; "$@"; }
run gcc -O2 -gdwarf-4 -c srcdemo.c -o srcdemo.o -ffile-prefix-map="$PWD"=../../tests/data/source
run gcc -O2 -g -c srcdemo.c -o srcdemo-abs.o -ffile-prefix-map="$PWD"=/srcdemo/source
chmod 644 srcdemo.o srcdemo-abs.o
# srcdemo-sep.so + srcdemo-sep.debug: a stripped shared object whose symbols and DWARF
# are in a separate debug file, found through `.gnu_debuglink` next to it (with -S, -W
# or -L, GNU adds that file's static symbols to the object's, for -d and -t alike).
run gcc -O2 -gdwarf-4 -shared -fPIC -Wl,--build-id=none srcdemo.c -o srcdemo-sep.so \
    -ffile-prefix-map="$PWD"=../../tests/data/source
run objcopy --only-keep-debug srcdemo-sep.so srcdemo-sep.debug
run strip --strip-all srcdemo-sep.so
run objcopy --add-gnu-debuglink=srcdemo-sep.debug srcdemo-sep.so
# debug-too-big.o: a zlib-compressed .debug_str of 200000 zeros in a 1.4 KB object. GNU
# objdump refuses a debug section whose uncompressed size reaches the file's size
# ("Section '.debug_str' has an invalid size: 0." on stdout).
echo 'int f (int x) { return x + 1; }' > tiny.c
run gcc -O2 -c tiny.c -o tiny.o
head -c 200000 /dev/zero > zeros.bin
run objcopy --add-section .debug_str=zeros.bin tiny.o tiny-str.o
run objcopy --compress-debug-sections=zlib tiny-str.o debug-too-big.o
rm -f tiny.c tiny.o zeros.bin tiny-str.o
chmod 644 srcdemo-sep.so srcdemo-sep.debug debug-too-big.o
# srcdemo-sepz.so + srcdemo-sepz.debug: the same with the debug file's sections
# zlib-compressed. GNU opens a separate file without decompressing, so -W shows what
# the compressed bytes read as.
cp srcdemo-sep.so srcdemo-sepz.so
run objcopy --remove-section=.gnu_debuglink srcdemo-sepz.so
run objcopy --compress-debug-sections=zlib srcdemo-sep.debug srcdemo-sepz.debug
run objcopy --add-gnu-debuglink=srcdemo-sepz.debug srcdemo-sepz.so
# srcdemo-clang5.so: clang's DWARF 5, whose range lists name addresses by their
# .debug_addr index; .debug_addr comes first, and GNU objdump frees it once shown.
run clang -O2 -gdwarf-5 -ffunction-sections -shared -fPIC -Wl,--build-id=none srcdemo.c \
    -o srcdemo-clang5.so -fdebug-prefix-map="$PWD"=../../tests/data/source
chmod 644 srcdemo-sepz.so srcdemo-sepz.debug srcdemo-clang5.so
# types5.o: C++ with DWARF 5 type units, each .debug_info in a COMDAT group; GNU
# objdump shows the first .debug_info (kept loaded) again for each later one.
run g++ -O2 -gdwarf-5 -fdebug-types-section -c types5.cc -o types5.o \
    -ffile-prefix-map="$PWD"=../../tests/data/source
chmod 644 types5.o
