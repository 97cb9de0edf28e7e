#!/usr/bin/env bash
# sqlsmith against a server with uuidx preloaded (the time predicates' planner hook sees
# every query of every session) and tables of uuid keys in the schema it draws from:
#   sqlsmith.sh SECONDS
# Run by test/run-hardening.sh against its preloaded cluster (PG* variables), whose
# uuidx.so is built with UBSan. Fails when:
#   - the time predicates add no key condition (or window) to a natural predicate in its database;
#   - the server crashed (a backend ended by a signal) or UBSan reported anything;
#   - a query failed with uuidx.time_predicates on but succeeds with it off: every error
#     sqlsmith logged (its log schema, in a database of its own) is replayed both ways, the
#     first query of each distinct message (at most 300), timeouts aside.
# The sqlsmith seed is fixed (SQLSMITH_SEED to change it), so a run can be repeated.
set -eu
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
seconds=${1:-60}
seed=${SQLSMITH_SEED:-9562}
log_file=$PGHOST/data.log
target=smith

psql_quiet -c 'SET client_min_messages = warning' -c "DROP DATABASE IF EXISTS $target" -c "CREATE DATABASE $target" \
    -c 'DROP DATABASE IF EXISTS smith_log' -c 'CREATE DATABASE smith_log'

# Keys of every kind, where the hook has something to do: a primary key, a CHECK that the
# keys are v7 (uuid_extract_timestamp qualifies), partitions by key time, a BRIN index.
psql_quiet -d "$target" <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION uuidx;
CREATE TABLE keys (id uuid PRIMARY KEY, note text);
INSERT INTO keys
SELECT uuid_generate_v7('2025-01-01+00'::timestamptz + g * interval '53 minutes'), 'v7 ' || g FROM generate_series(1, 5000) g
UNION ALL SELECT public.uuidv4(), 'v4 ' || g FROM generate_series(1, 500) g
UNION ALL SELECT uuidv1(), 'v1' UNION ALL SELECT uuid_max(), 'max'
UNION ALL SELECT '00000000-0000-0000-0000-000000000000', 'nil';
CREATE TABLE v7_keys (id uuid PRIMARY KEY CHECK (uuid_extract_version(id) = 7), amount int);
INSERT INTO v7_keys SELECT id, length(note) FROM keys WHERE note LIKE 'v7%';
CREATE TABLE readings (id uuid NOT NULL, value int) PARTITION BY RANGE (id);
CREATE TABLE readings_2025_h1 PARTITION OF readings
    FOR VALUES FROM (uuid_time_encoder('2025-01-01+00')) TO (uuid_time_encoder('2025-07-01+00'));
CREATE TABLE readings_2025_h2 PARTITION OF readings
    FOR VALUES FROM (uuid_time_encoder('2025-07-01+00')) TO (uuid_time_encoder('2026-01-01+00'));
CREATE TABLE readings_other PARTITION OF readings DEFAULT;
INSERT INTO readings SELECT id, amount FROM v7_keys;
CREATE TABLE log_lines (id uuid, line text);
CREATE INDEX ON log_lines USING brin (id);
INSERT INTO log_lines SELECT id, note FROM keys;
ANALYZE;
SQL

# sqlsmith's log schema (its log.sql, reduced to what it writes).
# The hook must be at work in the target database, or the run would test nothing of it.
plan=$(psql_quiet -At -d "$target" -c "EXPLAIN (COSTS OFF) SELECT * FROM keys WHERE uuid_v7_to_timestamptz(id) >= '2025-06-01+00'")
grep -qE "id >= '|id <@ " <<<"$plan" ||
    { echo "$plan"; echo "the time predicates add no key condition in $target: sqlsmith would not exercise them"; exit 1; }

psql_quiet -d smith_log <<'SQL'
CREATE TABLE instance (id bigserial PRIMARY KEY, rev text, target text, hostname text, version text, seed text,
                       t timestamptz DEFAULT now());
CREATE TABLE error (id bigint, msg text, query text, sqlstate text, t timestamptz DEFAULT now());
CREATE TABLE stat (id bigint, generated bigint, level float, nodes float, updated timestamptz, retries float,
                   impedance jsonb);
SQL

conninfo() { echo "host=$PGHOST port=$PGPORT user=$PGUSER dbname=$1"; }
echo "sqlsmith ($(sqlsmith --version 2>&1 | head -1)), seed $seed, $seconds s"
status=0
timeout --signal=INT "$seconds" sqlsmith --target="$(conninfo "$target")" --log-to="$(conninfo smith_log)" \
    --seed="$seed" --exclude-catalog >"$PGHOST/sqlsmith.out" 2>&1 || status=$?
# timeout's 124 is the end of the time given; anything else is sqlsmith's own end.
[ "$status" -eq 0 ] || [ "$status" -eq 124 ] || [ "$status" -eq 130 ] ||
    { tail -20 "$PGHOST/sqlsmith.out"; echo "sqlsmith ended with status $status"; exit 1; }

queries=$(psql_quiet -At -d smith_log -c 'SELECT max(generated) FROM stat')
errors=$(psql_quiet -At -d smith_log -c 'SELECT count(*) FROM error')
echo "queries: ${queries:-fewer than 1000}; errors logged: $errors"
[ "$errors" -gt 0 ] || { echo "sqlsmith logged no error at all: it did not reach the server"; exit 1; }

if grep -nE 'terminated by signal|runtime error|PANIC' "$log_file"; then
    echo "the server crashed or UBSan reported under sqlsmith"
    exit 1
fi
echo "ok: no backend ended by a signal, no UBSan report"

# fails_with SETTING QUERY: the SQLSTATE of QUERY with uuidx.time_predicates = SETTING, or
# 00000 when it succeeds (sqlsmith's statement timeout of 1 s).
fails_with() {
    local output
    output=$(printf 'SET statement_timeout = %s;\nSET uuidx.time_predicates = %s;\n\\set VERBOSITY sqlstate\n%s;\n' \
        "'1s'" "$1" "$2" | "$PG_BIN/psql" -X -q -d "$target" 2>&1 >/dev/null | grep -m1 -oE '[0-9A-Z]{5}$' || true)
    echo "${output:-00000}"
}

# caused_by_the_feature QUERY: whether QUERY fails with the setting on and succeeds with it
# off, three times over: sqlsmith's queries call volatile functions and sample tables
# (TABLESAMPLE, random()), so one failure beside one success may be chance (a sample of no
# rows never evaluates the select list that fails).
caused_by_the_feature() {
    local on off
    for _ in 1 2 3; do
        on=$(fails_with on "$1")
        [ "$on" != 00000 ] && [ "$on" != 57014 ] || return 1  # a timeout says nothing
        off=$(fails_with off "$1")
        [ "$off" = 00000 ] || return 1
    done
}

caused=0 replayed=0
while IFS= read -r -d '' query; do
    replayed=$((replayed + 1))
    if caused_by_the_feature "$query"; then
        caused=$((caused + 1))
        echo "fails only with the time predicates on ($(fails_with on "$query")):"
        echo "$query"
    fi
done < <(psql_quiet -At -0 -d smith_log -c "SELECT query FROM (SELECT DISTINCT ON (msg) msg, query, t FROM error
                                          WHERE sqlstate <> '57014' ORDER BY msg, t) first LIMIT 300")
echo "replayed $replayed queries, the first of each distinct error, with the time predicates on and off"
[ "$caused" -eq 0 ] || { echo "$caused error(s) caused by uuidx.time_predicates"; exit 1; }
echo "ok: no error that the time predicates cause"
