#!/usr/bin/env bash
# pg_partman managing a table partitioned by its uuidx v7 key, with the real packaged
# pg_partman where the suite has 5.2 or later (exit 77, a visible skip, where it has none or
# an older one: time encoders for uuid came in 5.2). The recipe as the README gives it:
# create_parent with uuidx's uuid_time_encoder and uuid_time_decoder, schema-qualified
# (pg_partman's functions run with search_path = partman, pg_catalog). Then maintenance
# makes the partitions ahead and skips nothing, new keys land in their day's partition,
# rows with old times are moved out of the default partition by pg_partman's own function
# (5.3.0 and later; 5.2.4 refuses uuid sets, and the test says so), retention drops old
# partitions, and the natural time predicates prune partitions at plan time and at run time.
# Run by test/run-major.sh with UUIDX_MODE (session | preloaded) and the cluster's PG* env.
set -eu
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
cd "$UUIDX_ROOT"

require_peer pg_partman pg_partman 5.2 "time encoders for uuid keys"
version=$PEER_VERSION
version_at_least() { printf '%s\n%s\n' "$1" "$version" | sort -V -C; }
echo "pg_partman $version, PostgreSQL $PG_MAJOR, uuidx ${UUIDX_MODE:-session}"

db=uuidx_partman
psql_quiet -c 'SET client_min_messages = warning' -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" \
    -c "ALTER DATABASE $db SET timezone = 'UTC'"
sql() { psql_quiet -At -d "$db" "$@"; }
check() { expect_true "$db" "$@"; }
# A psql run whose warnings are failures: pg_partman's maintenance reports a partition set
# it could not maintain as a WARNING ("maintenance skipped partition set ...") and goes on.
without_warnings() {
    local out
    out=$(psql_quiet -At -d "$db" "$@" 2>&1) || { echo "$out"; return 1; }
    if grep -Ei 'warning|skipped' <<<"$out"; then echo "FAILED: pg_partman warned"; return 1; fi
    return 0
}

# --- the recipe -------------------------------------------------------------------------
sql >/dev/null <<'SQL'
SET client_min_messages = warning;
CREATE SCHEMA partman;
CREATE EXTENSION pg_partman SCHEMA partman;
CREATE SCHEMA uuidx;
CREATE EXTENSION uuidx SCHEMA uuidx;
CREATE TABLE public.events (
    id      uuid PRIMARY KEY DEFAULT uuidx.uuid_generate_v7(),
    payload text
) PARTITION BY RANGE (id);
SELECT partman.create_parent(
    p_parent_table    := 'public.events',
    p_control         := 'id',
    p_interval        := '1 day',
    p_premake         := 3,
    p_start_partition := (now() - interval '10 days')::text,
    p_time_encoder    := 'uuidx.uuid_time_encoder',
    p_time_decoder    := 'uuidx.uuid_time_decoder');
SQL

echo "ok: create_parent with uuidx.uuid_time_encoder and uuidx.uuid_time_decoder"

# The partitions' bounds are uuid_time_encoder's keys of their days, and decode to them.
check "every partition is bounded by the encoder's keys of its day, which decode to the day" "
    SELECT count(*) = 14 AND bool_and(lo = uuidx.uuid_time_encoder(day) AND hi = uuidx.uuid_time_encoder(day + interval '1 day')
                                     AND uuidx.uuid_time_decoder(lo::text) = day)
    FROM (SELECT to_timestamp(substring(c.relname from '_p(\d{8})$'), 'YYYYMMDD') AS day,
                 b[1]::uuid AS lo, b[2]::uuid AS hi
          FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid,
               regexp_match(pg_get_expr(c.relpartbound, c.oid), \$\$FROM \('([^']+)'\) TO \('([^']+)'\)\$\$) b
          WHERE i.inhparent = 'public.events'::regclass AND b IS NOT NULL) p"

