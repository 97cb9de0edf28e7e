-- TypeID (jetify TypeID 0.3), ULID and base32hex (RFC 4648 section 7) text forms: the
-- specifications' examples, round trips, order, and every class of invalid text (22P02,
-- with a detail naming the problem). base32hex_parity compares with PostgreSQL 19's encode().
-- Public ids need a preloaded uuidx and a key: test/integration/public_id.sh tests them.
\set VERBOSITY default
\set SHOW_CONTEXT never
SET client_min_messages = warning;

-- The TypeID specification's example, both ways; the prefix, with underscores inside.
SELECT uuid_to_typeid('prefix', '01890a5d-ac96-774b-bcce-b302099a8057') AS typeid,
       typeid_to_uuid('prefix_01h455vb4pex5vsknk084sn02q') AS uuid,
       typeid_prefix('prefix_01h455vb4pex5vsknk084sn02q') AS prefix,
       typeid_prefix('my_long_prefix_01h455vb4pex5vsknk084sn02q') AS prefix_with_underscores;
-- No prefix: no separator. Nil and Max.
SELECT uuid_to_typeid('', '00000000-0000-0000-0000-000000000000') AS nil,
       uuid_to_typeid('', uuid_max()) AS max,
       typeid_to_uuid('7zzzzzzzzzzzzzzzzzzzzzzzzz') = uuid_max() AS max_back,
       typeid_prefix('00000000000000000000000000') = '' AS empty_prefix;
-- 63 characters is the longest prefix.
SELECT length(uuid_to_typeid(repeat('a', 63), uuid_max())) AS longest;

-- ULID: upper case out, either case in; the same bytes, so a v7 keeps its millisecond.
SELECT uuid_to_ulid('01890a5d-ac96-774b-bcce-b302099a8057') AS ulid,
       ulid_to_uuid('01H455VB4PEX5VSKNK084SN02Q') AS upper_in,
       ulid_to_uuid('01h455vb4pex5vsknk084sn02q') AS lower_in,
       ulid_to_uuid('7ZZZZZZZZZZZZZZZZZZZZZZZZZ') = uuid_max() AS max;
SELECT bool_and(ulid_to_uuid(uuid_to_ulid(u)) = u
                AND left(uuid_to_ulid(u), 10) = left(uuid_to_ulid(uuid_v7_min(uuid_v7_to_timestamptz(u))), 10))
       AS same_millisecond
FROM (SELECT uuid_generate_v7() AS u FROM generate_series(1, 1000)) AS v7;

-- Round trips of every version, and order: TypeIDs of one prefix and ULIDs sort (in C
-- collation) like their UUIDs.
SELECT bool_and(typeid_to_uuid(uuid_to_typeid('user', u)) = u AND ulid_to_uuid(uuid_to_ulid(u)) = u) AS round_trips
FROM (SELECT public.uuidv4() AS u FROM generate_series(1, 2000)
      UNION ALL SELECT uuid_generate_v7() FROM generate_series(1, 2000)
      UNION ALL SELECT uuidv1() FROM generate_series(1, 100)
      UNION ALL SELECT uuid_generate_v8(decode(md5(g::text), 'hex')) FROM generate_series(1, 100) g) AS u;
SELECT array_agg(u ORDER BY u) = array_agg(u ORDER BY uuid_to_typeid('user', u) COLLATE "C") AS typeid_order,
       array_agg(u ORDER BY u) = array_agg(u ORDER BY uuid_to_ulid(u) COLLATE "C") AS ulid_order
FROM (SELECT public.uuidv4() AS u FROM generate_series(1, 2000)) AS v4;

-- base32hex: RFC 9562 A.6, nil and max as PostgreSQL 19 encodes them; either case in, with or
-- without the six "=" of padding.
SELECT uuid_to_base32hex('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') AS a6,
       uuid_to_base32hex('00000000-0000-0000-0000-000000000000') AS nil,
       uuid_to_base32hex(uuid_max()) AS max,
       base32hex_to_uuid('05VI5OJPM1UC7664RG60O1PPHS') AS upper_in,
       base32hex_to_uuid('05vi5ojpm1uc7664rg60o1pphs') AS lower_in,
       base32hex_to_uuid('05VI5OJPM1UC7664RG60O1PPHS======') AS padded_in;
