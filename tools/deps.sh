#!/bin/sh
# Installs the Debian packages given as arguments that are missing: with apt-get when run as
# root, otherwise prints the exact command and fails, so no target runs half-equipped.
# GRANDAMP_DEPS_DRY_RUN=1: says what is missing and installs nothing.
# Each package once, in the order given (the targets' lists overlap: jq is the tests' and the bench's).
packages=""
for p in "$@"; do
  case " $packages " in *" $p "*) ;; *) packages="$packages $p" ;; esac
done
missing=""
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ "${GRANDAMP_DEPS_DRY_RUN:-0}" = 1 ]; then # make deps DRY_RUN=1
  if [ -z "$missing" ]; then echo "grandamp: every package needed is installed:$packages"
  else echo "grandamp: would install:$missing"; fi
  exit 0
fi
[ -z "$missing" ] && exit 0
# Runs an apt-get command; while another apt-get or dpkg holds the package lock (an unattended
# upgrade, a second terminal), waits for it, saying so, up to LOCK_WAIT seconds.
LOCK_WAIT=${GRANDAMP_APT_LOCK_WAIT:-600}
apt_wait() {
  waited=0
  while :; do
    out=$("$@" -o DPkg::Lock::Timeout=5 2>&1 >/dev/null) && return 0
    case "$out" in
      *"Could not get lock"* | *"Unable to acquire"*"lock"* | *"is another process using it"*) ;;
      *) printf '%s\n' "$out" >&2; return 1 ;;
    esac
    if [ "$waited" -ge "$LOCK_WAIT" ]; then
      echo "grandamp: error: the package lock is still held after $LOCK_WAIT s (another apt-get or dpkg is running); try again when it ends" >&2
      return 1
    fi
    [ "$waited" = 0 ] && echo "grandamp: another apt-get or dpkg holds the package lock; waiting for it (up to $LOCK_WAIT s)" >&2
    sleep 5
    waited=$((waited + 5))
  done
}
if [ "$(id -u)" = 0 ]; then
  echo "grandamp: installing missing Debian packages:$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt_wait apt-get update -qq && apt_wait apt-get install -y -qq --no-install-recommends $missing && exit 0
  echo "grandamp: error: apt-get could not install:$missing" >&2
  exit 1
fi
echo "grandamp: error: missing Debian packages:$missing" >&2
echo "grandamp: install them with:  sudo apt-get install -y$missing" >&2
exit 1
