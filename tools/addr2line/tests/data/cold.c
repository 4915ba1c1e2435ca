#include <stdio.h>
#include <stdlib.h>
__attribute__((cold,noinline)) void oops(const char *m) { fprintf(stderr, "%s\n", m); }
__attribute__((noinline)) int work(int x) {
  if (x == 42) { oops("bad"); abort(); }
  return x * 3;
}
int main(int argc, char **argv) {
  int s = 0;
  for (int i = 0; i < argc; i++) {
    if (argv[i] == 0) { oops("null"); exit(2); }
    s += work(i);
  }
  return s;
}
