-- The statements of dml_differential.sh, after planner_differential.sql in the same database
-- (its tables t_plain, t_part, t_hash, t_v7, t_small and views, and its predicate generator:
-- pd_bounds and pd_condition): random DELETE, UPDATE ... RETURNING, DELETE ... USING, MERGE,
-- INSERT ... SELECT and a move (DELETE ... RETURNING into an INSERT) whose WHERE holds a
-- time predicate, as retention and archiving jobs are written; each run with
-- uuidx.time_predicates on and off in a subtransaction that is rolled back, whose rows
-- returned and rows left behind must be equal.
-- psql variables: socket and port (the loopback server's), data_seed.

-- The foreign table: postgres_fdw to this same database over the unix socket (the superuser
-- needs no password there), shipping uuidx's operators (extensions). The remote sessions run
-- with the setting off, so that the side with it off is PostgreSQL's answer alone; a window
-- made on this side still ships and runs there as the operator. planner_differential.sql
-- created postgres_fdw already, for its own loopback (whose sessions keep the setting).
CREATE EXTENSION IF NOT EXISTS postgres_fdw;
SELECT format('CREATE SERVER dml_loopback FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host %L, port %L, dbname %L, '
              'extensions %L, fetch_size %L, options %L)', :'socket', :'port', current_database(), 'uuidx', '10000',
              '-c uuidx.time_predicates=off') \gexec
CREATE USER MAPPING FOR CURRENT_USER SERVER dml_loopback;
CREATE TABLE t_remote (id uuid PRIMARY KEY, n int NOT NULL);
INSERT INTO t_remote SELECT id, n FROM t_plain;
CREATE FOREIGN TABLE f_remote (id uuid NOT NULL, n int NOT NULL) SERVER dml_loopback OPTIONS (table_name 't_remote');

-- The archives INSERT ... SELECT and the moves write to: plain, partitioned by the key's time,
-- foreign; a tenth of the plain table's rows already there (ON CONFLICT DO NOTHING skips them).
CREATE TABLE a_plain (id uuid PRIMARY KEY, n int NOT NULL);
CREATE TABLE a_part (id uuid PRIMARY KEY, n int NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE a_part_early PARTITION OF a_part FOR VALUES FROM (MINVALUE) TO (uuid_time_encoder('2025-03-05 00:00+00'));
CREATE TABLE a_part_late PARTITION OF a_part FOR VALUES FROM (uuid_time_encoder('2025-03-05 00:00+00')) TO (MAXVALUE);
CREATE TABLE t_remote_archive (id uuid PRIMARY KEY, n int NOT NULL);
CREATE FOREIGN TABLE a_foreign (id uuid NOT NULL, n int NOT NULL) SERVER dml_loopback OPTIONS (table_name 't_remote_archive');
INSERT INTO a_plain SELECT id, n FROM t_plain WHERE n % 10 = 0;
INSERT INTO a_part SELECT id, n FROM t_plain WHERE n % 10 = 0;
INSERT INTO t_remote_archive SELECT id, n FROM t_plain WHERE n % 10 = 0;
-- Rollups by a bucket of the time (an hour or a day: rows 7B and 12 of docs/planner.md).
CREATE TABLE a_buckets (bucket timestamptz, rows bigint, total bigint);
ANALYZE t_remote, f_remote, a_plain, a_part, t_remote_archive, a_foreign;

-- The tables written to: the FROM item (aliased a), its time t of type ttype, the key k,
-- the relation whose rows are left behind (a view's table), and whether MERGE can target it
-- (not a foreign table; not a view before 17).
CREATE TABLE dml_targets (name text PRIMARY KEY, relation text NOT NULL, t text NOT NULL, ttype text NOT NULL,
                          k text NOT NULL, stored text NOT NULL, mergeable boolean NOT NULL);
INSERT INTO dml_targets VALUES
    ('plain', 't_plain', 'uuid_v7_to_timestamptz(a.id)', 'timestamptz', 'a.id', 't_plain', true),
    ('plain timestamp', 't_plain', 'uuid_v7_to_timestamp(a.id)', 'timestamp', 'a.id', 't_plain', true),
    ('plain view', 'v_plain', 'a.created_at', 'timestamptz', 'a.id', 't_plain', false),
    ('partitioned', 't_part', 'uuid_v7_to_timestamptz(a.id)', 'timestamptz', 'a.id', 't_part', true),
    ('hash partitioned', 't_hash', 'uuid_v7_to_timestamptz(a.id)', 'timestamptz', 'a.id', 't_hash', true),
    ('v7 CHECK', 't_v7', 'public.uuid_extract_timestamp(a.id)', 'timestamptz', 'a.id', 't_v7', true),
    ('foreign', 'f_remote', 'uuid_v7_to_timestamptz(a.id)', 'timestamptz', 'a.id', 'f_remote', false);
-- The other tables of DELETE ... USING and of MERGE's source (aliased b), which share keys
-- with the targets, and the archives.
CREATE TABLE dml_others (relation text PRIMARY KEY);
INSERT INTO dml_others VALUES ('t_small'), ('t_plain'), ('t_part'), ('t_hash'), ('f_remote');
CREATE TABLE dml_archives (relation text PRIMARY KEY);
INSERT INTO dml_archives VALUES ('a_plain'), ('a_part'), ('a_foreign');

-- Per statement: what it was, and what it showed.
CREATE TABLE dml_log (q int PRIMARY KEY, kind text, target text, form text, prepared text, plan_changed boolean,
                      same boolean, error text, sql text);
CREATE TABLE dml_failures (q int PRIMARY KEY, sql text, params text, on_result text, off_result text);

-- The rows of a relation, as their count and the sums of two 64-bit hashes of each row:
-- equal for equal multisets of rows, and cheap (no sort; a foreign table's rows come in one
-- fetch).
CREATE FUNCTION dml_digest(relation text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    digest text;
BEGIN
    EXECUTE format('SELECT count(*) || '' '' || coalesce(sum(hash_record_extended(x, 0)::numeric), 0) || '' '' '
                   '|| coalesce(sum(hash_record_extended(x, 1)::numeric), 0) FROM %s x', relation) INTO digest;
    RETURN digest;
END
$$;

-- A condition on the time: planner_differential.sql's (the forms the planner rewrites and
-- some it leaves), or now and then a bucket of the time compared with the bucket of a bound,
-- which it leaves.
CREATE FUNCTION dml_condition(t text, k text, lo text, hi text, lot text, hit text, inverted boolean,
                              OUT cond text, OUT form text)
LANGUAGE plpgsql AS $$
DECLARE
    c record;
BEGIN
    IF random() < 0.1 THEN
        form := 'bucket';
        cond := format(pd_pick('{"date_trunc(''hour'', %1$s) %3$s date_trunc(''hour'', %2$s)","(%1$s)::date %3$s (%2$s)::date",'
                               '"date_bin(''15 minutes'', %1$s, timestamp ''2000-01-01'') %3$s %2$s"}'), t, lo, pd_pick('{<,=,>=}'));
    ELSE
        c := pd_condition(t, k, lo, hi, lot, hit, inverted);
        cond := c.cond; form := c.form;
    END IF;
END
$$;

-- One statement writing target s under condition c (on a's time; cb is the same on b's):
-- its SQL, its kind, and the relations whose rows it may change.
CREATE FUNCTION dml_statement(s dml_targets, c text, OUT sql text, OUT kind text, OUT changed text[])
LANGUAGE plpgsql AS $$
DECLARE
    r double precision := random();
    b text := (SELECT relation FROM dml_others ORDER BY random() LIMIT 1);
    archive text := (SELECT relation FROM dml_archives ORDER BY random() LIMIT 1);
    cb text := replace(c, 'a.', 'b.');
    m record;
BEGIN
    changed := ARRAY[s.stored];
    IF s.relation = 'v_plain' THEN
        cb := replace(cb, 'b.created_at', 'uuid_v7_to_timestamptz(b.id)');  -- b is a table
    END IF;
    IF r < 0.22 THEN
        kind := 'DELETE';
        sql := format('DELETE FROM %s a WHERE %s RETURNING a.id, a.n', s.relation, c);
    ELSIF r < 0.42 THEN
        kind := 'UPDATE ... RETURNING';
        sql := format('UPDATE %s a SET n = a.n + 1000 WHERE %s RETURNING a.id, a.n, %s', s.relation, c, s.t);
    ELSIF r < 0.58 THEN
        kind := 'DELETE ... USING';
        sql := format('DELETE FROM %s a USING %s b WHERE b.id = a.id AND %s RETURNING a.id, b.n', s.relation, b,
                      pd_pick(ARRAY[c, cb, c || ' AND b.n % 2 = 0']));
    ELSIF r < 0.74 AND s.mergeable THEN
        kind := 'MERGE';
        -- The time in the source's WHERE, in the join's ON, or in a WHEN MATCHED clause (which
        -- the features leave: a fifth).
        SELECT * INTO m FROM (VALUES (cb, 'true', 'true', 0.4), ('true', c, 'true', 0.4), ('true', 'true', c, 0.2)) x(source, join_on, matched, share)
        ORDER BY -ln(random()) / share LIMIT 1;
        sql := format('MERGE INTO %s a USING (SELECT b.id, b.n FROM %s b WHERE %s) s ON s.id = a.id AND %s '
                      'WHEN MATCHED AND %s THEN %s', s.relation, b, m.source, m.join_on, m.matched,
                      pd_pick('{"UPDATE SET n = a.n + s.n + 1000",DELETE}'));
        IF m.join_on = 'true' THEN  -- a key the ON leaves unmatched would be inserted again
            sql := sql || ' WHEN NOT MATCHED THEN INSERT (id, n) VALUES (s.id, s.n)';
        END IF;
    ELSIF r < 0.88 THEN
        kind := 'INSERT ... SELECT';
        IF random() < 0.2 THEN
            changed := ARRAY['a_buckets'];
            sql := format('INSERT INTO a_buckets SELECT %s, count(*), sum(a.n) FROM %s a WHERE %s GROUP BY 1 RETURNING *',
                          pd_pick(ARRAY['date_trunc(''hour'', ' || s.t || ')', 'date_trunc(''day'', ' || s.t || ')',
                                        'date_bin(''10 minutes'', ' || s.t || ', ' || s.ttype || ' ''2000-01-01'')']),
                          s.relation, c);
        ELSE
            changed := ARRAY[archive];
            sql := format('INSERT INTO %s (id, n) SELECT a.id, a.n FROM %s a WHERE %s ON CONFLICT DO NOTHING RETURNING id, n',
                          archive, s.relation, c);
        END IF;
    ELSE
        kind := 'move (DELETE into INSERT)';
        changed := ARRAY[s.stored, archive];
        sql := format('WITH moved AS (DELETE FROM %s a WHERE %s RETURNING a.id, a.n) '
                      'INSERT INTO %s (id, n) SELECT id, n FROM moved ON CONFLICT DO NOTHING RETURNING id, n', s.relation, c, archive);
    END IF;
END
$$;

-- One side of statement sql (prepared with the parameters' types and values, if any): its
-- rows returned, sorted (MERGE returns none before 17, and its count of rows merged is 0
-- through EXECUTE: the rows it leaves decide), and the rows then left in the relations it
-- changes, or its SQLSTATE; then the subtransaction is rolled back. And its plan.
CREATE FUNCTION dml_side(sql text, types text, params text, changed text[], OUT result text, OUT plan text)
LANGUAGE plpgsql AS $$
DECLARE
    row record;
    run text := sql;
    returned text[] := '{}';
    relation text;
BEGIN
    IF types IS NOT NULL THEN
        EXECUTE 'DEALLOCATE ALL';
        EXECUTE format('PREPARE dml_p(%s) AS %s', types, sql);
        run := format('EXECUTE dml_p(%s)', params);
    END IF;
    BEGIN
        IF sql LIKE 'MERGE%' THEN
            EXECUTE run;
            result := 'merged';
        ELSE
            FOR row IN EXECUTE run LOOP
                returned := returned || row::text;
            END LOOP;
            result := cardinality(returned) || ' returned' || E'\n'
                      || array_to_string(ARRAY(SELECT x FROM unnest(returned) x ORDER BY x), E'\n');
        END IF;
        FOREACH relation IN ARRAY changed LOOP
            result := result || E'\n' || relation || ' left ' || dml_digest(relation);
        END LOOP;
        RAISE EXCEPTION 'rolled back' USING ERRCODE = 'UXDML';
    EXCEPTION
        WHEN SQLSTATE 'UXDML' THEN NULL;
        WHEN OTHERS THEN result := 'ERROR ' || SQLSTATE;
    END;
    plan := pd_plan_of(run, 'VERBOSE, COSTS OFF');
END
$$;

-- Runs statements first .. first + n - 1 (random() continues the session's seeded sequence).
CREATE FUNCTION dml_run(first int, n int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    s dml_targets;
    q int;
    b record;
    c record;
    st record;
    on_side record;
    off_side record;
BEGIN
    FOR q IN first .. first + n - 1 LOOP
        SELECT * INTO s FROM dml_targets ORDER BY random() LIMIT 1;
        -- now()-relative bounds as retention jobs are written them, in one statement of seven
        b := pd_bounds(s.ttype, 0.15, 0.3, '{force_generic_plan,force_generic_plan,force_custom_plan}');
        c := dml_condition(s.t, s.k, b.lo, b.hi, b.lot, b.hit, b.lov > b.hiv);
        st := dml_statement(s, c.cond);
        IF b.prepared IS NOT NULL THEN
            PERFORM set_config('plan_cache_mode', b.prepared, true);
        END IF;
        PERFORM set_config('uuidx.time_predicates', 'on', true);
        on_side := dml_side(st.sql, b.types, b.params, st.changed);
        PERFORM set_config('uuidx.time_predicates', 'off', true);
        off_side := dml_side(st.sql, b.types, b.params, st.changed);
        PERFORM set_config('uuidx.time_predicates', 'on', true);
        PERFORM set_config('plan_cache_mode', NULL, true);
        INSERT INTO dml_log VALUES (q, st.kind, s.name, c.form, b.prepared, on_side.plan IS DISTINCT FROM off_side.plan,
                                    on_side.result = off_side.result,
                                    CASE WHEN on_side.result LIKE 'ERROR%' THEN on_side.result END, st.sql);
        IF on_side.result IS DISTINCT FROM off_side.result THEN
            INSERT INTO dml_failures VALUES (q, st.sql, b.params, on_side.result, off_side.result);
        END IF;
    END LOOP;
END
$$;
