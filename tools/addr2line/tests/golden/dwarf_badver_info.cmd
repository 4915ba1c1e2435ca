addr2line
-a
-f
-e
badver-info
0x400178
0x400190
