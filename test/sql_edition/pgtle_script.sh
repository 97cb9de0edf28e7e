#!/usr/bin/env bash
# uuidx_sql's third way in (docs/managed.md, "With pg_tle"), on a server without pg_tle:
# uuidx_sql_pgtle.sql, made by make, run with psql as the guide says, against a stand-in
# for pg_tle's functions that records what they are given. The script refuses clearly where
# pg_tle was not created; it hands pg_tle the name, version, description and requirements of
# uuidx_sql.control and a payload that, run as CREATE EXTENSION runs an extension's script
# (the search_path at the target schema), makes exactly what CREATE EXTENSION uuidx_sql
# makes, with the same labels and descriptions; run again, it hands pg_tle nothing.
# (test/sql_edition/pgtle.sh installs it into a real pg_tle, where one is installed.)
# Run against the server the PG* variables name.
set -eu
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
cd "$UUIDX_ROOT"
DB=uuidx_sql_pgtle_script
PAYLOAD=$(mktemp)
cleanup() { psql_quiet -d postgres -c "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true; rm -f "$PAYLOAD"; }
trap cleanup EXIT
cleanup
[ -f uuidx_sql_pgtle.sql ] || { echo "run make first: no uuidx_sql_pgtle.sql"; exit 1; }
psql_quiet -d postgres -c "CREATE DATABASE $DB"

# Without pg_tle in the database: its own error, nothing done.
out=$(expect_error "$DB" 42704 -f uuidx_sql_pgtle.sql) || { echo "$out"; exit 1; }
grep -q 'pg_tle is not created in database' <<<"$out" || { echo "unclear refusal: $out"; exit 1; }
echo "without pg_tle: refused (42704), saying CREATE EXTENSION pg_tle first"

# The stand-in: pg_tle's install functions, as its documentation gives their signatures,
# keeping each call in a table, and the listings the script reads to skip what is there.
psql_quiet -d "$DB" <<'SQL'
CREATE SCHEMA pgtle;
CREATE TABLE pgtle.calls (name text, version text, description text, ext text, requires text[]);
CREATE FUNCTION pgtle.install_extension(name text, version text, description text, ext text,
                                        requires text[] DEFAULT NULL, schema text DEFAULT NULL)
    RETURNS boolean LANGUAGE sql
    BEGIN ATOMIC
        INSERT INTO pgtle.calls VALUES (name, version, description, ext, requires);
        SELECT true;
    END;
CREATE FUNCTION pgtle.available_extension_versions(OUT name name, OUT version text)
    RETURNS SETOF record LANGUAGE sql
    BEGIN ATOMIC
        SELECT c.name, c.version FROM pgtle.calls AS c;
    END;
CREATE FUNCTION pgtle.extension_update_paths(name name, OUT source text, OUT target text, OUT path text)
    RETURNS SETOF record LANGUAGE sql
    BEGIN ATOMIC
        SELECT NULL::text, NULL::text, NULL::text WHERE false;
    END;
SQL
psql_quiet -d "$DB" -f uuidx_sql_pgtle.sql >/dev/null
psql_quiet -d "$DB" -f uuidx_sql_pgtle.sql >/dev/null
control() { sed -n "s/^$1 = '\(.*\)'/\1/p" uuidx_sql.control; }
expect_true "$DB" "one install_extension call, with the control file's name, version, description and requirements" \
    "SELECT count(*) = 1 AND bool_and(name = 'uuidx_sql' AND version = '$(control default_version)'
            AND description = \$\$$(control comment)\$\$ AND requires = string_to_array('$(control requires)', ', '))
     FROM pgtle.calls"

# The payload run as pg_tle's CREATE EXTENSION runs it, into schema tle: in one transaction
# (its prologue's search_path lasts the transaction), the search_path at the target schema;
# CREATE EXTENSION uuidx_sql into schema ext from the installed files: the same objects,
# labels and descriptions.
psql_quiet -d "$DB" -At -c "SELECT ext FROM pgtle.calls" >"$PAYLOAD"
psql_quiet -d "$DB" -c 'CREATE SCHEMA tle' -c 'CREATE SCHEMA ext' -c 'CREATE EXTENSION uuidx_sql SCHEMA ext'
PGOPTIONS='-c search_path=tle' psql_quiet -d "$DB" --single-transaction -f "$PAYLOAD" >/dev/null
objects_of() {  # objects_of SCHEMA: each function and operator with its labels and description
    cat <<SQL
SELECT format('%s(%s) %s %s %s %s %s', p.proname, pg_get_function_identity_arguments(p.oid),
              pg_get_function_result(p.oid), p.provolatile, p.proisstrict, p.proparallel,
              obj_description(p.oid, 'pg_proc'))
FROM pg_proc AS p WHERE p.pronamespace = '$1'::regnamespace
UNION ALL
SELECT format('%s(%s, %s) %s', o.oprname, o.oprleft::regtype, o.oprright::regtype, obj_description(o.oid, 'pg_operator'))
FROM pg_operator AS o WHERE o.oprnamespace = '$1'::regnamespace
SQL
}
result=$(psql_quiet -d "$DB" -At <<SQL
SELECT (SELECT count(*) FROM ($(objects_of ext)) AS e(o)),
       (SELECT count(*) FROM (($(objects_of ext)) EXCEPT ALL ($(objects_of tle))) AS d),
       (SELECT count(*) FROM (($(objects_of tle)) EXCEPT ALL ($(objects_of ext))) AS d),
       tle.uuid_extract_version(tle.uuid_generate_v7()) = 7
SQL
)
echo "objects of CREATE EXTENSION, and differences either way; the payload's v7 keys work: $result"
[ "${result%%|*}" -gt 0 ] && [ "${result#*|}" = "0|0|t" ]
