/* Lines fixture for dwz (.gnu_debugaltlink): built twice (-DSECOND), then dwz
   moves what the two share into a common file. */
struct pair { long a, b; };

static inline long mix(long x) { x ^= x >> 13; return x * 0x5bd1e995; }

static long sum(const struct pair *p, int n) {
    long t = 0;
    for (int i = 0; i < n; i++)
        t += mix(p[i].a) + p[i].b;
    return t;
}

#ifdef SECOND
long other(const struct pair *p) { return mix(p->b) - p->a; }
#endif

struct pair table[4] = {{1, 2}, {3, 4}, {5, 6}, {7, 8}};

int main(int argc, char **argv) {
    (void)argv;
    return (int)sum(table, argc);
}
