#include <stdio.h>
#include <stdlib.h>

static inline int sq(int x) { return x * x; }

static inline int sum_sq(const int *v, int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += sq(v[i]);
	return s;
}

__attribute__((noinline)) int work(int n)
{
	int v[16];
	for (int i = 0; i < 16; i++)
		v[i] = (i * n) % 7;
	return sum_sq(v, n < 16 ? n : 16);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 5;
	printf("%d\n", work(n));
	return 0;
}
