// C++ at -O0 with internal linkage: functions in an anonymous namespace, a static
// function and a lambda. Their DIEs carry DW_AT_name but no DW_AT_linkage_name, so
// GNU addr2line names them from the symbol table ("(anonymous namespace)::mix(long)",
// not "mix"); freestanding like cxx.cc.
namespace {
long mix(long v) { return v * 31 + 7; }
template <typename T> T twice(T v) { return mix(v) + mix(v + 1); }
} // namespace

static long apply(long (*f)(long), long v) { return f(v) + 1; }

namespace geo {
long run(long n)
{
    auto sq = [](long x) { return x * x; };
    long t = 0;
    for (long i = 0; i < n; i++)
        t += twice(i) + apply(sq, i);
    return t;
}
} // namespace geo

extern "C" void _start()
{
    volatile long r = geo::run(10);
    (void)r;
    for (;;) {
    }
}
