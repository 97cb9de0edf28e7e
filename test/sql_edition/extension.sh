#!/usr/bin/env bash
# uuidx_sql's first way in (docs/managed.md, "Installing"): CREATE EXTENSION uuidx_sql from
# the files `make install` put beside the server, by a database owner who is not a superuser
# (the extension is trusted), in sessions that never load uuidx's library. It works, moves
# to another schema (relocatable), and DROP EXTENSION leaves nothing behind. Run against the
# server the PG* variables name (test/run-major.sh: the cluster where uuidx is not preloaded).
set -eu
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
DB=uuidx_sql_extension
OWNER=uuidx_sql_owner
cleanup() { psql_quiet -d postgres -c "DROP DATABASE IF EXISTS $DB" -c "DROP ROLE IF EXISTS $OWNER" >/dev/null 2>&1 || true; }
trap cleanup EXIT
cleanup
psql_quiet -d postgres -c "CREATE ROLE $OWNER LOGIN" -c "CREATE DATABASE $DB OWNER $OWNER"
as_owner() { psql_quiet -At -U "$OWNER" -d "$DB" "$@"; }

as_owner -c 'CREATE EXTENSION uuidx_sql'
expect_true "$DB" "created by a role that is not a superuser" \
    "SELECT NOT rolsuper FROM pg_roles WHERE rolname = '$OWNER'"
result=$(as_owner <<'SQL'
SELECT current_setting('uuidx.require_server_order', true) IS NULL,
       extversion = (SELECT default_version FROM pg_available_extensions WHERE name = 'uuidx_sql'),
       public.uuid_extract_version(public.uuid_generate_v7()) = 7,
       public.uuid_v7_to_timestamptz('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') = '2022-02-22 19:22:22+00',
       public.uuid_generate_v7() OPERATOR(public.<@) public.uuid_time_window(now() - interval '1 minute', 'infinity')
FROM pg_extension WHERE extname = 'uuidx_sql';
SQL
)
echo "library not loaded, default version, v7, RFC time, in the last minute: $result"
[ "$result" = "t|t|t|t|t" ]

# Relocatable: ALTER EXTENSION ... SET SCHEMA moves every object, and it still works there.
# A trusted extension's objects belong to the bootstrap superuser, who moves them.
as_owner -c 'CREATE SCHEMA keys'
psql_quiet -d "$DB" -c 'ALTER EXTENSION uuidx_sql SET SCHEMA keys'
result=$(as_owner -c "SELECT count(*) FROM pg_proc WHERE pronamespace = 'public'::regnamespace" \
    -c "SELECT keys.uuid_extract_version(keys.uuidv7()) = 7 AND keys.uuid_max() = 'ffffffff-ffff-ffff-ffff-ffffffffffff'")
echo "moved to schema keys: functions left in public, works there: $(echo "$result" | tr '\n' ' ')"
[ "$result" = $'0\nt' ]

# DROP EXTENSION leaves no function, operator or setting behind.
result=$(as_owner -c 'DROP EXTENSION uuidx_sql' \
    -c "SELECT count(*) FROM pg_proc WHERE pronamespace IN ('public'::regnamespace, 'keys'::regnamespace)" \
    -c "SELECT count(*) FROM pg_operator WHERE oprnamespace IN ('public'::regnamespace, 'keys'::regnamespace)")
echo "after DROP EXTENSION: functions, operators: $(echo "$result" | tr '\n' ' ')"
[ "$result" = $'0\n0' ]
