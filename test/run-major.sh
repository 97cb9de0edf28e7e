#!/usr/bin/env bash
# The tests of uuidx that depend on the PostgreSQL major (PG_MAJOR), on a machine (or root
# file system) whose suite carries it: builds with clang++ and with g++ (warnings are
# errors), installs, then runs the pg_regress suite and the integration tests against
# throwaway clusters, once with the library loaded per session and once preloaded, then
# the server tests (test/server: crashes, clock steps, memory, each with clusters of its
# own) and the cross-major tests. test/run-tests.sh runs it once per major; it ends with
# "N passed, N failed, N skipped", which that script adds up.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
source "$(dirname "${BASH_SOURCE[0]}")/lib/roots.sh"
cd "$UUIDX_ROOT"
mkdir -p build  # logs of this run

source "$UUIDX_ROOT/test/lib/tally.sh"
trap 'stop_cluster' EXIT

ensure_dependencies || { fail "dependencies"; finish; exit 1; }
log "PostgreSQL $("$PG_CONFIG" --version | sed 's/^PostgreSQL //'), $(g++ --version | head -1), $(clang++ --version 2>/dev/null | head -1)"

# Both compilers of the suite, -Werror kept; the g++ build is the one installed.
if command -v clang++ >/dev/null; then
    if build_and_install CXX=clang++ >build/build-clang.log 2>&1; then pass "build (clang++)"; else
        sed 's/^/    /' build/build-clang.log | tail -30 >&2; fail "build (clang++)"; fi
fi
if build_and_install >build/build-gcc.log 2>&1; then pass "build (g++)"; else
    sed 's/^/    /' build/build-gcc.log | tail -30 >&2; fail "build (g++)"; finish; exit 1
fi

# --- pg_regress: one count per test file --------------------------------------------------
# run_regress MODE: runs the suite against the current cluster.
run_regress() {
    local mode=$1 log_file=build/regress-$1.log
    make -s installcheck PG_CONFIG="$PG_CONFIG" >"$log_file" 2>&1
    local status=$? ok bad
    ok=$(grep -cE '(\.\.\. ok|^ok [0-9]+ )' "$log_file")
    bad=$(grep -cE '(\.\.\. FAILED|^not ok [0-9]+ )' "$log_file")
    PASSED=$((PASSED + ok))
    FAILED=$((FAILED + bad))
    grep -E '(\.\.\. FAILED|^not ok)' "$log_file" | sed "s/^/    [$mode] /" >&2
    if [ "$bad" -gt 0 ]; then
        FAILURES+=("${UUIDX_LABEL:+[$UUIDX_LABEL] }pg_regress ($mode): see build/regression-$mode.diffs")
        head -80 regression.diffs >&2
    fi
    [ -f regression.diffs ] && cp regression.diffs "build/regression-$mode.diffs"
    # pg_regress stops at a file it cannot compare (no expected output): not a pass.
    if [ "$status" -ne 0 ] && [ "$bad" -eq 0 ]; then tail -5 "$log_file" >&2; fail "pg_regress ($mode) did not finish"; fi
    log "pg_regress ($mode): $ok passed, $bad failed"
}

# --- integration tests: each test/integration/*.sh is one test ------------------------
# run_integration MODE: every script, with UUIDX_MODE=MODE and the cluster's PG* env. A
# script that exits 77 could not run here (a peer is not packaged for this major): skipped.
run_integration() {
    local mode=$1 script name status
    for script in test/integration/*.sh; do
        [ -e "$script" ] || continue
        name=$(basename "$script" .sh)
        UUIDX_MODE=$mode bash "$script" >"build/integration-$mode-$name.log" 2>&1
        status=$?
        if [ "$status" -eq 0 ]; then
            pass "integration ($mode) $name"
        elif [ "$status" -eq 77 ]; then
            skip "integration ($mode) $name" "$(tail -1 "build/integration-$mode-$name.log")"
        else
            sed "s/^/    /" "build/integration-$mode-$name.log" | tail -30 >&2
            fail "integration ($mode) $name"
        fi
    done
}

# --- server tests: each test/server/*.sh runs its own clusters, once per major ----------
run_server_tests() {
    local script name status
    for script in test/server/*.sh; do
        [ -e "$script" ] || continue
        name=$(basename "$script" .sh)
        bash "$script" >"build/server-$name.log" 2>&1
        status=$?
        if [ "$status" -eq 0 ]; then
            pass "server $name"
        elif [ "$status" -eq 77 ]; then
            skip "server $name" "$(tail -1 "build/server-$name.log")"
        else
            sed "s/^/    /" "build/server-$name.log" | tail -30 >&2
            fail "server $name"
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
    run_integration "$mode"
    stop_cluster
done

run_server_tests

# --- a database moved between majors: dumped on the oldest, restored on the others ----
# test/run-tests.sh sets UUIDX_DUMP_MAJOR (the oldest) and UUIDX_DUMP_DIR (its dump).
if [ -n "${UUIDX_DUMP_MAJOR:-}" ]; then
    phase=restore label="dump_restore (restores the ${UUIDX_DUMP_MAJOR:-?} dump)"
    [ "$PG_MAJOR" = "${UUIDX_DUMP_MAJOR:-}" ] && phase=dump label="dump_restore (dumps for the newer majors)"
    if start_cluster; then
        if bash test/cross-major/dump_restore.sh "$phase" "$UUIDX_DUMP_DIR" >"build/dump_restore-$phase.log" 2>&1; then
            pass "$label"
        else
            sed "s/^/    /" "build/dump_restore-$phase.log" | tail -30 >&2
            fail "$label"
        fi
        stop_cluster
    else
        fail "$label: no cluster"
    fi
fi

# --- pg_upgrade from an older major whose server this root also has -------------------
for old in $(upgrade_sources_of "$PG_MAJOR"); do
    label="pg_upgrade (from $old)"
    if [ ! -x "/usr/lib/postgresql/$old/bin/postgres" ]; then
        fail "$label: PostgreSQL $old is not installed here"
    else
        bash test/cross-major/pg_upgrade.sh "$old" "$PG_MAJOR" >"build/pg_upgrade-$old.log" 2>&1
        status=$?
        if [ "$status" -eq 0 ]; then
            pass "$label"
        elif [ "$status" -eq 77 ]; then
            skip "$label" "$(tail -1 "build/pg_upgrade-$old.log")"
        else
            sed "s/^/    /" "build/pg_upgrade-$old.log" | tail -40 >&2
            fail "$label"
        fi
    fi
done

finish
