-- The planning overhead of uuidx's hook on a query that calls no time function
-- (test/bench.sh sets :rounds and :queries). Three sessions, opened with dblink, each plan
-- the same query: in bench_uuidx with uuidx.time_predicates on, in it with the setting
-- off, and in bench_plain, where uuidx is not created (test/bench/time_setup.sql).
-- This session drives them in turn, :queries plannings at a time, the order of the three
-- rotating every round, so that all three see the same machine at nearly the same moment;
-- round 0 warms them up. Each planning time is EXPLAIN (SUMMARY ON)'s Planning Time: the
-- planner alone (the hook included), not parsing, execution or the round trip. A round's
-- figure for a session is the mean of its plannings below that batch's 90th percentile
-- (a planning interrupted by another process is not the hook's cost); the results go to
-- bench_plan_sample.
\set ON_ERROR_STOP on
\set QUIET on
CREATE EXTENSION IF NOT EXISTS dblink;
SELECT set_config('bench.rounds', :'rounds', false), set_config('bench.queries', :'queries', false) \gset
CREATE TEMP TABLE bench_plan_time (setting text, round int, planning_ms float8);
DO $$
DECLARE
    server constant text := format('host=%s port=%s user=%s', split_part(current_setting('unix_socket_directories'), ',', 1),
                                   current_setting('port'), current_user);
    settings constant text[] := ARRAY['hook on', 'hook off', 'uuidx not created'];
    query constant text := 'EXPLAIN (SUMMARY ON, FORMAT JSON) '
        'SELECT a.n, b.n FROM bench_plan_probe a JOIN bench_plan_probe b ON b.id = a.id '
        'WHERE a.id = ''01890a5d-ac96-774b-bcce-b302099a8057'' AND b.n > 0 ORDER BY a.n LIMIT 10';
    rounds constant int := current_setting('bench.rounds')::int;
    queries constant int := current_setting('bench.queries')::int;
    setting text;
    times float8[];
    planning_ms float8;
BEGIN
    PERFORM dblink_connect('hook on', server || ' dbname=bench_uuidx');
    PERFORM dblink_connect('hook off', server || ' dbname=bench_uuidx options=''-c uuidx.time_predicates=off''');
    PERFORM dblink_connect('uuidx not created', server || ' dbname=bench_plain');
    FOR round IN 0 .. rounds LOOP
        FOR k IN 0 .. 2 LOOP
            setting := settings[(round + k) % 3 + 1];
            times := '{}';
            FOR i IN 1 .. CASE WHEN round = 0 THEN 5 * queries ELSE queries END LOOP
                SELECT (r.plan->0->>'Planning Time')::float8 INTO planning_ms FROM dblink(setting, query) AS r(plan json);
                times := times || planning_ms;
            END LOOP;
            IF round > 0 THEN
                INSERT INTO bench_plan_time SELECT setting, round, t FROM unnest(times) t;
            END IF;
        END LOOP;
    END LOOP;
    PERFORM dblink_disconnect(name) FROM unnest(settings) name;
END $$;

INSERT INTO bench_plan_sample
SELECT t.setting, t.round, avg(t.planning_ms) FILTER (WHERE t.planning_ms <= p.p90) * 1000
FROM bench_plan_time t
JOIN (SELECT setting, round, percentile_cont(0.9) WITHIN GROUP (ORDER BY planning_ms) AS p90
      FROM bench_plan_time GROUP BY setting, round) p USING (setting, round)
GROUP BY t.setting, t.round;
