#!/bin/bash
# compare-perf.sh PERF.DATA [SYMFS]
# Prints CPU time (user+sys) and peak RSS of pmc-symbolizer against perf 6.1 and inferno on
# the same recording, and the ratios, for:
#   folded  vs  perf report --no-children -g folded          (and perf script | inferno-collapse-perf)
#   report  vs  perf report --stdio --no-children --sort dso,sym -g none
# Needs perf, inferno-collapse-perf (cargo install inferno) and GNU time (/usr/bin/time).
# Each command runs 3 times; the fastest run counts. Peak RSS is the largest process of the
# command (for a pipeline: its largest member).
# Both tools get the same build-id cache: an empty one by default (kernel symbols then come
# from /proc/kallsyms, which both read), or perf's own with BUILDID_DIR=~/.debug (what `perf
# record` fills: a copy of kallsyms and of each sampled binary).
set -euo pipefail
DATA=${1:?usage: compare-perf.sh PERF.DATA [SYMFS]}
SYMFS=${2:-}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cargo build --release -q -p pmc-symbolizer --manifest-path "$ROOT/Cargo.toml"
US="$ROOT/target/release/pmc-symbolizer"
SF=()
if [ -n "$SYMFS" ]; then SF=(--symfs "$SYMFS"); fi

# measure NAME CMD...: prints "cpu_seconds peak_kb" of the best of 3 runs
measure() {
  local best_cpu="" best_rss=0
  for _ in 1 2 3; do
    local out
    /usr/bin/time -o "$EMPTY/t" -f '%U %S %M' bash -c "$1" >/dev/null 2>/dev/null
    out=$(tail -1 "$EMPTY/t")
    local cpu rss
    cpu=$(awk '{printf "%.3f", $1+$2}' <<<"$out"); rss=$(awk '{print $3}' <<<"$out")
    if [ -z "$best_cpu" ] || awk -v a="$cpu" -v b="$best_cpu" 'BEGIN{exit !(a<b)}'; then best_cpu=$cpu; fi
    [ "$rss" -gt "$best_rss" ] && best_rss=$rss
  done
  echo "$best_cpu $best_rss"
}

q() { printf '%q ' "$@"; }
row() { # label ours theirs
  local oc orss tc trss
  read -r oc orss <<<"$2"; read -r tc trss <<<"$3"
  awk -v l="$1" -v oc="$oc" -v orss="$orss" -v tc="$tc" -v trss="$trss" 'BEGIN{
    printf "%-58s  ours %7.3fs %8d KB   theirs %7.3fs %8d KB   cpu %.3fx  rss %.2fx\n",
      l, oc, orss, tc, trss, (tc>0?oc/tc:0), (trss>0?orss/trss:0) }'
}

EMPTY=$(mktemp -d); trap 'rm -rf "$EMPTY"' EXIT
mkdir "$EMPTY/cache"
BID=${BUILDID_DIR:-$EMPTY/cache}
P="perf --buildid-dir $(q "$BID")"
SF+=(--buildid-dir "$BID")
folded=$(measure "$(q "$US" folded "${SF[@]}" "$DATA")")
report=$(measure "$(q "$US" report "${SF[@]}" "$DATA")")
PS=""; [ -n "$SYMFS" ] && PS="--symfs $(q "$SYMFS")"
p_folded=$(measure "$P report -i $(q "$DATA") $PS --no-children -g folded --stdio")
p_script=$(measure "$P script -i $(q "$DATA") $PS | inferno-collapse-perf")
p_report=$(measure "$P report -i $(q "$DATA") $PS --stdio --no-children --sort dso,sym -g none")
echo "recording: $DATA ($(stat -c %s "$DATA") bytes), build-id cache: ${BUILDID_DIR:-none (empty)}"
row "folded vs perf report --no-children -g folded" "$folded" "$p_folded"
row "folded vs perf script | inferno-collapse-perf" "$folded" "$p_script"
row "report vs perf report --stdio --no-children -g none" "$report" "$p_report"
