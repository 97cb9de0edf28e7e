-- Every SQL function of uuidx against every class of bad argument it takes: NULL, wrong
-- lengths, unknown names, out-of-range and infinite times, overflowing intervals, every
-- version and variant where one version is expected, huge text and bytea, and databases
-- that are not UTF8. Each call gives the right SQLSTATE, its message and detail stay short
-- whatever the input, and the session lives on. A function without a row here fails the
-- test: add its bad inputs when you add it.
SET client_min_messages = warning;

-- outcome(call): the SQLSTATE of SELECT call ('00000' when it returns), and the sizes of
-- its error's message and detail.
CREATE FUNCTION pg_temp.outcome(call text, OUT state text, OUT message_bytes int, OUT detail_bytes int)
LANGUAGE plpgsql AS $$
DECLARE
    message text;
    detail text;
BEGIN
    EXECUTE 'SELECT ' || call;
    state := '00000';
    message_bytes := 0;
    detail_bytes := 0;
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, message = MESSAGE_TEXT, detail = PG_EXCEPTION_DETAIL;
    message_bytes := octet_length(message);
    detail_bytes := coalesce(octet_length(detail), 0);
END $$;

CREATE TEMP TABLE bad_calls (function text, bad_input text, call text, expected text);
INSERT INTO bad_calls VALUES
    -- generators without arguments: nothing to get wrong, they must simply work
    ('uuid_generate_v7()', 'no argument', 'uuid_generate_v7()', '00000'),
    ('uuidv7()', 'no argument', 'public.uuidv7()', '00000'),
    ('uuidv4()', 'no argument', 'public.uuidv4()', '00000'),
    ('uuid_generate_v6()', 'no argument', 'uuid_generate_v6()', '00000'),
    ('uuidv6()', 'no argument', 'uuidv6()', '00000'),
    ('uuidv1()', 'no argument', 'uuidv1()', '00000'),
    ('uuid_max()', 'no argument', 'uuid_max()', '00000'),
    ('uuidx_order_scope()', 'no argument', 'uuidx_order_scope()', '00000'),
    -- the commit horizon: no argument; 55000 without preloading (commit_horizon, per mode)
    ('uuidx_commit_horizon()', 'no argument', 'uuidx_commit_horizon()', '00000 or 55000'),
    ('uuidx_horizon_holder_records()', 'no argument', 'uuidx_horizon_holder_records()', '00000 or 55000'),
    -- uuidv7(shift interval)
    ('uuidv7(interval)', 'NULL', 'public.uuidv7(NULL::interval)', '00000'),
    ('uuidv7(interval)', 'before 1970', $$public.uuidv7('-60 years')$$, '22008'),
    ('uuidv7(interval)', 'beyond 10889', $$public.uuidv7('9000 years')$$, '22008'),
    ('uuidv7(interval)', 'beyond 294276 (PostgreSQL''s range)', $$public.uuidv7('300000 years')$$, '22008'),
    ('uuidv7(interval)', 'near 294276 (epoch shift overflows)', $$public.uuidv7('292240 years')$$, '22008'),
    ('uuidv7(interval)', 'overflowing interval', $$public.uuidv7(interval '178000000 years' + interval '178000000 years')$$, '22008'),
    -- name-based
    ('uuidv3(uuid, text)', 'NULL namespace', $$uuidv3(NULL, 'x')$$, '00000'),
    ('uuidv3(uuid, text)', 'NULL name', $$uuidv3(uuid_namespace('dns'), NULL)$$, '00000'),
    ('uuidv3(uuid, text)', 'huge name (10 MB)', $$uuidv3(uuid_namespace('dns'), repeat('x', 10000000))$$, '00000'),
    ('uuidv5(uuid, text)', 'NULL namespace', $$uuidv5(NULL, 'x')$$, '00000'),
    ('uuidv5(uuid, text)', 'empty name', $$uuidv5(uuid_namespace('dns'), '')$$, '00000'),
    ('uuidv5(uuid, text)', 'huge name (10 MB)', $$uuidv5(uuid_namespace('dns'), repeat('x', 10000000))$$, '00000'),
    ('uuid_generate_v8_name(uuid, text, text)', 'NULL algorithm', $$uuid_generate_v8_name(uuid_namespace('dns'), 'x', NULL)$$, '00000'),
    ('uuid_generate_v8_name(uuid, text, text)', 'unknown algorithm', $$uuid_generate_v8_name(uuid_namespace('dns'), 'x', 'md5')$$, '22023'),
    ('uuid_generate_v8_name(uuid, text, text)', 'empty algorithm', $$uuid_generate_v8_name(uuid_namespace('dns'), 'x', '')$$, '22023'),
    ('uuid_generate_v8_name(uuid, text, text)', 'huge algorithm (10 MB)', $$uuid_generate_v8_name(uuid_namespace('dns'), 'x', repeat('é', 5000000))$$, '22023'),
    ('uuid_generate_v8_name(uuid, text, text)', 'huge name (10 MB)', $$uuid_generate_v8_name(uuid_namespace('dns'), repeat('x', 10000000), 'sha3-512')$$, '00000'),
    -- v8 from bytes
    ('uuid_generate_v8(bytea)', 'NULL', 'uuid_generate_v8(NULL)', '00000'),
    ('uuid_generate_v8(bytea)', 'empty', $$uuid_generate_v8('')$$, '22023'),
    ('uuid_generate_v8(bytea)', '15 bytes', $$uuid_generate_v8(decode(repeat('ab', 15), 'hex'))$$, '22023'),
    ('uuid_generate_v8(bytea)', '17 bytes', $$uuid_generate_v8(decode(repeat('ab', 17), 'hex'))$$, '22023'),
    ('uuid_generate_v8(bytea)', 'huge (10 MB)', $$uuid_generate_v8(convert_to(repeat('x', 10000000), 'UTF8'))$$, '22023'),
    ('uuidv8(bytea)', 'NULL', 'uuidv8(NULL)', '00000'),
    ('uuidv8(bytea)', '15 bytes', $$uuidv8(decode(repeat('ab', 15), 'hex'))$$, '22023'),
    -- namespaces
    ('uuid_namespace(text)', 'NULL', 'uuid_namespace(NULL)', '00000'),
    ('uuid_namespace(text)', 'unknown name', $$uuid_namespace('example')$$, '22023'),
    ('uuid_namespace(text)', 'empty name', $$uuid_namespace('')$$, '22023'),
    ('uuid_namespace(text)', 'huge name (10 MB)', $$uuid_namespace(repeat('é', 5000000))$$, '22023'),
    -- conversions, inspection and time ranges: NULL
    ('uuid_v1_to_v6(uuid)', 'NULL', 'uuid_v1_to_v6(NULL)', '00000'),
    ('uuid_v6_to_v1(uuid)', 'NULL', 'uuid_v6_to_v1(NULL)', '00000'),
    ('uuid_extract_version(uuid)', 'NULL', 'public.uuid_extract_version(NULL)', '00000'),
    ('uuid_extract_variant(uuid)', 'NULL', 'uuid_extract_variant(NULL)', '00000'),
    ('uuid_extract_timestamp(uuid)', 'NULL', 'public.uuid_extract_timestamp(NULL)', '00000'),
    ('uuid_extract_clock_seq(uuid)', 'NULL', 'uuid_extract_clock_seq(NULL)', '00000'),
    ('uuid_extract_node(uuid)', 'NULL', 'uuid_extract_node(NULL)', '00000'),
    ('uuid_inspect(uuid)', 'NULL', 'uuid_inspect(NULL)', '00000'),
    ('uuid_v7_to_timestamptz(uuid)', 'NULL', 'uuid_v7_to_timestamptz(NULL)', '00000'),
    ('uuid_v7_to_timestamp(uuid)', 'NULL', 'uuid_v7_to_timestamp(NULL)', '00000'),
    ('uuid_v4_to_v7(uuid, timestamp with time zone)', 'NULL', 'uuid_v4_to_v7(NULL, now())', '00000'),
    -- TypeID and ULID text forms
    ('uuid_to_typeid(text, uuid)', 'NULL prefix', 'uuid_to_typeid(NULL, uuid_max())', '00000'),
    ('uuid_to_typeid(text, uuid)', 'invalid prefix', $$uuid_to_typeid('User', uuid_max())$$, '22P02'),
    ('uuid_to_typeid(text, uuid)', 'huge prefix (10 MB)', $$uuid_to_typeid(repeat('é', 5000000), uuid_max())$$, '22P02'),
    ('typeid_to_uuid(text)', 'NULL', 'typeid_to_uuid(NULL)', '00000'),
    ('typeid_to_uuid(text)', 'empty', $$typeid_to_uuid('')$$, '22P02'),
    ('typeid_to_uuid(text)', 'above 128 bits', $$typeid_to_uuid('8zzzzzzzzzzzzzzzzzzzzzzzzz')$$, '22P02'),
    ('typeid_to_uuid(text)', 'huge (10 MB)', $$typeid_to_uuid(repeat('é', 5000000))$$, '22P02'),
    ('typeid_prefix(text)', 'NULL', 'typeid_prefix(NULL)', '00000'),
    ('typeid_prefix(text)', 'separator without prefix', $$typeid_prefix('_01h455vb4pex5vsknk084sn02q')$$, '22P02'),
    ('typeid_prefix(text)', 'huge (10 MB)', $$typeid_prefix(repeat('x', 10000000))$$, '22P02'),
    ('typeid_generate(text)', 'NULL', 'typeid_generate(NULL)', '00000'),
    ('typeid_generate(text)', 'invalid prefix', $$typeid_generate('user_')$$, '22P02'),
    ('typeid_generate(text)', 'huge prefix (10 MB)', $$typeid_generate(repeat('x', 10000000))$$, '22P02'),
    ('uuid_to_ulid(uuid)', 'NULL', 'uuid_to_ulid(NULL)', '00000'),
    ('ulid_to_uuid(text)', 'NULL', 'ulid_to_uuid(NULL)', '00000'),
    ('ulid_to_uuid(text)', 'letter the alphabet leaves out', $$ulid_to_uuid('01H455VB4PEX5VSKNK084SN0IL')$$, '22P02'),
    ('ulid_to_uuid(text)', 'above 128 bits', $$ulid_to_uuid('8ZZZZZZZZZZZZZZZZZZZZZZZZZ')$$, '22P02'),
    ('ulid_to_uuid(text)', 'huge (10 MB)', $$ulid_to_uuid(repeat('é', 5000000))$$, '22P02'),
    ('uuid_to_base32hex(uuid)', 'NULL', 'uuid_to_base32hex(NULL)', '00000'),
    ('base32hex_to_uuid(text)', 'NULL', 'base32hex_to_uuid(NULL)', '00000'),
    ('base32hex_to_uuid(text)', 'white space', $$base32hex_to_uuid('05VI5OJPM1UC7664RG60O1PPHS ')$$, '22P02'),
    ('base32hex_to_uuid(text)', 'nonzero trailing bits', $$base32hex_to_uuid('VVVVVVVVVVVVVVVVVVVVVVVVVV')$$, '22P02'),
    ('base32hex_to_uuid(text)', 'huge (10 MB)', $$base32hex_to_uuid(repeat('é', 5000000))$$, '22P02'),
    ('uuid_time_decoder(text)', 'NULL', 'uuid_time_decoder(NULL)', '00000'),
    ('uuid_time_decoder(text)', 'not a UUID', $$uuid_time_decoder('2026-01-01')$$, '22P02'),
    ('uuid_time_decoder(text)', 'huge (10 MB)', $$uuid_time_decoder(repeat('é', 5000000))$$, '22P02'),
    -- public ids: here no key is set (test/integration/public_id.sh sets one)
    ('uuid_v7_to_public(uuid)', 'NULL', 'uuid_v7_to_public(NULL)', '00000'),
    ('uuid_v7_to_public(uuid)', 'no key', 'uuid_v7_to_public(uuid_generate_v7())', '55000'),
    ('uuid_public_to_v7(uuid, boolean)', 'NULL', 'uuid_public_to_v7(NULL)', '00000'),
    ('uuid_public_to_v7(uuid, boolean)', 'NULL previous_key', 'uuid_public_to_v7(public.uuidv4(), NULL)', '00000'),
    ('uuid_public_to_v7(uuid, boolean)', 'no key', 'uuid_public_to_v7(public.uuidv4())', '55000'),
    ('uuid_public_to_v7(uuid, boolean)', 'no previous key', 'uuid_public_to_v7(public.uuidv4(), true)', '55000');

