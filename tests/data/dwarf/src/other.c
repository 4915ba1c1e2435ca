/* The second program of the dwz pair: another main unit over the same util.c. */
#include "shapes.h"

static const struct shape quad = {"quad", {{1, 1}, {5, 1}, {5, 4}, {1, 4}}, 4};

void _start(void)
{
    sink = perimeter2(&quad) + dist2(quad.corner[0], quad.corner[2]);
    sink = total(&quad, 1) + checksum(quad.name, GREEN);
    for (;;)
        sink--;
}