SELECT bool_and(base32hex_to_uuid(uuid_to_base32hex(u)) = u AND length(uuid_to_base32hex(u)) = 26
                AND uuid_to_base32hex(u) ~ '^[0-9A-V]{25}[048CGKOS]$') AS round_trips,
       array_agg(u ORDER BY u) = array_agg(u ORDER BY uuid_to_base32hex(u) COLLATE "C") AS base32hex_order
FROM (SELECT public.uuidv4() AS u FROM generate_series(1, 2000)
      UNION ALL SELECT uuid_generate_v7() FROM generate_series(1, 2000)) AS u;

-- typeid_generate: ordered v7 keys inside, in the order they were made.
SELECT count(*) = 999 AND bool_and(t > previous COLLATE "C") AS increasing,
       bool_and(public.uuid_extract_version(typeid_to_uuid(t)) = 7) AS v7_inside,
       bool_and(typeid_prefix(t) = 'order') AS prefixed
FROM (SELECT t, lag(t) OVER (ORDER BY g) AS previous
      FROM (SELECT g, typeid_generate('order') AS t FROM generate_series(1, 1000) g) AS made) AS pairs
WHERE previous IS NOT NULL;
SELECT typeid_generate('') ~ '^[0-7][0-9a-hjkmnp-tv-z]{25}$' AS unprefixed;

-- Every class of invalid text: the error names what is wrong.
SELECT typeid_to_uuid('');
SELECT typeid_to_uuid('_01h455vb4pex5vsknk084sn02q');
SELECT typeid_to_uuid(repeat('a', 64) || '_01h455vb4pex5vsknk084sn02q');
SELECT typeid_to_uuid('Prefix_01h455vb4pex5vsknk084sn02q');
SELECT typeid_to_uuid('pre-fix_01h455vb4pex5vsknk084sn02q');
SELECT typeid_to_uuid('prefix__01h455vb4pex5vsknk084sn02q');
SELECT typeid_to_uuid('prefix_01h455vb4pex5vsknk084sn02');
SELECT typeid_to_uuid('prefix_01h455vb4pex5vsknk084sn02qq');
SELECT typeid_to_uuid('garbage');
SELECT typeid_to_uuid('prefix_01H455VB4PEX5VSKNK084SN02Q');
SELECT typeid_to_uuid('prefix_01h455vb4pex5vsknk084sn0iu');
SELECT typeid_to_uuid('prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz');
SELECT typeid_to_uuid('préfix_01h455vb4pex5vsknk084sn02q');
SELECT typeid_prefix('prefix_01h455vb4pex5vsknk084sn02');
SELECT uuid_to_typeid('User', uuid_max());
SELECT uuid_to_typeid('_user', uuid_max());
SELECT uuid_to_typeid(repeat('a', 64), uuid_max());
SELECT typeid_generate('user_');
SELECT ulid_to_uuid('');
SELECT ulid_to_uuid('01H455VB4PEX5VSKNK084SN02');
SELECT ulid_to_uuid('01H455VB4PEX5VSKNK084SN0IL');
SELECT ulid_to_uuid('01H455VB4PEX5VSKNK084SN0OU');
SELECT ulid_to_uuid('01H455VB4PEX5VSKNK084SN0-Q');
SELECT ulid_to_uuid('8ZZZZZZZZZZZZZZZZZZZZZZZZZ');
SELECT base32hex_to_uuid('');
SELECT base32hex_to_uuid(' 05VI5OJPM1UC7664RG60O1PPHS');
SELECT base32hex_to_uuid('05VI5OJPM1UC7664RG60O1PPH');
SELECT base32hex_to_uuid('05VI5OJPM1UC7664RG60O1PPHS=');
SELECT base32hex_to_uuid('05VI5OJPM1UC7664RG60O1PPHS=====0');
SELECT base32hex_to_uuid('05VI5OJPM1UC7664RG60O1PPHW');
SELECT base32hex_to_uuid('05VI5OJPM1UC7664RG60O1PPHT');
-- A huge input is quoted shortly.
SELECT typeid_to_uuid(repeat('x', 1000000));
