-- The report of test/bench/hash_questions.sql (test/bench.sh): each question's planning +
-- execution time on the hash-partitioned table against the plain one, planned each time and
-- prepared, medians, and the goal: prepared, within 1.5x of the plain table or 0.2 ms above it.
\set QUIET on
\pset format unaligned
\pset tuples_only on
\ir numbers.sql
SELECT '';
SELECT '## Time questions on hash partitions';
SELECT '';
SELECT format('The %s keys of *Time windows* in `bench_time_hash`, `PARTITION BY HASH (id)` into %s partitions '
              '(docs/many-cores.md), beside the plain `bench_time_keys`; each question asked of both in %s '
              'interleaved rounds, planned each time (planning + execution of `EXPLAIN ANALYZE`) and as a prepared '
              'statement (its cached plan: execution + the time to fetch it). Medians. Goal: prepared, within '
              '1.5× the plain table''s time or 0.2 ms above it.',
              to_char(s.keys, 'FM999G999G999G999'),
              (SELECT count(*) FROM pg_inherits WHERE inhparent = 'bench_time_hash'::regclass), :repetitions)
FROM bench_time_span s;
SELECT '';
SELECT '| question | plan on the partitions | plain, planned (ms) | partitions, planned (ms) | ratio | plain, prepared (ms) | partitions, prepared (ms) | ratio | goal |';
SELECT '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |';
WITH measured AS (
    SELECT question, rel, prepared, percentile_cont(0.5) WITHIN GROUP (ORDER BY planning_ms + execution_ms) AS ms,
           min(plan) AS plan
    FROM bench_hash_sample GROUP BY question, rel, prepared
), answers AS (
    SELECT question, count(DISTINCT digest) = 1 AS same FROM bench_hash_answer GROUP BY question
)
SELECT format('| %s | %s | %s | %s | %s | %s | %s | %s | %s |', q.label, hp.plan,
              pg_temp.ms(pp.ms), pg_temp.ms(hp.ms), pg_temp.ratio(hp.ms / pp.ms),
              pg_temp.ms(pr.ms), pg_temp.ms(hr.ms), pg_temp.ratio(hr.ms / pr.ms),
              CASE WHEN NOT a.same THEN '**answers differ**'
                   WHEN hr.ms <= greatest(1.5 * pr.ms, pr.ms + 0.2) THEN 'met' ELSE '**missed**' END)
FROM bench_hash_question q
JOIN answers a ON a.question = q.position
JOIN measured pp ON pp.question = q.position AND pp.rel = 'bench_time_keys' AND NOT pp.prepared
JOIN measured hp ON hp.question = q.position AND hp.rel = 'bench_time_hash' AND NOT hp.prepared
JOIN measured pr ON pr.question = q.position AND pr.rel = 'bench_time_keys' AND pr.prepared
JOIN measured hr ON hr.question = q.position AND hr.rel = 'bench_time_hash' AND hr.prepared
ORDER BY q.position;
