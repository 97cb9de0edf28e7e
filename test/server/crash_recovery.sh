#!/usr/bin/env bash
# kill -9 of a backend while four clients insert v7 keys one row at a time, with uuidx
# preloaded (its order cells in shared memory, which the crash restart rebuilds): the
# server recovers, no key repeats, every key made after the crash sorts above every key
# made before it, and amcheck finds the primary-key index sound.
set -eu
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
trap stop_cluster EXIT

start_cluster "shared_preload_libraries = 'uuidx'" "restart_after_crash = on"
psql_quiet <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION uuidx;
CREATE EXTENSION amcheck;
CREATE TABLE keys (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), phase text NOT NULL);
SQL

script=$CLUSTER_DIR/insert.sql
echo "INSERT INTO keys (phase) VALUES (current_setting('application_name'));" >"$script"

# Four clients insert for a few seconds; one of their backends is killed meanwhile.
PGAPPNAME=before "$PG_BIN/pgbench" -n -c 4 -j 4 -T 6 -f "$script" >"$CLUSTER_DIR/pgbench-before.log" 2>&1 &
pgbench_pid=$!
sleep 2
victim=$(psql_quiet -At -c "SELECT pid FROM pg_stat_activity WHERE application_name = 'before' AND state IS NOT NULL LIMIT 1")
[ -n "$victim" ] || { echo "FAILED: no pgbench backend to kill"; cat "$CLUSTER_DIR/pgbench-before.log"; exit 1; }
kill -9 "$victim"
echo "killed backend $victim"
wait "$pgbench_pid" || true  # every client loses its connection in the crash restart

# The server restarts by itself; wait until it accepts connections again.
for _ in $(seq 1 60); do "$PG_BIN/pg_isready" -q && break; sleep 0.5; done
"$PG_BIN/pg_isready" -q || { echo "FAILED: the server did not recover"; exit 1; }
grep -q "terminated by signal 9" "$CLUSTER_DIR/data.log" || { echo "FAILED: no crash in the server log"; exit 1; }
echo "ok: the server recovered from the crash"

PGAPPNAME=after "$PG_BIN/pgbench" -n -c 4 -j 4 -T 2 -f "$script" >"$CLUSTER_DIR/pgbench-after.log" 2>&1

check() { expect_true postgres "$@"; }
check "keys were inserted before and after the crash" "
    SELECT count(*) FILTER (WHERE phase = 'before') > 100 AND count(*) FILTER (WHERE phase = 'after') > 100 FROM keys"
check "no key repeats" "SELECT count(DISTINCT id) = count(*) FROM keys"
check "every key made after the crash sorts above every key made before it" "
    SELECT (SELECT id FROM keys WHERE phase = 'after' ORDER BY id LIMIT 1)
         > (SELECT id FROM keys WHERE phase = 'before' ORDER BY id DESC LIMIT 1)"
check "amcheck finds the primary-key index sound, with every heap row in it" "
    SELECT bt_index_parent_check('keys_pkey', true)::text = '' AND bt_index_check('keys_pkey', true)::text = ''"
check "the order cells are in shared memory again" "SELECT uuidx_order_scope() = 'server'"
