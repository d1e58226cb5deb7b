#!/bin/sh
# The normal models whose pair loops are stamped, read from the model list itself
# (src/models/normal.h, NORMAL_MODELS_EX: the last column of each row is VECTOR, SCALAR or NONE).
# Usage: tools/normal_kernels.sh KIND...   prints the ids whose column is one of the KINDs.
# The Makefile builds one kernel object per id it prints (KERNEL_NORMALS, SIMD_NORMALS).
awk -v kinds=" $* " '
  /^#define NORMAL_MODELS_EX/ { on = 1; next }
  on { row = row $0; if ($0 !~ /\\$/) on = 0 }
  END {
    gsub(/\\/, " ", row)
    while (match(row, /X\(c, [A-Z_]+,[^)]*\)/)) {
      x = substr(row, RSTART + 5, RLENGTH - 6); row = substr(row, RSTART + RLENGTH)
      id = x; sub(/,.*/, "", id)
      kind = x; sub(/.*, */, "", kind)
      if (index(kinds, " " kind " ")) printf "%s ", id
    }
    print ""
  }' "$(dirname "$0")/../src/models/normal.h"
