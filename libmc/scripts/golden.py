#!/usr/bin/env python3
"""Write a golden fixture for libmc's tests from GNU objdump's output.

usage: golden.py ARCH[:OPTS] OUT FILE... [--objdump PROG] [--max N] [--raw MACH HEX...]

Runs `objdump -d -w [-M OPTS] FILE` and keeps one instruction per distinct shape (mnemonic
plus operands with the numbers blanked), up to N, as lines `ADDR<TAB>BYTES<TAB>TEXT`, where
TEXT is GNU's with the ` <sym+off>` annotations removed (libmc's default Resolver prints bare
addresses). `--raw MACH HEX...` adds byte strings disassembled by `objdump -D -b binary -m
MACH` at address 0 (for undecodable bytes and other cases libc does not contain).
"""

import argparse
import re
import subprocess
import tempfile

LINE = re.compile(r"^ *([0-9a-f]+):\t([0-9a-f ]+?)\s*\t(.*)$")
ANN = re.compile(r" <[^<>]*(<[^<>]*>[^<>]*)*>")


def shape(text):
    return re.sub(r"[0-9a-f]{2,}|\d+", "N", text)


def gnu_lines(cmd):
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    for l in out.splitlines():
        m = LINE.match(l)
        if m and m.group(3) != "...":
            yield int(m.group(1), 16), m.group(2).replace(" ", ""), ANN.sub("", m.group(3))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("arch")
    ap.add_argument("out")
    ap.add_argument("files", nargs="*")
    ap.add_argument("--objdump", default="objdump")
    ap.add_argument("--max", type=int, default=600)
    ap.add_argument("--raw", nargs="+", default=[])
    ap.add_argument("--words-le", action="store_true",
                    help="GNU shows 4-byte words (AArch64): store their little-endian bytes")
    a = ap.parse_args()
    _, _, opts = a.arch.partition(":")
    m = ["-M", opts] if opts else []
    seen, rows = set(), []
    for f in a.files:
        for addr, hexb, text in gnu_lines([a.objdump, "-d", "-w"] + m + [f]):
            k = shape(text)
            if k in seen or len(rows) >= a.max:
                continue
            seen.add(k)
            rows.append((addr, hexb, text))
    if a.raw:
        mach, hexes = a.raw[0], a.raw[1:]
        for h in hexes:
            with tempfile.NamedTemporaryFile(suffix=".bin") as t:
                t.write(bytes.fromhex(h))
                t.flush()
                cmd = [a.objdump, "-D", "-w", "-b", "binary", "-m", mach] + m + [t.name]
                for addr, hexb, text in gnu_lines(cmd):
                    rows.append((addr, hexb, text))
    if a.words_le:
        rows = [(ad, "".join(bytes.fromhex(h)[::-1].hex() for h in [hb]), t) for ad, hb, t in rows]
    with open(a.out, "w") as f:
        f.write(f"# GNU objdump 2.40 -d -w {' '.join(m)} (scripts/golden.py {a.arch})\n")
        for addr, hexb, text in rows:
            f.write(f"{addr:x}\t{hexb}\t{text}\n")


if __name__ == "__main__":
    main()
