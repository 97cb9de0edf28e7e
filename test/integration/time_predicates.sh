#!/usr/bin/env bash
# The time predicates outside one regression database: a database owner who is not a
# superuser can CREATE EXTENSION uuidx (trusted: its script, with CREATE FUNCTION ...
# SUPPORT, runs as the bootstrap superuser) or update it from 1.1.0 (the upgrade script
# creates the operator and its support function), and gets the index conditions; the planner
# hook follows uuidx through SET SCHEMA, DROP and CREATE in one session, ignores a
# namesake that is not uuidx's, and leaves databases without uuidx alone.
# Run by test/run-tests.sh with UUIDX_MODE (session | preloaded) and the cluster's PG* env.
set -eu
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"

psql_quiet -c 'SET client_min_messages = warning' -c 'DROP DATABASE IF EXISTS uuidx_tp' \
    -c 'DROP DATABASE IF EXISTS uuidx_tp_plain' -c 'DROP DATABASE IF EXISTS uuidx_tp_update' \
    -c 'DROP ROLE IF EXISTS uuidx_tp_owner' -c 'CREATE ROLE uuidx_tp_owner LOGIN' \
    -c 'CREATE DATABASE uuidx_tp OWNER uuidx_tp_owner' -c 'CREATE DATABASE uuidx_tp_update OWNER uuidx_tp_owner' \
    -c 'CREATE DATABASE uuidx_tp_plain'

as_owner() { psql_quiet -At -U uuidx_tp_owner -d uuidx_tp "$@"; }
[ "$(as_owner -c 'SELECT rolsuper FROM pg_roles WHERE rolname = current_user')" = f ]
as_owner -c 'CREATE SCHEMA s1' -c 'CREATE SCHEMA s2' -c 'CREATE EXTENSION uuidx SCHEMA s1' \
    -c "CREATE TABLE t (id uuid PRIMARY KEY)" \
    -c "INSERT INTO t SELECT s1.uuid_generate_v7(x) FROM generate_series(now() - interval '30 days', now(), interval '1 hour') x" \
    -c 'ANALYZE t'

# Without preloading, the hook is installed when the library loads: at the first call of a
# uuidx function in the session, hence the SELECT uuid_max() before each first plan.
natural="EXPLAIN (COSTS OFF) SELECT * FROM t WHERE %s.uuid_v7_to_timestamptz(id) > now() - interval '1 day'"
operator="EXPLAIN (COSTS OFF) SELECT * FROM t WHERE id OPERATOR(%s.<@) tstzrange(now() - interval '1 day', NULL)"

# by_key_range SCHEMA PLAN: the plan reads the primary key by the key range that SCHEMA's
# uuidx computes (the hook's index condition).
by_key_range() {
    grep -qE "Index Cond: \(\(id >= $1\.uuid_range_min_key\(.*\) AND \(id <= $1\.uuid_range_max_key\(" <<<"$2"
}
# by_window SCHEMA PLAN: the same, from SCHEMA's window of the time comparison.
by_window() { by_key_range "$1" "$2" && grep -qF "$1.uuid_range_min_key($1.uuid_time_window(" <<<"$2"; }
# untouched PLAN: the comparison of s1's namesake function stays a filter, and no key range
# of any uuidx is in the plan.
untouched() {
    grep -qF 'Filter: (s1.uuid_v7_to_timestamptz(id) > (now() - ' <<<"$1" && ! grep -qE 'Index Cond|uuid_range_|uuid_time_window' <<<"$1"
}
# expect_plan CHECK ARGS... PLAN DESCRIPTION: CHECK ARGS... PLAN holds, or the plan is shown.
expect_plan() {
    local description=${*: -1} plan=${*: -2:1}
    "${@:1:$#-2}" "$plan" || { echo "$plan"; echo "FAILED: $description"; exit 1; }
    echo "ok: $description"
}

