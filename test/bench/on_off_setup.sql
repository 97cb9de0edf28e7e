-- The time predicates on against off (test/bench.sh; issue 34): the same time question
-- asked with uuidx.time_predicates on and off, for every shape of question. The data:
-- :onoff_rows v7 keys spread evenly over the 30 days that end now, in time order, twice:
-- in a plain table and in a table partitioned by day with the README's bounds
-- (uuid_time_encoder()), both under the v7 CHECK. The time of a key is asked for as the
-- function call, as a view's column and, from 18 on, as a VIRTUAL generated column. The
-- questions are narrow and wide windows, one- and two-sided, of constants and of now(), as
-- a count, a sum and the rows, and the orderings by time; each runs serially and with the
-- server's parallel workers. bench_onoff_case is every combination, as the query that
-- test/bench/on_off.sql measures.
\set ON_ERROR_STOP on
\set QUIET on
SET TimeZone = 'UTC';

-- The last key is the time of this statement, the first 30 days before it, one key every
-- 30 days / :onoff_rows (2.592 s for 1,000,000 keys; test/bench/time_keys.sql).
\set keys_table bench_onoff_keys
\set span_table bench_onoff_span
\set span '30 days'
\set key_count :onoff_rows
\ir time_keys.sql

-- The same keys partitioned by day, as the README's *Partitioning* makes partitions: a
-- partition holds exactly the keys whose time lies in its day, so the time predicates
-- prune to the days they read.
CREATE TABLE bench_onoff_parted (
    id uuid PRIMARY KEY,
    n int NOT NULL,
    CHECK (public.uuid_extract_version(id) = 7)) PARTITION BY RANGE (id);
SELECT format('CREATE TABLE %I PARTITION OF bench_onoff_parted FOR VALUES FROM (%L) TO (%L)',
              'bench_onoff_parted_' || to_char(day, 'YYYYMMDD'), public.uuid_time_encoder(day),
              public.uuid_time_encoder(day + interval '1 day'))
FROM bench_onoff_span s,
     generate_series(date_trunc('day', s.last_key - s.keys * s.step), s.last_key, interval '1 day') day \gexec
-- A scan of a table larger than a quarter of shared_buffers starts where the last scan of
-- it was (synchronized scans); from the first block it copies the keys in time order.
SET synchronize_seqscans = off;
INSERT INTO bench_onoff_parted SELECT id, n FROM bench_onoff_keys;
VACUUM ANALYZE bench_onoff_keys, bench_onoff_parted;

-- The time as a column: a view's, as the README declares it (before the virtual column,
-- which its * would otherwise take), and from 18 on the table's own, virtual (18's built-in,
-- the only kind a virtual column may call, under the tables' v7 CHECK).
CREATE VIEW bench_onoff_keys_view AS SELECT *, public.uuid_v7_to_timestamptz(id) AS created_at FROM bench_onoff_keys;
CREATE VIEW bench_onoff_parted_view AS
SELECT *, public.uuid_v7_to_timestamptz(id) AS created_at FROM bench_onoff_parted;
SELECT current_setting('server_version_num')::int >= 180000 AS have_virtual \gset
\if :have_virtual
ALTER TABLE bench_onoff_keys
    ADD COLUMN created_at timestamptz GENERATED ALWAYS AS (uuid_extract_timestamp(id)) VIRTUAL NOT NULL;
ALTER TABLE bench_onoff_parted
    ADD COLUMN created_at timestamptz GENERATED ALWAYS AS (uuid_extract_timestamp(id)) VIRTUAL NOT NULL;
\endif

-- The tables, and the forms of the time: {table} is the table's name, {rel} the relation
-- asked (aliased t), {time} the time of its row.
CREATE TABLE bench_onoff_relation (position int PRIMARY KEY, label text NOT NULL, table_name text NOT NULL);
INSERT INTO bench_onoff_relation
SELECT 1, 'plain', 'bench_onoff_keys'
UNION ALL
SELECT 2, format('partitioned (%s days)', count(*)), 'bench_onoff_parted'
FROM pg_inherits WHERE inhparent = 'bench_onoff_parted'::regclass;
CREATE TABLE bench_onoff_form (position int PRIMARY KEY, label text NOT NULL, rel text NOT NULL,
                               time_expression text NOT NULL);
INSERT INTO bench_onoff_form
SELECT f.position, f.label, f.rel, f.time_expression
FROM (VALUES
    (1, 'function call', '{table} t', 'public.uuid_v7_to_timestamptz(t.id)', true),
    (2, 'view column', '{table}_view t', 't.created_at', true),
    (3, 'virtual column', '{table} t', 't.created_at', :'have_virtual'::bool)
) AS f(position, label, rel, time_expression, available)
WHERE f.available;
-- Serial, and the server's own parallel workers per query.
CREATE TABLE bench_onoff_mode (position int PRIMARY KEY, label text NOT NULL, workers text NOT NULL);
INSERT INTO bench_onoff_mode VALUES
    (1, 'serial', '0'),
    (2, 'parallel (' || current_setting('max_parallel_workers_per_gather') || ')',
     current_setting('max_parallel_workers_per_gather'));

