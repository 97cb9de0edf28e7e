-- Buckets of the key's time read from the key's index in order (uuidx.time_predicates;
-- docs/planner.md, rows 7B and 7Z): GROUP BY, ORDER BY and DISTINCT ON a date_trunc(),
-- date_bin() or ::date of the time, where the bucket never decreases as the time grows in
-- every time zone the plan may run under. For every shape: whether the plan sorts and reads
-- an index, and whether the rows, in the order returned, are exactly those of the same query
-- with the setting off. Only booleans and counts are printed.
SELECT uuid_max() IS NOT NULL AS library_loaded;
SET timezone = 'UTC';
SET max_parallel_workers_per_gather = 0;

\ir sql/include/ordered_rows.sql
\ir sql/include/plan_lines.sql

-- Whether a query's plan sorts all of its rows (a Sort), not an Incremental Sort over an
-- order it was given.
CREATE FUNCTION pg_temp.full_sort(query text) RETURNS boolean LANGUAGE sql AS $$
    SELECT pg_temp.plan_has(query, '^\s*(->\s+)?Sort$')
$$;

------------------------------------------------------------------------------------------
-- (a) The buckets that keep key order everywhere
------------------------------------------------------------------------------------------

-- 20,000 v7 keys from 2005 to 2011, one every 2 hours 47 minutes (so that they cross the
-- transitions of the zones below, America/St_Johns's 00:01 fall-backs of 2005 to 2010
-- among them), and a few NULL values in a second key column.
CREATE TABLE tb_keys (id uuid PRIMARY KEY, other uuid, n integer NOT NULL);
INSERT INTO tb_keys
SELECT uuid_generate_v7(timestamptz '2005-01-01 00:00:00.123+00' + i * interval '2 hours 47 minutes'),
       CASE WHEN i % 1000 = 0 THEN NULL ELSE uuid_generate_v7(timestamptz '2005-01-01 00:00+00' + i * interval '2 hours 47 minutes') END,
       i % 7
FROM generate_series(1, 20000) i;
CREATE INDEX tb_keys_other ON tb_keys (other);
ANALYZE tb_keys;
CREATE VIEW tb_view AS SELECT id, n, uuid_v7_to_timestamptz(id) AS created_at FROM tb_keys;

-- The latest 24 hourly counts, the first 7 days after a time, per hour over a day, per day
-- over a month: the key's index read in order, no sort of the rows.
SELECT * FROM pg_temp.ordered($$SELECT date_trunc('hour', uuid_v7_to_timestamptz(id)), count(*) FROM tb_keys GROUP BY 1 ORDER BY 1 DESC LIMIT 24$$);
SELECT * FROM pg_temp.ordered($$SELECT date_trunc('day', uuid_v7_to_timestamptz(id)), count(*) FROM tb_keys
                                WHERE uuid_v7_to_timestamptz(id) >= '2007-03-01 12:00+00' GROUP BY 1 ORDER BY 1 LIMIT 7$$);
SELECT * FROM pg_temp.ordered($$SELECT date_trunc('hour', created_at), count(*), sum(n) FROM tb_view
                                WHERE created_at >= '2008-06-01+00' AND created_at < '2008-06-02+00' GROUP BY 1 ORDER BY 1$$);
-- date_bin() with any stride and origin, both types.
SELECT * FROM pg_temp.ordered($$SELECT date_bin('6 hours 13 minutes', uuid_v7_to_timestamptz(id), '2001-02-03 04:05:06+07'), count(*)
                                FROM tb_keys GROUP BY 1 ORDER BY 1 LIMIT 30$$);
SELECT * FROM pg_temp.ordered($$SELECT date_bin('1 day', uuid_v7_to_timestamp(id), '2000-01-01'), sum(n)
                                FROM tb_keys GROUP BY 1 ORDER BY 1 DESC LIMIT 30$$);
-- date_trunc() of the UTC wall time, every unit (the ISO week, the quarter and the
-- centuries included), and its ::date.
SELECT unit, (SELECT ROW(o.*)::text FROM pg_temp.ordered(format($$SELECT date_trunc(%L, uuid_v7_to_timestamp(id)), count(*)
                                                           FROM tb_keys GROUP BY 1 ORDER BY 1 DESC LIMIT 5$$, unit)) o) AS sorts_index_same_count
