addr2line
-a
-f
-e
addr3-info
0x400178
0x400190
