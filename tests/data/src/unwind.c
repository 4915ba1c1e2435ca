/* Functions with different frames, for the unwind tables of readelf -u (HP-PA
   .PARISC.unwind): leaf, calls, callee-saved general and floating-point registers,
   a variable frame (alloca), a large frame. */
#include <alloca.h>
#include <string.h>

extern int sink(void *, int);

int leaf(int x) { return x * 3 + 1; }

int caller(int x) { return sink(&x, x) + 1; }

int many_regs(int a, int b, int c, int d) {
  int r1 = sink(&a, b), r2 = sink(&b, c), r3 = sink(&c, d), r4 = sink(&d, a);
  int r5 = sink(&r1, r2), r6 = sink(&r3, r4);
  return r1 + r2 + r3 + r4 + r5 + r6 + a + b + c + d;
}

double fp_regs(double a, double b, int n) {
  double x = a * b, y = a + b, z = a - b;
  for (int i = 0; i < n; i++) {
    sink(&x, i);
    x = x * y + z;
    y = y * z + x;
    z = z * x + y;
  }
  return x + y + z;
}

int variable(int n) {
  char *p = alloca(n);
  memset(p, 1, n);
  return sink(p, n);
}

int large(int n) {
  char big[100000];
  memset(big, n, sizeof big);
  return sink(big, n);
}

static int helper(int x) { return sink(0, x) * 2; }

int uses_static(int x) { return helper(x) + helper(x + 1); }
