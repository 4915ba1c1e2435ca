addr2line
-e
x
@args1
0x1
