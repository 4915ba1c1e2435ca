addr2line
-e
dir
0x10
