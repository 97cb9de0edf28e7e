-- The switches of docs/switching.md that need no peer extension, run exactly as given, each in a
-- database of its own: from a hand-written uuid_generate_v7() (the overlay() recipe), and
-- from uuid-ossp's uuid_generate_v4() defaults. (From pg_uuidv7: the integration test
-- switch_from_pg_uuidv7.sh, with the packaged pg_uuidv7.) The scripts themselves are not
-- echoed here (ECHO none): they are in sql/include/ and, word for word, in docs/switching.md.
SET client_min_messages = notice;
CREATE DATABASE uuidx_switch_own;
\c uuidx_switch_own

-- A hand-written v7 function, a default, a view and a SQL-standard function body using it.
CREATE FUNCTION uuid_generate_v7() RETURNS uuid LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    RETURN encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
        PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
        FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid;
END $$;
CREATE TABLE tickets (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), title text);
CREATE VIEW ticket_keys AS SELECT id, uuid_generate_v7() AS fresh FROM tickets;
CREATE FUNCTION next_ticket_key() RETURNS uuid LANGUAGE sql VOLATILE RETURN uuid_generate_v7();
INSERT INTO tickets (title) SELECT 'ticket ' || g FROM generate_series(1, 500) g;
CREATE TABLE before AS SELECT * FROM tickets;
SELECT pg_sleep(0.002);

-- The switch: name what to replace, then run the script.
SET uuidx_switch.replace = 'public.uuid_generate_v7()';
\set ECHO none
\ir sql/include/switch_to_uuidx.sql
\set ECHO all
SELECT e.extnamespace::regnamespace AS uuidx_schema,
       (SELECT count(*) FROM pg_proc p WHERE p.proname = 'uuid_generate_v7' AND p.prolang = (SELECT oid FROM pg_language WHERE lanname = 'plpgsql')) AS hand_written_left
FROM pg_extension e WHERE e.extname = 'uuidx';
-- Every default, view and body calls uuidx's uuid_generate_v7(); the rows are untouched.
SELECT pg_describe_object(d.classid, d.objid, d.objsubid) AS dependent,
       (SELECT e.extname FROM pg_depend x JOIN pg_extension e ON e.oid = x.refobjid
        WHERE x.classid = 'pg_proc'::regclass AND x.objid = d.refobjid AND x.deptype = 'e') AS calls_extension
FROM pg_depend d
WHERE d.refclassid = 'pg_proc'::regclass AND d.deptype = 'n'
  AND d.refobjid IN (SELECT oid FROM pg_proc WHERE proname = 'uuid_generate_v7')
ORDER BY 1;
SELECT (SELECT count(*) FROM tickets t JOIN before b USING (id, title)) AS untouched_rows;
INSERT INTO tickets (title) VALUES ('after the switch');
SELECT bool_and(t.id > b.id) AS new_key_sorts_last,
       uuid_extract_variant(next_ticket_key()) = 2 AND uuid_v7_to_timestamptz(next_ticket_key()) > now() - interval '1 minute' AS body_calls_uuidx
FROM tickets t, before b WHERE t.title = 'after the switch';
-- A second run changes nothing.
\set ECHO none
\ir sql/include/switch_to_uuidx.sql
\set ECHO all
RESET uuidx_switch.replace;

\c contrib_regression
DROP DATABASE uuidx_switch_own;

-- From uuid-ossp: v4 defaults become uuidx's v7; defaults that do more are left alone.
CREATE DATABASE uuidx_switch_ossp;
\c uuidx_switch_ossp
CREATE EXTENSION "uuid-ossp";
CREATE EXTENSION uuidx;
CREATE TABLE accounts (id uuid PRIMARY KEY DEFAULT uuid_generate_v4(), name text);
CREATE TABLE sessions (id uuid PRIMARY KEY DEFAULT uuid_generate_v4(), token text DEFAULT md5(uuid_generate_v4()::text));
INSERT INTO accounts (name) SELECT 'account ' || g FROM generate_series(1, 100) g;
\set ECHO none
\ir sql/include/from_uuid_ossp.sql
\set ECHO all
INSERT INTO accounts (name) VALUES ('after the switch');
SELECT public.uuid_extract_version(id) AS version, count(*) FROM accounts GROUP BY 1 ORDER BY 1;
SELECT attrelid::regclass AS tbl, attname, pg_get_expr(adbin, adrelid) AS default_now
FROM pg_attrdef JOIN pg_attribute ON attrelid = adrelid AND attnum = adnum
WHERE attrelid IN ('accounts'::regclass, 'sessions'::regclass) ORDER BY 1, 2;
\c contrib_regression
DROP DATABASE uuidx_switch_ossp;
