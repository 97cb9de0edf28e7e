# The counts of the test command's run-*.sh scripts: pass NAME, skip NAME WHY, fail NAME,
# check NAME LOG COMMAND... (one test: COMMAND's output to LOG, shown when it fails), and
# finish, which stops the cluster and prints the closing
# "N passed, N failed, N skipped" that test/run-tests.sh adds up (and fails when nothing
# passed). Source it after common.sh.
PASSED=0
FAILED=0
SKIPPED=0
FAILURES=()
pass() { PASSED=$((PASSED + 1)); log "$1: ok"; }
skip() { SKIPPED=$((SKIPPED + 1)); log "$1: SKIPPED ($2)"; }
fail() { FAILED=$((FAILED + 1)); FAILURES+=("${UUIDX_LABEL:+[$UUIDX_LABEL] }$1"); log "$1: FAILED"; }
finish() {
    stop_cluster
    [ ${#FAILURES[@]} -eq 0 ] || printf 'failed: %s\n' "${FAILURES[@]}"
    echo "$PASSED passed, $FAILED failed, $SKIPPED skipped"
    [ "$FAILED" -eq 0 ] && [ "$PASSED" -gt 0 ]
}
check() {
    local name=$1 log_file=$2
    shift 2
    if "$@" >"$log_file" 2>&1; then pass "$name"; else
        sed 's/^/    /' "$log_file" | tail -40 >&2
        fail "$name (see ${log_file#"$UUIDX_ROOT"/})"
        return 1
    fi
}
