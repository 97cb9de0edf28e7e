#!/usr/bin/env bash
# Public ids (uuid_v7_to_public, uuid_public_to_v7) and their key settings, in both server
# modes. Preloaded: a key set with ALTER SYSTEM maps every v7 to a v4-looking public id and
# back, bit for bit as uuidv47 does (a vector published from its C reference); the key is
# unreadable and unsettable by the ways that would expose it, never reaches the server log,
# and the functions need a GRANT; a previous key serves old public ids after a rotation; a
# malformed key is refused when set (by ALTER SYSTEM, or in postgresql.conf at a reload or
# a restart) and no part of it reaches a message or the server log.
# The key settings take effect at a restart: this script restarts the preloaded cluster.
# Per session: the settings do not exist and the functions refuse.
# Run by test/run-major.sh with UUIDX_MODE (session | preloaded) and the cluster's PG* env.
set -eu
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"

DB=uuidx_public_id
sql() { psql_quiet -At -d "$DB" "$@"; }
# The key settings take effect at a restart (a reload would log their new values).
restart() { as_server_user "$PG_BIN/pg_ctl" -D "$PGHOST/data" -l "$PGHOST/data.log" -w restart >/dev/null; }

# A key, written as uuidv47 writes it; and the key of uuidv47's published vector (its C
# reference's k0 = 0x0123456789abcdef, k1 = 0xfedcba9876543210, i.e. these 16 bytes).
KEY=8f3a1c2e7b6d5049:a1b2c3d4e5f60718
PUBLISHED_KEY=efcdab8967452301:1032547698badcfe

psql_quiet -c 'SET client_min_messages = warning' -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB" \
    -c 'DROP ROLE IF EXISTS uuidx_app' -c 'CREATE ROLE uuidx_app LOGIN'
sql -c 'CREATE EXTENSION uuidx' -c 'GRANT ALL ON SCHEMA public TO uuidx_app'
# A decoy key for the attempts that must fail: the statements of failing attempts must stay
# out of the server log too. A failing statement that names no key setting must be logged,
# or the log check would prove nothing.
DECOY=0000000000000000:0000000000000000
LOGGED_MARKER=uuidx_logged_statement_marker
CONF=$PGHOST/data/postgresql.conf
cleanup() {
    sed -i '/public_id_key/d' "$CONF"
    psql_quiet -c "ALTER SYSTEM RESET uuidx.public_id_key" -c "ALTER SYSTEM RESET uuidx.public_id_previous_key" \
        >/dev/null 2>&1 && [ "$UUIDX_MODE" = session ] || restart
}
trap cleanup EXIT
expect_error "$DB" 22012 -c "SELECT 1 / 0 AS $LOGGED_MARKER"  # its message is "division by zero"

