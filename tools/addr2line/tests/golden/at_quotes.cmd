addr2line
@args3
