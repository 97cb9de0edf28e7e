#!/usr/bin/env bash
# The README's main command (make run): a throwaway PostgreSQL with uuidx preloaded, the
# guided demo (test/demo.sql: nine steps, each checking its own claims, in under a minute
# after the build), then an interactive psql on the demo database when a terminal is
# attached. Everything is removed on exit. PostgreSQL 15 by default; PG_MAJOR=17, 18 or 19
# runs the same in that major's root file system (test/lib/roots.sh). The test command
# runs it (test/demo_check.sh).
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

# The demo's second session (its step 6) is stopped whatever happens.
SESSIONS=$(mktemp -d /tmp/uuidx-demo-sessions.XXXXXX)
export UUIDX_SECOND_SESSIONS=$SESSIONS
trap 'bash test/lib/second_session.sh stop-all; rm -rf "$SESSIONS"; stop_cluster' EXIT
trap 'exit 130' INT TERM HUP

ensure_dependencies && build_and_install || exit 1
start_cluster "shared_preload_libraries = 'uuidx'" || exit 1
psql_quiet -c 'CREATE DATABASE demo' && psql_quiet -d demo -c 'CREATE EXTENSION uuidx' || exit 1
log "uuidx is preloaded in a throwaway PostgreSQL $PG_MAJOR ($PGHOST), in the database demo"
UUIDX_PSQL="$PG_BIN/psql" "$PG_BIN/psql" -X -d demo -f test/demo.sql || exit 1

if [ -t 0 ] && [ -t 1 ]; then
    log "an interactive psql on the demo database; \\q ends it and removes the server"
    "$PG_BIN/psql" -X -d demo
else
    log "no terminal attached: demo done, server removed"
fi
