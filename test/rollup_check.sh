#!/usr/bin/env bash
# docs/consumers.md's exact incremental rollup (sql/include/rollup.sql), run as printed on the
# server the PG* variables name (uuidx preloaded: test/run-major.sh's preloaded cluster, with
# pg_cron preloaded where the major has 1.5 or later), in a database of its own (shop, the
# recipe's). Late-committing writers (pgbench: some commit 0-50 ms after their insert, some
# about 1 s after, some roll back) run for ROLLUP_SECONDS while the refresh runs every second:
# by pg_cron, as the recipe schedules it, or, where pg_cron is older than 1.5 (it schedules by
# the minute only: PostgreSQL 15's), by this test calling the same procedure every second.
# Beside it, the same rollup driven the naive way (rows after the last key read, no horizon)
# on a second table, refreshed the same way. Checked:
#   - during the run, a few times: the rollup equals a recount of the rows below its
#     watermark, in one snapshot (every row below the watermark has ended: it cannot change);
#   - the schedule ran it: pg_cron's runs of the job succeeded, none failed, and the watermark
#     moved while the test did not call the procedure;
#   - at the end (writers stopped, one last refresh of each): the rollup equals a full recount
#     of the table, every minute's count, sum and distinct customers; the naive one lost at
#     least one row (else this test could not tell them apart), and it says how many.
# Exit 77 (a visible skip) where pg_cron is not packaged for the major (PostgreSQL 19).
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$UUIDX_ROOT"

RECIPE=sql/include/rollup.sql
DB=shop  # the recipe's database, named in its schedule
ROLLUP_SECONDS=${ROLLUP_SECONDS:-24}  # at least 20
CHECKS_DURING=3
SCHEDULE_MARK='^-- The schedule'  # the recipe's last part, run in pg_cron's database

require_peer pg_cron pg_cron
cron_version=$PEER_VERSION
if ! at_least_version 1.5 "$cron_version"; then
    driver=test
    echo "pg_cron $cron_version schedules by the minute only (schedules in seconds came in 1.5): the recipe runs without" \
        "its cron statement, and this test calls the same procedures itself every second"
elif psql_quiet -At -c 'SHOW shared_preload_libraries' | grep -qw pg_cron; then
    driver=cron
    cron_db=$(psql_quiet -At -c 'SHOW cron.database_name')
    echo "pg_cron $cron_version (its database: $cron_db) runs the refreshes every second"
else
    echo "FAILED: pg_cron $cron_version is installed but not preloaded: add it to shared_preload_libraries, with" \
        "cron.database_name and cron.use_background_workers (test/run-major.sh does)"
    exit 1
fi

sql() { psql_quiet -At -d "$DB" "$@"; }
work=$(mktemp -d /tmp/uuidx-rollup.XXXXXX)
created_cron=no
jobs_scheduled=()
driver_pid=""
cleanup() {
    [ -z "$driver_pid" ] || kill "$driver_pid" 2>/dev/null
    local job
    for job in "${jobs_scheduled[@]}"; do
        psql_quiet -At -d "$cron_db" -c "SELECT cron.unschedule($job)" >/dev/null 2>&1
    done
    psql_quiet -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1
    [ "$created_cron" = no ] || psql_quiet -d "$cron_db" -c 'DROP EXTENSION pg_cron' >/dev/null 2>&1
    rm -rf "$work"
}
trap cleanup EXIT

psql_quiet -c 'SET client_min_messages = warning' -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" -c "CREATE DATABASE $DB" || exit 1
sql -c "CREATE EXTENSION uuidx" || exit 1
# The recipe as printed: its tables and procedure here, its schedule below.
sed "/$SCHEDULE_MARK/,\$d" "$RECIPE" | sql >/dev/null || { echo "FAILED: the recipe did not run"; exit 1; }

# The naive rollup beside it (this test's, not the recipe's): the same buckets, refreshed from
# the rows after the last key it read, up to the newest row it sees.
sql >/dev/null <<'SQL'
CREATE TABLE orders_per_minute_naive (LIKE orders_per_minute INCLUDING ALL);
CREATE TABLE orders_rollup_naive_last (last_id uuid NOT NULL);
INSERT INTO orders_rollup_naive_last VALUES ('00000000-0000-0000-0000-000000000000');
CREATE PROCEDURE orders_rollup_naive_refresh()
LANGUAGE plpgsql AS $$
DECLARE
    last_key uuid;
