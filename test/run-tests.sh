#!/usr/bin/env bash
# Every test of uuidx, on a fresh Debian 12 machine or an old one: installs what is
# missing, builds, runs the core's unit tests, installs the extension, then runs the
# pg_regress suite and the integration tests against throwaway clusters, once with the
# library loaded per session and once preloaded. Ends with "N passed, N failed".
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$UUIDX_ROOT"
mkdir -p build  # logs of this run

PASSED=0
FAILED=0
FAILURES=()
pass() { PASSED=$((PASSED + 1)); }
fail() { FAILED=$((FAILED + 1)); FAILURES+=("$1"); }
finish() {
    stop_cluster
    [ ${#FAILURES[@]} -eq 0 ] || printf 'failed: %s\n' "${FAILURES[@]}"
    echo "$PASSED passed, $FAILED failed"
    [ "$FAILED" -eq 0 ] && [ "$PASSED" -gt 0 ]
}
trap 'stop_cluster' EXIT

ensure_dependencies || { fail "dependencies"; finish; exit 1; }
build_and_install || { fail "build"; finish; exit 1; }

# --- unit tests of the core: one count per GoogleTest test -----------------------------
log "unit tests"
make -s unit PG_CONFIG="$PG_CONFIG" >build/unit.log 2>&1
unit_status=$?
unit_ok=$(grep -c '^\[       OK \]' build/unit.log)
unit_failed=$(grep -c '^\[  FAILED  \] [A-Za-z].*(' build/unit.log)
PASSED=$((PASSED + unit_ok))
FAILED=$((FAILED + unit_failed))
grep '^\[  FAILED  \] [A-Za-z].*(' build/unit.log | sed 's/^/    /' >&2
if [ "$unit_status" -ne 0 ] && [ "$unit_failed" -eq 0 ]; then tail -20 build/unit.log >&2; fail "unit tests did not run"; fi
log "unit: $unit_ok passed, $unit_failed failed"

# --- pg_regress: one count per test file --------------------------------------------------
# run_regress LABEL: runs the suite against the current cluster.
run_regress() {
    local label=$1 log_file=build/regress-$1.log
    make -s installcheck PG_CONFIG="$PG_CONFIG" >"$log_file" 2>&1
    local ok bad
    ok=$(grep -cE '(\.\.\. ok|^ok [0-9]+ )' "$log_file")
    bad=$(grep -cE '(\.\.\. FAILED|^not ok [0-9]+ )' "$log_file")
    PASSED=$((PASSED + ok))
    FAILED=$((FAILED + bad))
    grep -E '(\.\.\. FAILED|^not ok)' "$log_file" | sed "s/^/    [$label] /" >&2
    if [ "$bad" -gt 0 ]; then FAILURES+=("pg_regress ($label): see regression.diffs"); fi
    if [ "$ok" -eq 0 ] && [ "$bad" -eq 0 ]; then cat "$log_file" >&2; fail "pg_regress ($label) did not run"; fi
    log "pg_regress ($label): $ok passed, $bad failed"
}

# --- integration tests: each test/integration/*.sh is one test ------------------------
# run_integration LABEL: every script, with UUIDX_MODE=LABEL and the cluster's PG* env.
run_integration() {
    local label=$1 script name
    for script in test/integration/*.sh; do
        [ -e "$script" ] || continue
        name=$(basename "$script" .sh)
        if UUIDX_MODE=$label bash "$script" >"build/integration-$label-$name.log" 2>&1; then
            pass
            log "integration ($label) $name: ok"
        else
            fail "integration ($label) $name"
            sed "s/^/    /" "build/integration-$label-$name.log" | tail -30 >&2
            log "integration ($label) $name: FAILED"
        fi
    done
}

for mode in session preloaded; do
    log "cluster: library $( [ "$mode" = preloaded ] && echo "in shared_preload_libraries" || echo "loaded per session")"
    if [ "$mode" = preloaded ]; then
        start_cluster "shared_preload_libraries = 'uuidx'" || { fail "cluster ($mode)"; continue; }
    else
        start_cluster || { fail "cluster ($mode)"; continue; }
    fi
    run_regress "$mode"
    [ -f regression.diffs ] && cp regression.diffs "build/regression-$mode.diffs"
    run_integration "$mode"
    stop_cluster
done

finish
