#!/usr/bin/env bash
# The README's main command (make run): a throwaway PostgreSQL with uuidx, a short
# guided demo, then an interactive psql on it when a terminal is attached. Everything is
# removed on exit.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$UUIDX_ROOT"
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
