#!/usr/bin/env bash
# The README runs as written: every command of README.md and of docs/commands.md's examples
# (tools/readme_commands.awk finds them), run in page order, as pasted, in a fresh copy of the
# tree, so nothing of this checkout (data/, plots/, build/) is touched. The long targets run in
# their quick form (make bench QUICK=1, make verify VERIFY_ARGS=--quick, make deps as a dry
# run); the outside engines only with GRANDAMP_README_ENGINES=1; the test suites (make test,
# make mutation-check) are CI's own stages and are not repeated; make install goes into the
# scratch folder (PREFIX=<scratch>/prefix). Every command must exit 0. A bare `grandamp ...`
# fails (exit 127) as it does for a new user who has not run make install, whatever this machine
# has on its PATH: the pages call build/grandamp.
# Usage: tools/readme-check.sh [PAGE.md...]      (default: README.md docs/commands.md)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 1
[ $# -gt 0 ] || set -- README.md docs/commands.md
die() { echo "readme-check: error: $*" >&2; exit 1; }
for page in "$@"; do [ -r "$page" ] || die "$page: cannot read"; done

work=$(mktemp -d "${TMPDIR:-/tmp}/grandamp-readme-XXXXXX") || die "cannot make a scratch folder"
keep=${GRANDAMP_README_KEEP:-0}
trap '[ "$keep" = 1 ] || rm -rf "$work"' EXIT
trap 'exit 1' HUP INT TERM
tree="$work/grandamp"
mkdir -p "$tree"
# The tracked and the new (not ignored) files, as a clone with this checkout's edits would have
# them; the build folder comes along (when there is one) so that `make` there is incremental.
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - 2>/dev/null | tar -xf - -C "$tree" \
  || die "cannot copy the tree into $tree"
[ -d build ] && cp -a build "$tree/build"
# First on PATH: a grandamp and a grandamp_verify that say why they are not there and exit 127.
shim="$work/not-on-path"
mkdir -p "$shim"
for b in grandamp grandamp_verify; do
  printf '#!/bin/sh\necho "readme-check: %s is not on PATH for a new user (make install puts it there): write build/%s" >&2\nexit 127\n' \
    "$b" "$b" >"$shim/$b" && chmod +x "$shim/$b" || die "cannot write $shim/$b"
done

# The command as it is run here, into $run ($skip: why it is not run).
rewrite() {
  local c="$1"
  skip=""; run=""
  case "$c" in
  "make test"* | "make race"* | "make mutation-check"* | "make fuzz"*)
    skip="a test suite: CI runs it as a stage of its own"; return ;;
  esac
  if [ "${GRANDAMP_README_ENGINES:-0}" != 1 ]; then
    case "$c" in make\ bench* | make\ verify*)
      c=$(printf '%s' "$c" | sed -E 's/ ENGINES=("[^"]*"|[^ ]*)//') ;;
    esac
  fi
  case "$c" in
  "make bench"*) case "$c" in *QUICK=*) ;; *) c="$c QUICK=1" ;; esac ;;
  "make verify"*) case "$c" in *VERIFY_ARGS=*) ;; *) c="$c VERIFY_ARGS=--quick" ;; esac ;;
  "make deps"*) c="$c DRY_RUN=1" ;;
  "make install"* | "make uninstall"*) c=$(printf '%s' "$c" | sed -E 's/ PREFIX=[^ ]*//')" PREFIX='$work/prefix'" ;;
  esac
  run="$c"
}

: >"$work/vars.sh"
passed=0; failed=0; skipped=0; n=0
seen=$'\n'
while IFS= read -r cmd; do
  rewrite "$cmd"
  if [ -n "$skip" ]; then
    case "$seen" in *$'\n'"skip:$cmd"$'\n'*) continue ;; esac
    seen="$seen""skip:$cmd"$'\n'
    echo "readme-check: skip  $cmd ($skip)"
    skipped=$((skipped + 1))
    continue
  fi
  case "$seen" in *$'\n'"$run"$'\n'*) continue ;; esac # once each, as rewritten
  seen="$seen$run"$'\n'
  n=$((n + 1))
  # An assignment (M='...') holds for the commands after it, as in the user's shell.
  if [[ "$run" =~ ^[A-Z][A-Z_]*=\'[^\']*\'$ ]]; then
    printf 'export %s\n' "$run" >>"$work/vars.sh"
    echo "readme-check: set   $run"
    passed=$((passed + 1))
    continue
  fi
  log="$work/$n.log"
  start=$SECONDS
  (cd "$tree" && PATH="$shim:$PATH" bash -c ". '$work/vars.sh'; $run") </dev/null >"$log" 2>&1
  rc=$?
  took=$((SECONDS - start))
  if [ "$rc" = 0 ]; then
    printf 'readme-check: ok    %-70s %4d s\n' "$run" "$took"
    passed=$((passed + 1))
  else
    printf 'readme-check: FAIL  %s (exit %d after %d s); the last lines:\n' "$run" "$rc" "$took"
    tail -n 15 "$log" | sed 's/^/    /'
    failed=$((failed + 1))
  fi
done < <(for page in "$@"; do awk -f tools/readme_commands.awk "$page"; done)

[ "$failed" = 0 ] || keep=1
[ "$keep" = 1 ] && echo "readme-check: the copy and the logs are kept in $work"
echo "readme-check: $passed passed, $failed failed ($skipped not run: CI's own stages)"
[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
