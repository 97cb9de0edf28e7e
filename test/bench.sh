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
