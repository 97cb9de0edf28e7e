#!/usr/bin/env bash
# Regression tests in one command, each run against a throwaway server of its own, as a
# newcomer runs them:
#   bash test/regress.sh inspect                 one file (sql/inspect.sql), library loaded per session
#   bash test/regress.sh time_order partitions   a list
#   bash test/regress.sh commit_horizon_steps    an isolation spec (specs/NAME.spec)
#   bash test/regress.sh                         every file of the Makefile's REGRESS and ISOLATION
#   UUIDX_MODE=preloaded bash test/regress.sh inspect   with shared_preload_libraries = 'uuidx'
#   PG_MAJOR=18 bash test/regress.sh time_order  another major, in its root file system
# It installs what a fresh machine lacks (as the test command does), builds and installs
# uuidx (incrementally), starts a cluster in a temporary directory, runs pg_regress on the
# files, shows the differences of a failure, and removes the cluster. Its exit status is
# pg_regress's.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
source "$(dirname "${BASH_SOURCE[0]}")/lib/roots.sh"
run_from_writable_checkout test/regress.sh "$@"
cd "$UUIDX_ROOT"

MODE=${UUIDX_MODE:-session}
case "$MODE" in
session | preloaded) ;;
*) log "UUIDX_MODE must be session or preloaded"; exit 2 ;;
esac
suite_of_major "$PG_MAJOR" >/dev/null || { log "PostgreSQL $PG_MAJOR is not supported: $(major_numbers | tr '\n' ' ')"; exit 2; }

if ! major_is_native "$PG_MAJOR"; then
    trap leave_root EXIT
    enter_root "$PG_MAJOR" || exit 1
    in_root "$ENTERED_ROOT" PG_MAJOR="$PG_MAJOR" UUIDX_MODE="$MODE" \
        bash /build/uuidx/test/regress.sh "$@"
    exit $?
fi

trap stop_cluster EXIT
ensure_dependencies || exit 1
log "building uuidx for PostgreSQL $PG_MAJOR"
{ make -s -j2 PG_CONFIG="$PG_CONFIG" && make -s install PG_CONFIG="$PG_CONFIG"; } >/dev/null || exit 1
if [ "$MODE" = preloaded ]; then
    start_cluster "shared_preload_libraries = 'uuidx'" || exit 1
else
    start_cluster || exit 1
fi
log "PostgreSQL $PG_MAJOR, library ${MODE/session/loaded per session}: ${*:-every file of REGRESS}"
rm -f regression.diffs output_iso/regression.diffs
# The names given, each a regression file or an isolation spec.
names=()
if [ $# -gt 0 ]; then
    regress=() isolation=()
    for name in "$@"; do if [ -f "specs/$name.spec" ]; then isolation+=("$name"); else regress+=("$name"); fi; done
    names=(REGRESS="${regress[*]}" ISOLATION="${isolation[*]}")
fi
make -s installcheck PG_CONFIG="$PG_CONFIG" "${names[@]}"
status=$?
[ "$status" -eq 0 ] || cat regression.diffs output_iso/regression.diffs 2>/dev/null
exit "$status"
