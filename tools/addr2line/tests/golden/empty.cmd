addr2line
-e
empty
0x10
