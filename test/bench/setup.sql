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
    in_ratio bool NOT NULL DEFAULT false);
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
