/* A header with an inline function, so -S shows two files. */
static inline int
scale (int x, int k)
{
  if (k > 2)
    return x * k + 1;
  return x + k;
}