-- Times a v7 cannot hold, for every function that takes one.
INSERT INTO bad_calls
SELECT f.function, t.bad_input, format(f.call, t.value), '22008'
FROM (VALUES ('uuid_generate_v7(timestamp with time zone)', 'uuid_generate_v7(%L::timestamptz)'),
             ('uuid_v7_min(timestamp with time zone)', 'uuid_v7_min(%L::timestamptz)'),
             ('uuid_v7_max(timestamp with time zone)', 'uuid_v7_max(%L::timestamptz)'),
             ('uuid_timestamptz_to_v7(timestamp with time zone, boolean)', 'uuid_timestamptz_to_v7(%L::timestamptz, true)'),
             ('uuid_timestamp_to_v7(timestamp without time zone, boolean)', 'uuid_timestamp_to_v7(%L::timestamptz AT TIME ZONE ''UTC'', false)'),
             ('uuid_v4_to_v7(uuid, timestamp with time zone)', 'uuid_v4_to_v7(uuid_max(), %L::timestamptz)'),
             ('uuid_time_encoder(timestamp with time zone)', 'uuid_time_encoder(%L::timestamptz)')) AS f(function, call),
     (VALUES ('infinity', 'infinity'), ('-infinity', '-infinity'),
             ('before 1970', '1969-12-31 23:59:59.999999+00'),
             ('after the last v7 millisecond (10889)', '10889-08-02 05:31:50.656+00'),
             ('near 294276 (epoch shift overflows)', '294276-12-31 23:59:59+00')) AS t(bad_input, value)
