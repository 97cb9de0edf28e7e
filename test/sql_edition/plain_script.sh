#!/usr/bin/env bash
# uuidx_sql's second way in (docs/managed.md, "Installing"): the plain script uuidx_sql.sql,
# made by make at the top of the tree, run with psql by a role that is not a superuser, as
# on a managed service: it puts everything into the first schema of the search_path, runs
# again to upgrade in place (a column default and a view that call it stay), and
# uuidx_sql_uninstall.sql drops it all, refusing while something depends on it. Both refuse
# a schema where an extension has functions of the same names. The guide's examples run as
# printed. Run against the server the PG* variables name, which never loads uuidx's library
# in these sessions.
set -eu
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
cd "$UUIDX_ROOT"
DB=uuidx_sql_plain
OWNER=uuidx_sql_owner
cleanup() { psql_quiet -d postgres -c "DROP DATABASE IF EXISTS $DB" -c "DROP ROLE IF EXISTS $OWNER" >/dev/null 2>&1 || true; }
trap cleanup EXIT
cleanup
[ -f uuidx_sql.sql ] && [ -f uuidx_sql_uninstall.sql ] || { echo "run make first: no uuidx_sql.sql"; exit 1; }
psql_quiet -d postgres -c "CREATE ROLE $OWNER LOGIN" -c "CREATE DATABASE $DB OWNER $OWNER"
as_owner() { psql_quiet -At -U "$OWNER" -d "$DB" "$@"; }
objects_in() {  # objects_in SCHEMA: "functions operators" there
    as_owner -F ' ' -c "SELECT (SELECT count(*) FROM pg_proc WHERE pronamespace = '$1'::regnamespace),
                               (SELECT count(*) FROM pg_operator WHERE oprnamespace = '$1'::regnamespace)"
}

# The guide's install recipe, as printed (it makes schema ux and a table that calls it).
recipe=$(awk '/^## Installing/ { on = 1 } /^## What it has$/ { on = 0 } on && /^```sql/ { block = 1; next } block && /^```/ { exit } block' \
    docs/managed.md)
grep -q 'uuidx_sql.sql' <<<"$recipe" || { echo "no install recipe found in docs/managed.md"; exit 1; }
as_owner <<<"$recipe" >/dev/null
installed=$(objects_in ux)
echo "installed into ux by $OWNER (not a superuser): functions, operators: $installed"
expect_true "$DB" "the owner is not a superuser" "SELECT NOT rolsuper FROM pg_roles WHERE rolname = '$OWNER'"
expect_true "$DB" "nothing but ux holds uuidx_sql" \
    "SELECT NOT EXISTS (SELECT FROM pg_proc WHERE proname = 'uuid_generate_v7' AND pronamespace <> 'ux'::regnamespace)"

# The guide's checked examples, with the search_path at ux: each SELECT gives its comment.
while IFS= read -r line; do
    query=${line%%;*}
    want=$(sed -E 's/.*;[[:space:]]*-- //; s/ \(.*\)$//' <<<"$line")
    got=$(as_owner -c "SET search_path = ux" -c "SET timezone = 'UTC'" -c "$query")
    [ "$got" = "$want" ] || { echo "docs/managed.md: $query gave '$got', not '$want'"; exit 1; }
done < <(awk '/example: check results/ { on = 1; next } on && /^```sql/ { next } on && /^```/ { on = 0 } on' docs/managed.md |
    grep -E '^SELECT .*; *-- ')
echo "docs/managed.md's checked examples give their results"

# A column default and a view call it; run again, it upgrades in place and both still work.
as_owner -c 'CREATE VIEW public.orders_v AS SELECT *, ux.uuid_v7_to_timestamptz(id) AS created_at FROM public.orders' \
    -c 'INSERT INTO public.orders (total) VALUES (1)'
as_owner -c 'SET search_path = ux' -f uuidx_sql.sql >/dev/null
[ "$(objects_in ux)" = "$installed" ] || { echo "run again: $(objects_in ux), not $installed"; exit 1; }
result=$(as_owner -c 'INSERT INTO public.orders (total) VALUES (2)' \
    -c "SELECT count(*) FILTER (WHERE created_at > now() - interval '1 minute') FROM public.orders_v")
echo "run again: the default and the view still work ($result rows of the last minute)"
[ "$result" = 2 ]

# The uninstall script refuses while the table and the view depend on it, dropping nothing.
out=$(expect_error "$DB" 2BP01 -U "$OWNER" -c 'SET search_path = ux' -f uuidx_sql_uninstall.sql) || { echo "$out"; exit 1; }
[ "$(objects_in ux)" = "$installed" ] || { echo "a refused uninstall dropped something: $(objects_in ux)"; exit 1; }
echo "uninstall refused while objects depend on it (2BP01), nothing dropped"
as_owner -c 'DROP VIEW public.orders_v' -c 'DROP TABLE public.orders'
as_owner -c 'SET search_path = ux' -f uuidx_sql_uninstall.sql >/dev/null
as_owner -c 'SET search_path = ux' -f uuidx_sql_uninstall.sql >/dev/null  # again: nothing left to drop
echo "after uninstalling (twice): functions, operators in ux: $(objects_in ux)"
[ "$(objects_in ux)" = "0 0" ]

# Both refuse a schema where an extension has functions of uuidx_sql's names.
as_owner -c 'CREATE SCHEMA ext' -c 'CREATE EXTENSION uuidx_sql SCHEMA ext'
for script in uuidx_sql.sql uuidx_sql_uninstall.sql; do
    out=$(expect_error "$DB" P0001 -U "$OWNER" -c 'SET search_path = ext' -f "$script") || { echo "$out"; exit 1; }
    grep -q 'belong to extension uuidx_sql' <<<"$out" || { echo "$script: $out"; exit 1; }
done
expect_true "$DB" "the extension's objects are untouched" \
    "SELECT count(*) = $(cut -d' ' -f1 <<<"$installed") FROM pg_proc WHERE pronamespace = 'ext'::regnamespace"
echo "both scripts refuse a schema where extension uuidx_sql lives"