FROM unnest(ARRAY['microseconds', 'milliseconds', 'second', 'minute', 'hour', 'day', 'week', 'month', 'quarter',
                  'year', 'decade', 'century', 'millennium']) unit;
SELECT * FROM pg_temp.ordered($$SELECT uuid_v7_to_timestamp(id)::date, count(*) FROM tb_keys GROUP BY 1 ORDER BY 1 LIMIT 10$$);
-- date_trunc() of the timestamptz time to a second or finer: the same in every zone.
SET timezone = 'Asia/Kolkata';
SELECT * FROM pg_temp.ordered($$SELECT date_trunc('second', uuid_v7_to_timestamptz(id)), count(*) FROM tb_keys GROUP BY 1 ORDER BY 1 LIMIT 10$$);
SELECT pg_temp.plan_has($$SELECT date_trunc('second', uuid_v7_to_timestamptz(id)), count(*) FROM tb_keys GROUP BY 1 ORDER BY 1 LIMIT 10$$,
                        'zone-checked') AS zone_checked;
SET timezone = 'UTC';
-- The latest row of each day over a week: DISTINCT ON the bucket, the time after it.
SELECT * FROM pg_temp.ordered($$SELECT DISTINCT ON (date_trunc('day', uuid_v7_to_timestamp(id))) date_trunc('day', uuid_v7_to_timestamp(id)), id, n
                                FROM tb_keys WHERE uuid_v7_to_timestamptz(id) >= '2010-12-20+00'
                                ORDER BY date_trunc('day', uuid_v7_to_timestamp(id)) DESC, uuid_v7_to_timestamp(id) DESC, id DESC$$);
-- The bucket, then another column: an incremental sort over the key's order, not a full
-- sort.
SELECT same_rows, row_count,
       pg_temp.full_sort($$SELECT date_trunc('month', uuid_v7_to_timestamp(id)), n, count(*) FROM tb_keys GROUP BY 1, 2 ORDER BY 1, 2 LIMIT 20$$) AS full_sort,
       pg_temp.plan_has($$SELECT date_trunc('month', uuid_v7_to_timestamp(id)), n, count(*) FROM tb_keys GROUP BY 1, 2 ORDER BY 1, 2 LIMIT 20$$,
                        'Incremental Sort') AS incremental_sort
FROM pg_temp.ordered($$SELECT date_trunc('month', uuid_v7_to_timestamp(id)), n, count(*) FROM tb_keys GROUP BY 1, 2 ORDER BY 1, 2 LIMIT 20$$);
-- A NULL key (the second key column has some): NULL buckets where the index puts NULL keys,
-- both ways.
SELECT * FROM pg_temp.ordered($$SELECT date_bin('1 hour', uuid_v7_to_timestamptz(other), 'epoch'), count(*) FROM tb_keys GROUP BY 1 ORDER BY 1 DESC LIMIT 5$$);
SELECT * FROM pg_temp.ordered($$SELECT date_bin('1 hour', uuid_v7_to_timestamptz(other), 'epoch') FROM tb_keys ORDER BY 1 OFFSET 19975$$);

------------------------------------------------------------------------------------------
-- (b) Buckets in a time zone: claimed only where the zone keeps the order
------------------------------------------------------------------------------------------

