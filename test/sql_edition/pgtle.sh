#!/usr/bin/env bash
# uuidx_sql through pg_tle (docs/managed.md, "With pg_tle"), where pg_tle is installed for
# this major (its library in the server's pkglibdir, as its packages install it); elsewhere
# a skip (exit 77) that says why (pg_tle is in no registry this project uses, and the
# project builds no third-party sources). On a server of its own that preloads pg_tle, as RDS does: a member of
# pgtle_admin, not a superuser, runs uuidx_sql_pgtle.sql with psql; a database owner, not a
# superuser either, runs CREATE EXTENSION uuidx_sql, and its keys and time work; the script
# runs again without error; DROP EXTENSION and pgtle.uninstall_extension() leave nothing.
set -eu
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
cd "$UUIDX_ROOT"
if [ ! -f "$("$PG_CONFIG" --pkglibdir)/pg_tle.so" ] || [ ! -f "$("$PG_CONFIG" --sharedir)/extension/pg_tle.control" ]; then
    echo "pg_tle is not installed for PostgreSQL $PG_MAJOR; Debian does not package it"
    exit 77  # a skip (test/lib/tally.sh)
fi
[ -f uuidx_sql_pgtle.sql ] || { echo "run make first: no uuidx_sql_pgtle.sql"; exit 1; }
trap stop_cluster EXIT
start_cluster "shared_preload_libraries = 'pg_tle'"
DB=uuidx_sql_pgtle
psql_quiet -d postgres <<SQL
CREATE ROLE tle_admin LOGIN;
CREATE ROLE app_owner LOGIN;
CREATE DATABASE $DB OWNER app_owner;
SQL
psql_quiet -d "$DB" -c 'CREATE EXTENSION pg_tle' -c 'GRANT pgtle_admin TO tle_admin'
psql_quiet -U tle_admin -d "$DB" -f uuidx_sql_pgtle.sql >/dev/null
echo "uuidx_sql_pgtle.sql run by tle_admin (pgtle_admin, not a superuser)"
result=$(psql_quiet -U app_owner -d "$DB" -At <<'SQL'
CREATE SCHEMA ux;
CREATE EXTENSION uuidx_sql SCHEMA ux;
SELECT ux.uuid_extract_version(ux.uuid_generate_v7()) = 7,
       ux.uuid_v7_to_timestamptz('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') = '2022-02-22 19:22:22+00',
       (SELECT extversion FROM pg_extension WHERE extname = 'uuidx_sql')
           = (SELECT default_version FROM pgtle.available_extensions() WHERE name = 'uuidx_sql'),
       NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user);
SQL
)
echo "CREATE EXTENSION uuidx_sql by app_owner: v7 key, RFC time, pg_tle's default version, not a superuser: $result"
[ "$result" = "t|t|t|t" ]
psql_quiet -U tle_admin -d "$DB" -f uuidx_sql_pgtle.sql >/dev/null
echo "run again: no error"
result=$(psql_quiet -d "$DB" -At -c 'DROP EXTENSION uuidx_sql' -c "SELECT pgtle.uninstall_extension('uuidx_sql')" \
    -c "SELECT count(*) FROM pg_proc WHERE pronamespace = 'ux'::regnamespace" \
    -c "SELECT count(*) FROM pgtle.available_extensions() WHERE name = 'uuidx_sql'")
echo "after DROP EXTENSION and uninstall_extension: $(tr '\n' ' ' <<<"$result")"
[ "$(tail -2 <<<"$result" | tr '\n' ' ')" = "0 0 " ]
