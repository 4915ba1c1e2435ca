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


ARM_LINE = re.compile(r"^ *([0-9a-f]+):\t([0-9a-f ]+?) *\t(.*)$")
# Arm text has `<UNDEFINED>`, `<illegal …>`, `<UNPREDICTABLE>` of its own: only ` <sym>` after an
# address is an annotation.
ARM_ANN = re.compile(r"(?<=[0-9a-f]) <[^<>]*(<[^<>]*>[^<>]*)*>")


def gnu_lines(cmd, arm=False):
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    for l in out.splitlines():
        m = (ARM_LINE if arm else LINE).match(l)
        if m and m.group(3) != "...":
            hexb = m.group(2) if arm else m.group(2).replace(" ", "")
            yield int(m.group(1), 16), hexb, (ARM_ANN if arm else ANN).sub("", m.group(3))


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
    ap.add_argument("--arm-mode", choices=["a", "t"], default=None,
                    help="32-bit Arm: keep only A32 (a) or Thumb (t) lines, stored as little-endian "
                         "bytes (GNU shows Thumb-2 as two halfwords); Thumb lines inside IT blocks "
                         "are left out unless --run")
    ap.add_argument("--drop", default=None,
                    help="leave out lines whose text contains this (e.g. `<illegal`: NEON that GNU "
                         "prints with illegal operands, from data decoded as code)")
    ap.add_argument("--run", default=None,
                    help="HEXSTART-HEXEND: keep every line of this address range, in order "
                         "(for state carried between instructions: RISC-V lui, Thumb IT)")
    a = ap.parse_args()
    _, _, opts = a.arch.partition(":")
    m = ["-M", opts] if opts else []
    seen, rows = set(), []
    run = [int(x, 16) for x in a.run.split("-")] if a.run else None
    for f in a.files:
        it_left = 0
        for addr, hexb, text in gnu_lines([a.objdump, "-d", "-w"] + m + [f], a.arm_mode is not None):
            if a.arm_mode:
                thumb = not re.fullmatch(r"[0-9a-f]{8}", hexb.strip())
                in_it = it_left > 0
                it_left = max(it_left - 1, 0)
                mn = text.split("\t")[0]
                if thumb and re.fullmatch(r"it[te]{0,3}", mn):
                    it_left = len(mn) - 1
                if (a.arm_mode == "t") != thumb or re.match(r"\.(word|short|byte)\t", text):
                    continue
                hexb = "".join(bytes.fromhex(h)[::-1].hex() for h in hexb.split())
                if in_it and not run:
                    continue
            else:
                hexb = hexb.replace(" ", "")
            if a.drop and a.drop in text:
                continue
            if run:
                if run[0] <= addr < run[1]:
                    rows.append((addr, hexb, text))
                continue
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
