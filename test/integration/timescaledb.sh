#!/usr/bin/env bash
# A TimescaleDB hypertable partitioned by a uuidx v7 key, with the real packaged TimescaleDB
# where the suite has 2.22 or later (uuid partitioning came in 2.22; exit 77, a visible
# skip, elsewhere). In a cluster of its own, since TimescaleDB must be preloaded:
#  - preloaded mode: shared_preload_libraries = 'uuidx,timescaledb'. uuidx installs its
#    planner hook in _PG_init; TimescaleDB's loader installs its own planner hook only when
#    its versioned library loads, at a session's first statement: TimescaleDB's runs first
#    and calls uuidx's.
#  - session mode: 'timescaledb' only, and uuidx loaded by the session's first call of a
#    uuidx function, after TimescaleDB's library: uuidx's hook runs first and calls
#    TimescaleDB's.
# In both, rows land in the chunks of their times, and chunks are excluded by TimescaleDB's
# boundary function, by explicit uuid_v7_min bounds and by uuidx's natural time predicates
# (which failed before uuidx gave TimescaleDB only valid v7 constants: TimescaleDB refuses a
# constant key that is not a v7 beside a hypertable's partitioning column), with the rows
# that the same query counts with uuidx.time_predicates off.
# Run by test/run-major.sh with UUIDX_MODE (session | preloaded).
set -eu
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
cd "$UUIDX_ROOT"

require_peer timescaledb TimescaleDB 2.22 "hypertables partitioned by a UUIDv7 column"
version=$PEER_VERSION

mode=${UUIDX_MODE:-session}
libraries=timescaledb
[ "$mode" = preloaded ] && libraries=uuidx,timescaledb
trap stop_cluster EXIT
start_cluster "shared_preload_libraries = '$libraries'" "timescaledb.telemetry_level = off" \
    "timezone = 'UTC'"
echo "TimescaleDB $version, PostgreSQL $PG_MAJOR, shared_preload_libraries = '$libraries'"

db=uuidx_timescaledb
psql_quiet -c "CREATE DATABASE $db"
# Every session loads uuidx first (SELECT uuidx.uuid_max()): without preloading, its
# planner hook is installed when the library loads, at the first call of a uuidx function.
# Its status is psql's: the output is read once psql has ended, not through a pipe.
sql() {
    local out
    out=$(psql_quiet -At -d "$db" -c 'SELECT uuidx.uuid_max()' "$@") || return
    tail -n +2 <<<"$out"
}
check() {  # check DESCRIPTION SQL: the SQL's last result must be t
    local got
    got=$(sql -c "$2") || { echo "FAILED: $1"; return 1; }
    got=$(tail -1 <<<"$got")
    [ "$got" = t ] || { echo "FAILED: $1 (got '$got')"; return 1; }
    echo "ok: $1"
}

psql_quiet -At -d "$db" >/dev/null <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION timescaledb;
CREATE SCHEMA uuidx;
CREATE EXTENSION uuidx SCHEMA uuidx;
CREATE TABLE readings (
    id    uuid PRIMARY KEY DEFAULT uuidx.uuid_generate_v7(),
    value int
);
SELECT create_hypertable('readings', by_range('id', interval '1 day'));
-- Ten days in the past, a row every 10 minutes, then rows made now by the column default.
INSERT INTO readings (id, value)
SELECT uuidx.uuid_generate_v7(t), 1 FROM generate_series(timestamptz '2025-03-01+00', '2025-03-10 23:50+00', interval '10 minutes') t;
INSERT INTO readings (value) SELECT 2 FROM generate_series(1, 100);
ANALYZE readings;
CREATE VIEW readings_view AS SELECT * FROM readings;
SQL

