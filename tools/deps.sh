#!/bin/sh
# Installs the Debian packages given as arguments that are missing: with apt-get when run as
# root, otherwise prints the exact command and fails, so no target runs half-equipped.
missing=""
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ]; then
  echo "grandamp: installing missing Debian packages:$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing >/dev/null && exit 0
  echo "grandamp: error: apt-get could not install:$missing" >&2
  exit 1
fi
echo "grandamp: error: missing Debian packages:$missing" >&2
echo "grandamp: install them with:  sudo apt-get install -y$missing" >&2
exit 1
