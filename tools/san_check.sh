#!/bin/sh
# Fails when the sanitizer runtimes left any report in DIR (make test SAN=1 points
# ASAN_OPTIONS/UBSAN_OPTIONS log_path there, so reports of child processes are caught even
# where a test only checks for a non-zero exit). Prints the first lines of each report.
# Usage: tools/san_check.sh DIR [TOOLS]   (TOOLS names the sanitizers in the all-clear line)
set -eu
dir="$1"
tools="${2:-ASan, UBSan, LSan}"
n=0
for f in "$dir"/*; do
  [ -f "$f" ] || continue
  n=$((n + 1))
  echo "==== $f" >&2
  head -n 60 "$f" >&2
done
if [ "$n" -gt 0 ]; then
  echo "grandamp: error: $n sanitizer report(s) in $dir" >&2
  exit 1
fi
echo "grandamp: sanitizers ($tools): no reports" >&2
