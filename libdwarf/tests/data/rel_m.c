int f(int x);
int g(int y) { return f(y) + 1; }
int main(void) { return g(2); }