WHERE NOT (f.function LIKE 'uuid_timestamp_to_v7%' AND t.bad_input LIKE '%infinity')
  -- the first millisecond at or after a time less than 1 ms before 1970 is the epoch's
  AND NOT (f.function LIKE 'uuid_time_encoder%' AND t.bad_input = 'before 1970');
INSERT INTO bad_calls VALUES
    ('uuid_timestamp_to_v7(timestamp without time zone, boolean)', 'infinity', $$uuid_timestamp_to_v7('infinity', true)$$, '22008'),
    ('uuid_timestamp_to_v7(timestamp without time zone, boolean)', 'NULL zero', $$uuid_timestamp_to_v7('2026-01-01', NULL)$$, '00000'),
    ('uuid_timestamptz_to_v7(timestamp with time zone, boolean)', 'NULL', 'uuid_timestamptz_to_v7(NULL)', '00000'),
    ('uuid_generate_v7(timestamp with time zone)', 'NULL', 'uuid_generate_v7(NULL::timestamptz)', '00000'),
    ('uuid_v7_min(timestamp with time zone)', 'NULL', 'uuid_v7_min(NULL)', '00000'),
    ('uuid_v7_max(timestamp with time zone)', 'NULL', 'uuid_v7_max(NULL)', '00000'),
    ('uuid_time_encoder(timestamp with time zone)', 'NULL', 'uuid_time_encoder(NULL)', '00000'),
    ('uuid_time_encoder(timestamp with time zone)', 'before 1970', $$uuid_time_encoder('1969-12-31 23:59:59.999+00')$$, '22008');

