#!/usr/bin/env bash
# Agreement with GNU addr2line and speed/memory against GNU addr2line and
# llvm-symbolizer, on one file and an address list (addresses on stdin).
#
#   tools/addr2line/scripts/compare-gnu.sh [FILE ADDRS]
#     default: /work/corpus/large/bigcxx /work/corpus/addrs/bigcxx-text-100k.txt
#
# Environment: RUNS (timed runs of each tool, alternating; default 3), OURS (an
# addr2line binary to use instead of building target/release/addr2line), FLAGS
# (default "-f -i -C"; llvm-symbolizer gets the same meaning with --obj), SHOW
# (how many differing addresses to print; default 5).
#
# Prints the share of addresses whose output block is byte-identical to GNU's
# (both run with -a added, to split the output per address), then for each tool
# the median wall time, median CPU time (user+sys) and peak RSS (/usr/bin/time
# %M), and the ratios GNU/ours and llvm/ours (>1 means we are faster/smaller).
set -euo pipefail
cd "$(dirname "$0")/../../.."
file=${1:-/work/corpus/large/bigcxx}
addrs=${2:-/work/corpus/addrs/bigcxx-text-100k.txt}
runs=${RUNS:-3}
flags=${FLAGS:--f -i -C}
if [ -z "${OURS:-}" ]; then
    cargo build --release -q -p addr2line-tool
    OURS=$PWD/target/release/addr2line
fi
gnu=$(command -v addr2line)
llvm=$(command -v llvm-symbolizer-14 || command -v llvm-symbolizer)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Agreement, per address.
# shellcheck disable=SC2086
"$gnu" -a $flags -e "$file" <"$addrs" >"$tmp/gnu"
# shellcheck disable=SC2086
"$OURS" -a $flags -e "$file" <"$addrs" >"$tmp/ours"
python3 - "$tmp/ours" "$tmp/gnu" "${SHOW:-5}" <<'PY'
import sys, re
addr = re.compile(rb"^0x[0-9a-f]{8,16}\n$")
def blocks(p):
    out = []
    with open(p, "rb") as f:
        for line in f:
            if addr.match(line) or not out:
                out.append([line])
            else:
                out[-1].append(line)
    return out
ours, gnu, show = blocks(sys.argv[1]), blocks(sys.argv[2]), int(sys.argv[3])
if len(ours) != len(gnu):
    print(f"block count differs: ours {len(ours)}, GNU {len(gnu)}")
n = min(len(ours), len(gnu))
bad = [i for i in range(n) if ours[i] != gnu[i]]
print(f"identical to GNU: {n - len(bad)}/{n} = {100 * (n - len(bad)) / max(n, 1):.3f}%")
for i in bad[:show]:
    print("--- GNU\n" + b"".join(gnu[i]).decode(errors="replace"), end="")
    print("+++ ours\n" + b"".join(ours[i]).decode(errors="replace"), end="")
PY

# Speed and memory: RUNS alternating runs of each, output discarded.
measure() { # name cmd...
    local name=$1
    shift
    /usr/bin/time -o "$tmp/t" -f "%e %U %S %M" "$@" <"$addrs" >/dev/null
    echo "$name $(cat "$tmp/t")" >>"$tmp/times"
}
for _ in $(seq "$runs"); do
    # shellcheck disable=SC2086
    measure ours "$OURS" $flags -e "$file"
    # shellcheck disable=SC2086
    measure gnu "$gnu" $flags -e "$file"
    # shellcheck disable=SC2086
    measure llvm "$llvm" --obj="$file" $flags
done
python3 - "$tmp/times" <<'PY'
import sys, statistics
t = {}
for line in open(sys.argv[1]):
    name, wall, user, sys_, rss = line.split()
    t.setdefault(name, []).append((float(wall), float(user) + float(sys_), int(rss)))
med = {k: (statistics.median(x[0] for x in v), statistics.median(x[1] for x in v),
           max(x[2] for x in v)) for k, v in t.items()}
for k in ("ours", "gnu", "llvm"):
    w, c, m = med[k]
    print(f"{k:5} wall {w:7.2f} s  cpu {c:7.2f} s  peak RSS {m / 1024:7.1f} MB")
o = med["ours"]
for k in ("gnu", "llvm"):
    w, c, m = med[k]
    print(f"{k}/ours: wall {w / o[0]:.2f}x  cpu {c / o[1]:.2f}x  memory {m / o[2]:.2f}x")
PY
