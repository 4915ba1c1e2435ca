#!/usr/bin/env bash
# Round trips over the corpus built by ../shared/corpus/build.sh DIR.
#
#   scripts/roundtrip-corpus.sh DIR [identity|compress|all]
#
# identity: every ELF file and archive through libelf's model with no change must come back
#           byte-identical.
# compress: every file with .debug_info, for each of zlib, zlib-gnu, zstd, none: GNU
#           `readelf --debug-dump=info` of the output must equal that of the input (the file
#           name and .zdebug_info/.debug_info mapped), and `readelf -a -W` of the output must
#           print no warning the input does not.
set -uo pipefail
dir=${1:?usage: roundtrip-corpus.sh CORPUS_DIR [identity|compress|all]}
what=${2:-all}
cd "$(dirname "$0")/.."
cargo build --release -q -p libelf --example rewrite
rw=$PWD/target/release/examples/rewrite
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
list=$dir/lists/elf-all.txt

if [ "$what" != compress ]; then
  ok=0; bad=0; err=0
  while read -r f; do
    if ! "$rw" "$f" "$tmp/out" 2>"$tmp/err"; then err=$((err+1)); echo "ERROR $f: $(head -c 300 "$tmp/err")"; continue; fi
    if cmp -s "$f" "$tmp/out"; then ok=$((ok+1)); else bad=$((bad+1)); echo "DIFFERENT $f"; fi
  done < "$list"
  echo "identity: $ok/$((ok+bad+err)) byte-identical, $bad different, $err errors"
fi

if [ "$what" != identity ]; then
  ok=0; bad=0; warn=0; err=0
  norm() { sed "s|$2|FILE|g; s/\.zdebug_/.debug_/g" "$1"; }
  while read -r f; do
    case $f in *.a) continue;; esac
    readelf -S -W "$f" 2>/dev/null | grep -q 'debug_info' || continue
    readelf --debug-dump=info "$f" >"$tmp/in.raw" 2>&1; norm "$tmp/in.raw" "$f" >"$tmp/in"
    readelf -a -W "$f" 2>&1 >/dev/null | sed "s|$f|FILE|g" | sort >"$tmp/win"
    for k in zlib zlib-gnu zstd none; do
      if ! "$rw" "$f" "$tmp/out" --compress-debug-sections=$k 2>"$tmp/err"; then
        err=$((err+1)); echo "ERROR $k $f: $(head -c 300 "$tmp/err")"; continue
      fi
      readelf --debug-dump=info "$tmp/out" >"$tmp/out.raw" 2>&1; norm "$tmp/out.raw" "$tmp/out" >"$tmp/o"
      if cmp -s "$tmp/in" "$tmp/o"; then ok=$((ok+1)); else bad=$((bad+1)); echo "DIFFERENT $k $f"; fi
      readelf -a -W "$tmp/out" 2>&1 >/dev/null | sed "s|$tmp/out|FILE|g" | sort >"$tmp/wout"
      if [ -n "$(comm -13 "$tmp/win" "$tmp/wout")" ]; then
        warn=$((warn+1)); echo "NEW WARNING $k $f: $(comm -13 "$tmp/win" "$tmp/wout" | head -1)"
      fi
    done
  done < "$list"
  echo "compress: $ok/$((ok+bad+err)) with identical --debug-dump=info, $bad different, $err errors, $warn with new readelf warnings"
fi
