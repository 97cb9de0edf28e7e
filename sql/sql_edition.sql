-- uuidx_sql on its own (docs/managed.md): known vectors, the properties of generated keys,
-- every bad input's SQLSTATE, and the plans that make it worth having (the key's btree
-- answers <@, the hot functions are inlined). It runs in a session that has not loaded the
-- C library (asserted first), as on a managed service. Not in REGRESS: the test command runs
-- it once per major (test/run-major.sh), in the cluster where uuidx is not preloaded; the
-- equality with the C edition is sql_edition_differential's.
SET client_min_messages = warning;
SET timezone = 'UTC';
CREATE SCHEMA uuidx_sql;
CREATE EXTENSION uuidx_sql SCHEMA uuidx_sql;
-- uuidx_sql's names before pg_catalog's (17 to 19 have some of them), and none of uuidx's.
SET search_path = uuidx_sql, pg_catalog;
SELECT current_setting('uuidx.require_server_order', true) IS NULL AS c_library_not_loaded;

-- Known values: RFC 9562's v7 (A.6), v1 (A.1) and v6 (A.5) all hold 2022-02-22 19:22:22 UTC.
SELECT uuid_v7_to_timestamptz('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') AS a6_time,
       uuid_v7_to_timestamp('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') AS a6_utc_timestamp,
       uuid_extract_timestamp('c232ab00-9414-11ec-b3c8-9f6bdeced846') AS a1_time,
       uuid_extract_timestamp('1ec9414c-232a-6b00-b3c8-9f6bdeced846') AS a5_time,
       uuid_extract_timestamp('919108f7-52d1-4320-9bac-f847db4148a8') AS a3_v4_has_none;
SELECT uuid_extract_version(u) AS version, uuid_extract_variant(u) AS variant, count(*)
FROM (VALUES ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid), ('c232ab00-9414-11ec-b3c8-9f6bdeced846'),
             ('919108f7-52d1-4320-9bac-f847db4148a8'), ('00000000-0000-0000-0000-000000000000'),
             ('ffffffff-ffff-ffff-ffff-ffffffffffff'), ('017f22e2-79b0-7cc3-c8c4-dc0c0c07398f')) AS v(u)
GROUP BY 1, 2 ORDER BY 1, 2;
SELECT uuid_v7_min('2022-02-22 19:22:22.000999+00') AS a6_min, uuid_v7_max('2022-02-22 19:22:22.000999+00') AS a6_max,
       uuid_time_min_key('2022-02-22 19:22:22+00', true) AS min_key, uuid_time_max_key('2022-02-22 19:22:22+00', false) AS max_key,
       uuid_time_encoder('2022-02-22 19:22:22.000001+00') AS encoded, uuid_time_decoder('017F22E2-79B1-0000-0000-000000000000') AS decoded,
       uuid_max() AS max;
-- A time's microsecond in rand_a: 456 us of the millisecond is floor(456 * 4096 / 1000) = 1867
-- = 0x74b, as the C edition's first 12 bits of its fraction and PostgreSQL 18's.
SELECT left(uuid_generate_v7('2022-02-22 19:22:22.123456+00')::text, 18) AS time_bits,
       left(uuid_timestamptz_to_v7('2022-02-22 19:22:22.123456+00')::text, 18) AS pg_uuidv7_name,
       uuid_timestamptz_to_v7('2022-02-22 19:22:22.123456+00', true) AS zero,
       uuid_timestamp_to_v7('2022-02-22 19:22:22.123456', true) AS zero_utc;
-- The v4 -> v7 mapping is a function of the key and the millisecond (the C edition's value:
-- sql_edition_differential).
SELECT uuid_v4_to_v7('919108f7-52d1-4320-9bac-f847db4148a8', '2024-01-01 00:00:00.999+00') AS mapped,
       uuid_v4_to_v7('919108f7-52d1-4320-9bac-f847db4148a8', '2024-01-01 00:00:00.999+00')
       = uuid_v4_to_v7('919108f7-52d1-4320-9bac-f847db4148a8', '2024-01-01 00:00:00.999999+00') AS same_millisecond;

