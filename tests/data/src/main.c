/* A program linked against the C library: gives .interp, .dynamic, PLT/GOT,
 * versioned undefined symbols (GLIBC_*) and a build-id note. */
#include <stdio.h>
#include <string.h>

static const char *words[] = {"alpha", "beta", "gamma", "delta"};

int main(int argc, char **argv)
{
    size_t total = 0;
    for (unsigned i = 0; i < sizeof words / sizeof words[0]; i++)
        total += strlen(words[i]);
    printf("%s: %zu letters in %d words\n", argc > 0 ? argv[0] : "?", total, 4);
    return 0;
}
