#!/usr/bin/env bash
# Sanitizers, fuzzers and injected faults, on this machine's own PostgreSQL major
# (test/run-tests.sh runs it once, before the majors). Every build is made in a copy of
# the tree (build/hardening/tree) with test/hardening.mk, so the product's objects are
# never instrumented:
#   1. a canary proves that AddressSanitizer, LeakSanitizer and UBSan report what they
#      should with these compilers and flags (a sanitizer that reports nothing proves nothing);
#   2. the core's unit tests under ASan + LSan + UBSan (clang, -fno-wrapv);
#   3. every libFuzzer target (test/fuzz/*.cpp) for UUIDX_FUZZ_SECONDS (default 10) each,
#      from its seeds (test/fuzz/seeds/TARGET) and the corpus it grew in earlier runs
#      (build/fuzz-corpus/TARGET); UUIDX_FUZZ_SECONDS=600 is the longer run on demand;
#   4. uuidx.so built with UBSan (-fno-wrapv) and the fault switch, installed into this
#      machine's server: the pg_regress suite in both server modes, the faults of
#      sql/faults.sql through the SQL door (a failing random source, failing digests, uuid's
#      btree operators missing for the planner),
#      and a backend made to overflow on purpose, which UBSan must report;
#   5. sqlsmith against that build preloaded, so that the time predicates' planner hook
#      sees every query (test/hardening/sqlsmith.sh): UUIDX_SQLSMITH_SECONDS (default 60);
#      then, in the same server (prepared transactions on), a PREPARE TRANSACTION whose
#      commit horizon lock fails, and one that another library's callback fails after it is
#      durable (test/hardening/prepare_fault.sh).
# It leaves that instrumented build installed: test/run-major.sh installs the product's
# own build again. Ends with "N passed, N failed, N skipped", as test/run-major.sh does.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
source "$(dirname "${BASH_SOURCE[0]}")/lib/roots.sh"
cd "$UUIDX_ROOT"

use_native_major
UUIDX_LABEL=${UUIDX_LABEL:-hardening}
FUZZ_SECONDS=${UUIDX_FUZZ_SECONDS:-10}
SQLSMITH_SECONDS=${UUIDX_SQLSMITH_SECONDS:-60}
FUZZ_CXX=clang++-14
WORK=$UUIDX_ROOT/build/hardening
TREE=$WORK/tree

source "$UUIDX_ROOT/test/lib/tally.sh"
trap 'stop_cluster' EXIT

ensure_unit_dependencies && ensure_dependencies &&
    ensure_packages "$FUZZ_CXX:clang-14" sqlsmith:sqlsmith \
        /usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a:libclang-rt-14-dev ||
    { without_dependencies "sanitizers, fuzzers and faults" $?; finish; exit 1; }

# Sources only: objects of an earlier product build would be taken as up to date.
mkdir -p "$WORK/logs" && copy_sources "$TREE" ||
    { fail "copy of the tree"; finish; exit 1; }
hardening_make() { make -C "$TREE" -f test/hardening.mk -s "$@"; }

# --- 1. the sanitizers are live -----------------------------------------------------------
# A heap overflow, a leak and a signed overflow, each in a program of its own built with the
# unit tests' flags: each must fail and name its error.
sanitizer_canary() {
    local kind=$1 expected=$2 program=$WORK/canary-$1
    cat >"$program.cpp" <<'EOF'
#include <climits>
#include <cstdlib>
#include <cstring>
int main(int argc, char** argv) {
    volatile int index = 16, largest = INT_MAX;
    char* heap = static_cast<char*>(std::malloc(16));
    std::memset(heap, 0, 16);
    if (std::strcmp(argv[argc - 1], "overflow") == 0) return heap[index];
    if (std::strcmp(argv[argc - 1], "leak") == 0) { heap = nullptr; return 0; }
    if (std::strcmp(argv[argc - 1], "undefined") == 0) return largest + 1 == 0;
    std::free(heap);
    return 0;
}
EOF
    "$FUZZ_CXX" -std=c++17 -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-wrapv \
        -o "$program" "$program.cpp" || return 1
    "$program" none || { echo "the clean run failed"; return 1; }
    local output
    if output=$("$program" "$kind" 2>&1); then echo "the $kind run succeeded"; return 1; fi
    grep -q "$expected" <<<"$output" || { echo "$output"; echo "no '$expected' report"; return 1; }
}
run_test "sanitizers report a heap overflow" "$WORK/logs/canary-overflow.log" \
    sanitizer_canary overflow 'AddressSanitizer: heap-buffer-overflow'
run_test "sanitizers report a leak" "$WORK/logs/canary-leak.log" \
    sanitizer_canary leak 'LeakSanitizer: detected memory leaks'
run_test "sanitizers report a signed overflow" "$WORK/logs/canary-undefined.log" \
    sanitizer_canary undefined 'runtime error: signed integer overflow'

# --- 2. the unit tests under ASan, LSan and UBSan ---------------------------------------
sanitized_unit_tests() {
    hardening_make build/unit_tests PG_CONFIG=/bin/false CXX="$FUZZ_CXX" SANITIZERS=address,undefined &&
        ASAN_OPTIONS=detect_leaks=1:strict_string_checks=1 "$TREE/build/unit_tests"
}
run_test "unit tests under ASan + LSan + UBSan (-fno-wrapv)" "$WORK/logs/unit-sanitized.log" sanitized_unit_tests &&
    log "    $(grep -E '^\[  PASSED  \]' "$WORK/logs/unit-sanitized.log")"

