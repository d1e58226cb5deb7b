#!/bin/sh
# The nightly verification run: grandamp-verify (every case; exit 3 if any fails), then the
# verification plots from its data files. The verifier's exit code is this script's.
# When a previous run left its CSV, the report ends with what changed since it. The quick subset
# (--quick) keeps its results apart, in data/quick and plots/quick: it never replaces the nightly
# run's CSV, JUnit and plots, and it is compared with the previous quick run only.
# Then the report page (tools/report.sh: report/index.html, report/quick/ for the quick subset).
# Usage: tools/verify.sh BUILD/grandamp_verify [verifier options]
set -u
bin="$1"; shift
data=data; plots=plots; quick=""
for a in "$@"; do
  if [ "$a" = --quick ]; then data=data/quick; plots=plots/quick; quick=--quick; fi
done
mkdir -p "$data"
if [ -f "$data/verify.csv" ]; then set -- --compare "$data/verify.csv" "$@"; fi
"$bin" --data "$data" "$@"
rc=$?
if [ "$rc" -eq 0 ] || [ "$rc" -eq 3 ]; then
  plots/verify.sh "$data" "$plots" || echo "grandamp: warning: the verification plots were not drawn" >&2
  # shellcheck disable=SC2086 # $quick is --quick or nothing
  tools/report.sh $quick || echo "grandamp: warning: the report page was not written" >&2
fi
exit "$rc"
