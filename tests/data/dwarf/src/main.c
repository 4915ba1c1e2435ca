/* A freestanding program (no libc, its own _start, never run): the main unit of the
 * C fixtures. -O2 inlines perimeter2/dist2/sq and the static helper `scale` here. */
#include "shapes.h"

static const struct shape shapes[] = {
    {"triangle", {{0, 0}, {3, 0}, {0, 4}}, 3},
    {"square", {{0, 0}, {2, 0}, {2, 2}, {0, 2}}, 4},
};

static long scale(long v, int by)
{
    return v * by + sq(by);
}

__attribute__((noinline)) long first_perimeter(const struct shape *s)
{
    return scale(perimeter2(s), s->sides);
}

void _start(void)
{
    sink = total(shapes, 2);
    sink = first_perimeter(&shapes[1]);
    sink = checksum(shapes[0].name, BLUE);
    for (;;)
        sink++;
}
