-- The guided demo of test/demo.sh: what uuidx does, each step a few statements and their
-- output, on a server with uuidx preloaded. Every claim a step makes is checked by the
-- demo itself (demo.claim below): a false one stops the demo with an error that names the
-- step, so a demo that runs to its end is a demo that is true. test/demo_check.sh runs it
-- on every major, and with uuidx.time_predicates off, where it must fail.
--
-- Each step's explanation is an \echo; ECHO queries shows each statement above its result;
-- the checks run with ECHO off. Output is wrapped to 80 columns.
\set ON_ERROR_STOP on
\set QUIET on
\pset footer off
\pset pager off
\pset format wrapped
\pset columns 80
SET client_min_messages = warning;
SET timezone = 'UTC';

-- The checks: demo.claim(step, what, holds) fails, naming the step, where holds is not true;
-- demo.plan_has(query, pattern): whether a line of the query's plan (EXPLAIN, COSTS OFF)
-- matches the regular expression.
CREATE SCHEMA demo;
CREATE FUNCTION demo.claim(step text, what text, holds boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF holds IS NOT TRUE THEN
        RAISE EXCEPTION 'the demo''s step % claims %, which is not so here', step, what
            USING ERRCODE = 'P0001', HINT = 'uuidx must be preloaded, with uuidx.time_predicates on.';
    END IF;
END $$;
CREATE FUNCTION demo.plan(query text) RETURNS SETOF text LANGUAGE plpgsql AS $$
BEGIN
    RETURN QUERY EXECUTE 'EXPLAIN (COSTS OFF) ' || query;
END $$;
CREATE FUNCTION demo.plan_has(query text, pattern text) RETURNS boolean LANGUAGE sql AS $$
    SELECT coalesce(bool_or(line ~ pattern), false) FROM demo.plan(query) AS line
$$;
-- demo.wait_for(step, what, query): waits, up to 10 s, until the boolean query is true (a
-- state of the second session, never a length of time).
CREATE FUNCTION demo.wait_for(step text, what text, query text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    seen boolean;
BEGIN
    FOR i IN 1 .. 1000 LOOP
        EXECUTE query INTO seen;
        IF seen THEN RETURN; END IF;
        PERFORM pg_sleep(0.01);
    END LOOP;
    PERFORM demo.claim(step, what, false);
END $$;
SELECT current_setting('server_version_num')::int >= 180000 AS virtual_columns \gset
\set ECHO queries

\echo
\echo '1. Keys by default. A v7 key holds the time it was made, to the millisecond.'
CREATE TABLE orders (
    id       uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
    customer text NOT NULL,
    total    numeric(10, 2) NOT NULL
);
INSERT INTO orders (customer, total) VALUES ('ada', 12.50), ('grace', 99.00)
RETURNING id, uuid_v7_to_timestamptz(id) AS created_at;
\set ECHO none
-- Checked right after the INSERT, before the 100,000 rows and their VACUUM: on a loaded
-- machine those take seconds, which a check of "now" after them would count against the keys.
SELECT demo.claim('1', 'that a default key''s time is the time of its INSERT',
                  (SELECT bool_and(uuid_v7_to_timestamptz(id) BETWEEN now() - interval '10 seconds' AND clock_timestamp())
                   FROM orders WHERE customer IN ('ada', 'grace'))) \gset
\set ECHO queries
\echo 'And 100,000 older orders over the last 30 days: a key can carry a past time.'
INSERT INTO orders (id, customer, total)
SELECT uuid_generate_v7(now() - interval '30 days' * (1 - g / 100000.0)),
       'c' || g % 500, g % 90
FROM generate_series(1, 100000) g;
\set ECHO none
VACUUM ANALYZE orders;
\set ECHO queries

\echo
\echo '2. Ordered across the server: every session and parallel worker shares one'
\echo '   clock, so keys made anywhere increase in the order they are made.'
SELECT uuidx_order_scope();
\set ECHO none
SELECT demo.claim('2', 'server-wide order (uuidx preloaded)', uuidx_order_scope() = 'server') \gset
\set ECHO queries

\echo
\echo '3. Ask the key about time, as you would ask a created_at column: the primary'
\echo '   key''s index answers (an index condition on id), no created_at column needed.'
EXPLAIN (COSTS OFF) SELECT count(*) FROM orders
WHERE uuid_v7_to_timestamptz(id) >= now() - interval '1 hour';
SELECT count(*) AS last_hour FROM orders
WHERE uuid_v7_to_timestamptz(id) >= now() - interval '1 hour';
\set ECHO none
\set last_hour 'SELECT count(*) FROM orders WHERE uuid_v7_to_timestamptz(id) >= now() - interval ''1 hour'''
SELECT demo.claim('3', 'that the primary key''s index answers the last hour',
                  demo.plan_has(:'last_hour', 'Index (Only )?Scan using orders_pkey')
                  AND demo.plan_has(:'last_hour', 'Index Cond: \(\(?id >=')) \gset
\set ECHO queries

\echo
\echo '4. The key as created_at: a view''s column, asked and ordered through the key''s'
\echo '   index (the newest first: the index read backward, nothing sorted).'
CREATE VIEW orders_v AS
SELECT *, uuid_v7_to_timestamptz(id) AS created_at FROM orders;
EXPLAIN (COSTS OFF) SELECT * FROM orders_v ORDER BY created_at DESC LIMIT 3;
\set ECHO none
SELECT demo.claim('4', 'that the newest orders are read from the key''s index, unsorted',
                  demo.plan_has('SELECT * FROM orders_v ORDER BY created_at DESC LIMIT 3', 'Index Scan Backward using orders_pkey')
                  AND NOT demo.plan_has('SELECT * FROM orders_v ORDER BY created_at DESC LIMIT 3', 'Sort')) \gset
\if :virtual_columns
\set ECHO queries

\echo '4b. On PostgreSQL 18 and later, the key''s time can be a virtual column of the'
\echo '    table itself (a validated v7 CHECK and NOT NULL: docs/time-column.md).'
CREATE TABLE invoices (
    id uuid PRIMARY KEY DEFAULT uuid_generate_v7()
        CHECK (uuid_extract_version(id) = 7),
    created_at timestamptz
        GENERATED ALWAYS AS (uuid_extract_timestamp(id)) VIRTUAL NOT NULL
);
INSERT INTO invoices (id) SELECT id FROM orders;
\set ECHO none
ANALYZE invoices;
\set ECHO queries
EXPLAIN (COSTS OFF) SELECT * FROM invoices
WHERE created_at >= now() - interval '1 hour';
\set ECHO none
SELECT demo.claim('4b', 'that the virtual column''s last hour is read through the key''s index',
                  demo.plan_has($$SELECT * FROM invoices WHERE created_at >= now() - interval '1 hour'$$,
                                'Index Cond: \(\(?id >=')) \gset
\endif
\set ECHO queries

\echo
\echo '5. Hourly counts read in key order: the latest hours stream from the index,'
\echo '   with no Sort of the table into hours.'
EXPLAIN (COSTS OFF)
SELECT date_trunc('hour', created_at) AS hour, count(*)
FROM orders_v GROUP BY 1 ORDER BY 1 DESC LIMIT 3;
SELECT date_trunc('hour', created_at) AS hour, count(*)
FROM orders_v GROUP BY 1 ORDER BY 1 DESC LIMIT 3;
\set ECHO none
\set hourly 'SELECT date_trunc(''hour'', created_at), count(*) FROM orders_v GROUP BY 1 ORDER BY 1 DESC LIMIT 3'
SELECT demo.claim('5', 'that hourly counts are read from the key''s index with no Sort',
                  demo.plan_has(:'hourly', 'Index Only Scan Backward using orders_pkey')
                  AND NOT demo.plan_has(:'hourly', 'Sort')) \gset

-- Step 6's table and its two consumers, each keeping its position (the last key it read)
-- and what it read. The naive one reads the keys after its position; the horizon's reads
-- the horizon in one statement, then the keys after its position and below the horizon in
-- a later one (docs/consumers.md: each statement of a plpgsql function takes a new
-- snapshot).
CREATE TABLE outbox (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), event text NOT NULL);
CREATE TABLE demo.positions (consumer text PRIMARY KEY, last uuid NOT NULL, read text[] NOT NULL DEFAULT '{}');
INSERT INTO demo.positions VALUES ('naive', '00000000-0000-0000-0000-000000000000'), ('horizon', '00000000-0000-0000-0000-000000000000');
CREATE FUNCTION demo.poll(consumer text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    position uuid := (SELECT last FROM demo.positions AS p WHERE p.consumer = poll.consumer);
    below uuid := CASE consumer WHEN 'horizon' THEN uuidx_commit_horizon() ELSE uuid_max() END;
    read_now text;
BEGIN
    SELECT string_agg(event, ', ' ORDER BY id), (array_agg(id ORDER BY id DESC))[1] INTO read_now, position
    FROM outbox WHERE id > position AND id < below;
    UPDATE demo.positions AS p SET last = coalesce(position, last), read = read || string_to_array(read_now, ', ')
    WHERE p.consumer = poll.consumer;
    RETURN coalesce(read_now, '-');
END $$;
-- Session B: a second psql, driven one statement at a time (test/lib/second_session.sh).
\setenv PGDATABASE :DBNAME
\set late_writer `bash test/lib/second_session.sh start`
\setenv UUIDX_LATE_WRITER :late_writer
\set ECHO queries

\echo
\echo '6. Read a table in key order without missing a row. Keys are ordered by when'
\echo '   they were made, not by when they commit: session B takes a key first and'
\echo '   commits last. The naive consumer reads id > last; the horizon''s reads'
\echo '   id > last AND id < uuidx_commit_horizon(), which B holds back until it ends.'
\echo '   The outbox''s key is DEFAULT uuid_generate_v7(): from PostgreSQL 18 an'
\echo '   unqualified uuidv7() is the core''s own, which the horizon does not cover.'
\set b_writes 'BEGIN; INSERT INTO outbox (event) VALUES (''late'');'
\echo 'B=>' :b_writes
\setenv UUIDX_SECOND_SQL :b_writes
\! bash test/lib/second_session.sh send "$UUIDX_LATE_WRITER"
\set ECHO none
SELECT demo.wait_for('6', 'that session B holds the horizon once it made a key',
                     'SELECT EXISTS (SELECT FROM uuidx_horizon_holders WHERE pid <> pg_backend_pid())') \gset
\set ECHO queries
INSERT INTO outbox (event) VALUES ('early 1'), ('early 2');
SELECT demo.poll('naive') AS naive, demo.poll('horizon') AS horizon;
\set b_commits 'COMMIT;'
\echo 'B=>' :b_commits
\setenv UUIDX_SECOND_SQL :b_commits
\! bash test/lib/second_session.sh send "$UUIDX_LATE_WRITER"
\set ECHO none
SELECT demo.wait_for('6', 'that session B''s row commits',
                     $$SELECT EXISTS (SELECT FROM outbox WHERE event = 'late')$$) \gset
\! bash test/lib/second_session.sh stop "$UUIDX_LATE_WRITER"
\set ECHO queries
SELECT demo.poll('naive') AS naive, demo.poll('horizon') AS horizon;
\set ECHO none
SELECT demo.claim('6', 'that B''s key is below the keys committed before it',
                  (SELECT id FROM outbox WHERE event = 'late') < ALL (SELECT id FROM outbox WHERE event <> 'late')) \gset
SELECT demo.claim('6', 'that the naive consumer never read B''s row and the horizon''s read every row once',
                  (SELECT read FROM demo.positions WHERE consumer = 'naive') = '{early 1, early 2}'
                  AND (SELECT read FROM demo.positions WHERE consumer = 'horizon') = '{late, early 1, early 2}') \gset
\echo '   The naive consumer moved past B''s row before it committed: it never reads it.'
\set ECHO queries

\echo
\echo '7. Keys that leave the database: a TypeID for the API (jetify 0.3), and the'
\echo '   lookup by it: a primary-key lookup, the TypeID decoded once, as a constant.'
SELECT uuid_to_typeid('order', id) AS public_key
FROM orders WHERE customer = 'ada';
\set ECHO none
SELECT uuid_to_typeid('order', id) AS public_key FROM orders WHERE customer = 'ada' \gset
\set ECHO queries
EXPLAIN (COSTS OFF) SELECT customer, total FROM orders
WHERE id = typeid_to_uuid(:'public_key');
SELECT customer, total FROM orders
WHERE id = typeid_to_uuid(:'public_key');
\set ECHO none
SELECT demo.claim('7', 'that a TypeID lookup is a primary-key lookup',
                  demo.plan_has(format('SELECT * FROM orders WHERE id = typeid_to_uuid(%L)', :'public_key'),
                                'Index Scan using orders_pkey')) \gset
\set ECHO queries

\echo
\echo '8. The whole RFC 9562 family, and any UUID explained by uuid_inspect().'
SELECT kind, i.version, i.version_name, i.timestamp::timestamptz(0) AS time
FROM uuid_namespace('dns') AS dns,
     LATERAL (VALUES ('v1', uuidv1()), ('v3', uuidv3(dns, 'a.b')),
                     ('v4', public.uuidv4()), ('v5', uuidv5(dns, 'a.b')),
                     ('v6', uuid_generate_v6()), ('v7', uuid_generate_v7()),
                     ('v8', uuid_generate_v8_name(dns, 'a.b'))
             ) AS family(kind, id),
     uuid_inspect(family.id) AS i;
\set ECHO none
SELECT demo.claim('8', 'that each generator makes its version',
                  (SELECT array_agg(uuid_extract_version(id) ORDER BY n) FROM (VALUES
                      (1, uuidv1()), (3, uuidv3(uuid_namespace('dns'), 'example.com')), (4, public.uuidv4()),
                      (5, uuidv5(uuid_namespace('dns'), 'example.com')), (6, uuid_generate_v6()), (7, uuid_generate_v7()),
                      (8, uuid_generate_v8_name(uuid_namespace('dns'), 'example.com'))) AS f(n, id))
                  = '{1,3,4,5,6,7,8}') \gset
\set ECHO queries

\echo
\echo '9. Moving v4 keys to v7: uuid_v4_to_v7(old key, created_at) is deterministic,'
\echo '   so batches can be re-run and copies elsewhere map to the same keys.'
SELECT v7, uuid_v7_to_timestamptz(v7) AS its_time
FROM uuid_v4_to_v7('919108f7-52d1-4320-9bac-f847db4148a8',
                   '2022-02-22 19:22:22+00') AS v7;
\set ECHO none
SELECT demo.claim('9', 'that the mapping is deterministic and carries created_at',
                  uuid_v4_to_v7('919108f7-52d1-4320-9bac-f847db4148a8', '2022-02-22 19:22:22+00')
                  = uuid_v4_to_v7('919108f7-52d1-4320-9bac-f847db4148a8', '2022-02-22 19:22:22+00')
                  AND uuid_v7_to_timestamptz(uuid_v4_to_v7('919108f7-52d1-4320-9bac-f847db4148a8', '2022-02-22 19:22:22+00'))
                      = '2022-02-22 19:22:22+00') \gset

\echo
\echo 'Every step above checked its own claims. Read next, in README.md: Time as a'
\echo 'column; Reading in key order without missing a row; Keys that leave the'
\echo 'database; Migrating from v4 to v7 keys. And docs/time-column.md,'
\echo 'docs/consumers.md, docs/guarantees.md (each promise and its test).'
