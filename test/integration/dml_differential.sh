#!/usr/bin/env bash
# Differential test of the planner features under writes: seeded random DELETE, UPDATE ...
# RETURNING, DELETE ... USING, MERGE, INSERT ... SELECT and moves (DELETE ... RETURNING into
# an INSERT) whose conditions are time predicates (planner_differential.sql's generator:
# comparisons, BETWEEN, windows, NOT, OR, now()-relative; and buckets), on a plain table, a
# view, tables partitioned by the key's time and by hash, a v7 CHECK table and a postgres_fdw
# foreign table, a share prepared (generic and custom plans). Each statement runs with
# uuidx.time_predicates on, then off, each in a subtransaction rolled back afterwards; the
# rows returned (sorted) and the rows left in the relations it writes must be equal, an
# error equal to an error of the same SQLSTATE (dml_differential.sql). It fails on any
# difference, printing the first few, when the tables are not as before once every
# statement is rolled back, and when too few statements, of any kind or target, had a plan
# of their own with the features on, which would mean they were not at work.
# UUIDX_DML_DIFFERENTIAL_STATEMENTS (default 250: some 10-18 s a mode on a 2-core machine)
# sets the count, UUIDX_DML_DIFFERENTIAL_SEED (fixed by default, so runs repeat) the seed,
# mixed with the mode as planner_differential.sh does; UUIDX_DML_DIFFERENTIAL_KEEP=1 keeps
# its database to look into (dml_log, dml_failures).
# Run by test/run-major.sh with UUIDX_MODE (session | preloaded) and the cluster's PG* env.
set -eu
set -o pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"

statements=${UUIDX_DML_DIFFERENTIAL_STATEMENTS:-250}
seed=${UUIDX_DML_DIFFERENTIAL_SEED:-20250303}
mode=${UUIDX_MODE:-session}
batch=100  # statements per transaction: each side is a subtransaction of it
mixed=$(( (seed * 2 + $([ "$mode" = preloaded ] && echo 1 || echo 0)) % 1000003 ))
statement_seed="0.$(printf '%07d' "$mixed")"
data_seed="0.$(printf '%07d' $(( seed % 1000003 )))"
db=uuidx_dml
here=$(dirname "${BASH_SOURCE[0]}")

psql_quiet -c 'SET client_min_messages = warning' -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
[ -n "${UUIDX_DML_DIFFERENTIAL_KEEP:-}" ] || trap 'psql_quiet -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true' EXIT
psql_quiet -d "$db" -c 'CREATE EXTENSION uuidx'
psql_quiet -d "$db" -v data_seed="$data_seed" -f "$here/planner_differential.sql" >/dev/null
psql_quiet -d "$db" -v socket="$PGHOST" -v port="$PGPORT" -f "$here/dml_differential.sql" >/dev/null

# Every relation a statement may write, as it is before the run and must be after it.
digest_all="SELECT string_agg(relation || ' ' || dml_digest(relation), ', ' ORDER BY relation)
            FROM (SELECT stored FROM dml_targets UNION SELECT relation FROM dml_archives UNION SELECT 'a_buckets') r(relation)"
before=$(psql_quiet -At -d "$db" -c "$digest_all")

# One session: the library loads at its first uuidx call (uuid_max()), before any plan.
started=$SECONDS
{
    echo "SELECT uuid_max() IS NOT NULL AS loaded \\gset"
    echo "SELECT setseed($statement_seed);"
    for ((first = 1; first <= statements; first += batch)); do
        echo "SELECT dml_run($first, $(( statements - first + 1 < batch ? statements - first + 1 : batch )));"
    done
} | psql_quiet -At -d "$db" >/dev/null
elapsed=$(( SECONDS - started ))
after=$(psql_quiet -At -d "$db" -c "$digest_all")

summary=$(psql_quiet -At -F ' ' -d "$db" -c "SELECT count(*), count(*) FILTER (WHERE plan_changed),
        count(*) FILTER (WHERE NOT same), count(*) FILTER (WHERE error IS NOT NULL),
        count(*) FILTER (WHERE prepared IS NOT NULL) FROM dml_log")
read -r total changed differences errors prepared <<<"$summary"
echo "seed $seed (mode $mode, statement seed $statement_seed), $total statements in ${elapsed}s: $changed with a plan changed by the features, $prepared prepared, $errors equal errors, $differences differences"
for column in kind target prepared; do
    psql_quiet -d "$db" -c "SELECT coalesce($column, 'not prepared') AS $column, count(*) AS statements,
            count(*) FILTER (WHERE plan_changed) AS plan_changed, count(*) FILTER (WHERE NOT same) AS differences
            FROM dml_log GROUP BY 1 ORDER BY 1"
done

status=0
if [ "$differences" -gt 0 ]; then
    echo "FAILED: $differences statements return or leave different rows with uuidx.time_predicates on; the first ones:"
    psql_quiet -d "$db" -x -c "SELECT q, sql, params, left(on_result, 1500) AS on_result,
            left(off_result, 1500) AS off_result FROM dml_failures ORDER BY q LIMIT 5"
    status=1
fi
if [ "$before" != "$after" ]; then
    echo "FAILED: the tables are not as before once every statement was rolled back:"
    echo "  before: $before"
    echo "  after:  $after"
    status=1
fi
# Half the statements or more plan differently with the features on: most conditions are
# forms they rewrite into a window of the key (the rest are forms left alone: OR, IN, a
# bucket, a range the operator reads either way, NULL bounds), though not in a MERGE's WHEN
# MATCHED clause. A share under a third means they did not run, e.g. the library was not
# loaded. Each kind, target and plan cache mode must have run, and have had plans changed in
# a tenth of its statements at least (a MERGE's least: some 25%), so that none is left
# where the features never act.
if [ "$total" -lt "$statements" ] || [ $(( changed * 100 )) -lt $(( total * 33 )) ]; then
    echo "FAILED: $total of $statements statements ran, $changed with a changed plan: the features were not at work"
    status=1
fi
short=$(psql_quiet -At -d "$db" -c "
    WITH wanted(dimension, name) AS (
        SELECT 'kind', k FROM unnest(ARRAY['DELETE', 'UPDATE ... RETURNING', 'DELETE ... USING', 'MERGE',
                                           'INSERT ... SELECT', 'move (DELETE into INSERT)']) k
        UNION ALL SELECT 'target', name FROM dml_targets
        UNION ALL SELECT 'prepared', p FROM unnest(ARRAY['force_generic_plan', 'force_custom_plan']) p),
    seen(dimension, name, statements, changed) AS (
        SELECT 'kind', kind, count(*), count(*) FILTER (WHERE plan_changed) FROM dml_log GROUP BY 2
        UNION ALL SELECT 'target', target, count(*), count(*) FILTER (WHERE plan_changed) FROM dml_log GROUP BY 2
        UNION ALL SELECT 'prepared', prepared, count(*), count(*) FILTER (WHERE plan_changed) FROM dml_log GROUP BY 2)
    SELECT string_agg(format('%s %s: %s statements, %s with a changed plan', w.dimension, w.name,
                             coalesce(s.statements, 0), coalesce(s.changed, 0)), '; ')
    FROM wanted w LEFT JOIN seen s USING (dimension, name)
    WHERE coalesce(s.changed, 0) * 10 < coalesce(s.statements, 0) OR coalesce(s.changed, 0) = 0")
if [ -n "$short" ]; then
    echo "FAILED: $short"
    status=1
fi
[ "$status" -eq 0 ] && echo "ok: $total statements, the same rows returned and left behind with the planner features on and off"
exit "$status"
