-- v7 for a given time, range bounds, partitions, pg_uuidv7 compatibility, v4 -> v7.
SET timezone = 'UTC';

-- uuid_generate_v7(ts): the millisecond in unix_ts_ms, the rest of the microseconds as the
-- sub-millisecond fraction (456 us = 29884/65536 ms, whose top 12 bits are rand_a = 1867).
SELECT public.uuid_extract_version(u) AS version, uuid_extract_variant(u) AS variant,
       public.uuid_extract_timestamp(u) AS ts_to_the_ms,
       (uuid_inspect(u)).fields ->> 'rand_a' AS rand_a
FROM (SELECT uuid_generate_v7('2022-02-22 19:22:22.123456+00') AS u) s;
-- Random otherwise: two calls for one instant differ, but sort together.
SELECT count(DISTINCT u) AS distinct_values, count(DISTINCT public.uuid_extract_timestamp(u)) AS one_ms
FROM (SELECT uuid_generate_v7('2024-05-01 12:00:00.5+00') AS u FROM generate_series(1, 1000)) s;
-- Time order is key order, to the microsecond within a millisecond too.
SELECT bool_and(uuid_generate_v7(t) < uuid_generate_v7(t + interval '1 microsecond')) AS us_ordered
FROM generate_series('2024-05-01 12:00:00+00'::timestamptz, '2024-05-01 12:00:00.000999+00', interval '7 microseconds') t;

-- Boundaries: 1970-01-01 and the last representable millisecond are accepted.
SELECT public.uuid_extract_timestamp(uuid_generate_v7('1970-01-01 00:00:00+00')) AS first_ms,
       public.uuid_extract_timestamp(uuid_generate_v7('10889-08-02 05:31:50.655999+00')) AS last_ms;
-- Before 1970, past the last millisecond, or infinite: 22008.
SELECT uuid_generate_v7('1969-12-31 23:59:59.999999+00');
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v7('10889-08-02 05:31:50.656+00');
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v7('infinity'::timestamptz);
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v7('-infinity'::timestamptz);
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v7(NULL::timestamptz) IS NULL AS strict;

-- uuid_v7_min / uuid_v7_max: valid v7s (version 7, variant 2) bounding a millisecond; their
-- timestamps are ts truncated to the millisecond.
SELECT uuid_v7_min('2022-02-22 19:22:22.000999+00') AS a6_min, uuid_v7_max('2022-02-22 19:22:22.000999+00') AS a6_max;
SELECT public.uuid_extract_version(uuid_v7_min(t)) AS min_version, uuid_extract_variant(uuid_v7_min(t)) AS min_variant,
       public.uuid_extract_version(uuid_v7_max(t)) AS max_version, uuid_extract_variant(uuid_v7_max(t)) AS max_variant,
       public.uuid_extract_timestamp(uuid_v7_min(t)) = date_trunc('milliseconds', t) AS min_ts_truncated,
       public.uuid_extract_timestamp(uuid_v7_max(t)) = date_trunc('milliseconds', t) AS max_ts_truncated
FROM (VALUES ('2026-11-22 10:11:12.345678+00'::timestamptz)) v(t);
-- Every v7 of a millisecond lies between them; the next millisecond's min is above the max.
SELECT bool_and(u BETWEEN uuid_v7_min(t) AND uuid_v7_max(t)) AS inside,
       bool_and(uuid_v7_max(t) < uuid_v7_min(t + interval '1 millisecond')) AS adjacent
FROM (SELECT t, uuid_generate_v7(t) AS u
      FROM generate_series('2026-01-01 00:00:00+00'::timestamptz, '2026-01-01 00:00:00.01+00', interval '1 microsecond') t) s;
SELECT uuid_v7_min('1970-01-01 00:00:00+00') AS min_1970, uuid_v7_max('10889-08-02 05:31:50.655+00') AS max_last;
SELECT uuid_v7_min('1969-12-31 23:59:59.999+00');
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_v7_max('infinity');
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_v7_min(NULL) IS NULL AS strict_min, uuid_v7_max(NULL) IS NULL AS strict_max;

-- A timestamp near the end of PostgreSQL's range (294,276 AD): the shift to the Unix epoch
-- would overflow; an error, as for any time a v7 cannot hold.
SELECT uuid_v7_min('294247-06-01+00');
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v7('294276-12-31 23:59:59+00');
\echo :LAST_ERROR_SQLSTATE

-- A time-range query over the primary key selects exactly the keys of [a, b) and uses the index.
CREATE TABLE range_demo (id uuid PRIMARY KEY, created_at timestamptz NOT NULL);
INSERT INTO range_demo
SELECT uuid_generate_v7(t), t
FROM generate_series('2026-03-01 00:00:00+00'::timestamptz, '2026-03-02 00:00:00+00', interval '13 seconds 7 milliseconds') t;
ANALYZE range_demo;
SELECT a, b,
       (SELECT count(*) FROM range_demo WHERE id >= uuid_v7_min(a) AND id < uuid_v7_min(b)) AS by_key,
       (SELECT count(*) FROM range_demo WHERE created_at >= a AND created_at < b) AS by_time
