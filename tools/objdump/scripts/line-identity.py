#!/usr/bin/env python3
"""Whole-line identity of our objdump's output with GNU objdump 2.40's, per machine and
option set: the share of GNU's output lines that ours prints identically, in order
(lines GNU prints that `diff` finds changed or missing in ours count as not identical).

usage: line-identity.py --ours target/release/objdump [--sets S,..] [--opts "-d -w"] FILE...
       line-identity.py --ours ... --list PATHS.txt

The machine of a file is the `file format` name GNU prints. Default sets: -d, -d -w,
-d -r, -d --no-show-raw-insn, -d -C, -d -l, and -d -M intel on x86.
Prints one row per machine x option set, then the crash list (exit 101, signals,
timeouts of ours).
"""
import argparse, collections, os, re, subprocess, sys, tempfile

SETS = [["-d"], ["-d", "-w"], ["-d", "-r"], ["-d", "--no-show-raw-insn"], ["-d", "-C"],
        ["-d", "-l"], ["-d", "-M", "intel"]]
X86 = ("elf64-x86-64", "elf32-i386", "elf32-x86-64")
FMT = re.compile(rb"file format (\S+)")


def run(argv, path, timeout):
    env = dict(os.environ, LC_ALL="C", LANG="C")
    try:
        p = subprocess.run(argv, stdout=open(path, "wb"), stderr=subprocess.DEVNULL,
                           env=env, timeout=timeout, stdin=subprocess.DEVNULL)
        return p.returncode
    except subprocess.TimeoutExpired:
        return "timeout"


def changed_lines(a, b):
    """GNU lines (file a) that diff reports as changed or deleted in b."""
    p = subprocess.run(["diff", "--speed-large-files", a, b], stdout=subprocess.PIPE)
    return sum(1 for l in p.stdout.split(b"\n") if l.startswith(b"< "))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ours", required=True)
    ap.add_argument("--ref", default="objdump")
    ap.add_argument("--opts", action="append")
    ap.add_argument("--list")
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    files = list(a.files)
    if a.list:
        files += [l.strip() for l in open(a.list) if l.strip() and not l.startswith("#")]
    sets = [o.split() for o in a.opts] if a.opts else SETS
    rows = collections.OrderedDict()
    crashes = []
    tmp = tempfile.mkdtemp()
    g, o = os.path.join(tmp, "gnu"), os.path.join(tmp, "ours")
    for f in files:
        for opts in sets:
            rc_g = run([a.ref] + opts + [f], g, a.timeout)
            head = open(g, "rb").read(4096)
            m = FMT.search(head)
            mach = m.group(1).decode() if m else "(none)"
            if "intel" in opts and mach not in X86:
                continue
            rc_o = run([a.ours] + opts + [f], o, a.timeout)
            if rc_o == "timeout" or rc_o == 101 or (isinstance(rc_o, int) and rc_o < 0):
                crashes.append(f"{rc_o}: {' '.join(opts)} {f}")
            n = sum(1 for _ in open(g, "rb"))
            bad = changed_lines(g, o)
            r = rows.setdefault((mach, " ".join(opts)), [0, 0, 0, 0])
            r[0] += n - bad
            r[1] += n
            r[2] += 1
            r[3] += int(bad == 0 and rc_g == rc_o)
    print(f"{'machine':<22} {'options':<24} {'identical lines':>22} {'%':>8}  files identical")
    for (mach, opts), (same, n, nf, fs) in sorted(rows.items()):
        pct = 100.0 * same / n if n else 100.0
        print(f"{mach:<22} {opts:<24} {same:>10}/{n:<11} {pct:>8.3f}  {fs}/{nf}")
    for c in crashes:
        print("CRASH", c)


if __name__ == "__main__":
    main()
