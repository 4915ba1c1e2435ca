addr2line
-e
libhello.a
0x10