-- The time predicates' key bounds never fail: a time or range no key can reach saturates
-- to the nil or the max UUID (time_predicates tests the values).
INSERT INTO bad_calls
SELECT f.function, t.bad_input, format(f.call, t.value), '00000'
FROM (VALUES ('uuid_time_min_key(timestamp with time zone, boolean)', 'uuid_time_min_key(%L::timestamptz, true)'),
             ('uuid_time_max_key(timestamp with time zone, boolean)', 'uuid_time_max_key(%L::timestamptz, false)'),
             ('uuid_time_min_key(timestamp without time zone, boolean)', 'uuid_time_min_key(%L::timestamp, false)'),
             ('uuid_time_max_key(timestamp without time zone, boolean)', 'uuid_time_max_key(%L::timestamp, true)'),
             ('uuid_range_min_key(tstzrange)', 'uuid_range_min_key(tstzrange(%L, NULL))'),
             ('uuid_range_max_key(tstzrange)', 'uuid_range_max_key(tstzrange(NULL, %L))'),
             ('uuid_time_in_range(uuid, tstzrange)', 'uuid_time_in_range(uuid_max(), tstzrange(%L, NULL))'),
             ('tstzrange_contains_uuid_time(tstzrange, uuid)', 'tstzrange_contains_uuid_time(tstzrange(NULL, %L), uuid_max())'),
             ('uuid_time_window(timestamp with time zone, timestamp with time zone, text)', 'uuid_time_window(%L, ''infinity'')'))
     AS f(function, call),
     (VALUES ('NULL', NULL), ('infinity', 'infinity'), ('-infinity', '-infinity'),
             ('before 1970', '1969-12-31 23:59:59.999999'),
             ('after the last v7 millisecond (10889)', '10889-08-02 05:31:50.656'),
             ('near 294276 (epoch shift overflows)', '294270-01-01 00:00:00')) AS t(bad_input, value);
