-- The guided demo of test/demo.sh: time-ordered primary keys with uuidx. Each step's
-- explanation is an \echo, so that it reaches the screen; ECHO queries shows each query
-- above its result; QUIET drops the command tags (CREATE TABLE, INSERT 0 1). A result
-- ends with a blank line, so only the steps after statements without one echo a blank.
\set QUIET on
\pset footer off
SET timezone = 'UTC';
\set ECHO queries

\echo
\echo '1. A table keyed by UUIDv7: the default is all it takes.'
CREATE TABLE orders (
    id       uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
    customer text NOT NULL,
    total    numeric(10, 2) NOT NULL
);

\echo
\echo '2. A few rows, a short pause between them.'
INSERT INTO orders (customer, total) VALUES ('ada', 12.50);
\set ECHO none
SELECT pg_sleep(0.05) \gset
\set ECHO queries
INSERT INTO orders (customer, total) VALUES ('grace', 99.00), ('linus', 7.25);
\set ECHO none
SELECT pg_sleep(0.05) \gset
\set ECHO queries
INSERT INTO orders (customer, total) VALUES ('barbara', 42.00);

\echo
\echo '3. Each key carries its creation time, to the millisecond: no created_at column needed.'
\echo '   (public. names uuidx''s function: from 17 on the unqualified name is PostgreSQL''s,'
\echo '   which reads no v6 time, and on 17 no v7 time either.)'
SELECT id, customer, public.uuid_extract_timestamp(id) AS created_at,
       uuid_extract_version(id) AS version, uuid_extract_variant(id) AS variant
FROM orders ORDER BY id;

\echo '4. Keys sort in creation order, so new rows go to the right edge of the index.'
SELECT array_agg(customer ORDER BY id) AS by_key FROM orders;

\echo '5. Strictly increasing within a session, even many keys per millisecond.'
SELECT count(*) AS keys, bool_and(id > previous) AS strictly_increasing,
       count(DISTINCT uuid_v7_to_timestamptz(id)) AS distinct_milliseconds
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS previous
      FROM (SELECT n, uuid_generate_v7() AS id FROM generate_series(1, 100000) n) s) t
WHERE previous IS NOT NULL;

\echo '6. PostgreSQL 18''s names on every major: uuidv7(), uuidv7(shift), uuidv4()'
\echo '   (on 18 the unqualified names are the built-ins; public. reaches uuidx''s).'
SELECT public.uuid_extract_timestamp(public.uuidv7('-1 day')) < now() - interval '23 hours' AS yesterday,
       uuid_extract_version(public.uuidv4()) AS v4_version;

\echo '7. Any UUID explained, field by field (RFC 9562 A.6 here).'
\x on
SELECT * FROM uuid_inspect('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
\x off

\echo '8. The rest of the family: v6 sorts by time, v8 by name with SHA-256 (RFC 9562 B.2),'
\echo '   v5 as uuid-ossp makes it, v1 <-> v6 without loss.'
SELECT uuid_extract_version(uuid_generate_v6()) AS v6,
       public.uuid_extract_timestamp(uuid_generate_v6()) > now() - interval '1 minute' AS v6_time_now,
       uuid_generate_v8_name(uuid_namespace('dns'), 'www.example.com') AS v8_sha256,
       uuidv5(uuid_namespace('dns'), 'www.example.com') AS v5,
       uuid_v1_to_v6('c232ab00-9414-11ec-b3c8-9f6bdeced846') AS a1_as_v6;

\echo '9. A time range is a key range: the orders of the last minute, through the primary key.'
EXPLAIN (COSTS OFF)
SELECT * FROM orders WHERE id >= uuid_v7_min(now() - interval '1 minute') AND id <= uuid_v7_max(now());
SELECT count(*) AS orders_last_minute FROM orders
WHERE id >= uuid_v7_min(now() - interval '1 minute') AND id <= uuid_v7_max(now());

\echo '10. Backfill with a past time, and migrate a v4 key deterministically.'
SELECT public.uuid_extract_timestamp(uuid_generate_v7('2020-02-29 12:00:00.123456+00')) AS backfilled,
       uuid_v4_to_v7('919108f7-52d1-4320-9bac-f847db4148a8', '2022-02-22 19:22:22+00') AS migrated;

\echo '11. Ordered per session, or across the server when uuidx is preloaded.'
SELECT uuidx_order_scope();
