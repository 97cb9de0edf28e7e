#!/usr/bin/env bash
# The benchmark command (make bench): one throwaway server, one session, every generator
# timed over the same loop, medians of interleaved repetitions. Ratios, not absolute times,
# are what to compare: machines are shared and noisy.
#   BENCH_CALLS (default 1000000) calls per timed query, BENCH_REPETITIONS (default 7).
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$UUIDX_ROOT"
trap stop_cluster EXIT

ensure_dependencies && build_and_install || exit 1
start_cluster || exit 1
psql_quiet -c 'CREATE EXTENSION uuidx' -c 'CREATE EXTENSION "uuid-ossp"'
log "timing ${BENCH_CALLS:-1000000} calls x ${BENCH_REPETITIONS:-7} repetitions per function"
"$PG_BIN/psql" -X -v ON_ERROR_STOP=1 -v calls="${BENCH_CALLS:-1000000}" \
    -v repetitions="${BENCH_REPETITIONS:-7}" -f test/bench.sql

# The migration guide at scale: BENCH_MIGRATION_PARENTS customers (default 1,000,000), each
# with two orders and a note, moved from v4 to v7 keys by test/migration/steps.sql.
parents=${BENCH_MIGRATION_PARENTS:-1000000}
if [ "$parents" -gt 0 ]; then
    log "migration guide: building $parents customers, $((2 * parents)) orders, $parents notes"
    psql_quiet -c 'CREATE DATABASE migration_bench'
    psql_quiet -d migration_bench -c 'CREATE EXTENSION uuidx' -v parents="$parents" -f test/migration/schema.sql
    psql_quiet -d migration_bench -c 'CHECKPOINT'
    log "migration guide: running test/migration/steps.sql"
    started=$(date +%s.%N)
    "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -d migration_bench -f test/migration/steps.sql
    finished=$(date +%s.%N)
    awk -v parents="$parents" -v started="$started" -v finished="$finished" 'BEGIN {
        printf "migration guide, %d parent rows (%d rows in all): %.0f s\n", parents, 4 * parents, finished - started }'
fi