INSERT INTO bad_calls VALUES
    ('uuid_range_min_key(tstzrange)', 'empty', $$uuid_range_min_key('empty')$$, '00000'),
    ('uuid_range_max_key(tstzrange)', 'empty', $$uuid_range_max_key('empty')$$, '00000'),
    ('uuid_time_key_at_start(uuid)', 'NULL', 'uuid_time_key_at_start(NULL)', '00000'),
    -- an inverted window is NULL, not tstzrange()'s error; bounds flags are tstzrange()'s
    ('uuid_time_window(timestamp with time zone, timestamp with time zone, text)', 'inverted', $$uuid_time_window('2025-01-02+00', '2025-01-01+00')$$, '00000'),
    ('uuid_time_window(timestamp with time zone, timestamp with time zone, text)', 'bounds not "[]", "[)", "(]" or "()"', $$uuid_time_window('2025-01-01+00', '2025-01-02+00', '[x')$$, '42601'),
    ('uuid_time_window(timestamp with time zone, timestamp with time zone, text)', 'empty bounds', $$uuid_time_window('2025-01-01+00', '2025-01-02+00', '')$$, '42601'),
    ('uuid_time_window(timestamp with time zone, timestamp with time zone, text)', 'NULL bounds', $$uuid_time_window('2025-01-01+00', '2025-01-02+00', NULL)$$, '00000'),
    ('uuid_time_key_at_start(uuid)', 'nil', 'uuid_time_key_at_start(''00000000-0000-0000-0000-000000000000'')', '00000'),
    ('uuid_time_in_range(uuid, tstzrange)', 'NULL key', $$uuid_time_in_range(NULL, 'empty')$$, '00000'),
    ('tstzrange_contains_uuid_time(tstzrange, uuid)', 'NULL key', $$tstzrange_contains_uuid_time('empty', NULL)$$, '00000'),
    -- the order floor: keys that carry no ordered time, refused before anything else in
    -- either server mode (its valid keys, which differ by mode: order_floor)
    ('uuidx_raise_order_floor(uuid)', 'NULL', 'uuidx_raise_order_floor(NULL)', '00000'),
    ('uuidx_raise_order_floor(uuid)', 'nil', $$uuidx_raise_order_floor('00000000-0000-0000-0000-000000000000')$$, '22023'),
    ('uuidx_raise_order_floor(uuid)', 'max', 'uuidx_raise_order_floor(uuid_max())', '22023'),
    ('uuidx_raise_order_floor(uuid)', 'version 3', $$uuidx_raise_order_floor(uuidv3(uuid_namespace('dns'), 'x'))$$, '22023'),
    ('uuidx_raise_order_floor(uuid)', 'version 4', 'uuidx_raise_order_floor(public.uuidv4())', '22023'),
    ('uuidx_raise_order_floor(uuid)', 'version 5', $$uuidx_raise_order_floor(uuidv5(uuid_namespace('dns'), 'x'))$$, '22023'),
    ('uuidx_raise_order_floor(uuid)', 'version 8', $$uuidx_raise_order_floor(uuidv8(decode(repeat('ab', 16), 'hex')))$$, '22023'),
    ('uuidx_raise_order_floor(uuid)', 'v7 bits of variant 110', $$uuidx_raise_order_floor('017f22e2-79b0-7cc3-d8c4-dc0c0c07398f')$$, '22023'),
    ('uuidx_raise_order_floor(uuid)', 'v1 bits of variant 0', $$uuidx_raise_order_floor('c232ab00-9414-11ec-33c8-9f6bdeced846')$$, '22023'),
    ('uuidx_raise_order_floor(uuid)', 'version 15 (none)', $$uuidx_raise_order_floor('017f22e2-79b0-fcc3-98c4-dc0c0c07398f')$$, '22023'),
    -- the planner's entry points take internal, which no SQL value converts to: no call
    -- (42883 finds no such function; newer minor releases say 0A000 for internal instead)
    ('uuid_time_in_range_support(internal)', 'called from SQL', 'uuid_time_in_range_support(NULL)', '42883 or 0A000'),
    ('uuid_time_in_range_sel(internal, oid, internal, integer)', 'called from SQL', 'uuid_time_in_range_sel(NULL, 0, NULL, 0)', '42883 or 0A000');

