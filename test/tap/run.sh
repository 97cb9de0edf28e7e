#!/usr/bin/env bash
# The tests of servers of their own (test/tap/*.pl, or the files named: run.sh failover.pl)
# against the installed uuidx, on PostgreSQL's TAP framework of PG_MAJOR (default 15), with
# prove -v as the server user: prove's output, and its exit status. test/run-major.sh counts
# its results on every major.
#
# The server user reads the tests, their modules and the guide whose recipes they run
# (docs/multi-server.md) from a copy of the tree made for it (server_user_dir in
# test/lib/common.sh), never from the checkout, which it may not be able to enter (a root
# user's clone in /root is mode 700).
# The copy and the TAP clusters live in one temporary directory, removed on exit, once the
# servers' logs of a failed run are printed.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"

dir=$(server_user_dir uuidx-tap) || { echo "could not make the TAP tests' directory"; exit 1; }
trap 'rm -rf "$dir"' EXIT
tests=()  # relative to $dir, where prove runs
if [ $# -eq 0 ]; then
    for path in "$dir"/tree/test/tap/*.pl; do tests+=("tree/test/tap/$(basename "$path")"); done
else
    for name in "$@"; do tests+=("tree/test/tap/$(basename "$name")"); done
fi

as_tap_user "$dir" prove -v "${tests[@]}"
status=$?
if [ "$status" -ne 0 ]; then
    echo "# prove exited $status; the end of each server's log:"
    find "$dir" -path '*log*' -name '*.log' -exec tail -20 {} + 2>/dev/null
fi
exit "$status"
