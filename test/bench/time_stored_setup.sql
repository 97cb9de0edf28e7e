-- The time questions against a stored created_at (test/bench.sh), after
-- test/bench/time_setup.sql: the promise is that a v7 key makes a created_at column
-- unnecessary, so every question is asked of a table that stores its time as users do
-- without the key's help, and of the key through each form a user can write:
-- - bench_time_stored: the same rows as bench_time_keys, plus `created_at timestamptz NOT
--   NULL`, the key's own time (so both tables answer every question identically), with a
--   btree on created_at, a btree on (created_at, id) for keyset pages and its primary key;
-- - the key through the function call `uuid_v7_to_timestamptz(id)`;
-- - the key through a view column, bench_time_view.created_at;
-- - from 18 on, the key through a VIRTUAL generated column of bench_time_keys, under the
--   table's CHECK (public.uuid_extract_version(id) = 7), NOT NULL as the README writes it
--   (which refuses keys of no version, so the time's order and windows need no condition).
-- A second table, bench_time_child, holds rows that reference the key (one for every
-- tenth key), for the join. The questions are bench_stored_shape's, each a query text in
-- which {rel} is the table (aliased t) and {time} the time of its row;
-- test/bench/time_stored.sql measures them.
\set ON_ERROR_STOP on
\set QUIET on
SET TimeZone = 'UTC';
-- A scan of a table larger than a quarter of shared_buffers starts where the last scan of
-- it was (synchronized scans); from the first block it copies the keys in time order.
SET synchronize_seqscans = off;

CREATE TABLE bench_time_stored (
    id uuid PRIMARY KEY,
    n int NOT NULL,
    created_at timestamptz NOT NULL);
INSERT INTO bench_time_stored SELECT id, n, public.uuid_v7_to_timestamptz(id) FROM bench_time_keys;
CREATE INDEX bench_time_stored_created_at ON bench_time_stored (created_at);
CREATE INDEX bench_time_stored_created_at_id ON bench_time_stored (created_at, id);
VACUUM ANALYZE bench_time_stored;

CREATE VIEW bench_time_view AS SELECT id, n, public.uuid_v7_to_timestamptz(id) AS created_at FROM bench_time_keys;

SELECT current_setting('server_version_num')::int >= 180000 AS have_virtual \gset
\if :have_virtual
-- The column as users write it: unqualified, the name is 18's built-in (a virtual column may
-- call built-in functions only).
ALTER TABLE bench_time_keys
    ADD COLUMN created_at timestamptz GENERATED ALWAYS AS (uuid_extract_timestamp(id)) VIRTUAL NOT NULL;
\endif

CREATE TABLE bench_time_child (key_id uuid NOT NULL, amount int NOT NULL);
INSERT INTO bench_time_child SELECT id, n % 1000 FROM bench_time_keys WHERE n % 10 = 0;
ALTER TABLE bench_time_child ADD FOREIGN KEY (key_id) REFERENCES bench_time_keys (id);
CREATE INDEX ON bench_time_child (key_id);
VACUUM ANALYZE bench_time_child;

-- The sizes the stored column costs.
CREATE TABLE bench_stored_size AS
SELECT pg_relation_size('bench_time_stored') AS stored_heap, pg_relation_size('bench_time_keys') AS keys_heap,
       pg_relation_size('bench_time_stored_created_at') AS created_at_index,
       pg_relation_size('bench_time_stored_created_at_id') AS created_at_id_index,
       pg_relation_size('bench_time_stored_pkey') AS stored_pkey, pg_relation_size('bench_time_keys_pkey') AS keys_pkey,
       (SELECT correlation FROM pg_stats WHERE tablename = 'bench_time_stored' AND attname = 'created_at')
           AS correlation;

-- The forms of asking: `baseline` is the stored column, which every other form is
-- compared with.
CREATE TABLE bench_stored_form (position int PRIMARY KEY, label text NOT NULL, rel text NOT NULL,
                                time_expression text NOT NULL, baseline bool NOT NULL);
INSERT INTO bench_stored_form
SELECT f.position, f.label, f.rel, f.time_expression, f.position = 1
FROM (VALUES
    (1, '**stored `created_at`** (baseline)', 'bench_time_stored t', 't.created_at', true),
    (2, 'function `uuid_v7_to_timestamptz(id)`', 'bench_time_keys t', 'public.uuid_v7_to_timestamptz(t.id)', true),
    (3, 'view column', 'bench_time_view t', 't.created_at', true),
    (4, 'virtual column', 'bench_time_keys t', 't.created_at', current_setting('server_version_num')::int >= 180000)
) AS f(position, label, rel, time_expression, available)
WHERE f.available;

-- The questions, each with the most of the stored column's time it may take: 1.2 times, and
-- for the buckets that can stop early (a LIMIT over buckets the key's index gives in order)
-- 0.5 times. The day and the hour are bench_time_window's (constants in the query's
-- text), the last day is before now(); "after" is the start of the day; the keyset page
-- starts after the middle key (its time and key as constants, as an application sends the
-- last row of the page before), as a row comparison alone and with the time's own bound
-- beside it, which an index can use whatever it makes of the row comparison.
CREATE TABLE bench_stored_shape (position int PRIMARY KEY, label text NOT NULL, query text NOT NULL,
                                 target_ratio float8 NOT NULL);
INSERT INTO bench_stored_shape
SELECT s.position, s.label, 
       replace(replace(replace(replace(replace(replace(s.query, '{day_lower}', d.lower), '{day_upper}', d.upper),
               '{hour_lower}', h.lower), '{hour_upper}', h.upper), '{key_time}', quote_literal(k.key_time::text)),
               '{key}', quote_literal(k.id::text)),
       coalesce(s.target_ratio, 1.2)
