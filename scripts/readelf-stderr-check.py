#!/usr/bin/env python3
"""Diagnostics conformance of readelf against GNU readelf, per file and option set.

    scripts/readelf-stderr-check.py OURS LIST OPTSETS
    e.g. scripts/readelf-stderr-check.py target/release/readelf lists/elf-small.txt "-wi,-w,-wo,-wR"

For every file of LIST (one path per line) and every comma-separated option set, runs
GNU readelf and OURS with stdout and stderr captured apart and compares exit status,
stdout and stderr; where GNU writes to stderr, also compares the combined `2>&1`
stream (the order of warnings among the output). Prints a DIFF line per difference and
a summary. (compare.py checks stdout only.)
"""
import subprocess, sys, os
from concurrent.futures import ThreadPoolExecutor
ours, lst = sys.argv[1], sys.argv[2]
optsets = [o.split() for o in sys.argv[3].split(',')]
files = [l.strip() for l in open(lst) if l.strip() and not l.startswith('#')]
env = dict(os.environ, LC_ALL="C", LANG="C", COLUMNS="80")
def sep(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, stdin=subprocess.DEVNULL, timeout=120)
    return p.returncode, p.stdout, p.stderr
def both(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, stdin=subprocess.DEVNULL, timeout=120)
    return p.returncode, p.stdout
def job(a):
    f, o = a
    r = []
    g = sep(['readelf'] + o + [f]); u = sep([ours] + o + [f])
    warned = bool(g[2])
    if g != u: r.append(('sep', ' '.join(o), f, g[0], u[0], g[1]==u[1], g[2]==u[2]))
    if warned:
        g = both(['readelf'] + o + [f]); u = both([ours] + o + [f])
        if g != u: r.append(('both', ' '.join(o), f))
    return r, warned
jobs = [(f, o) for f in files for o in optsets]
bad = 0; warned = 0
with ThreadPoolExecutor(2) as ex:
    for r, w in ex.map(job, jobs):
        warned += w
        for x in r:
            bad += 1
            if bad < 300: print('DIFF', x)
print(f"{len(jobs)} runs, {warned} with stderr, {bad} differences")