check "11 chunks, and every row lies in the time range of its chunk" "
    SELECT (SELECT count(*) = 11 FROM timescaledb_information.chunks WHERE hypertable_name = 'readings')
       AND (SELECT bool_and(uuidx.uuid_v7_to_timestamptz(r.id) >= c.range_start AND uuidx.uuid_v7_to_timestamptz(r.id) < c.range_end)
                   AND count(*) = 1540 AND count(c.chunk_name) = 1540
            FROM readings r
            LEFT JOIN timescaledb_information.chunks c
              ON format('%I.%I', c.chunk_schema, c.chunk_name)::regclass = r.tableoid)"

chunks_scanned() { grep -cE ' on _hyper_[0-9]+_[0-9]+_chunk( |$)' || true; }
# expect_chunks N CONDITION [WHY]: the plan of a count under CONDITION scans N chunks, and
# counts the rows the same query counts with uuidx.time_predicates off.
expect_chunks() {
    local wanted=$1 condition=$2 plan scanned with without
    plan=$(sql -c "EXPLAIN (COSTS OFF) SELECT count(*) FROM readings WHERE $condition") || return 1
    scanned=$(chunks_scanned <<<"$plan")
    with=$(sql -c "SELECT count(*) FROM readings WHERE $condition") || return 1
    without=$(sql -c 'SET uuidx.time_predicates = off' -c "SELECT count(*) FROM readings WHERE $condition") || return 1
    without=$(tail -1 <<<"$without")
    if [ "$scanned" != "$wanted" ] || [ "$with" != "$without" ]; then
        echo "$plan"
        echo "FAILED: $condition scans $scanned chunks (expected $wanted) and counts $with rows ($without with the hook off)"
        return 1
    fi
    echo "ok: $scanned of 11 chunks, $with rows: $condition${3:+ ($3)}"
}

# One day, on chunk boundaries.
expect_chunks 1 "id >= to_uuidv7_boundary('2025-03-05+00') AND id < to_uuidv7_boundary('2025-03-06+00')" "TimescaleDB's boundary function"
expect_chunks 1 "id >= uuidx.uuid_v7_min('2025-03-05+00') AND id < uuidx.uuid_v7_min('2025-03-06+00')" "explicit bounds"
expect_chunks 2 "uuidx.uuid_v7_to_timestamptz(id) >= '2025-03-05+00' AND uuidx.uuid_v7_to_timestamptz(id) < '2025-03-06+00'" \
    "valid v7 bounds for TimescaleDB are a millisecond wider: a window starting on a chunk's first millisecond keeps the chunk before it"
expect_chunks 2 "uuidx.uuid_v7_to_timestamp(id) >= '2025-03-05' AND uuidx.uuid_v7_to_timestamp(id) < '2025-03-06'"
# Windows inside a chunk.
expect_chunks 1 "uuidx.uuid_v7_to_timestamptz(id) >= '2025-03-05 00:00:00.001+00' AND uuidx.uuid_v7_to_timestamptz(id) < '2025-03-06+00'"
expect_chunks 1 "uuidx.uuid_v7_to_timestamptz(id) BETWEEN '2025-03-05 10:00+00' AND '2025-03-05 11:00+00'"
expect_chunks 1 "uuidx.uuid_v7_to_timestamptz(id) = '2025-03-05 12:00+00'"
expect_chunks 1 "'2025-03-05 10:00+00' <= uuidx.uuid_v7_to_timestamptz(id) AND uuidx.uuid_v7_to_timestamptz(id) < '2025-03-05 11:00+00'"
# Edges no key reaches: nothing fails.
expect_chunks 0 "uuidx.uuid_v7_to_timestamptz(id) >= 'infinity'"
expect_chunks 0 "uuidx.uuid_v7_to_timestamptz(id) < '1970-01-01+00'"
expect_chunks 11 "uuidx.uuid_v7_to_timestamptz(id) > '-infinity'"
# What uuidx does not rewrite: its operator (its bounds are index conditions only) and
# TimescaleDB's own uuid_timestamp(): every chunk, the right rows.
expect_chunks 11 "id OPERATOR(uuidx.<@) tstzrange('2025-03-05 10:00+00', '2025-03-05 11:00+00')" "index conditions in every chunk"
expect_chunks 11 "uuid_timestamp(id) >= '2025-03-05 10:00+00' AND uuid_timestamp(id) < '2025-03-05 11:00+00'" "TimescaleDB's function"

