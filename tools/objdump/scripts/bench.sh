#!/usr/bin/env bash
# Time our objdump against GNU objdump side by side, same inputs, same options, and print
# the wall-time ratio and the peak-RSS ratio (ours / GNU; lower is better) — issue 12's
# speed floor: `-d` at most 0.5x GNU's wall time and no more than GNU's peak RSS.
#
#   tools/objdump/scripts/bench.sh                    # -d on libc.so.6, bigcxx, libLLVM
#   tools/objdump/scripts/bench.sh -d -r -- FILE...   # any options, then files
#
# Each command runs RUNS times (default 3), alternating ours and GNU's; the medians of
# the wall times and of the peak RSS (GNU time's %M, KiB) are compared. Output goes to
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
    """Wall seconds and peak RSS (KiB) of one run, as GNU time reports them."""
    p = subprocess.run(["/usr/bin/time", "-f", "%e %M"] + cmd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, env=env)
    last = p.stderr.decode(errors="replace").strip().splitlines()[-1]
    e, m = last.split()
    return float(e), int(m)

print(f"objdump {' '.join(opts)}: medians of {runs} runs, ours / GNU")
for f in files:
    t_o, t_g, m_o, m_g = [], [], [], []
    for _ in range(runs):
        a, b = once([ours] + opts + [f]); t_o.append(a); m_o.append(b)
        a, b = once(["objdump"] + opts + [f]); t_g.append(a); m_g.append(b)
    to, tg = statistics.median(t_o), statistics.median(t_g)
    mo, mg = statistics.median(m_o), statistics.median(m_g)
    print(f"{os.path.basename(f)}: wall {to / tg:.3f} ({to:.2f} s / {tg:.2f} s), "
          f"peak RSS {mo / mg:.3f} ({mo:.0f} KiB / {mg:.0f} KiB; ours max {max(m_o)})",
          flush=True)
PY