-- A constant zone is checked when the plan is made: America/New_York keeps day buckets
-- (its fall-back at 02:00 stays in the day), America/St_Johns does not (it fell back from
-- 00:01 to 23:01 of the day before until 2010); a local wall clock keeps its order only in a
-- zone that never falls back (Asia/Kolkata since 1945).
SELECT * FROM pg_temp.ordered($$SELECT date_trunc('day', uuid_v7_to_timestamptz(id), 'America/New_York'), count(*) FROM tb_keys GROUP BY 1 ORDER BY 1 DESC LIMIT 10$$);
SELECT * FROM pg_temp.ordered($$SELECT date_trunc('day', uuid_v7_to_timestamptz(id) AT TIME ZONE 'America/New_York'), count(*) FROM tb_keys GROUP BY 1 ORDER BY 1 LIMIT 10$$);
SELECT * FROM pg_temp.ordered($$SELECT uuid_v7_to_timestamptz(id) AT TIME ZONE 'Asia/Kolkata' FROM tb_keys ORDER BY 1 DESC LIMIT 10$$);
SET enable_sort = off;  -- a Sort left in the plan shows that no ordered path was offered
SELECT * FROM pg_temp.ordered($$SELECT date_trunc('day', uuid_v7_to_timestamptz(id), 'America/St_Johns'), count(*) FROM tb_keys GROUP BY 1 ORDER BY 1 LIMIT 10$$);
SELECT * FROM pg_temp.ordered($$SELECT uuid_v7_to_timestamptz(id) AT TIME ZONE 'America/New_York' FROM tb_keys
                                WHERE uuid_v7_to_timestamptz(id) BETWEEN '2007-10-20+00' AND '2007-11-20+00' ORDER BY 1$$);
-- A fixed offset keeps every order; an abbreviation that is not a zone's name is left alone.
SELECT * FROM pg_temp.ordered($$SELECT date_trunc('day', uuid_v7_to_timestamptz(id), '+05:30'), count(*) FROM tb_keys GROUP BY 1 ORDER BY 1 LIMIT 5$$);
SELECT * FROM pg_temp.ordered($$SELECT date_trunc('day', uuid_v7_to_timestamptz(id), 'MSK'), count(*) FROM tb_keys GROUP BY 1 ORDER BY 1 LIMIT 5$$);
RESET enable_sort;

