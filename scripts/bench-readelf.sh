#!/usr/bin/env bash
# Time our readelf against GNU readelf side by side, same inputs, same options, and print
# the wall-time ratio and the peak-memory ratio (ours / GNU; lower is better).
#
#   scripts/bench-readelf.sh                      # -a -W on libc.so.6 and libstdc++.so.6
#   scripts/bench-readelf.sh -s -W -- FILE...     # any options, then files
#
# Each command runs RUNS times (default 5), alternating ours and GNU's; medians are
# compared. Output goes to /dev/null. Peak memory comes from GNU time (/usr/bin/time,
# Debian package "time") when installed.
set -euo pipefail
cd "$(dirname "$0")/.."
# Statically linked (glibc included): a dynamically linked Rust binary starts with
# ~0.7 MB more resident memory than a C one (ld.so, libgcc_s), which a small run cannot win back.
cargo rustc --release -q -p readelf --bin readelf -- -C target-feature=+crt-static
ours=${CARGO_TARGET_DIR:-$PWD/target}/release/readelf
opts=(-a -W)
if [ $# -gt 0 ] && [ "${1#-}" != "$1" ]; then
  opts=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do opts+=("$1"); shift; done
  [ "${1:-}" = "--" ] && shift
fi
[ $# -gt 0 ] || set -- /usr/lib/x86_64-linux-gnu/libc.so.6 /usr/lib/x86_64-linux-gnu/libstdc++.so.6
python3 - "$ours" "${RUNS:-5}" "${#opts[@]}" "${opts[@]}" "$@" <<'PY'
import os, resource, statistics, subprocess, sys, time
ours, runs, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
opts, files = sys.argv[4:4 + n], sys.argv[4 + n:]
env = dict(os.environ, LC_ALL="C")

TIME = "/usr/bin/time" if os.path.exists("/usr/bin/time") else None

def once(cmd):
    """Wall time and peak RSS (KiB) of one run. GNU time reports the child's own peak;
    without it, ru_maxrss of a forked Python includes Python's size (flagged with ~)."""
    start = time.perf_counter()
    if TIME:
        p = subprocess.run([TIME, "-f", "%M"] + cmd, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, env=env)
        el = time.perf_counter() - start
        last = p.stderr.decode(errors="replace").strip().splitlines()[-1:]
        return el, int(last[0]) if last and last[0].isdigit() else 0
    pid = os.fork()
    if pid == 0:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, 1); os.dup2(fd, 2)
        os.execvpe(cmd[0], cmd, env)
    _, status, ru = os.wait4(pid, 0)
    return time.perf_counter() - start, ru.ru_maxrss

for f in files:
    t_o, t_g, m_o, m_g = [], [], [], []
    for _ in range(runs):
        a, b = once([ours] + opts + [f]); t_o.append(a); m_o.append(b)
        a, b = once(["readelf"] + opts + [f]); t_g.append(a); m_g.append(b)
    to, tg = statistics.median(t_o), statistics.median(t_g)
    mo, mg = max(m_o), max(m_g)
    print(f"{' '.join(opts)} {f}: time ours/GNU = {to/tg:.3f} ({to*1000:.0f} ms / {tg*1000:.0f} ms), "
          f"peak RSS ours/GNU = {mo/mg:.3f} ({mo} KiB / {mg} KiB)")
PY
