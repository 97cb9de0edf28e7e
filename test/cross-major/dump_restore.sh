#!/usr/bin/env bash
# A database with uuidx moved to a newer PostgreSQL major.
#   dump_restore.sh build DIR    builds the database and records its fingerprint in
#                                DIR/fingerprint.txt
#   dump_restore.sh dump DIR     build, then pg_dump to DIR/uuidx.sql (on a DUMP_MAJORS major)
#   dump_restore.sh restore DIR  restores DIR/uuidx.sql (on a newer major), then verify
#   dump_restore.sh verify DIR   checks that the rows, defaults, partitions and view came
#                                through (also after pg_upgrade: test/cross-major/pg_upgrade.sh)
# The database has v7-keyed tables (defaults uuid_generate_v7() and keys.uuidv7(), the
# latter a built-in's name from 18 on, so named with uuidx's schema: unqualified, it would
# be the built-in's where the database is built on 18), monthly partitions bounded by
# uuid_v7_min(), uuidx in a schema of its own, and a view over uuid_inspect(). Run against the cluster of the PG* variables.
set -eu
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
phase=$1 dir=$2
database=moved_between_majors

# What must survive the move, as text: every row (in key order), the partition bounds,
# where rows are routed, and the view's answer.
fingerprint() {
    psql_quiet -At -d "$database" <<'SQL'
SELECT 'accounts ' || md5(string_agg(a::text, ',' ORDER BY a.id)) FROM accounts a;
SELECT 'events ' || md5(string_agg(e::text, ',' ORDER BY e.id)) FROM events e;
SELECT 'readings ' || md5(string_agg(r::text, ',' ORDER BY r.id)) FROM readings r;
SELECT c.relname || ' ' || pg_get_expr(c.relpartbound, c.oid) || ' rows ' ||
       (SELECT count(*) FROM readings r WHERE r.tableoid = c.oid)
FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
WHERE i.inhparent = 'readings'::regclass ORDER BY c.relname;
SELECT 'event_times ' || count(*) || ' v7 ' || count(*) FILTER (WHERE version = 7) ||
       ' timed ' || count(*) FILTER (WHERE created_at IS NOT NULL) FROM event_times;
SQL
}

check() { expect_true "$database" "$@"; }

build_database() {
    mkdir -p "$dir"
    psql_quiet -c "DROP DATABASE IF EXISTS $database" -c "CREATE DATABASE $database"
    psql_quiet -d "$database" <<'SQL'
SET client_min_messages = warning;
CREATE SCHEMA keys;
CREATE EXTENSION uuidx SCHEMA keys;
SET search_path = public, keys;

CREATE TABLE accounts (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), name text NOT NULL);
CREATE TABLE events (
    id      uuid PRIMARY KEY DEFAULT keys.uuidv7(),
    account uuid NOT NULL REFERENCES accounts,
    kind    text NOT NULL);
CREATE TABLE readings (id uuid NOT NULL DEFAULT uuid_generate_v7(), value int) PARTITION BY RANGE (id);
CREATE TABLE readings_2026_01 PARTITION OF readings
    FOR VALUES FROM (uuid_v7_min('2026-01-01 00:00+00')) TO (uuid_v7_min('2026-02-01 00:00+00'));
CREATE TABLE readings_2026_02 PARTITION OF readings
    FOR VALUES FROM (uuid_v7_min('2026-02-01 00:00+00')) TO (uuid_v7_min('2026-03-01 00:00+00'));
CREATE TABLE readings_2026_03 PARTITION OF readings
    FOR VALUES FROM (uuid_v7_min('2026-03-01 00:00+00')) TO (uuid_v7_min('2026-04-01 00:00+00'));
CREATE VIEW event_times AS
    SELECT e.id, i.version, i."timestamp" AS created_at
    FROM events e CROSS JOIN LATERAL uuid_inspect(e.id) i;

INSERT INTO accounts (name) SELECT 'account ' || g FROM generate_series(1, 500) g;
INSERT INTO events (account, kind) SELECT id, kind FROM accounts, unnest(ARRAY['signup', 'login']) kind;
INSERT INTO readings (id, value)
SELECT uuid_generate_v7(timestamptz '2026-01-01 00:00+00' + g * interval '31 minutes'), g
FROM generate_series(0, 4000) g;
SQL
    fingerprint >"$dir/fingerprint.txt"
}

