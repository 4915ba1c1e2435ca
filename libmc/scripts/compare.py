#!/usr/bin/env python3
"""Compare libmc's instruction text with GNU objdump 2.40's, line by line by address.

usage: compare.py ARCH[:OPTS] FILE [--objdump PROG] [--diffs OUT] [--show N]

ARCH is x86-64, x32, i386, aarch64, riscv64, riscv32, mips, mipsel, mips64, mips64el, ppc64, ppc64le, ppc32, sparc64, sparc, m68k, arm or s390x; OPTS is passed as `-M OPTS` to GNU objdump and to
libmc (e.g. `x86-64:intel`). GNU runs as `objdump -d -w --no-show-raw-insn [-M OPTS] FILE`;
its symbol labels give the addresses where libmc restarts decoding (as objdump restarts at
every symbol). Both sides lose GNU's ` <sym+off>` annotations (libmc's caller adds them
through its Resolver) and, on x86, the `# addr <sym>` comments; blanks are compared exactly.
Counts every GNU instruction line: identical, different, or missing on libmc's side.

arm: GNU runs with raw bytes shown, and each line's instruction set follows GNU's choice
(mapping symbols, else function symbols with bit 0 set), read from the raw-byte column
(`e59f3004` Arm, `4a4e` / `f8df 2004` Thumb); libmc restarts in that mode wherever GNU's
changes. Data GNU prints for `$d` regions (`.word`, `.short`, `.byte`) is the caller's job:
those lines are counted apart, not compared.
"""

import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

LINE = re.compile(r"^ *([0-9a-f]+):\t(.*)$")
LABEL = re.compile(r"^([0-9a-f]+) <.*>:$")
ANN = re.compile(r" <[^<>]*(<[^<>]*>[^<>]*)*>")


def noann(text, x86):
    if x86:
        i = text.find("        # ")
        if i >= 0:
            text = text[:i]
    return ANN.sub("", text).rstrip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("arch")
    ap.add_argument("file")
    ap.add_argument("--objdump", default=None)
    ap.add_argument("--diffs", default=None)
    ap.add_argument("--show", type=int, default=0)
    a = ap.parse_args()
    arch, _, opts = a.arch.partition(":")
    x86 = arch in ("x86-64", "x32", "i386")
    prog = a.objdump or ("aarch64-linux-gnu-objdump" if arch == "aarch64" else "objdump")
    arm = arch == "arm"
    cmd = [prog, "-d", "-w"] + ([] if arm else ["--no-show-raw-insn"])
    if opts:
        cmd += ["-M", opts]
    cmd.append(a.file)
    gnu = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    glines, starts = {}, []
    data = 0
    mode, label = None, None
    for l in gnu.splitlines():
        m = LINE.match(l)
        if m and arm:
            raw, _, text = m.group(2).partition("\t")
            if re.match(r"\.(word|short|byte)\t", text):
                data += 1
                continue
            t = "a" if re.fullmatch(r"[0-9a-f]{8} ", raw) else "t"
            if label is not None or t != mode:
                starts.append(f"{m.group(1)} {t}")
            label, mode = None, t
            glines[int(m.group(1), 16)] = text
            continue
        if m:
            glines[int(m.group(1), 16)] = m.group(2)
            continue
        m = LABEL.match(l)
        if m:
            if arm:
                label = m.group(1)
            else:
                starts.append(m.group(1))
    with tempfile.NamedTemporaryFile("w", suffix=".starts", delete=False) as f:
        f.write("\n".join(starts) + "\n")
        sf = f.name
    ours = {}
    exe = os.path.join(ROOT, "target", "release", "examples", "mcdump")
    out = subprocess.run([exe, a.arch, a.file, sf], capture_output=True, text=True, check=True)
    os.unlink(sf)
    for l in out.stdout.splitlines():
        addr, _, text = l.partition("\t")
        if re.fullmatch(r"[0-9a-f]+", addr):  # not the rest of a text with a newline in it
            ours[int(addr, 16)] = text
    same = diff = missing = 0
    classes = collections.Counter()
    bad = []
    for addr, g in glines.items():
        if g == "...":
            continue
        o = ours.get(addr)
        if o is None:
            missing += 1
            bad.append((addr, g, None))
            continue
        gn, on = noann(g, x86), noann(o, x86)
        if gn == on:
            same += 1
        else:
            diff += 1
            bad.append((addr, g, o))
            classes[(gn.split()[0] if gn else "") + " | " + (on.split()[0] if on else "")] += 1
    total = same + diff + missing
    pct = 100.0 * same / total if total else 100.0
    print(f"{a.arch}\t{a.file}\tlines {total}\tidentical {same} ({pct:.3f}%)\tdifferent {diff}\tmissing {missing}"
          + (f"\tdata lines (not compared) {data}" if arm else ""))
    print("command: " + " ".join(cmd))
    for k, n in classes.most_common(a.show):
        print(f"  {n:7d}  {k}")
    if a.diffs:
        with open(a.diffs, "w") as f:
            for addr, g, o in bad:
                f.write(f"{addr:x}\tGNU  {g}\n{addr:x}\tOURS {o}\n")
    return 0 if diff == 0 and missing == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
