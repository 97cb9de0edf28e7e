-- The benchmark's database (test/bench.sh): every generator this server has, and the
-- list of what is measured. pg_uuidv7 and uuidx both define uuid_generate_v7(), so each
-- peer gets a schema of its own and every call is schema-qualified.
\set ON_ERROR_STOP on
\set QUIET on
CREATE EXTENSION uuidx;
CREATE EXTENSION pgstattuple;
SELECT EXISTS (SELECT FROM pg_available_extensions WHERE name = 'uuid-ossp') AS have_ossp,
       EXISTS (SELECT FROM pg_available_extensions WHERE name = 'pg_uuidv7') AS have_pg_uuidv7,
       current_setting('shared_preload_libraries') ~ 'timescaledb' AS have_timescaledb \gset
\if :have_ossp
CREATE EXTENSION "uuid-ossp";
\endif
\if :have_pg_uuidv7
CREATE SCHEMA pgu;
CREATE EXTENSION pg_uuidv7 SCHEMA pgu;
\endif
\if :have_timescaledb
CREATE SCHEMA ts;
CREATE EXTENSION timescaledb SCHEMA ts;
\endif
CREATE SEQUENCE bench_sequence;

-- `call` is timed per call over an empty loop (test/bench.sql). A candidate with a
-- `key_column` is also a primary key for the inserts (test/bench/insert.sql) and the
-- pgbench run; `in_ratio` marks the pair whose insert times are compared with more
-- repetitions.
CREATE TABLE bench_candidate (
    position int PRIMARY KEY,
    label text NOT NULL,
    call text NOT NULL,
    key_column text,
    in_ratio bool NOT NULL DEFAULT false,
    source text);  -- what the timed count() reads: the empty loop when NULL
INSERT INTO bench_candidate
SELECT row_number() OVER (ORDER BY c.listed), c.label, c.call, c.key_column, c.in_ratio
FROM (VALUES
    (1, 'empty loop', 'g', NULL, false, true),
    (2, '`clock_timestamp()` (one clock read)', 'clock_timestamp()', NULL, false, true),
    (3, 'bigint identity (`nextval()`)', 'nextval(''bench_sequence'')',
        'bigint GENERATED ALWAYS AS IDENTITY', true, true),
    (4, '`gen_random_uuid()` (v4, core)', 'gen_random_uuid()', 'uuid DEFAULT gen_random_uuid()', false, true),
    (5, '`uuidv7()` (core)', 'pg_catalog.uuidv7()', 'uuid DEFAULT pg_catalog.uuidv7()', false,
        to_regprocedure('pg_catalog.uuidv7()') IS NOT NULL),
    (6, '`uuid_generate_v7()` (pg_uuidv7)', 'pgu.uuid_generate_v7()', 'uuid DEFAULT pgu.uuid_generate_v7()', false,
        to_regprocedure('pgu.uuid_generate_v7()') IS NOT NULL),
    (7, '`generate_uuidv7()` (TimescaleDB)', 'ts.generate_uuidv7()', 'uuid DEFAULT ts.generate_uuidv7()', false,
        to_regprocedure('ts.generate_uuidv7()') IS NOT NULL),
    (8, '`uuid_generate_v7()` (uuidx)', 'public.uuid_generate_v7()', 'uuid DEFAULT public.uuid_generate_v7()', true,
        true),
    (9, '`uuid_generate_v6()` (uuidx)', 'public.uuid_generate_v6()', 'uuid DEFAULT public.uuid_generate_v6()', false,
        true),
    (10, '`uuidv4()` (uuidx)', 'public.uuidv4()', NULL, false, true),
    (11, '`uuidv1()` (uuidx)', 'public.uuidv1()', NULL, false, true),
    (12, '`uuid_generate_v4()` (uuid-ossp)', 'public.uuid_generate_v4()', NULL, false,
        to_regprocedure('public.uuid_generate_v4()') IS NOT NULL),
    (13, '`uuid_generate_v1()` (uuid-ossp)', 'public.uuid_generate_v1()', NULL, false,
        to_regprocedure('public.uuid_generate_v1()') IS NOT NULL)
) AS c(listed, label, call, key_column, in_ratio, available)
WHERE c.available;

