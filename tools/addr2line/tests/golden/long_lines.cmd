addr2line
-a
-f
-e
x
