-- The data and the query generator of planner_differential.sh: random queries whose
-- results must not depend on uuidx.time_predicates, each run with the planner features on
-- and off. Written in SQL and PL/pgSQL, because the root file systems of 17, 18 and 19 have
-- nothing but the server and psql; setseed() makes the queries repeatable (the keys are
-- built from md5() of their row's number, so the data is too, but for the keys near now()).
--
-- Data: keys in clumps, many sharing a millisecond, and prefix and last keys of the
-- milliseconds the partitions start on; a plain table, one range-partitioned by
-- uuid_time_encoder() bounds, one hash-partitioned, one of mixed versions (nil, max, v1, v4,
-- v6, v7) without a CHECK and with NULL keys in an indexed column, one under the v7 CHECK
-- with keys of no version, one with a BRIN index only, on 18 and later one with a VIRTUAL
-- column; a foreign table and a table with foreign partitions (postgres_fdw to this very
-- database), partitions of partitions, and sources whose costs make plans parallel. Most keys
-- lie in four days of March 2025; some clump at 2025's transitions of the zones the queries
-- run in, one drawn per query.
-- The time reaches the queries as a function call, a view's column (plain, security_barrier,
-- DISTINCT, LIMIT, an aggregate and a window function inside), a subquery's, a CTE's or a
-- virtual column.
SELECT uuid_max() IS NOT NULL AS library_loaded \gset
SELECT setseed(:data_seed);

-- A key of version ver at Unix millisecond ms, the rest from md5(salt): repeatable.
CREATE FUNCTION pd_key(ms bigint, ver int, salt text) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
    SELECT (lpad(to_hex(ms), 12, '0') || to_hex(ver) || substr(h, 1, 3)
            || substr('89ab', 1 + get_byte(decode(substr(h, 4, 2), 'hex'), 0) % 4, 1) || substr(h, 6, 15))::uuid
    FROM md5(salt) h
$$;
CREATE FUNCTION pd_ms(ts timestamptz) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
    SELECT floor(extract(epoch FROM ts) * 1000)::bigint
$$;

