addr2line
@/dev/zero
-e
x
0x400178
