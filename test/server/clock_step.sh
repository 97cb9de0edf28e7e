#!/usr/bin/env bash
# The system clock steps back under a running server (libfaketime, re-reading its offset
# file on every clock read), with the library loaded per session and preloaded: v7 keys
# stay strictly increasing and distinct, their embedded time runs ahead of the clock only
# until the clock passes it, and then follows the clock again. Preloaded, a session that
# starts after the step continues the server's order.
set -eu
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
libfaketime=/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1
ensure_packages "$libfaketime:faketime"
trap stop_cluster EXIT

STEP_SECONDS=3

# set_clock_offset FILE SECONDS: the offset libfaketime reads on every clock read, replaced
# in one rename (a reader must never see a half-written file).
set_clock_offset() {
    printf '%+d\n' "$2" >"$1.new" && chmod 644 "$1.new" && mv "$1.new" "$1"
}

# One session: keys before the step, during it (the clock behind the last key) and after
# the clock has caught up; psql steps the clock between statements of the same session.
scenario_sql() {
    cat <<SQL
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS uuidx;
CREATE TABLE keys (seq bigserial, phase text, id uuid, clock timestamptz);
CREATE PROCEDURE draw(phase text, n int) LANGUAGE sql AS \$\$
    INSERT INTO keys (phase, id, clock) SELECT phase, uuid_generate_v7(), clock_timestamp() FROM generate_series(1, n)
\$\$;
CALL draw('before', 2000);
\! printf -- '-$STEP_SECONDS\n' >$1.new && chmod 644 $1.new && mv $1.new $1
CALL draw('stepped back', 2000);
SELECT pg_sleep($STEP_SECONDS + 0.5);
CALL draw('caught up', 2000);
SQL
}

check() { expect_true postgres "$@"; }

for mode in session preloaded; do
    new_cluster_dir
    offset_file=$CLUSTER_DIR/clock-offset
    set_clock_offset "$offset_file" 0
    init_data_dir "$PG_BIN" "$CLUSTER_DIR/data"
    [ "$mode" = preloaded ] && echo "shared_preload_libraries = 'uuidx'" >>"$CLUSTER_DIR/data/postgresql.conf"
    LD_PRELOAD=$libfaketime FAKETIME_TIMESTAMP_FILE=$offset_file FAKETIME_NO_CACHE=1 \
        start_data_dir "$PG_BIN" "$CLUSTER_DIR/data"

    scenario_sql "$offset_file" | psql_quiet >/dev/null
    echo "[$mode] the clock stepped back ${STEP_SECONDS} s between 'before' and 'stepped back'"
    check "[$mode] the server's clock really stepped back" "
        SELECT (SELECT min(clock) FROM keys WHERE phase = 'stepped back')
             < (SELECT max(clock) FROM keys WHERE phase = 'before') - interval '2 seconds'"
    check "[$mode] keys strictly increase across the step, and are distinct" "
        SELECT bool_and(id > previous) AND count(DISTINCT id) = count(*)
        FROM (SELECT id, lag(id) OVER (ORDER BY seq) AS previous FROM keys) k"
    check "[$mode] while the clock is behind, the embedded time runs ahead of it, not back" "
        SELECT bool_and(uuid_v7_to_timestamptz(id) >= (SELECT max(uuid_v7_to_timestamptz(id)) FROM keys WHERE phase = 'before'))
           AND bool_and(uuid_v7_to_timestamptz(id) > clock + interval '2 seconds')
        FROM keys WHERE phase = 'stepped back'"
    check "[$mode] once the clock has passed it, the embedded time follows the clock again" "
        SELECT bool_and(abs(extract(epoch FROM uuid_v7_to_timestamptz(id) - clock)) < 0.05)
        FROM keys WHERE phase = 'caught up'"
    if [ "$mode" = preloaded ]; then
        # A minute back: a session with an order of its own would start a minute earlier.
        set_clock_offset "$offset_file" -60
        check "[$mode] a new session after a step back continues the server's order" "
            SELECT uuid_generate_v7() > (SELECT id FROM keys ORDER BY id DESC LIMIT 1)"
    fi
    stop_cluster
done