CREATE TABLE bench_call_result (position int PRIMARY KEY REFERENCES bench_candidate, ns float8 NOT NULL);
CREATE TABLE bench_insert_result (
    position int NOT NULL REFERENCES bench_candidate,
    repetition int NOT NULL,
    seconds float8 NOT NULL,
    wal_bytes numeric NOT NULL,
    index_bytes bigint NOT NULL,
    leaf_density float8 NOT NULL,
    leaf_fragmentation float8 NOT NULL);
CREATE TABLE bench_pgbench_result (position int PRIMARY KEY REFERENCES bench_candidate, tps float8 NOT NULL);

-- Text forms and public ids, timed per key over a table of :calls v7 keys (and their text
-- forms), against reading the key alone; with TypeID encoding in PL/pgSQL as the SQL
-- implementations published for TypeID do it (bit arithmetic per character), checked
-- against uuid_to_typeid() first.
CREATE FUNCTION bench_plpgsql_typeid(prefix text, id uuid) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
    bytes constant bytea := uuid_send(id);
    alphabet constant text := '0123456789abcdefghjkmnpqrstvwxyz';
    suffix text := '';
    first_bit int;
    byte_index int;
    pair int;
BEGIN
    -- 26 digits of 5 bits over two zero bits and the 128 bits of the UUID: digit i is
    -- bits 5i-2 .. 5i+2, read from the two bytes that hold them.
    FOR i IN 0 .. 25 LOOP
        first_bit := 5 * i - 2;
        IF first_bit < 0 THEN
            suffix := suffix || substr(alphabet, (get_byte(bytes, 0) >> 5) + 1, 1);
        ELSE
            byte_index := first_bit / 8;
            pair := get_byte(bytes, byte_index) << 8
                    | CASE WHEN byte_index < 15 THEN get_byte(bytes, byte_index + 1) ELSE 0 END;
            suffix := suffix || substr(alphabet, ((pair >> (11 - first_bit % 8)) & 31) + 1, 1);
        END IF;
    END LOOP;
    RETURN CASE WHEN prefix = '' THEN suffix ELSE prefix || '_' || suffix END;
END $$;

CREATE TABLE bench_text_keys AS
SELECT id, uuid_to_typeid('user', id) AS typeid, uuid_to_ulid(id) AS ulid, uuid_v7_to_public(id) AS public_id
FROM (SELECT uuid_generate_v7() AS id FROM generate_series(1, :calls)) AS keys;
VACUUM ANALYZE bench_text_keys;
SELECT count(*) = 0 AS plpgsql_agrees
FROM bench_text_keys WHERE bench_plpgsql_typeid('user', id) IS DISTINCT FROM typeid \gset
\if :plpgsql_agrees
\else
\echo the PL/pgSQL TypeID encoder disagrees with uuid_to_typeid()
\quit 1
\endif

INSERT INTO bench_candidate (position, label, call, source) VALUES
    (20, 'reading a key (baseline)', 'k.id', 'bench_text_keys k'),
    (21, '`uuid_to_typeid()` (uuidx)', 'uuid_to_typeid(''user'', k.id)', 'bench_text_keys k'),
    (22, 'TypeID encoding in PL/pgSQL (bit arithmetic per digit)', 'bench_plpgsql_typeid(''user'', k.id)', 'bench_text_keys k'),
    (23, '`typeid_to_uuid()` (uuidx)', 'typeid_to_uuid(k.typeid)', 'bench_text_keys k'),
    (24, '`uuid_to_ulid()` (uuidx)', 'uuid_to_ulid(k.id)', 'bench_text_keys k'),
    (25, '`ulid_to_uuid()` (uuidx)', 'ulid_to_uuid(k.ulid)', 'bench_text_keys k'),
    (26, '`uuid_v7_to_public()` (uuidx)', 'uuid_v7_to_public(k.id)', 'bench_text_keys k'),
    (27, '`uuid_public_to_v7()` (uuidx)', 'uuid_public_to_v7(k.public_id)', 'bench_text_keys k');
