-- uuidv3 (MD5). A server whose OpenSSL refuses MD5 (FIPS mode) gives name_based_v3_1.out:
-- a clear error instead of a crash, and the session lives on.

-- RFC 9562 A.2: namespace DNS, name "www.example.com".
SELECT uuidv3(uuid_namespace('dns'), 'www.example.com') = '5df41881-3aed-3515-88a7-2f4a814cf09e' AS a2;
\echo :LAST_ERROR_SQLSTATE

-- Byte-identical to uuid-ossp, on the names and namespaces of name_based.sql.
\ir sql/include/ossp_names.sql
SELECT count(*) AS compared,
       count(*) FILTER (WHERE uuidv3(ns, name) = uuid_generate_v3(ns, name)) AS v3_identical
FROM ossp_names;

-- STRICT: a NULL argument gives NULL, before any digest is asked for.
SELECT uuidv3(NULL, 'x') IS NULL AS v3_null_ns, uuidv3(uuid_namespace('dns'), NULL) IS NULL AS v3_null_name;
SELECT 'still connected' AS session;
