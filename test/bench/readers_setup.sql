-- The commit horizon's readers (test/bench.sh, measure_horizon_readers): the two-phase
-- writer's table, and the samples of pg_stat_activity taken while the pollers run.
SET client_min_messages = warning;
CREATE EXTENSION uuidx;
CREATE TABLE bench_readers_keys (id uuid PRIMARY KEY DEFAULT uuid_generate_v7());
CREATE TABLE bench_wait_samples (waiting int NOT NULL, pollers int NOT NULL);
-- SAMPLES samples 5 ms apart, each in a transaction of its own (pg_stat_activity is read
-- once a transaction): how many pollers wait on the horizon's lock, of how many connected.
CREATE PROCEDURE bench_sample_waits(samples int) LANGUAGE plpgsql AS $$
BEGIN
    FOR i IN 1 .. samples LOOP
        INSERT INTO bench_wait_samples
        SELECT count(*) FILTER (WHERE wait_event = 'uuidx commit horizon'), count(*)
        FROM pg_stat_activity WHERE application_name = 'bench_poller';
        COMMIT;
        PERFORM pg_sleep(0.005);
    END LOOP;
END $$;
