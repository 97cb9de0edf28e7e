-- UUIDv8 from bytes, the Max UUID, v1 <-> v6, clock sequence and node, uuid_inspect().
SET timezone = 'UTC';

-- v8 from 16 bytes: only the version and variant bits change (B.1 is already a v8).
SELECT uuid_generate_v8('\x2489e9ad2ee28e008ec932d5f69181c0') = '2489e9ad-2ee2-8e00-8ec9-32d5f69181c0' AS b1,
       uuid_generate_v8('\x00000000000000000000000000000000') AS all_zero,
       uuidv8('\xffffffffffffffffffffffffffffffff') AS all_one;

-- Any other length is an error naming the length it got.
SELECT uuid_generate_v8('\x');
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v8('\x000102030405060708090a0b0c0d0e');
\echo :LAST_ERROR_SQLSTATE
SELECT uuidv8('\x000102030405060708090a0b0c0d0e0f10');
\echo :LAST_ERROR_SQLSTATE

-- The Max UUID.
SELECT uuid_max(), uuid_max() = 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid AS is_max,
       uuid_extract_variant(uuid_max()) AS variant;

-- v1 <-> v6: RFC 9562 A.1 <-> A.5, and lossless round trips of generated values.
SELECT uuid_v1_to_v6('c232ab00-9414-11ec-b3c8-9f6bdeced846') AS a1_to_v6,
       uuid_v6_to_v1('1ec9414c-232a-6b00-b3c8-9f6bdeced846') AS a5_to_v1;
SELECT count(*) AS round_trips,
       bool_and(uuid_v6_to_v1(uuid_v1_to_v6(u1)) = u1) AS v1_round_trip,
       bool_and(uuid_v1_to_v6(uuid_v6_to_v1(u6)) = u6) AS v6_round_trip,
       bool_and(public.uuid_extract_timestamp(uuid_v1_to_v6(u1)) = public.uuid_extract_timestamp(u1)) AS same_time,
       bool_and(uuid_extract_node(uuid_v6_to_v1(u6)) = uuid_extract_node(u6)) AS same_node
FROM (SELECT uuidv1() AS u1, uuidv6() AS u6 FROM generate_series(1, 10000)) s;
-- Edge timestamps survive the reordering.
SELECT uuid_v6_to_v1(uuid_v1_to_v6('ffffffff-ffff-1fff-bfff-ffffffffffff')) AS last_tick,
       uuid_v6_to_v1(uuid_v1_to_v6('00000000-0000-1000-8000-000000000000')) AS first_tick;

-- Input of another version is an error naming the version it got.
SELECT uuid_v1_to_v6('1ec9414c-232a-6b00-b3c8-9f6bdeced846');
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_v6_to_v1('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_v6_to_v1('00000000-0000-0000-0000-000000000000');
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_v1_to_v6(NULL) IS NULL AS strict_v1_to_v6, uuid_v6_to_v1(NULL) IS NULL AS strict_v6_to_v1;

-- Clock sequence and node: v1 and v6 only.
SELECT id, uuid_extract_clock_seq(u) AS clock_seq, uuid_extract_node(u) AS node
FROM (VALUES ('A.1', 'c232ab00-9414-11ec-b3c8-9f6bdeced846'::uuid),
             ('A.5', '1ec9414c-232a-6b00-b3c8-9f6bdeced846'),
             ('A.6', '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'),
             ('nil', '00000000-0000-0000-0000-000000000000'),
             ('v1 of another variant', 'c232ab00-9414-11ec-33c8-9f6bdeced846')) AS v(id, u)
ORDER BY id;
SELECT uuid_extract_clock_seq(NULL) IS NULL AS strict_clock_seq, uuid_extract_node(NULL) IS NULL AS strict_node;

-- uuid_inspect(): every RFC 9562 vector, nil, max and other variants, field by field.
\x on
\ir sql/include/rfc9562_vectors.sql
SELECT id, i.*
FROM (SELECT id, u FROM rfc9562_vectors
      UNION ALL
      VALUES ('max', 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid),
             ('microsoft', '00000000-0000-0000-c000-000000000000'),
             ('nil', '00000000-0000-0000-0000-000000000000'),
             ('v2', '000003e8-9414-21ec-b300-9f6bdeced846')) AS v(id, u),
     LATERAL uuid_inspect(u) i
ORDER BY id;
\x off

-- Fields are plain SQL values.
SELECT (uuid_inspect('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')).fields ->> 'rand_a' AS a6_rand_a,
       to_timestamp(((uuid_inspect('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')).fields ->> 'unix_ts_ms')::bigint / 1000.0) AS a6_time;
SELECT uuid_inspect(NULL) IS NULL AS strict_inspect;
