addr2line
@dir
-e
x
0x10
