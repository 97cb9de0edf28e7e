-- uuid_generate_v7() and uuidv7(): properties of generated values, never the values.

-- Version 7, RFC 9562 variant, distinct, over 100,000 calls.
SELECT count(*) AS n, count(DISTINCT u) AS distinct_values,
       bool_and(public.uuid_extract_version(u) = 7) AS all_v7,
       bool_and(uuid_extract_variant(u) = 2) AS all_rfc9562
FROM (SELECT uuid_generate_v7() AS u FROM generate_series(1, 100000)) s;

-- Strictly increasing within a session, call after call (generate_series yields n in order
-- and each row calls the function once).
SELECT count(*) AS pairs, bool_and(u > previous) AS strictly_increasing
FROM (SELECT u, lag(u) OVER (ORDER BY n) AS previous
      FROM (SELECT n, uuid_generate_v7() AS u FROM generate_series(1, 100000) n) s) t
WHERE previous IS NOT NULL;

-- uuidv7() is the same generator: interleaved calls keep one order.
SELECT bool_and(a < b AND b < c) AS one_order
FROM (SELECT uuid_generate_v7() AS a, public.uuidv7() AS b, uuid_generate_v7() AS c
      FROM generate_series(1, 1000)) s;

-- The embedded time is the current time: within a second of clock_timestamp() and,
-- truncated to the millisecond, never ahead of it.
SELECT abs(extract(epoch FROM public.uuid_extract_timestamp(u) - t)) < 1 AS within_a_second,
       public.uuid_extract_timestamp(u) <= t AS not_ahead
FROM (SELECT uuid_generate_v7() AS u, clock_timestamp() AS t) s;

-- Values increase across statements and transactions of a session too.
CREATE TEMP TABLE keys (n serial, id uuid DEFAULT uuid_generate_v7());
INSERT INTO keys DEFAULT VALUES;
BEGIN; INSERT INTO keys DEFAULT VALUES; INSERT INTO keys DEFAULT VALUES; COMMIT;
INSERT INTO keys DEFAULT VALUES;
SELECT array_agg(n ORDER BY id) = array_agg(n ORDER BY n) AS key_order_is_insert_order FROM keys;

-- uuidv4(): version 4, RFC 9562 variant, distinct.
SELECT count(DISTINCT u) AS distinct_values, bool_and(public.uuid_extract_version(u) = 4) AS all_v4,
       bool_and(uuid_extract_variant(u) = 2) AS all_rfc9562
FROM (SELECT public.uuidv4() AS u FROM generate_series(1, 10000)) s;

-- Generators are VOLATILE: a new value per row even in one statement.
SELECT count(DISTINCT public.uuidv7()) AS v7_per_row, count(DISTINCT public.uuidv4()) AS v4_per_row
FROM generate_series(1, 5);
