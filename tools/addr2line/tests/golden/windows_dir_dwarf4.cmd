addr2line
-a
-f
-i
-e
win4
0x1129
0x112c
