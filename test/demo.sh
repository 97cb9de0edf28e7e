#!/usr/bin/env bash
# The README's main command (make run): a throwaway PostgreSQL with uuidx, a short
# guided demo, then an interactive psql on it when a terminal is attached. Everything is
# removed on exit. PostgreSQL 15 by default; PG_MAJOR=17 or 18 runs the same in that
# major's root file system (test/lib/roots.sh).
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
source "$(dirname "${BASH_SOURCE[0]}")/lib/roots.sh"
run_from_writable_checkout test/demo.sh "$@"
cd "$UUIDX_ROOT"

if ! major_is_native "$PG_MAJOR"; then
    suite_of_major "$PG_MAJOR" >/dev/null || { log "PostgreSQL $PG_MAJOR is not supported: $(major_numbers | tr '\n' ' ')"; exit 2; }
    trap leave_root EXIT
    enter_root "$PG_MAJOR" || exit 1
    in_root "$ENTERED_ROOT" PG_MAJOR="$PG_MAJOR" bash /build/uuidx/test/demo.sh
    exit $?
fi

trap stop_cluster EXIT

ensure_dependencies && build_and_install || exit 1
start_cluster || exit 1
psql_quiet -c 'CREATE EXTENSION uuidx'
log "uuidx is installed in a throwaway cluster ($PGHOST)"
"$PG_BIN/psql" -X -v ON_ERROR_STOP=1 -f test/demo.sql || exit 1

if [ -t 0 ] && [ -t 1 ]; then
    log "an interactive psql on the demo database; \\q ends it and removes the cluster"
    "$PG_BIN/psql" -X
else
    log "no terminal attached: demo done, cluster removed"
fi
