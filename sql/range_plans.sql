-- The plans of every documented time-range pattern on a v7 primary key: each bound is an
-- index condition, with constant bounds and with now()-based ones, and constant bounds prune
-- partitions. uuid_v7_min() is IMMUTABLE: with a constant argument the planner folds it to a
-- constant UUID. pg_uuidv7's uuid_timestamptz_to_v7() and uuid_timestamp_to_v7() are STABLE,
-- as in pg_uuidv7: evaluated once when the scan starts, and pruning at executor start-up.
SET enable_seqscan = off;
SET enable_bitmapscan = off;

CREATE TABLE plan_keys (id uuid PRIMARY KEY, payload text);
INSERT INTO plan_keys SELECT uuid_generate_v7(t), 'x'
FROM generate_series(timestamptz '2026-03-01 00:00+00', '2026-03-03 00:00+00', interval '10 seconds') t;
ANALYZE plan_keys;

-- uuidx's pattern, constant bounds.
EXPLAIN (COSTS OFF)
SELECT * FROM plan_keys WHERE id >= uuid_v7_min('2026-03-01 06:00+00') AND id < uuid_v7_min('2026-03-01 07:00+00');
-- uuidx's pattern, now()-based bounds.
EXPLAIN (COSTS OFF)
SELECT * FROM plan_keys WHERE id >= uuid_v7_min(now() - interval '1 hour') AND id < uuid_v7_min(now());
-- pg_uuidv7's documented pattern, now()-based.
EXPLAIN (COSTS OFF)
SELECT * FROM plan_keys WHERE id >= uuid_timestamptz_to_v7(now() - interval '1 hour', true);
-- pg_uuidv7's functions with constant bounds, and the timestamp variant.
EXPLAIN (COSTS OFF)
SELECT * FROM plan_keys
WHERE id >= uuid_timestamptz_to_v7('2026-03-01 06:00+00', true) AND id < uuid_timestamptz_to_v7('2026-03-01 07:00+00', true);
EXPLAIN (COSTS OFF)
SELECT * FROM plan_keys WHERE id >= uuid_timestamp_to_v7(localtimestamp - interval '1 hour', true);

-- Every pattern selects the same rows: the keys of [06:00, 07:00).
SET TIME ZONE 'UTC';
SELECT (SELECT count(*) FROM plan_keys
        WHERE id >= uuid_v7_min('2026-03-01 06:00+00') AND id < uuid_v7_min('2026-03-01 07:00+00')) AS v7_min,
       (SELECT count(*) FROM plan_keys
        WHERE id >= uuid_timestamptz_to_v7('2026-03-01 06:00+00', true)
          AND id < uuid_timestamptz_to_v7('2026-03-01 07:00+00', true)) AS timestamptz_to_v7,
       (SELECT count(*) FROM plan_keys
        WHERE id >= uuid_timestamp_to_v7('2026-03-01 06:00', true)
          AND id < uuid_timestamp_to_v7('2026-03-01 07:00', true)) AS timestamp_to_v7;
RESET TIME ZONE;

-- STABLE does not make them repeat themselves: with zero => false every call draws fresh
-- random bits (as pg_uuidv7's do); uuid_generate_v7(ts) is the VOLATILE way to say so.
SELECT count(DISTINCT uuid_timestamptz_to_v7('2026-03-01 06:00+00')) AS distinct_of_1000,
       count(DISTINCT uuid_timestamp_to_v7('2026-03-01 06:00')) AS distinct_of_1000_too
FROM generate_series(1, 1000);

-- Monthly partitions: constant bounds prune, at plan time with uuid_v7_min() (only
-- February is planned), at executor start-up with pg_uuidv7's STABLE functions.
CREATE TABLE plan_events (id uuid PRIMARY KEY, payload text) PARTITION BY RANGE (id);
CREATE TABLE plan_events_2026_01 PARTITION OF plan_events
    FOR VALUES FROM (uuid_v7_min('2026-01-01 00:00+00')) TO (uuid_v7_min('2026-02-01 00:00+00'));
CREATE TABLE plan_events_2026_02 PARTITION OF plan_events
    FOR VALUES FROM (uuid_v7_min('2026-02-01 00:00+00')) TO (uuid_v7_min('2026-03-01 00:00+00'));
CREATE TABLE plan_events_2026_03 PARTITION OF plan_events
    FOR VALUES FROM (uuid_v7_min('2026-03-01 00:00+00')) TO (uuid_v7_min('2026-04-01 00:00+00'));
EXPLAIN (COSTS OFF)
SELECT * FROM plan_events WHERE id >= uuid_v7_min('2026-02-10 00:00+00') AND id < uuid_v7_min('2026-02-11 00:00+00');
EXPLAIN (COSTS OFF)
SELECT * FROM plan_events
WHERE id >= uuid_timestamptz_to_v7('2026-02-10 00:00+00', true) AND id < uuid_timestamptz_to_v7('2026-02-11 00:00+00', true);

RESET enable_seqscan;
RESET enable_bitmapscan;
DROP TABLE plan_keys, plan_events;
