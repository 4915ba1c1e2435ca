// A freestanding C++ program (no libstdc++, no exceptions, its own _start): mangled
// names in a namespace, a class template with inline members, an overloaded function,
// for addr2line -C and inline chains through member functions.
namespace geo {

template <typename T> struct Vec {
    T x, y;
    T dot(const Vec &o) const { return x * o.x + y * o.y; }
    Vec operator-(const Vec &o) const { return Vec{x - o.x, y - o.y}; }
};

template <typename T> inline T dist2(const Vec<T> &a, const Vec<T> &b)
{
    Vec<T> d = a - b;
    return d.dot(d);
}

class Path {
public:
    explicit Path(int n) : n_(n) {}
    __attribute__((noinline)) long length2(const Vec<int> *pts) const;
    long length2(const Vec<long> *pts) const;

private:
    int n_;
};

long Path::length2(const Vec<int> *pts) const
{
    long t = 0;
    for (int i = 1; i < n_; i++)
        t += dist2(pts[i - 1], pts[i]);
    return t;
}

__attribute__((noinline)) long Path::length2(const Vec<long> *pts) const
{
    long t = 0;
    for (int i = 1; i < n_; i++)
        t += dist2(pts[i - 1], pts[i]);
    return t;
}

} // namespace geo

volatile long sink;

static const geo::Vec<int> ipts[] = {{0, 0}, {3, 4}, {6, 8}};
static const geo::Vec<long> lpts[] = {{1, 1}, {4, 5}};

extern "C" void _start()
{
    geo::Path three(3), two(2);
    sink = three.length2(ipts);
    sink = two.length2(lpts);
    sink = geo::dist2(ipts[0], ipts[2]);
    for (;;)
        sink++;
}
