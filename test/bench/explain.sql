-- What test/bench/time_windows.sql, time_stored.sql, brin.sql and on_off.sql share: one
-- measured run of a query, from EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, FORMAT JSON): its
-- execution and planning times (ms), the shared buffers it hit or read (planning's not
-- included), the shape of its plan and the rows the planner expected (for time_stored.sql,
-- of the scan of the questioned table, with the rows it returned).

-- The plan below a plain aggregate (a grouping one is named: GroupAggregate, HashAggregate),
-- as `Gather (2 workers) > Parallel Seq Scan` or
-- `Index Only Scan (bench_time_keys_pkey)`. A partition's index is named by its partitioned
-- index, more than two siblings of the same shape (a partitioned table's partitions) are
-- written once, as `31 × Seq Scan`, and an initplan says so (`InitPlan Result`: a value
-- computed once, before the node that reads it).
CREATE FUNCTION pg_temp.plan_shape(node json) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    shape text;
    children text;
BEGIN
    SELECT string_agg(CASE WHEN copies <= 2 THEN child_shape WHEN position = first THEN copies || ' × ' || child_shape END,
                      ' + ' ORDER BY position)
    INTO children
    FROM (SELECT child_shape, position, count(*) OVER same AS copies, min(position) OVER same AS first
          FROM (SELECT pg_temp.plan_shape(child) AS child_shape, position
                FROM json_array_elements(node->'Plans') WITH ORDINALITY AS c(child, position)) c
          WINDOW same AS (PARTITION BY child_shape)) siblings;
    IF node->>'Node Type' = 'Aggregate' AND node->>'Strategy' = 'Plain' THEN
        RETURN coalesce(children, 'Aggregate');
    END IF;
    shape := CASE WHEN node->>'Parent Relationship' = 'InitPlan' THEN 'InitPlan ' ELSE '' END
             || CASE WHEN (node->>'Parallel Aware')::bool THEN 'Parallel ' ELSE '' END
             || CASE WHEN node->>'Node Type' <> 'Aggregate' THEN node->>'Node Type'
                     WHEN node->>'Strategy' = 'Sorted' THEN 'GroupAggregate'
                     WHEN node->>'Strategy' = 'Hashed' THEN 'HashAggregate' ELSE 'MixedAggregate' END
             || coalesce(' (' || coalesce((SELECT i.inhparent::regclass::text FROM pg_inherits i
                                           WHERE i.inhrelid = to_regclass(node->>'Index Name')),
                                          node->>'Index Name') || ')', '')
             || coalesce(' (' || (node->>'Workers Launched') || CASE WHEN node->>'Workers Launched' = '1'
                                                                      THEN ' worker)' ELSE ' workers)' END, '');
    RETURN shape || coalesce(' > ' || children, '');
END $$;

-- The planner's estimate of the rows that the scan below the aggregate (and any Gather)
-- returns, as `150` or, for a parallel scan, `11,424 per process`. An initplan beside the
-- scan (a window computed once) is not the scan.
CREATE FUNCTION pg_temp.scan_estimate(node json) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    WHILE node->>'Node Type' IN ('Aggregate', 'Gather', 'Gather Merge') LOOP
        SELECT child INTO node FROM json_array_elements(node->'Plans') WITH ORDINALITY AS c(child, position)
        WHERE child->>'Parent Relationship' IS DISTINCT FROM 'InitPlan' ORDER BY position LIMIT 1;
    END LOOP;
    RETURN to_char((node->>'Plan Rows')::float8, 'FM999G999G999G990')
           || CASE WHEN (node->>'Parallel Aware')::bool THEN ' per process' ELSE '' END;
END $$;

-- One EXPLAIN's figures: the measure of a query, from its JSON plan.
CREATE FUNCTION pg_temp.explained(result json, OUT execution_ms float8, OUT planning_ms float8, OUT buffers bigint,
                                  OUT plan text, OUT estimate text) LANGUAGE plpgsql AS $$
BEGIN
    execution_ms := (result->0->>'Execution Time')::float8;
    planning_ms := (result->0->>'Planning Time')::float8;
    buffers := (result->0->'Plan'->>'Shared Hit Blocks')::bigint + (result->0->'Plan'->>'Shared Read Blocks')::bigint;
    plan := pg_temp.plan_shape(result->0->'Plan');
    estimate := pg_temp.scan_estimate(result->0->'Plan');
END $$;

CREATE FUNCTION pg_temp.measure(query text, OUT execution_ms float8, OUT planning_ms float8, OUT buffers bigint,
                                OUT plan text, OUT estimate text) LANGUAGE plpgsql AS $$
DECLARE
    result json;
BEGIN
    EXECUTE 'EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, FORMAT JSON) ' || query INTO result;
    SELECT * INTO execution_ms, planning_ms, buffers, plan, estimate FROM pg_temp.explained(result);
END $$;

-- The planner's estimate and the actual rows (both per process in a parallel scan) of the
-- first scan of one of the tables `relations` (through a view too), how many processes ran
-- it, whether it is parallel, and whether a Limit stops it early (a Limit above it with no
-- Sort, Hash or Aggregate between but a GroupAggregate, which streams), where the two cannot
-- be compared: the estimate is of every row the scan's conditions admit.
CREATE FUNCTION pg_temp.relation_scan(node json, relations text[], limited bool DEFAULT false, OUT plan_rows float8,
                                      OUT actual_rows float8, OUT loops float8, OUT parallel bool,
                                      OUT under_limit bool) LANGUAGE plpgsql AS $$
DECLARE
    child json;
BEGIN
    IF node->>'Relation Name' = ANY (relations) THEN
        plan_rows := (node->>'Plan Rows')::float8;
        actual_rows := (node->>'Actual Rows')::float8;
        loops := (node->>'Actual Loops')::float8;
        parallel := (node->>'Parallel Aware')::bool;
        under_limit := limited;
        RETURN;
    END IF;
    limited := CASE WHEN node->>'Node Type' = 'Limit' THEN true
                    WHEN node->>'Node Type' = 'Aggregate' AND node->>'Strategy' = 'Sorted' THEN limited
                    WHEN node->>'Node Type' IN ('Sort', 'Hash', 'Aggregate') THEN false ELSE limited END;
    FOR child IN SELECT json_array_elements(node->'Plans') LOOP
        SELECT * INTO plan_rows, actual_rows, loops, parallel, under_limit
        FROM pg_temp.relation_scan(child, relations, limited);
        IF plan_rows IS NOT NULL THEN
            RETURN;
        END IF;
    END LOOP;
END $$;

-- measure, and the estimated and actual rows of one run of the scan of one of the tables
-- `relations` (a scan that is not parallel runs whole in each process that runs it, as
-- under a Hash below a Gather). A parallel scan's estimate is per process, and its actual
-- rows an average over the processes that ran it, which need not be all of those planned
-- (one process can run the whole scan under a Parallel Hash): its estimate is taken from
-- the same query planned without parallel workers (the scan's rows are its conditions'
-- selectivity, whatever the path), and its rows are the average times the processes.
CREATE FUNCTION pg_temp.measure_scan(query text, relations text[], OUT execution_ms float8, OUT planning_ms float8,
                                     OUT buffers bigint, OUT plan text, OUT scan_estimate float8,
                                     OUT scan_actual float8, OUT under_limit bool) LANGUAGE plpgsql AS $$
DECLARE
    result json;
    serial json;
    scan record;
    workers text;
BEGIN
    EXECUTE 'EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, FORMAT JSON) ' || query INTO result;
    SELECT e.execution_ms, e.planning_ms, e.buffers, e.plan INTO execution_ms, planning_ms, buffers, plan
    FROM pg_temp.explained(result) e;
    SELECT * INTO scan FROM pg_temp.relation_scan(result->0->'Plan', relations);
    scan_estimate := scan.plan_rows;
    scan_actual := scan.actual_rows;
    under_limit := coalesce(scan.under_limit, false);
    IF scan.parallel THEN
        scan_actual := scan.actual_rows * scan.loops;
        workers := current_setting('max_parallel_workers_per_gather');
        PERFORM set_config('max_parallel_workers_per_gather', '0', false);
        EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO serial;
        PERFORM set_config('max_parallel_workers_per_gather', workers, false);
        SELECT r.plan_rows INTO scan_estimate FROM pg_temp.relation_scan(serial->0->'Plan', relations) r;
    END IF;
END $$;
