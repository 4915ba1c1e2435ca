addr2line
-b
bad
-e
x
0x10
