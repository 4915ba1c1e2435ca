/* A freestanding program: no libc, its own _start, so that it links with
 * `-nostdlib -static` for every target and the executables stay tiny.
 * It is never run except under gdb (for the core file), so _start just spins. */

struct shape {
    const char *name;
    int sides;
    long area;
};

static struct shape shapes[] = {
    {"triangle", 3, 6},
    {"square", 4, 16},
    {"pentagon", 5, 43},
};

int counter = 1;          /* .data */
long scratch[8];          /* .bss  */
const char greeting[] = "hello from a freestanding program";

__attribute__((noinline)) static long total_area(const struct shape *s, int n)
{
    long t = 0;
    for (int i = 0; i < n; i++)
        t += s[i].area * s[i].sides;
    return t;
}

__attribute__((noinline)) int checksum(const char *p)
{
    int h = counter;
    while (*p)
        h = h * 31 + *p++;
    return h;
}

void _start(void)
{
    scratch[0] = total_area(shapes, sizeof shapes / sizeof shapes[0]);
    scratch[1] = checksum(greeting);
    for (;;)
        counter++;
}
