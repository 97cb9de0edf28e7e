-- What the planner does with a query, and whether its rows are those with the time
-- predicates off: the helpers of the regression files on time order (time_order.sql,
-- time_buckets.sql).

-- Whether the plan of `query` (EXPLAIN, COSTS OFF) has a line matching the regular expression.
CREATE FUNCTION pg_temp.plan_has(query text, pattern text) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
    line text;
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
        IF line ~ pattern THEN RETURN true; END IF;
    END LOOP;
    RETURN false;
END $$;

-- The rows of `query` as text, in the order it returns them.
CREATE FUNCTION pg_temp.rows_of(query text) RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
    r record;
    result text[] := '{}';
BEGIN
    FOR r IN EXECUTE query LOOP
        result := result || r::text;
    END LOOP;
    RETURN result;
END $$;

-- What the planner does with `query`: whether its plan sorts (Sort or Incremental Sort) and
-- scans an index (not a bitmap), whether its rows in their order are those with
-- uuidx.time_predicates off, and how many there are. The rows with the setting off are
-- planned as PostgreSQL chooses: the enable_* settings a check turns off to see uuidx's
-- ordered path are on for them (they change plans, never rows; off, they can leave
-- PostgreSQL only a nested loop of the whole table with itself).
CREATE FUNCTION pg_temp.ordered(query text, OUT sorts boolean, OUT index_scan boolean, OUT same_rows boolean,
                                OUT row_count integer) LANGUAGE plpgsql AS $$
DECLARE
    forced_paths CONSTANT text[] := '{enable_sort, enable_hashjoin, enable_nestloop}';
    settings text[] := '{}';
    name text;
    rows_on text[];
BEGIN
    sorts := pg_temp.plan_has(query, '^\s*(->\s+)?(Incremental )?Sort$');
    index_scan := pg_temp.plan_has(query, '(^|->)\s*Index (Only )?Scan');
    rows_on := pg_temp.rows_of(query);
    settings := settings || current_setting('uuidx.time_predicates');
    PERFORM set_config('uuidx.time_predicates', 'off', true);
    FOREACH name IN ARRAY forced_paths LOOP
        settings := settings || current_setting(name);
        PERFORM set_config(name, 'on', true);
    END LOOP;
    same_rows := rows_on = pg_temp.rows_of(query);
    PERFORM set_config('uuidx.time_predicates', settings[1], true);
    FOR i IN 1 .. cardinality(forced_paths) LOOP
        PERFORM set_config(forced_paths[i], settings[i + 1], true);
    END LOOP;
    row_count := cardinality(rows_on);
END $$;
