#!/usr/bin/env bash
# Differential test of the planner features: seeded random queries (planner_differential.sql
# makes the data and the queries) each run with uuidx.time_predicates on and off, whose
# results must be equal: rows compared in output order where the query's ORDER BY is
# total, as sorted multisets elsewhere, an error equal to an error of the same SQLSTATE and
# message. Each query runs in a time zone of its own, a prepared one executed in another
# zone than its plan was made in; the data spans 2025's transitions of those zones. Sources
# include a postgres_fdw loopback foreign table, a table with foreign partitions, partitions
# of partitions and parallel plans. It fails on any difference, printing the first few; and
# per shape and per source (the table of floors below) where too few queries had a plan of
# their own with the features on, which would mean a rewrite was not at work, or where more
# than 5% of a shape's queries ended in an error.
# planner_differential_buckets.sql adds queries on buckets of the time (date_trunc(),
# date_bin(), ::date) in time zones drawn per query, some prepared in one zone and run in
# another. UUIDX_DIFFERENTIAL_QUERIES (default 5500) and UUIDX_DIFFERENTIAL_BUCKET_QUERIES
# (default 800) set the counts, UUIDX_DIFFERENTIAL_SEED (fixed by
# default, so runs repeat) the seed, which is mixed with the mode so that the two modes
# run different queries; UUIDX_DIFFERENTIAL_KEEP=1 keeps its database to look into (pd_log, pd_failures).
# Run by test/run-major.sh with UUIDX_MODE (session | preloaded) and the cluster's PG* env,
# in one mode a major (differential_mode_of, test/lib/roots.sh); in the other it is a skip
# that says so, unless UUIDX_DIFFERENTIAL_BOTH_MODES=1.
set -eu
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
source "$(dirname "${BASH_SOURCE[0]}")/../lib/roots.sh"

mode=${UUIDX_MODE:-session}
if [ -n "${PG_MAJOR:-}" ] && [ -z "${UUIDX_DIFFERENTIAL_BOTH_MODES:-}" ] &&
    [ "$mode" != "$(differential_mode_of "$PG_MAJOR")" ]; then
    echo "runs $(differential_mode_of "$PG_MAJOR") on PostgreSQL $PG_MAJOR, the modes alternating over the majors: skipped"
    exit 77
fi

queries=${UUIDX_DIFFERENTIAL_QUERIES:-5500}
bucket_queries=${UUIDX_DIFFERENTIAL_BUCKET_QUERIES:-800}
seed=${UUIDX_DIFFERENTIAL_SEED:-20250303}
batch=500
# setseed() takes a number in [-1, 1]; the mode moves it.
mixed=$(( (seed * 2 + $([ "$mode" = preloaded ] && echo 1 || echo 0)) % 1000003 ))
query_seed="0.$(printf '%07d' "$mixed")"
data_seed="0.$(printf '%07d' $(( seed % 1000003 )))"
db=uuidx_pd

psql_quiet -c 'SET client_min_messages = warning' -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
[ -n "${UUIDX_DIFFERENTIAL_KEEP:-}" ] || trap 'psql_quiet -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true' EXIT
psql_quiet -d "$db" -c 'CREATE EXTENSION uuidx'
for part in planner_differential planner_differential_buckets; do
    psql_quiet -d "$db" -v data_seed="$data_seed" -f "$(dirname "${BASH_SOURCE[0]}")/$part.sql" >/dev/null
done

# One session: the library loads at its first uuidx call (uuid_max()), before any plan;
# then the seed and the batches.
started=$SECONDS
{
    echo "SELECT uuid_max() IS NOT NULL AS loaded \\gset"
    echo "SELECT setseed($query_seed);"
    for ((first = 1; first <= queries; first += batch)); do
        echo "SELECT pd_run($first, $(( queries - first + 1 < batch ? queries - first + 1 : batch )));"
    done
    for ((first = 1; first <= bucket_queries; first += batch)); do
        echo "SELECT pd_bucket_run($(( queries + first )), $(( bucket_queries - first + 1 < batch ? bucket_queries - first + 1 : batch )));"
    done
} | psql_quiet -At -d "$db" >/dev/null
elapsed=$(( SECONDS - started ))

