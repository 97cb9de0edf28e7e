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
