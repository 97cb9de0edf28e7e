#!/usr/bin/env bash
# Every example of the README and of the guides it moved its detail to runs as printed, in
# order, in a fresh database: each ```sql block of README.md, then of docs/time-column.md and
# docs/reference.md (whose examples use the README's tables) and docs/multi-server.md, in
# document order, each in its own psql session (-v ON_ERROR_STOP=1, TimeZone UTC) on one
# database made for them with uuidx. A block that cannot run there is marked on the line
# just before it (blank lines aside), and such markers are kept few:
#   <!-- example: not run (WHY) -->                 not run here (a restart, ALTER SYSTEM, a key)
#   <!-- example: expect error -->                  must fail, and each "-- ERROR:  ...",
#                                                   "-- DETAIL:  ..." or "-- HINT:  ..." line
#                                                   in it must be what psql prints
#   <!-- example: expect error unless preloaded --> as above per session; preloaded, it runs
#   <!-- example: run by test/tap/NAME.pl on NODE --> a recipe of several servers: that TAP
#                                                   test runs it on its server NODE
#   <!-- example: check results -->                 runs; then each "SELECT ...;   -- RESULT"
#                                                   line in it runs alone and must print RESULT
#                                                   (columns joined by " | ", NULL as NULL, a
#                                                   trailing "(...)" note aside)
# Every block, run or not, must be free of unmarked placeholders ($1, '<new key>').
# Run by test/run-major.sh with UUIDX_MODE (session | preloaded) and the cluster's PG* env;
# UUIDX_README="FILE..." checks other files the same way (to see the test fail on an old one).
set -eu
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
cd "$UUIDX_ROOT"

read -r -a DOCS <<<"${UUIDX_README:-README.md docs/time-column.md docs/reference.md docs/multi-server.md}"
DB=uuidx_readme_examples
case "${UUIDX_MODE:-}" in
session | preloaded) ;;
*) echo "UUIDX_MODE must be session or preloaded" >&2; exit 2 ;;
esac

if [ "$(psql_quiet -At -c "SELECT rolsuper OR rolcreatedb FROM pg_roles WHERE rolname = current_user")" != t ]; then
    echo "$(psql_quiet -At -c 'SELECT current_user') may not create databases: skipped"
    exit 77
fi

BLOCKS=$(mktemp -d /tmp/uuidx-readme.XXXXXX)
trap 'rm -rf "$BLOCKS"' EXIT

# The blocks: BLOCKS/NNN.sql, and one line "NNN DOC LINE MARKER" each in BLOCKS/index, where
# LINE is the line of DOC where the block's fence opens and MARKER the marker ("" for none).
awk -v dir="$BLOCKS" '
    function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
    FNR == 1 { in_block = 0; previous = "" }
    in_block && /^```[ \t]*$/ { in_block = 0; close(file); previous = "```"; next }
    in_block { print > file; next }
    /^```sql[ \t]*$/ {
        n++; in_block = 1; file = sprintf("%s/%03d.sql", dir, n)
        printf "" > file
        marker = ""
        if (match(previous, /^<!-- example: .* -->$/)) marker = trim(substr(previous, 15, length(previous) - 18))
        printf "%03d %s %d %s\n", n, FILENAME, FNR, marker > (dir "/index")
        next
    }
    /[^ \t]/ { previous = trim($0) }
' "${DOCS[@]}"
for doc in "${DOCS[@]}"; do
    awk -v doc="$doc" '$2 == doc { found = 1 } END { exit !found }' "$BLOCKS/index" || { echo "FAILED: $doc has no \`\`\`sql block"; exit 1; }
done

psql_quiet -c 'SET client_min_messages = warning' -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB"
psql_quiet -d "$DB" -c 'CREATE EXTENSION uuidx'
export PGTZ=UTC

status=0
ran=0 not_run=0 errors=0 results=0
failed() { echo "FAILED: $doc line $1: $2"; status=1; }

# expected_messages FILE: the "-- ERROR:  ...", "-- DETAIL:  ...", "-- HINT:  ..." lines of
# a block, without the "-- ".
expected_messages() { sed -n 's/^-- \(ERROR\|DETAIL\|HINT\):  /\1:  /p' "$1"; }

run_block() {  # run_block FILE: its output (stdout and stderr) on stdout; psql's status
    "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -d "$DB" -f "$1" 2>&1
}

expect_failure() {  # expect_failure NUM LINE
    local output want
    if output=$(run_block "$BLOCKS/$1.sql"); then
        failed "$2" "the block ran, but $doc says it fails"
        return
    fi
    while IFS= read -r want; do
        grep -qF -- "$want" <<<"$output" || failed "$2" "psql did not print '$want'; it printed: $output"
    done < <(expected_messages "$BLOCKS/$1.sql")
    errors=$((errors + 1))
}

check_results() {  # check_results NUM LINE: each one-line SELECT with its result in a comment
    local statement want got
    while IFS=$'\t' read -r statement want; do
        want=$(sed -E 's/[[:space:]]+\([^()]*\)$//' <<<"$want")
        got=$("$PG_BIN/psql" -X -q -At -F ' | ' -P null=NULL -v ON_ERROR_STOP=1 -d "$DB" -c "$statement" 2>&1) ||
            { failed "$2" "'$statement' failed: $got"; continue; }
        if [ "$got" = "$want" ]; then
            results=$((results + 1))
        else
            failed "$2" "'$statement' printed '$got', $doc says '$want'"
        fi
    done < <(sed -nE 's/^(SELECT .*;)[[:space:]]+-- (.+)$/\1\t\2/p' "$BLOCKS/$1.sql")
}

while read -r num doc line marker; do
    file=$BLOCKS/$num.sql
    if grep -nE '(^|[^%0-9])\$[0-9]|<[a-z][a-z0-9 _-]*>' "$file" | grep -v '^[0-9]*:--' >"$BLOCKS/placeholders"; then
        failed "$line" "a placeholder in the block: $(head -1 "$BLOCKS/placeholders")"
    fi
    case "$marker" in
    "not run ("*")")
        not_run=$((not_run + 1))
        continue
        ;;
    "run by test/tap/"*".pl on "*)
        script=${marker#run by }
        [ -f "${script%% on *}" ] || failed "$line" "the marker names ${script%% on *}, which does not exist"
        not_run=$((not_run + 1))
        continue
        ;;
    "expect error")
        expect_failure "$num" "$line"
        continue
        ;;
    "expect error unless preloaded")
        [ "$UUIDX_MODE" = preloaded ] || { expect_failure "$num" "$line"; continue; }
        ;;
    "" | "check results") ;;
    *)
        failed "$line" "unknown marker '<!-- example: $marker -->'"
        continue
        ;;
    esac
    if output=$(run_block "$file"); then
        ran=$((ran + 1))
    else
        failed "$line" "the block fails:
$(sed 's/^/    /' <<<"$output")"
        continue
    fi
    [ "$marker" != "check results" ] || check_results "$num" "$line"
done <"$BLOCKS/index"

psql_quiet -c "DROP DATABASE $DB"
echo "${DOCS[*]} ($UUIDX_MODE): $ran blocks ran, $errors failed as printed, $not_run not run (marked), $results results as printed"
[ "$status" -eq 0 ] && echo "ok: every example of ${DOCS[*]} runs as printed"
exit "$status"