case "$UUIDX_MODE" in
preloaded)
    # Before a key is set: a clear refusal.
    expect_error "$DB" 55000 -c 'SELECT uuid_v7_to_public(uuid_generate_v7())'

    psql_quiet -c "ALTER SYSTEM SET uuidx.public_id_key = '$PUBLISHED_KEY'"
    restart
    expect_true "$DB" "the published uuidv47 vector, both ways" \
        "SELECT uuid_v7_to_public('018f2d9f-9a2a-7def-8c3f-7b1a2c4d5e6f') = '2463c780-7fca-4def-8c3f-7b1a2c4d5e6f'
            AND uuid_public_to_v7('2463c780-7fca-4def-8c3f-7b1a2c4d5e6f') = '018f2d9f-9a2a-7def-8c3f-7b1a2c4d5e6f'"

    psql_quiet -c "ALTER SYSTEM SET uuidx.public_id_key = '$KEY'"
    restart
    # Every v7, whoever made it: uuidx's (also for given times and the range bounds), an
    # application's (random rand_a and rand_b), PostgreSQL 18's where it exists.
    sql -c "CREATE TABLE keys AS
              SELECT uuid_generate_v7() AS id FROM generate_series(1, 20000)
              UNION ALL SELECT uuid_generate_v7(now() - g * interval '1 day') FROM generate_series(1, 2000) g
              UNION ALL SELECT (left(md5(g::text), 12) || '7' || substr(md5(g::text), 13, 3) || '9'
                                || right(md5(g::text || 'b'), 15))::uuid FROM generate_series(1, 2000) g
              UNION ALL SELECT uuid_v7_min(now()) UNION ALL SELECT uuid_v7_max(now())"
    if [ "$(sql -c "SELECT to_regprocedure('pg_catalog.uuidv7()') IS NOT NULL")" = t ]; then
        sql -c 'INSERT INTO keys SELECT pg_catalog.uuidv7() FROM generate_series(1, 2000)'
    fi
    expect_true "$DB" "round trips; public ids are version 4, RFC variant, deterministic, and differ from the key" \
        "SELECT bool_and(uuid_public_to_v7(uuid_v7_to_public(id)) = id
                         AND public.uuid_extract_version(uuid_v7_to_public(id)) = 4
                         AND uuid_extract_variant(uuid_v7_to_public(id)) = 2
                         AND uuid_v7_to_public(id) = uuid_v7_to_public(id)
                         AND uuid_v7_to_public(id) <> id) FROM keys"
    # Keys of one millisecond share their first 48 bits; their public ids do not.
    expect_true "$DB" "keys of the same millisecond get public ids with different leading bits" \
        "SELECT count(DISTINCT left(uuid_v7_to_public(id)::text, 13)) = count(*)
         FROM (SELECT uuid_generate_v7('2026-01-01 00:00:00+00') AS id FROM generate_series(1, 5000)) same_ms"
    expect_true "$DB" "public ids do not sort like the keys" \
        "SELECT array_agg(id ORDER BY id) <> array_agg(id ORDER BY uuid_v7_to_public(id)) FROM keys"
    expect_error "$DB" 22023 -c "SELECT uuid_v7_to_public(public.uuidv4())"
    expect_error "$DB" 22023 -c "SELECT uuid_public_to_v7(uuid_generate_v7())"

    # The key: unreadable, unsettable per session, role or database; not listed anywhere.
    expect_error "$DB" 42501 -U uuidx_app -c 'SHOW uuidx.public_id_key'
    expect_error "$DB" 42501 -U uuidx_app -c "SELECT current_setting('uuidx.public_id_key')"
    expect_error "$DB" 55P02 -c "SET uuidx.public_id_key = '$DECOY'"
    expect_error "$DB" 55P02 -c "ALTER ROLE uuidx_app SET uuidx.public_id_key = '$DECOY'"
    expect_error "$DB" 55P02 -c "ALTER DATABASE $DB SET uuidx.public_id_key = '$DECOY'"
    [ "$(sql -U uuidx_app -c "SELECT count(*) FROM pg_settings WHERE name LIKE 'uuidx.public_id%'")" = 0 ]
    [ "$(sql -c "SELECT count(*) FROM pg_settings WHERE name LIKE 'uuidx.public_id%'")" = 0 ]
    if sql -c 'SHOW ALL' | grep -q 'public_id'; then echo "SHOW ALL lists a key setting"; exit 1; fi
    [ "$(sql -c "SELECT count(*) FROM pg_db_role_setting WHERE array_to_string(setconfig, ' ') LIKE '%public_id%'")" = 0 ]
    echo "ok: the key is in neither SHOW ALL, pg_settings nor pg_db_role_setting"

    # The functions are the key holder's: granted, not public.
    expect_error "$DB" 42501 -U uuidx_app -c 'SELECT uuid_v7_to_public(uuid_generate_v7())'
    expect_error "$DB" 42501 -U uuidx_app -c 'SELECT uuid_public_to_v7(public.uuidv4())'
    sql -c 'GRANT EXECUTE ON FUNCTION uuid_v7_to_public(uuid), uuid_public_to_v7(uuid, bool) TO uuidx_app'
    [ "$(sql -U uuidx_app -c 'SELECT uuid_public_to_v7(uuid_v7_to_public(id)) = id FROM (SELECT uuid_generate_v7() AS id) k')" = t ]
    echo "ok: after GRANT EXECUTE the role uses both functions"

    # Rotation: the old key becomes the previous key; old public ids still resolve with it.
    sql -c "CREATE TABLE shown AS SELECT id, uuid_v7_to_public(id) AS public_id FROM keys LIMIT 1000"
    psql_quiet -c "ALTER SYSTEM SET uuidx.public_id_previous_key = '$KEY'" \
        -c "ALTER SYSTEM SET uuidx.public_id_key = '0011223344556677:8899aabbccddeeff'"
    restart
    expect_true "$DB" "after a rotation, new public ids differ and old ones resolve with previous_key" \
        "SELECT bool_and(uuid_v7_to_public(id) <> public_id AND uuid_public_to_v7(public_id, previous_key => true) = id
                         AND uuid_public_to_v7(uuid_v7_to_public(id)) = id) FROM shown"

    # A malformed key (a typo of a real one: one digit short) is refused when set, in a
    # message and detail that show no part of it, and the key in use stays.
    TYPO=${KEY%?}
    refusal=$(expect_error "$DB" 22023 -c "ALTER SYSTEM SET uuidx.public_id_key = '$TYPO'")
    echo "$refusal"
    refusal=$(psql_quiet -d "$DB" -v VERBOSITY=verbose -c "ALTER SYSTEM SET uuidx.public_id_previous_key = 'secret-typo'" 2>&1 || true)
    echo "$refusal"
    grep -q 'ERROR:  22023: invalid value for parameter "uuidx.public_id_previous_key"' <<<"$refusal" ||
        { echo "no refusal of the malformed previous key"; exit 1; }
    if grep -qiE "${TYPO:0:8}|secret" <<<"$refusal"; then echo "the refusal shows the key"; exit 1; fi
    restart
    expect_true "$DB" "the key in use stays after a refused ALTER SYSTEM and a restart" \
        "SELECT bool_and(uuid_public_to_v7(uuid_v7_to_public(id)) = id AND uuid_v7_to_public(id) <> public_id) FROM shown"
    # Written straight into postgresql.conf, a malformed key is refused by the reload (the
    # postmaster runs the check and lives on) and by the restart, where the server starts
    # with no key: the functions say it is not set.
    psql_quiet -c "ALTER SYSTEM RESET uuidx.public_id_key"
    echo "uuidx.public_id_key = 'file-secret-typo'" >>"$CONF"
    as_server_user "$PG_BIN/pg_ctl" -D "$PGHOST/data" reload >/dev/null
    sleep 1
    restart
    expect_error "$DB" 55000 -c 'SELECT uuid_v7_to_public(uuid_generate_v7())'
    sed -i '/public_id_key/d' "$CONF"

    log_file=$PGHOST/data.log
    [ -f "$log_file" ] || { echo "no server log at $log_file"; exit 1; }
    grep -q 'invalid value for parameter "uuidx.public_id_key"' "$log_file" ||
        { echo "the server log shows no refusal of the key in postgresql.conf"; exit 1; }
    if grep -niE "${TYPO:0:8}|secret|$DECOY|$KEY|$PUBLISHED_KEY|8899aabbccddeeff" "$log_file"; then
        echo "a key, or part of one, is in the server log"
        exit 1
    fi
    grep -q "$LOGGED_MARKER" "$log_file" || { echo "the log check cannot see statements: it proves nothing"; exit 1; }
    echo "ok: no key, set or refused, reached the server log (which does show failing statements)"
    ;;
session)
    # Not preloaded: the settings do not exist, and a placeholder a session makes is not read.
    expect_error "$DB" 55000 -c 'SELECT uuid_v7_to_public(uuid_generate_v7())'
    expect_error "$DB" 55000 -c 'SELECT uuid_public_to_v7(public.uuidv4(), true)'
    expect_error "$DB" 42602 -c 'LOAD '"'"'uuidx'"'"'' -c "SET uuidx.public_id_key = '$DECOY'"
    if grep -n "$DECOY" "$PGHOST/data.log"; then echo "the refused statement's key is in the server log"; exit 1; fi
    grep -q "$LOGGED_MARKER" "$PGHOST/data.log" || { echo "the log check cannot see statements: it proves nothing"; exit 1; }
    ;;
*)
    echo "UUIDX_MODE must be session or preloaded" >&2
    exit 2
    ;;
esac
psql_quiet -c "DROP DATABASE $DB" -c 'DROP ROLE uuidx_app'
echo "ok: public ids ($UUIDX_MODE)"