FROM (VALUES ('2026-03-01 00:00:00+00'::timestamptz, '2026-03-01 01:00:00+00'::timestamptz),
             ('2026-03-01 06:30:00+00', '2026-03-01 06:30:26.014+00'),
             ('2026-03-01 06:30:13.007+00', '2026-03-01 06:30:26.015+00'),
             ('2026-03-01 23:00:00+00', '2026-03-05 00:00:00+00')) AS r(a, b);
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF)
SELECT * FROM range_demo
WHERE id >= uuid_v7_min('2026-03-01 06:00:00+00') AND id < uuid_v7_min('2026-03-01 07:00:00+00');

-- Range partitions of a v7-keyed table, bounded by uuid_v7_min, and pruning.
CREATE TABLE events (id uuid PRIMARY KEY, payload text) PARTITION BY RANGE (id);
CREATE TABLE events_2026_01 PARTITION OF events FOR VALUES FROM (uuid_v7_min('2026-01-01')) TO (uuid_v7_min('2026-02-01'));
CREATE TABLE events_2026_02 PARTITION OF events FOR VALUES FROM (uuid_v7_min('2026-02-01')) TO (uuid_v7_min('2026-03-01'));
CREATE TABLE events_2026_03 PARTITION OF events FOR VALUES FROM (uuid_v7_min('2026-03-01')) TO (uuid_v7_min('2026-04-01'));
INSERT INTO events SELECT uuid_generate_v7(t), 'x'
FROM generate_series('2026-01-01 00:00:00+00'::timestamptz, '2026-03-31 23:59:59.999+00', interval '1 hour') t;
INSERT INTO events VALUES (uuid_generate_v7('2026-01-31 23:59:59.999999+00'), 'last of January'),
                          (uuid_generate_v7('2026-02-01 00:00:00+00'), 'first of February');
SELECT tableoid::regclass AS partition, count(*) FROM events GROUP BY 1 ORDER BY 1;
SELECT tableoid::regclass AS partition, payload FROM events WHERE payload <> 'x' ORDER BY id;
EXPLAIN (COSTS OFF)
SELECT * FROM events WHERE id >= uuid_v7_min('2026-02-10') AND id < uuid_v7_min('2026-02-11');
RESET enable_seqscan;
RESET enable_bitmapscan;
-- A key for a month with no partition is refused, as for any value.
INSERT INTO events VALUES (uuid_v7_min('2026-04-01 00:00:00+00'), 'April');
\echo :LAST_ERROR_SQLSTATE

-- pg_uuidv7 compatibility (its own test values), and the 48 bits read whatever the version.
SELECT uuid_v7_to_timestamp('018570bb-4a7d-7000-8000-000000000000') = '2023-01-02 04:26:40.637' AS to_timestamp,
       uuid_v7_to_timestamptz('018570bb-4a7d-7000-8000-000000000000') = '2023-01-02 04:26:40.637+00' AS to_timestamptz,
       uuid_timestamp_to_v7('2023-01-02 04:26:40.637', true) = '018570bb-4a7d-7000-8000-000000000000' AS timestamp_zero,
       uuid_timestamptz_to_v7('2023-01-02 04:26:40.637+00', true) = '018570bb-4a7d-7000-8000-000000000000' AS timestamptz_zero,
       uuid_timestamp_to_v7('2023-01-02 04:26:40.637') > '018570bb-4a7d-7000-8000-000000000000' AS timestamp_random,
       uuid_timestamptz_to_v7('2023-01-02 04:26:40.637+00') > '018570bb-4a7d-7000-8000-000000000000' AS timestamptz_random;
SELECT uuid_v7_to_timestamptz('919108f7-52d1-4320-9bac-f847db4148a8') AS v4_first_48_bits,
       uuid_v7_to_timestamp('00000000-0000-0000-0000-000000000000') AS nil;
SELECT count(DISTINCT uuid_timestamptz_to_v7('2023-01-02 04:26:40.637+00')) AS random_each_call FROM generate_series(1, 10);
SELECT uuid_timestamp_to_v7('1969-12-31 23:59:59');
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_timestamptz_to_v7('infinity', true);
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_timestamptz_to_v7(NULL) IS NULL AS strict_ts, uuid_timestamptz_to_v7(now(), NULL) IS NULL AS strict_zero,
       uuid_v7_to_timestamp(NULL) IS NULL AS strict_to_timestamp;

