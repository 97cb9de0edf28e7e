#!/usr/bin/env bash
# Every test of uuidx, on a fresh Debian 12 machine or an old one, on every supported
# PostgreSQL major it can get (test/lib/roots.sh lists them; PG_MAJOR=NN runs one alone):
# installs what is missing, runs the core's unit tests and the checks of the source
# (test/run-source.sh) once, then test/run-major.sh per major, on this machine for its own
# suite's major and in a debootstrapped root file system for the others. Sanitizers,
# fuzzers and faults (test/run-hardening.sh) and the release as users get it
# (test/run-release.sh) run once, on this machine's major, beside the majors of the root
# file systems (below). Every count comes from one tally (test/lib/tally.sh).
# Every result line names its major; the last line adds them all up:
# "N passed, N failed, N skipped".
# PG_MAJOR=NN runs that major's stage alone (and the unit tests); UUIDX_STAGES=all adds the
# once-only stages (source, hardening, release, package) to it.
set -u
REQUESTED_MAJOR=${PG_MAJOR:-}
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
source "$(dirname "${BASH_SOURCE[0]}")/lib/roots.sh"
run_from_writable_checkout test/run-tests.sh "$@"
cd "$UUIDX_ROOT"
mkdir -p build  # logs of this run; build/pgNN/ for each major run in a root

source "$UUIDX_ROOT/test/lib/tally.sh"

if [ -n "$REQUESTED_MAJOR" ]; then
    suite_of_major "$REQUESTED_MAJOR" >/dev/null ||
        { log "PostgreSQL $REQUESTED_MAJOR is not supported: $(major_numbers | tr '\n' ' ')"; exit 2; }
    MAJORS=("$REQUESTED_MAJOR")
else
    mapfile -t MAJORS < <(major_numbers)
fi
OLDEST_MAJOR=$(major_numbers | head -1)

# --- unit tests of the core: one count per GoogleTest test, once for all majors ----------
if ensure_unit_dependencies; then
    log "unit tests"
    make -s unit PG_CONFIG=/bin/false >build/unit.log 2>&1
    unit_status=$?
    unit_ok=$(grep -c '^\[       OK \]' build/unit.log)
    unit_failed=$(grep -c '^\[  FAILED  \] [A-Za-z].*(' build/unit.log)
    PASSED=$((PASSED + unit_ok))
    FAILED=$((FAILED + unit_failed))
    grep '^\[  FAILED  \] [A-Za-z].*(' build/unit.log | sed 's/^/    /' >&2
    [ "$unit_failed" -eq 0 ] || FAILURES+=("unit tests: see build/unit.log")
    if [ "$unit_status" -ne 0 ] && [ "$unit_failed" -eq 0 ]; then tail -20 build/unit.log >&2; fail "unit tests did not run"; fi
    log "unit: $unit_ok passed, $unit_failed failed"
else
    without_dependencies "unit tests" $?
fi

# --- once: the checks of the source tree (test/run-source.sh); then, on this machine's own
# major, sanitizers, fuzzers and injected faults
# (test/run-hardening.sh), and the release as users get it (test/run-release.sh: META.json,
# make dist, the unpacked archive, clients). Both install a build of their own into this
# machine's server: they run after its test/run-major.sh. Then the Debian package of the oldest major,
# built in its suite's root and installed in a fresh one (test/run-packages.sh).
run_once() {
    local name=$1 log_file=build/$1.log
    bash "test/run-$name.sh" 2>&1 | tee "$log_file" | label_counts "$name"
    add_counts "$log_file" || fail "[$name] run ended without its counts (see $log_file)"
}

# The dumps of DUMP_MAJORS (test/lib/roots.sh), each restored by every newer major
# (test/cross-major/dump_restore.sh): DUMP_DIR/pgNN, made by NN's run, copied into the roots.
DUMP_DIR=$UUIDX_ROOT/build/dump
rm -rf "$DUMP_DIR" && mkdir -p "$DUMP_DIR"

# run_native MAJOR: the major of this machine's own suite.
run_native() {
    local major=$1 log_file=build/pg$1.log
    env PG_MAJOR="$major" PG_CONFIG="/usr/lib/postgresql/$major/bin/pg_config" UUIDX_LABEL="pg$major" \
        UUIDX_DUMP_DIR="$DUMP_DIR" bash test/run-major.sh 2>&1 | tee "$log_file" | label_counts "pg$major"
    add_counts "$log_file" || fail "[pg$major] run ended without its counts (see $log_file)"
}

