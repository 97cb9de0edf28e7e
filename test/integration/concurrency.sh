#!/usr/bin/env bash
# Four concurrent sessions (pgbench) generate 1,000,000 v7 keys in all, each stored with its
# session and a per-session sequence. No key may repeat, and within every session ordering
# by key must equal ordering by sequence. Run in both server modes by test/run-tests.sh.
set -eu
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"

CLIENTS=4
BATCH=1000
BATCHES_PER_CLIENT=250   # 4 x 250 x 1000 = 1,000,000 keys

psql_quiet -c 'SET client_min_messages = warning' -c 'DROP DATABASE IF EXISTS uuidx_concurrency' -c 'CREATE DATABASE uuidx_concurrency'
export PGDATABASE=uuidx_concurrency
psql_quiet <<'SQL'
CREATE EXTENSION uuidx;
-- seq comes from one sequence: within a session its values follow the call order.
CREATE UNLOGGED TABLE generated (session int NOT NULL, seq bigint NOT NULL, id uuid NOT NULL);
CREATE SEQUENCE generated_seq CACHE 1000;
SQL

script=$(mktemp)
trap 'rm -f "$script"' EXIT
cat >"$script" <<SQL
INSERT INTO generated (session, seq, id)
SELECT :client_id, nextval('generated_seq'), uuid_generate_v7() FROM generate_series(1, $BATCH);
SQL
"$PG_BIN/pgbench" -n -c "$CLIENTS" -j "$CLIENTS" -t "$BATCHES_PER_CLIENT" -f "$script" >/dev/null

result=$(psql_quiet -At <<'SQL'
SELECT count(*) || ' ' || count(DISTINCT id) || ' ' || count(DISTINCT session) || ' ' ||
       (SELECT count(*) FROM (
            SELECT id, lag(id) OVER (PARTITION BY session ORDER BY seq) AS previous FROM generated) t
        WHERE previous IS NOT NULL AND id <= previous) || ' ' ||
       bool_and(public.uuid_extract_version(id) = 7)
FROM generated;
SQL
)
echo "keys, distinct keys, sessions, out-of-order pairs, all v7: $result"
psql_quiet -d postgres -c 'DROP DATABASE uuidx_concurrency'
[ "$result" = "1000000 1000000 4 0 true" ]
