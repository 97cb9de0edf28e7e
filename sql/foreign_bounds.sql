-- docs/planner.md row 8: in a query that reads a foreign table, a comparison of a key's time
-- with an expression fixed for the statement (now() - interval '1 day') gets that expression
-- as a sub-select, whose initplan's Param postgres_fdw ships; a comparison of any other time
-- is left as it is, so PostgreSQL estimates it from the folded value. The foreign table is a
-- postgres_fdw loopback to this database over the server's unix socket. Every answer is
-- compared with the setting off, in one transaction (one now()).
CREATE EXTENSION postgres_fdw;
DO $$
BEGIN
    EXECUTE format('CREATE SERVER fb_loopback FOREIGN DATA WRAPPER postgres_fdw
                    OPTIONS (host %L, port %L, dbname %L, extensions ''uuidx'')',
                   split_part(current_setting('unix_socket_directories'), ',', 1), current_setting('port'),
                   current_database());
END
$$;
CREATE USER MAPPING FOR CURRENT_USER SERVER fb_loopback;
-- A key and an ordinary column of the same time, one row every 7 minutes over 10 days.
CREATE TABLE fb_events (id uuid PRIMARY KEY, created_at timestamptz NOT NULL);
INSERT INTO fb_events
SELECT uuid_generate_v7(now() - g * interval '7 minutes'), now() - g * interval '7 minutes'
FROM generate_series(0, 2057) g;
CREATE FOREIGN TABLE f_events (id uuid, created_at timestamptz) SERVER fb_loopback OPTIONS (table_name 'fb_events');
ANALYZE fb_events;
ANALYZE f_events;
CREATE VIEW fb_view AS SELECT id, uuid_v7_to_timestamptz(id) AS made_at, created_at FROM f_events;

-- fb_plan(query[, setting]): its EXPLAIN (VERBOSE) with uuidx.time_predicates so (on by
-- default); fb_rows(query, setting): its estimated rows so; fb_same(query): whether its rows
-- are those of the setting off.
CREATE FUNCTION fb_plan(query text, setting text DEFAULT 'on') RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    line text;
    plan text := '';
BEGIN
    PERFORM set_config('uuidx.time_predicates', setting, true);
    FOR line IN EXECUTE 'EXPLAIN (VERBOSE, COSTS OFF) ' || query LOOP
        plan := plan || line || E'\n';
    END LOOP;
    PERFORM set_config('uuidx.time_predicates', 'on', true);
    RETURN plan;
END
$$;
CREATE FUNCTION fb_rows(query text, setting text) RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE
    plan json;
BEGIN
    PERFORM set_config('uuidx.time_predicates', setting, true);
    EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO plan;
    PERFORM set_config('uuidx.time_predicates', 'on', true);
    RETURN (plan -> 0 -> 'Plan' ->> 'Plan Rows')::float8;
END
$$;
CREATE FUNCTION fb_same(query text) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
    on_rows uuid[];
    off_rows uuid[];
BEGIN
    EXECUTE format('SELECT array_agg(id ORDER BY id) FROM (%s) q', query) INTO on_rows;
    PERFORM set_config('uuidx.time_predicates', 'off', true);
    EXECUTE format('SELECT array_agg(id ORDER BY id) FROM (%s) q', query) INTO off_rows;
    PERFORM set_config('uuidx.time_predicates', 'on', true);
    RETURN on_rows IS NOT DISTINCT FROM off_rows AND cardinality(on_rows) > 0;
END
$$;

