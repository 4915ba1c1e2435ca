#include <vector>
#include <string>
namespace ns {
template <typename T> struct Box {
	std::vector<T> v;
	__attribute__((noinline)) T total() const { T t{}; for (auto &x : v) t += x; return t; }
};
}
int main(int argc, char **)
{
	ns::Box<long> b{{1, 2, 3, argc}};
	std::string s(argc, 'x');
	return (int)b.total() + (int)s.size();
}
