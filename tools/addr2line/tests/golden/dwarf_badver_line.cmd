addr2line
-a
-f
-e
badver-line
0x400178
0x400190
