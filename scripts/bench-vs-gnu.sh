#!/usr/bin/env bash
# Time libelf's parse of the section headers and all symbols (examples/symbols) against
# `readelf -S -s -W` on the same files, side by side in one run, and print the ratio.
#
#   scripts/bench-vs-gnu.sh [FILE...]     (default: libc.so.6 and libstdc++.so.6 of the system)
#
# Each command runs RUNS times (default 5), alternating; the median wall times are compared.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p libelf --example symbols
ours=$PWD/target/release/examples/symbols
[ $# -gt 0 ] || set -- /usr/lib/x86_64-linux-gnu/libc.so.6 /usr/lib/x86_64-linux-gnu/libstdc++.so.6
python3 - "$ours" "${RUNS:-5}" "$@" <<'PY'
import subprocess, sys, time, statistics
ours, runs, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def t(cmd):
    s = time.perf_counter(); subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - s
for f in files:
    a, b = [], []
    for _ in range(runs):
        a.append(t([ours, f])); b.append(t(["readelf", "-S", "-s", "-W", f]))
    ma, mb = statistics.median(a), statistics.median(b)
    print(f"{f}: libelf parse {ma*1000:.1f} ms, readelf -S -s -W {mb*1000:.1f} ms, ratio {ma/mb:.3f}")
PY