# run_in_root MAJOR: the major of another suite, in that suite's root file system
# (test/lib/roots.sh); its logs are copied back to build/pgNN, and a dump it made to DUMP_DIR.
trap 'leave_root' EXIT
run_in_root() {
    local major=$1 status log_file=build/pg$1.log
    enter_root "$major" "$DUMP_DIR"
    status=$?
    if [ "$status" -eq 2 ]; then skip "[pg$major] every test of PostgreSQL $major" "no Debian suite carries it"; return; fi
    if [ "$status" -eq "$EXIT_UNREACHABLE" ]; then without_dependencies "[pg$major] every test of PostgreSQL $major" "$status"; return; fi
    [ "$status" -eq 0 ] || { leave_root; fail "[pg$major] root file system of $(suite_of_major "$major")"; return; }
    in_root "$ENTERED_ROOT" PG_MAJOR="$major" UUIDX_LABEL="pg$major" UUIDX_DUMP_DIR=/build/dump \
        bash /build/uuidx/test/run-major.sh 2>&1 | tee "$log_file" | label_counts "pg$major"
    rm -rf "build/pg$major" && cp -r "$ENTERED_ROOT/build/uuidx/build" "build/pg$major"
    [ ! -d "$ENTERED_ROOT/build/dump/pg$major" ] || cp -r "$ENTERED_ROOT/build/dump/pg$major" "$DUMP_DIR/"
    leave_root
    add_counts "$log_file" || fail "[pg$major] run ended without its counts (see $log_file)"
}

# run_roots MAJOR...: run_in_root for each, in order, as a sub-run of its own whose counts
# and failures (finish) go to build/roots-counts.log, for add_counts.
run_roots() {
    PASSED=0 FAILED=0 SKIPPED=0 FAILURES=() SECONDS=0 UUIDX_LABEL=roots
    trap 'leave_root' EXIT
    local major
    for major in "$@"; do run_in_root "$major"; done
    finish >build/roots-counts.log
    label_counts roots <build/roots-counts.log
}

# The order: the native major first (its build is the one the once-only stages replace with
# their own, and its dump is restored by the newer majors), then the once-only stages on
# this machine beside the majors of the root file systems, which need neither. Most of a
# stage is waiting (servers starting and stopping, TAP's polls, apt): on 2 cores the two
# streams take some 60% of the time of one after the other. The roots' stream writes to
# build/roots.log, shown whole when both are done.
ONCE_ONLY=""
[ -z "$REQUESTED_MAJOR" ] || [ "${UUIDX_STAGES:-}" = all ] && ONCE_ONLY=1
[ -z "$ONCE_ONLY" ] || run_once source
ROOT_MAJORS=()
for major in "${MAJORS[@]}"; do
    if major_is_native "$major"; then run_native "$major"; else ROOT_MAJORS+=("$major"); fi
done
roots_pid=""
if [ ${#ROOT_MAJORS[@]} -gt 0 ]; then
    if [ -n "$ONCE_ONLY" ]; then
        log "PostgreSQL ${ROOT_MAJORS[*]} in their root file systems, beside the once-only stages (build/roots.log)"
        ( run_roots "${ROOT_MAJORS[@]}" ) >build/roots.log 2>&1 &
        roots_pid=$!
    else
        ( run_roots "${ROOT_MAJORS[@]}" ) 2>&1 | tee build/roots.log
    fi
fi
if [ -n "$ONCE_ONLY" ]; then
    run_once hardening
    run_once release
    UUIDX_PACKAGE_MAJORS=$OLDEST_MAJOR run_once packages  # `make deb` builds and tests every major's
fi
if [ -n "$roots_pid" ]; then
    wait "$roots_pid"
    log "PostgreSQL ${ROOT_MAJORS[*]}, as run beside the once-only stages:"
    cat build/roots.log
fi
[ ${#ROOT_MAJORS[@]} -eq 0 ] || add_counts build/roots-counts.log ||
    fail "[roots] run ended without its counts (see build/roots.log)"

finish