FROM bench_time_window d, bench_time_window h,
     (SELECT id, public.uuid_v7_to_timestamptz(id) AS key_time FROM bench_time_keys
      WHERE n = (SELECT keys / 2 FROM bench_time_span)) k,
     (VALUES
    (1, 'count, one day',
        'SELECT count(*) FROM {rel} WHERE {time} >= {day_lower} AND {time} < {day_upper}', NULL),
    (2, 'count, one hour',
        'SELECT count(*) FROM {rel} WHERE {time} >= {hour_lower} AND {time} < {hour_upper}', NULL),
    (3, 'count, the last day before `now()`',
        'SELECT count(*) FROM {rel} WHERE {time} >= now() - interval ''1 day'' AND {time} < now()', NULL),
    (4, 'sum, one day',
        'SELECT sum(t.n) FROM {rel} WHERE {time} >= {day_lower} AND {time} < {day_upper}', NULL),
    (5, 'sum, one hour',
        'SELECT sum(t.n) FROM {rel} WHERE {time} >= {hour_lower} AND {time} < {hour_upper}', NULL),
    (6, 'sum, the last day before `now()`',
        'SELECT sum(t.n) FROM {rel} WHERE {time} >= now() - interval ''1 day'' AND {time} < now()', NULL),
    (7, 'the rows of one hour',
        'SELECT t.id, t.n, {time} AS created_at FROM {rel} WHERE {time} >= {hour_lower} AND {time} < {hour_upper}', NULL),
    (8, 'latest 20',
        'SELECT t.id, t.n, {time} AS created_at FROM {rel} ORDER BY {time} DESC LIMIT 20', NULL),
    (9, 'first 20 after a time',
        'SELECT t.id, t.n, {time} AS created_at FROM {rel} WHERE {time} >= {day_lower} ORDER BY {time} LIMIT 20', NULL),
    (10, '`min()` and `max()`',
        'SELECT min({time}), max({time}) FROM {rel}', NULL),
    (11, 'per-hour counts of the last day',
        'SELECT date_trunc(''hour'', {time}) AS hour, count(*) FROM {rel} WHERE {time} >= now() - interval ''1 day'' '
        'GROUP BY 1 ORDER BY 1', NULL),
    (12, 'join over one day',
        'SELECT count(*), sum(c.amount) FROM {rel} JOIN bench_time_child c ON c.key_id = t.id '
        'WHERE {time} >= {day_lower} AND {time} < {day_upper}', NULL),
    (13, 'keyset page of 100',
        'SELECT t.id, t.n, {time} AS created_at FROM {rel} WHERE ({time}, t.id) > ({key_time}, {key}) '
        'ORDER BY {time}, t.id LIMIT 100', NULL),
    (14, 'keyset page of 100, with `T >= x` beside the row comparison',
        'SELECT t.id, t.n, {time} AS created_at FROM {rel} WHERE {time} >= {key_time} '
        'AND ({time}, t.id) > ({key_time}, {key}) ORDER BY {time}, t.id LIMIT 100', NULL),
    -- Time buckets (docs/planner.md, rows 7B and 7Z).
    (15, 'buckets: the latest 24 hourly counts',
        'SELECT date_trunc(''hour'', {time}) AS hour, count(*) FROM {rel} GROUP BY 1 ORDER BY 1 DESC LIMIT 24', 0.5),
    (16, 'buckets: the first 7 daily counts after a time',
        'SELECT date_trunc(''day'', {time}) AS day, count(*) FROM {rel} WHERE {time} >= {day_lower} '
        'GROUP BY 1 ORDER BY 1 LIMIT 7', 0.5),
    (17, 'buckets: per-hour counts over a day',
        'SELECT date_trunc(''hour'', {time}) AS hour, count(*) FROM {rel} WHERE {time} >= {day_lower} AND {time} < {day_upper} '
        'GROUP BY 1 ORDER BY 1', NULL),
    (18, 'buckets: per-day sums over a month',
        'SELECT date_trunc(''day'', {time}) AS day, sum(t.n) FROM {rel} WHERE {time} >= {day_lower} '
        'AND {time} < ({day_lower})::timestamptz + interval ''30 days'' GROUP BY 1 ORDER BY 1', NULL),
    (19, 'buckets: the latest row of each day over a week',
        'SELECT DISTINCT ON (date_trunc(''day'', {time})) t.id, t.n, {time} AS created_at FROM {rel} '
        'WHERE {time} >= ({day_lower})::timestamptz - interval ''7 days'' AND {time} < {day_lower} '
        'ORDER BY date_trunc(''day'', {time}) DESC, {time} DESC, t.id DESC', NULL)
) AS s(position, label, query, target_ratio)
WHERE d.position = 1 AND h.position = 2;

-- Round 0's answer of each question and form (rows, and a digest of the rows in a fixed
-- order), and the measured samples.
CREATE TABLE bench_stored_answer (shape_position int, form_position int, rows bigint NOT NULL, digest text,
                                  PRIMARY KEY (shape_position, form_position));
CREATE TABLE bench_stored_sample (shape_position int, form_position int, repetition int,
                                  execution_ms float8 NOT NULL, planning_ms float8 NOT NULL, buffers bigint NOT NULL,
                                  plan text NOT NULL, scan_estimate float8, scan_actual float8,
                                  under_limit bool NOT NULL);
