-- What test/bench/time_windows.sql and test/bench/brin.sql share: one measured run of a
-- query, from EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, FORMAT JSON): its execution and
-- planning times (ms), the shared buffers it hit or read (planning's not included), the
-- shape of its plan and the rows the planner expected.

-- The plan below the aggregate, as `Gather (2 workers) > Parallel Seq Scan` or
-- `Index Only Scan (bench_time_keys_pkey)`.
CREATE FUNCTION pg_temp.plan_shape(node json) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    shape text;
    children text;
BEGIN
    SELECT string_agg(pg_temp.plan_shape(child), ' + ') INTO children FROM json_array_elements(node->'Plans') AS child;
    IF node->>'Node Type' = 'Aggregate' THEN
        RETURN coalesce(children, 'Aggregate');
    END IF;
    shape := CASE WHEN (node->>'Parallel Aware')::bool THEN 'Parallel ' ELSE '' END || (node->>'Node Type')
             || coalesce(' (' || (node->>'Index Name') || ')', '')
             || coalesce(' (' || (node->>'Workers Launched') || CASE WHEN node->>'Workers Launched' = '1'
                                                                      THEN ' worker)' ELSE ' workers)' END, '');
    RETURN shape || coalesce(' > ' || children, '');
END $$;

-- The planner's estimate of the rows that the scan below the aggregate (and any Gather)
-- returns, as `150` or, for a parallel scan, `11,424 per process`.
CREATE FUNCTION pg_temp.scan_estimate(node json) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    WHILE node->>'Node Type' IN ('Aggregate', 'Gather', 'Gather Merge') LOOP
        node := node->'Plans'->0;
    END LOOP;
    RETURN to_char((node->>'Plan Rows')::float8, 'FM999G999G999G990')
           || CASE WHEN (node->>'Parallel Aware')::bool THEN ' per process' ELSE '' END;
END $$;

CREATE FUNCTION pg_temp.measure(query text, OUT execution_ms float8, OUT planning_ms float8, OUT buffers bigint,
                                OUT plan text, OUT estimate text) LANGUAGE plpgsql AS $$
DECLARE
    result json;
BEGIN
    EXECUTE 'EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, FORMAT JSON) ' || query INTO result;
    execution_ms := (result->0->>'Execution Time')::float8;
    planning_ms := (result->0->>'Planning Time')::float8;
    buffers := (result->0->'Plan'->>'Shared Hit Blocks')::bigint + (result->0->'Plan'->>'Shared Read Blocks')::bigint;
    plan := pg_temp.plan_shape(result->0->'Plan');
    estimate := pg_temp.scan_estimate(result->0->'Plan');
END $$;