verify_database() {
    diff <(cat "$dir/fingerprint.txt") <(fingerprint) || { echo "FAILED: the fingerprint changed" >&2; return 1; }
    echo "ok: rows, partition bounds and routing, and the view are as they were"

    # The defaults still call uuidx's functions, not PostgreSQL 18's uuidv7(): those of
    # accounts, events, readings and readings' three partitions.
    check "every default calls a uuidx function" "
        SELECT bool_and(e.extname = 'uuidx') AND count(*) = 6
        FROM pg_attrdef ad
        JOIN pg_depend d ON d.classid = 'pg_attrdef'::regclass AND d.objid = ad.oid
                        AND d.refclassid = 'pg_proc'::regclass
        JOIN pg_depend x ON x.classid = 'pg_proc'::regclass AND x.objid = d.refobjid AND x.deptype = 'e'
        JOIN pg_extension e ON e.oid = x.refobjid"
    check "new keys from both defaults sort after every old key, in insertion order" "
        CREATE TEMP TABLE old_max AS  -- PostgreSQL has no max(uuid)
            SELECT (SELECT id FROM accounts ORDER BY id DESC LIMIT 1) AS accounts,
                   (SELECT id FROM events ORDER BY id DESC LIMIT 1) AS events;
        CREATE TEMP TABLE new_accounts AS
            WITH ins AS (INSERT INTO accounts (name) SELECT 'new ' || g FROM generate_series(1, 200) g RETURNING id, name)
            SELECT id, split_part(name, ' ', 2)::int AS n FROM ins;
        CREATE TEMP TABLE new_events AS
            WITH ins AS (INSERT INTO events (account, kind) SELECT id, 'moved ' || n FROM new_accounts ORDER BY n RETURNING id, kind)
            SELECT id, split_part(kind, ' ', 2)::int AS n FROM ins;
        SELECT (SELECT id FROM new_accounts ORDER BY id LIMIT 1) > accounts
           AND (SELECT id FROM new_events ORDER BY id LIMIT 1) > events
           AND (SELECT bool_and(keys.uuid_extract_version(id) = 7) FROM new_events)
           AND (SELECT array_agg(n ORDER BY id) = array_agg(n ORDER BY n) FROM new_accounts)
           AND (SELECT array_agg(n ORDER BY id) = array_agg(n ORDER BY n) FROM new_events)
        FROM old_max"
    check "a key of March 2026 is routed to the March partition" "
        WITH ins AS (INSERT INTO readings (id, value)
                     VALUES (keys.uuid_generate_v7('2026-03-15 12:00+00'), -1) RETURNING tableoid::regclass::text AS part)
        SELECT part = 'readings_2026_03' FROM ins"
    check "a February range prunes to the February partition" "
        CREATE TEMP TABLE plan (line text);
        DO \$\$ DECLARE l text; BEGIN
            FOR l IN EXPLAIN (COSTS OFF) SELECT * FROM readings
                     WHERE id >= keys.uuid_v7_min('2026-02-01 00:00+00') AND id < keys.uuid_v7_min('2026-03-01 00:00+00')
            LOOP INSERT INTO plan VALUES (l); END LOOP; END \$\$;
        SELECT count(*) FILTER (WHERE line LIKE '%readings_2026_02%') = 1
           AND count(*) FILTER (WHERE line ~ 'readings_2026_0[13]') = 0 FROM plan"
    check "the view over uuid_inspect() sees the new events" "
        SELECT count(*) = 1200 AND bool_and(version = 7 AND created_at IS NOT NULL) FROM event_times"
}

case $phase in
build) build_database ;;
dump)
    build_database
    "$PG_BIN/pg_dump" -d "$database" -f "$dir/uuidx.sql"
    grep -q 'CREATE EXTENSION IF NOT EXISTS uuidx WITH SCHEMA keys' "$dir/uuidx.sql" ||
        { echo "FAILED: the dump does not create uuidx in its schema" >&2; exit 1; }
    grep -q 'DEFAULT keys.uuidv7()' "$dir/uuidx.sql" ||
        { echo "FAILED: the dump does not name uuidx's schema in the default" >&2; exit 1; }
    echo "dumped $(wc -l <"$dir/uuidx.sql") lines; fingerprint:"
    cat "$dir/fingerprint.txt"
    ;;
restore)
    psql_quiet -c "DROP DATABASE IF EXISTS $database" -c "CREATE DATABASE $database"
    psql_quiet -d "$database" -f "$dir/uuidx.sql" >/dev/null
    verify_database
    ;;
verify) verify_database ;;
*)
    echo "usage: $0 build|dump|restore|verify DIR" >&2
    exit 2
    ;;
esac
