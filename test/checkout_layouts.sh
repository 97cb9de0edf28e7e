#!/usr/bin/env bash
# The test command from a checkout as a root user makes one: test/run-major.sh runs each
# check once, on the oldest major, with uuidx installed. The tree is copied into a
# directory the server user cannot enter (mode 700, as /root is; the copy made as if with
# umask 077), with spaces in its path, and from there:
#   tap        one TAP file that loads the tests' module and runs a recipe of
#              docs/multi-server.md (failover.pl), through test/tap/run.sh, as the test
#              command runs them all;
#   read-only  one regression file, with test/regress.sh from a read-only bind mount of the
#              copy: it must say that it runs from a copy of its own, and pass.
# Exit 0 passes, 77 is a skip (its reason on the last line), anything else fails.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
CHECK=${1:?usage: checkout_layouts.sh tap|read-only}

is_root || { echo "only root makes a checkout the server user cannot enter: skipped"; exit 77; }
base=$(mktemp -d /tmp/uuidx-layout.XXXXXX)  # mode 700
tree="$base/home of root/uuidx checkout"
read_only="$base/read only mount"
writable_copy="$base/writable copy"
cleanup() {
    mountpoint -q "$read_only" && umount "$read_only"
    rm -rf "$base"
}
trap cleanup EXIT
copy_sources "$tree" && chmod -R go-rwx "$base" || exit 1
if as_server_user test -r "$tree/README.md"; then
    echo "the server user can read $tree: this check would prove nothing"
    exit 1
fi

case $CHECK in
tap)
    bash "$tree/test/tap/run.sh" failover.pl >"$base/tap.out" 2>&1
    status=$?
    cat "$base/tap.out"
    [ "$status" -eq 0 ] || { echo "test/tap/run.sh exited $status"; exit 1; }
    grep -qE '^ok [0-9]+ ' "$base/tap.out" && ! grep -qE '^not ok|skipped: ' "$base/tap.out" ||
        { echo "failover.pl did not run its tests"; exit 1; }
    ;;
read-only)
    mkdir -p "$read_only" && mount --bind "$tree" "$read_only" && mount -o remount,bind,ro "$read_only" ||
        { echo "this machine does not let root mount a read-only copy of the tree: skipped"; exit 77; }
    if touch "$read_only/README.md" 2>/dev/null; then echo "the mount is not read-only"; exit 1; fi
    UUIDX_WRITABLE_COPY=$writable_copy bash "$read_only/test/regress.sh" inspect >"$base/regress.out" 2>&1
    status=$?
    cat "$base/regress.out"
    [ "$status" -eq 0 ] || { echo "test/regress.sh exited $status"; exit 1; }
    grep -qF "running from a copy of it in $writable_copy" "$base/regress.out" ||
        { echo "test/regress.sh did not say that it ran from a copy"; exit 1; }
    ;;
*)
    echo "usage: checkout_layouts.sh tap|read-only"
    exit 2
    ;;
esac
