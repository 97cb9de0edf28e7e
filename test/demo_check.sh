#!/usr/bin/env bash
# The demo is a test: every claim of test/demo.sql is checked by the demo itself, so these
# runs fail where a claim is false.
#   claims    test/demo.sql against the server the PG* variables name (uuidx preloaded: the
#             preloaded cluster of test/run-major.sh, every major), in a database of its
#             own: it runs to its end, shows steps 1 to 9 in order, each within 24 lines of
#             80 columns, and ends with where to read next
#   broken    the same with uuidx.time_predicates = off: the demo must fail, and its error
#             must name step 3, the first claim of the time predicates
#   terminal  `bash test/demo.sh` itself under a pseudo-terminal (script(1)), as a newcomer
#             runs it: it builds, starts its own server, shows the steps, and ends in psql
#             on the demo database (given \q here), within 10 minutes; a skip (exit 77)
#             where this machine can make no pseudo-terminal (a build root without
#             /dev/pts mounted)
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$UUIDX_ROOT"

STEPS=9
MAX_LINES=24
MAX_COLUMNS=80

# run_demo_sql: test/demo.sql in a new database, its output (both streams) on stdout;
# returns psql's status (124 after 2 minutes: the demo takes seconds). The second sessions
# it starts are stopped whatever happens.
run_demo_sql() {
    local db=uuidx_demo status sessions
    sessions=$(mktemp -d /tmp/uuidx-demo-sessions.XXXXXX)
    psql_quiet -c 'SET client_min_messages = warning' -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" &&
        psql_quiet -d "$db" -c 'CREATE EXTENSION uuidx' || return 1
    UUIDX_PSQL="$PG_BIN/psql" UUIDX_SECOND_SESSIONS=$sessions timeout 120 "$PG_BIN/psql" -X -d "$db" -f test/demo.sql 2>&1
    status=$?
    UUIDX_SECOND_SESSIONS=$sessions bash test/lib/second_session.sh stop-all
    rm -rf "$sessions"
    psql_quiet -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1
    return "$status"
}

# check_layout OUTPUT: steps 1..STEPS in order and all of them, each within MAX_LINES lines (its number's
# line to the next step's; a part such as "4b." counts on its own), no line wider than
# MAX_COLUMNS, the pointer to read next at the end.
check_layout() {
    awk -v steps="$STEPS" -v max_lines="$MAX_LINES" -v max_columns="$MAX_COLUMNS" '
        function close_step() {
            if (step && lines > max_lines) { printf "step %d has %d lines (at most %d)\n", step, lines, max_lines; bad = 1 }
        }
        # A part of a step shown on some majors only ("4b.") is measured as a step of its own.
        /^[0-9]+[a-z]\. / { close_step(); lines = 0 }
        /^[0-9]+\. / { close_step(); if ($1 + 0 != step + 1) { printf "step %s after step %d\n", $1, step; bad = 1 }
                       step = $1 + 0; lines = 0 }
        /^Every step above checked its own claims/ { close_step(); last = step; step = 0; ended = 1 }
        { lines++; if (length($0) > max_columns) { printf "line %d has %d columns: %s\n", NR, length($0), $0; bad = 1 } }
        END {
            if (!ended) { print "no closing pointer to read next"; bad = 1 }
            else if (last != steps) { printf "%d steps shown, not %d\n", last, steps; bad = 1 }
            if (!bad) printf "steps in order, each within %d lines of %d columns\n", max_lines, max_columns
            exit bad
        }' <<<"$1"
}

case ${1:-} in
claims)
    output=$(run_demo_sql) || { echo "$output"; echo "FAILED: the demo stopped"; exit 1; }
    echo "$output"
    check_layout "$output" || { echo "FAILED: the demo does not fit a terminal"; exit 1; }
    ;;
broken)
    output=$(PGOPTIONS='-c uuidx.time_predicates=off' run_demo_sql) &&
        { echo "$output"; echo "FAILED: the demo ran to its end with the time predicates off"; exit 1; }
    grep -F "ERROR:  the demo's step 3 claims" <<<"$output" ||
        { echo "$output"; echo "FAILED: the demo failed without naming step 3"; exit 1; }
    echo "ok: with uuidx.time_predicates off the demo fails at step 3"
    ;;
terminal)
    command -v script >/dev/null || { echo "script(1) is not installed"; exit 1; }
    # Only script's own failure to open a pseudo-terminal is a skip; the demo's is a failure.
    if ! probe=$(script -qec true /dev/null </dev/null 2>&1) && grep -q 'failed to create pseudo-terminal' <<<"$probe"; then
        echo "$probe"
        echo "no pseudo-terminal can be made here (is /dev/pts mounted?): the demo is not run under one"
        exit 77
    fi
    # \q is psql's input once the demo is done; script gives demo.sh a terminal on both ends.
    output=$(printf '\\q\n' | timeout 600 script -qec "bash test/demo.sh" /dev/null 2>&1)
    status=$?
    echo "$output"
    [ "$status" -eq 0 ] || { echo "FAILED: test/demo.sh exited with $status"; exit 1; }
    grep -q '^Every step above checked its own claims' <<<"$(tr -d '\r' <<<"$output")" ||
        { echo "FAILED: the demo did not run to its end"; exit 1; }
    grep -q 'an interactive psql on the demo database' <<<"$output" && grep -q 'demo=#' <<<"$output" ||
        { echo "FAILED: the demo did not end in psql on the demo database"; exit 1; }
    echo "ok: test/demo.sh under a terminal ran every step and ended in psql on the demo database"
    ;;
*)
    echo "usage: $0 claims | broken | terminal" >&2
    exit 2
    ;;
esac
