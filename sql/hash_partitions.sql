-- The recipe of docs/many-cores.md (sql/include/hash_partitioned_keys.sql, checked word for
-- word against the guide by test/integration/readme_guide.sh): v7 keys in hash partitions.
-- The keys spread evenly over the partitions; every time question gives the rows of the same
-- keys in a plain table, and of the setting off, planned and prepared; the time partitions
-- split by hash take their month's keys and refuse the next month's until it is made. Only
-- booleans and counts are printed.
SELECT uuid_max() IS NOT NULL AS library_loaded;
SET timezone = 'UTC';
SET max_parallel_workers_per_gather = 0;
-- The recipe's tables in a schema of their own: other files of the suite, run in the same
-- database, leave tables of the same names.
CREATE SCHEMA many_cores;
SET search_path = many_cores, public;

\ir sql/include/hash_partitioned_keys.sql
\ir sql/include/ordered_rows.sql

-- 40,000 keys over 30 days, and the same keys in a plain table.
INSERT INTO events (id, payload)
SELECT uuid_generate_v7(timestamptz '2026-10-01+00' + i * interval '64.8 seconds'), jsonb_build_object('i', i)
FROM generate_series(1, 40000) i;
CREATE TABLE events_plain (id uuid PRIMARY KEY, payload jsonb);
INSERT INTO events_plain SELECT * FROM events;
ANALYZE events, events_plain;

-- Every partition holds about an eighth of the keys.
SELECT count(*) AS partitions, min(share) > 0.10 AND max(share) < 0.15 AS even
FROM (SELECT count(*)::float8 / 40000 AS share FROM events GROUP BY tableoid) s;

-- The time questions: the same rows as the plain table's, in order where the question has
-- one, and as with the setting off (pg_temp.ordered); a question reads each partition's
-- btree (no sequential scan), and an ordering merges their ordered scans.
CREATE FUNCTION pg_temp.same_as_plain(query text) RETURNS boolean LANGUAGE sql AS $$
    SELECT pg_temp.rows_of(query) = pg_temp.rows_of(replace(query, 'FROM events', 'FROM events_plain'))
$$;
CREATE TEMP TABLE questions (label text, query text);
INSERT INTO questions VALUES
    ('a day''s count', $$SELECT count(*) FROM events WHERE uuid_v7_to_timestamptz(id) >= '2026-10-10+00' AND uuid_v7_to_timestamptz(id) < '2026-10-11+00'$$),
    ('a day''s rows', $$SELECT id FROM events WHERE uuid_v7_to_timestamptz(id) >= '2026-10-10+00' AND uuid_v7_to_timestamptz(id) < '2026-10-11+00' ORDER BY id$$),
    ('an hour''s payloads', $$SELECT count(*), sum((payload->>'i')::int) FROM events WHERE uuid_v7_to_timestamptz(id) BETWEEN '2026-10-20 05:00+00' AND '2026-10-20 06:00+00'$$),
    ('the latest 20', $$SELECT id FROM events ORDER BY uuid_v7_to_timestamptz(id) DESC, id DESC LIMIT 20$$),
    ('the first 20 after a time', $$SELECT id FROM events WHERE uuid_v7_to_timestamptz(id) >= '2026-10-15+00' ORDER BY uuid_v7_to_timestamptz(id), id LIMIT 20$$),
    ('min and max', $$SELECT min(uuid_v7_to_timestamptz(id)), max(uuid_v7_to_timestamptz(id)) FROM events$$),
    ('the latest 24 hourly counts', $$SELECT date_trunc('hour', uuid_v7_to_timestamptz(id)), count(*) FROM events GROUP BY 1 ORDER BY 1 DESC LIMIT 24$$);
SELECT label, o.sorts, o.index_scan, o.same_rows AS same_as_setting_off, pg_temp.same_as_plain(query) AS same_as_plain,
       o.row_count, NOT pg_temp.plan_has(query, 'Seq Scan') AS no_sequential_scan
FROM questions, LATERAL pg_temp.ordered(query) o;
SELECT pg_temp.plan_has($$SELECT id FROM events ORDER BY uuid_v7_to_timestamptz(id) DESC, id DESC LIMIT 20$$, 'Merge Append')
       AS latest_merged;

-- Prepared (a generic plan), the same rows.
SET plan_cache_mode = force_generic_plan;
PREPARE day_count(timestamptz, timestamptz) AS
    SELECT count(*) FROM events WHERE uuid_v7_to_timestamptz(id) >= $1 AND uuid_v7_to_timestamptz(id) < $2;
PREPARE first_after(timestamptz) AS
    SELECT id FROM events WHERE uuid_v7_to_timestamptz(id) >= $1 ORDER BY uuid_v7_to_timestamptz(id), id LIMIT 20;
SELECT pg_temp.rows_of($$EXECUTE day_count('2026-10-10+00', '2026-10-11+00')$$)
       = pg_temp.rows_of($$SELECT count(*) FROM events_plain WHERE uuid_v7_to_timestamptz(id) >= '2026-10-10+00' AND uuid_v7_to_timestamptz(id) < '2026-10-11+00'$$)
       AS prepared_count_same,
       pg_temp.rows_of($$EXECUTE first_after('2026-10-15+00')$$)
       = pg_temp.rows_of($$SELECT id FROM events_plain WHERE uuid_v7_to_timestamptz(id) >= '2026-10-15+00' ORDER BY uuid_v7_to_timestamptz(id), id LIMIT 20$$)
       AS prepared_first_same;
DEALLOCATE ALL;
RESET plan_cache_mode;

-- Keys keep their order across the partitions: one session's keys, read back in key order,
-- are in the order they were made.
CREATE TEMP TABLE made AS SELECT n, id FROM (SELECT n, uuid_generate_v7() AS id FROM generate_series(1, 2000) n) s;
INSERT INTO events (id) SELECT id FROM made;
SELECT bool_and(n > previous) AS made_order_kept
FROM (SELECT m.n, lag(m.n) OVER (ORDER BY e.id) AS previous FROM events e JOIN made m USING (id)) s;

-- Time partitions split by hash: November's keys go to its four hash partitions; a key of
-- December has no partition until December's is made.
INSERT INTO readings (id, value)
SELECT uuid_generate_v7(timestamptz '2026-11-01+00' + i * interval '1 hour'), i FROM generate_series(0, 700) i;
SELECT count(DISTINCT tableoid) AS november_partitions, count(*) AS november_rows FROM readings;
SELECT * FROM pg_temp.ordered($$SELECT id FROM readings WHERE uuid_v7_to_timestamptz(id) >= '2026-11-20+00' ORDER BY uuid_v7_to_timestamptz(id), id LIMIT 10$$);
\set VERBOSITY sqlstate
INSERT INTO readings (id, value) VALUES (uuid_generate_v7(timestamptz '2026-12-01 00:00:00.001+00'), 0);
\set VERBOSITY default
SELECT count(*) AS readings_after_refusal FROM readings;

SET client_min_messages = warning;
DROP SCHEMA many_cores CASCADE;
RESET client_min_messages;
RESET search_path;