-- Every version and variant nibble where one version is expected, and where any is taken.
INSERT INTO bad_calls
SELECT f.function, 'version ' || version_nibble || ', variant ' || variant_nibble,
       format(f.call, overlay(overlay('017f22e2-79b0-7cc3-98c4-dc0c0c07398f' PLACING to_hex(version_nibble) FROM 15 FOR 1)
                              PLACING to_hex(variant_nibble) FROM 20 FOR 1)),
       CASE WHEN f.wanted IS NULL OR (version_nibble = f.wanted AND variant_nibble BETWEEN 8 AND 11) THEN '00000' ELSE '22023' END
FROM (VALUES ('uuid_v1_to_v6(uuid)', 'uuid_v1_to_v6(%L)', 1), ('uuid_v6_to_v1(uuid)', 'uuid_v6_to_v1(%L)', 6),
             ('uuid_extract_version(uuid)', 'public.uuid_extract_version(%L)', NULL),
             ('uuid_extract_variant(uuid)', 'uuid_extract_variant(%L)', NULL),
             ('uuid_extract_timestamp(uuid)', 'public.uuid_extract_timestamp(%L)', NULL),
             ('uuid_extract_clock_seq(uuid)', 'uuid_extract_clock_seq(%L)', NULL),
             ('uuid_extract_node(uuid)', 'uuid_extract_node(%L)', NULL),
             ('uuid_inspect(uuid)', 'uuid_inspect(%L)', NULL),
             ('uuid_v7_to_timestamptz(uuid)', 'uuid_v7_to_timestamptz(%L)', NULL),
             ('uuid_v7_to_timestamp(uuid)', 'uuid_v7_to_timestamp(%L)', NULL),
             ('uuid_v4_to_v7(uuid, timestamp with time zone)', 'uuid_v4_to_v7(%L, ''2026-01-01+00'')', NULL),
             ('uuidv5(uuid, text)', 'uuidv5(%L, ''name'')', NULL),
             ('uuid_to_typeid(text, uuid)', 'uuid_to_typeid(''x'', %L)', NULL),
             ('uuid_to_ulid(uuid)', 'uuid_to_ulid(%L)', NULL)) AS f(function, call, wanted),
     generate_series(0, 15) version_nibble, generate_series(0, 15) variant_nibble;

