-- uuidx_raise_order_floor(past): every v7 (for a v7 key) or v1/v6 (for a v1 or v6 key) the
-- server makes afterwards sorts after past, in every session; it never lowers the order and
-- returns the floor in effect. Only the server-wide order can carry that to every session,
-- so without preloading a key is refused (55000). Outputs: order_floor.out with uuidx
-- preloaded, order_floor_1.out with the library loaded per session.
-- The cells are the whole server's and other tests run in it afterwards: every floor here
-- is at most 50 ms ahead of the clock, and the file ends once the clock has passed them.
SELECT uuidx_order_scope() = 'server' AS preloaded \gset

-- The operator's: revoked from PUBLIC, granted by a superuser.
CREATE ROLE regress_uuidx_operator;
SELECT has_function_privilege('regress_uuidx_operator', 'uuidx_raise_order_floor(uuid)', 'EXECUTE') AS public_may_raise;
SET ROLE regress_uuidx_operator;
SELECT uuidx_raise_order_floor(public.uuidv4());
\echo :LAST_ERROR_SQLSTATE
RESET ROLE;
GRANT EXECUTE ON FUNCTION uuidx_raise_order_floor(uuid) TO regress_uuidx_operator;
SET ROLE regress_uuidx_operator;
-- STRICT: the newest key of an empty table is NULL, which raises nothing, in either mode.
CREATE TEMP TABLE no_keys (id uuid PRIMARY KEY);
SELECT uuidx_raise_order_floor((SELECT id FROM no_keys ORDER BY id DESC LIMIT 1)) IS NULL AS null_for_no_key;
RESET ROLE;
DROP OWNED BY regress_uuidx_operator;
DROP ROLE regress_uuidx_operator;

-- A key of a version without ordered time is refused in either mode (every kind: bad_input).
SELECT uuidx_raise_order_floor(public.uuidv4());
\echo :LAST_ERROR_SQLSTATE

-- A v7 key 50 ms ahead of the clock, with the largest fraction and tail of its millisecond:
-- the floor returned is that millisecond plus 65535/65536 of it (999 µs, rounded down).
SELECT uuid_v7_max(clock_timestamp() + interval '50 ms') AS past7 \gset
SELECT uuidx_raise_order_floor(:'past7') AS floor7 \gset
\echo :SQLSTATE
\if :preloaded
SELECT :'floor7'::timestamptz = uuid_v7_to_timestamptz(:'past7') + interval '999 microseconds' AS floor_is_the_keys_time;
-- Every later v7 sorts after it, from each generator, in this session and in a new one.
SELECT bool_and(uuid_generate_v7() > :'past7' AND public.uuidv7() > :'past7' AND public.uuidv7('0 s') > :'past7')
       AS later_v7_sort_after
FROM generate_series(1, 1000);
\c
SELECT bool_and(uuid_generate_v7() > :'past7') AS later_v7_of_a_new_session_sort_after FROM generate_series(1, 1000);
-- An older key lowers nothing: the floor in effect stays, and keys still sort after past.
SELECT uuidx_raise_order_floor(uuid_v7_min('2000-01-01 UTC')) >= :'floor7'::timestamptz AS older_key_lowers_nothing,
       uuid_generate_v7() > :'past7' AS still_after;
\endif

-- A v6 key 50 ms ahead of the clock (its 60-bit Gregorian count written out), then a v1 key
-- 20 ms further: v1 and v6 share one cell, so each orders both generators.
SELECT (extract(epoch FROM clock_timestamp() + interval '50 ms') * 10000000)::bigint + 122192928000000000 AS gregorian \gset
SELECT (lpad(to_hex(:gregorian >> 12), 12, '0') || '6' || lpad(to_hex(:gregorian & 4095), 3, '0')
        || '8000' || '000000000001')::uuid AS past6 \gset
SELECT uuid_v6_to_v1((lpad(to_hex((:gregorian + 200000) >> 12), 12, '0') || '6' || lpad(to_hex((:gregorian + 200000) & 4095), 3, '0')
                      || '8000' || '000000000001')::uuid) AS past1 \gset
SELECT uuidx_raise_order_floor(:'past6') AS floor6 \gset
\echo :SQLSTATE
\if :preloaded
SELECT :'floor6'::timestamptz = public.uuid_extract_timestamp(:'past6') AS floor_is_the_keys_time;
SELECT bool_and(uuid_generate_v6() > :'past6' AND uuid_v1_to_v6(uuidv1()) > :'past6') AS later_v1_v6_sort_after
FROM generate_series(1, 1000);
\endif
SELECT uuidx_raise_order_floor(:'past1') AS floor1 \gset
\echo :SQLSTATE
\if :preloaded
SELECT :'floor1'::timestamptz = public.uuid_extract_timestamp(:'past1') AS floor_is_the_keys_time,
       :'floor1'::timestamptz > :'floor6'::timestamptz AS raised_again;
\c
SELECT bool_and(uuid_v1_to_v6(uuidv1()) > uuid_v1_to_v6(:'past1') AND uuidv6() > uuid_v1_to_v6(:'past1'))
       AS later_v1_v6_of_a_new_session_sort_after
FROM generate_series(1, 1000);
\endif

-- The clock passes every floor of this file; then keys carry the clock's time again.
SELECT pg_sleep(0.2);
SELECT public.uuid_extract_timestamp(uuid_generate_v7()) <= clock_timestamp() AS v7_not_ahead,
       public.uuid_extract_timestamp(uuidv1()) <= clock_timestamp() AS v1_not_ahead;
