addr2line
-a
-f
-e
trunc-line
0x400178
0x400190
