addr2line
-e
nosuch
0x10
