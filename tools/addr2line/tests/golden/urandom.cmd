addr2line
-e
/dev/urandom
0x10
