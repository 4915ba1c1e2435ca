addr2line
-e
fifo
0x10
