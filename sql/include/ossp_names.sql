-- The names and namespaces on which uuidx's v3/v5 are compared with uuid-ossp's: 10,000
-- names (empty, long, non-ASCII, control characters; no md5(), which a FIPS server refuses)
-- in each of the four RFC 9562 namespaces and two random ones. uuid-ossp is created here
-- for the files that compare with it (pg_regress makes the test database with uuidx only).
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS "uuid-ossp";
RESET client_min_messages;
CREATE TEMP TABLE ossp_names AS
SELECT ns, name
FROM (SELECT CASE n % 5
                 WHEN 0 THEN ''
                 WHEN 1 THEN 'name-' || n
                 WHEN 2 THEN repeat(to_hex(n * 2654435761) || '-', 1 + n % 64)
                 WHEN 3 THEN 'ünïcødé 名前 ' || n || ' ✓'
                 ELSE chr(1 + n % 55000) || n
             END AS name
      FROM generate_series(1, 10000) n) names,
     unnest(ARRAY[uuid_ns_dns(), uuid_ns_url(), uuid_ns_oid(), uuid_ns_x500(),
                  uuid_generate_v4(), uuid_generate_v4()]) AS ns;