summary=$(psql_quiet -At -F ' ' -d "$db" -c "SELECT count(*), count(*) FILTER (WHERE plan_changed),
        count(*) FILTER (WHERE feature_seen), count(*) FILTER (WHERE NOT same), count(*) FILTER (WHERE error IS NOT NULL),
        count(*) FILTER (WHERE prepared IS NOT NULL), count(*) FILTER (WHERE parallel) FROM pd_log")
read -r total changed seen differences errors prepared parallel <<<"$summary"
echo "seed $seed (mode $mode, query seed $query_seed), $total queries in ${elapsed}s: $changed with a plan changed by the features, $seen showing them in the plan, $prepared prepared, $parallel parallel, $errors equal errors, $differences differences"

# Each shape's and each source's floor of changed plans: the share (%) of its queries whose
# plan the features change, as measured at the default seed and counts (the lower of the
# two modes, on PostgreSQL 15), less a margin of 15 points (a source runs about 170 queries,
# a bucket shape 110 or more: 15 points is at least 3.5 standard deviations of a binomial
# share below the lower measure); a fourth field is a parallel source's share (%) of plans
# with a Gather, less the same margin. A shape or source whose rewrite stops firing falls
# below its floor. A measure of 15 or less asserts nothing: the features do not reach
# through a LIMIT, a window function or a MATERIALIZED CTE, nor to a time without the v7
# CHECK; nor is the virtual column measured yet (18 and later only). A floor is checked where
# its shape or source ran 75 queries or more (a shorter run's shares are noise); a shape or
# source without a row fails.
floor_margin=15
floors="
shape|aggregates|37
shape|bucket: DISTINCT ON, the latest|66
shape|bucket: GROUP BY bucket, n|75
shape|bucket: GROUP BY, no order|56
shape|bucket: GROUP BY, ORDER BY|74
shape|bucket: ORDER BY, the key|69
shape|DISTINCT time|44
shape|EXISTS / IN|39
shape|GROUP BY time|47
shape|join on the key|33
shape|join on the time|43
shape|LATERAL|46
shape|min/max|49
shape|ORDER BY time|40
shape|ORDER BY time, key|46
shape|ORDER BY time, no condition|47
shape|rows|37
shape|UNION ALL|45
shape|window functions|45
source|aggregate view|42
source|brin|35
source|brin view|38
source|CTE|47
source|DISTINCT view|39
source|foreign|51
source|foreign partitions|59
source|foreign partitions timestamp|52
source|hash partitioned|55
source|LIMIT view|2
source|MATERIALIZED CTE|2
source|mixed extract, no CHECK|1
source|mixed key|54
source|mixed ref|39
source|mixed ref CTE|37
source|mixed ref timestamp|38
source|mixed ref view|34
source|parallel|50|38
source|parallel partitioned|49|39
source|partitioned|57
source|partitioned CTE|58
source|partitioned subquery|51
source|partitioned timestamp|54
source|partitioned view|51
source|partitions of partitions|55
source|plain|53
source|plain timestamp|48
source|security_barrier view|40
source|subquery|53
source|v7 CHECK|51
source|v7 CHECK extract|46
source|v7 CHECK subquery|43
source|v7 CHECK unqualified extract|39
source|v7 CHECK view|41
source|view|51
source|view timestamp|48
source|virtual column|0
source|virtual column expression|0
source|virtual column subquery|0
source|window view|0
source|years|72
source|years other (NULL keys)|77
source|years partitioned|81
source|years partitioned timestamp|91
source|years timestamp|95
source|years view|83
"
# At most this share (%) of a shape's queries may end in an error (equal with the features on
# and off, SQLSTATE and message): more means the generator makes queries that ask nothing.
max_error_share=5
report=$(psql_quiet -d "$db" -v floors="$floors" -v margin="$floor_margin" -v max_error_share="$max_error_share" -f - <<'SQL'
-- The sources whose time is the unqualified uuid_extract_timestamp() call uuidx's on 15 and
-- 16, where it was measured, and from 17 on PostgreSQL's own (pg_catalog comes first in the
-- search path), which the features leave alone: no floor there.
CREATE TEMP TABLE pd_floors AS
SELECT split_part(l, '|', 1) AS kind, split_part(l, '|', 2) AS name,
       CASE WHEN split_part(l, '|', 2) IN ('v7 CHECK unqualified extract', 'v7 CHECK subquery')
                 AND current_setting('server_version_num')::int >= 170000 THEN 0
            ELSE split_part(l, '|', 3)::int END AS measured,
       nullif(split_part(l, '|', 4), '')::int AS measured_parallel
FROM regexp_split_to_table(btrim(:'floors', E'\n'), E'\n') l;
CREATE TEMP VIEW pd_verdicts AS
SELECT kind, name, count(*) AS queries, count(*) FILTER (WHERE plan_changed) AS plan_changed,
       round(100.0 * count(*) FILTER (WHERE plan_changed) / count(*), 1) AS "changed %",
       greatest(f.measured - :margin, 0) AS "floor %",
       count(*) FILTER (WHERE error IS NOT NULL) AS errors, count(*) FILTER (WHERE parallel) AS parallel,
       count(*) FILTER (WHERE NOT same) AS differences,
       CASE WHEN f.name IS NULL THEN 'FAILED: no floor'
            ELSE coalesce('FAILED: ' || nullif(concat_ws(', ',
                CASE WHEN count(*) >= 75 AND 100.0 * count(*) FILTER (WHERE plan_changed) / count(*) < f.measured - :margin
                     THEN 'below its floor' END,
                CASE WHEN count(*) >= 75 AND 100.0 * count(*) FILTER (WHERE parallel) / count(*) < f.measured_parallel - :margin
                     THEN 'too few parallel plans' END,
                CASE WHEN kind = 'shape' AND count(*) FILTER (WHERE error IS NOT NULL) * 100 > count(*) * :max_error_share
                     THEN 'too many errors' END), ''), 'ok') END AS verdict
FROM (SELECT 'shape' AS kind, shape AS name, * FROM pd_log UNION ALL SELECT 'source', source, * FROM pd_log) l
LEFT JOIN pd_floors f USING (kind, name)
GROUP BY kind, name, f.name, f.measured, f.measured_parallel;
\pset footer off
SELECT name AS shape, queries, plan_changed, "changed %", "floor %", errors, differences, verdict
FROM pd_verdicts WHERE kind = 'shape' ORDER BY 1;
SELECT name AS source, queries, plan_changed, "changed %", "floor %", errors, parallel, differences, verdict
FROM pd_verdicts WHERE kind = 'source' ORDER BY 1;
SQL
)
echo "$report"
psql_quiet -d "$db" -c "SELECT form AS bucket, count(*) AS queries, count(*) FILTER (WHERE feature_seen) AS sort_gone,
        count(*) FILTER (WHERE prepared IS NOT NULL) AS zone_changed, count(*) FILTER (WHERE NOT same) AS differences
        FROM pd_log WHERE shape LIKE 'bucket%' GROUP BY 1 ORDER BY 1"

status=0
if [ "$differences" -gt 0 ]; then
    echo "FAILED: $differences queries return a different result with uuidx.time_predicates on; the first ones:"
    psql_quiet -d "$db" -x -c "SELECT q, settings, sql, params, left(on_result, 1500) AS on_result,
            left(off_result, 1500) AS off_result FROM pd_failures ORDER BY q LIMIT 5"
    status=1
fi
if [ "$total" -lt $(( queries + bucket_queries )) ]; then
    echo "FAILED: $total of $(( queries + bucket_queries )) queries ran"
    status=1
fi
if grep -q 'FAILED' <<<"$report"; then
    echo "FAILED: a shape or source is below its floor of changed plans or of parallel plans, or has too many errors (above); the most common errors:"
    psql_quiet -d "$db" -c "SELECT shape, error, count(*) FROM pd_log WHERE error IS NOT NULL GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 10"
    status=1
fi
[ "$status" -eq 0 ] && echo "ok: $total queries, the same results with the planner features on and off"
exit "$status"