-- The windows, with {time} for the time: narrow ones (an hour, a day) and wide ones (29 of
-- the 30 days), of constants (in the query's text: the hook makes constant key bounds) and
-- of now() (stable: a window computed once per execution), one-sided and two-sided. The
-- constant hour and day are in the middle of the 30 days; the wide constant window starts
-- a day after the first key.
CREATE TABLE bench_onoff_window (position int PRIMARY KEY, label text NOT NULL, width text NOT NULL,
                                 predicate text NOT NULL);
INSERT INTO bench_onoff_window
SELECT w.position, w.label, w.width,
       replace(replace(replace(replace(replace(replace(w.predicate,
               '{hour_lower}', quote_literal((m.day + interval '12 hours')::text)),
               '{hour_upper}', quote_literal((m.day + interval '13 hours')::text)),
               '{day_lower}', quote_literal(m.day::text)), '{day_upper}', quote_literal((m.day + interval '1 day')::text)),
               '{wide_lower}', quote_literal((s.last_key - interval '29 days')::text)),
               '{wide_upper}', quote_literal(s.last_key::text))
FROM bench_onoff_span s
CROSS JOIN LATERAL (SELECT date_trunc('day', s.last_key - interval '15 days', 'UTC') AS day) m
CROSS JOIN LATERAL (VALUES
    (1, 'an hour, constants', 'narrow', '{time} >= {hour_lower} AND {time} < {hour_upper}'),
    (2, 'a day, constants, `BETWEEN`', 'narrow', '{time} BETWEEN {day_lower} AND {day_upper}'),
    (3, 'the last hour, `>= now() - x`', 'narrow', '{time} >= now() - interval ''1 hour'''),
    (4, 'the last day, `BETWEEN now() - x AND now()`', 'narrow',
        '{time} BETWEEN now() - interval ''1 day'' AND now()'),
    (5, '29 days, constant, `>= a`', 'wide', '{time} >= {wide_lower}'),
    (6, '29 days, constants, `BETWEEN`', 'wide', '{time} BETWEEN {wide_lower} AND {wide_upper}'),
    (7, 'the last 29 days, `>= now() - x`', 'wide', '{time} >= now() - interval ''29 days'''),
    (8, 'the last 29 days, `>= now() - x AND < now()`', 'wide',
        '{time} >= now() - interval ''29 days'' AND {time} < now()'),
    (9, 'all but the last day, `< now() - x` (upper bound only)', 'wide', '{time} < now() - interval ''1 day''')
) AS w(position, label, width, predicate);

-- The shapes of question: each question of each window, then the orderings by time, which
-- return their rows in order (the answers compare them in that order).
CREATE TABLE bench_onoff_shape (position int PRIMARY KEY, question text NOT NULL, window_position int,
                                query text NOT NULL, ordered bool NOT NULL);
INSERT INTO bench_onoff_shape
SELECT row_number() OVER (ORDER BY q.position, w.position), q.label, w.position, replace(q.query, '{window}', w.predicate),
       false
FROM bench_onoff_window w CROSS JOIN (VALUES
    (1, '`count(*)`', 'SELECT count(*) FROM {rel} WHERE {window}'),
    (2, '`sum(n)`', 'SELECT sum(t.n) FROM {rel} WHERE {window}'),
    (3, 'the rows', 'SELECT t.id, t.n, {time} AS created_at FROM {rel} WHERE {window}')
) AS q(position, label, query);
INSERT INTO bench_onoff_shape
SELECT (SELECT max(position) FROM bench_onoff_shape) + o.position, o.label, NULL,
       replace(o.query, '{day_lower}', quote_literal(date_trunc('day', s.last_key - interval '15 days', 'UTC')::text)),
       true
FROM bench_onoff_span s CROSS JOIN (VALUES
    (1, 'latest 20', 'SELECT t.id, t.n, {time} AS created_at FROM {rel} ORDER BY {time} DESC LIMIT 20'),
    (2, 'first 100 from a day''s start',
        'SELECT t.id, t.n, {time} AS created_at FROM {rel} WHERE {time} >= {day_lower} ORDER BY {time} LIMIT 100'),
    (3, 'the last day''s rows in time order',
        'SELECT t.id, t.n, {time} AS created_at FROM {rel} WHERE {time} >= now() - interval ''1 day'' ORDER BY {time}')
) AS o(position, label, query);

-- Every combination of shape, table, form and mode, as its query text.
CREATE TABLE bench_onoff_case (position int PRIMARY KEY, shape_position int NOT NULL, relation_position int NOT NULL,
                               form_position int NOT NULL, mode_position int NOT NULL, workers text NOT NULL,
                               query text NOT NULL);
INSERT INTO bench_onoff_case
SELECT row_number() OVER (ORDER BY s.position, r.position, f.position, m.position), s.position, r.position,
       f.position, m.position, m.workers,
       replace(replace(replace(s.query, '{rel}', f.rel), '{time}', f.time_expression), '{table}', r.table_name)
FROM bench_onoff_shape s, bench_onoff_relation r, bench_onoff_form f, bench_onoff_mode m;

-- Each case's answer with the setting on and off (rows, and a digest of them), and the
-- measured samples.
CREATE TABLE bench_onoff_answer (case_position int, time_predicates bool, rows bigint NOT NULL, digest text,
                                 PRIMARY KEY (case_position, time_predicates));
CREATE TABLE bench_onoff_sample (case_position int, time_predicates bool, repetition int,
                                 execution_ms float8 NOT NULL, planning_ms float8 NOT NULL, plan text NOT NULL,
                                 PRIMARY KEY (case_position, time_predicates, repetition));
