-- uuidv3 (MD5). A server whose OpenSSL refuses MD5 (FIPS mode) gives name_based_v3_1.out:
-- a clear error instead of a crash, and the session lives on.

-- RFC 9562 A.2: namespace DNS, name "www.example.com".
SELECT uuidv3(uuid_namespace('dns'), 'www.example.com') = '5df41881-3aed-3515-88a7-2f4a814cf09e' AS a2;
\echo :LAST_ERROR_SQLSTATE

-- Byte-identical to uuid-ossp, over the 10,000 names and six namespaces of name_based.sql
-- (no md5() among them: a FIPS server refuses that too).
WITH names AS (
    SELECT n, CASE n % 5
                  WHEN 0 THEN ''
                  WHEN 1 THEN 'name-' || n
                  WHEN 2 THEN repeat(to_hex(n * 2654435761) || '-', 1 + n % 64)
                  WHEN 3 THEN 'ünïcødé 名前 ' || n || ' ✓'
                  ELSE chr(1 + n % 55000) || n
              END AS name
    FROM generate_series(1, 10000) n),
namespaces AS (
    SELECT unnest(ARRAY[uuid_ns_dns(), uuid_ns_url(), uuid_ns_oid(), uuid_ns_x500(),
                        uuid_generate_v4(), uuid_generate_v4()]) AS ns)
SELECT count(*) AS compared,
       count(*) FILTER (WHERE uuidv3(ns, name) = uuid_generate_v3(ns, name)) AS v3_identical
FROM names, namespaces;

-- STRICT: a NULL argument gives NULL, before any digest is asked for.
SELECT uuidv3(NULL, 'x') IS NULL AS v3_null_ns, uuidv3(uuid_namespace('dns'), NULL) IS NULL AS v3_null_name;
SELECT 'still connected' AS session;
