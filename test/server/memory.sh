#!/usr/bin/env bash
# Memory stays flat: in one session, 2 million calls of each generator and 1 million of
# each inspector, after a warm-up of the same query, grow the backend's resident memory
# by less than 1 MiB more than the same query calling nothing (count(g)) grows it, measured
# in the same run (a leak of one byte per call would be 2 MB); and so does planning
# 150,000 queries with the time predicates' planner hook installed, queries it leaves
# alone and queries it adds key ranges to, against planning SELECT 1 as often (a leak of
# 8 bytes per planning would be 1.2 MB). The baselines take the allocator's own growth
# (the function scan's tuplestore, the executor's caches) out of the bound.
set -eu
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
trap stop_cluster EXIT
start_cluster

GENERATOR_CALLS=2000000
INSPECTOR_CALLS=1000000
PLANNINGS=150000
LIMIT_KB=1024

result=$(psql_quiet -At <<SQL
SET client_min_messages = warning;
CREATE EXTENSION uuidx;
CREATE FUNCTION resident_kb() RETURNS bigint LANGUAGE sql AS
\$\$ SELECT (regexp_match(pg_read_file('/proc/self/status'), 'VmRSS:\\s+(\\d+)'))[1]::bigint \$\$;
CREATE TABLE growth (expression text, calls bigint, warm_kb bigint, after_kb bigint);
CREATE PROCEDURE measure(expression text, calls bigint) LANGUAGE plpgsql AS \$\$
DECLARE
    query text := format('SELECT count(%s) FROM generate_series(1, \$1) g', expression);
    warm bigint;
BEGIN
    EXECUTE query USING calls / 10;
    EXECUTE query USING calls / 10;
    warm := resident_kb();
    EXECUTE query USING calls;
    INSERT INTO growth VALUES (expression, calls, warm, resident_kb());
END \$\$;
-- The baselines: the same queries calling nothing.
CALL measure('g', $GENERATOR_CALLS);
CALL measure('g', $INSPECTOR_CALLS);
CALL measure('uuid_generate_v7()', $GENERATOR_CALLS);
CALL measure('public.uuidv7(''-1 hour'')', $GENERATOR_CALLS);
CALL measure('public.uuidv4()', $GENERATOR_CALLS);
CALL measure('uuid_generate_v6()', $GENERATOR_CALLS);
CALL measure('uuidv1()', $GENERATOR_CALLS);
CALL measure('uuid_generate_v7(now())', $GENERATOR_CALLS);
CALL measure('uuid_timestamptz_to_v7(now())', $GENERATOR_CALLS);
CALL measure('uuidv3(''6ba7b810-9dad-11d1-80b4-00c04fd430c8'', g::text)', $GENERATOR_CALLS);
CALL measure('uuidv5(''6ba7b810-9dad-11d1-80b4-00c04fd430c8'', g::text)', $GENERATOR_CALLS);
CALL measure('uuid_generate_v8_name(''6ba7b810-9dad-11d1-80b4-00c04fd430c8'', g::text, ''sha3-256'')', $GENERATOR_CALLS);
CALL measure('uuid_generate_v8(''\\x00112233445566778899aabbccddeeff'')', $GENERATOR_CALLS);
CALL measure('uuid_v4_to_v7(''919108f7-52d1-4320-9bac-f847db4148a8'', now())', $GENERATOR_CALLS);
CALL measure('public.uuid_extract_version(''1ec9414c-232a-6b00-b3c8-9f6bdeced846'')', $INSPECTOR_CALLS);
CALL measure('uuid_extract_variant(''1ec9414c-232a-6b00-b3c8-9f6bdeced846'')', $INSPECTOR_CALLS);
CALL measure('public.uuid_extract_timestamp(''1ec9414c-232a-6b00-b3c8-9f6bdeced846'')', $INSPECTOR_CALLS);
CALL measure('uuid_extract_clock_seq(''1ec9414c-232a-6b00-b3c8-9f6bdeced846'')', $INSPECTOR_CALLS);
CALL measure('uuid_extract_node(''1ec9414c-232a-6b00-b3c8-9f6bdeced846'')', $INSPECTOR_CALLS);
CALL measure('uuid_inspect(''1ec9414c-232a-6b00-b3c8-9f6bdeced846'')', $INSPECTOR_CALLS);
CALL measure('uuid_v6_to_v1(''1ec9414c-232a-6b00-b3c8-9f6bdeced846'')', $INSPECTOR_CALLS);
CALL measure('uuid_v7_to_timestamptz(''017f22e2-79b0-7cc3-98c4-dc0c0c07398f'')', $INSPECTOR_CALLS);
CALL measure('uuid_v7_min(now())', $INSPECTOR_CALLS);
CALL measure('uuid_namespace(''dns'')', $INSPECTOR_CALLS);
-- Planning: EXECUTE of a query string plans it every time. The hook is installed: the
-- library was loaded by the calls above.
CREATE TABLE keyed (id uuid PRIMARY KEY, n int);
INSERT INTO keyed SELECT uuid_generate_v7(), g FROM generate_series(1, 1000) g;
ANALYZE keyed;
CREATE PROCEDURE measure_planning(query text, plannings bigint) LANGUAGE plpgsql AS \$\$
BEGIN
    FOR i IN 1 .. plannings / 10 LOOP EXECUTE 'EXPLAIN ' || query; END LOOP;
    INSERT INTO growth VALUES ('planning ' || query, plannings, resident_kb(), NULL);
    FOR i IN 1 .. plannings LOOP EXECUTE 'EXPLAIN ' || query; END LOOP;
    UPDATE growth SET after_kb = resident_kb() WHERE expression = 'planning ' || query;
END \$\$;
CALL measure_planning('SELECT 1', $PLANNINGS);
CALL measure_planning('SELECT count(*) FROM keyed WHERE n > 500', $PLANNINGS);
CALL measure_planning('SELECT count(*) FROM keyed WHERE uuid_v7_to_timestamptz(id) >= now() - interval ''1 day''', $PLANNINGS);
CALL measure_planning('SELECT count(*) FROM keyed WHERE id <@ tstzrange(''2026-01-01+00'', ''2026-02-01+00'')', $PLANNINGS);
CREATE VIEW against_baseline AS
    SELECT m.expression, m.calls, m.warm_kb, m.after_kb, b.after_kb - b.warm_kb AS baseline_kb
    FROM growth m JOIN growth b ON b.calls = m.calls
        AND b.expression = CASE WHEN m.expression LIKE 'planning %' THEN 'planning SELECT 1' ELSE 'g' END
    WHERE m.expression NOT IN ('g', 'planning SELECT 1');
SELECT format('%s calls of %s: %s kB -> %s kB (the baseline grew by %s kB)', calls, expression, warm_kb, after_kb,
              baseline_kb) FROM against_baseline;
SELECT 'RESULT ' || (count(*) = 25 AND bool_and(after_kb - warm_kb - baseline_kb < $LIMIT_KB)) FROM against_baseline;
SQL
)
grep -v '^RESULT' <<<"$result"
[ "$(sed -n 's/^RESULT //p' <<<"$result")" = true ] || { echo "FAILED: a backend grew by ${LIMIT_KB} kB or more beyond its baseline"; exit 1; }
echo "ok: resident memory grew by less than ${LIMIT_KB} kB beyond its baseline for every function and every kind of planning"
