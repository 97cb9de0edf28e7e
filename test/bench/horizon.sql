-- The commit horizon's costs on the current server (test/bench.sh, measure_commit_horizon):
-- nanoseconds per call of uuid_generate_v7() in one transaction (one hold), and of
-- uuidx_commit_horizon() when the server has it on, each after a warm-up of the same query.
-- Prints "v7_ns N" and, with :horizon = on, "horizon_ns N".
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS uuidx;
CREATE FUNCTION pg_temp.ns_per_call(query text, calls int) RETURNS numeric LANGUAGE plpgsql AS $$
DECLARE
    started timestamptz;
BEGIN
    EXECUTE query;
    started := clock_timestamp();
    EXECUTE query;
    RETURN round((extract(epoch FROM clock_timestamp() - started) * 1e9 / calls)::numeric, 2);
END $$;
SELECT 'v7_ns ' || pg_temp.ns_per_call(format('SELECT count(uuid_generate_v7()) FROM generate_series(1, %s)', :calls), :calls);
SELECT 'horizon_ns ' || pg_temp.ns_per_call(format('SELECT count(uuidx_commit_horizon()) FROM generate_series(1, %s)', :calls / 10), :calls / 10)
WHERE :'horizon' = 'on';
