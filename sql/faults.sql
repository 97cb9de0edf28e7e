-- The fault-injection build (test/hardening.mk FAULT_INJECTION=1) through the SQL door:
-- while the random source fails, every function that draws random bytes raises XX000 and
-- returns nothing; while OpenSSL's digest updates fail, every function that hashes raises
-- 0A000 (the core reports the failure as a value: it is built without C++ exceptions); the
-- session lives through both, and once the fault is off, values are valid and distinct.
-- Not in the Makefile's REGRESS: only the fault-injection build has the switch, so
-- test/run-hardening.sh runs it there (REGRESS=faults).
\set SHOW_CONTEXT never
SET client_min_messages = warning;
CREATE FUNCTION uuidx_inject_fault(fault text) RETURNS void
    AS 'uuidx', 'uuidx_inject_fault' LANGUAGE C STRICT;
SELECT pg_backend_pid() AS session_pid \gset
-- Draw first, so that the pool holds bytes and v1 its clock sequence and node: the fault
-- must reach them too.
SELECT uuidv4() IS NOT NULL AND uuid_generate_v7() IS NOT NULL AND uuidv1() IS NOT NULL AS drawn;

SELECT uuidx_inject_fault('random_source_fails');
SELECT uuidv4() IS NOT NULL AS returned;
\echo :SQLSTATE
SELECT uuid_generate_v7() IS NOT NULL AS returned;
\echo :SQLSTATE
SELECT uuidv1() IS NOT NULL AS returned;
\echo :SQLSTATE
SELECT uuid_generate_v6() IS NOT NULL AS returned;
\echo :SQLSTATE
SELECT uuidv7('-1 hour') IS NOT NULL AS returned;
\echo :SQLSTATE
SELECT uuid_generate_v7(now()) IS NOT NULL AS returned;
\echo :SQLSTATE
SELECT uuid_timestamptz_to_v7(now()) IS NOT NULL AS returned;
\echo :SQLSTATE
-- A failed refill leaves nothing in the pool to hand out: the second call fails too.
SELECT count(uuidv4()) FROM generate_series(1, 5000);
\echo :SQLSTATE
-- Functions that draw nothing still work.
SELECT uuidv5(uuid_namespace('dns'), 'www.example.com') = '2ed6657d-e927-568b-95e1-2665a8aea6a2' AS rfc_vector;
SELECT pg_backend_pid() = :session_pid AS same_session;

SELECT uuidx_inject_fault('none');
SELECT count(DISTINCT u) = 1000 AND bool_and(public.uuid_extract_version(u) = 4 AND uuid_extract_variant(u) = 2) AS valid_v4
FROM (SELECT uuidv4() AS u FROM generate_series(1, 1000)) AS drawn;
SELECT count(*) = 999 AND bool_and(u > previous AND public.uuid_extract_version(u) = 7 AND uuid_extract_variant(u) = 2) AS valid_v7
FROM (SELECT u, lag(u) OVER (ORDER BY g) AS previous
      FROM (SELECT g, uuid_generate_v7() AS u FROM generate_series(1, 1000) AS g) AS drawn) AS pairs
WHERE previous IS NOT NULL;
SELECT count(DISTINCT u) = 1000 AND bool_and(public.uuid_extract_version(u) = 1 AND uuid_extract_variant(u) = 2) AS valid_v1
FROM (SELECT uuidv1() AS u FROM generate_series(1, 1000)) AS drawn;
SELECT count(DISTINCT u) = 1000 AND bool_and(public.uuid_extract_version(u) = 6 AND uuid_extract_variant(u) = 2) AS valid_v6
FROM (SELECT uuid_generate_v6() AS u FROM generate_series(1, 1000)) AS drawn;

SELECT uuidx_inject_fault('digest_fails');
SELECT uuidv5(uuid_namespace('dns'), 'www.example.com') IS NOT NULL AS returned;
\echo :SQLSTATE
SELECT uuidv3(uuid_namespace('dns'), 'www.example.com') IS NOT NULL AS returned;
\echo :SQLSTATE
SELECT uuid_v4_to_v7('919108f7-52d1-4320-9bac-f847db4148a8', now()) IS NOT NULL AS returned;
\echo :SQLSTATE
SELECT uuid_generate_v8_name(uuid_namespace('dns'), 'www.example.com', 'sha3-256') IS NOT NULL AS returned;
\echo :SQLSTATE
-- Functions that hash nothing still work.
SELECT public.uuid_extract_version(uuidv4()) = 4 AS v4_works;
SELECT pg_backend_pid() = :session_pid AS same_session;

SELECT uuidx_inject_fault('none');
SELECT uuidv5(uuid_namespace('dns'), 'www.example.com') = '2ed6657d-e927-568b-95e1-2665a8aea6a2' AS rfc_vector;
SELECT pg_backend_pid() = :session_pid AS same_session;