-- uuid_v4_to_v7: deterministic (a fixed vector, stable across releases), ts's millisecond,
-- distinct for distinct old keys of one instant.
SELECT uuid_v4_to_v7('919108f7-52d1-4320-9bac-f847db4148a8', '2022-02-22 19:22:22.000999+00') AS a3_migrated;
SELECT count(*) AS keys, count(DISTINCT uuid_v4_to_v7(old, t)) AS distinct_new,
       bool_and(uuid_v4_to_v7(old, t) = uuid_v4_to_v7(old, t)) AS deterministic,
       bool_and(public.uuid_extract_version(uuid_v4_to_v7(old, t)) = 7 AND uuid_extract_variant(uuid_v4_to_v7(old, t)) = 2) AS valid_v7,
       bool_and(public.uuid_extract_timestamp(uuid_v4_to_v7(old, t)) = date_trunc('milliseconds', t)) AS carries_ts
FROM (SELECT gen_random_uuid() AS old, '2026-06-01 12:00:00.123456+00'::timestamptz AS t FROM generate_series(1, 100000)) s;
-- Another time moves only the 48 time bits.
SELECT substr(uuid_send(uuid_v4_to_v7(u, '2020-01-01')), 7) = substr(uuid_send(uuid_v4_to_v7(u, '2030-01-01')), 7) AS only_time_differs
FROM (VALUES ('919108f7-52d1-4320-9bac-f847db4148a8'::uuid)) v(u);
-- Any input version is accepted (nil, v7, max).
SELECT public.uuid_extract_version(uuid_v4_to_v7('00000000-0000-0000-0000-000000000000', '2026-01-01')) AS from_nil,
       public.uuid_extract_version(uuid_v4_to_v7(uuid_max(), '2026-01-01')) AS from_max;
SELECT uuid_v4_to_v7(gen_random_uuid(), '1960-01-01');
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_v4_to_v7(NULL, now()) IS NULL AS strict_old, uuid_v4_to_v7(gen_random_uuid(), NULL) IS NULL AS strict_ts;

-- pg_partman's encoder and decoder: the first key of the first millisecond at or after a time
-- (raw 48-bit time, the other 80 bits zero), and the time of a key given as text. Bounds of
-- consecutive times hold every key of their time span, whatever its version, and decoding a
-- bound gives back a whole-millisecond time.
SELECT uuid_time_encoder('2022-02-22 19:22:22+00') AS a6_millisecond,
       uuid_time_encoder('2022-02-22 19:22:22.000001+00') AS next_millisecond,
       uuid_time_encoder('1970-01-01 00:00:00+00') AS epoch,
       uuid_time_decoder('017f22e2-79b0-0000-0000-000000000000') AS decoded,
       uuid_time_decoder('{017f22e279b07cc398c4dc0c0c07398f}') AS any_uuid_text;
SELECT bool_and(uuid_time_decoder(uuid_time_encoder(t)::text) = t) AS round_trips,
       bool_and(uuid_time_encoder(t) <= uuid_v7_min(t) AND uuid_time_encoder(t + interval '1 ms') > uuid_v7_max(t))
           AS brackets_every_v7_of_the_millisecond
FROM generate_series('1970-01-01'::timestamptz, '2100-01-01', interval '1 day 1 second') AS t;
SELECT count(*) AS keys,
       count(*) FILTER (WHERE uuid_v7_to_timestamptz(id) >= '2025-03-01+00' AND uuid_v7_to_timestamptz(id) < '2025-04-01+00')
           AS in_march,
       bool_and((id >= uuid_time_encoder('2025-03-01+00') AND id < uuid_time_encoder('2025-04-01+00'))
                = (uuid_v7_to_timestamptz(id) >= '2025-03-01+00' AND uuid_v7_to_timestamptz(id) < '2025-04-01+00'))
           AS bounds_hold_the_keys_of_the_time
FROM (SELECT uuid_generate_v7('2025-02-28 23:59:59.999+00'::timestamptz + g * interval '37 minutes') AS id
      FROM generate_series(0, 2000) g
      -- v4 keys carrying the first 48 bits of a time, around the month's edges
      UNION ALL SELECT encode(overlay(uuid_send(public.uuidv4())
                                      PLACING substring(uuid_send(uuid_time_encoder(t)) FROM 1 FOR 6) FROM 1 FOR 6), 'hex')::uuid
      FROM generate_series('2025-02-28 23:59:59.998+00'::timestamptz, '2025-03-01 00:00:00.002+00', interval '1 ms') AS t
      UNION ALL SELECT encode(overlay(uuid_send(public.uuidv4())
                                      PLACING substring(uuid_send(uuid_time_encoder(t)) FROM 1 FOR 6) FROM 1 FOR 6), 'hex')::uuid
      FROM generate_series('2025-03-31 23:59:59.998+00'::timestamptz, '2025-04-01 00:00:00.002+00', interval '1 ms') AS t) AS keys;
SELECT uuid_time_encoder('infinity');
SELECT uuid_time_encoder('1969-12-31 23:59:59.999+00');
SELECT uuid_time_encoder('10889-08-02 05:31:50.656+00');
SELECT uuid_time_decoder('not a uuid');