# --- maintenance --------------------------------------------------------------------------
without_warnings -c 'CALL partman.run_maintenance_proc()'
echo "ok: run_maintenance_proc() maintains the set with no warning"
# In one transaction, so that now() is the time maintenance ran at.
ahead=$(sql -c 'BEGIN' -c "SELECT partman.run_maintenance('public.events')" -c "
    SELECT max(child_start_time) = date_trunc('day', now()) + interval '3 days'
    FROM partman.show_partitions('public.events') s,
         partman.show_partition_info(s.partition_schemaname || '.' || s.partition_tablename, NULL, 'public.events') i" \
    -c 'COMMIT')
[ "$(tail -1 <<<"$ahead")" = t ] || { echo "FAILED: the newest partition is not 3 days ahead of today"; exit 1; }
echo "ok: run_maintenance() keeps 3 daily partitions ahead of today"
without_warnings -c "SELECT partman.run_maintenance('public.events')"
echo "ok: run_maintenance() warns of nothing"
# show_partitions orders the set by decoding each lower bound (the decoder is given text).
check "show_partitions and show_partition_name read the bounds through uuid_time_decoder(text)" "
    SELECT (SELECT array_agg(partition_tablename) FROM partman.show_partitions('public.events', 'DESC'))
           = (SELECT array_agg(partition_tablename ORDER BY partition_tablename DESC) FROM partman.show_partitions('public.events'))
       AND (SELECT partition_table = 'events_p' || to_char(now(), 'YYYYMMDD') AND table_exists
            FROM partman.show_partition_name('public.events', now()::text))"

# Where rows land: a table of each partition's time range, read from its bounds with uuidx's
# decoder (not pg_partman's code).
ranges="CREATE TEMP VIEW ranges AS
    SELECT c.oid AS part, uuidx.uuid_time_decoder(b[1]) AS lo, uuidx.uuid_time_decoder(b[2]) AS hi
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid,
         regexp_match(pg_get_expr(c.relpartbound, c.oid), \$\$FROM \('([^']+)'\) TO \('([^']+)'\)\$\$) b
    WHERE i.inhparent = 'public.events'::regclass AND b IS NOT NULL;"
in_their_partitions="SELECT count(*) FILTER (WHERE r.part IS NULL) = 0
        AND bool_and(uuidx.uuid_v7_to_timestamptz(e.id) >= r.lo AND uuidx.uuid_v7_to_timestamptz(e.id) < r.hi)
    FROM events e LEFT JOIN ranges r ON r.part = e.tableoid"

sql -c "INSERT INTO events (payload) SELECT 'now ' || g FROM generate_series(1, 1000) g"
check "keys generated by the column default land in the partition of their time, none in the default" \
    "$ranges $in_their_partitions"

# --- rows with old times: the default partition, then out of it ------------------------------
sql -c "INSERT INTO events (id, payload)
        SELECT uuidx.uuid_generate_v7(now() - interval '20 days' - g * interval '1 hour'), 'old ' || g
        FROM generate_series(0, 47) g"
check "keys older than the first partition go to the default partition" \
    "SELECT count(*) = 48 FROM ONLY events_default"
if version_at_least 5.3; then
    moved=$(sql -c "SELECT partman.partition_data_time('public.events', p_batch_count := 100)")
    [ "$moved" = 48 ] || { echo "FAILED: partition_data_time moved '$moved' rows, not 48"; exit 1; }
    check "partition_data_time moved them into partitions of their days and emptied the default" \
        "$ranges SELECT (SELECT count(*) = 0 FROM ONLY events_default) AND ($in_their_partitions)"
    # partition_data_proc calls partition_data_<control type>, and there is no partition_data_uuid
    # (pg_partman 5.5.0): say so, and notice when that changes.
    if proc=$(sql -c "CALL partman.partition_data_proc('public.events')" 2>&1); then
        echo "note: pg_partman $version's partition_data_proc now accepts uuid sets"
    else
        grep -q 'partition_data_uuid' <<<"$proc" || { echo "$proc"; exit 1; }
        echo "note: pg_partman $version's partition_data_proc fails on uuid sets (it calls partition_data_uuid, which does not exist): call partition_data_time"
    fi
else
    refusal=$(sql -c "SELECT partman.partition_data_time('public.events', p_batch_count := 100)" 2>&1) &&
        { echo "FAILED: pg_partman $version moved rows of a uuid set: the test's expectations are out of date"; exit 1; }
    grep -q 'Cannot run on partition set without time based control column' <<<"$refusal" || { echo "$refusal"; exit 1; }
    echo "ok (a pg_partman limitation): pg_partman $version refuses to move rows of a uuid set out of the default partition (partition_data_time supports uuid from 5.3.0); the 48 rows stay there"
    sql -c "DELETE FROM ONLY events_default"
fi

# --- retention -----------------------------------------------------------------------------
before=$(sql -c "SELECT count(*) FROM partman.show_partitions('public.events')")
sql -c "UPDATE partman.part_config SET retention = '5 days', retention_keep_table = false WHERE parent_table = 'public.events'"
without_warnings -c "SELECT partman.run_maintenance('public.events')"
check "retention dropped the partitions older than 5 days (tables and rows gone), kept the others" "
    $ranges
    SELECT (SELECT count(*) FROM partman.show_partitions('public.events')) < $before
       AND NOT EXISTS (SELECT FROM ranges WHERE hi < now() - interval '5 days')
       AND (SELECT min(lo) FROM ranges) <= now() - interval '5 days'
       AND NOT EXISTS (SELECT FROM pg_class WHERE relname = 'events_p' || to_char(now() - interval '10 days', 'YYYYMMDD'))
       AND NOT EXISTS (SELECT FROM events WHERE payload LIKE 'old%')
       AND (SELECT count(*) = 1000 FROM events)"

# --- pruning by the natural time predicates -------------------------------------------------
# Without preloading, uuidx's planner hook is installed when the library loads, at the first
# call of a uuidx function in the session (not at planning): hence SELECT uuidx.uuid_max()
# before the first EXPLAIN of each session.
partitions_scanned() { grep -cE ' on events_(p[0-9]{8}|default)( |$)' || true; }
# Yesterday as constants (literals in the query text, so the planner prunes with them).
IFS='|' read -r day next_day ten eleven noon day_utc next_day_utc < <(sql -F '|' -c "
    SELECT quote_literal(d), quote_literal(d + interval '1 day'), quote_literal(d + interval '10 hours'),
           quote_literal(d + interval '11 hours'), quote_literal(d + interval '12 hours'),
           quote_literal((d AT TIME ZONE 'UTC')), quote_literal((d + interval '1 day') AT TIME ZONE 'UTC')
    FROM date_trunc('day', now() - interval '1 day') d")
plan_time() {  # plan_time CONDITION: the plan scans one partition, chosen when planning
    local plan
    plan=$(sql -c 'SELECT uuidx.uuid_max()' -c 'SET enable_seqscan = off' \
        -c "EXPLAIN (COSTS OFF) SELECT count(*) FROM events WHERE $1") || return 1
    plan=$(tail -n +2 <<<"$plan")
    echo "$plan"
    if [ "$(partitions_scanned <<<"$plan")" != 1 ] || grep -q 'Subplans Removed' <<<"$plan"; then
        echo "FAILED: $1 does not prune to one partition at plan time"; return 1
    fi
    echo "ok: one partition at plan time for $1"
}
plan_time "uuidx.uuid_v7_to_timestamptz(id) >= $day AND uuidx.uuid_v7_to_timestamptz(id) < $next_day"
plan_time "uuidx.uuid_v7_to_timestamptz(id) BETWEEN $ten AND $eleven"
plan_time "uuidx.uuid_v7_to_timestamptz(id) = $noon"
plan_time "uuidx.uuid_v7_to_timestamp(id) >= $day_utc::timestamp AND uuidx.uuid_v7_to_timestamp(id) < $next_day_utc::timestamp"
plan=$(sql -c 'SELECT uuidx.uuid_max()' -c 'SET uuidx.time_predicates = off' \
    -c "EXPLAIN (COSTS OFF) SELECT count(*) FROM events WHERE uuidx.uuid_v7_to_timestamptz(id) >= $day AND uuidx.uuid_v7_to_timestamptz(id) < $next_day")
echo "for comparison, with uuidx.time_predicates off the same day scans $(partitions_scanned <<<"$plan") partitions"

plan=$(sql -c 'SELECT uuidx.uuid_max()' \
    -c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM events
        WHERE uuidx.uuid_v7_to_timestamptz(id) BETWEEN now() - interval '1 hour' AND now()")
echo "$plan"
grep -qE 'Subplans Removed: [1-9]' <<<"$plan" || { echo "FAILED: now()-based bounds prune nothing at run time"; exit 1; }
[ "$(grep -cE ' on events_(p[0-9]{8}|default) .*\(actual' <<<"$plan")" -le 2 ] ||
    { echo "FAILED: an hour's window before now() scans more than two partitions"; exit 1; }
echo "ok: now()-based bounds prune at run time (Subplans Removed)"
window_count="SELECT count(*) FROM events WHERE uuidx.uuid_v7_to_timestamptz(id) BETWEEN now() - interval '1 day' AND now()"
pruned=$(sql -c 'SELECT uuidx.uuid_max()' -c "$window_count")
unpruned=$(sql -c 'SELECT uuidx.uuid_max()' -c 'SET uuidx.time_predicates = off' -c "$window_count")
[ "$(tail -1 <<<"$pruned")" = "$(tail -1 <<<"$unpruned")" ] ||
    { echo "FAILED: the pruned query counts other rows than the unpruned one"; exit 1; }
echo "ok: the pruned query counts the rows the unpruned one counts"

psql_quiet -c "DROP DATABASE $db"
echo "ok: pg_partman $version manages a uuidx-keyed table"
