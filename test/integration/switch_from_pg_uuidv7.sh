#!/usr/bin/env bash
# The switch from pg_uuidv7 of docs/switching.md (sql/include/switch_to_uuidx.sql), run against the
# real pg_uuidv7 where Debian packages it for this major (exit 77, a visible skip, where not).
# A database uses pg_uuidv7 the ways its users do: column defaults, views, a SQL-standard
# function body, a table partitioned on bounds pg_uuidv7 computed. After the switch
# pg_uuidv7 is gone, uuidx is in its schema, everything calls uuidx, the rows are as they
# were, new keys sort after the old, pg_dump restores, and a second run changes nothing. A
# database with a dependency the switch cannot carry (a CHECK constraint) is refused whole.
set -eu
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
cd "$UUIDX_ROOT"

require_peer pg_uuidv7 pg_uuidv7

db=switch_from_pg_uuidv7
sql() { psql_quiet -At -d "$db" "$@"; }
check() { expect_true "$db" "$@"; }
fresh_database() {
    psql_quiet -c "DROP DATABASE IF EXISTS $1" -c "CREATE DATABASE $1"
}

fresh_database "$db"
sql <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION pg_uuidv7;
CREATE TABLE orders (
    id        uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
    customer  text NOT NULL);
CREATE TABLE readings (id uuid NOT NULL DEFAULT uuid_generate_v7(), value int) PARTITION BY RANGE (id);
CREATE TABLE readings_2026_01 PARTITION OF readings
    FOR VALUES FROM (uuid_timestamptz_to_v7('2026-01-01 00:00+00', true)) TO (uuid_timestamptz_to_v7('2026-02-01 00:00+00', true));
CREATE TABLE readings_2026_02 PARTITION OF readings
    FOR VALUES FROM (uuid_timestamptz_to_v7('2026-02-01 00:00+00', true)) TO (uuid_timestamptz_to_v7('2026-03-01 00:00+00', true));
CREATE TABLE readings_now PARTITION OF readings
    FOR VALUES FROM (uuid_timestamptz_to_v7('2026-03-01 00:00+00', true)) TO (MAXVALUE);
CREATE VIEW order_times AS
    SELECT id, customer, uuid_v7_to_timestamptz(id) AS created_at FROM orders;
CREATE VIEW recent_orders (order_id, created_local) WITH (security_barrier) AS
    SELECT id, uuid_v7_to_timestamp(id) FROM orders
    WHERE id >= uuid_timestamptz_to_v7(now() - interval '1 day', true)
    WITH LOCAL CHECK OPTION;
CREATE FUNCTION order_age(order_id uuid) RETURNS interval LANGUAGE sql STABLE
BEGIN ATOMIC
    SELECT now() - uuid_v7_to_timestamptz(order_id);
END;
CREATE FUNCTION first_key_of(day timestamp) RETURNS uuid LANGUAGE sql STABLE
RETURN uuid_timestamp_to_v7(day, true);

INSERT INTO orders (customer) SELECT 'customer ' || g FROM generate_series(1, 1000) g;
INSERT INTO readings (id, value)
SELECT uuid_timestamptz_to_v7(timestamptz '2026-01-01 00:00+00' + g * interval '37 minutes'), g FROM generate_series(0, 3000) g;
INSERT INTO readings (value) SELECT g FROM generate_series(1, 10) g;
SQL
fingerprint() {
    sql -c "SELECT md5(string_agg(o::text, ',' ORDER BY id)) FROM orders o" \
        -c "SELECT md5(string_agg(r::text || r.tableoid::regclass::text, ',' ORDER BY id)) FROM readings r" \
        -c "SELECT c.relname || ' ' || pg_get_expr(c.relpartbound, c.oid) FROM pg_class c WHERE c.relispartition ORDER BY 1"
}
before=$(fingerprint)

# A dependency the switch cannot carry over: refused, and nothing changes.
fresh_database switch_refused
psql_quiet -d switch_refused -c 'CREATE EXTENSION pg_uuidv7' -c "
    CREATE TABLE audited (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
                          CONSTRAINT created_after_2020 CHECK (uuid_v7_to_timestamptz(id) > '2020-01-01'))"
if refusal=$(psql_quiet -d switch_refused -f sql/include/switch_to_uuidx.sql 2>&1); then
    echo "FAILED: the switch accepted a CHECK constraint it cannot carry over"; exit 1
fi
grep -q 'cannot switch to uuidx: nothing was changed' <<<"$refusal" || { echo "$refusal"; exit 1; }
grep -q 'constraint created_after_2020 on table .*audited calls public.uuid_v7_to_timestamptz(uuid)' <<<"$refusal" ||
    { echo "$refusal"; exit 1; }
