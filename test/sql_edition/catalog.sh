#!/usr/bin/env bash
# uuidx_sql has the C extension's functions and operators, as they are there (docs/managed.md,
# "Allowed differences"): both editions in one database, every function of uuidx compared
# with uuidx_sql's of the same name and argument types by its arguments (names, types,
# defaults), result, volatility, strictness, parallel label and description, and every
# operator by its function, commutator and estimators. Each difference must be a row of
# docs/managed.md's table for this major, each row a difference that exists here; uuidx_sql
# may add only its internal uuidx_sql_* functions. Run against the server the PG* variables
# name.
set -eu
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
cd "$UUIDX_ROOT"
DB=uuidx_sql_catalog
cleanup() { psql_quiet -d postgres -c "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true; }
trap cleanup EXIT
cleanup
psql_quiet -d postgres -c "CREATE DATABASE $DB"

# The table's rows: object, label, majors (the C edition's and uuidx_sql's columns and the
# reason are for the reader; a row without a reason fails).
allowed=$(awk -F'|' '/^## Allowed differences/ { on = 1; next } on && /^## / { on = 0 } on && /^\| `/ {
        for (i = 2; i <= 7; i++) { gsub(/^ +| +$/, "", $i) }
        gsub(/`/, "", $2)
        if ($7 == "") { print "no reason: " $2 > "/dev/stderr"; exit 1 }
        print $2 "\t" $3 "\t" $6
    }' docs/managed.md)
[ -n "$allowed" ] || { echo "no allowed differences read from docs/managed.md"; exit 1; }

psql_quiet -d "$DB" -v allowed="$allowed" <<'SQL'
CREATE EXTENSION uuidx;
CREATE SCHEMA s;
CREATE EXTENSION uuidx_sql SCHEMA s;
CREATE TEMP TABLE allowed (object text, label text, majors text);
INSERT INTO allowed
SELECT split_part(line, E'\t', 1), split_part(line, E'\t', 2), split_part(line, E'\t', 3)
FROM regexp_split_to_table(:'allowed', E'\n') AS line;

-- Each edition's functions by name and argument types (short type names, as the table).
CREATE TEMP TABLE editions AS
SELECT e.extname AS edition, p.oid,
       p.proname || '(' || replace(replace(pg_catalog.array_to_string(ARRAY(
           SELECT pg_catalog.format_type(t, NULL) FROM unnest(p.proargtypes) t), ', '),
           'timestamp with time zone', 'timestamptz'), 'timestamp without time zone', 'timestamp') || ')' AS object
FROM pg_depend d
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname IN ('uuidx', 'uuidx_sql')
JOIN pg_proc p ON p.oid = d.objid AND d.classid = 'pg_proc'::regclass AND d.deptype = 'e'
WHERE p.proname !~ '^uuidx_sql_';
CREATE TEMP TABLE operators AS
SELECT e.extname AS edition, o.oprname || ' (' || format_type(o.oprleft, NULL) || ', ' || format_type(o.oprright, NULL) || ')' AS object,
       o.oprcode, o.oprcom, o.oprrest, o.oprjoin, o.oid
FROM pg_depend d
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname IN ('uuidx', 'uuidx_sql')
JOIN pg_operator o ON o.oid = d.objid AND d.classid = 'pg_operator'::regclass AND d.deptype = 'e';

CREATE TEMP TABLE differences AS
SELECT c.object, 'absent' AS label FROM editions c
WHERE c.edition = 'uuidx' AND NOT EXISTS (SELECT FROM editions s WHERE s.edition = 'uuidx_sql' AND s.object = c.object)
UNION ALL
SELECT s.object, 'extra' FROM editions s
WHERE s.edition = 'uuidx_sql' AND NOT EXISTS (SELECT FROM editions c WHERE c.edition = 'uuidx' AND c.object = s.object)
UNION ALL
SELECT c.object, l.label
FROM editions c JOIN editions s ON s.object = c.object AND c.edition = 'uuidx' AND s.edition = 'uuidx_sql'
JOIN pg_proc cp ON cp.oid = c.oid JOIN pg_proc sp ON sp.oid = s.oid,
LATERAL (VALUES ('arguments', pg_get_function_arguments(cp.oid), pg_get_function_arguments(sp.oid)),
                ('result', pg_get_function_result(cp.oid), pg_get_function_result(sp.oid)),
                ('volatility', cp.provolatile::text, sp.provolatile::text),
                ('strict', cp.proisstrict::text, sp.proisstrict::text),
                ('parallel', cp.proparallel::text, sp.proparallel::text),
                ('returns set', cp.proretset::text, sp.proretset::text),
                ('description', obj_description(cp.oid, 'pg_proc'), obj_description(sp.oid, 'pg_proc')))
     AS l(label, c_value, s_value)
WHERE l.c_value IS DISTINCT FROM l.s_value
UNION ALL
SELECT c.object, 'absent' FROM operators c
WHERE c.edition = 'uuidx' AND NOT EXISTS (SELECT FROM operators s WHERE s.edition = 'uuidx_sql' AND s.object = c.object)
UNION ALL
SELECT c.object, l.label
FROM operators c JOIN operators s ON s.object = c.object AND c.edition = 'uuidx' AND s.edition = 'uuidx_sql',
LATERAL (VALUES ('function', (SELECT proname FROM pg_proc WHERE oid = c.oprcode), (SELECT proname FROM pg_proc WHERE oid = s.oprcode)),
                ('commutator', (SELECT oprname FROM pg_operator WHERE oid = c.oprcom), (SELECT oprname FROM pg_operator WHERE oid = s.oprcom)),
                ('estimator', nullif(c.oprrest::text, '-'), nullif(s.oprrest::text, '-')),
                ('join estimator', nullif(c.oprjoin::text, '-'), nullif(s.oprjoin::text, '-')),
                ('description', obj_description(c.oid, 'pg_operator'), obj_description(s.oid, 'pg_operator')))
     AS l(label, c_value, s_value)
WHERE l.c_value IS DISTINCT FROM l.s_value;

-- This major's allowances.
CREATE TEMP TABLE allowed_here AS
SELECT object, label FROM allowed
WHERE majors = 'all' OR (current_setting('server_version_num')::int / 10000)::text = ANY (string_to_array(majors, ', '));
\echo differences not listed in docs/managed.md:
SELECT object, label FROM differences EXCEPT SELECT object, label FROM allowed_here ORDER BY 1, 2;
\echo rows of the table that differ no longer here:
SELECT object, label FROM allowed_here EXCEPT SELECT object, label FROM differences ORDER BY 1, 2;
\echo functions compared, of each edition:
SELECT edition, count(*) FROM editions GROUP BY 1 ORDER BY 1;
SELECT (SELECT count(*) FROM (SELECT object, label FROM differences EXCEPT SELECT object, label FROM allowed_here) AS unlisted) = 0
       AND (SELECT count(*) FROM (SELECT object, label FROM allowed_here EXCEPT SELECT object, label FROM differences) AS stale) = 0
       AS catalogs_agree \gset
\if :catalogs_agree
\echo the catalogs agree but for the allowed differences
\else
DO $$ BEGIN RAISE EXCEPTION 'the catalogs differ from docs/managed.md''s table'; END $$;
\endif
SQL
