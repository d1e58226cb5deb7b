#!/bin/sh
# The nightly verification run: grandamp-verify (every case; exit 3 if any fails), then the
# verification plots from its data files. The verifier's exit code is this script's.
# When a previous run left data/verify.csv, the report ends with what changed since it.
# Usage: tools/verify.sh BUILD/grandamp_verify [verifier options]
set -u
bin="$1"; shift
if [ -f data/verify.csv ]; then set -- --compare data/verify.csv "$@"; fi
"$bin" "$@"
rc=$?
if [ "$rc" -eq 0 ] || [ "$rc" -eq 3 ]; then
  plots/verify.sh data plots || echo "grandamp: warning: the verification plots were not drawn" >&2
fi
exit "$rc"