-- The session's zone: date_trunc('hour') is read in order through the scan that checks the
-- zone when it runs, in every zone; date_trunc('day') and ::date only where the session's
-- zone keeps them when the plan is made.
CREATE FUNCTION pg_temp.ordered_in(zone text, query text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    PERFORM set_config('timezone', zone, false);
    RETURN (SELECT ROW(o.*)::text FROM pg_temp.ordered(query) o);
END $$;
SELECT zone,
       pg_temp.ordered_in(zone, $$SELECT date_trunc('hour', uuid_v7_to_timestamptz(id)), count(*) FROM tb_keys GROUP BY 1 ORDER BY 1 DESC LIMIT 30$$) AS hour,
       pg_temp.ordered_in(zone, $$SELECT date_trunc('day', uuid_v7_to_timestamptz(id)), count(*) FROM tb_keys GROUP BY 1 ORDER BY 1 LIMIT 30$$) AS day,
       pg_temp.ordered_in(zone, $$SELECT uuid_v7_to_timestamptz(id)::date, count(*) FROM tb_keys GROUP BY 1 ORDER BY 1 DESC LIMIT 30$$) AS date,
       pg_temp.ordered_in(zone, $$SELECT date_trunc('week', uuid_v7_to_timestamptz(id)), count(*) FROM tb_keys GROUP BY 1 ORDER BY 1 DESC LIMIT 30$$) AS week
FROM (VALUES ('UTC'), ('America/New_York'), ('America/St_Johns'), ('Antarctica/Casey'), ('Asia/Kolkata'),
             ('Pacific/Chatham'), ('Australia/Lord_Howe')) zones(zone);
SET timezone = 'UTC';
SELECT pg_temp.plan_has($$SELECT date_trunc('hour', uuid_v7_to_timestamptz(id)), count(*) FROM tb_keys GROUP BY 1 ORDER BY 1 DESC LIMIT 24$$,
                        'Custom Scan \(uuidx zone-checked order\)') AS zone_checked;

-- A plan made in one zone and run in another: a generic plan of a prepared statement,
-- made in UTC (where day buckets keep their order), run in America/St_Johns: its rows are
-- those of the query with the setting off there, because the scan sorts them when it finds
-- the zone does not keep the order, and only then.
CREATE FUNCTION pg_temp.rows_sorted(statement text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    line text;
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || statement LOOP
        IF line ~ 'Rows Sorted: ' THEN RETURN substring(line FROM 'Rows Sorted: (\d+)')::bigint; END IF;
    END LOOP;
    RETURN NULL;
END $$;
SET plan_cache_mode = force_generic_plan;
PREPARE per_day(timestamptz) AS
    SELECT date_trunc('day', uuid_v7_to_timestamptz(id)) AS day, count(*), sum(n) FROM tb_keys
    WHERE uuid_v7_to_timestamptz(id) >= $1 GROUP BY 1 ORDER BY 1 LIMIT 400;
SELECT pg_temp.rows_sorted($$EXECUTE per_day('2005-06-01+00')$$) AS rows_sorted_in_utc;
SET timezone = 'America/St_Johns';
SELECT pg_temp.rows_sorted($$EXECUTE per_day('2005-06-01+00')$$) > 0 AS sorted_in_st_johns;
SELECT pg_temp.rows_of($$EXECUTE per_day('2005-06-01+00')$$) = (
           SELECT pg_temp.rows_of($$SELECT date_trunc('day', uuid_v7_to_timestamptz(id)) AS day, count(*), sum(n) FROM tb_keys
                                    WHERE uuid_v7_to_timestamptz(id) >= '2005-06-01+00' GROUP BY 1 ORDER BY 1 LIMIT 400$$)
           FROM (SELECT set_config('uuidx.time_predicates', 'off', true)) s) AS same_rows_in_st_johns;
-- Each day once, in order, across the fall-backs at 00:01.
CREATE TEMP TABLE days_in_st_johns AS EXECUTE per_day('2005-06-01+00');
SELECT count(*) AS days, count(*) = count(DISTINCT day) AS each_once, bool_and(day > previous) AS ascending
FROM (SELECT day, lag(day) OVER (ORDER BY ctid) AS previous FROM days_in_st_johns) d;
SET timezone = 'UTC';
DEALLOCATE per_day;
RESET plan_cache_mode;

-- Under FOR UPDATE the zone-checked scan is not offered (the rows are locked as they are read).
SELECT * FROM pg_temp.ordered($$SELECT id FROM tb_keys ORDER BY date_trunc('hour', uuid_v7_to_timestamptz(id)) DESC, uuid_v7_to_timestamptz(id) DESC, id DESC LIMIT 3 FOR UPDATE$$);

------------------------------------------------------------------------------------------
-- (c) Partitions, uuid_extract_timestamp(), and what is left alone
------------------------------------------------------------------------------------------

-- A table partitioned by key range: the partitions' ordered scans merged (a Merge Append),
-- each through its own zone check where the bucket is in the session's zone.
CREATE TABLE tb_parts (id uuid PRIMARY KEY, n integer NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE tb_parts_old PARTITION OF tb_parts FOR VALUES FROM (uuid_time_encoder('2005-01-01+00')) TO (uuid_time_encoder('2008-01-01+00'));
CREATE TABLE tb_parts_new PARTITION OF tb_parts FOR VALUES FROM (uuid_time_encoder('2008-01-01+00')) TO (uuid_time_encoder('2012-01-01+00'));
INSERT INTO tb_parts SELECT id, n FROM tb_keys;
ANALYZE tb_parts;
SELECT * FROM pg_temp.ordered($$SELECT date_trunc('hour', uuid_v7_to_timestamptz(id)), count(*) FROM tb_parts GROUP BY 1 ORDER BY 1 DESC LIMIT 24$$);
SELECT * FROM pg_temp.ordered($$SELECT date_bin('1 day', uuid_v7_to_timestamp(id), '2000-01-01'), sum(n) FROM tb_parts
                                WHERE uuid_v7_to_timestamptz(id) >= '2007-12-20+00' GROUP BY 1 ORDER BY 1 LIMIT 20$$);
SELECT line FROM pg_temp.plan($$SELECT date_trunc('hour', uuid_v7_to_timestamptz(id)), count(*) FROM tb_parts GROUP BY 1 ORDER BY 1 DESC LIMIT 24$$) line;
SET timezone = 'America/St_Johns';
SELECT * FROM pg_temp.ordered($$SELECT date_trunc('hour', uuid_v7_to_timestamptz(id)), count(*) FROM tb_parts GROUP BY 1 ORDER BY 1 LIMIT 50$$);
SET timezone = 'UTC';

-- uuid_extract_timestamp() reads v1 and v6 times too: its buckets are claimed only under the
-- table's v7 promise (here a CHECK of the version and NOT NULL of it), and not without it.
CREATE TABLE tb_checked (id uuid PRIMARY KEY CHECK (public.uuid_extract_version(id) = 7)
                         CHECK (public.uuid_extract_version(id) IS NOT NULL), n integer NOT NULL);
INSERT INTO tb_checked SELECT id, n FROM tb_keys;
CREATE TABLE tb_unchecked (id uuid PRIMARY KEY, n integer NOT NULL);
INSERT INTO tb_unchecked SELECT id, n FROM tb_keys;
INSERT INTO tb_unchecked SELECT uuidv1(), 0 FROM generate_series(1, 50);
ANALYZE tb_checked, tb_unchecked;
SELECT * FROM pg_temp.ordered($$SELECT date_trunc('day', public.uuid_extract_timestamp(id)), count(*) FROM tb_checked GROUP BY 1 ORDER BY 1 DESC LIMIT 10$$);
-- The time as a virtual column with NOT NULL on 18 and later (18's built-in
-- uuid_extract_timestamp()); before 18, the same promise as a CHECK and a view's column.
DO $$
BEGIN
    IF current_setting('server_version_num')::int >= 180000 THEN
        EXECUTE 'CREATE TABLE tb_versioned (id uuid PRIMARY KEY CHECK (uuid_extract_version(id) = 7), n integer NOT NULL,
                 created_at timestamptz GENERATED ALWAYS AS (uuid_extract_timestamp(id)) VIRTUAL NOT NULL)';
    ELSE
        EXECUTE 'CREATE TABLE tb_versioned_keys (id uuid PRIMARY KEY CHECK (uuid_extract_version(id) = 7),
                 n integer NOT NULL, CHECK (uuid_extract_version(id) IS NOT NULL))';
        EXECUTE 'CREATE VIEW tb_versioned AS SELECT id, n, public.uuid_extract_timestamp(id) AS created_at FROM tb_versioned_keys';
    END IF;
END $$;
INSERT INTO tb_versioned (id, n) SELECT id, n FROM tb_keys;
ANALYZE;
SELECT * FROM pg_temp.ordered($$SELECT date_trunc('hour', created_at), count(*) FROM tb_versioned GROUP BY 1 ORDER BY 1 DESC LIMIT 24$$);
SELECT * FROM pg_temp.ordered($$SELECT DISTINCT ON (date_bin('1 day', created_at, 'epoch')) created_at, id FROM tb_versioned
                                ORDER BY date_bin('1 day', created_at, 'epoch') DESC, created_at DESC, id DESC LIMIT 7$$);
SET enable_sort = off;
SELECT sorts, index_scan, same_rows FROM pg_temp.ordered($$SELECT date_trunc('day', public.uuid_extract_timestamp(id)), count(*) FROM tb_unchecked GROUP BY 1 ORDER BY 1 LIMIT 10$$);
-- Functions of the time that are not buckets uuidx knows, or a bucket whose arguments are not
-- fixed for the statement: left alone.
SELECT sorts, same_rows FROM pg_temp.ordered($$SELECT uuid_v7_to_timestamptz(id) + interval '1 month' FROM tb_keys ORDER BY 1 LIMIT 5$$);
SELECT sorts, same_rows FROM pg_temp.ordered($$SELECT date_bin(make_interval(hours => n + 1), uuid_v7_to_timestamptz(id), 'epoch') FROM tb_keys ORDER BY 1 LIMIT 5$$);
SELECT sorts, same_rows FROM pg_temp.ordered($$SELECT date_trunc(CASE WHEN n > 3 THEN 'hour' ELSE 'day' END, uuid_v7_to_timestamp(id)) FROM tb_keys ORDER BY 1 LIMIT 5$$);
RESET enable_sort;

-- Bad input in a streamed bucket fails as it does without uuidx (the same SQLSTATE), and the
-- session lives on.
\set VERBOSITY sqlstate
SELECT date_bin('0 seconds', uuid_v7_to_timestamptz(id), 'epoch'), count(*) FROM tb_keys GROUP BY 1 ORDER BY 1 LIMIT 1;
SELECT date_bin('1 month', uuid_v7_to_timestamptz(id), 'epoch'), count(*) FROM tb_keys GROUP BY 1 ORDER BY 1 LIMIT 1;
SELECT date_trunc('fortnight', uuid_v7_to_timestamptz(id)), count(*) FROM tb_keys GROUP BY 1 ORDER BY 1 LIMIT 1;
SELECT date_trunc('day', uuid_v7_to_timestamptz(id), 'Mars/Olympus_Mons'), count(*) FROM tb_keys GROUP BY 1 ORDER BY 1 LIMIT 1;
SET uuidx.time_predicates = off;
SELECT date_bin('0 seconds', uuid_v7_to_timestamptz(id), 'epoch'), count(*) FROM tb_keys GROUP BY 1 ORDER BY 1 LIMIT 1;
SELECT date_trunc('fortnight', uuid_v7_to_timestamptz(id)), count(*) FROM tb_keys GROUP BY 1 ORDER BY 1 LIMIT 1;
RESET uuidx.time_predicates;
\set VERBOSITY default
SELECT count(*) AS session_lives FROM tb_keys;

------------------------------------------------------------------------------------------
-- (d) How many groups the planner expects
------------------------------------------------------------------------------------------

-- PostgreSQL would expect one group per key; uuidx brings the estimate of a GROUP BY or
-- DISTINCT of a bucket to the buckets the keys span, times the share the conditions on the
-- key select. Printed: whether the estimate is within 2x of the real count.
CREATE FUNCTION pg_temp.estimate_within_2x(query text) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
    plan json;
    estimated double precision;
    actual bigint;
BEGIN
    EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO plan;
    estimated := (plan -> 0 -> 'Plan' ->> 'Plan Rows')::double precision;
    EXECUTE 'SELECT count(*) FROM (' || query || ') q' INTO actual;
    RETURN estimated BETWEEN actual / 2.0 AND actual * 2.0;
END $$;
SELECT pg_temp.estimate_within_2x($$SELECT date_trunc('hour', uuid_v7_to_timestamptz(id)), count(*) FROM tb_keys GROUP BY 1$$) AS hours,
       pg_temp.estimate_within_2x($$SELECT date_trunc('day', uuid_v7_to_timestamp(id)), count(*) FROM tb_keys GROUP BY 1$$) AS days,
       pg_temp.estimate_within_2x($$SELECT date_trunc('month', uuid_v7_to_timestamptz(id)), count(*) FROM tb_keys GROUP BY 1$$) AS months,
       pg_temp.estimate_within_2x($$SELECT date_bin('6 hours', uuid_v7_to_timestamptz(id), 'epoch'), count(*) FROM tb_keys
                                    WHERE uuid_v7_to_timestamptz(id) >= '2009-01-01+00' AND uuid_v7_to_timestamptz(id) < '2009-03-01+00' GROUP BY 1$$) AS window_quarter_days,
       pg_temp.estimate_within_2x($$SELECT DISTINCT uuid_v7_to_timestamptz(id)::date FROM tb_keys WHERE uuid_v7_to_timestamptz(id) >= '2010-06-01+00'$$) AS distinct_dates,
       pg_temp.estimate_within_2x($$SELECT date_trunc('week', created_at), count(*) FROM tb_view GROUP BY 1$$) AS view_weeks;
-- With the setting off, PostgreSQL's own estimate (one group per key) is far from it.
SET uuidx.time_predicates = off;
SELECT pg_temp.estimate_within_2x($$SELECT date_trunc('day', uuid_v7_to_timestamp(id)), count(*) FROM tb_keys GROUP BY 1$$) AS days_setting_off;
RESET uuidx.time_predicates;
