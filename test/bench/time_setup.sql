-- The time windows' data (test/bench.sh): :time_rows v7 keys spread evenly over the year
-- that ends now (test/bench/time_keys.sql); then the windows and the predicate forms that
-- test/bench/time_windows.sql measures.
\set ON_ERROR_STOP on
\set QUIET on
SET TimeZone = 'UTC';

-- The last key is the time of this statement, the first one year (365 days) before it,
-- one key every 365 days / :time_rows (3.1536 s for 10,000,000 keys).
\set keys_table bench_time_keys
\set span_table bench_time_span
\set span '365 days'
\set key_count :time_rows
\ir time_keys.sql
VACUUM ANALYZE bench_time_keys;
SELECT count(*) = 0 AS in_order
FROM (SELECT n < lag(n) OVER (ORDER BY id) AS out_of_order FROM bench_time_keys) o WHERE out_of_order \gset
\if :in_order
\else
\echo the time keys are not in time order
\quit 1
\endif

-- The windows: a day and an hour of the year's middle (UTC, as constants in the query's
-- text, so the hook derives constant key bounds), and the last day before now() (stable
-- comparands: bounds computed when the scan starts). %1$s is the window's start, %2$s its
-- end.
CREATE TABLE bench_time_window (position int PRIMARY KEY, label text NOT NULL, lower text NOT NULL,
                                upper text NOT NULL, constant bool NOT NULL);
INSERT INTO bench_time_window
SELECT w.position, w.label, w.lower, w.upper, w.constant
FROM bench_time_span s
CROSS JOIN LATERAL (SELECT date_trunc('day', s.last_key, 'UTC') - interval '182 days' AS day) m
CROSS JOIN LATERAL (VALUES
    (1, 'one day', quote_literal(m.day::text), quote_literal((m.day + interval '1 day')::text), true),
    (2, 'one hour', quote_literal((m.day + interval '12 hours')::text),
        quote_literal((m.day + interval '13 hours')::text), true),
    (3, '`now() - interval ''1 day''` to `now()`', 'now() - interval ''1 day''', 'now()', false)
) AS w(position, label, lower, upper, constant);

-- The forms of one question. `hook` is uuidx.time_predicates while it is measured;
-- `baseline` marks the explicit key bounds that every other form is compared with, and
-- `feature_off` the forms that show what the query costs without the feature.
CREATE TABLE bench_time_form (position int PRIMARY KEY, label text NOT NULL, short_label text NOT NULL,
                              predicate text NOT NULL, hook bool NOT NULL, baseline bool NOT NULL,
                              feature_off bool NOT NULL);
INSERT INTO bench_time_form
SELECT f.position, f.label, f.short_label, f.predicate, f.hook, f.baseline, f.feature_off
FROM (VALUES
    (1, 'natural: `uuid_v7_to_timestamptz(id) >= a AND ... < b`', 'natural',
        'public.uuid_v7_to_timestamptz(id) >= %1$s AND public.uuid_v7_to_timestamptz(id) < %2$s', true, false, false,
        true),
    (2, '`public.uuid_extract_timestamp(id) >= a AND ... < b` (uuidx''s, with the CHECK)',
        'uuidx''s `uuid_extract_timestamp`',
        'public.uuid_extract_timestamp(id) >= %1$s AND public.uuid_extract_timestamp(id) < %2$s', true, false, false,
        true),
    (3, '`uuid_v7_to_timestamptz(id) BETWEEN a AND b`', '`BETWEEN`',
        'public.uuid_v7_to_timestamptz(id) BETWEEN %1$s AND %2$s', true, false, false, true),
    (4, '`pg_catalog.uuid_extract_timestamp(id) >= a AND ... < b` (18''s built-in, with the CHECK)',
        'the built-in `uuid_extract_timestamp`',
        'pg_catalog.uuid_extract_timestamp(id) >= %1$s AND pg_catalog.uuid_extract_timestamp(id) < %2$s', true,
        false, false, current_setting('server_version_num')::int >= 180000),
    (5, 'operator: `id <@ tstzrange(a, b)`', 'the operator', 'id <@ tstzrange(%1$s, %2$s)', true, false, false, true),
    (6, '**explicit bounds: `id >= uuid_v7_min(a) AND id < uuid_v7_min(b)`** (baseline)', 'explicit bounds',
        'id >= public.uuid_v7_min(%1$s) AND id < public.uuid_v7_min(%2$s)', true, true, false, true),
    (7, 'natural, `uuidx.time_predicates = off`', 'natural, feature off',
        'public.uuid_v7_to_timestamptz(id) >= %1$s AND public.uuid_v7_to_timestamptz(id) < %2$s', false, false,
        true, true),
    (8, 'PostgreSQL 18 without uuidx: the built-in `uuid_extract_timestamp`, hook off',
        'the built-in, feature off',
        'pg_catalog.uuid_extract_timestamp(id) >= %1$s AND pg_catalog.uuid_extract_timestamp(id) < %2$s', false,
        false, true, current_setting('server_version_num')::int >= 180000)
) AS f(position, label, short_label, predicate, hook, baseline, feature_off, available)
WHERE f.available;

CREATE TABLE bench_time_rows (window_position int, form_position int, rows bigint NOT NULL,
                              PRIMARY KEY (window_position, form_position));
CREATE TABLE bench_time_sample (window_position int, form_position int, repetition int,
                                execution_ms float8 NOT NULL, planning_ms float8 NOT NULL, buffers bigint NOT NULL,
                                plan text NOT NULL, estimate text NOT NULL);
