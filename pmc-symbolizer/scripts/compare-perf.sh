#!/bin/bash
# compare-perf.sh PERF.DATA [SYMFS]
# Prints CPU time and peak RSS of pmc-symbolizer against perf 6.1 and inferno on the same
# recording, and the ratios, for:
#   folded  vs  perf report --no-children -g folded          (and perf script | inferno-collapse-perf)
#   report  vs  perf report --stdio --no-children --sort dso,sym -g none
# Needs perf, inferno-collapse-perf (cargo install inferno) and GNU time (/usr/bin/time).
# CPU time is the median task-clock (perf stat) over RUNS rounds (default 10) that run the
# five commands in turn; peak RSS is the largest process of the command (for a pipeline:
# its largest member) over 3 runs.
# Both tools get the same build-id cache: an empty one by default (kernel symbols then come
# from /proc/kallsyms, which both read), or perf's own with BUILDID_DIR=~/.debug (what `perf
# record` fills: a copy of kallsyms and of each sampled binary). With an empty cache we keep
# our own copy of the running kernel's symbols for the boot (~/.cache/pmc-symbolizer, made by
# the first run that reads /proc/kallsyms; perf keeps none of its own):
# NO_KERNEL_CACHE=1 measures without it (each run then has the kernel format /proc/kallsyms).
set -euo pipefail
DATA=${1:?usage: compare-perf.sh PERF.DATA [SYMFS]}
SYMFS=${2:-}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cargo build --release -q -p pmc-symbolizer --manifest-path "$ROOT/Cargo.toml"
US="$ROOT/target/release/pmc-symbolizer"
SF=()
if [ -n "$SYMFS" ]; then SF=(--symfs "$SYMFS"); fi

# cpu_once CMD: the task-clock (ms) of one run of CMD (perf stat counts the command and
# every process it starts), exact to the microsecond where GNU time's user+sys moves in
# 10 ms steps, a fifth of our run.
cpu_once() {
  perf stat -x, -e task-clock -o "$EMPTY/s" -- bash -c "$1" >/dev/null 2>/dev/null
  awk -F, '$3 ~ /^task-clock/ {printf "%.3f\n", $1}' "$EMPTY/s"
}

# median FILE: the median of the numbers in FILE, in seconds (from ms).
median() { sort -n "$1" | awk '{v[NR]=$1} END{m=(NR%2)?v[(NR+1)/2]:(v[NR/2]+v[NR/2+1])/2; printf "%.4f", m/1000}'; }

# peak_rss CMD: the largest peak RSS (KB) of 3 runs under GNU time (for a pipeline: its
# largest member).
peak_rss() {
  local best=0 rss
  for _ in 1 2 3; do
    /usr/bin/time -o "$EMPTY/t" -f '%M' bash -c "$1" >/dev/null 2>/dev/null
    rss=$(tail -1 "$EMPTY/t")
    [ "$rss" -gt "$best" ] && best=$rss
  done
  echo "$best"
}

# measure_all NAME=CMD...: RUNS rounds (default 10), each running every command once in
# turn, so that a burst of load on the shared machine falls on all of them alike rather
# than on whichever was being timed; then per command "median_cpu_seconds peak_kb" in
# the variable NAME.
measure_all() {
  local round pair
  for round in $(seq "${RUNS:-10}"); do
    for pair in "$@"; do
      cpu_once "${pair#*=}" >>"$EMPTY/cpu.${pair%%=*}"
    done
  done
  for pair in "$@"; do
    printf -v "${pair%%=*}" '%s %s' "$(median "$EMPTY/cpu.${pair%%=*}")" "$(peak_rss "${pair#*=}")"
  done
}

q() { printf '%q ' "$@"; }
row() { # label ours theirs
  local oc orss tc trss
  read -r oc orss <<<"$2"; read -r tc trss <<<"$3"
  awk -v l="$1" -v oc="$oc" -v orss="$orss" -v tc="$tc" -v trss="$trss" 'BEGIN{
    printf "%-58s  ours %8.4fs %8d KB   theirs %8.4fs %8d KB   cpu %.3fx  rss %.2fx\n",
      l, oc, orss, tc, trss, (tc>0?oc/tc:0), (trss>0?orss/trss:0) }'
}

EMPTY=$(mktemp -d); trap 'rm -rf "$EMPTY"' EXIT
mkdir "$EMPTY/cache"
BID=${BUILDID_DIR:-$EMPTY/cache}
P="perf --buildid-dir $(q "$BID")"
SF+=(--buildid-dir "$BID")
if [ -n "${NO_KERNEL_CACHE:-}" ]; then SF+=(--no-kernel-cache); fi
PS=""; [ -n "$SYMFS" ] && PS="--symfs $(q "$SYMFS")"
measure_all \
  "folded=$(q "$US" folded "${SF[@]}" "$DATA")" \
  "report=$(q "$US" report "${SF[@]}" "$DATA")" \
  "p_folded=$P report -i $(q "$DATA") $PS --no-children -g folded --stdio" \
  "p_script=$P script -i $(q "$DATA") $PS | inferno-collapse-perf" \
  "p_report=$P report -i $(q "$DATA") $PS --stdio --no-children --sort dso,sym -g none"
echo "recording: $DATA ($(stat -c %s "$DATA") bytes), build-id cache: ${BUILDID_DIR:-none (empty)}"
row "folded vs perf report --no-children -g folded" "$folded" "$p_folded"
row "folded vs perf script | inferno-collapse-perf" "$folded" "$p_script"
row "report vs perf report --stdio --no-children -g none" "$report" "$p_report"