-- The window and the operator: the keys whose time lies in a range.
SELECT uuid_time_window('2025-01-01+00', '2025-01-02+00') AS window, uuid_time_window('2025-01-02+00', '2025-01-01+00') AS inverted,
       '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid <@ uuid_time_window('2022-02-22 19:22:22+00', '2022-02-22 19:22:22.001+00') AS inside,
       '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid <@ uuid_time_window('2022-02-22 19:22:22+00', '2022-02-22 19:22:22+00', '[]') AS point,
       tstzrange('2022-02-22 19:22:22.001+00', NULL) @> '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid AS after,
       '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid <@ 'empty'::tstzrange AS empty,
       NULL::uuid <@ tstzrange(NULL, NULL) AS null_key;

------------------------------------------------------------------------------------------
-- v1, v6, v3, v5, v8, the namespaces and uuid_inspect: known values
------------------------------------------------------------------------------------------

-- RFC 9562's vectors: A.1 (v1) and A.5 (v6) are one time, clock_seq and node; A.2 (v3), A.4
-- (v5) and B.2 (v8, SHA-256) hash www.example.com in the DNS namespace.
SELECT uuid_v1_to_v6('c232ab00-9414-11ec-b3c8-9f6bdeced846') AS a1_to_v6,
       uuid_v6_to_v1('1ec9414c-232a-6b00-b3c8-9f6bdeced846') AS a5_to_v1,
       uuid_extract_clock_seq('c232ab00-9414-11ec-b3c8-9f6bdeced846') AS a1_clock_seq,
       uuid_extract_node('1ec9414c-232a-6b00-b3c8-9f6bdeced846') AS a5_node,
       uuid_extract_clock_seq('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') AS a6_has_none;
SELECT uuidv3(uuid_namespace('dns'), 'www.example.com') AS a2_v3, uuidv5(uuid_namespace('DNS'), 'www.example.com') AS a4_v5,
       uuid_generate_v8_name(uuid_namespace('dns'), 'www.example.com') AS b2_v8,
       uuid_generate_v8_name(uuid_namespace('url'), 'https://example.com/', 'sha3-256') AS reference_sha3_256;
SELECT uuid_namespace('dns') AS dns, uuid_namespace('url') AS url, uuid_namespace('oid') AS oid, uuid_namespace('x500') AS x500,
       uuidv8('\x00112233445566778899aabbccddeeff') AS v8_of_bytes;
