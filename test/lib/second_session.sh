#!/usr/bin/env bash
# A second psql session that a psql script drives one statement at a time, with `\!`: the
# late writer of the demo's commit horizon step (test/demo.sql).
#   start       prints a new directory DIR; a psql connected as the environment says
#               (PGHOST, PGDATABASE...; UUIDX_PSQL names the binary) reads DIR/in
#   send DIR    hands it the SQL in the environment variable UUIDX_SECOND_SQL
#   stop DIR    ends it (end of input: its open transaction, if any, is rolled back) and
#               removes DIR
#   stop-all    stops every session under UUIDX_SECOND_SESSIONS: a caller that runs a
#               script which may stop early (an error) sets that directory, and stops
#               them all when it ends
# Whether a statement has run is for the caller to see in the database (the demo waits for
# uuidx_horizon_holders to list the session, or for its row to be visible), never a sleep.
# The writer end of DIR/in is held open by a `sleep` between statements: the session ends
# at `stop` or `stop-all`, or 5 minutes after `start` when nothing stopped it.
set -eu

case ${1:-} in
start)
    dir=$(mktemp -d "${UUIDX_SECOND_SESSIONS:-/tmp}/second-session.XXXXXX")
    mkfifo "$dir/in"
    # Neither process may keep the caller's stdout (psql's backquotes wait for its end).
    "${UUIDX_PSQL:-psql}" -X -q -v ON_ERROR_STOP=1 -f "$dir/in" </dev/null >"$dir/out" 2>&1 &
    echo $! >"$dir/psql.pid"
    sleep 300 </dev/null >"$dir/in" 2>/dev/null &
    echo $! >"$dir/holder.pid"
    echo "$dir"
    ;;
send)
    [ -p "$2/in" ] || { echo "no second session in $2" >&2; exit 2; }
    printf '%s\n' "${UUIDX_SECOND_SQL:?the SQL to send}" >"$2/in"
    ;;
stop)
    [ -d "$2" ] || exit 0
    kill "$(cat "$2/holder.pid")" 2>/dev/null || true
    psql_pid=$(cat "$2/psql.pid")
    for _ in $(seq 100); do kill -0 "$psql_pid" 2>/dev/null || break; sleep 0.1; done
    rm -rf "$2"
    ;;
stop-all)
    for dir in "${UUIDX_SECOND_SESSIONS:?}"/second-session.*; do
        [ ! -d "$dir" ] || bash "$0" stop "$dir"
    done
    ;;
*)
    echo "usage: $0 start | send DIR | stop DIR | stop-all" >&2
    exit 2
    ;;
esac
