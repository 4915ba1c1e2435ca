addr2line
-a
-f
-e
addr16-info
0x400178
0x400190