BEGIN
    SELECT last_id INTO last_key FROM orders_rollup_naive_last FOR UPDATE;
    WITH batch AS (
        SELECT id, amount FROM orders WHERE id > last_key
    ), added AS (
        INSERT INTO orders_per_minute_naive AS r (minute, orders, amount, customers)
        SELECT date_bin('1 minute', uuid_v7_to_timestamptz(id), timestamptz '2000-01-01 00:00+00'), count(*), sum(amount), 0
        FROM batch GROUP BY 1
        ON CONFLICT (minute) DO UPDATE SET orders = r.orders + excluded.orders, amount = r.amount + excluded.amount
    )
    UPDATE orders_rollup_naive_last SET last_id = (SELECT id FROM batch ORDER BY id DESC LIMIT 1) WHERE EXISTS (SELECT FROM batch);
END $$;
SQL

# Each writer transaction: 1 to 5 orders, then COMMIT 0 to 50 ms later, or about 1 s later
# (one in ten: the late commits a naive refresh passes by), or ROLLBACK (one in twenty).
cat >"$work/writer.sql" <<'SQL'
\set rows random(1, 5)
\set fate random(1, 20)
\set delay random(0, 50)
\if :fate <= 2
\set delay :delay + 1000
\endif
BEGIN;
INSERT INTO orders (customer, amount)
SELECT 1 + (random() * 49)::int, round((random() * 100)::numeric, 2) FROM generate_series(1, :rows);
SELECT pg_sleep(:delay / 1000.0);
\if :fate = 20
ROLLBACK;
\else
COMMIT;
\endif
SQL

# The rollups' differences from a recount of the table's rows below KEY_SQL, one snapshot:
# every minute whose count, sum or distinct customers differ, with both sides.
differences() {
    local table=$1 below=$2
    sql -F ' ' <<SQL
WITH recount AS (
    SELECT date_bin('1 minute', uuid_v7_to_timestamptz(id), timestamptz '2000-01-01 00:00+00') AS minute,
           count(*) AS orders, sum(amount) AS amount, count(DISTINCT customer) AS customers
    FROM orders WHERE id < ($below) GROUP BY 1
)
SELECT minute, 'rollup:', r.orders, r.amount, r.customers, 'recount:', c.orders, c.amount, c.customers
FROM $table r FULL JOIN recount c USING (minute)
WHERE (r.orders, r.amount, r.customers) IS DISTINCT FROM (c.orders, c.amount, c.customers)
ORDER BY minute;
SQL
}
watermark() { sql -c 'SELECT watermark FROM orders_rollup_watermark'; }
NIL=00000000-0000-0000-0000-000000000000

if [ "$driver" = cron ]; then
    if [ "$(psql_quiet -At -d "$cron_db" -c "SELECT count(*) FROM pg_extension WHERE extname = 'pg_cron'")" = 0 ]; then
        psql_quiet -d "$cron_db" -c 'CREATE EXTENSION pg_cron' && created_cron=yes
    fi
    job=$(sed -n "/$SCHEDULE_MARK/,\$p" "$RECIPE" | psql_quiet -At -d "$cron_db") ||
        { echo "FAILED: the recipe's schedule did not run"; exit 1; }
    jobs_scheduled+=("$job")
    naive_job=$(psql_quiet -At -d "$cron_db" -c \
        "SELECT cron.schedule_in_database('orders_rollup_naive', '1 second', 'CALL orders_rollup_naive_refresh()', '$DB')")
    jobs_scheduled+=("$naive_job")
    echo "scheduled: the recipe's job $job, the naive one's $naive_job"
else
    # A refresh that fails is kept in driver-errors (the check below fails on it).
    (while :; do
        sql -c 'CALL orders_rollup_refresh()' -c 'CALL orders_rollup_naive_refresh()' >/dev/null 2>>"$work/driver-errors"
        sleep 1
    done) &
    driver_pid=$!
fi

started=$SECONDS
"$PG_BIN/pgbench" -n -c 6 -j 2 -T "$ROLLUP_SECONDS" -f "$work/writer.sql" "$DB" >"$work/pgbench.log" 2>&1 &
writers_pid=$!

status=0
watermarks=()
for ((check = 1; check <= CHECKS_DURING; check++)); do
    sleep $((ROLLUP_SECONDS / (CHECKS_DURING + 1)))
    # The watermark and the rollup are committed together, so one statement's snapshot sees
    # a pair; every row below that watermark ended before its refresh read the rows.
    diff_now=$(differences orders_per_minute '(SELECT watermark FROM orders_rollup_watermark)') || status=1
    mark=$(watermark)
    watermarks+=("$mark")
    if [ -n "$diff_now" ]; then
        echo "FAILED: after $((SECONDS - started)) s, the rollup differs from a recount of the rows below its watermark:"
        echo "$diff_now"
        status=1
    else
        echo "ok: after $((SECONDS - started)) s, the rollup equals a recount of the rows below its watermark" \
            "($(sql -c "SELECT count(*) FROM orders WHERE id < '$mark'") rows)"
    fi
