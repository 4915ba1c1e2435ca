/* Calls through the PLT: three functions another object defines. */
extern int foo(int);
extern int bar(const char *);
extern void baz(void);

int call_all(int x)
{
    baz();
    return foo(x) + bar("hi");
}

int loop(int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += i & 1 ? foo(i) : i;
    return s;
}