plan=$(as_owner -c 'SELECT s1.uuid_max()' -c 'SET enable_seqscan = off' -c "$(printf "$natural" s1)")
expect_plan by_window s1 "$plan" "the owner's time comparison reads the key range of the window"
plan=$(as_owner -c 'SET enable_seqscan = off' -c "$(printf "$operator" s1)")
expect_plan by_key_range s1 "$plan" "the owner's <@ reads the key range"
updated=$(psql_quiet -At -U uuidx_tp_owner -d uuidx_tp_update -c 'CREATE SCHEMA s1' \
    -c "CREATE EXTENSION uuidx SCHEMA s1 VERSION '1.1.0'" -c 'ALTER EXTENSION uuidx UPDATE' \
    -c "SELECT extversion FROM pg_extension WHERE extname = 'uuidx'" \
    -c 'CREATE TABLE t (id uuid PRIMARY KEY)' -c 'SET enable_seqscan = off' -c "$(printf "$operator" s1)")
[ "$(sed -n 1p <<<"$updated")" = "$(uuidx_version)" ] && by_key_range s1 "$updated" ||
    { echo "$updated"; echo "FAILED: the owner's ALTER EXTENSION uuidx UPDATE from 1.1.0"; exit 1; }
# One session: the catalog the hook caches follows the extension. (As a superuser: the
# members of a trusted extension belong to the bootstrap superuser, so its owner cannot
# SET SCHEMA.) Each plan follows a line '-- plan'.
out=$(psql_quiet -At -d uuidx_tp -c 'SELECT s1.uuid_max()' -c 'SET enable_seqscan = off' \
    -c "SELECT '-- plan'" -c "$(printf "$natural" s1)" \
    -c 'ALTER EXTENSION uuidx SET SCHEMA s2' -c "SELECT '-- plan'" -c "$(printf "$natural" s2)" \
    -c "CREATE FUNCTION s1.uuid_v7_to_timestamptz(uuid) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS 'SELECT now()'" \
    -c "SELECT '-- plan'" -c "$(printf "$natural" s1)" \
    -c 'DROP EXTENSION uuidx' -c "SELECT '-- plan'" -c "$(printf "$natural" s1)" \
    -c 'CREATE EXTENSION uuidx SCHEMA s2' -c "SELECT '-- plan'" -c "$(printf "$natural" s2)")
plan_number() { awk -v n="$1" '/^-- plan$/ { i++; next } i == n' <<<"$out"; }
[ "$(grep -cx -- '-- plan' <<<"$out")" = 5 ] || { echo "$out"; echo "FAILED: the session did not plan 5 times"; exit 1; }
expect_plan by_window s1 "$(plan_number 1)" 'uuidx in s1: the window of s1'
expect_plan by_window s2 "$(plan_number 2)" 'after SET SCHEMA s2: the window of s2'
expect_plan untouched "$(plan_number 3)" "a namesake in s1, uuidx in s2: the namesake's comparison left alone"
expect_plan untouched "$(plan_number 4)" 'after DROP EXTENSION: the namesake left alone'
expect_plan by_window s2 "$(plan_number 5)" 'after CREATE EXTENSION in s2: the window of s2'

# A database without uuidx: the library loaded, its plan is the one of a session that did
# not load it, and nothing fails.
psql_quiet -d uuidx_tp_plain -c 'CREATE TABLE t (id uuid PRIMARY KEY)'
plain_query='EXPLAIN (COSTS OFF) SELECT * FROM t WHERE id > gen_random_uuid()'
unloaded=$(psql_quiet -At -d uuidx_tp_plain -c "$plain_query")
loaded=$(psql_quiet -At -d uuidx_tp_plain -c "LOAD 'uuidx'" -c "$plain_query")
[ "$loaded" = "$unloaded" ] ||
    { echo "$unloaded"; echo "$loaded"; echo "FAILED: loading uuidx changed a plan in a database without it"; exit 1; }
echo "ok: a database without uuidx plans as it did without the library"

psql_quiet -c 'DROP DATABASE uuidx_tp' -c 'DROP DATABASE uuidx_tp_plain' -c 'DROP DATABASE uuidx_tp_update' \
    -c 'DROP ROLE uuidx_tp_owner'
echo "ok: time predicates across schemas, owners and databases"
