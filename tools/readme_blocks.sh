#!/bin/sh
# Refreshes the README's generated blocks: every block between "<!-- begin: PATH -->" and
# "<!-- end: PATH -->" gets the current content of PATH (a reference run's table under
# data/reference/). make test checks that they agree. Writes README.md atomically.
# Usage: tools/readme_blocks.sh [README.md]
set -eu
readme="${1:-README.md}"
[ -r "$readme" ] || { echo "grandamp: error: cannot read $readme" >&2; exit 2; }
tmp="$readme.tmp.$$"
trap 'rm -f "$tmp"' EXIT
awk '
  skip && $0 == "<!-- end: " path " -->" { skip = 0 }
  skip { next }
  { print }
  /^<!-- begin: [^ ]+ -->$/ {
    path = $3
    if ((getline line < path) < 0) { printf "grandamp: error: %s: cannot read %s\n", FILENAME, path > "/dev/stderr"; bad = 1; exit 1 }
    print line
    while ((getline line < path) > 0) print line
    close(path)
    skip = 1
  }
  END { if (skip) { printf "grandamp: error: no end marker for %s\n", path > "/dev/stderr"; exit 1 } }
' "$readme" >"$tmp"
mv "$tmp" "$readme"
trap - EXIT