done
wait "$writers_pid" || { cat "$work/pgbench.log"; echo "FAILED: the writers stopped with an error"; exit 1; }
echo "writers: $(grep -E '^number of (transactions actually processed|failed transactions)' "$work/pgbench.log" | tr '\n' ' ')"

# The schedule ran the refreshes: the watermark moved at each check, without the test calling
# the procedure (under pg_cron); pg_cron's runs of both jobs succeeded, every one.
if [ "${watermarks[0]}" = "$NIL" ] || [ "$(printf '%s\n' "${watermarks[@]}" | sort -u | wc -l)" -ne "$CHECKS_DURING" ] ||
    ! printf '%s\n' "${watermarks[@]}" | sort -C; then
    echo "FAILED: the watermark did not move forward between the checks: ${watermarks[*]}"
    status=1
else
    echo "ok: the watermark moved forward at each of the $CHECKS_DURING checks, refreshed by $( [ "$driver" = cron ] && echo pg_cron || echo "the test")"
fi
if [ "$driver" = cron ]; then
    psql_quiet -At -d "$cron_db" -c "SELECT cron.unschedule(jobid) FROM cron.job WHERE jobid IN ($job, $naive_job)" >/dev/null
    jobs_scheduled=()
    # A run already started ends on its own; the last refreshes below come after it.
    for ((wait_s = 0; wait_s < 20; wait_s++)); do
        [ "$(psql_quiet -At -d "$cron_db" -c "SELECT count(*) FROM cron.job_run_details
                WHERE jobid IN ($job, $naive_job) AND status IN ('starting', 'running')")" = 0 ] && break
        sleep 1
    done
    # A here-string, not a process substitution: a root file system may have no /dev/fd.
    read -r succeeded failed <<<"$(psql_quiet -At -F ' ' -d "$cron_db" -c "SELECT count(*) FILTER (WHERE status = 'succeeded'),
        count(*) FILTER (WHERE status <> 'succeeded') FROM cron.job_run_details WHERE jobid = $job")"
    if [ "$failed" -gt 0 ] || [ "$succeeded" -lt $((ROLLUP_SECONDS / 2)) ]; then
        echo "FAILED: pg_cron ran the recipe's job $succeeded times successfully (at least $((ROLLUP_SECONDS / 2)) expected)," \
            "$failed times otherwise:"
        psql_quiet -d "$cron_db" -c "SELECT status, return_message, count(*) FROM cron.job_run_details
            WHERE jobid IN ($job, $naive_job) GROUP BY 1, 2"
        status=1
    else
        echo "ok: pg_cron ran the recipe's refresh $succeeded times, every run succeeded"
    fi
else
    kill "$driver_pid" && wait "$driver_pid" 2>/dev/null
    driver_pid=""
    if [ -s "$work/driver-errors" ]; then
        echo "FAILED: the refreshes the test called failed:"; sort "$work/driver-errors" | uniq -c | head -20
        status=1
    fi
fi

# One last refresh of each, after the writers stopped: every transaction has ended, so the
# horizon is above every key, and the rollup must now count every row of the table.
sql -c 'CALL orders_rollup_refresh()' -c 'CALL orders_rollup_naive_refresh()' >/dev/null ||
    { echo "FAILED: the last refresh failed"; exit 1; }
rows=$(sql -c 'SELECT count(*) FROM orders')
diff_end=$(differences orders_per_minute "'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid") || status=1
if [ -n "$diff_end" ]; then
    echo "FAILED: the rollup differs from a full recount of the table ($rows rows); the minutes that differ:"
    echo "$diff_end"
    status=1
else
    echo "ok: the rollup equals a full recount of the table: $rows rows in $(sql -c "SELECT count(*) FROM orders_per_minute") minute buckets," \
        "every count, sum and count of distinct customers (0 differences)"
fi
naive_rows=$(sql -c 'SELECT coalesce(sum(orders), 0) FROM orders_per_minute_naive')
if [ "$naive_rows" -eq 0 ]; then
    echo "FAILED: the naive rollup counted no row at all: it did not run"
    status=1
elif [ "$naive_rows" -lt "$rows" ]; then
    echo "ok: the naive rollup (id > last, no horizon) lost $((rows - naive_rows)) of the $rows rows, committed late"
else
    echo "FAILED: the naive rollup counted $naive_rows of the $rows rows: it lost none, so this test cannot tell the recipe from it"
    status=1
fi
exit "$status"
