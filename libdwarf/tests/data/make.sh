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
# Relocations (tests/lookup.rs): rel_pcrel.o has a PC-relative DW_AT_stmt_list
# (`.Ldebug_line0 - . + offset`, 0 where .debug_info is at 0) and objcopy moves its
# .debug_info to 0x100; rel_ld_r.o (`ld -r`) and rel_q (`-Wl,-q`) keep relocations.
gcc -O0 -g -S -o rel_pcrel.s rel_t.c
sed -i 's/^\t\.long\t\.Ldebug_line0$/.Lhere:\n\t.long\t.Ldebug_line0 - .Lhere + (.Lhere - .Ldebug_info0)/' rel_pcrel.s
as -o rel_pcrel0.o rel_pcrel.s
objcopy --change-section-address .debug_info=0x100 rel_pcrel0.o rel_pcrel.o
gcc -O0 -g -c -o rel_m.o rel_m.c
gcc -O0 -g -c -o rel_t.o rel_t.c
ld -r -o rel_ld_r.o rel_m.o rel_t.o
gcc -O0 -g -Wl,-q -o rel_q rel_m.o rel_t.o
rm rel_pcrel0.o rel_m.o rel_t.o rel_pcrel.s