CREATE TEMP TABLE fb_queries (name text, wrapped boolean, query text);
INSERT INTO fb_queries VALUES
    ('an ordinary column', false, $q$SELECT id FROM f_events WHERE created_at > now() - interval '1 day'$q$),
    ('an ordinary column of a view', false, $q$SELECT id FROM fb_view WHERE created_at > now() - interval '1 day'$q$),
    ('a key time', true, $q$SELECT id FROM f_events WHERE uuid_v7_to_timestamptz(id) > now() - interval '1 day'$q$),
    ('a key time of a view', true, $q$SELECT id FROM fb_view WHERE made_at > now() - interval '1 day'$q$),
    ('a key time of a FROM subquery', true,
     $q$SELECT id FROM (SELECT id, uuid_v7_to_timestamptz(id) AS made_at FROM f_events) s
        WHERE made_at > now() - interval '1 day'$q$),
    ('a key time of a CTE', true,
     $q$WITH e AS (SELECT id, uuid_v7_to_timestamptz(id) AS made_at FROM f_events)
        SELECT id FROM e WHERE made_at > now() - interval '1 day'$q$),
    ('a key time grouped in a FROM subquery', true,
     $q$SELECT id FROM (SELECT uuid_v7_to_timestamptz(id) AS made_at, id FROM f_events GROUP BY 1, 2) s
        WHERE made_at > now() - interval '1 day'$q$),
    ('a key time of a view in a CTE, in a sub-select', true,
     $q$WITH e AS (SELECT * FROM fb_view) SELECT id FROM fb_events
        WHERE id IN (SELECT id FROM e WHERE made_at > now() - interval '1 day')$q$),
    ('a key in a window', true,
     $q$SELECT id FROM f_events WHERE id <@ tstzrange(now() - interval '1 day', now())$q$),
    ('a key of a view in a window', true,
     $q$SELECT id FROM fb_view WHERE tstzrange(now() - interval '1 day', now()) @> id$q$);

-- Wrapped: the fixed side as the value of an initplan of its own (the time conditions make
-- another, of the window, with or without it), and a remote query with a parameter. Not
-- wrapped: no initplan, no parameter, and the estimate of the setting off (PostgreSQL's from
-- the folded value: about 206 rows of a day, where a Param's is a third of the table).
SELECT name, wrapped,
       fb_plan(query) ~ 'InitPlan' AS initplan,
       fb_plan(query) ~ 'Output: (\(now\(\) - ''[^'']*''::interval\)|tstzrange\()' AS fixed_side_initplan,
       fb_plan(query) ~ 'Remote SQL: [^\n]*\$1' AS remote_parameter,
       wrapped OR fb_rows(query, 'on') = fb_rows(query, 'off') AS estimate_of_setting_off,
       fb_same(query) AS rows_of_setting_off
FROM fb_queries ORDER BY wrapped, name;
-- The estimate of an ordinary column's day is near the day's rows.
SELECT fb_rows($q$SELECT id FROM f_events WHERE created_at > now() - interval '1 day'$q$, 'on') BETWEEN 103 AND 412
       AS near_a_day;

-- How deep the walk goes: a chain of MATERIALIZED CTEs, each reading the one before through
-- three FROM subqueries, which PostgreSQL plans one CTE after another, but in which the time
-- is followed from the last CTE to the first, four levels deeper for each (2,000 in all).
-- Within max_stack_depth it is followed to the end and its bound wrapped. Beyond it the walk
-- stops and the query is planned as with the setting off, not failed with "stack depth limit
-- exceeded": PostgreSQL plans it within 100kB. (The first CTE keeps 10 rows, for speed.)
CREATE FUNCTION fb_chain(links int) RETURNS text LANGUAGE sql AS $$
    SELECT 'WITH c1 AS MATERIALIZED (SELECT id, uuid_v7_to_timestamptz(id) AS made_at FROM f_events
                                     ORDER BY id DESC LIMIT 10), '
           || string_agg(format('c%s AS MATERIALIZED (SELECT * FROM (SELECT * FROM (SELECT * FROM
                                     (SELECT * FROM c%s) a) b) c)', g, g - 1), ', ' ORDER BY g)
           || format(' SELECT id FROM c%s WHERE made_at > now() - interval ''1 day''', links)
    FROM generate_series(2, links) g
$$;
SELECT fb_plan(fb_chain(500)) ~ 'Output: \(now\(\) - ' AS followed_to_the_end,
       fb_same(fb_chain(500)) AS rows_of_setting_off;
BEGIN;
SET LOCAL max_stack_depth = '100kB';
SELECT fb_plan(fb_chain(500)) = fb_plan(fb_chain(500), 'off') AS beyond_the_limit_planned_as_setting_off;
COMMIT;
