-- Name-based UUIDs: v5 (SHA-1) and v8 with modern digests (v3 is in name_based_v3.sql).

-- RFC 9562 A.4 and B.2: namespace DNS, name "www.example.com".
SELECT uuidv5(uuid_namespace('dns'), 'www.example.com') = '2ed6657d-e927-568b-95e1-2665a8aea6a2' AS a4,
       uuid_generate_v8_name(uuid_namespace('dns'), 'www.example.com') = '5c146b14-3c52-8afd-938a-375d0df1fbf6' AS b2;

-- Every supported digest, by name (case-insensitive); version 8, RFC 9562 variant.
SELECT a, uuid_generate_v8_name(uuid_namespace('dns'), 'www.example.com', a) AS u
FROM unnest(ARRAY['sha256', 'SHA256', 'sha384', 'sha512', 'sha3-256', 'Sha3-512']) AS a;

-- Byte-identical to uuid-ossp (uuidv3 in name_based_v3.sql). pg_regress feeds this file to
-- psql on standard input, so \ir paths are relative to the project's top directory.
\ir sql/include/ossp_names.sql
SELECT count(*) AS compared,
       count(*) FILTER (WHERE uuidv5(ns, name) = uuid_generate_v5(ns, name)) AS v5_identical,
       max(octet_length(name)) AS longest_name_bytes,
       count(*) FILTER (WHERE name = '') > 0 AS has_empty,
       count(*) FILTER (WHERE octet_length(name) > length(name)) > 0 AS has_non_ascii
FROM ossp_names;

-- The namespace IDs equal uuid-ossp's, and names are case-insensitive.
SELECT uuid_namespace('dns') = uuid_ns_dns() AS dns, uuid_namespace('URL') = uuid_ns_url() AS url,
       uuid_namespace('Oid') = uuid_ns_oid() AS oid, uuid_namespace('x500') = uuid_ns_x500() AS x500;

-- Deterministic and IMMUTABLE: the same input always gives the same UUID.
SELECT uuidv5(uuid_namespace('url'), 'https://example.com/') = uuidv5(uuid_namespace('url'), 'https://example.com/') AS stable;

-- Bad input: an unknown digest or namespace names what is accepted.
SELECT uuid_generate_v8_name(uuid_namespace('dns'), 'www.example.com', 'md4');
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_generate_v8_name(uuid_namespace('dns'), 'www.example.com', '');
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_namespace('ldap');
\echo :LAST_ERROR_SQLSTATE
SELECT uuid_namespace('dns ');
\echo :LAST_ERROR_SQLSTATE

-- STRICT: any NULL argument gives NULL.
SELECT uuidv5(uuid_namespace('dns'), NULL) IS NULL AS v5_null_name,
       uuid_generate_v8_name(uuid_namespace('dns'), 'x', NULL) IS NULL AS v8_null_algorithm,
       uuid_namespace(NULL) IS NULL AS namespace_null;