# now(), parameters and PL/pgSQL variables. now() and a generic plan's parameters: the
# bounds are evaluated when the scan starts. A custom plan's parameters are constants by
# the time uuidx sees the query: valid v7 bounds, and chunks excluded when it is planned.
plan=$(sql -c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)
               SELECT count(*) FROM readings WHERE uuidx.uuid_v7_to_timestamptz(id) >= now() - interval '1 hour'")
echo "$plan"
grep -q 'Chunks excluded during startup: 10' <<<"$plan" || { echo "FAILED: now()-based bounds exclude no chunk at startup"; exit 1; }
echo "ok: now()-based bounds exclude 10 of 11 chunks when the scan starts"
execute="EXECUTE q('2025-03-05 10:00+00', '2025-03-05 11:00+00')"
for plans in force_custom_plan force_generic_plan; do
    args=(-c "SET plan_cache_mode = $plans"
          -c "PREPARE q(timestamptz, timestamptz) AS
              SELECT count(*) FROM readings WHERE uuidx.uuid_v7_to_timestamptz(id) >= \$1 AND uuidx.uuid_v7_to_timestamptz(id) < \$2")
    for _ in 1 2 3 4 5 6 7; do args+=(-c "$execute"); done
    args+=(-c "EXPLAIN (COSTS OFF) $execute")
    out=$(sql "${args[@]}")
    [ "$(grep -cx 6 <<<"$out")" = 7 ] || { echo "$out"; echo "FAILED: EXECUTE q ($plans) counted other rows than 6"; exit 1; }
    if [ "$plans" = force_custom_plan ]; then
        [ "$(chunks_scanned <<<"$out")" = 1 ] ||
            { echo "$out"; echo "FAILED: the prepared statement ($plans) is not planned on one chunk"; exit 1; }
        echo "ok: a prepared statement's parameters ($plans) count the right rows, planned on 1 of 11 chunks"
    else
        grep -q 'Chunks excluded during startup: 10' <<<"$out" ||
            { echo "$out"; echo "FAILED: the prepared statement ($plans) excludes no chunk when the scan starts"; exit 1; }
        echo "ok: a prepared statement's parameters ($plans) count the right rows and exclude 10 chunks when the scan starts"
    fi
done
check "a view of the hypertable counts the right rows" "
    SELECT (SELECT count(*) FROM readings_view WHERE uuidx.uuid_v7_to_timestamptz(id) >= '2025-03-10 12:00+00') = 172
       AND (SELECT count(*) FROM readings_view WHERE uuidx.uuid_v7_to_timestamptz(id) >= '2025-03-10 12:00+00'
                                                 AND uuidx.uuid_v7_to_timestamptz(id) < '2025-03-11+00') = 72"
psql_quiet -At -d "$db" -c "CREATE FUNCTION since(t timestamptz) RETURNS bigint LANGUAGE plpgsql AS \$\$
    DECLARE n bigint;
    BEGIN SELECT count(*) INTO n FROM readings WHERE uuidx.uuid_v7_to_timestamptz(id) >= t; RETURN n; END \$\$"
since=$(sql -c "SELECT since('2025-03-10 12:00+00')" -c "SELECT since('2025-03-10 12:00+00')")
[ "$(tail -1 <<<"$since")" = 172 ] ||
    { echo "FAILED: a PL/pgSQL variable counts other rows than 172"; exit 1; }
echo "ok: a PL/pgSQL variable as comparand works, repeatedly"

echo "ok: TimescaleDB $version and uuidx ($mode) side by side"
