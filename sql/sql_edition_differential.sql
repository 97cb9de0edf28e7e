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
-- v1, v6, v3, v5, v8, the namespaces and uuid_inspect: their inputs and cases. No random():
-- the inputs are constants and md5() of their numbers, so the random inputs above stay the
-- same whatever is added here or beside.
------------------------------------------------------------------------------------------

-- Namespaces: RFC 9562's four, the nil and max UUIDs, and a v7 key.
CREATE TEMP TABLE name_spaces (namespace uuid);
INSERT INTO name_spaces VALUES
    ('6ba7b810-9dad-11d1-80b4-00c04fd430c8'), ('6ba7b811-9dad-11d1-80b4-00c04fd430c8'),
    ('6ba7b812-9dad-11d1-80b4-00c04fd430c8'), ('6ba7b814-9dad-11d1-80b4-00c04fd430c8'),
    ('00000000-0000-0000-0000-000000000000'), ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
    ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
-- Names: RFC 9562's, ASCII names of every length around the blocks of MD5 and SHA-1 (64
-- bytes with the namespace's 16 first, the last 9 for the length: names of 39, 40, 47, 48 and
-- 103, 104 bytes), of SHA-3 (136 and 72 bytes: names of 55, 56, 119, 120) and the lengths
-- the C edition's tests use; non-ASCII names of 2, 3 and 4-byte characters around the
-- same boundaries; backslashes (uuidx_sql reads a name's bytes through the escape format),
-- quotes and white space.
CREATE TEMP TABLE names (name text);
INSERT INTO names VALUES ('www.example.com'), ('https://example.com/'), ('');
INSERT INTO names
SELECT left(repeat(md5(n::text), 32), n)
FROM unnest(ARRAY[1, 2, 39, 40, 41, 47, 48, 49, 55, 56, 57, 63, 64, 65, 103, 104, 119, 120, 121, 127, 128,
                  135, 136, 137, 1000]) AS n;
INSERT INTO names
SELECT repeat(c, n)
FROM (VALUES ('é'), ('€'), ('😀')) AS characters(c), unnest(ARRAY[1, 14, 19, 20, 28, 60]) AS n;
INSERT INTO names VALUES ('x' || repeat('é', 27)), ('xx' || repeat('😀', 13)), (repeat('€', 40) || 'y'),
    (E'\\'), (E'\\\\'), (E'\\x41'), (E'a\\000b'), (E'\\377'), ('\x41'), ('''quoted'''), ('"'), (E'\t \n\r'),
    (' www.example.com '), ('WWW.EXAMPLE.COM');
-- Algorithms of uuid_generate_v8_name(): the five in other cases, and names it refuses.
CREATE TEMP TABLE algorithms (algorithm text, known boolean);
INSERT INTO algorithms
SELECT algorithm, true
FROM unnest(ARRAY['sha256', 'sha384', 'sha512', 'sha3-256', 'sha3-512', 'SHA256', 'Sha3-512', 'SHA3-256', 'sHa384',
                  'SHA512']) AS algorithm
UNION ALL
SELECT algorithm, false
FROM unnest(ARRAY['sha1', 'md5', 'sha224', 'sha3-384', 'sha3_256', 'sha-256', 'sha 256', ' sha256', 'sha256 ', '',
                  'ſha256', 'ｓｈａ２５６', repeat('é', 40), repeat('sha256', 20)]) AS algorithm;
-- Names of uuid_namespace(): the four in other cases, and names it refuses.
CREATE TEMP TABLE namespace_names (namespace_name text, known boolean);
INSERT INTO namespace_names
SELECT namespace_name, true FROM unnest(ARRAY['dns', 'url', 'oid', 'x500', 'DNS', 'Url', 'OID', 'oId', 'X500']) AS namespace_name
UNION ALL
SELECT namespace_name, false
FROM unnest(ARRAY['dns ', ' url', 'd ns', 'dn', 'dnss', 'x-500', 'x5000', 'x', '', 'uuid', 'nil', 'max', 'OİD', 'oıd',
                  'ＤＮＳ', repeat('é', 40), repeat('dns', 30)]) AS namespace_name;
-- Bytes of uuid_generate_v8(): each key's 16, and other lengths.
CREATE TEMP TABLE customs (custom bytea);
INSERT INTO customs SELECT uuid_send(k) FROM keys;
INSERT INTO customs VALUES (''), ('\x00'), (decode(repeat('ff', 15), 'hex')), (decode(repeat('ab', 17), 'hex')),
    (decode(repeat('01', 32), 'hex'));

INSERT INTO cases
SELECT f.function, format(f.call, k)
FROM keys,
     (VALUES ('uuid_v1_to_v6(uuid)', '%%1$s.uuid_v1_to_v6(%L)'),
             ('uuid_v6_to_v1(uuid)', '%%1$s.uuid_v6_to_v1(%L)'),
             ('uuid_extract_clock_seq(uuid)', '%%1$s.uuid_extract_clock_seq(%L)'),
             ('uuid_extract_node(uuid)', '%%1$s.uuid_extract_node(%L)'),
             -- the whole row as text: its fields' json too, text for text
             ('uuid_inspect(uuid)', '%%1$s.uuid_inspect(%L)')) AS f(function, call);
INSERT INTO cases
SELECT f.function, format(f.call, namespace, name)
FROM name_spaces, names,
     (VALUES ('uuidv3(uuid, text)', '%%1$s.uuidv3(%L, %L)'),
             ('uuidv5(uuid, text)', '%%1$s.uuidv5(%L, %L)'),
             ('uuid_generate_v8_name(uuid, text, text)', '%%1$s.uuid_generate_v8_name(%L, %L)')) AS f(function, call);
INSERT INTO cases
SELECT 'uuid_generate_v8_name(uuid, text, text)', format('%%1$s.uuid_generate_v8_name(%L, %L, %L)', namespace, name, algorithm)
FROM name_spaces, names, algorithms
WHERE namespace IN ('6ba7b810-9dad-11d1-80b4-00c04fd430c8', '6ba7b811-9dad-11d1-80b4-00c04fd430c8');
INSERT INTO cases
SELECT 'uuid_namespace(text)', format('%%1$s.uuid_namespace(%L)', namespace_name) FROM namespace_names;
INSERT INTO cases
SELECT f.function, format(f.call, custom)
FROM customs,
     (VALUES ('uuid_generate_v8(bytea)', '%%1$s.uuid_generate_v8(%L::bytea)'),
             ('uuidv8(bytea)', '%%1$s.uuidv8(%L::bytea)')) AS f(function, call);
-- NULL for each argument.
INSERT INTO cases VALUES
    ('uuid_v1_to_v6(uuid)', '%1$s.uuid_v1_to_v6(NULL)'), ('uuid_v6_to_v1(uuid)', '%1$s.uuid_v6_to_v1(NULL)'),
    ('uuid_extract_clock_seq(uuid)', '%1$s.uuid_extract_clock_seq(NULL)'),
    ('uuid_extract_node(uuid)', '%1$s.uuid_extract_node(NULL)'), ('uuid_inspect(uuid)', '%1$s.uuid_inspect(NULL)'),
    ('uuidv3(uuid, text)', $$%1$s.uuidv3(NULL, 'a')$$), ('uuidv3(uuid, text)', $$%1$s.uuidv3(%1$s.uuid_max(), NULL)$$),
    ('uuidv5(uuid, text)', $$%1$s.uuidv5(NULL, 'a')$$), ('uuidv5(uuid, text)', $$%1$s.uuidv5(%1$s.uuid_max(), NULL)$$),
    ('uuid_generate_v8_name(uuid, text, text)', $$%1$s.uuid_generate_v8_name(NULL, 'a')$$),
    ('uuid_generate_v8_name(uuid, text, text)', $$%1$s.uuid_generate_v8_name(%1$s.uuid_max(), NULL)$$),
    ('uuid_generate_v8_name(uuid, text, text)', $$%1$s.uuid_generate_v8_name(%1$s.uuid_max(), 'a', NULL)$$),
    ('uuid_generate_v8_name(uuid, text, text)', $$%1$s.uuid_generate_v8_name(NULL, NULL, 'md5')$$),
    ('uuid_namespace(text)', '%1$s.uuid_namespace(NULL)'),
    ('uuid_generate_v8(bytea)', '%1$s.uuid_generate_v8(NULL)'), ('uuidv8(bytea)', '%1$s.uuidv8(NULL)');
-- The generators of Gregorian time, by what is not random: 100 keys of one statement, their
-- versions and variants, whether every node has its multicast bit set, how many distinct
-- nodes (v1: one, drawn once per session or process; v6: one a key), whether their 60-bit
-- times increase strictly (the first 15 hex digits of the key, or of its v6 form for a v1)
-- and whether their times lie within a minute of the clock.
INSERT INTO cases
SELECT function, format('(SELECT concat_ws('' '', string_agg(DISTINCT %%1$s.uuid_extract_version(key)::text, '',''), '
                        || 'string_agg(DISTINCT %%1$s.uuid_extract_variant(key)::text, '',''), '
                        || 'bool_and(get_byte(uuid_send(key), 10) & 1 = 1), count(DISTINCT %%1$s.uuid_extract_node(key)), '
                        || 'bool_and(time > previous OR previous IS NULL), '
                        || 'bool_and(abs(extract(epoch FROM %%1$s.uuid_extract_timestamp(key) - clock_timestamp())) < 60)) '
                        || 'FROM (SELECT key, time, lag(time) OVER (ORDER BY n) AS previous '
                        || 'FROM (SELECT n, key, left(CASE WHEN %%1$s.uuid_extract_version(key) = 1 '
                        || 'THEN %%1$s.uuid_v1_to_v6(key) ELSE key END::text, 18) AS time '
                        || 'FROM (SELECT n, %s AS key FROM generate_series(1, 100) AS n) AS made) AS timed) AS ordered)', call)
FROM (VALUES ('uuid_generate_v6()', '%1$s.uuid_generate_v6()'), ('uuidv6()', '%1$s.uuidv6()'),
             ('uuidv1()', '%1$s.uuidv1()')) AS f(function, call);
-- The text forms (TypeID, ULID, base32hex): inputs and cases
------------------------------------------------------------------------------------------
-- No random(): the texts are written out, the keys are the table above. An error is compared
-- with its message and detail too (pg_temp.with_detail), as the C edition words each reason.

CREATE FUNCTION pg_temp.with_detail(call text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    result text;
    message text;
    detail text;
BEGIN
    EXECUTE 'SELECT (' || call || ')::text' INTO result;
    RETURN coalesce(result, 'NULL');
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS message = MESSAGE_TEXT, detail = PG_EXCEPTION_DETAIL;
    RETURN concat_ws(' / ', 'ERROR ' || SQLSTATE, message, detail);
END $$;

-- Prefixes: every length from 0 to 64 of letters and of letters with "_" inside (ending in
-- "_" at every third length), "_" at either end, digits, upper case, other ASCII, non-ASCII
-- (two bytes a character: 32 of them are 64 bytes), NULL.
CREATE TEMP TABLE text_form_prefixes (prefix text);
INSERT INTO text_form_prefixes
SELECT left(repeat('abcdefghijklmnopqrstuvwxyz', 3), n) FROM generate_series(0, 64) n
UNION ALL SELECT left(repeat('ab_', 22), n) FROM generate_series(1, 64) n
UNION ALL SELECT p FROM (VALUES ('_user'), ('user_'), ('_'), ('__'), ('a__b'), ('user1'), ('1user'), ('User'), ('USER'),
                                ('pre-fix'), ('pre fix'), ('préfix'), ('é'), (repeat('é', 31)), (repeat('é', 32)),
                                (repeat('é', 33)), ('ü_ser'), (NULL)) AS v(p);

-- Texts for every decoder (each decoder reads all of them: the other forms' texts too).
CREATE TEMP TABLE text_form_texts (t text);
INSERT INTO text_form_texts
-- TypeID: the specification's example with each prefix above, and its suffix cut or grown
SELECT CASE WHEN prefix = '' THEN '' ELSE prefix || '_' END || '01h455vb4pex5vsknk084sn02q' FROM text_form_prefixes
UNION ALL SELECT '_01h455vb4pex5vsknk084sn02q'
UNION ALL SELECT p || s FROM (VALUES (''), ('user_'), ('a_b_'), ('_')) AS prefixes(p),
     (VALUES ('01h455vb4pex5vsknk084sn02'), ('01h455vb4pex5vsknk084sn02qq'), ('0'), (''),
             ('00000000000000000000000000'), ('7zzzzzzzzzzzzzzzzzzzzzzzzz'), ('8zzzzzzzzzzzzzzzzzzzzzzzzz'),
             ('9zzzzzzzzzzzzzzzzzzzzzzzzz'), ('zzzzzzzzzzzzzzzzzzzzzzzzzz'),
             ('01h455vb4pex5vsknk084sn0iq'), ('01h455vb4pex5vsknk084sn0lq'), ('01h455vb4pex5vsknk084sn0oq'),
             ('01h455vb4pex5vsknk084sn0uq'), ('i1h455vb4pex5vsknk084sn02q'), ('01H455VB4PEX5VSKNK084SN02Q'),
             ('01h455vb4pex5vsknk084sn02Q'), ('01h455vb4pex5vsknk084sn0I2'), ('01h455vb4pex5vsknk084sn0!A'),
             ('01h455vb4pex5vsknk084sn0A!'), ('01h455vb4pex5vsknk084sn0é'), ('01h455vb4pex5vsknk084sn0éq'),
             ('01h455vb4pex5vsknk084s_02q'), (' 1h455vb4pex5vsknk084sn02q'), ('01h455vb4pex5vsknk084sn02 ')) AS suffixes(s)
-- ULID: both cases, Crockford's aliases, the largest and above it, wrong lengths and characters
UNION ALL SELECT u FROM (VALUES ('01H455VB4PEX5VSKNK084SN02Q'), ('01h455vb4pex5vsknk084sn02q'), ('01H455vb4PEX5vsKNK084sn02Q'),
                                ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ'), ('7zzzzzzzzzzzzzzzzzzzzzzzzz'), ('8ZZZZZZZZZZZZZZZZZZZZZZZZZ'),
                                ('ZZZZZZZZZZZZZZZZZZZZZZZZZZ'), ('00000000000000000000000000'),
                                ('01H455VB4PEX5VSKNK084SN0I2'), ('01H455VB4PEX5VSKNK084SN0L2'), ('01H455VB4PEX5VSKNK084SN0O2'),
                                ('01H455VB4PEX5VSKNK084SN0U2'), ('01h455vb4pex5vsknk084sn0i2'), ('01h455vb4pex5vsknk084sn0l2'),
                                ('01h455vb4pex5vsknk084sn0o2'), ('01h455vb4pex5vsknk084sn0u2'), ('O1H455VB4PEX5VSKNK084SN02Q'),
                                ('I1H455VB4PEX5VSKNK084SN02Q'), ('01H455VB4PEX5VSKNK084SN0-Q'), ('01H455VB4PEX5VSKNK084SN0*I'),
                                ('01H455VB4PEX5VSKNK084SN02'), ('01H455VB4PEX5VSKNK084SN02QQ'), ('01H455VB4PEX5VSKNK084SN0é'),
                                ('01H455VB4PEX5VSKNK084SN0éQ'), ('8ZZZZZZZZZZZZZZZZZZZZZZZZI'), ('01H455VB4PEX5VSKNK084SN02Q ')) AS v(u)
-- base32hex: padded or not, lower case, wrong padding, trailing bits, white space, lengths
UNION ALL SELECT b FROM (VALUES ('05VI5OJPM1UC7664RG60O1PPHS'), ('05vi5ojpm1uc7664rg60o1pphs'), ('05VI5OJPM1UC7664RG60O1PPHS======'),
                                ('05vi5ojpm1uc7664rg60o1pphs======'), ('VVVVVVVVVVVVVVVVVVVVVVVVVS'), ('vvvvvvvvvvvvvvvvvvvvvvvvvs'),
                                ('VVVVVVVVVVVVVVVVVVVVVVVVVT'), ('VVVVVVVVVVVVVVVVVVVVVVVVVV'), ('05VI5OJPM1UC7664RG60O1PPHW'),
                                ('05VI5OJPM1UC7664RG60O1PPHt'), ('05VI5OJPM1UC7664RG60O1PPH'), ('05VI5OJPM1UC7664RG60O1PPHS='),
                                ('05VI5OJPM1UC7664RG60O1PPHS====='), ('05VI5OJPM1UC7664RG60O1PPHS======='),
                                ('05VI5OJPM1UC7664RG60O1PPHS=====0'), ('05VI5OJPM1UC7664RG60O1PPHS0====='),
                                ('05VI5OJPM1UC7664RG60O1PP======'), ('05VI5OJPM1UC7664RG60O1PPHSHS'), (' 05VI5OJPM1UC7664RG60O1PPHS'),
                                ('05VI5OJPM1UC7664RG60O1PPHS '), (E'05VI5OJPM1UC7664\tRG60O1PPH'), (E'05VI5OJPM1UC7664RG60O1PPHS\n'),
                                ('05VI5OJPM1UC7664RG60O1PPé'), ('05VI5OJPM1UC7664RG60O1PPHé===='), ('05VI5OJPM1UC7664RG60O1PPH\====='),
                                ('0000000000000000000000000G')) AS v(b)
-- all three: empty, long (the detail quotes 64 bytes, cut between characters), NULL
UNION ALL SELECT t FROM (VALUES (''), ('_'), (repeat('x', 100000)), (repeat('é', 40)), ('a' || repeat('é', 40)),
                                (repeat('a', 63) || '_' || repeat('é', 13)), (NULL)) AS v(t);

-- Keys to text and back: each key in each form (the C edition's text, spelled three ways for
-- the readers), and the texts above read by each decoder.
INSERT INTO cases
SELECT f.function, format(f.call, k, public.uuid_to_typeid('user', k), public.uuid_to_ulid(k), public.uuid_to_base32hex(k))
FROM keys,
     (VALUES ('uuid_to_typeid(text, uuid)', $$%%1$s.uuid_to_typeid('', %1$L)$$),
             ('uuid_to_typeid(text, uuid)', $$%%1$s.uuid_to_typeid('user', %1$L)$$),
             ('uuid_to_typeid(text, uuid)', $$%%1$s.uuid_to_typeid('a_b', %1$L)$$),
             ('uuid_to_ulid(uuid)', '%%1$s.uuid_to_ulid(%1$L)'),
             ('uuid_to_base32hex(uuid)', '%%1$s.uuid_to_base32hex(%1$L)'),
             ('typeid_to_uuid(text)', '%%1$s.typeid_to_uuid(%2$L)'),
             ('typeid_prefix(text)', '%%1$s.typeid_prefix(%2$L)'),
             ('ulid_to_uuid(text)', '%%1$s.ulid_to_uuid(%3$L)'),
             ('ulid_to_uuid(text)', '%%1$s.ulid_to_uuid(lower(%3$L))'),
             ('base32hex_to_uuid(text)', '%%1$s.base32hex_to_uuid(%4$L)'),
             ('base32hex_to_uuid(text)', $$%%1$s.base32hex_to_uuid(lower(%4$L) || '======')$$)) AS f(function, call);
INSERT INTO cases
SELECT f.function, format('pg_temp.with_detail(%L)', format(f.call, t))
FROM text_form_texts,
     (VALUES ('typeid_to_uuid(text)', '%%1$s.typeid_to_uuid(%L)'), ('typeid_prefix(text)', '%%1$s.typeid_prefix(%L)'),
             ('ulid_to_uuid(text)', '%%1$s.ulid_to_uuid(%L)'),
             ('base32hex_to_uuid(text)', '%%1$s.base32hex_to_uuid(%L)')) AS f(function, call);
-- Prefixes: uuid_to_typeid() of one key and of NULL; typeid_generate() by what is not random
-- (the prefix, the length, the key's version and variant, its time against the clock).
INSERT INTO cases
SELECT f.function, format('pg_temp.with_detail(%L)', format(f.call, prefix))
FROM text_form_prefixes,
     (VALUES ('uuid_to_typeid(text, uuid)', $$%%1$s.uuid_to_typeid(%L, '01890a5d-ac96-774b-bcce-b302099a8057')$$),
             ('uuid_to_typeid(text, uuid)', '%%1$s.uuid_to_typeid(%L, NULL)'),
             ('typeid_generate(text)',
              '(SELECT concat_ws('' '', %%1$s.typeid_prefix(t), length(t), %%1$s.uuid_extract_version(%%1$s.typeid_to_uuid(t)), '
              || '%%1$s.uuid_extract_variant(%%1$s.typeid_to_uuid(t)), abs(extract(epoch FROM '
              || '%%1$s.uuid_v7_to_timestamptz(%%1$s.typeid_to_uuid(t)) - clock_timestamp())) < 60) '
              || 'FROM (SELECT %%1$s.typeid_generate(%L) AS t) AS generated)')) AS f(function, call);
INSERT INTO cases VALUES ('uuid_to_ulid(uuid)', '%1$s.uuid_to_ulid(NULL)'), ('uuid_to_base32hex(uuid)', '%1$s.uuid_to_base32hex(NULL)');

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

-- v1, v6, v3, v5, v8, the namespaces and uuid_inspect on column values.
SELECT 'keys: conversions, clock_seq, node, inspection, v8' AS inputs, count(*) AS rows,
       count(*) FILTER (WHERE public.uuid_extract_clock_seq(k) IS DISTINCT FROM s.uuid_extract_clock_seq(k)
                           OR public.uuid_extract_node(k) IS DISTINCT FROM s.uuid_extract_node(k)
                           OR public.uuid_inspect(k)::text IS DISTINCT FROM s.uuid_inspect(k)::text
                           OR (public.uuid_inspect(k)).fields::text IS DISTINCT FROM (s.uuid_inspect(k)).fields::text
                           OR public.uuid_generate_v8(uuid_send(k)) IS DISTINCT FROM s.uuid_generate_v8(uuid_send(k))
                           OR public.uuidv8(uuid_send(k)) IS DISTINCT FROM s.uuidv8(uuid_send(k))
                           OR CASE public.uuid_extract_version(k)
                                  WHEN 1 THEN public.uuid_v1_to_v6(k) IS DISTINCT FROM s.uuid_v1_to_v6(k)
                                  WHEN 6 THEN public.uuid_v6_to_v1(k) IS DISTINCT FROM s.uuid_v6_to_v1(k)
                              END) AS differences
FROM keys
UNION ALL
SELECT 'namespaces and names', count(*),
       count(*) FILTER (WHERE public.uuidv3(namespace, name) IS DISTINCT FROM s.uuidv3(namespace, name)
                           OR public.uuidv5(namespace, name) IS DISTINCT FROM s.uuidv5(namespace, name)
                           OR public.uuid_generate_v8_name(namespace, name) IS DISTINCT FROM s.uuid_generate_v8_name(namespace, name))
FROM name_spaces, names
UNION ALL
SELECT 'names with each algorithm', count(*),
       count(*) FILTER (WHERE public.uuid_generate_v8_name(public.uuid_namespace('dns'), name, algorithm)
                              IS DISTINCT FROM s.uuid_generate_v8_name(s.uuid_namespace('dns'), name, algorithm))
FROM names, algorithms WHERE known
UNION ALL
SELECT 'namespace names', count(*),
       count(*) FILTER (WHERE public.uuid_namespace(namespace_name) IS DISTINCT FROM s.uuid_namespace(namespace_name))
FROM namespace_names WHERE known;
-- The text forms on column values: every key (and NULL) to each form and back, the C
-- edition's texts spelled three ways read by both; the valid texts of the cases above;
-- typeid_generate() of each valid prefix by its prefix, version, variant and time.
SELECT 'text forms: keys' AS inputs, count(*) AS rows,
       count(*) FILTER (WHERE public.uuid_to_typeid('user', k) IS DISTINCT FROM s.uuid_to_typeid('user', k)
                           OR public.uuid_to_typeid('', k) IS DISTINCT FROM s.uuid_to_typeid('', k)
                           OR public.uuid_to_ulid(k) IS DISTINCT FROM s.uuid_to_ulid(k)
                           OR public.uuid_to_base32hex(k) IS DISTINCT FROM s.uuid_to_base32hex(k)
                           OR public.typeid_to_uuid(typeid) IS DISTINCT FROM s.typeid_to_uuid(typeid)
                           OR public.typeid_prefix(typeid) IS DISTINCT FROM s.typeid_prefix(typeid)
                           OR public.ulid_to_uuid(lower(ulid)) IS DISTINCT FROM s.ulid_to_uuid(lower(ulid))
                           OR public.base32hex_to_uuid(base32hex || '======') IS DISTINCT FROM s.base32hex_to_uuid(base32hex || '======')
                           OR public.base32hex_to_uuid(lower(base32hex)) IS DISTINCT FROM s.base32hex_to_uuid(lower(base32hex))) AS differences
FROM (SELECT k, public.uuid_to_typeid('a_b', k) AS typeid, public.uuid_to_ulid(k) AS ulid, public.uuid_to_base32hex(k) AS base32hex
      FROM (SELECT k FROM keys UNION ALL SELECT NULL) AS with_null) AS forms
UNION ALL
SELECT 'text forms: valid texts', count(*),
       count(*) FILTER (WHERE (kind = 'typeid' AND (public.typeid_to_uuid(t) IS DISTINCT FROM s.typeid_to_uuid(t)
                                                    OR public.typeid_prefix(t) IS DISTINCT FROM s.typeid_prefix(t)))
                           OR (kind = 'ulid' AND public.ulid_to_uuid(t) IS DISTINCT FROM s.ulid_to_uuid(t))
                           OR (kind = 'base32hex' AND public.base32hex_to_uuid(t) IS DISTINCT FROM s.base32hex_to_uuid(t)))
FROM (SELECT kind, t FROM text_form_texts, (VALUES ('typeid'), ('ulid'), ('base32hex')) AS forms(kind)
      WHERE pg_temp.outcome(format('public.%s_to_uuid(%L)', kind, t)) NOT LIKE 'ERROR %') AS valid
UNION ALL
SELECT 'text forms: generated', count(*),
       count(*) FILTER (WHERE public.typeid_prefix(c_made) IS DISTINCT FROM s.typeid_prefix(sql_made)
                           OR length(c_made) IS DISTINCT FROM length(sql_made)
                           OR public.uuid_extract_version(public.typeid_to_uuid(c_made))
                              IS DISTINCT FROM s.uuid_extract_version(s.typeid_to_uuid(sql_made))
                           OR public.uuid_extract_variant(public.typeid_to_uuid(c_made))
                              IS DISTINCT FROM s.uuid_extract_variant(s.typeid_to_uuid(sql_made))
                           OR abs(extract(epoch FROM s.uuid_v7_to_timestamptz(s.typeid_to_uuid(sql_made)) - clock_timestamp())) >= 60)
FROM (SELECT public.typeid_generate(prefix) AS c_made, s.typeid_generate(prefix) AS sql_made
      FROM text_form_prefixes WHERE prefix ~ '^([a-z]([a-z_]*[a-z])?)?$' AND length(prefix) <= 63) AS made;

-- The database as it was.
DROP EXTENSION uuidx_sql;
DROP SCHEMA s;
