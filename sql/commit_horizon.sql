-- uuidx_commit_horizon() and uuidx_horizon_holders in one session: every key below the
-- horizon was made by a transaction that has ended, and the horizon is at most one tick
-- above the newest key made or the clock. What concurrent sessions see, step by step, is the
-- isolation test (specs/commit_horizon_steps.spec). Outputs: commit_horizon.out with uuidx
-- preloaded, commit_horizon_1.out with the library loaded per session, where both refuse
-- (55000).
SELECT uuidx_order_scope() = 'server' AS preloaded \gset

SELECT p.oid::regprocedure AS function, p.provolatile AS volatility, p.proparallel AS parallel
FROM pg_proc p
WHERE p.proname IN ('uuidx_commit_horizon', 'uuidx_horizon_holder_records')
ORDER BY 1::text;

-- Preloaded, a v7 key; per session, 55000 with a hint (the server-wide order is needed).
\set VERBOSITY default
SELECT uuid_extract_version(uuidx_commit_horizon()) AS version;
SELECT count(*) FROM uuidx_horizon_holders;

\if :preloaded
-- With no transaction of this database holding it, the horizon is above every key made, and
-- every key made after it sorts above it.
SELECT uuid_generate_v7() AS made \gset
SELECT uuidx_commit_horizon() AS horizon \gset
SELECT uuid_generate_v7() AS next_made \gset
SELECT :'made' < :'horizon' AS above_the_newest_key, :'horizon' <= :'next_made' AS at_most_one_tick_above;
-- Its random bits are zero: the smallest key of its tick, so every key of an earlier tick
-- sorts below it.
SELECT right(uuidx_commit_horizon()::text, 12) AS random_bits;

-- A transaction that made a key holds the horizon at or below its first key, through its
-- later keys and statements, and lets go when it commits.
BEGIN;
SELECT uuid_generate_v7() AS first_key \gset
SELECT count(uuid_generate_v7()) FROM generate_series(1, 100);
SELECT uuidx_commit_horizon() <= :'first_key' AS held_at_the_first_key;
SELECT count(*) AS holders, bool_and(pid = pg_backend_pid()) AS this_backend, bool_and(oldest_key <= :'first_key') AS below_first_key,
       min(state) AS state, min(reason) AS reason, bool_and(prepared_gid IS NULL) AS not_prepared,
       bool_and(xact_start = now()) AS started_with_the_transaction,
       bool_and(oldest_key_time <= uuid_v7_to_timestamptz(:'first_key')) AS time_of_the_oldest_key,
       -- held since the statement that made the first key began: within the transaction,
       -- before this statement
       bool_and(held_since >= now() AND held_since < statement_timestamp()) AS held_since_the_first_key,
       bool_and(held_for >= clock_timestamp() - statement_timestamp()) AS held_for_until_now
FROM uuidx_horizon_holders;
COMMIT;
SELECT uuidx_commit_horizon() > :'first_key' AS released_at_commit, count(*) AS holders FROM uuidx_horizon_holders;

-- An abort lets go too.
BEGIN;
SELECT uuid_generate_v7() AS aborted_key \gset
SELECT uuidx_commit_horizon() <= :'aborted_key' AS held;
ROLLBACK;
SELECT uuidx_commit_horizon() > :'aborted_key' AS released_at_rollback;

-- A savepoint rolled back keeps the transaction's hold: the hold is the top transaction's.
BEGIN;
SAVEPOINT before_key;
SELECT uuid_generate_v7() AS savepoint_key \gset
ROLLBACK TO SAVEPOINT before_key;
SELECT uuidx_commit_horizon() <= :'savepoint_key' AS held_after_rollback_to_savepoint;
COMMIT;

-- An error in the transaction (the whole transaction aborts) lets go at its end.
BEGIN;
SELECT uuid_generate_v7() AS failed_key \gset
SELECT 1 / 0;
ROLLBACK;
SELECT uuidx_commit_horizon() > :'failed_key' AS released_after_an_error;

