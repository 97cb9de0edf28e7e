-- Version, variant and embedded time, on RFC 9562 vectors and hand-made edge cases.
SET timezone = 'UTC';

-- RFC 9562 Appendix A and B vectors. pg_regress feeds this file to psql on standard input,
-- so \ir paths are relative to the project's top directory.
\ir sql/include/rfc9562_vectors.sql
SELECT id, u, public.uuid_extract_version(u) AS version, uuid_extract_variant(u) AS variant,
       public.uuid_extract_timestamp(u) AS ts
FROM rfc9562_vectors ORDER BY id;

-- A.1, A.5 and A.6 all encode 2022-02-22 19:22:22 UTC.
SELECT public.uuid_extract_timestamp('c232ab00-9414-11ec-b3c8-9f6bdeced846') = '2022-02-22 19:22:22+00' AS a1,
       public.uuid_extract_timestamp('1ec9414c-232a-6b00-b3c8-9f6bdeced846') = '2022-02-22 19:22:22+00' AS a5,
       public.uuid_extract_timestamp('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') = '2022-02-22 19:22:22+00' AS a6;

-- Nil and Max: no version (not the RFC 9562 variant); variants 0 and 7.
SELECT public.uuid_extract_version(uuid_nil) AS nil_version, uuid_extract_variant(uuid_nil) AS nil_variant,
       public.uuid_extract_timestamp(uuid_nil) AS nil_ts,
       public.uuid_extract_version(uuid_max) AS max_version, uuid_extract_variant(uuid_max) AS max_variant,
       public.uuid_extract_timestamp(uuid_max) AS max_ts
FROM (SELECT '00000000-0000-0000-0000-000000000000'::uuid AS uuid_nil,
             'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid AS uuid_max) s;

-- Variant per RFC 9562 Table 1: the top bits of octet 8.
SELECT octet8, uuid_extract_variant(u) AS variant, public.uuid_extract_version(u) AS version
FROM (VALUES ('00'), ('7f'), ('80'), ('bf'), ('c0'), ('df'), ('e0'), ('ff')) AS o(octet8),
     LATERAL (SELECT ('017f22e2-79b0-7cc3-' || octet8 || 'c4-dc0c0c07398f')::uuid AS u) s
ORDER BY octet8;

-- A version nibble of 7 outside the RFC 9562 variant carries no time.
SELECT public.uuid_extract_timestamp('017f22e2-79b0-7cc3-c8c4-dc0c0c07398f') AS microsoft_variant,
       public.uuid_extract_timestamp('017f22e2-79b0-7cc3-08c4-dc0c0c07398f') AS ncs_variant;

-- Versions without a timestamp give NULL (v6 is decoded, unlike PostgreSQL 18.0).
SELECT v, public.uuid_extract_timestamp(('00000000-0000-' || v || '000-8000-000000000000')::uuid) AS ts
FROM unnest(ARRAY['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'f']) AS v ORDER BY v;

-- Time bounds: v7 at 1970 and at its last millisecond; v1/v6 at the Gregorian epoch
-- (before 1970) and at their last 100-ns tick; v1 rounds 100-ns counts down to microseconds.
SELECT public.uuid_extract_timestamp('00000000-0000-7000-8000-000000000000') AS v7_first,
       public.uuid_extract_timestamp('ffffffff-ffff-7fff-bfff-ffffffffffff') AS v7_last,
       public.uuid_extract_timestamp('00000000-0000-1000-8000-000000000000') AS v1_first,
       public.uuid_extract_timestamp('ffffffff-ffff-1fff-bfff-ffffffffffff') AS v1_last,
       public.uuid_extract_timestamp('ffffffff-ffff-6fff-bfff-ffffffffffff') AS v6_last;
SELECT public.uuid_extract_timestamp('00000009-0000-1000-8000-000000000000') AS v1_900ns,
       public.uuid_extract_timestamp('0000000a-0000-1000-8000-000000000000') AS v1_1us,
       public.uuid_extract_timestamp('13813fff-8e8d-11b1-8000-000000000000') AS v1_before_1970;

-- STRICT: NULL in, NULL out.
SELECT public.uuid_extract_version(NULL) IS NULL AS version_null, uuid_extract_variant(NULL) IS NULL AS variant_null,
       public.uuid_extract_timestamp(NULL) IS NULL AS ts_null;

-- Bad input is rejected by the uuid type itself, before any uuidx code runs.
SELECT public.uuid_extract_version('not-a-uuid');
\echo :LAST_ERROR_SQLSTATE
