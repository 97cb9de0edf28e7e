-- The time predicates on against off: its part of the benchmark's report (test/bench.sh
-- appends it to build/bench/pgMAJOR.md), after test/bench/on_off.sql, with the run's
-- :repetitions. Each case's median of planning + execution with uuidx.time_predicates on
-- and off, their ratio, and its verdict against the goal: at most 1.05 times the time
-- without the feature, plus 0.2 ms where that time is under a millisecond.
\set ON_ERROR_STOP on
\set QUIET on
\pset format unaligned
\pset tuples_only on
SET TimeZone = 'UTC';

\ir numbers.sql
CREATE FUNCTION pg_temp.onoff_plan(plan text) RETURNS text LANGUAGE sql AS $$
    SELECT replace(replace(replace(plan, 'bench_onoff_keys_pkey', 'primary key'),
                           'bench_onoff_parted_pkey', 'primary key'), ' > ', ' → ') $$;

CREATE TEMP VIEW onoff_result AS
WITH measured AS (
    SELECT case_position, time_predicates,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY planning_ms + execution_ms) AS total_ms,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY planning_ms) AS planning_ms,
           string_agg(DISTINCT plan, '; ') AS plan
    FROM bench_onoff_sample GROUP BY case_position, time_predicates),
-- Each round's own ratio (on and off ran back to back), whose median tells a case that is
-- slower in every round from one that a few slow rounds moved.
paired AS (
    SELECT on_.case_position,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY (on_.planning_ms + on_.execution_ms)
                                                       / (off.planning_ms + off.execution_ms)) AS ratio
    FROM bench_onoff_sample on_
    JOIN bench_onoff_sample off ON off.case_position = on_.case_position AND off.repetition = on_.repetition
                                AND NOT off.time_predicates
    WHERE on_.time_predicates GROUP BY on_.case_position)
SELECT c.position, s.question, w.label AS window_label, w.width, f.label AS form_label, r.label AS relation_label,
       m.label AS mode_label, s.ordered, on_.total_ms AS on_ms, off.total_ms AS off_ms,
       on_.planning_ms AS on_planning_ms, off.planning_ms AS off_planning_ms, on_.plan AS on_plan, off.plan AS off_plan,
       on_.total_ms / off.total_ms AS ratio, p.ratio AS paired_ratio,
       on_.total_ms <= 1.05 * off.total_ms + CASE WHEN off.total_ms < 1 THEN 0.2 ELSE 0 END AS met
FROM bench_onoff_case c
JOIN bench_onoff_shape s ON s.position = c.shape_position
LEFT JOIN bench_onoff_window w ON w.position = s.window_position
JOIN bench_onoff_form f ON f.position = c.form_position
JOIN bench_onoff_relation r ON r.position = c.relation_position
JOIN bench_onoff_mode m ON m.position = c.mode_position
JOIN measured on_ ON on_.case_position = c.position AND on_.time_predicates
JOIN measured off ON off.case_position = c.position AND NOT off.time_predicates
JOIN paired p ON p.case_position = c.position;

