/* Shared by every C fixture of tests/data/dwarf: types and static inline helpers, so
 * that -O2 builds have inline chains (sq <- dist2 <- perimeter2) and the dwz pair has
 * common DIEs to move into its common file. Freestanding: no libc headers. */
#ifndef SHAPES_H
#define SHAPES_H

#define MAX_CORNERS 4
#define SQ(v) ((v) * (v))

struct point {
    int x, y;
};

struct shape {
    const char *name;
    struct point corner[MAX_CORNERS];
    int sides;
};

enum colour { RED, GREEN, BLUE };

static inline int sq(int v)
{
    return SQ(v);
}

static inline int dist2(struct point a, struct point b)
{
    return sq(a.x - b.x) + sq(a.y - b.y);
}

static inline long perimeter2(const struct shape *s)
{
    long t = 0;
    for (int i = 0; i < s->sides; i++)
        t += dist2(s->corner[i], s->corner[(i + 1) % s->sides]);
    return t;
}

long total(const struct shape *s, int n);
int checksum(const char *p, enum colour c);
extern volatile long sink;

#endif