# --- 3. libFuzzer targets ---------------------------------------------------------------
# run_fuzzer TARGET: new inputs go to the corpus (the first directory), never to the seeds.
# libFuzzer's own exit status for a finding is 77, the tally's "skipped": it exits 1 instead.
run_fuzzer() {
    local corpus=$UUIDX_ROOT/build/fuzz-corpus/$1
    mkdir -p "$corpus" &&
        "$TREE/build/fuzz/$1" -max_total_time="$FUZZ_SECONDS" -timeout=10 -rss_limit_mb=2048 -error_exitcode=1 \
            -print_final_stats=1 -artifact_prefix="$WORK/crash-$1-" "$corpus" "test/fuzz/seeds/$1"
}
if run_test "fuzz targets build" "$WORK/logs/fuzz-build.log" hardening_make -j2 fuzz-targets PG_CONFIG=/bin/false; then
    for target_source in test/fuzz/*.cpp; do
        target=$(basename "$target_source" .cpp)
        run_test "fuzz $target (${FUZZ_SECONDS} s)" "$WORK/logs/fuzz-$target.log" run_fuzzer "$target" &&
            log "    $(sed -n 's/^stat::number_of_executed_units: */executions: /p' "$WORK/logs/fuzz-$target.log")"
    done
fi

# --- 4. the server with a UBSan build of uuidx and the fault switch -------------------
run_test "UBSan build of uuidx.so with the fault switch" "$WORK/logs/server-build.log" \
    hardening_make -j2 all install PG_CONFIG="$PG_CONFIG" FAULT_INJECTION=1 || { finish; exit 1; }

# no_runtime_errors: UBSan reports nothing in the server's log.
no_runtime_errors() { ! grep -n 'runtime error' "$CLUSTER_DIR/data.log"; }

regress_with_ubsan() {
    make -C "$TREE" -s installcheck PG_CONFIG="$PG_CONFIG" || { head -60 "$TREE/regression.diffs"; return 1; }
    no_runtime_errors
}

# sql/faults.sql, a pg_regress file that only this build can run.
faults_through_sql() {
    hardening_make installcheck PG_CONFIG="$PG_CONFIG" FAULT_INJECTION=1 REGRESS=faults ||
        { head -60 "$TREE/regression.diffs"; return 1; }
    no_runtime_errors
}

# The switch's undefined_behavior fault overflows a signed int inside the core: with
# -fno-sanitize-recover, UBSan must report it and end that backend (the server recovers).
ubsan_reports_in_the_server() {
    psql_quiet -c 'CREATE DATABASE faults' && psql_quiet -d faults -c 'CREATE EXTENSION uuidx' \
        -c "CREATE FUNCTION uuidx_inject_fault(fault text) RETURNS void AS 'uuidx', 'uuidx_inject_fault' LANGUAGE C STRICT" ||
        return 1
    psql_quiet -d faults -c "SELECT uuidx_inject_fault('undefined_behavior')" \
        -c "SELECT uuidv5(uuid_namespace('dns'), 'www.example.com')" && { echo "the backend survived"; return 1; }
    grep -q 'runtime error: signed integer overflow' "$CLUSTER_DIR/data.log" || { echo "UBSan reported nothing"; return 1; }
    local attempt
    for attempt in $(seq 1 30); do
        psql_quiet -d faults -Atc 'SELECT 1' >/dev/null 2>&1 && return 0
        sleep 1
    done
    echo "the server did not recover"
    return 1
}

for mode in session preloaded; do
    if [ "$mode" = preloaded ]; then
        start_cluster "shared_preload_libraries = 'uuidx'" "max_prepared_transactions = 4" ||
            { fail "cluster ($mode)"; continue; }
    else
        start_cluster || { fail "cluster ($mode)"; continue; }
    fi
    run_test "pg_regress ($mode) against uuidx.so built with UBSan" "$WORK/logs/regress-$mode.log" \
        regress_with_ubsan
    if [ "$mode" = session ]; then
        run_test "faults: a failing random source, failing digests, uuid operators missing" "$WORK/logs/faults.log" faults_through_sql &&
            run_test "UBSan reports a signed overflow inside the server" "$WORK/logs/ubsan-server.log" \
                ubsan_reports_in_the_server
    else
        run_test "sqlsmith against the time predicates' planner hook (${SQLSMITH_SECONDS} s)" "$WORK/logs/sqlsmith.log" \
            bash test/hardening/sqlsmith.sh "$SQLSMITH_SECONDS"
        run_test "faults: PREPARE TRANSACTION whose commit horizon lock fails" "$WORK/logs/prepare-fault.log" \
            bash test/hardening/prepare_fault.sh horizon_lock_fails
        run_test "faults: another library's callback fails after the PREPARE is durable: the prepared transaction holds" \
            "$WORK/logs/prepare-event-fault.log" bash test/hardening/prepare_fault.sh prepare_event_fails prepared
    fi
    cp "$CLUSTER_DIR/data.log" "$WORK/logs/server-$mode.log"
    stop_cluster
done

finish
