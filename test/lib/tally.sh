# The one tally of the test command, used by test/run-tests.sh and every test/run-*.sh it
# runs. Source it after common.sh. A test is one of:
#   pass NAME                 it passed
#   fail NAME                 it failed (NAME is listed again at the end)
#   skip NAME WHY             it could not run here, and WHY says so (shown, and counted)
#   run_test NAME LOG CMD...  runs CMD with its output in LOG: exit 0 passes (its line says
#                             how long it took), exit 77 is a skip whose reason is LOG's
#                             last line, anything else fails and shows LOG's end. Returns
#                             CMD's status.
# add_counts LOG folds in the closing counts of a sub-run's log (a test/run-*.sh script
# run by another); finish stops the cluster, says how long the script ran and prints the
# closing "N passed, N failed, N skipped" (and fails when anything failed or nothing passed).
PASSED=0
FAILED=0
SKIPPED=0
FAILURES=()
pass() { PASSED=$((PASSED + 1)); log "$1: ok${2:+ ($2)}"; }  # pass NAME [NOTE]
skip() { SKIPPED=$((SKIPPED + 1)); log "$1: SKIPPED ($2)"; }
fail() { FAILED=$((FAILED + 1)); FAILURES+=("${UUIDX_LABEL:+[$UUIDX_LABEL] }$1"); log "$1: FAILED"; }

# The exit status of a test that could not run here (a peer not packaged for this major).
EXIT_SKIP=77

# without_dependencies NAME STATUS: the tally of NAME, which could not run because the
# packages it needs could not be installed (STATUS, from ensure_packages): a skip that says
# so when Debian's archive was out of reach, a failure otherwise.
without_dependencies() {
    if [ "$2" -eq "$EXIT_UNREACHABLE" ]; then skip "$1" "could not fetch its packages: Debian's archive is unreachable"
    else fail "$1: dependencies"; fi
}

run_test() {
    local name=$1 log_file=$2 status started=$SECONDS
    shift 2
    "$@" >"$log_file" 2>&1
    status=$?
    case $status in
        0) pass "$name" "$((SECONDS - started)) s" ;;
        "$EXIT_SKIP") skip "$name" "$(tail -1 "$log_file")" ;;
        *)
            sed 's/^/    /' "$log_file" | tail -40 >&2
            fail "$name (see ${log_file#"$UUIDX_ROOT"/})"
            ;;
    esac
    return "$status"
}

# The closing line of every run, alone on its line.
COUNTS_PATTERN='[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped'

add_counts() {
    local line counts
    line=$(grep -E "^$COUNTS_PATTERN\$" "$1" | tail -1)
    [ -n "$line" ] || return 1
    read -r -a counts <<<"$(echo "$line" | tr -cs '0-9' ' ')"
    PASSED=$((PASSED + counts[0]))
    FAILED=$((FAILED + counts[1]))
    SKIPPED=$((SKIPPED + counts[2]))
    mapfile -t -O "${#FAILURES[@]}" FAILURES < <(sed -n 's/^failed: //p' "$1")
}

# label_counts LABEL: a sub-run's output passed through with its closing counts labelled,
# so that only the last line of the whole command is a bare "N passed, N failed, ...".
label_counts() { sed -E "s/^($COUNTS_PATTERN)\$/==> [$1] \1/"; }

finish() {
    stop_cluster
    log "done in $((SECONDS / 60)) min $((SECONDS % 60)) s"
    [ ${#FAILURES[@]} -eq 0 ] || printf 'failed: %s\n' "${FAILURES[@]}"
    echo "$PASSED passed, $FAILED failed, $SKIPPED skipped"
    [ "$FAILED" -eq 0 ] && [ "$PASSED" -gt 0 ]
}
