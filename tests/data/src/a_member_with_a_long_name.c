/* The second member of the archives: its name is longer than 15 bytes, so a GNU
 * archive stores it in the `//` long-name table. */

int long_named_value = 42;

int long_named_function(int x)
{
    return x * long_named_value + 1;
}
