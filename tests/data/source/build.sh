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
