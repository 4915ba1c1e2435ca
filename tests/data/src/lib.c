/* A small shared library with versioned symbols: `fib` has an old version
 * (LIBHELLO_1.0) and a default one (LIBHELLO_2.0); see lib.map. */

static int table[16] = {1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987};
int lib_calls;

__asm__(".symver fib_v1, fib@LIBHELLO_1.0");
int fib_v1(int n)
{
    return n;
}

__asm__(".symver fib_v2, fib@@LIBHELLO_2.0");
int fib_v2(int n)
{
    lib_calls++;
    return n >= 0 && n < 16 ? table[n] : -1;
}

int fib_sum(int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += fib_v2(i);
    return s;
}
