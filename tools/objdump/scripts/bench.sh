#!/usr/bin/env bash
# Time our objdump against GNU objdump side by side, same inputs, same options, and print
# the wall-time ratio and the peak-RSS ratio (ours / GNU; lower is better) — issue 12's
# speed floor: `-d` at most 0.5x GNU's wall time and no more than GNU's peak RSS.
#
#   tools/objdump/scripts/bench.sh                    # -d on libc.so.6, bigcxx, libLLVM
#   tools/objdump/scripts/bench.sh -d -r -- FILE...   # any options, then files
#
# Each command runs RUNS times (default 3), alternating ours and GNU's; the medians of
# the wall times, of the peak RSS (GNU time's %M, KiB) and of the CPU times (user +
# system: what a loaded machine cannot hide; ours runs on up to 8 threads, so its wall
# time is below its CPU time when cores are free) are compared. Output goes to
# /dev/null. OURS=path picks the binary (default: target/release/objdump, built here).
set -euo pipefail
cd "$(dirname "$0")/../../.."
if [ -z "${OURS:-}" ]; then
  cargo build --release -q -p objdump --bin objdump
  OURS=${CARGO_TARGET_DIR:-$PWD/target}/release/objdump
fi
[ -x /usr/bin/time ] || { echo "bench.sh: needs GNU time (/usr/bin/time)" >&2; exit 2; }
opts=(-d)
if [ $# -gt 0 ] && [ "${1#-}" != "$1" ]; then
  opts=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do opts+=("$1"); shift; done
  [ "${1:-}" = "--" ] && shift
fi
[ $# -gt 0 ] || set -- /work/corpus/host/lib/libc.so.6 /work/corpus/large/bigcxx \
  /work/corpus/host/lib/libLLVM-14.so.1
python3 - "$OURS" "${RUNS:-3}" "${#opts[@]}" "${opts[@]}" "$@" <<'PY'
import os, statistics, subprocess, sys
ours, runs, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
opts, files = sys.argv[4:4 + n], sys.argv[4 + n:]
env = dict(os.environ, LC_ALL="C")

def once(cmd):
    """Wall seconds, peak RSS (KiB) and CPU seconds of one run, as GNU time reports them."""
    p = subprocess.run(["/usr/bin/time", "-f", "%e %M %U %S"] + cmd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    last = p.stderr.decode(errors="replace").strip().splitlines()[-1]
    e, m, u, s = last.split()
    return float(e), int(m), float(u) + float(s)

def ratio(a, b):
    return f"{a / b:.3f}" if b else "-"

print(f"objdump {' '.join(opts)}: medians of {runs} runs, ours / GNU")
for f in files:
    o, g = [], []
    for _ in range(runs):
        o.append(once([ours] + opts + [f]))
        g.append(once(["objdump"] + opts + [f]))
    (to, mo, co), (tg, mg, cg) = ([statistics.median(col) for col in zip(*r)] for r in (o, g))
    print(f"{os.path.basename(f)}: wall {ratio(to, tg)} ({to:.2f} s / {tg:.2f} s), "
          f"peak RSS {ratio(mo, mg)} ({mo:.0f} KiB / {mg:.0f} KiB; ours max "
          f"{max(r[1] for r in o)}), CPU {ratio(co, cg)} ({co:.2f} s / {cg:.2f} s)",
          flush=True)
PY