[ "$(psql_quiet -At -d switch_refused -c "SELECT string_agg(extname, ',' ORDER BY extname) FROM pg_extension
        WHERE extname IN ('pg_uuidv7', 'uuidx')") $(psql_quiet -At -d switch_refused -c "SELECT count(*) FROM pg_namespace
        WHERE nspname = 'uuidx_switch'")" = "pg_uuidv7 0" ] || { echo "FAILED: the refused switch changed something"; exit 1; }
echo "ok: a CHECK constraint is refused, naming it, and nothing changes"

# The switch, exactly as docs/switching.md gives it.
psql_quiet -d "$db" -f sql/include/switch_to_uuidx.sql
check "pg_uuidv7 is gone and uuidx is in its schema" "
    SELECT NOT EXISTS (SELECT FROM pg_extension WHERE extname = 'pg_uuidv7')
       AND (SELECT extnamespace = 'public'::regnamespace FROM pg_extension WHERE extname = 'uuidx')
       AND NOT EXISTS (SELECT FROM pg_namespace WHERE nspname = 'uuidx_switch')"
check "every default, view and function body calls uuidx's functions" "
    SELECT count(*) = 10 AND bool_and(x.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuidx'))
    FROM pg_depend d
    LEFT JOIN pg_depend x ON x.classid = 'pg_proc'::regclass AND x.objid = d.refobjid AND x.deptype = 'e'
    WHERE d.refclassid = 'pg_proc'::regclass AND d.deptype = 'n'
      AND d.classid IN ('pg_attrdef'::regclass, 'pg_rewrite'::regclass, 'pg_proc'::regclass)
      AND d.refobjid IN (SELECT oid FROM pg_proc WHERE proname IN
          ('uuid_generate_v7', 'uuid_v7_to_timestamptz', 'uuid_v7_to_timestamp', 'uuid_timestamptz_to_v7', 'uuid_timestamp_to_v7'))
      -- the database's own objects, not uuidx's (its view of the commit horizon's holders)
      AND NOT EXISTS (SELECT FROM pg_rewrite r
                      JOIN pg_depend m ON m.classid = 'pg_class'::regclass AND m.objid = r.ev_class AND m.deptype = 'e'
                      WHERE d.classid = 'pg_rewrite'::regclass AND r.oid = d.objid)"
check "the views keep their options and check option" "
    SELECT reloptions = '{security_barrier=true,check_option=local}' FROM pg_class WHERE relname = 'recent_orders'"
[ "$(fingerprint)" = "$before" ] || { echo "FAILED: rows or partition bounds changed"; exit 1; }
echo "ok: the rows and the partition bounds are as they were"
check "new keys sort after the old ones, and the views and functions answer" "
    CREATE TEMP TABLE old_last AS SELECT id FROM orders ORDER BY id DESC LIMIT 1;
    INSERT INTO orders (customer) SELECT 'after the switch ' || g FROM generate_series(1, 100) g;
    SELECT (SELECT bool_and(o.id > l.id AND public.uuid_extract_version(o.id) = 7) FROM orders o, old_last l
            WHERE o.customer LIKE 'after the switch%')
       AND (SELECT count(*) = 1100 FROM order_times) AND (SELECT count(*) >= 100 FROM recent_orders)
       AND order_age((SELECT id FROM old_last)) >= interval '0'
       AND first_key_of('2026-02-01') = uuid_v7_min('2026-02-01 00:00+00')"
check "keys still route to the partitions pg_uuidv7's bounds define" "
    WITH ins AS (INSERT INTO readings (id, value) VALUES (uuid_generate_v7('2026-02-14 12:00+00'), -1)
                 RETURNING tableoid::regclass::text AS part)
    SELECT part = 'readings_2026_02' FROM ins"

# Run again: nothing to do, nothing changes.
again=$(psql_quiet -d "$db" -f sql/include/switch_to_uuidx.sql 2>&1)
grep -q 'nothing to switch: uuidx .* is installed in schema public' <<<"$again" || { echo "$again"; exit 1; }
echo "ok: a second run changes nothing"

# The result dumps and restores.
"$PG_BIN/pg_dump" -d "$db" -f "$PGHOST/switched.sql"
fresh_database switch_restored
psql_quiet -d switch_restored -f "$PGHOST/switched.sql" >/dev/null
[ "$(psql_quiet -At -d switch_restored -c "SELECT count(*) FROM order_times")" = 1100 ] ||
    { echo "FAILED: the restored database differs"; exit 1; }
echo "ok: pg_dump of the result restores"
