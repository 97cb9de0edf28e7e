-- pg_temp.plan(query): the plan of a query as EXPLAIN (COSTS OFF) prints it, written the same
-- on every major, so that one expected output serves them all (the regression files that
-- print plans include this file):
--  - without the "Disabled: true" lines of PostgreSQL 18 and later (they mark the scans an
--    enable_* setting turned off but that remained), nor a Gather's "Params Evaluated" (the
--    initplan values the leader passes to its workers), which 17 and later print only with
--    VERBOSE;
--  - an initplan and its value as 17 and 18 print them, "InitPlan 1" and
--    "(InitPlan 1).col1", where 15 and 16 print "InitPlan 1 (returns $0)" and "$0" (the
--    plans printed have at most one initplan, whose value is $0) and 19 names it after what
--    it computes, "InitPlan expr_1".
CREATE FUNCTION pg_temp.plan(query text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
    line text;
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
        CONTINUE WHEN line ~ '^\s*(Disabled: true|Params Evaluated: .*)$';
        line := regexp_replace(line, 'InitPlan (\d+) \(returns \$\d+\)', 'InitPlan \1');
        line := regexp_replace(line, 'InitPlan expr_(\d+)', 'InitPlan \1', 'g');
        RETURN NEXT regexp_replace(line, '\$0\M', '(InitPlan 1).col1', 'g');
    END LOOP;
END $$;
