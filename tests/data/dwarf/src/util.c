/* The second translation unit of every C program here (and the unit the dwz pair
 * shares): an out-of-line function with the inline chain perimeter2 -> dist2 -> sq. */
#include "shapes.h"

volatile long sink;

long total(const struct shape *s, int n)
{
    long t = 0;
    for (int i = 0; i < n; i++)
        t += perimeter2(&s[i]) * (i + 1);
    return t;
}

int checksum(const char *p, enum colour c)
{
    int h = (int)c;
    while (*p)
        h = h * 31 + sq(*p++);
    return h;
}
