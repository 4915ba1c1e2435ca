/* Lines fixture: -gdwarf64 (64-bit .debug_info, 32-bit .debug_line from the
   assembler), whose line table BFD 2.40 misreads. */
struct shape { int kind; double w, h; };

static double sq(double x) { return x * x; }

double area(const struct shape *s) {
    switch (s->kind) {
    case 0: return 3.14159 * sq(s->w);
    case 1: return s->w * s->h;
    default: return s->w * s->h / 2;
    }
}

double total(const struct shape *s, int n) {
    double t = 0;
    for (int i = 0; i < n; i++)
        t += area(&s[i]);
    return t;
}
