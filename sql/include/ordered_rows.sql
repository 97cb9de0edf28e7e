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
-- uuidx.time_predicates off, and how many there are.
CREATE FUNCTION pg_temp.ordered(query text, OUT sorts boolean, OUT index_scan boolean, OUT same_rows boolean,
                                OUT row_count integer) LANGUAGE plpgsql AS $$
DECLARE
    setting text := current_setting('uuidx.time_predicates');
    rows_on text[];
BEGIN
    sorts := pg_temp.plan_has(query, '^\s*(->\s+)?(Incremental )?Sort$');
    index_scan := pg_temp.plan_has(query, '(^|->)\s*Index (Only )?Scan');
    rows_on := pg_temp.rows_of(query);
    PERFORM set_config('uuidx.time_predicates', 'off', true);
    same_rows := rows_on = pg_temp.rows_of(query);
    PERFORM set_config('uuidx.time_predicates', setting, true);
    row_count := cardinality(rows_on);
END $$;
