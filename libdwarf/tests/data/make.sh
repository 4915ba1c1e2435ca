#!/bin/sh
# Rebuilds the fixtures and the GNU addr2line 2.40 goldens (Debian bookworm gcc 12).
set -e
cd "$(dirname "$0")"
gcc -O2 -g -o inl inl.c
gcc -O2 -g -c -o inl.o inl.c
g++ -O2 -g -o cxx cxx.cpp
# Every 3rd address of .text, plus a few outside.
for f in inl cxx; do
  objdump -h $f | awk '$2==".text"{print $4, $3}' | { read a s; python3 -c "
a=int('$a',16); s=int('$s',16)
print('\n'.join(hex(x) for x in range(a, a+s, 3)))
print('0x0'); print('0xffffffff')"; } > $f.addrs
  addr2line -a -f -i -e $f < $f.addrs > $f.golden-afi
  addr2line -a -f -i -C -p -s -e $f < $f.addrs > $f.golden-afiCps
  addr2line -e $f < $f.addrs > $f.golden-plain
done