CREATE TEMP TABLE outcomes AS
SELECT b.*, o.* FROM bad_calls b, LATERAL pg_temp.outcome(b.call) o;

-- Every uuidx function has bad-input rows.
SELECT p.proname || '(' || oidvectortypes(p.proargtypes) || ')' AS function_without_bad_input_rows
FROM pg_depend d JOIN pg_proc p ON p.oid = d.objid AND d.classid = 'pg_proc'::regclass
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuidx')
  AND p.proname || '(' || oidvectortypes(p.proargtypes) || ')' NOT IN (SELECT function FROM bad_calls);
SELECT count(DISTINCT function) AS functions_covered FROM bad_calls;

-- The outcome of each class: the expected SQLSTATE (one of those listed, where a minor
-- release of PostgreSQL changed it), and short errors (a message under 100 bytes, a detail
-- under 200) whatever the size of the input.
SELECT function, bad_input,
       CASE WHEN state = ANY (string_to_array(expected, ' or ')) THEN expected ELSE state END AS sqlstate,
       state = ANY (string_to_array(expected, ' or ')) AS as_expected,
       message_bytes < 100 AND detail_bytes < 200 AS short
FROM outcomes WHERE bad_input NOT LIKE 'version %, variant %'
ORDER BY function, bad_input;
SELECT function, count(*) AS nibble_pairs, count(*) FILTER (WHERE state = '22023') AS refused,
       bool_and(state = expected) AS as_expected, bool_and(message_bytes < 100 AND detail_bytes < 200) AS short
FROM outcomes WHERE bad_input LIKE 'version %, variant %'
GROUP BY function ORDER BY function;

-- The session lives on.
SELECT public.uuid_extract_version(uuid_generate_v7()) AS still_working;

-- Databases that are not UTF8: names are hashed as stored, byte for byte as uuid-ossp
-- hashes them, and errors quote them within their characters.
CREATE DATABASE uuidx_latin1 ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0;
CREATE DATABASE uuidx_sql_ascii ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0;
\c uuidx_latin1
SET client_min_messages = warning;
CREATE EXTENSION uuidx;
CREATE EXTENSION "uuid-ossp";
SELECT uuidv5(uuid_namespace('dns'), 'café') = uuid_generate_v5(uuid_ns_dns(), 'café') AS v5_as_ossp,
       uuidv3(uuid_namespace('dns'), 'café') = uuid_generate_v3(uuid_ns_dns(), 'café') AS v3_as_ossp;
SELECT uuid_namespace(repeat('é', 100));
\echo :LAST_ERROR_SQLSTATE
\c uuidx_sql_ascii
SET client_min_messages = warning;
CREATE EXTENSION uuidx;
CREATE EXTENSION "uuid-ossp";
SELECT uuidv5(uuid_namespace('dns'), E'\xff\xfe') = uuid_generate_v5(uuid_ns_dns(), E'\xff\xfe') AS v5_as_ossp;
SELECT octet_length(uuid_inspect(uuid_generate_v8_name(uuid_namespace('url'), E'\xc3'))::text) > 0 AS v8_of_any_bytes;
SELECT uuid_generate_v8_name(uuid_namespace('dns'), 'x', E'sha\xff');
\echo :LAST_ERROR_SQLSTATE
\c contrib_regression
DROP DATABASE uuidx_latin1;
DROP DATABASE uuidx_sql_ascii;
