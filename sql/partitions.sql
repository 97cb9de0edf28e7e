-- Hand-made partitions by key time, as the README's recipe makes them, bounded by
-- uuid_time_encoder(): the first key (of any version) of a time, so that a partition
-- [encode(a), encode(b)) holds exactly the keys whose time lies in [a, b) and the natural
-- time predicates (uuidx.time_predicates) prune to exactly the partitions they read. A
-- DEFAULT partition takes the keys no partition covers, so that an insert never fails.
-- Months fixed in the past, and one partition made around now() (its bounds are never
-- printed), so that today's insert has a partition of its own.
--
-- Without preloading, the library (and with it the planner hook) is loaded by the first call
-- of a uuidx function in the session: call one before planning anything.
SELECT uuid_max() IS NOT NULL AS library_loaded;
SET timezone = 'UTC';
SET enable_seqscan = off;
SET enable_bitmapscan = off;

CREATE TABLE pt_events (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), payload text) PARTITION BY RANGE (id);
DO $$
DECLARE
    month timestamptz;
BEGIN
    FOR month IN SELECT generate_series(timestamptz '2025-01-01+00', '2025-06-01+00', interval '1 month') LOOP
        EXECUTE format('CREATE TABLE %I PARTITION OF pt_events FOR VALUES FROM (%L) TO (%L)',
                       'pt_events_' || to_char(month, 'YYYY_MM'),
                       uuid_time_encoder(month), uuid_time_encoder(month + interval '1 month'));
    END LOOP;
    EXECUTE format('CREATE TABLE pt_events_current PARTITION OF pt_events FOR VALUES FROM (%L) TO (%L)',
                   uuid_time_encoder(date_trunc('day', now()) - interval '1 day'),
                   uuid_time_encoder(date_trunc('day', now()) + interval '2 days'));
END
$$;
CREATE TABLE pt_events_default PARTITION OF pt_events DEFAULT;