-- uuidv7() and uuidv7(interval) are tracked; a positive shift keeps keys above the hold.
BEGIN;
SELECT public.uuidv7('1 hour') AS shifted_key \gset
SELECT uuidx_commit_horizon() <= :'shifted_key' AS shifted_key_held, count(*) AS holders FROM uuidx_horizon_holders;
ROLLBACK;
BEGIN;
SELECT public.uuidv7() AS named_key \gset
SELECT uuidx_commit_horizon() <= :'named_key' AS uuidv7_held;
ROLLBACK;

-- Transactions that make no tracked key hold nothing: v4, v6 and v1 keys, and v7 keys of an
-- explicit time (backfills: not covered, docs/consumers.md).
SELECT uuid_generate_v7() AS newest \gset
BEGIN;
SELECT count(*) FROM (SELECT public.uuidv4(), uuid_generate_v6(), uuidv1(), uuid_generate_v7(now() - interval '1 day')
                      FROM generate_series(1, 10)) AS untracked;
SELECT count(*) AS holders FROM uuidx_horizon_holders;
SELECT uuidx_commit_horizon() > :'newest' AS not_held;
COMMIT;

-- Keys made by parallel workers count for their leader's transaction, which inserts what they
-- compute: with the leader taking no part, the workers alone make the keys here, and the
-- one holder is the leader's backend, until it commits.
CREATE TABLE parallel_rows AS SELECT g FROM generate_series(1, 50000) AS g;
ANALYZE parallel_rows;
CREATE FUNCTION pg_temp.workers_launched(query text) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
    plan jsonb;
BEGIN
    EXECUTE 'EXPLAIN (ANALYZE, FORMAT JSON) ' || query INTO plan;
    RETURN jsonb_path_query_first(plan, 'strict $.**."Workers Launched"')::int;
END $$;
BEGIN;
SET LOCAL parallel_setup_cost = 0;
SET LOCAL parallel_tuple_cost = 0;
SET LOCAL min_parallel_table_scan_size = 0;
SET LOCAL max_parallel_workers_per_gather = 2;
SET LOCAL parallel_leader_participation = off;
SELECT pg_temp.workers_launched('SELECT count(uuid_generate_v7()) FROM parallel_rows') > 0 AS workers_made_the_keys;
SELECT count(*) AS holders, bool_and(pid = pg_backend_pid()) AS held_for_the_leader FROM uuidx_horizon_holders;
-- The leader reads the horizon in parallel mode (PARALLEL RESTRICTED: above the Gather,
-- while the workers scan), which GetLatestSnapshot() refuses: uuidx takes its own snapshot.
SELECT pg_temp.workers_launched('SELECT count(*) FILTER (WHERE uuidx_commit_horizon() IS NOT NULL) FROM parallel_rows') > 0
       AS horizon_read_beside_workers;
COMMIT;
SELECT count(*) AS holders_after_commit FROM uuidx_horizon_holders;
DROP TABLE parallel_rows;

-- The consumer recipe of docs/consumers.md, as printed (its batch's rows to /dev/null: their
-- keys are random): it reads the writer's row, and its position moves to that row's key.
\o /dev/null
\ir sql/include/keyset_consumer.sql
\o
UNLISTEN *;
SELECT (SELECT last_id FROM outbox_consumers WHERE consumer = 'mailer') = (SELECT id FROM outbox) AS position_at_the_row_read,
       (SELECT count(*) FROM outbox) AS rows;
-- The next poll finds nothing new; a row committed since is read by the poll after it.
SELECT uuidx_commit_horizon() AS horizon \gset
SELECT count(*) AS new_rows FROM outbox
WHERE id > (SELECT last_id FROM outbox_consumers WHERE consumer = 'mailer') AND id < :'horizon';
INSERT INTO outbox (topic, payload) VALUES ('order.paid', '{"order": 1}');
SELECT uuidx_commit_horizon() AS horizon \gset
SELECT topic FROM outbox
WHERE id > (SELECT last_id FROM outbox_consumers WHERE consumer = 'mailer') AND id < :'horizon';
DROP TABLE outbox, outbox_consumers;
DROP FUNCTION outbox_notify();
\endif
