#!/usr/bin/env bash
# uuidx_sql's keys from concurrent sessions: four pgbench clients each make 100,000 keys in
# statements of 1,000 with uuid_generate_v7(), each stored with its session and a number in
# the order it was made. No key repeats across sessions, every session's keys are strictly
# increasing in the order it made them, and every key is a v7 of the RFC 9562 variant. Run
# against the server the PG* variables name.
set -eu
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
DB=uuidx_sql_concurrency
cleanup() { psql_quiet -d postgres -c "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true; rm -f "${script:-}"; }
trap cleanup EXIT
cleanup
psql_quiet -d postgres -c "CREATE DATABASE $DB"
psql_quiet -d "$DB" <<'SQL'
CREATE EXTENSION uuidx_sql;
-- seq comes from one sequence: within a session its values follow the order of the calls.
CREATE UNLOGGED TABLE generated (session int NOT NULL, seq bigint NOT NULL, id uuid NOT NULL);
CREATE SEQUENCE generated_seq CACHE 1000;
SQL
script=$(mktemp)
cat >"$script" <<'SQL'
INSERT INTO generated (session, seq, id)
SELECT :client_id, nextval('generated_seq'), uuid_generate_v7() FROM generate_series(1, 1000);
SQL
chmod 644 "$script"
"$PG_BIN/pgbench" -n -c 4 -j 4 -t 100 -f "$script" "$DB" >/dev/null
result=$(psql_quiet -At -d "$DB" <<'SQL'
SELECT count(*) || ' ' || count(DISTINCT id) || ' ' || count(DISTINCT session) || ' ' ||
       (SELECT count(*) FROM (SELECT id, lag(id) OVER (PARTITION BY session ORDER BY seq) AS previous FROM generated) t
        WHERE previous IS NOT NULL AND id <= previous) || ' ' ||
       bool_and(uuid_extract_version(id) = 7 AND uuid_extract_variant(id) = 2)
FROM generated;
SQL
)
echo "keys, distinct keys, sessions, out-of-order pairs, all v7: $result"
[ "$result" = "400000 400000 4 0 true" ]