SELECT * FROM uuid_inspect('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
SELECT u AS key, (i).variant_name, (i).version_name, (i).timestamp, (i).fields
FROM (VALUES ('c232ab00-9414-11ec-b3c8-9f6bdeced846'::uuid), ('1ec9414c-232a-6b00-b3c8-9f6bdeced846'),
             ('5df41881-3aed-3515-88a7-2f4a814cf09e'), ('919108f7-52d1-4320-9bac-f847db4148a8'),
             ('2ed6657d-e927-568b-95e1-2665a8aea6a2'), ('5c146b14-3c52-8afd-938a-375d0df1fbf6'),
             ('00000000-0000-0000-0000-000000000000'), ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
             ('017f22e2-79b0-2cc3-98c4-dc0c0c07398f'), ('017f22e2-79b0-7cc3-d8c4-dc0c0c07398f')) AS v(u),
     LATERAL (SELECT uuid_inspect(u) AS i) AS inspected;
-- The digests PostgreSQL's core lacks, against FIPS vectors of 'a' repeated: SHA-1 around its
-- 64-byte block (55 and 56 bytes need one and two), SHA3-256 and SHA3-512 where the padding is
-- one byte (135, 71) and a whole block (136, 72), and several blocks.
SELECT algorithm, length, uuidx_sql_digest = expected AS equal
FROM (VALUES ('sha1', 0, 'da39a3ee5e6b4b0d3255bfef95601890afd80709'), ('sha1', 55, 'c1c8bbdc22796e28c0e15163d20899b65621d65a'),
             ('sha1', 56, 'c2db330f6083854c99d4b5bfb6e8f29f201be699'), ('sha1', 63, '03f09f5b158a7a8cdad920bddc29b81c18a551f5'),
             ('sha1', 64, '0098ba824b5c16427bd7a1122a5a442a25ec644d'), ('sha1', 1000, '291e9a6c66994949b57ba5e650361e98fc36b1ba'),
             ('sha3-256', 0, 'a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a'),
             ('sha3-256', 135, '8094bb53c44cfb1e67b7c30447f9a1c33696d2463ecc1d9c92538913392843c9'),
             ('sha3-256', 136, '3fc5559f14db8e453a0a3091edbd2bc25e11528d81c66fa570a4efdcc2695ee1'),
             ('sha3-256', 200, 'cce34485baf2bf2aca99b94833892a4f52896d3d153f7b840cc4f9fe695f1387'),
             ('sha3-512', 0, 'a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6'
                             '15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26'),
             ('sha3-512', 71, '070faf98d2a8fddf8ed886408744dc06456096c2e045f26f3c7b010530e6bbb3'
                              'db535a54d636856f4e0e1e982461cb9a7e8e57ff8895cff1619af9f0e486e28c'),
             ('sha3-512', 72, 'a8ae722a78e10cbbc413886c02eb5b369a03f6560084aff566bd597bb7ad8c1c'
                              'cd86e81296852359bf2faddb5153c0a7445722987875e74287adac21adebe952'),
             ('sha3-512', 200, 'eae6c85c6904f11075de9f9d5e1064371d000510fa3d2d79d40cf9be34892fb0'
                               '1859d0a0234e138bcb0ad5c84f6c0dca226a414b0c9a2897cb695f5185fe36ec')) AS v(algorithm, length, expected),
     LATERAL (SELECT encode(CASE algorithm WHEN 'sha1' THEN uuidx_sql_sha1(convert_to(repeat('a', length), 'UTF8'))
                                           WHEN 'sha3-256' THEN uuidx_sql_sha3(convert_to(repeat('a', length), 'UTF8'), 256)
                                           ELSE uuidx_sql_sha3(convert_to(repeat('a', length), 'UTF8'), 512) END,
                            'hex') AS uuidx_sql_digest) AS computed
ORDER BY 1, 2;
-- The digests and the name's bytes are pg_catalog's whatever the caller's search_path: a
-- schema ahead of pg_catalog with its own +, # and decode() changes nothing.
CREATE SCHEMA shadowing;
CREATE FUNCTION shadowing.plus(bigint, bigint) RETURNS bigint LANGUAGE sql RETURN 0;
CREATE OPERATOR shadowing.+ (LEFTARG = bigint, RIGHTARG = bigint, FUNCTION = shadowing.plus);
CREATE OPERATOR shadowing.# (LEFTARG = bigint, RIGHTARG = bigint, FUNCTION = shadowing.plus);
CREATE FUNCTION shadowing.decode(text, text) RETURNS bytea LANGUAGE sql RETURN '\x'::bytea;
SET search_path = shadowing, uuidx_sql, pg_catalog;
SELECT uuidv5(uuid_namespace('dns'), 'www.example.com') AS a4_v5,
       uuid_generate_v8_name(uuid_namespace('dns'), 'www.example.com', 'sha3-512') = '83120d41-2935-8110-964c-6bd77c735fbc'
       AS sha3_512_unchanged;
SET search_path = uuidx_sql, pg_catalog;
DROP SCHEMA shadowing CASCADE;

------------------------------------------------------------------------------------------
-- Generated keys
------------------------------------------------------------------------------------------

-- 1,000,000 keys of one statement: strictly increasing in the order they were made, every
-- one version 7 of the RFC 9562 variant, and its time between the clock read before and after.
SELECT clock_timestamp() AS before \gset
CREATE TEMP TABLE made AS SELECT n, uuid_generate_v7() AS k FROM generate_series(1, 1000000) n;
SELECT clock_timestamp() AS after \gset
SELECT count(*) AS keys,
       count(*) FILTER (WHERE k <= previous) AS not_above_the_one_before,
       count(*) FILTER (WHERE uuid_extract_version(k) <> 7 OR uuid_extract_variant(k) <> 2) AS not_v7,
       count(*) FILTER (WHERE uuid_v7_to_timestamptz(k) NOT BETWEEN date_trunc('milliseconds', :'before'::timestamptz)
                                                             AND :'after'::timestamptz) AS time_outside_the_clock,
       count(DISTINCT k) = count(*) AS distinct_keys
FROM (SELECT k, lag(k) OVER (ORDER BY n) AS previous FROM made) AS ordered;
-- The next statement's keys are above the last one's, and uuidv7() is the same order.
SELECT bool_and(k > (SELECT k FROM made ORDER BY k DESC LIMIT 1)) AS above_the_statement_before,
       bool_and(k < next) AS uuidv7_interleaved_in_order
FROM (SELECT k, lead(k) OVER (ORDER BY n) AS next
      FROM (SELECT n, CASE WHEN n % 2 = 0 THEN uuid_generate_v7() ELSE uuidv7() END AS k
            FROM generate_series(1, 10000) n) AS g) AS pairs;
-- uuid_generate_v7(ts) and uuidv7(shift) carry the time they are given.
SELECT uuid_v7_to_timestamptz(uuid_generate_v7('2026-05-01 12:00:00.5+00')) AS given,
       uuid_v7_to_timestamptz(uuidv7('-1 day')) BETWEEN clock_timestamp() - interval '1 day 1 minute'
                                                  AND clock_timestamp() - interval '1 day' AS a_day_back,
       count(DISTINCT k) AS distinct_keys_of_one_instant
FROM (SELECT uuid_generate_v7('2024-05-01 12:00:00.5+00') AS k FROM generate_series(1, 1000)) AS same;
-- Many keys in one microsecond: where the last position is ahead of the clock (keys made
-- faster than it ticks, or a clock stepped back), each key still goes above the one
-- before. On 15 and 17 the position is the session's setting, set an hour ahead here; 18 and
-- 19 use the core's generator, whose own guarantee this is. Emptied, the clock leads again.
SELECT set_config('uuidx_sql.v7_position', ((extract(epoch FROM clock_timestamp() + interval '1 hour') * 4000000)::bigint)::text, false) IS NOT NULL AS ahead;
SELECT count(*) FILTER (WHERE k <= previous) AS not_above_the_one_before, count(*) AS keys
FROM (SELECT k, lag(k) OVER (ORDER BY n) AS previous
      FROM (SELECT n, uuid_generate_v7() AS k FROM generate_series(1, 100000) n) AS g) AS ordered;
SELECT set_config('uuidx_sql.v7_position', '', false) = '' AS emptied;
SELECT uuid_v7_to_timestamptz(uuid_generate_v7()) <= clock_timestamp() AS the_clock_leads_again;

-- typeid_generate(): 100,000 TypeIDs of one statement strictly increasing in text order (the
-- key's order: a TypeID sorts like its key, in C collation), each of its prefix around a v7.
SELECT count(*) AS typeids,
       count(*) FILTER (WHERE t <= previous COLLATE "C") AS not_above_the_one_before,
       count(*) FILTER (WHERE typeid_prefix(t) <> 'order' OR uuid_extract_version(typeid_to_uuid(t)) <> 7
                           OR uuid_extract_variant(typeid_to_uuid(t)) <> 2) AS not_an_order_v7
FROM (SELECT t, lag(t) OVER (ORDER BY n) AS previous
      FROM (SELECT n, typeid_generate('order') AS t FROM generate_series(1, 100000) n) AS g) AS ordered;

------------------------------------------------------------------------------------------
-- Generated v6 and v1 keys
------------------------------------------------------------------------------------------

-- 100,000 v6 keys of one statement: strictly increasing in the order they were made, each
-- version 6 of the RFC 9562 variant with its node's multicast bit set, its time between the
-- clock read before and after (to the microsecond, as uuid_extract_timestamp() reads it).
SELECT clock_timestamp() AS before \gset
CREATE TEMP TABLE made_v6 AS SELECT n, uuid_generate_v6() AS k FROM generate_series(1, 100000) n;
SELECT clock_timestamp() AS after \gset
SELECT count(*) AS keys,
       count(*) FILTER (WHERE k <= previous) AS not_above_the_one_before,
       count(*) FILTER (WHERE uuid_extract_version(k) <> 6 OR uuid_extract_variant(k) <> 2) AS not_v6,
       count(*) FILTER (WHERE get_byte(uuid_send(k), 10) & 1 = 0) AS node_not_multicast,
       count(*) FILTER (WHERE uuid_extract_timestamp(k) NOT BETWEEN date_trunc('microseconds', :'before'::timestamptz)
                                                             AND :'after'::timestamptz) AS time_outside_the_clock,
       count(DISTINCT uuid_extract_node(k)) > 99990 AS a_node_a_key
FROM (SELECT k, lag(k) OVER (ORDER BY n) AS previous FROM made_v6) AS ordered;
-- v1 and v6 share one order: interleaved, each key's time (its v6 form) is above the one
-- before, and above the statement before; v1 keeps one clock_seq and node in the session.
SELECT bool_and(time > previous) AS interleaved_in_order,
       bool_and(time > (SELECT k FROM made_v6 ORDER BY k DESC LIMIT 1)) AS above_the_statement_before,
       count(DISTINCT uuid_extract_node(k)) FILTER (WHERE uuid_extract_version(k) = 1) AS v1_nodes,
       count(DISTINCT uuid_extract_clock_seq(k)) FILTER (WHERE uuid_extract_version(k) = 1) AS v1_clock_seqs,
       bool_and(get_byte(uuid_send(k), 10) & 1 = 1) AS multicast,
       bool_and(uuid_extract_timestamp(k) <= clock_timestamp()) AS not_ahead_of_the_clock
FROM (SELECT k, time, lag(time) OVER (ORDER BY n) AS previous
      FROM (SELECT n, k, CASE WHEN uuid_extract_version(k) = 1 THEN uuid_v1_to_v6(k) ELSE k END AS time
            FROM (SELECT n, CASE n % 3 WHEN 0 THEN uuidv1() WHEN 1 THEN uuidv6() ELSE uuid_generate_v6() END AS k
                  FROM generate_series(1, 10000) n) AS g) AS timed) AS pairs;
SELECT uuid_extract_node(uuidv1()) = uuid_extract_node(uuidv1()) AS one_v1_node;
-- Where the last time is ahead of the clock (keys made faster than it ticks, or a clock
-- stepped back), each key still goes above the one before; emptied, the clock leads again.
SELECT set_config('uuidx_sql.gregorian_time', (10 * (extract(epoch FROM clock_timestamp() + interval '1 hour') * 1000000)::bigint
                                               + 122192928000000000)::text, false) IS NOT NULL AS ahead;
SELECT count(*) FILTER (WHERE k <= previous) AS not_above_the_one_before, count(*) AS keys
FROM (SELECT k, lag(k) OVER (ORDER BY n) AS previous
      FROM (SELECT n, uuidv6() AS k FROM generate_series(1, 10000) n) AS g) AS ordered;
SELECT set_config('uuidx_sql.gregorian_time', '', false) = '' AS emptied;
SELECT uuid_extract_timestamp(uuidv6()) <= clock_timestamp() AS the_clock_leads_again;

------------------------------------------------------------------------------------------
-- Bad input: the C edition's SQLSTATE, a short message, and the session lives on
------------------------------------------------------------------------------------------

CREATE FUNCTION pg_temp.outcome(call text, OUT state text, OUT short_message boolean) LANGUAGE plpgsql AS $$
DECLARE
    message text;
BEGIN
    EXECUTE 'SELECT ' || call;
    state := '00000';
    short_message := true;
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, message = MESSAGE_TEXT;
    short_message := octet_length(message) < 100;
END $$;
SELECT f.function, b.bad_input, (pg_temp.outcome(format(f.call, b.value))).*
FROM (VALUES ('uuid_generate_v7(timestamptz)', 'uuid_generate_v7(%L::timestamptz)'),
             ('uuid_v7_min(timestamptz)', 'uuid_v7_min(%L::timestamptz)'),
             ('uuid_v7_max(timestamptz)', 'uuid_v7_max(%L::timestamptz)'),
             ('uuid_timestamptz_to_v7(timestamptz, boolean)', 'uuid_timestamptz_to_v7(%L::timestamptz, true)'),
             ('uuid_v4_to_v7(uuid, timestamptz)', 'uuid_v4_to_v7(uuid_max(), %L::timestamptz)'),
             ('uuid_time_encoder(timestamptz)', 'uuid_time_encoder(%L::timestamptz)'),
             ('uuid_time_min_key(timestamptz, boolean)', 'uuid_time_min_key(%L::timestamptz, true)'),
             ('uuid_range_max_key(tstzrange)', 'uuid_range_max_key(tstzrange(NULL, %L))')) AS f(function, call),
     (VALUES ('infinity', 'infinity'), ('-infinity', '-infinity'), ('before 1970', '1969-12-31 23:59:59.999+00'),
             ('after 10889', '10889-08-02 05:31:50.656+00'), ('near 294276', '294276-12-31 23:59:59+00'),
             ('NULL', NULL)) AS b(bad_input, value)
ORDER BY 1, 2;
SELECT b.bad_input, (pg_temp.outcome(b.call)).*
FROM (VALUES ('uuidv7: before 1970', $$uuidv7('-60 years')$$), ('uuidv7: after 10889', $$uuidv7('9000 years')$$),
             ('uuidv7: beyond PostgreSQL''s range', $$uuidv7('300000 years')$$), ('uuidv7: NULL', 'uuidv7(NULL::interval)'),
             ('window: bounds [x', $$uuid_time_window('2025-01-01+00', '2025-01-02+00', '[x')$$),
             ('window: bounds empty, inverted window', $$uuid_time_window('2025-01-02+00', '2025-01-01+00', '')$$),
             ('window: NULL bounds', $$uuid_time_window('2025-01-01+00', '2025-01-02+00', NULL)$$),
             ('decoder: not a UUID', $$uuid_time_decoder('2026-01-01')$$),
             ('decoder: 10 MB', $$uuid_time_decoder(repeat('é', 5000000))$$),
             ('key in range: NULL range', 'uuid_time_in_range(uuid_max(), NULL)')) AS b(bad_input, call)
ORDER BY 1;
-- v1, v6, v3, v5, v8, the namespaces: each bad input, and NULLs (no error: STRICT).
SELECT b.bad_input, (pg_temp.outcome(b.call)).*
FROM (VALUES ('v1 to v6: a v4', $$uuid_v1_to_v6('919108f7-52d1-4320-9bac-f847db4148a8')$$),
             ('v1 to v6: a v6', $$uuid_v1_to_v6('1ec9414c-232a-6b00-b3c8-9f6bdeced846')$$),
             ('v1 to v6: variant 6', $$uuid_v1_to_v6('c232ab00-9414-11ec-d3c8-9f6bdeced846')$$),
             ('v1 to v6: nil', $$uuid_v1_to_v6('00000000-0000-0000-0000-000000000000')$$), ('v1 to v6: NULL', 'uuid_v1_to_v6(NULL)'),
             ('v6 to v1: a v1', $$uuid_v6_to_v1('c232ab00-9414-11ec-b3c8-9f6bdeced846')$$),
             ('v6 to v1: max', 'uuid_v6_to_v1(uuid_max())'),
             ('v8: 15 bytes', $$uuid_generate_v8(decode(repeat('ab', 15), 'hex'))$$),
             ('v8: 17 bytes', $$uuidv8(decode(repeat('ab', 17), 'hex'))$$), ('v8: empty', $$uuid_generate_v8('')$$),
             ('v8: 10 MB', $$uuid_generate_v8(decode(repeat('ab', 10000000), 'hex'))$$),
             ('v8: NULL', 'uuidv8(NULL)'),
             ('v8 name: md5', $$uuid_generate_v8_name(uuid_max(), 'a', 'md5')$$),
             ('v8 name: sha1', $$uuid_generate_v8_name(uuid_max(), 'a', 'sha1')$$),
             ('v8 name: sha3-384', $$uuid_generate_v8_name(uuid_max(), 'a', 'sha3-384')$$),
             ('v8 name: empty', $$uuid_generate_v8_name(uuid_max(), 'a', '')$$),
             ('v8 name: 10 MB', $$uuid_generate_v8_name(uuid_max(), 'a', repeat('é', 5000000))$$),
             ('v8 name: NULL algorithm', $$uuid_generate_v8_name(uuid_max(), 'a', NULL)$$),
             ('namespace: dns with a space', $$uuid_namespace('dns ')$$),
             ('namespace: Turkish dotted I', $$uuid_namespace('OİD')$$),
             ('namespace: 10 MB', $$uuid_namespace(repeat('é', 5000000))$$),
             ('namespace: NULL', 'uuid_namespace(NULL)'),
             ('v3: NULL name', 'uuidv3(uuid_max(), NULL)'), ('v5: NULL namespace', $$uuidv5(NULL, 'a')$$),
             ('v6: past the year 5236', $$(SELECT uuidv6() FROM set_config('uuidx_sql.gregorian_time', '1152921504606846975', false))$$),
             ('v1: past the year 5236', $$(SELECT uuidv1() FROM set_config('uuidx_sql.gregorian_time', '1152921504606846975', false))$$)
     ) AS b(bad_input, call)
ORDER BY 1;
SELECT set_config('uuidx_sql.gregorian_time', '', false) = '' AS emptied;
-- The text forms: each reason the C edition gives, and NULL.
SELECT b.bad_input, (pg_temp.outcome(b.call)).*
FROM (VALUES ('typeid: empty', $$typeid_to_uuid('')$$),
             ('typeid: separator without prefix', $$typeid_to_uuid('_01h455vb4pex5vsknk084sn02q')$$),
             ('typeid: prefix of 64', $$typeid_to_uuid(repeat('a', 64) || '_01h455vb4pex5vsknk084sn02q')$$),
             ('typeid: prefix upper case', $$typeid_to_uuid('User_01h455vb4pex5vsknk084sn02q')$$),
             ('typeid: prefix ends with _', $$typeid_to_uuid('user__01h455vb4pex5vsknk084sn02q')$$),
             ('typeid: suffix of 25', $$typeid_to_uuid('user_01h455vb4pex5vsknk084sn02')$$),
             ('typeid: no prefix, 27', $$typeid_to_uuid('01h455vb4pex5vsknk084sn02qq')$$),
             ('typeid: suffix upper case', $$typeid_to_uuid('user_01H455VB4PEX5VSKNK084SN02Q')$$),
             ('typeid: suffix has u', $$typeid_to_uuid('user_01h455vb4pex5vsknk084sn02u')$$),
             ('typeid: suffix above 128 bits', $$typeid_to_uuid('user_8zzzzzzzzzzzzzzzzzzzzzzzzz')$$),
             ('typeid: prefix of a bad TypeID', $$typeid_prefix('user_01h455vb4pex5vsknk084sn02')$$),
             ('typeid: 10 MB', $$typeid_to_uuid(repeat('é', 5000000))$$),
             ('typeid: NULL', 'typeid_to_uuid(NULL)'),
             ('to typeid: bad prefix', $$uuid_to_typeid('_user', uuid_max())$$),
             ('to typeid: NULL prefix', 'uuid_to_typeid(NULL, uuid_max())'),
             ('generate: bad prefix', $$typeid_generate('user_')$$),
             ('generate: NULL prefix', 'typeid_generate(NULL)'),
             ('ulid: empty', $$ulid_to_uuid('')$$),
             ('ulid: 25', $$ulid_to_uuid('01H455VB4PEX5VSKNK084SN02')$$),
             ('ulid: has L', $$ulid_to_uuid('01H455VB4PEX5VSKNK084SN0L2')$$),
             ('ulid: has -', $$ulid_to_uuid('01H455VB4PEX5VSKNK084SN0-2')$$),
             ('ulid: above 128 bits', $$ulid_to_uuid('8ZZZZZZZZZZZZZZZZZZZZZZZZZ')$$),
             ('ulid: NULL', 'ulid_to_uuid(NULL)'),
             ('base32hex: empty', $$base32hex_to_uuid('')$$),
             ('base32hex: white space', $$base32hex_to_uuid('05VI5OJPM1UC7664RG60O1PPHS ')$$),
             ('base32hex: 27', $$base32hex_to_uuid('05VI5OJPM1UC7664RG60O1PPHS=')$$),
             ('base32hex: padding of five', $$base32hex_to_uuid('05VI5OJPM1UC7664RG60O1PPHS=====0')$$),
             ('base32hex: has W', $$base32hex_to_uuid('05VI5OJPM1UC7664RG60O1PPHW')$$),
             ('base32hex: trailing bits', $$base32hex_to_uuid('05VI5OJPM1UC7664RG60O1PPHT')$$),
             ('base32hex: NULL', 'base32hex_to_uuid(NULL)')) AS b(bad_input, call)
ORDER BY 1;
SELECT 'the session lives on' AS after_the_errors;

------------------------------------------------------------------------------------------
-- Plans
------------------------------------------------------------------------------------------

-- id <@ window is two index conditions on the key's btree, whether the window is constant
-- or relative to now(), and no filter is left to check row by row.
CREATE TABLE events (id uuid PRIMARY KEY, payload int);
INSERT INTO events SELECT uuid_generate_v7(t), 1
FROM generate_series(clock_timestamp() - interval '10 days', clock_timestamp(), interval '1 minute') t;
ANALYZE events;
CREATE FUNCTION pg_temp.scan_of(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    plan json;
BEGIN
    EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO plan;
    plan := plan -> 0 -> 'Plan';
    WHILE plan -> 'Plans' IS NOT NULL AND plan ->> 'Index Cond' IS NULL LOOP plan := plan -> 'Plans' -> 0; END LOOP;
    RETURN concat_ws(', ', plan ->> 'Node Type',
                     CASE WHEN plan ->> 'Index Cond' ~ '^\(\(id >= .*\) AND \(id <= .*\)\)$' THEN 'index condition on id' END,
                     CASE WHEN plan ->> 'Filter' IS NOT NULL THEN 'filter: ' || (plan ->> 'Filter') END);
END $$;
SELECT q AS question, pg_temp.scan_of(q) AS scan
FROM (VALUES ($$SELECT count(*) FROM events WHERE id <@ uuid_time_window(now() - interval '1 day', 'infinity')$$),
             ($$SELECT * FROM events WHERE id <@ uuid_time_window('2026-01-01 00:00+00', '2026-01-01 01:00+00')$$),
             ($$SELECT * FROM events WHERE tstzrange(now() - interval '2 hours', now() - interval '1 hour') @> id$$)) AS v(q);
-- The generator and the key's time are inlined: no call is left in the plan.
CREATE FUNCTION pg_temp.output_of(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    plan json;
BEGIN
    EXECUTE 'EXPLAIN (VERBOSE, FORMAT JSON) ' || query INTO plan;
    RETURN plan -> 0 -> 'Plan' -> 'Output' ->> 0;
END $$;
SELECT pg_temp.output_of('SELECT uuid_generate_v7()') !~ 'uuid_generate_v7' AS generator_inlined,
       pg_temp.output_of('SELECT uuid_v7_to_timestamptz(id) FROM events') !~ 'uuid_v7_to_timestamptz|uuidx_sql_' AS time_inlined;
-- The v6 and v1 generators are inlined too, v3 whole, and v5 to its one call of SHA-1.
SELECT pg_temp.output_of('SELECT uuid_generate_v6()') !~ 'uuid_generate_v6|uuidx_sql_(?!error)' AS v6_inlined,
       pg_temp.output_of('SELECT uuidv1()') !~ 'uuidv1|uuidx_sql_(?!error)' AS v1_inlined,
       pg_temp.output_of($$SELECT uuidv3(id, 'a') FROM events$$) !~ 'uuidv3|uuidx_sql_' AS v3_inlined,
       pg_temp.output_of($$SELECT uuidv5(id, 'a') FROM events$$) ~ 'uuidx_sql_sha1'
       AND pg_temp.output_of($$SELECT uuidv5(id, 'a') FROM events$$) !~ 'uuidv5|uuidx_sql_(?!sha1)' AS v5_one_call;

-- The text forms are inlined too: no call of theirs is left (typeid_generate() is one call;
-- the readers' error branches keep the calls that find an error's reason).
SELECT f AS function, pg_temp.output_of(format('SELECT %s FROM events', f))
                      !~ '\m(uuid_to_typeid|uuid_to_ulid|uuid_to_base32hex|typeid_to_uuid|typeid_prefix|ulid_to_uuid|base32hex_to_uuid)\('
                      AS inlined
FROM (VALUES ($$uuid_to_typeid('user', id)$$), ('uuid_to_ulid(id)'), ('uuid_to_base32hex(id)'), ('typeid_to_uuid(id::text)'),
             ('typeid_prefix(id::text)'), ('ulid_to_uuid(id::text)'), ('base32hex_to_uuid(id::text)')) AS v(f);

-- The database as it was.
DROP TABLE events;
DROP EXTENSION uuidx_sql;
DROP SCHEMA uuidx_sql;
