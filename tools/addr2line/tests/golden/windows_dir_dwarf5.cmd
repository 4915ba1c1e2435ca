addr2line
-a
-f
-i
-e
win5
0x1129
0x112c
