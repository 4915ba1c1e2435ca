// Two type units in COMDAT groups (-fdebug-types-section): objdump -W's goldens.
struct point { int x, y; };
struct box { point lo, hi; int area () const { return (hi.x - lo.x) * (hi.y - lo.y); } };
int area (const box &b) { return b.area (); }
