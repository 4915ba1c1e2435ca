// Lines fixture: DWARF 5 type units (-fdebug-types-section), each in a
// .debug_info section of its own in a COMDAT group of the object.
struct Point {
    int x, y;
    int sum() const { return x + y; }
};

struct Box {
    Point lo, hi;
    int area() const { return (hi.x - lo.x) * (hi.y - lo.y); }
};

namespace {
int scale(const Box &b, int k) { return b.area() * k + b.lo.sum(); }
}

int measure(const Box *bs, int n) {
    int t = 0;
    for (int i = 0; i < n; i++)
        t += scale(bs[i], i + 1);
    return t;
}

Point mid(const Box &b) { return Point{(b.lo.x + b.hi.x) / 2, (b.lo.y + b.hi.y) / 2}; }
