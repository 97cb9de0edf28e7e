#!/usr/bin/env bash
# Differential test of the planner features: seeded random queries (planner_differential.sql
# makes the data and the queries) each run with uuidx.time_predicates on and off, whose
# results must be equal: rows compared in output order where the query's ORDER BY is
# total, as sorted multisets elsewhere, an error equal to an error of the same SQLSTATE.
# It fails on any difference, printing the first few, and when too few queries had a plan
# of their own with the features on, which would mean they were not at work.
# planner_differential_buckets.sql adds queries on buckets of the time (date_trunc(),
# date_bin(), ::date) in time zones drawn per query, some prepared in one zone and run in
# another. UUIDX_DIFFERENTIAL_QUERIES (default 6500) and UUIDX_DIFFERENTIAL_BUCKET_QUERIES
# (default 800) set the counts, UUIDX_DIFFERENTIAL_SEED (fixed by
# default, so runs repeat) the seed, which is mixed with the mode so that the two modes
# run different queries; UUIDX_DIFFERENTIAL_KEEP=1 keeps its database to look into (pd_log, pd_failures).
# Run by test/run-major.sh with UUIDX_MODE (session | preloaded) and the cluster's PG* env.
set -eu
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"

queries=${UUIDX_DIFFERENTIAL_QUERIES:-6500}
bucket_queries=${UUIDX_DIFFERENTIAL_BUCKET_QUERIES:-800}
seed=${UUIDX_DIFFERENTIAL_SEED:-20250303}
mode=${UUIDX_MODE:-session}
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
# then the seed, the time zone (drawn from the seed too) and the batches.
started=$SECONDS
{
    echo "SELECT uuid_max() IS NOT NULL AS loaded \\gset"
    echo "SELECT setseed($query_seed);"
    echo "SELECT set_config('TimeZone', pd_pick('{UTC,America/New_York,Asia/Kolkata,Pacific/Chatham}'), false) AS zone \\gset"
    echo "\\echo time zone :zone"
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
        count(*) FILTER (WHERE prepared IS NOT NULL) FROM pd_log")
read -r total changed seen differences errors prepared <<<"$summary"
echo "seed $seed (mode $mode, query seed $query_seed), $total queries in ${elapsed}s: $changed with a plan changed by the features, $seen showing them in the plan, $prepared prepared, $errors equal errors, $differences differences"
psql_quiet -d "$db" -c "SELECT shape, count(*) AS queries, count(*) FILTER (WHERE plan_changed) AS plan_changed,
        count(*) FILTER (WHERE NOT same) AS differences FROM pd_log GROUP BY 1 ORDER BY 1"
psql_quiet -d "$db" -c "SELECT form AS bucket, count(*) AS queries, count(*) FILTER (WHERE feature_seen) AS sort_gone,
        count(*) FILTER (WHERE prepared IS NOT NULL) AS zone_changed, count(*) FILTER (WHERE NOT same) AS differences
        FROM pd_log WHERE shape LIKE 'bucket%' GROUP BY 1 ORDER BY 1"
psql_quiet -d "$db" -c "SELECT source, count(*) AS queries, count(*) FILTER (WHERE plan_changed) AS plan_changed,
        count(*) FILTER (WHERE NOT same) AS differences FROM pd_log GROUP BY 1 ORDER BY 1"

status=0
if [ "$differences" -gt 0 ]; then
    echo "FAILED: $differences queries return a different result with uuidx.time_predicates on; the first ones:"
    psql_quiet -d "$db" -x -c "SELECT q, settings, sql, params, left(on_result, 1500) AS on_result,
            left(off_result, 1500) AS off_result FROM pd_failures ORDER BY q LIMIT 5"
    status=1
fi
# The features change the plan of most queries (the time comparisons become key ranges, an
# index gives the time's order); a low share means they did not run, e.g. the library
# was not loaded.
if [ "$total" -lt $(( queries + bucket_queries )) ] || [ $(( changed * 100 )) -lt $(( total * 20 )) ]; then
    echo "FAILED: $total of $(( queries + bucket_queries )) queries ran, $changed with a changed plan: the features were not at work"
    status=1
fi
[ "$status" -eq 0 ] && echo "ok: $total queries, the same results with the planner features on and off"
exit "$status"
