# Sourced by the golden regenerators: the "debug" option sets of
# shared/conformance/compare.py, in its order.
# shellcheck shell=bash
DEBUG_SETS=(
  "--debug-dump=info"
  "--debug-dump=abbrev"
  "--debug-dump=rawline"
  "--debug-dump=decodedline"
  "--debug-dump=str"
  "--debug-dump=aranges"
  "--debug-dump=Ranges"
  "--debug-dump=frames"
  "--debug-dump=frames-interp"
  "--debug-dump=loc"
  "--debug-dump=macro"
  "--debug-dump=pubnames"
  "--debug-dump=str-offsets"
  "--debug-dump=addr"
  "--debug-dump=links"
  "--debug-dump=cu_index"
  "--debug-dump=gdb_index"
)
