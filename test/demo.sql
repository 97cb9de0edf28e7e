-- The guided demo of test/demo.sh: time-ordered primary keys with uuidx.
\set ECHO queries
\pset footer off
SET timezone = 'UTC';

-- 1. A table keyed by UUIDv7: the default is all it takes.
CREATE TABLE orders (
    id       uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
    customer text NOT NULL,
    total    numeric(10, 2) NOT NULL
);

-- 2. Insert a few rows, a short pause between them.
INSERT INTO orders (customer, total) VALUES ('ada', 12.50);
SELECT pg_sleep(0.05) \gset
INSERT INTO orders (customer, total) VALUES ('grace', 99.00), ('linus', 7.25);
SELECT pg_sleep(0.05) \gset
INSERT INTO orders (customer, total) VALUES ('barbara', 42.00);

-- 3. Each key carries its creation time, to the millisecond: no created_at column needed.
SELECT id, customer, uuid_extract_timestamp(id) AS created_at,
       uuid_extract_version(id) AS version, uuid_extract_variant(id) AS variant
FROM orders ORDER BY id;

-- 4. Keys sort in creation order, so new rows go to the right edge of the index.
SELECT array_agg(customer ORDER BY id) AS by_key FROM orders;

-- 5. Strictly increasing within a session, even many per millisecond.
SELECT count(*) AS keys, bool_and(id > previous) AS strictly_increasing,
       count(DISTINCT uuid_extract_timestamp(id)) AS distinct_milliseconds
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS previous
      FROM (SELECT n, uuid_generate_v7() AS id FROM generate_series(1, 100000) n) s) t
WHERE previous IS NOT NULL;

-- 6. PostgreSQL 18's names work today: uuidv7(), uuidv7(shift), uuidv4().
SELECT uuid_extract_timestamp(uuidv7('-1 day')) < now() - interval '23 hours' AS yesterday,
       uuid_extract_version(uuidv4()) AS v4_version;