-- The bounds: prefix keys (the millisecond, then zeros), which decode to the month.
SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) AS bounds,
       uuid_time_decoder((regexp_match(pg_get_expr(c.relpartbound, c.oid), $$FROM \('([^']+)'\)$$))[1]) AS starts
FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
WHERE i.inhparent = 'pt_events'::regclass AND c.relname <> 'pt_events_current'
ORDER BY 1;

-- Today's key goes to the current partition; a key of 2020 to the default one; keys of every
-- version in 2025 to their month's partition.
INSERT INTO pt_events (payload) VALUES ('today');
INSERT INTO pt_events (id, payload) VALUES (uuid_generate_v7('2020-02-29 12:00+00'), 'leap day 2020');
INSERT INTO pt_events (id, payload)
SELECT overlay(uuid_generate_v7(t)::text PLACING to_hex(v) FROM 15 FOR 1)::uuid, 'version ' || v
FROM generate_series(timestamptz '2025-01-01+00', '2025-06-30 23:00+00', interval '1 hour') t, generate_series(1, 8) v;
-- and the first and last keys of each month, as prefix keys and as v7 keys
INSERT INTO pt_events (id, payload)
SELECT k, 'edge' FROM generate_series(timestamptz '2025-02-01+00', '2025-06-01+00', interval '1 month') m,
     LATERAL (VALUES (uuid_time_encoder(m)), (uuid_v7_min(m)), (uuid_time_max_key(m, false)), (uuid_v7_max(m - interval '1 millisecond'))) e(k);
ANALYZE pt_events;
SELECT (SELECT tableoid = 'pt_events_current'::regclass FROM pt_events WHERE payload = 'today') AS today_in_current,
       (SELECT tableoid::regclass FROM pt_events WHERE payload = 'leap day 2020') AS leap_day_2020_in;
SELECT tableoid::regclass AS partition, count(*) AS keys,
       bool_and(to_char(uuid_v7_to_timestamptz(id), 'YYYY_MM') = right(tableoid::regclass::text, 7)) AS all_of_its_month
FROM pt_events WHERE payload <> 'today' AND payload <> 'leap day 2020' GROUP BY 1 ORDER BY 1;

-- A month, a day, an hour, a millisecond: each prunes to its one partition at plan time.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM pt_events WHERE uuid_v7_to_timestamptz(id) >= '2025-03-01+00' AND uuid_v7_to_timestamptz(id) < '2025-04-01+00';
EXPLAIN (COSTS OFF)
SELECT count(*) FROM pt_events WHERE uuid_v7_to_timestamptz(id) BETWEEN '2025-03-31 23:00+00' AND '2025-03-31 23:59:59.999+00';
EXPLAIN (COSTS OFF)
SELECT count(*) FROM pt_events WHERE uuid_v7_to_timestamptz(id) = '2025-04-01+00';
EXPLAIN (COSTS OFF)
SELECT count(*) FROM pt_events WHERE uuid_v7_to_timestamp(id) >= '2025-05-01' AND uuid_v7_to_timestamp(id) < '2025-05-02';
-- Two months: two partitions.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM pt_events WHERE uuid_v7_to_timestamptz(id) >= '2025-03-01+00' AND uuid_v7_to_timestamptz(id) < '2025-05-01+00';
-- now()-based: pruned when the executor starts, to the current partition; the window, which
-- a filter would read, is an initplan, computed once (docs/planner.md, row 1).
\ir sql/include/plan_lines.sql
SELECT pg_temp.plan($$SELECT count(*) FROM pt_events WHERE uuid_v7_to_timestamptz(id) BETWEEN now() - interval '1 hour' AND now()$$);

-- Each pruned count is the count with the hook off (no pruning), edges included.
CREATE FUNCTION pg_temp.pt_count(condition text, hook boolean) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    n bigint;
BEGIN
    PERFORM set_config('uuidx.time_predicates', hook::text, true);
    EXECUTE 'SELECT count(*) FROM pt_events WHERE ' || condition INTO n;
    PERFORM set_config('uuidx.time_predicates', 'on', true);
    RETURN n;
END $$;
SELECT condition, pg_temp.pt_count(condition, true) AS keys, pg_temp.pt_count(condition, true) = pg_temp.pt_count(condition, false) AS same_as_unpruned
FROM (VALUES ($$uuid_v7_to_timestamptz(id) >= '2025-03-01+00' AND uuid_v7_to_timestamptz(id) < '2025-04-01+00'$$),
             ($$uuid_v7_to_timestamptz(id) BETWEEN '2025-03-31 23:00+00' AND '2025-03-31 23:59:59.999+00'$$),
             ($$uuid_v7_to_timestamptz(id) = '2025-04-01+00'$$),
             ($$uuid_v7_to_timestamptz(id) > '2025-03-31 23:59:59.999+00' AND uuid_v7_to_timestamptz(id) <= '2025-04-01+00'$$),
             ($$uuid_v7_to_timestamp(id) >= '2025-05-01' AND uuid_v7_to_timestamp(id) < '2025-05-02'$$),
             ($$uuid_v7_to_timestamptz(id) < '2025-01-01+00'$$),
             ($$uuid_v7_to_timestamptz(id) BETWEEN now() - interval '1 hour' AND now()$$)) c(condition);

-- The same recipe with uuid_v7_min() bounds, as hand-made partitions often are: keys of
-- versions below 7 then go to the month before theirs, and a month's window also keeps the
-- month before, where the first keys of its first millisecond may be.
CREATE TABLE pt_v7min (id uuid PRIMARY KEY) PARTITION BY RANGE (id);
CREATE TABLE pt_v7min_2025_02 PARTITION OF pt_v7min FOR VALUES FROM (uuid_v7_min('2025-02-01+00')) TO (uuid_v7_min('2025-03-01+00'));
CREATE TABLE pt_v7min_2025_03 PARTITION OF pt_v7min FOR VALUES FROM (uuid_v7_min('2025-03-01+00')) TO (uuid_v7_min('2025-04-01+00'));
CREATE TABLE pt_v7min_default PARTITION OF pt_v7min DEFAULT;
INSERT INTO pt_v7min VALUES (uuid_time_encoder('2025-03-01+00'));
SELECT tableoid::regclass AS first_prefix_key_of_march_in FROM pt_v7min;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM pt_v7min WHERE uuid_v7_to_timestamptz(id) >= '2025-03-01+00' AND uuid_v7_to_timestamptz(id) < '2025-04-01+00';

-- Partitions of partitions: a quarter partitioned by month. The key range that prunes goes
-- down to the quarter, which prunes its months with it; the months take the window alone.
CREATE TABLE pt_nested (id uuid PRIMARY KEY, n int) PARTITION BY RANGE (id);
CREATE TABLE pt_nested_2025_q1 PARTITION OF pt_nested
    FOR VALUES FROM (uuid_time_encoder('2025-01-01+00')) TO (uuid_time_encoder('2025-04-01+00')) PARTITION BY RANGE (id);
CREATE TABLE pt_nested_2025_01 PARTITION OF pt_nested_2025_q1
    FOR VALUES FROM (uuid_time_encoder('2025-01-01+00')) TO (uuid_time_encoder('2025-02-01+00'));
CREATE TABLE pt_nested_2025_02 PARTITION OF pt_nested_2025_q1
    FOR VALUES FROM (uuid_time_encoder('2025-02-01+00')) TO (uuid_time_encoder('2025-03-01+00'));
CREATE TABLE pt_nested_2025_03 PARTITION OF pt_nested_2025_q1
    FOR VALUES FROM (uuid_time_encoder('2025-03-01+00')) TO (uuid_time_encoder('2025-04-01+00'));
CREATE TABLE pt_nested_later PARTITION OF pt_nested DEFAULT;
INSERT INTO pt_nested SELECT uuid_generate_v7(t), 1 FROM generate_series(timestamptz '2025-01-01+00', '2025-06-30+00', interval '10 minutes') t;
ANALYZE pt_nested;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM pt_nested WHERE uuid_v7_to_timestamptz(id) >= '2025-02-10+00' AND uuid_v7_to_timestamptz(id) < '2025-02-11+00';
-- The same count as with the hook off.
SELECT count(*) AS keys FROM pt_nested WHERE uuid_v7_to_timestamptz(id) >= '2025-02-10+00' AND uuid_v7_to_timestamptz(id) < '2025-02-11+00';
SET uuidx.time_predicates = off;
SELECT count(*) AS keys_with_the_hook_off FROM pt_nested WHERE uuid_v7_to_timestamptz(id) >= '2025-02-10+00' AND uuid_v7_to_timestamptz(id) < '2025-02-11+00';
RESET uuidx.time_predicates;

-- Row estimates: the scans' estimate of a window is the window operator's, read from each
-- partition's histogram, within 2x of the rows it returns (PostgreSQL's own estimate of the
-- key range is half a histogram bin: a row for an hour's 6). Constant windows of a day and
-- an hour, one-sided, and now()-relative ones on the partition around now().
RESET enable_seqscan;
RESET enable_bitmapscan;
INSERT INTO pt_events (id, payload)
SELECT uuid_generate_v7(now() - interval '1 minute' * g), 'recent' FROM generate_series(1, 1440) g;
ANALYZE pt_events;
CREATE FUNCTION pg_temp.estimate_and_rows(query text, OUT estimated float8, OUT actual float8) LANGUAGE plpgsql AS $$
DECLARE
    plan json;
BEGIN
    EXECUTE 'EXPLAIN (ANALYZE, FORMAT JSON, TIMING OFF, SUMMARY OFF) ' || query INTO plan;
    -- The node under the Aggregate: the scan, or the Append of the partitions' scans.
    estimated := (plan -> 0 -> 'Plan' -> 'Plans' -> 0 ->> 'Plan Rows')::float8;
    actual := (plan -> 0 -> 'Plan' -> 'Plans' -> 0 ->> 'Actual Rows')::float8;
END $$;
SELECT label, actual > 0 AS returns_rows, estimated BETWEEN actual / 2 AND actual * 2 AS estimate_within_2x
FROM (VALUES
    ('day', $$SELECT count(*) FROM pt_nested WHERE uuid_v7_to_timestamptz(id) >= '2025-02-10+00' AND uuid_v7_to_timestamptz(id) < '2025-02-11+00'$$),
    ('hour', $$SELECT count(*) FROM pt_nested WHERE uuid_v7_to_timestamptz(id) BETWEEN '2025-02-10 12:00+00' AND '2025-02-10 12:59:59.999+00'$$),
    ('one-sided', $$SELECT count(*) FROM pt_nested WHERE uuid_v7_to_timestamptz(id) >= '2025-05-20+00'$$),
    ('timestamp', $$SELECT count(*) FROM pt_nested WHERE uuid_v7_to_timestamp(id) >= '2025-03-01' AND uuid_v7_to_timestamp(id) < '2025-03-08'$$),
    ('last hour', $$SELECT count(*) FROM pt_events WHERE uuid_v7_to_timestamptz(id) >= now() - interval '1 hour'$$),
    ('last 12 hours', $$SELECT count(*) FROM pt_events WHERE uuid_v7_to_timestamptz(id) BETWEEN now() - interval '12 hours' AND now()$$)
) q(label, query), LATERAL pg_temp.estimate_and_rows(q.query) e;

RESET timezone;
DROP TABLE pt_events, pt_v7min, pt_nested;

-- The relation hook also runs outside a planning: CREATE INDEX asks how many parallel
-- workers to use and CLUSTER whether to sort, each building the table's relation with no
-- query to plan; no rewrite runs there (docs/planner.md, "State"). On a v7-keyed table and on
-- a partitioned one, whose time questions are answered after them.
SET max_parallel_maintenance_workers = 2;
CREATE TABLE built_outside_planning (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), n int);
INSERT INTO built_outside_planning (n) SELECT g FROM generate_series(1, 2000) g;
CREATE INDEX built_outside_planning_n ON built_outside_planning (n, id);
CLUSTER built_outside_planning USING built_outside_planning_pkey;
CREATE TABLE pt_built_outside_planning (id uuid NOT NULL, n int) PARTITION BY RANGE (id);
CREATE TABLE pt_built_outside_planning_all PARTITION OF pt_built_outside_planning DEFAULT;
INSERT INTO pt_built_outside_planning SELECT id, n FROM built_outside_planning;
CREATE INDEX pt_built_outside_planning_id ON pt_built_outside_planning (id);
CLUSTER pt_built_outside_planning_all USING pt_built_outside_planning_all_id_idx;
SELECT (SELECT count(*) FROM built_outside_planning WHERE uuid_v7_to_timestamptz(id) >= now() - interval '1 hour') AS plain,
       (SELECT count(*) FROM pt_built_outside_planning WHERE uuid_v7_to_timestamptz(id) >= now() - interval '1 hour') AS partitioned;
RESET max_parallel_maintenance_workers;
DROP TABLE built_outside_planning, pt_built_outside_planning;
