-- uuidx_sql against the C edition (docs/managed.md, "Proven equal to the C library"): both
-- in one database, uuidx in public (pg_regress creates it) and uuidx_sql in schema s, and
-- every function of uuidx_sql called on the same inputs in both. Results are compared as
-- text, errors by SQLSTATE; generators by what is not random (the time and version bits,
-- the version and variant, the time against the clock). Each function's count of cases and
-- of differences is printed, so the expected output asserts both. Not in REGRESS: the test
-- command runs it once per major (test/run-major.sh), as it does not depend on the mode.
SET client_min_messages = warning;
SET timezone = 'UTC';
CREATE SCHEMA s;
CREATE EXTENSION uuidx_sql SCHEMA s;
SELECT setseed(0.56);

-- outcome(call): what SELECT call gives, as text, or ERROR and its SQLSTATE.
CREATE FUNCTION pg_temp.outcome(call text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    result text;
BEGIN
    EXECUTE 'SELECT (' || call || ')::text' INTO result;
    RETURN coalesce(result, 'NULL');
EXCEPTION WHEN OTHERS THEN
    RETURN 'ERROR ' || SQLSTATE;
END $$;

------------------------------------------------------------------------------------------
-- The inputs
------------------------------------------------------------------------------------------

-- Keys: every version and variant nibble of one key, the edge keys, RFC 9562's vectors,
-- random keys of any bits, and random v1, v6 and v7 keys of any time.
CREATE TEMP TABLE keys (k uuid);
INSERT INTO keys
SELECT overlay(overlay('017f22e2-79b0-7cc3-98c4-dc0c0c07398f' PLACING to_hex(v) FROM 15 FOR 1)
               PLACING to_hex(w) FROM 20 FOR 1)::uuid
FROM generate_series(0, 15) v, generate_series(0, 15) w;
INSERT INTO keys VALUES
    ('00000000-0000-0000-0000-000000000000'), ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
    ('ffffffff-ffff-7fff-bfff-ffffffffffff'), ('00000000-0000-7000-8000-000000000000'),
    ('00000000-0000-1000-8000-000000000000'), ('ffffffff-ffff-1fff-bfff-ffffffffffff'),
    ('00000000-0000-6000-8000-000000000000'), ('ffffffff-ffff-6fff-bfff-ffffffffffff'),
    ('c232ab00-9414-11ec-b3c8-9f6bdeced846'), ('5df41881-3aed-3515-88a7-2f4a814cf09e'),
    ('919108f7-52d1-4320-9bac-f847db4148a8'), ('2ed6657d-e927-568b-95e1-2665a8aea6a2'),
    ('1ec9414c-232a-6b00-b3c8-9f6bdeced846'), ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'),
    ('2489e9ad-2ee2-8e00-8ec9-32d5f69181c0'), ('5c146b14-3c52-8afd-938a-375d0df1fbf6');
INSERT INTO keys SELECT md5(i || ':' || random())::uuid FROM generate_series(1, 120) i;
INSERT INTO keys
SELECT overlay(overlay(md5(i || ':' || random())::text PLACING v FROM 13 FOR 1) PLACING '8' FROM 17 FOR 1)::uuid
FROM generate_series(1, 40) i, (VALUES ('1'), ('6'), ('7')) AS versions(v);

-- Times: the edges of the v7 range and of PostgreSQL's, 1970 to the microsecond on both
-- sides, leap days, infinities, local times at the DST transitions of several zones (the
-- hour that does not exist and the one that comes twice), and random times.
CREATE TEMP TABLE times (t timestamptz);
INSERT INTO times VALUES
    ('1970-01-01 00:00:00+00'), ('1970-01-01 00:00:00.000001+00'), ('1970-01-01 00:00:00.000999+00'),
    ('1970-01-01 00:00:00.001+00'), ('1969-12-31 23:59:59.999999+00'), ('1969-12-31 23:59:59.999001+00'),
    ('1969-12-31 23:59:59.999+00'), ('1969-12-31 23:59:59.998999+00'), ('1969-12-31 23:59:59+00'),
    ('1582-10-15 00:00:00+00'), ('4713-11-24 00:00:00+00 BC'), ('1900-02-28 12:00:00+00'),
    ('2000-02-29 23:59:59.999999+00'), ('2024-02-29 12:34:56.789012+00'), ('2100-02-28 23:59:59.9995+00'),
    ('2022-02-22 19:22:22+00'), ('2022-02-22 19:22:22.123456+00'),
    ('10889-08-02 05:31:50.654999+00'), ('10889-08-02 05:31:50.655+00'), ('10889-08-02 05:31:50.655001+00'),
    ('10889-08-02 05:31:50.655999+00'), ('10889-08-02 05:31:50.656+00'), ('10889-08-02 05:31:50.656001+00'),
    ('294247-06-01 00:00:00+00'), ('294276-12-31 23:59:59.999999+00'), ('infinity'), ('-infinity');
INSERT INTO times
SELECT (local_time || ' ' || zone)::timestamptz
FROM (VALUES ('America/New_York', '2024-03-10'), ('America/New_York', '2024-11-03'),
             ('Europe/Berlin', '2024-03-31'), ('Europe/Berlin', '2024-10-27'),
             ('Australia/Lord_Howe', '2024-04-07'), ('Australia/Lord_Howe', '2024-10-06'),
             ('America/St_Johns', '2024-03-10'), ('Asia/Kolkata', '2024-03-10')) AS z(zone, day),
     LATERAL (SELECT day || ' ' || h || ':30:00.5' FROM generate_series(0, 3) h) AS l(local_time);
INSERT INTO times SELECT timestamptz '1960-01-01+00' + random() * interval '140 years' FROM generate_series(1, 80);
INSERT INTO times
SELECT to_timestamp(floor(random() * 281474976710)::bigint) + floor(random() * 1000000) * interval '1 microsecond'
FROM generate_series(1, 40);

-- Ranges: pairs of those times with each bound, unbounded sides, infinities, empty.
CREATE TEMP TABLE ranges (r tstzrange);
INSERT INTO ranges
SELECT tstzrange(a, b, flags)
FROM (SELECT t AS a, lead(t) OVER (ORDER BY random()) AS b FROM times) AS pairs,
     (VALUES ('[)'), ('[]'), ('()'), ('(]')) AS f(flags)
WHERE a <= b;
INSERT INTO ranges SELECT tstzrange(t, NULL) FROM times WHERE t < 'infinity';
INSERT INTO ranges SELECT tstzrange(NULL, t, '(]') FROM times WHERE t > '-infinity';
INSERT INTO ranges VALUES ('empty'), ('(,)'), ('[-infinity,infinity]'), ('[infinity,infinity]'),
    ('[-infinity,-infinity]'), ('[1970-01-01 00:00:00.0005+00,1970-01-01 00:00:00.0009+00]'),
    ('(2022-02-22 19:22:22+00,2022-02-22 19:22:22.001+00)');

------------------------------------------------------------------------------------------
-- The cases: each function's call on each input, spelled once for both schemas (%1$s)
------------------------------------------------------------------------------------------

CREATE TEMP TABLE cases (function text, call text);
INSERT INTO cases
SELECT f.function, format(f.call, k)
FROM keys,
     (VALUES ('uuid_v7_to_timestamptz(uuid)', '%%1$s.uuid_v7_to_timestamptz(%L)'),
             ('uuid_v7_to_timestamp(uuid)', '%%1$s.uuid_v7_to_timestamp(%L)'),
             ('uuid_extract_timestamp(uuid)', '%%1$s.uuid_extract_timestamp(%L)'),
             ('uuid_extract_version(uuid)', '%%1$s.uuid_extract_version(%L)'),
             ('uuid_extract_variant(uuid)', '%%1$s.uuid_extract_variant(%L)'),
             ('uuid_time_key_at_start(uuid)', '%%1$s.uuid_time_key_at_start(%L)'),
             ('uuid_time_decoder(text)', '%%1$s.uuid_time_decoder(%L)')) AS f(function, call);
INSERT INTO cases
SELECT f.function, format(f.call, t, t AT TIME ZONE 'UTC', inclusive)
FROM times, (VALUES (true), (false)) AS b(inclusive),
     (VALUES ('uuid_v7_min(timestamptz)', '%%1$s.uuid_v7_min(%1$L::timestamptz)'),
             ('uuid_v7_max(timestamptz)', '%%1$s.uuid_v7_max(%1$L::timestamptz)'),
             ('uuid_time_encoder(timestamptz)', '%%1$s.uuid_time_encoder(%1$L::timestamptz)'),
             ('uuid_time_min_key(timestamptz, boolean)', '%%1$s.uuid_time_min_key(%1$L::timestamptz, %3$L)'),
             ('uuid_time_max_key(timestamptz, boolean)', '%%1$s.uuid_time_max_key(%1$L::timestamptz, %3$L)'),
             ('uuid_time_min_key(timestamp, boolean)', '%%1$s.uuid_time_min_key(%2$L::timestamp, %3$L)'),
             ('uuid_time_max_key(timestamp, boolean)', '%%1$s.uuid_time_max_key(%2$L::timestamp, %3$L)'),
             ('uuid_timestamptz_to_v7(timestamptz, boolean)',
              'left(%%1$s.uuid_timestamptz_to_v7(%1$L::timestamptz, %3$L)::text, 18)'),
             ('uuid_timestamp_to_v7(timestamp, boolean)',
              'left(%%1$s.uuid_timestamp_to_v7(%2$L::timestamp, %3$L)::text, 18)'),
             -- random after the time, version and rand_a (the C edition's 16-bit fraction
             -- begins with the same 12 bits)
             ('uuid_generate_v7(timestamptz)', 'left(%%1$s.uuid_generate_v7(%1$L::timestamptz)::text, 18)'),
             ('uuid_v4_to_v7(uuid, timestamptz)',
              '%%1$s.uuid_v4_to_v7(md5(%1$L || %3$L)::uuid, %1$L::timestamptz)')) AS f(function, call)
WHERE inclusive OR f.function ~ '_key\(';
INSERT INTO cases
SELECT f.function, format(f.call, r)
FROM ranges,
     (VALUES ('uuid_range_min_key(tstzrange)', '%%1$s.uuid_range_min_key(%L::tstzrange)'),
             ('uuid_range_max_key(tstzrange)', '%%1$s.uuid_range_max_key(%L::tstzrange)')) AS f(function, call);
-- The window: pairs in both orders, each bound flags and bad ones.
INSERT INTO cases
SELECT 'uuid_time_window(timestamptz, timestamptz, text)',
       format('%%1$s.uuid_time_window(%L::timestamptz, %L::timestamptz, %L)', a, b, flags)
FROM (SELECT t AS a, lead(t) OVER (ORDER BY random()) AS b FROM times) AS pairs,
     (VALUES ('[)'), ('[]'), ('()'), ('(]'), ('[x'), (''), (NULL)) AS f(flags)
WHERE b IS NOT NULL;
-- Keys in ranges, by the functions and by the operators both ways.
INSERT INTO cases
SELECT f.function, format(f.call, k, r)
FROM (SELECT k, row_number() OVER (ORDER BY random()) AS n FROM keys) AS kk
     JOIN (SELECT r, row_number() OVER (ORDER BY random()) AS n FROM ranges) AS rr USING (n),
     (VALUES ('uuid_time_in_range(uuid, tstzrange)', '%%1$s.uuid_time_in_range(%L::uuid, %L::tstzrange)'),
             ('tstzrange_contains_uuid_time(tstzrange, uuid)', '%%1$s.tstzrange_contains_uuid_time(%2$L::tstzrange, %1$L::uuid)'),
             ('<@ (uuid, tstzrange)', '%L::uuid OPERATOR(%%1$s.<@) %L::tstzrange'),
             ('@> (tstzrange, uuid)', '%2$L::tstzrange OPERATOR(%%1$s.@>) %1$L::uuid')) AS f(function, call);
-- The decoder's other texts: a UUID's other spellings, no UUID, text longer than any.
INSERT INTO cases
SELECT 'uuid_time_decoder(text)', format('%%1$s.uuid_time_decoder(%L)', key_text)
FROM (VALUES ('{017F22E2-79B0-7CC3-98C4-DC0C0C07398F}'), ('017f22e279b07cc398c4dc0c0c07398f'),
             ('017f-22e2-79b0-7cc3-98c4-dc0c-0c07-398f'), (''), ('2026-01-01'), ('017f22e2-79b0-7cc3-98c4'),
             (' 017f22e2-79b0-7cc3-98c4-dc0c0c07398f'), (repeat('0', 43)), (repeat('é', 30)), (NULL)) AS d(key_text);
-- Generators of the current time: the version, the variant and the time against the clock.
INSERT INTO cases
SELECT function, '(SELECT concat_ws('' '', %1$s.uuid_extract_version(key), %1$s.uuid_extract_variant(key), '
                 || 'abs(extract(epoch FROM %1$s.uuid_v7_to_timestamptz(key) - clock_timestamp())) < 60) '
                 || 'FROM (SELECT ' || call || ' AS key) AS generated)'
FROM (VALUES ('uuid_generate_v7()', '%1$s.uuid_generate_v7()'), ('uuidv7()', '%1$s.uuidv7()'),
             ('uuidv4()', '%1$s.uuidv4()')) AS f(function, call)
UNION ALL
SELECT 'uuidv7(interval)', '(SELECT concat_ws('' '', %1$s.uuid_extract_version(key), %1$s.uuid_extract_variant(key), '
                           || 'abs(extract(epoch FROM %1$s.uuid_v7_to_timestamptz(key) - (clock_timestamp() + '
                           || quote_literal(shift) || '::interval))) < 60) FROM (SELECT %1$s.uuidv7('
                           || quote_literal(shift) || '::interval) AS key) AS generated)'
FROM (VALUES ('0'), ('1 microsecond'), ('-1 day'), ('1 month'), ('-1 month 3 days 4 hours'), ('50 years'),
             ('-50 years'), ('-60 years'), ('9000 years'), ('300000 years'), ('292240 years'),
             ('178000000 years')) AS f(shift);
INSERT INTO cases VALUES ('uuid_max()', '%1$s.uuid_max()'), ('uuidv7(interval)', '%1$s.uuidv7(NULL::interval)');

------------------------------------------------------------------------------------------
-- Cases with constants (each call planned and run alone, errors included); uuidv7(interval)
-- in three zones too, as months and days are added in the session's zone.
------------------------------------------------------------------------------------------

CREATE TEMP TABLE outcomes (function text, call text, zone text, c text, sql text);
DO $$
DECLARE
    zone text;
BEGIN
    FOREACH zone IN ARRAY ARRAY['UTC', 'America/New_York', 'Australia/Lord_Howe'] LOOP
        PERFORM set_config('timezone', zone, false);
        INSERT INTO outcomes
        SELECT function, call, zone, pg_temp.outcome(format(call, 'public')), pg_temp.outcome(format(call, 's'))
        FROM cases WHERE zone = 'UTC' OR function = 'uuidv7(interval)';
    END LOOP;
    PERFORM set_config('timezone', 'UTC', false);
END $$;
SELECT function, count(*) AS cases, count(*) FILTER (WHERE c IS DISTINCT FROM sql) AS differences
FROM outcomes GROUP BY function ORDER BY function;
-- Any difference, to read (none expected).
SELECT zone, call, c, sql FROM outcomes WHERE c IS DISTINCT FROM sql ORDER BY 1, 2 LIMIT 20;
-- Errors are part of it: each edition failed as often, with the same SQLSTATEs.
SELECT split_part(c, ' ', 2) AS sqlstate, count(*) AS cases
FROM outcomes WHERE c LIKE 'ERROR %' GROUP BY 1 ORDER BY 1;

------------------------------------------------------------------------------------------
-- The same functions on column values, as queries run them (the inlined expressions)
------------------------------------------------------------------------------------------

CREATE TEMP TABLE valid_times AS
SELECT t FROM times WHERE t >= '1970-01-01+00' AND t < '10889-08-02 05:31:50.655+00';
SELECT 'keys' AS inputs, count(*) AS rows,
       count(*) FILTER (WHERE public.uuid_v7_to_timestamptz(k) IS DISTINCT FROM s.uuid_v7_to_timestamptz(k)
                           OR public.uuid_v7_to_timestamp(k) IS DISTINCT FROM s.uuid_v7_to_timestamp(k)
                           OR public.uuid_extract_timestamp(k) IS DISTINCT FROM s.uuid_extract_timestamp(k)
                           OR public.uuid_extract_version(k) IS DISTINCT FROM s.uuid_extract_version(k)
                           OR public.uuid_extract_variant(k) IS DISTINCT FROM s.uuid_extract_variant(k)
                           OR public.uuid_time_decoder(k::text) IS DISTINCT FROM s.uuid_time_decoder(k::text)) AS differences
FROM keys
UNION ALL
SELECT 'times', count(*),
       count(*) FILTER (WHERE public.uuid_v7_min(t) IS DISTINCT FROM s.uuid_v7_min(t)
                           OR public.uuid_v7_max(t) IS DISTINCT FROM s.uuid_v7_max(t)
                           OR public.uuid_time_encoder(t) IS DISTINCT FROM s.uuid_time_encoder(t)
                           OR public.uuid_timestamptz_to_v7(t, true) IS DISTINCT FROM s.uuid_timestamptz_to_v7(t, true)
                           OR left(public.uuid_generate_v7(t)::text, 18) IS DISTINCT FROM left(s.uuid_generate_v7(t)::text, 18)
                           OR public.uuid_v4_to_v7(md5(t::text)::uuid, t) IS DISTINCT FROM s.uuid_v4_to_v7(md5(t::text)::uuid, t))
FROM valid_times
UNION ALL
SELECT 'times with bounds', count(*),
       count(*) FILTER (WHERE public.uuid_time_min_key(t, b) IS DISTINCT FROM s.uuid_time_min_key(t, b)
                           OR public.uuid_time_max_key(t, b) IS DISTINCT FROM s.uuid_time_max_key(t, b)
                           OR public.uuid_time_min_key(t AT TIME ZONE 'UTC', b) IS DISTINCT FROM s.uuid_time_min_key(t AT TIME ZONE 'UTC', b)
                           OR public.uuid_time_max_key(t AT TIME ZONE 'UTC', b) IS DISTINCT FROM s.uuid_time_max_key(t AT TIME ZONE 'UTC', b))
FROM times, (VALUES (true), (false)) AS v(b)
UNION ALL
SELECT 'ranges', count(*),
       count(*) FILTER (WHERE public.uuid_range_min_key(r) IS DISTINCT FROM s.uuid_range_min_key(r)
                           OR public.uuid_range_max_key(r) IS DISTINCT FROM s.uuid_range_max_key(r))
FROM ranges
UNION ALL
SELECT 'keys in ranges', count(*),
       count(*) FILTER (WHERE (k OPERATOR(public.<@) r) IS DISTINCT FROM (k OPERATOR(s.<@) r)
                           OR (r OPERATOR(public.@>) k) IS DISTINCT FROM (r OPERATOR(s.@>) k))
FROM keys, (SELECT r FROM ranges ORDER BY random() LIMIT 40) AS some_ranges;

-- The database as it was.
DROP EXTENSION uuidx_sql;
DROP SCHEMA s;
