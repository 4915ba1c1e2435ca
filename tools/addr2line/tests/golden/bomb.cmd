addr2line
-e
bomb.elf
0x401000
0x401005