SELECT '';
SELECT '## Time predicates on against off';
SELECT '';
SELECT format('%s v7 keys spread evenly over the 30 days before the run (one every %s s, each made by '
              '`uuid_generate_v7(ts)` for its time, inserted in time order), in a plain table `(id uuid PRIMARY KEY, '
              'n int NOT NULL, CHECK (public.uuid_extract_version(id) = 7))` (heap %s MB, primary key %s MB) and in '
              'the same table partitioned by range of the key into %s daily partitions bounded by '
              '`uuid_time_encoder(day)`, after `VACUUM ANALYZE`; uuidx preloaded. The time `T` is asked for as the '
              'function call `uuid_v7_to_timestamptz(t.id)`, as the column of a view `SELECT *, '
              'uuid_v7_to_timestamptz(id) AS created_at`%s. The questions: `SELECT count(*)`, `sum(t.n)` or the rows '
              '`t.id, t.n, T` `FROM t WHERE <window>` for each window below; the latest 20 (`ORDER BY T DESC LIMIT '
              '20`), the first 100 from the constant day''s start (`WHERE T >= a ORDER BY T LIMIT 100`) and the last '
              'day''s rows in time order (`WHERE T >= now() - interval ''1 day'' ORDER BY T`); each serially '
              '(`max_parallel_workers_per_gather = 0`) and with the server''s %s parallel workers per query. Each '
              'case ran with `uuidx.time_predicates` on and off in the same transaction and both answers were '
              'compared (rows, and a digest of them, in order for the orderings): equal in %s of %s cases. Then %s '
              'rounds of every '
              'case, on and off back to back, each first in every other round; a figure is the median of planning '
              '+ execution time as `EXPLAIN (ANALYZE, BUFFERS, TIMING OFF)` reports them (not the rows'' transfer to '
              'the client). Goal: with the feature at most 1.05× the time without it, plus 0.2 ms where that time is '
              'under 1 ms.',
              to_char(s.keys, 'FM999G999G999G999'), to_char(extract(epoch FROM s.step), 'FM999999990.099999'),
              round(pg_relation_size('bench_onoff_keys') / 1e6), round(pg_relation_size('bench_onoff_keys_pkey') / 1e6),
              (SELECT count(*) FROM pg_inherits WHERE inhparent = 'bench_onoff_parted'::regclass),
              CASE WHEN current_setting('server_version_num')::int >= 180000
                   THEN ' and as the VIRTUAL generated column `created_at timestamptz GENERATED ALWAYS AS '
                        '(uuid_extract_timestamp(id)) VIRTUAL NOT NULL` of each table'
                   ELSE ' (no virtual generated columns before 18)' END,
              current_setting('max_parallel_workers_per_gather'),
              (SELECT count(*) FROM bench_onoff_answer a_on
               JOIN bench_onoff_answer a_off ON a_off.case_position = a_on.case_position AND NOT a_off.time_predicates
               WHERE a_on.time_predicates AND (a_on.rows, a_on.digest) IS NOT DISTINCT FROM (a_off.rows, a_off.digest)),
              (SELECT count(*) FROM bench_onoff_case), :repetitions)
FROM bench_onoff_span s;
SELECT '';
-- The windows and their keys (the rows of the plain table's, function call, serial).
SELECT '| window | width | predicate | keys |';
SELECT '| --- | --- | --- | ---: |';
SELECT format('| %s | %s | `%s` | %s |', w.label, w.width, replace(w.predicate, '{time}', 'T'),
              to_char(a.rows, 'FM999G999G990'))
FROM bench_onoff_window w
JOIN bench_onoff_shape s ON s.window_position = w.position AND s.question = 'the rows'
JOIN bench_onoff_case c ON c.shape_position = s.position AND c.relation_position = 1 AND c.form_position = 1
                       AND c.mode_position = 1
JOIN bench_onoff_answer a ON a.case_position = c.position AND a.time_predicates
ORDER BY w.position;
SELECT '';
SELECT '| question | window | time as | table | workers | on (ms) | off (ms) | on / off | goal | planning on / off (ms) | plan with the feature | plan without |';
SELECT '| --- | --- | --- | --- | --- | ---: | ---: | ---: | --- | ---: | --- | --- |';
SELECT format('| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s / %s | %s | %s |', question, coalesce(window_label, ''),
              form_label, relation_label, mode_label, pg_temp.ms(on_ms), pg_temp.ms(off_ms), pg_temp.ratio(ratio),
              CASE WHEN met THEN 'met' ELSE '**missed**' END, pg_temp.ms(on_planning_ms), pg_temp.ms(off_planning_ms),
              pg_temp.onoff_plan(on_plan), pg_temp.onoff_plan(off_plan))
FROM onoff_result ORDER BY position;
SELECT '';
SELECT format('- **Goal met in %s of %s cases**%s. On / off: %s to %s for the narrow windows, %s to %s for the wide '
              'ones, %s to %s for the orderings by time.',
              count(*) FILTER (WHERE met), count(*),
              CASE WHEN bool_and(met) THEN '' ELSE '; **missed** in ' || string_agg(CASE WHEN NOT met THEN
                   format('%s of %s, %s, %s table, %s (%s×; median of the rounds'' own ratios %s×)', question,
                          coalesce(window_label, 'the table'), form_label, relation_label, mode_label,
                          pg_temp.ratio(ratio), pg_temp.ratio(paired_ratio)) END, '; ' ORDER BY position) END,
              pg_temp.ratio(min(ratio) FILTER (WHERE width = 'narrow')), pg_temp.ratio(max(ratio) FILTER (WHERE width = 'narrow')),
              pg_temp.ratio(min(ratio) FILTER (WHERE width = 'wide')), pg_temp.ratio(max(ratio) FILTER (WHERE width = 'wide')),
              pg_temp.ratio(min(ratio) FILTER (WHERE ordered)), pg_temp.ratio(max(ratio) FILTER (WHERE ordered)))
FROM onoff_result;
