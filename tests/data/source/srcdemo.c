/* Source for the -S / --source goldens of objdump (see ../build.sh). */
#include "srcdemo.h"

int table[8];

int
fill (int n)
{
  int sum = 0;

  for (int i = 0; i < n && i < 8; i++)
    {
      table[i] = scale (i, n);
      sum += table[i];
    }
  return sum;
}

int
pick (int i)
{
  if (i < 0)
    return -1;
  return table[i & 7] + scale (i, 3);
}
