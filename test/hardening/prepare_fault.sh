#!/usr/bin/env bash
#   bash test/hardening/prepare_fault.sh FAULT [prepared]
# A PREPARE TRANSACTION that fails with FAULT injected (fault_injection.cpp):
#   horizon_lock_fails   the next lock uuidx takes raises an ERROR, as running out of memory
#                        there would, and PREPARE is where the commit horizon takes its lock
#                        (the hold moves to the prepared table: src/pg/commit_horizon.cpp);
#   prepare_event_fails  another library's XACT_EVENT_PREPARE callback raises an ERROR after
#                        the PREPARE is durable: PostgreSQL aborts the session's transaction,
#                        and the prepared one stays (run with "prepared": that state is required).
# Whatever PostgreSQL makes of that ERROR, the end must be one of two sound states:
#   - no prepared transaction 'f1': the transaction aborted, so its row is not there, nothing
#     holds the horizon and the horizon is above the row's key;
#   - a prepared transaction 'f1', which holds the horizon at or below its key until it ends
#     (uuidx_commit_horizon()'s promise: docs/consumers.md), and whose COMMIT PREPARED
#     succeeds and shows its row, after which nothing holds the horizon and the horizon is
#     above the row's key.
# Which one is not checked unless "prepared" is given (an ERROR before the prepare is durable
# gives the first, one the prepare survives the second), so PREPARE's own output is only shown. A shell test rather than
# a pg_regress file: the two states print different things, and the check must not depend on
# which one happens.
# Run by test/run-hardening.sh against its preloaded cluster (PG* variables), which has
# max_prepared_transactions > 0 and uuidx.commit_horizon on (the default).
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
fault=${1:?usage: prepare_fault.sh FAULT [prepared]}
required_state=${2:-}
database=prepare_fault

psql_quiet -c 'SET client_min_messages = warning' -c "DROP DATABASE IF EXISTS $database" \
    -c "CREATE DATABASE $database" || exit 1
psql_quiet -d "$database" <<'SQL' || exit 1
SET client_min_messages = warning;
CREATE EXTENSION uuidx;
CREATE FUNCTION uuidx_inject_fault(fault text) RETURNS void
    AS 'uuidx', 'uuidx_inject_fault' LANGUAGE C STRICT;
CREATE TABLE prepared_keys (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), note text);
-- The first read after the server's start lists the prepared transactions of before it, from
-- the smallest key: read once now, so that 'f1' below holds only by its own entry.
SELECT uuidx_commit_horizon() IS NOT NULL AS listed \g /dev/null
SQL

# The row's key is printed before the PREPARE, which may fail: nothing stops at an error here.
output=$("$PG_BIN/psql" -X -q -d "$database" -v fault="$fault" 2>&1 <<'SQL'
BEGIN;
INSERT INTO prepared_keys (note) VALUES ('f1') RETURNING id AS key \gset
\echo key :key
SELECT uuidx_inject_fault(:'fault') \g /dev/null
PREPARE TRANSACTION 'f1';
SQL
)
echo "PREPARE TRANSACTION 'f1' with the fault $fault:"
sed 's/^/    /' <<<"$output"
key=$(sed -n 's/^key //p' <<<"$output")
[[ $key =~ ^[0-9a-f-]{36}$ ]] || { echo "no key was made"; exit 1; }

prepared=$(psql_quiet -At -d "$database" -c "SELECT count(*) FROM pg_prepared_xacts WHERE gid = 'f1'") || exit 1
case "$prepared" in
1)
    echo "state: prepared"
    expect_true "$database" "the prepared transaction holds the horizon at or below its key" \
        "SELECT uuidx_commit_horizon() <= '$key'" || exit 1
    psql_quiet -d "$database" -c "COMMIT PREPARED 'f1'" || { echo "FAILED: COMMIT PREPARED 'f1'"; exit 1; }
    expect_true "$database" "COMMIT PREPARED shows the row" \
        "SELECT count(*) = 1 FROM prepared_keys WHERE id = '$key' AND note = 'f1'" || exit 1
    ;;
0)
    echo "state: not prepared"
    [ "$required_state" != prepared ] || { echo "FAILED: the fault $fault must leave 'f1' prepared"; exit 1; }
    expect_true "$database" "the aborted transaction's row is not there" \
        "SELECT NOT EXISTS (SELECT FROM prepared_keys WHERE id = '$key')" || exit 1
    ;;
*) echo "FAILED: $prepared prepared transactions named f1"; exit 1 ;;
esac
expect_true "$database" "nothing holds the horizon" "SELECT NOT EXISTS (SELECT FROM uuidx_horizon_holders)" &&
    expect_true "$database" "the horizon is above the row's key" "SELECT uuidx_commit_horizon() > '$key'"
