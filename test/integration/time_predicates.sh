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
cond() { grep -cE 'Index Cond: \(+id >=' || true; }
natural="EXPLAIN (COSTS OFF) SELECT * FROM t WHERE %s.uuid_v7_to_timestamptz(id) > now() - interval '1 day'"
operator="EXPLAIN (COSTS OFF) SELECT * FROM t WHERE id OPERATOR(%s.<@) tstzrange(now() - interval '1 day', NULL)"

[ "$(as_owner -c 'SELECT s1.uuid_max()' -c 'SET enable_seqscan = off' -c "$(printf "$natural" s1)" | cond)" = 1 ]
[ "$(as_owner -c 'SET enable_seqscan = off' -c "$(printf "$operator" s1)" | cond)" = 1 ]
updated=$(psql_quiet -At -U uuidx_tp_owner -d uuidx_tp_update -c 'CREATE SCHEMA s1' \
    -c "CREATE EXTENSION uuidx SCHEMA s1 VERSION '1.1.0'" -c 'ALTER EXTENSION uuidx UPDATE' \
    -c "SELECT extversion FROM pg_extension WHERE extname = 'uuidx'" \
    -c 'CREATE TABLE t (id uuid PRIMARY KEY)' -c 'SET enable_seqscan = off' -c "$(printf "$operator" s1)")
[ "$(sed -n 1p <<<"$updated")" = "$(uuidx_version)" ] && [ "$(cond <<<"$updated")" = 1 ] ||
    { echo "$updated"; echo "FAILED: the owner's ALTER EXTENSION uuidx UPDATE from 1.1.0"; exit 1; }
# One session: the catalog the hook caches follows the extension. (As a superuser: the
# members of a trusted extension belong to the bootstrap superuser, so its owner cannot
# SET SCHEMA.)
out=$(psql_quiet -At -d uuidx_tp -c 'SELECT s1.uuid_max()' -c 'SET enable_seqscan = off' \
    -c "$(printf "$natural" s1)" \
    -c 'ALTER EXTENSION uuidx SET SCHEMA s2' -c "$(printf "$natural" s2)" \
    -c "CREATE FUNCTION s1.uuid_v7_to_timestamptz(uuid) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS 'SELECT now()'" \
    -c "$(printf "$natural" s1)" \
    -c 'DROP EXTENSION uuidx' -c "$(printf "$natural" s1)" \
    -c 'CREATE EXTENSION uuidx SCHEMA s2' -c "$(printf "$natural" s2)")
echo "$out"
# Index conditions in the first, second and last plans only: not on the namesake.
[ "$(cond <<<"$out")" = 3 ]
[ "$(grep -c 'uuid_time_window' <<<"$out")" = 3 ]

# A database without uuidx, the library loaded: nothing changes, nothing fails.
psql_quiet -At -d uuidx_tp_plain -c "LOAD 'uuidx'" -c 'CREATE TABLE t (id uuid PRIMARY KEY)' \
    -c 'EXPLAIN (COSTS OFF) SELECT * FROM t WHERE id > gen_random_uuid()' >/dev/null

psql_quiet -c 'DROP DATABASE uuidx_tp' -c 'DROP DATABASE uuidx_tp_plain' -c 'DROP DATABASE uuidx_tp_update' \
    -c 'DROP ROLE uuidx_tp_owner'
echo "ok: time predicates across schemas, owners and databases"
