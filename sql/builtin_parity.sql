-- PostgreSQL 17 and later have uuid_extract_version() and uuid_extract_timestamp() in
-- pg_catalog, which an unqualified call reaches before uuidx's. Where both define a result
-- they agree: over UUIDs of every version nibble and every variant nibble, edges included
-- (nil, max, 1582-10-15, the Unix epoch, the end of v7 time in 10889), versions and the
-- v1 and v7 timestamps differ nowhere. What only uuidx reads is counted by version
-- (builtin_parity.out: 18; _1: 15 and 16, nothing to compare; _2: 17).
SELECT to_regprocedure('pg_catalog.uuid_extract_timestamp(uuid)') IS NOT NULL AS builtins_present \gset
\if :builtins_present
\ir sql/include/rfc9562_vectors.sql

-- Each base's 16 bytes with every (version nibble, variant nibble) pair written in.
CREATE TEMP TABLE corpus AS
WITH bases(name, bytes) AS (
    VALUES ('zero bits: nil, 1582-10-15 (v1, v6), 1970 (v7)', '\x00000000000000000000000000000000'::bytea),
           ('one bits: max, the last v1/v6 time (5236), the last v7 time (10889)', '\xffffffffffffffffffffffffffffffff'),
           ('the Unix epoch as v1', '\x138140001dd201b28000000000000000'),
           ('the Unix epoch as v6', '\x1b21dd21381400008000000000000000'),
           ('the Unix epoch + 1 ms as v7', '\x00000000000100008000000000000000')
    UNION ALL
    SELECT 'RFC 9562 ' || id, uuid_send(u) FROM rfc9562_vectors
    UNION ALL
    SELECT 'pseudo-random ' || i, decode(md5(i::text), 'hex') FROM generate_series(1, 60) i
)
SELECT b.name, version_nibble, variant_nibble,
       encode(set_byte(set_byte(b.bytes, 6, (version_nibble << 4) | (get_byte(b.bytes, 6) & 15)),
                       8, (variant_nibble << 4) | (get_byte(b.bytes, 8) & 15)), 'hex')::uuid AS u
FROM bases b, generate_series(0, 15) version_nibble, generate_series(0, 15) variant_nibble;

SELECT count(*) AS uuids, count(DISTINCT version_nibble) AS version_nibbles,
       count(DISTINCT variant_nibble) AS variant_nibbles,
       count(*) FILTER (WHERE u = '00000000-0000-0000-0000-000000000000') AS nil,
       count(*) FILTER (WHERE u = 'ffffffff-ffff-ffff-ffff-ffffffffffff') AS max
FROM corpus;

-- Versions: no difference at all.
SELECT count(*) FILTER (WHERE pg_catalog.uuid_extract_version(u) IS NOT NULL) AS versioned,
       count(*) FILTER (WHERE public.uuid_extract_version(u) IS DISTINCT FROM pg_catalog.uuid_extract_version(u))
           AS version_differences
FROM corpus;

-- Timestamps, by version: where both read one, they agree. 17's built-in reads v1 only,
-- 18's v1 and v7; uuidx reads v1, v6 and v7 on every major.
SELECT public.uuid_extract_version(u) AS version, count(*) AS uuids,
       count(public.uuid_extract_timestamp(u)) AS uuidx_timed,
       count(pg_catalog.uuid_extract_timestamp(u)) AS builtin_timed,
       count(*) FILTER (WHERE public.uuid_extract_timestamp(u) <> pg_catalog.uuid_extract_timestamp(u)) AS disagreements
FROM corpus GROUP BY 1 ORDER BY 1;

-- The edges, each read by both (UTC).
SET TIME ZONE 'UTC';
SELECT name, version_nibble AS version, public.uuid_extract_timestamp(u) AS uuidx,
       pg_catalog.uuid_extract_timestamp(u) AS builtin
FROM corpus
WHERE variant_nibble = 8 AND version_nibble IN (1, 6, 7)
  AND (name LIKE 'zero bits%' OR name LIKE 'one bits%' OR name LIKE 'the Unix epoch%v' || version_nibble
       OR name IN ('RFC 9562 A.1', 'RFC 9562 A.5', 'RFC 9562 A.6'))
ORDER BY name, version;
RESET TIME ZONE;
\else
\echo 'PostgreSQL 15 and 16 have no uuid_extract_version() or uuid_extract_timestamp() of their own'
\endif