-- The time zones the queries run in (one drawn per query), and the minutes at which their
-- offsets change in 1987 to 2011 (planner_differential_buckets.sql's data) and in March and
-- April 2025 (America's on 03-09, Chatham's and Lord Howe's on 04-06): the days whose offset
-- differs from the next day's, then the first minute of the day with the next day's offset.
-- America/St_Johns, Goose_Bay and Moncton fell back at 00:01 until 2010; Antarctica/Casey
-- stepped back on 2010-03-05.
CREATE TABLE pd_zones (zone text PRIMARY KEY);
INSERT INTO pd_zones VALUES ('UTC'), ('America/St_Johns'), ('America/Goose_Bay'), ('America/Moncton'),
    ('Antarctica/Casey'), ('Pacific/Chatham'), ('Australia/Lord_Howe'), ('America/New_York'), ('Asia/Kolkata');
CREATE TABLE pd_transitions AS
WITH offsets AS (
    SELECT zone, d, (d AT TIME ZONE zone) - (d AT TIME ZONE 'UTC') AS offset_at
    FROM pd_zones, (SELECT generate_series(timestamptz '1987-01-01+00', '2011-01-01+00', interval '1 day')
                    UNION ALL SELECT generate_series(timestamptz '2025-02-25+00', '2025-04-15+00', interval '1 day')) days(d)
), changes AS (
    SELECT zone, d, offset_at, lead(offset_at) OVER (PARTITION BY zone ORDER BY d) AS next_offset,
           lead(d) OVER (PARTITION BY zone ORDER BY d) - d AS next_day
    FROM offsets
)
SELECT zone, (SELECT min(m) FROM generate_series(d, d + interval '1 day', interval '1 minute') m
              WHERE (m AT TIME ZONE zone) - (m AT TIME ZONE 'UTC') = next_offset) AS at
FROM changes WHERE offset_at <> next_offset AND next_day = interval '1 day';

-- Four days from 2025-03-03, in 40 clumps of a few tens of milliseconds, and two clumps at
-- each of 2025's transitions above (one on it, one within three hours), so that windows and
-- buckets in those zones cross them; rows in a clump crowd into its first milliseconds.
CREATE TABLE pd_clumps AS
SELECT row_number() OVER (ORDER BY center)::int AS c, center FROM (
    SELECT pd_ms(timestamptz '2025-03-03 00:00+00' + random() * interval '4 days') AS center FROM generate_series(1, 40)
    UNION ALL
    SELECT pd_ms(at + e.shift) FROM pd_transitions,
        LATERAL (VALUES (interval '0'), ((random() - 0.5) * interval '6 hours')) e(shift)
    WHERE at >= '2025-01-01+00') clumps;
-- The partitions' bounds (a day each, then one to after the transitions), and the
-- milliseconds of the keys near now().
CREATE TABLE pd_bounds AS
SELECT d AS bound FROM generate_series(timestamptz '2025-03-03 00:00+00', '2025-03-07 00:00+00', interval '1 day') d
UNION ALL SELECT '2025-04-08 00:00+00';

CREATE FUNCTION pd_rows(salt text, n int) RETURNS TABLE (ms bigint, i int) LANGUAGE sql AS $$
    SELECT (SELECT center FROM pd_clumps WHERE c = 1 + (i * 7919 + length(salt)) % (SELECT count(*) FROM pd_clumps))
           + floor(random() * random() * 30)::bigint, i
    FROM generate_series(1, n) i
$$;
-- Keys exactly on the partitions' first milliseconds: the first key of the millisecond
-- (a prefix key), a v7 in it, and the last key of the millisecond before.
CREATE VIEW pd_edge_keys AS
SELECT k FROM pd_bounds, LATERAL (VALUES (uuid_time_encoder(bound)), (pd_key(pd_ms(bound), 7, bound::text)),
                                         (uuid_time_max_key(bound, false))) e(k);
-- Keys near now(), for now()-relative windows: the last two hours.
CREATE FUNCTION pd_recent(salt text, n int) RETURNS SETOF uuid LANGUAGE sql AS $$
    SELECT pd_key(pd_ms(now()) - floor(random() * 7200000)::bigint, 7, salt || i) FROM generate_series(1, n) i
$$;

CREATE TABLE t_plain (id uuid PRIMARY KEY, n int NOT NULL);
INSERT INTO t_plain SELECT pd_key(ms, 7, 'plain' || i), i % 97 FROM pd_rows('plain', 3000) ON CONFLICT DO NOTHING;
INSERT INTO t_plain SELECT k, 1 FROM pd_edge_keys ON CONFLICT DO NOTHING;
INSERT INTO t_plain SELECT k, 2 FROM pd_recent('plain', 150) k ON CONFLICT DO NOTHING;

CREATE TABLE t_part (id uuid PRIMARY KEY, n int NOT NULL) PARTITION BY RANGE (id);
DO $$
DECLARE
    p record;
BEGIN
    FOR p IN SELECT bound AS first, next FROM (SELECT bound, lead(bound) OVER (ORDER BY bound) AS next FROM pd_bounds) b
             WHERE next IS NOT NULL LOOP
        EXECUTE format('CREATE TABLE %I PARTITION OF t_part FOR VALUES FROM (%L) TO (%L)',
                       't_part_' || to_char(p.first AT TIME ZONE 'UTC', 'MMDD'),
                       uuid_time_encoder(p.first), uuid_time_encoder(p.next));
    END LOOP;
END
$$;
CREATE TABLE t_part_default PARTITION OF t_part DEFAULT;
INSERT INTO t_part SELECT pd_key(ms, 7, 'part' || i), i % 89 FROM pd_rows('part', 2500) ON CONFLICT DO NOTHING;
INSERT INTO t_part SELECT id, n FROM t_plain WHERE n < 25 ON CONFLICT DO NOTHING;  -- shared keys, for joins
INSERT INTO t_part SELECT k, 3 FROM pd_recent('part', 100) k ON CONFLICT DO NOTHING;

-- Hash partitions of the key (docs/many-cores.md): the plain table's rows in four.
CREATE TABLE t_hash (id uuid PRIMARY KEY, n int NOT NULL) PARTITION BY HASH (id);
CREATE TABLE t_hash_0 PARTITION OF t_hash FOR VALUES WITH (MODULUS 4, REMAINDER 0);
CREATE TABLE t_hash_1 PARTITION OF t_hash FOR VALUES WITH (MODULUS 4, REMAINDER 1);
CREATE TABLE t_hash_2 PARTITION OF t_hash FOR VALUES WITH (MODULUS 4, REMAINDER 2);
CREATE TABLE t_hash_3 PARTITION OF t_hash FOR VALUES WITH (MODULUS 4, REMAINDER 3);
INSERT INTO t_hash SELECT id, n FROM t_plain;

-- Mixed versions, no CHECK; ref: NULL in one row of six, an index with NULLs first.
CREATE TABLE t_mixed (id uuid PRIMARY KEY, ref uuid, n int NOT NULL);
INSERT INTO t_mixed
SELECT CASE i % 5 WHEN 0 THEN pd_key(ms, 1, 'mixed' || i) WHEN 1 THEN md5('mixed4' || i)::uuid
                  WHEN 2 THEN pd_key(ms, 6, 'mixed' || i) ELSE pd_key(ms, 7, 'mixed' || i) END,
       CASE WHEN i % 6 = 0 THEN NULL WHEN i % 6 = 1 THEN (SELECT id FROM t_plain ORDER BY id OFFSET i LIMIT 1)
            ELSE pd_key(ms + 3, 1 + 3 * (i % 3), 'ref' || i) END,
       i % 83
FROM pd_rows('mixed', 2000) ON CONFLICT DO NOTHING;
INSERT INTO t_mixed VALUES ('00000000-0000-0000-0000-000000000000', NULL, 4), ('ffffffff-ffff-ffff-ffff-ffffffffffff', NULL, 5),
    (uuid_v7_min('2025-03-04 00:00+00'), '00000000-0000-0000-0000-000000000000', 6),
    (uuid_time_encoder('2025-03-05 00:00+00'), 'ffffffff-ffff-ffff-ffff-ffffffffffff', 7);
INSERT INTO t_mixed SELECT k, k, 8 FROM pd_recent('mixed', 60) k ON CONFLICT DO NOTHING;
CREATE INDEX t_mixed_ref ON t_mixed (ref NULLS FIRST);

-- The v7 CHECK, with keys of no version that it lets through (NULL times).
CREATE TABLE t_v7 (id uuid PRIMARY KEY CHECK (public.uuid_extract_version(id) = 7), n int NOT NULL);
INSERT INTO t_v7 SELECT pd_key(ms, 7, 'v7' || i), i % 79 FROM pd_rows('v7', 2000) ON CONFLICT DO NOTHING;
INSERT INTO t_v7 VALUES ('00000000-0000-0000-0000-000000000000', 9), ('ffffffff-ffff-ffff-ffff-ffffffffffff', 10),
    (overlay(pd_key(pd_ms('2025-03-04 12:00+00'), 7, 'v0')::text PLACING '0' FROM 20 FOR 1)::uuid, 11),
    (overlay(pd_key(pd_ms('2025-03-05 00:00+00'), 7, 'vc')::text PLACING 'c' FROM 20 FOR 1)::uuid, 12);
INSERT INTO t_v7 SELECT k, 13 FROM pd_recent('v7', 60) k ON CONFLICT DO NOTHING;

-- A BRIN index and no btree; rows in key order, as a log table's.
CREATE TABLE t_brin (id uuid, n int NOT NULL);
INSERT INTO t_brin SELECT k, row_number() OVER (ORDER BY k)::int % 71
FROM (SELECT pd_key(ms, 7, 'brin' || i) FROM pd_rows('brin', 2000) UNION SELECT k FROM pd_edge_keys) s(k) ORDER BY k;
CREATE INDEX t_brin_id ON t_brin USING brin (id) WITH (pages_per_range = 2);

-- For joins and LATERAL: keys of the other tables, and a few of nobody's.
CREATE TABLE t_small (id uuid PRIMARY KEY, n int NOT NULL);
INSERT INTO t_small SELECT id, n FROM t_plain WHERE n = 5 ON CONFLICT DO NOTHING;
INSERT INTO t_small SELECT id, n FROM t_mixed WHERE n = 6 ON CONFLICT DO NOTHING;
INSERT INTO t_small SELECT ref, n FROM t_mixed WHERE n = 7 AND ref IS NOT NULL ON CONFLICT DO NOTHING;
INSERT INTO t_small SELECT pd_key(ms, 7, 'small' || i), 100 FROM pd_rows('small', 10) ON CONFLICT DO NOTHING;

-- Foreign tables (docs/planner.md row 8): postgres_fdw's loopback to this database over
-- the server's unix socket; the plain table's rows through one, and a table partitioned as
-- t_part whose later partitions are foreign (their rows in r_fpart_*, read through the
-- loopback). A partitioned table with a foreign partition can have no unique index.
CREATE EXTENSION postgres_fdw;
DO $$
BEGIN
    EXECUTE format('CREATE SERVER pd_loopback FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host %L, port %L, dbname %L)',
                   split_part(current_setting('unix_socket_directories'), ',', 1), current_setting('port'), current_database());
END
$$;
CREATE USER MAPPING FOR CURRENT_USER SERVER pd_loopback;
CREATE FOREIGN TABLE f_plain (id uuid, n int) SERVER pd_loopback OPTIONS (table_name 't_plain');
CREATE TABLE t_fpart (id uuid NOT NULL, n int NOT NULL) PARTITION BY RANGE (id);
DO $$
DECLARE
    p record;
    name text;
BEGIN
    FOR p IN SELECT bound AS first, next FROM (SELECT bound, lead(bound) OVER (ORDER BY bound) AS next FROM pd_bounds) b
             WHERE next IS NOT NULL LOOP
        name := 't_fpart_' || to_char(p.first AT TIME ZONE 'UTC', 'MMDD');
        IF p.first < '2025-03-05 00:00+00' THEN
            EXECUTE format('CREATE TABLE %I PARTITION OF t_fpart FOR VALUES FROM (%L) TO (%L)', name,
                           uuid_time_encoder(p.first), uuid_time_encoder(p.next));
            EXECUTE format('ALTER TABLE %I ADD PRIMARY KEY (id)', name);
        ELSE
            EXECUTE format('CREATE TABLE %I (id uuid PRIMARY KEY, n int NOT NULL)', 'r' || substr(name, 2));
            EXECUTE format('CREATE FOREIGN TABLE %I PARTITION OF t_fpart FOR VALUES FROM (%L) TO (%L) '
                           'SERVER pd_loopback OPTIONS (table_name %L)', name, uuid_time_encoder(p.first),
                           uuid_time_encoder(p.next), 'r' || substr(name, 2));
        END IF;
    END LOOP;
END
$$;
CREATE TABLE t_fpart_default PARTITION OF t_fpart DEFAULT;
INSERT INTO t_fpart SELECT id, n FROM t_part;

-- Partitions of partitions: two days in partitions of a day, the rest by hash of the key.
CREATE TABLE t_subpart (id uuid PRIMARY KEY, n int NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE t_subpart_early PARTITION OF t_subpart
    FOR VALUES FROM (uuid_time_encoder('2025-03-03 00:00+00')) TO (uuid_time_encoder('2025-03-05 00:00+00')) PARTITION BY RANGE (id);
CREATE TABLE t_subpart_0303 PARTITION OF t_subpart_early
    FOR VALUES FROM (uuid_time_encoder('2025-03-03 00:00+00')) TO (uuid_time_encoder('2025-03-04 00:00+00'));
CREATE TABLE t_subpart_0304 PARTITION OF t_subpart_early
    FOR VALUES FROM (uuid_time_encoder('2025-03-04 00:00+00')) TO (uuid_time_encoder('2025-03-05 00:00+00'));
CREATE TABLE t_subpart_late PARTITION OF t_subpart
    FOR VALUES FROM (uuid_time_encoder('2025-03-05 00:00+00')) TO (uuid_time_encoder('2025-04-08 00:00+00')) PARTITION BY HASH (id);
CREATE TABLE t_subpart_late_0 PARTITION OF t_subpart_late FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TABLE t_subpart_late_1 PARTITION OF t_subpart_late FOR VALUES WITH (MODULUS 2, REMAINDER 1);
CREATE TABLE t_subpart_default PARTITION OF t_subpart DEFAULT;
INSERT INTO t_subpart SELECT id, n FROM t_part;

CREATE VIEW v_plain AS SELECT id, n, uuid_v7_to_timestamptz(id) AS created_at FROM t_plain;
CREATE VIEW v_plain_ts AS SELECT id, n, uuid_v7_to_timestamp(id) AS created_at FROM t_plain;
CREATE VIEW v_sb WITH (security_barrier) AS SELECT id, n, uuid_v7_to_timestamptz(id) AS created_at FROM t_plain;
CREATE VIEW v_distinct AS SELECT DISTINCT id, n, uuid_v7_to_timestamptz(id) AS created_at FROM t_part;
CREATE VIEW v_limit AS SELECT id, n, uuid_v7_to_timestamptz(id) AS created_at FROM t_plain ORDER BY id LIMIT 2500;
CREATE VIEW v_agg AS SELECT id, count(*)::int + min(n) AS n, uuid_v7_to_timestamptz(id) AS created_at FROM t_mixed GROUP BY id;
CREATE VIEW v_window AS SELECT id, (row_number() OVER (ORDER BY id))::int AS n, uuid_v7_to_timestamptz(id) AS created_at FROM t_plain;
CREATE VIEW v_part AS SELECT id, n, uuid_v7_to_timestamptz(id) AS created_at FROM t_part;
CREATE VIEW v_mixed AS SELECT id, n, ref, uuid_v7_to_timestamptz(ref) AS created_at FROM t_mixed;
CREATE VIEW v_v7 AS SELECT id, n, public.uuid_extract_timestamp(id) AS created_at FROM t_v7;
CREATE VIEW v_brin AS SELECT id, n, uuid_v7_to_timestamptz(id) AS created_at FROM t_brin;

-- Where the queries' times come from: the FROM item (aliased a), a WITH clause it needs,
-- the time (t), its type, and the key it is the time of (k). Every source has id (unique)
-- and n.
CREATE TABLE pd_sources (name text PRIMARY KEY, with_clause text NOT NULL DEFAULT '', from_item text NOT NULL,
                         t text NOT NULL, ttype text NOT NULL, k text NOT NULL, settings text[] NOT NULL DEFAULT '{}');
INSERT INTO pd_sources (name, from_item, t, ttype, k) VALUES
    ('plain', 't_plain', 'uuid_v7_to_timestamptz(a.id)', 'timestamptz', 'a.id'),
    ('plain timestamp', 't_plain', 'uuid_v7_to_timestamp(a.id)', 'timestamp', 'a.id'),
    ('partitioned', 't_part', 'uuid_v7_to_timestamptz(a.id)', 'timestamptz', 'a.id'),
    ('partitioned timestamp', 't_part', 'uuid_v7_to_timestamp(a.id)', 'timestamp', 'a.id'),
    ('hash partitioned', 't_hash', 'uuid_v7_to_timestamptz(a.id)', 'timestamptz', 'a.id'),
    ('mixed key', 't_mixed', 'uuid_v7_to_timestamptz(a.id)', 'timestamptz', 'a.id'),
    ('mixed ref', 't_mixed', 'uuid_v7_to_timestamptz(a.ref)', 'timestamptz', 'a.ref'),
    ('mixed ref timestamp', 't_mixed', 'uuid_v7_to_timestamp(a.ref)', 'timestamp', 'a.ref'),
    ('mixed extract, no CHECK', 't_mixed', 'public.uuid_extract_timestamp(a.id)', 'timestamptz', 'a.id'),
    ('v7 CHECK extract', 't_v7', 'public.uuid_extract_timestamp(a.id)', 'timestamptz', 'a.id'),
    ('v7 CHECK unqualified extract', 't_v7', 'uuid_extract_timestamp(a.id)', 'timestamptz', 'a.id'),
    ('v7 CHECK', 't_v7', 'uuid_v7_to_timestamptz(a.id)', 'timestamptz', 'a.id'),
    ('brin', 't_brin', 'uuid_v7_to_timestamptz(a.id)', 'timestamptz', 'a.id'),
    ('view', 'v_plain', 'a.created_at', 'timestamptz', 'a.id'),
    ('view timestamp', 'v_plain_ts', 'a.created_at', 'timestamp', 'a.id'),
    ('security_barrier view', 'v_sb', 'a.created_at', 'timestamptz', 'a.id'),
    ('DISTINCT view', 'v_distinct', 'a.created_at', 'timestamptz', 'a.id'),
    ('LIMIT view', 'v_limit', 'a.created_at', 'timestamptz', 'a.id'),
    ('aggregate view', 'v_agg', 'a.created_at', 'timestamptz', 'a.id'),
    ('window view', 'v_window', 'a.created_at', 'timestamptz', 'a.id'),
    ('partitioned view', 'v_part', 'a.created_at', 'timestamptz', 'a.id'),
    ('mixed ref view', 'v_mixed', 'a.created_at', 'timestamptz', 'a.ref'),
    ('v7 CHECK view', 'v_v7', 'a.created_at', 'timestamptz', 'a.id'),
    ('brin view', 'v_brin', 'a.created_at', 'timestamptz', 'a.id'),
    ('subquery', '(SELECT id, n, uuid_v7_to_timestamptz(id) AS created_at FROM t_plain)', 'a.created_at', 'timestamptz', 'a.id'),
    ('partitioned subquery', '(SELECT id, n, uuid_v7_to_timestamp(id) AS created_at FROM t_part)', 'a.created_at', 'timestamp', 'a.id'),
    ('v7 CHECK subquery', '(SELECT id, n, uuid_extract_timestamp(id) AS created_at FROM t_v7)', 'a.created_at', 'timestamptz', 'a.id'),
    ('foreign', 'f_plain', 'uuid_v7_to_timestamptz(a.id)', 'timestamptz', 'a.id'),
    ('foreign partitions', 't_fpart', 'uuid_v7_to_timestamptz(a.id)', 'timestamptz', 'a.id'),
    ('foreign partitions timestamp', 't_fpart', 'uuid_v7_to_timestamp(a.id)', 'timestamp', 'a.id'),
    ('partitions of partitions', 't_subpart', 'uuid_v7_to_timestamptz(a.id)', 'timestamptz', 'a.id');
-- Parallel plans: costs that make one the cheapest, on these small tables.
INSERT INTO pd_sources (name, from_item, t, ttype, k, settings) VALUES
    ('parallel', 't_plain', 'uuid_v7_to_timestamptz(a.id)', 'timestamptz', 'a.id', '{parallel_setup_cost=0,parallel_tuple_cost=0,min_parallel_table_scan_size=0,min_parallel_index_scan_size=0,max_parallel_workers_per_gather=2}'),
    ('parallel partitioned', 't_part', 'uuid_v7_to_timestamptz(a.id)', 'timestamptz', 'a.id', '{parallel_setup_cost=0,parallel_tuple_cost=0,min_parallel_table_scan_size=0,min_parallel_index_scan_size=0,max_parallel_workers_per_gather=2,enable_partitionwise_aggregate=on}');
INSERT INTO pd_sources (name, with_clause, from_item, t, ttype, k) VALUES
    ('CTE', 'WITH s AS (SELECT id, n, uuid_v7_to_timestamptz(id) AS created_at FROM t_plain) ', 's', 'a.created_at', 'timestamptz', 'a.id'),
    ('partitioned CTE', 'WITH s AS (SELECT id, n, uuid_v7_to_timestamptz(id) AS created_at FROM t_part) ', 's', 'a.created_at', 'timestamptz', 'a.id'),
    ('MATERIALIZED CTE', 'WITH s AS MATERIALIZED (SELECT id, n, uuid_v7_to_timestamptz(id) AS created_at FROM t_plain) ', 's', 'a.created_at', 'timestamptz', 'a.id'),
    ('mixed ref CTE', 'WITH s AS NOT MATERIALIZED (SELECT id, n, ref, uuid_v7_to_timestamptz(ref) AS created_at FROM t_mixed) ', 's', 'a.created_at', 'timestamptz', 'a.ref');

-- 18 and later: a VIRTUAL generated column (built-in functions only: pg_catalog's).
DO $$
BEGIN
    IF current_setting('server_version_num')::int >= 180000 THEN
        EXECUTE 'CREATE TABLE t_virt (id uuid PRIMARY KEY CHECK (public.uuid_extract_version(id) = 7), n int NOT NULL,
                     created_at timestamptz GENERATED ALWAYS AS (pg_catalog.uuid_extract_timestamp(id)) VIRTUAL)';
        INSERT INTO t_virt (id, n) SELECT id, n FROM t_v7;
        INSERT INTO pd_sources (name, from_item, t, ttype, k) VALUES
            ('virtual column', 't_virt', 'a.created_at', 'timestamptz', 'a.id'),
            ('virtual column expression', 't_virt', 'pg_catalog.uuid_extract_timestamp(a.id)', 'timestamptz', 'a.id'),
            ('virtual column subquery', '(SELECT id, n, created_at FROM t_virt)', 'a.created_at', 'timestamptz', 'a.id');
    END IF;
END
$$;

-- The window edges: every key's time, the partitions' bounds, and times near now().
CREATE TABLE pd_edges (i serial PRIMARY KEY, ts timestamptz NOT NULL);
INSERT INTO pd_edges (ts)
SELECT DISTINCT uuid_v7_to_timestamptz(id) FROM (SELECT id FROM t_plain UNION ALL SELECT id FROM t_part
    UNION ALL SELECT ref FROM t_mixed WHERE ref IS NOT NULL UNION ALL SELECT id FROM t_v7) k ORDER BY 1;
INSERT INTO pd_edges (ts) SELECT bound FROM pd_bounds;
ANALYZE;

-- Per query: what it was, and what it showed.
CREATE TABLE pd_log (q int PRIMARY KEY, source text, shape text, form text, prepared text, plan_changed boolean,
                     feature_seen boolean, parallel boolean, same boolean, error text, sql text);
CREATE TABLE pd_failures (q int PRIMARY KEY, sql text, params text, settings text, on_result text, off_result text);

CREATE FUNCTION pd_pick(choices text[]) RETURNS text LANGUAGE sql AS $$
    SELECT choices[1 + floor(random() * cardinality(choices))::int]
$$;

-- A window bound's value, as the text of a literal (NULL for SQL NULL): an edge, or an edge
-- moved by a microsecond, a millisecond or more; infinities and NULL now and then.
CREATE FUNCTION pd_value(near timestamptz) RETURNS timestamptz LANGUAGE plpgsql AS $$
DECLARE
    r double precision := random();
    edge timestamptz;
BEGIN
    IF r < 0.025 THEN RETURN NULL; END IF;
    IF r < 0.045 THEN RETURN 'infinity'; END IF;
    IF r < 0.065 THEN RETURN '-infinity'; END IF;
    IF near IS NOT NULL AND near IS DISTINCT FROM 'infinity' AND near IS DISTINCT FROM '-infinity' AND r < 0.45 THEN
        edge := near;   -- a narrow window: the other bound moved a little
    ELSE
        SELECT ts INTO edge FROM pd_edges WHERE i = 1 + floor(random() * (SELECT max(i) FROM pd_edges))::int;
    END IF;
    RETURN edge + (pd_pick('{0,0,0,0,1 microsecond,-1 microsecond,1 millisecond,-1 millisecond,2 milliseconds,999 microseconds,-1001 microseconds,17 milliseconds,1 second,-1 second,3 hours,-2 hours,1 day}'))::interval;
END
$$;

-- The SQL of a bound of type typ: a literal (a timestamp is the UTC wall time, as
-- uuid_v7_to_timestamp's), or a parameter, or a now()-relative expression.
CREATE FUNCTION pd_literal(v timestamptz, typ text) RETURNS text LANGUAGE sql AS $$
    SELECT CASE WHEN v IS NULL THEN 'NULL::' || typ
                WHEN typ = 'timestamp' THEN 'timestamp ' || quote_literal((v AT TIME ZONE 'UTC')::text)
                ELSE 'timestamptz ' || quote_literal(v::text) END
$$;
-- A timestamptz parameter is given with its offset, or half the time as a wall time that
-- the zone the statement is executed in reads (one a transition may skip or repeat).
CREATE FUNCTION pd_param_value(v timestamptz, typ text) RETURNS text LANGUAGE sql AS $$
    SELECT CASE WHEN v IS NULL THEN 'NULL'
                WHEN typ = 'timestamp' OR random() < 0.5 THEN quote_literal((v AT TIME ZONE 'UTC')::text)
                ELSE quote_literal(v::text) END
$$;
CREATE FUNCTION pd_now_bound(typ text) RETURNS text LANGUAGE sql AS $$
    SELECT CASE WHEN typ = 'timestamp' THEN pd_pick(ARRAY['localtimestamp', '(now() AT TIME ZONE ''UTC'')', 'date_trunc(''hour'', localtimestamp)'])
                ELSE pd_pick(ARRAY['now()', 'current_timestamp', 'date_trunc(''hour'', now())', 'date_trunc(''minute'', now())']) END
           || pd_pick(ARRAY['', ' - interval ''1 millisecond''', ' - interval ''' || floor(random() * 150) || ' minutes''',
                            ' + interval ''' || floor(random() * 60000) || ' milliseconds''', ' - interval ''1 day'''])
$$;

-- A condition on the time t (type ttype) of key k between the bounds lo and hi (SQL
-- texts of type lot and hit): one of the forms the planner hook rewrites, or one it leaves.
-- A range of bounds the wrong way round is an error (22000), so a range's bounds are
-- swapped where they are known to be (inverted) but for one in five: errors test little.
CREATE FUNCTION pd_condition(t text, k text, lo text, hi text, lot text, hit text, inverted boolean, OUT cond text, OUT form text)
LANGUAGE plpgsql AS $$
DECLARE
    r double precision := random();
    lop text := pd_pick('{>=,>,>=}');
    uop text := pd_pick('{<,<=,<}');
    rlo text := lo;
    rhi text := hi;
BEGIN
    IF inverted AND random() < 0.8 THEN
        rlo := hi; rhi := lo;
    END IF;
    IF r < 0.14 THEN
        form := 'single'; cond := format('%s %s %s', t, pd_pick('{<,<=,=,>=,>}'), lo);
    ELSIF r < 0.20 THEN
        form := 'commuted'; cond := format('%s %s %s', lo, pd_pick('{<,<=,=,>=,>}'), t);
    ELSIF r < 0.42 THEN
        form := 'two comparisons'; cond := format('%s %s %s AND %s %s %s', t, lop, lo, t, uop, hi);
    ELSIF r < 0.47 THEN
        form := 'two comparisons, commuted'; cond := format('%s %s %s AND %s %s %s', hi, pd_pick('{>,>=}'), t, lo, pd_pick('{<,<=}'), t);
    ELSIF r < 0.57 THEN
        form := 'BETWEEN'; cond := format('%s BETWEEN %s AND %s', t, lo, hi);
    ELSIF r < 0.59 THEN
        form := 'BETWEEN SYMMETRIC'; cond := format('%s BETWEEN SYMMETRIC %s AND %s', t, lo, hi);
    ELSIF r < 0.61 THEN
        form := 'NOT BETWEEN'; cond := format('%s NOT BETWEEN %s AND %s', t, lo, hi);
    ELSIF r < 0.70 THEN
        form := '<@ tstzrange'; cond := format('%s <@ tstzrange((%s)::timestamptz, (%s)::timestamptz, %L)', k, rlo, rhi, pd_pick('{[),[],(],()}'));
    ELSIF r < 0.73 THEN
        form := 'tstzrange @>'; cond := format('tstzrange((%s)::timestamptz, (%s)::timestamptz) @> %s', rlo, rhi, k);
    ELSIF r < 0.76 THEN
        form := '<@ uuid_time_window'; cond := format('%s <@ uuid_time_window((%s)::timestamptz, (%s)::timestamptz, %L)', k, lo, hi, pd_pick('{[),[],(],()}'));
    ELSIF r < 0.82 THEN
        form := 'equality'; cond := format('%s = %s', t, lo);
    ELSIF r < 0.85 THEN
        form := 'OR'; cond := format('(%s < %s OR %s >= %s)', t, lo, t, hi);
    ELSIF r < 0.88 THEN
        form := 'NOT'; cond := format('NOT (%s < %s)', t, lo);
    ELSIF r < 0.91 THEN
        form := 'IN'; cond := format('%s IN (%s, %s)', t, lo, hi);
    ELSIF r < 0.94 THEN
        form := 'IS NOT NULL and bound'; cond := format('%s IS NOT NULL AND %s %s %s', t, t, uop, hi);
    ELSIF r < 0.97 THEN
        form := 'three comparisons'; cond := format('%s %s %s AND %s %s %s AND %s %s %s', t, lop, lo, t, uop, hi, t, pd_pick('{>,>=,<,<=}'), lo);
    ELSE
        form := 'row comparison'; cond := format('(%s, a.id) > (%s, %L::uuid)', t, lo, pd_pick('{00000000-0000-0000-0000-000000000000,01955d00-0000-7000-8000-000000000000,ffffffff-ffff-ffff-ffff-ffffffffffff}'));
    END IF;
    IF random() < 0.15 THEN
        cond := cond || pd_pick('{" AND a.n % 3 <> 0"," AND a.n < 50"," AND a.id <> ''00000000-0000-0000-0000-000000000000''"}');
    END IF;
END
$$;

-- One query over source s with condition c: its SQL, and whether its output's order is
-- part of the question ('ordered') or not ('set': compared as a sorted multiset).
CREATE FUNCTION pd_shape(s pd_sources, c text, OUT sql text, OUT compare text, OUT shape text) LANGUAGE plpgsql AS $$
DECLARE
    r double precision := random();
    d text := pd_pick('{"",DESC}');
    nulls text := pd_pick('{"","","NULLS FIRST","NULLS LAST"}');
    lim text := ' LIMIT ' || pd_pick('{1,3,10,50}') || pd_pick('{"",""," OFFSET 2"," OFFSET 25"}');
    fa text := s.from_item || ' a';
    o pd_sources;
    ot text;
    j text;
BEGIN
    SELECT * INTO o FROM pd_sources WHERE with_clause = '' AND k = s.k ORDER BY random() LIMIT 1;
    ot := replace(o.t, 'a.', 'b.');
    compare := 'set';
    IF r < 0.10 THEN
        shape := 'aggregates';
        sql := format('SELECT count(*), count(%1$s), sum(a.n), min(%1$s), max(%1$s) FROM %2$s WHERE %3$s', s.t, fa, c);
    ELSIF r < 0.17 THEN
        shape := 'rows';
        sql := format('SELECT a.id, a.n, %s FROM %s WHERE %s', s.t, fa, c);
    ELSIF r < 0.32 THEN
        shape := 'ORDER BY time, key'; compare := 'ordered';
        sql := format('SELECT a.id, %1$s%6$s FROM %2$s WHERE %3$s ORDER BY %1$s %4$s %5$s, %7$sa.id %4$s', s.t, fa, c, d, nulls,
                      pd_pick('{"",", a.n"}'), pd_pick(ARRAY['', s.k || ' ' || d || ', ', 'a.n, '])) || lim;
    ELSIF r < 0.42 THEN
        shape := 'ORDER BY time'; compare := 'ordered';
        sql := format('SELECT %1$s FROM %2$s WHERE %3$s ORDER BY %1$s %4$s %5$s', s.t, fa, c, d, nulls) || lim;
    ELSIF r < 0.47 THEN
        shape := 'ORDER BY time, no condition'; compare := 'ordered';
        sql := format('SELECT %1$s, a.id FROM %2$s ORDER BY %1$s %3$s, a.id %3$s', s.t, fa, d) || lim;
    ELSIF r < 0.53 THEN
        shape := 'min/max'; compare := 'ordered';
        sql := format('SELECT %s FROM %s WHERE %s', pd_pick(ARRAY['min(' || s.t || ')', 'max(' || s.t || ')',
                      'min(' || s.t || '), max(' || s.t || ')']), fa, c);
    ELSIF r < 0.59 THEN
        shape := 'GROUP BY time'; compare := 'ordered';
        j := pd_pick(ARRAY[s.t, 'date_trunc(''second'', ' || s.t || ')', 'date_trunc(''hour'', ' || s.t || ')']);
        sql := format('SELECT %1$s AS g, count(*), sum(a.n) FROM %2$s WHERE %3$s GROUP BY 1 ORDER BY 1 %4$s', j, fa, c, d) || lim;
    ELSIF r < 0.63 THEN
        shape := 'DISTINCT time';
        j := pd_pick(ARRAY[s.t, 'date_trunc(''minute'', ' || s.t || ')']);
        sql := format('SELECT DISTINCT %s FROM %s WHERE %s', j, fa, c);
        IF random() < 0.5 THEN
            compare := 'ordered'; sql := sql || ' ORDER BY 1 ' || d || lim;
        END IF;
    ELSIF r < 0.70 THEN
        shape := 'window functions';
        sql := format('SELECT a.id, rank() OVER w, count(*) OVER w, sum(a.n) OVER w, lag(a.id) OVER (ORDER BY %1$s %4$s, a.id), '
                      'first_value(a.id) OVER (PARTITION BY date_trunc(''hour'', %1$s) ORDER BY %1$s, a.id) '
                      'FROM %2$s WHERE %3$s WINDOW w AS (ORDER BY %1$s %4$s)', s.t, fa, c, d);
    ELSIF r < 0.76 THEN
        shape := 'join on the key';
        j := pd_pick('{JOIN,"LEFT JOIN","RIGHT JOIN","FULL JOIN"}');
        IF random() < 0.5 THEN
            sql := format('SELECT a.id, a.n, b.id, b.n FROM %s %s t_small b ON b.id = %s %s', fa, j, s.k,
                          CASE WHEN random() < 0.5 THEN 'AND ' || c ELSE 'WHERE ' || c END);
        ELSE
            sql := format('SELECT a.id, a.n, b.id, b.n FROM t_small b %s %s ON b.id = %s %s', j, fa, s.k,
                          CASE WHEN random() < 0.5 THEN 'AND ' || c ELSE 'WHERE ' || c END);
        END IF;
    ELSIF r < 0.81 THEN
        shape := 'join on the time';
        j := pd_pick('{JOIN,"LEFT JOIN","RIGHT JOIN","FULL JOIN"}');
        sql := format('SELECT count(*), count(a.id), count(b.id), sum(a.n), sum(b.n), min(%1$s), max(%4$s) FROM %2$s %5$s %6$s b ON %4$s = %1$s %7$s %3$s',
                      s.t, fa, c, ot, j, o.from_item, CASE WHEN random() < 0.5 THEN 'AND' ELSE 'WHERE' END);
        IF random() < 0.4 THEN
            compare := 'ordered';
            sql := format('SELECT a.id, b.id FROM %2$s %5$s %6$s b ON %4$s = %1$s %7$s %3$s ORDER BY %1$s %8$s, a.id, b.id',
                          s.t, fa, c, ot, j, o.from_item, CASE WHEN random() < 0.5 THEN 'AND' ELSE 'WHERE' END, d) || lim;
        END IF;
    ELSIF r < 0.87 THEN
        shape := 'UNION ALL'; compare := 'ordered';
        sql := format('SELECT %1$s AS t, a.id FROM %2$s WHERE %3$s UNION ALL SELECT %4$s, b.id FROM %5$s b WHERE %6$s ORDER BY 1 %7$s, 2 %7$s',
                      s.t, fa, c, ot, o.from_item, replace(replace(c, s.t, ot), 'a.', 'b.'), d) || lim;
        IF random() < 0.3 THEN
            compare := 'set'; sql := regexp_replace(sql, ' ORDER BY .*$', '');
        END IF;
    ELSIF r < 0.93 THEN
        shape := 'LATERAL';
        IF random() < 0.5 THEN
            sql := format('SELECT b.id, x.* FROM t_small b %4$s LATERAL (SELECT %1$s AS t, a.id FROM %2$s WHERE %3$s AND %1$s >= uuid_v7_to_timestamptz(b.id) '
                          'ORDER BY %1$s, a.id LIMIT 3) x %5$s', s.t, fa, c, pd_pick('{"CROSS JOIN","LEFT JOIN"}'), '');
            sql := replace(sql, 'LEFT JOIN LATERAL', 'LEFT JOIN LATERAL') || CASE WHEN sql LIKE '%LEFT JOIN LATERAL%' THEN ' ON true' ELSE '' END;
        ELSE
            sql := format('SELECT b.id, x.* FROM t_small b, LATERAL (SELECT count(*), max(%1$s) FROM %2$s WHERE %3$s AND %4$s = b.id) x', s.t, fa, c, s.k);
        END IF;
    ELSE
        shape := 'EXISTS / IN';
        sql := format('SELECT b.id FROM t_small b WHERE %s (SELECT 1 FROM %s WHERE %s = b.id AND %s)',
                      pd_pick('{EXISTS,"NOT EXISTS"}'), fa, s.k, c);
        IF random() < 0.4 THEN
            sql := format('SELECT b.id, b.n FROM %s b WHERE b.id IN (SELECT %s FROM %s WHERE %s)', o.from_item, s.k, fa, c);
        END IF;
    END IF;
    sql := s.with_clause || sql;
END
$$;

-- The plan of statement `run` (EXPLAIN with `options`) as text, or the SQLSTATE of its error.
CREATE FUNCTION pd_plan_of(run text, options text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    row record;
    plan text := '';
BEGIN
    FOR row IN EXECUTE 'EXPLAIN (' || options || ') ' || run LOOP
        plan := plan || row::text || E'\n';
    END LOOP;
    RETURN plan;
EXCEPTION WHEN OTHERS THEN
    RETURN 'ERROR ' || SQLSTATE;
END
$$;

-- The result of sql (with the prepared statement's parameters, if any), as text: rows in
-- output order ('ordered'), or sorted ('set'); an error is its SQLSTATE and message. And its plan. In
-- time zone zone_a where one is given; a prepared statement then runs once there (its generic
-- plan made there) and is executed, measured, in zone_b.
CREATE FUNCTION pd_result(sql text, compare text, types text, params text, zone_a text DEFAULT NULL,
                          zone_b text DEFAULT NULL, OUT result text, OUT plan text)
LANGUAGE plpgsql AS $$
DECLARE
    row record;
    run text := sql;
BEGIN
    result := '';
    IF compare = 'set' THEN
        run := 'SELECT count(*) || E''\n'' || coalesce(string_agg(x::text, E''\n'' ORDER BY x::text), '''') FROM (' || sql || ') x';
    END IF;
    IF zone_a IS NOT NULL THEN
        PERFORM set_config('TimeZone', zone_a, true);
    END IF;
    BEGIN
        IF types IS NOT NULL THEN
            EXECUTE 'DEALLOCATE ALL';
            EXECUTE format('PREPARE pd_p%s AS %s', CASE WHEN types <> '' THEN '(' || types || ')' END, run);
            run := format('EXECUTE pd_p%s', CASE WHEN params <> '' THEN '(' || params || ')' END);
            IF zone_b IS NOT NULL THEN
                EXECUTE run;
                PERFORM set_config('TimeZone', zone_b, true);
            END IF;
        END IF;
        FOR row IN EXECUTE run LOOP
            result := result || row::text || E'\n';
        END LOOP;
    EXCEPTION WHEN OTHERS THEN
        result := 'ERROR ' || SQLSTATE || ': ' || SQLERRM;
    END;
    plan := pd_plan_of(run, 'COSTS OFF');
END
$$;

-- Logs query q and its two runs; a difference of their results is a failure.
CREATE FUNCTION pd_record(q int, source text, shape text, form text, prepared text, feature_seen boolean, sql text,
                          params text, settings text, on_result text, on_plan text, off_result text, off_plan text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO pd_log VALUES (q, source, shape, form, prepared, on_plan IS DISTINCT FROM off_plan, feature_seen,
                               on_plan ~ '\mGather', on_result = off_result, CASE WHEN on_result LIKE 'ERROR%' THEN on_result END, sql);
    IF on_result IS DISTINCT FROM off_result THEN
        INSERT INTO pd_failures VALUES (q, sql, params, settings, on_result, off_result);
    END IF;
END
$$;

-- The bounds of a query's window, drawn for a time of type ttype: their types (lot, hit),
-- values (lov, hiv) and SQL (lo, hi); a share now_share of now()-relative ones (the on and
-- off runs share one transaction, so now() too), then a share prepared_share of parameters
-- ($1, $2 of types, given params) under a plan cache mode drawn from modes, else literals.
CREATE FUNCTION pd_bounds(ttype text, now_share float8, prepared_share float8, modes text[],
                          OUT lot text, OUT hit text, OUT lov timestamptz, OUT hiv timestamptz, OUT lo text,
                          OUT hi text, OUT prepared text, OUT types text, OUT params text)
LANGUAGE plpgsql AS $$
BEGIN
    lot := CASE WHEN random() < 0.7 THEN ttype ELSE pd_pick('{timestamptz,timestamp}') END;
    hit := CASE WHEN random() < 0.8 THEN lot ELSE pd_pick('{timestamptz,timestamp}') END;
    lov := pd_value(NULL);
    hiv := pd_value(lov);
    IF random() < now_share THEN
        lo := pd_now_bound(lot);
        hi := CASE WHEN random() < 0.5 THEN pd_now_bound(hit) ELSE pd_literal(hiv, hit) END;
    ELSIF random() < prepared_share THEN
        prepared := pd_pick(modes);
        lo := '$1'; hi := '$2'; types := lot || ', ' || hit;
        params := pd_param_value(lov, lot) || ', ' || pd_param_value(hiv, hit);
    ELSE
        lo := pd_literal(lov, lot); hi := pd_literal(hiv, hit);
    END IF;
END
$$;

-- Runs queries first .. first + n - 1 (random() continues the session's seeded sequence).
CREATE FUNCTION pd_run(first int, n int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    s pd_sources;
    q int;
    b record;
    c record;
    shp record;
    settings text;
    setting text;
    zone_a text;
    zone_b text;
    on_run record;
    off_run record;
BEGIN
    FOR q IN first .. first + n - 1 LOOP
        SELECT * INTO s FROM pd_sources ORDER BY random() LIMIT 1;
        -- A zone per query; a prepared statement is executed in another, after a run in its
        -- own (a generic plan made there, its timestamp and timestamptz parameters read where
        -- it runs).
        zone_a := (SELECT zone FROM pd_zones ORDER BY random() LIMIT 1);
        zone_b := (SELECT zone FROM pd_zones WHERE zone <> zone_a ORDER BY random() LIMIT 1);
        -- now()-relative bounds more often on foreign tables, where such a bound becomes a
        -- sub-select (docs/planner.md row 8)
        b := pd_bounds(s.ttype, CASE WHEN s.name LIKE 'foreign%' THEN 0.3 ELSE 0.08 END, 0.18,
                       '{force_generic_plan,force_custom_plan}');
        c := pd_condition(s.t, s.k, b.lo, b.hi, b.lot, b.hit, b.lov > b.hiv);
        shp := pd_shape(s, c.cond);
        -- Plans PostgreSQL would not choose on these small tables, now and then.
        settings := 'TimeZone=' || zone_a || CASE WHEN b.prepared IS NOT NULL THEN ' then ' || zone_b ELSE '' END || ' ';
        FOREACH setting IN ARRAY s.settings LOOP
            settings := settings || setting || ' ';
            PERFORM set_config(split_part(setting, '=', 1), split_part(setting, '=', 2), true);
        END LOOP;
        FOREACH setting IN ARRAY ARRAY['enable_seqscan', 'enable_sort', 'enable_bitmapscan', 'enable_hashjoin', 'enable_hashagg'] LOOP
            IF random() < 0.25 THEN
                settings := settings || setting || '=off ';
                PERFORM set_config(setting, 'off', true);
            END IF;
        END LOOP;
        IF b.prepared IS NOT NULL THEN
            PERFORM set_config('plan_cache_mode', b.prepared, true);
            settings := settings || 'plan_cache_mode=' || b.prepared;
        END IF;
        PERFORM set_config('uuidx.time_predicates', 'on', true);
        on_run := pd_result(shp.sql, shp.compare, b.types, b.params, zone_a, zone_b);
        PERFORM set_config('uuidx.time_predicates', 'off', true);
        off_run := pd_result(shp.sql, shp.compare, b.types, b.params, zone_a, zone_b);
        PERFORM set_config('uuidx.time_predicates', 'on', true);
        FOREACH setting IN ARRAY ARRAY['enable_seqscan', 'enable_sort', 'enable_bitmapscan', 'enable_hashjoin', 'enable_hashagg',
                                       'plan_cache_mode', 'TimeZone'] || ARRAY(SELECT split_part(x, '=', 1) FROM unnest(s.settings) x) LOOP
            PERFORM set_config(setting, NULL, true);
        END LOOP;
        PERFORM pd_record(q, s.name, shp.shape, c.form, b.prepared,
                          on_run.plan ~ 'uuid_time_window|uuid_time_m(in|ax)_key|<@|Index Cond: \(+[a-z_]*\.?(id|ref) [<>]=',
                          shp.sql, b.params, settings, on_run.result, on_run.plan, off_run.result, off_run.plan);
    END LOOP;
END
$$;
