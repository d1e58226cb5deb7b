#!/bin/sh
# The verifier's independence, shown on the source: a small change of one damping model in src/
# must make grandamp_verify fail (exit 3). Each mutation is applied to a copy of the tracked
# files, which is built in its own folder (at -O1: the result, not the speed, matters) and
# verified on the cases that can see it; the working tree is never touched.
# Usage: tools/mutation-check.sh [NAME...]   (default: every mutation below)
#   viscoelastic-1.01   the viscoelastic prefactor times 1.01 (damping_setup, src/models/damping.h);
#                       the hertz rows of viscoelastic damping have no closed form, so only a
#                       reference that does not share src/'s law can see it
#   velocity-1.01       the velocity damping coefficient times 1.01 (hertz + velocity: no closed
#                       form either)
set -u
all="viscoelastic-1.01 velocity-1.01"
[ $# -gt 0 ] || set -- $all
root=$(pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/grandamp-mutation-XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
caught=0; total=0
for name in "$@"; do
  case "$name" in
  viscoelastic-1.01) model=VISCOELASTIC; filter=restitution/hertz/viscoelastic ;;
  velocity-1.01)     model=VELOCITY;     filter=restitution/hertz/velocity ;;
  *) echo "mutation-check: unknown mutation '$name' (known: $all)" >&2; exit 2 ;;
  esac
  total=$((total + 1))
  dir="$tmp/$name"
  mkdir -p "$dir"
  (cd "$root" && git ls-files -z | tar --null -T - -cf -) | tar -xf - -C "$dir" || exit 1
  # The mutated case leaves the fall-through group it belongs to for a line of its own.
  f="$dir/src/models/damping.h"
  awk -v m="$model" '
    $0 == "  case DAMPING_" m ":" { next }
    { print }
    $0 == "  case DAMPING_NONE: p->D = 0.0; break;" { print "  case DAMPING_" m ": p->D *= 1.01; break; /* mutation */" }' "$f" > "$f.new" && mv "$f.new" "$f"
  if [ "$(grep -c 'mutation \*/' "$f")" != 1 ] || grep -q "^  case DAMPING_$model:\$" "$f"; then
    echo "mutation-check: $name: the mutation site in src/models/damping.h was not found" >&2
    exit 1
  fi
  echo "mutation-check: $name: building the mutated copy" >&2
  if ! make -C "$dir" --no-print-directory -j"$(nproc)" OPT=-O1 MIXED=0 BUILD=build-mut build-mut/grandamp_verify >"$dir/build.log" 2>&1; then
    tail -20 "$dir/build.log" >&2
    echo "mutation-check: $name: the mutated copy does not build" >&2
    exit 1
  fi
  (cd "$dir" && build-mut/grandamp_verify --quick --no-lammps --filter "$filter" --data "$dir/data") >"$dir/verify.log" 2>&1
  rc=$?
  if [ "$rc" = 3 ]; then
    caught=$((caught + 1))
    echo "mutation-check: $name: caught ($(grep -c '^\[.*FAIL' "$dir/verify.log") failed cases of $filter)"
  else
    tail -5 "$dir/verify.log" >&2
    echo "mutation-check: $name: NOT caught (grandamp_verify exit $rc on $filter)"
  fi
done
echo "mutation-check: $caught of $total mutations caught"
[ "$caught" = "$total" ]
