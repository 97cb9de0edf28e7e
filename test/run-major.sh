#!/usr/bin/env bash
# The tests of uuidx that depend on the PostgreSQL major (PG_MAJOR), on a machine (or root
# file system) whose suite carries it: builds with clang++ and with g++ (warnings are
# errors), installs, then runs the pg_regress suite and the integration tests against
# throwaway clusters, once with the library loaded per session and once preloaded, then
# the demo's SQL and the exact rollups' recipe on the preloaded one (test/demo_check.sh,
# test/rollup_check.sh; pg_cron is preloaded there too where the major has 1.5), the tests
# of servers of their own (test/tap on PostgreSQL::Test::Cluster: crashes and clock steps;
# test/server: memory; on the oldest major, test/demo.sh itself), on 18 the frameworks
# applications declare keys in (test/frameworks), and the cross-major tests. test/run-tests.sh runs it once per
# major; it ends with "N passed, N failed, N skipped", which that script adds up.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
source "$(dirname "${BASH_SOURCE[0]}")/lib/roots.sh"
cd "$UUIDX_ROOT"
mkdir -p build  # logs of this run

source "$UUIDX_ROOT/test/lib/tally.sh"
trap 'stop_cluster' EXIT

ensure_dependencies && ensure_packages prove:perl /usr/share/perl5/IPC/Run.pm:libipc-run-perl \
        faketime:faketime /usr/sbin/pgbouncer:pgbouncer ||
    { without_dependencies "every test of PostgreSQL $PG_MAJOR" $?; finish; exit 1; }
ensure_peer_packages "$PG_MAJOR"  # a peer it could not fetch: the tests that need it skip (require_peer)
log "PostgreSQL $("$PG_CONFIG" --version | sed 's/^PostgreSQL //'), $(g++ --version | head -1), $(clang++ --version 2>/dev/null | head -1)"

# Both compilers of the suite, -Werror kept; the g++ build is the one installed.
command -v clang++ >/dev/null && run_test "build (clang++)" build/build-clang.log build_and_install CXX=clang++
run_test "build (g++)" build/build-gcc.log build_and_install || { finish; exit 1; }

# --- pg_regress: one count per test file --------------------------------------------------
# run_regress MODE: runs the suite against the current cluster: REGRESS, then ISOLATION
# (isolationtester's specs), whose differences are in output_iso/.
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
        FAILURES+=("${UUIDX_LABEL:+[$UUIDX_LABEL] }pg_regress ($mode): see build/regression-$mode.diffs, build/isolation-$mode.diffs")
        head -80 regression.diffs output_iso/regression.diffs 2>/dev/null >&2
    fi
    [ -f regression.diffs ] && cp regression.diffs "build/regression-$mode.diffs"
    [ -f output_iso/regression.diffs ] && cp output_iso/regression.diffs "build/isolation-$mode.diffs"
    # pg_regress stops at a file it cannot compare (no expected output): not a pass.
    if [ "$status" -ne 0 ] && [ "$bad" -eq 0 ]; then tail -5 "$log_file" >&2; fail "pg_regress ($mode) did not finish"; fi
    log "pg_regress ($mode): $ok passed, $bad failed"
}

# Every regression file also passes alone, in a database of its own (as a newcomer runs
# `make installcheck REGRESS=inspect`): no file depends on another having run first.
each_regression_file_alone() {
    local name failed=()
    for name in $(make -s --no-print-directory print-REGRESS PG_CONFIG="$PG_CONFIG"); do
        make -s installcheck PG_CONFIG="$PG_CONFIG" REGRESS="$name" ISOLATION= >/dev/null 2>&1 ||
            { failed+=("$name"); cat regression.diffs; }
    done
    [ ${#failed[@]} -eq 0 ] || { echo "failed alone: ${failed[*]}"; return 1; }
}

# --- integration tests: each test/integration/*.sh is one test, run with UUIDX_MODE=MODE
# and the cluster's PG* environment; one that exits 77 could not run here (a peer is not
# packaged for this major) and is a skip.
run_integration() {
    local mode=$1 script
    for script in test/integration/*.sh; do
        run_test "integration ($mode) $(basename "$script" .sh)" "build/integration-$mode-$(basename "$script" .sh).log" \
            env UUIDX_MODE="$mode" bash "$script"
    done
}

# --- uuidx_sql, the SQL edition (docs/managed.md): once per major, in the cluster where uuidx
# is not preloaded, as on a managed service: its regression files (its own, and the
# differential against uuidx), then each test/sql_edition/*.sh (both ways to install it,
# its catalog against uuidx's, keys of concurrent sessions), one test each.
sql_edition_regress() {  # sql_edition_regress NAME: one pg_regress file, its differences shown
    make -s installcheck PG_CONFIG="$PG_CONFIG" REGRESS="$1" ISOLATION= || { cat regression.diffs 2>/dev/null; return 1; }
}
run_sql_edition() {
    local name script
    for name in $(make -s --no-print-directory print-SQL_EDITION_REGRESS PG_CONFIG="$PG_CONFIG"); do
        run_test "uuidx_sql: $name" "build/sql-edition-$name.log" sql_edition_regress "$name"
    done
    for script in test/sql_edition/*.sh; do
        run_test "uuidx_sql: $(basename "$script" .sh)" "build/sql-edition-$(basename "$script" .sh).log" \
            env PG_BIN="$PG_BIN" bash "$script"
    done
}

# The preloaded cluster's settings: uuidx, and beside it pg_cron where the major has 1.5 or
# later (schedules in seconds), which runs the exact rollups' refresh every second
# (test/rollup_check.sh). Its launcher waits in the postgres database until a test creates
# the extension there, and starts a background worker per job run: room for those beside
# the parallel workers. pg_cron older than 1.5 (PostgreSQL 15's) is not loaded: that test
# calls the refresh itself.
preloaded_settings=("shared_preload_libraries = 'uuidx'")
if [ -f "$("$PG_CONFIG" --pkglibdir)/pg_cron.so" ] && at_least_version 1.5 "$(peer_version pg_cron)"; then
    preloaded_settings=("shared_preload_libraries = 'uuidx,pg_cron'" "cron.database_name = 'postgres'"
        "cron.use_background_workers = on" "max_worker_processes = 16")
fi

for mode in session preloaded; do
    log "cluster: library $( [ "$mode" = preloaded ] && echo "in shared_preload_libraries" || echo "loaded per session")"
    if [ "$mode" = preloaded ]; then
        log "preloaded: ${preloaded_settings[*]}"
        start_cluster "${preloaded_settings[@]}" || { fail "cluster ($mode)"; continue; }
    else
        start_cluster || { fail "cluster ($mode)"; continue; }
    fi
    run_regress "$mode"
    [ "$mode" = session ] && run_test "every regression file alone" build/regress-alone.log each_regression_file_alone
    [ "$mode" = session ] && run_sql_edition
    run_integration "$mode"
    # The README's main command's SQL, whose every claim checks itself (test/demo_check.sh).
    if [ "$mode" = preloaded ]; then
        run_test "the demo (test/demo.sql): every claim true, each step within 24 lines of 80 columns" \
            build/demo-claims.log bash test/demo_check.sh claims
        run_test "the demo fails, naming step 3, with uuidx.time_predicates off" \
            build/demo-broken.log bash test/demo_check.sh broken
        # docs/consumers.md's exact rollup, as printed, beside late-committing writers for 24 s,
        # refreshed every second by pg_cron (by the test where pg_cron is older than 1.5): it
        # equals a full recount, where the naive one loses rows. A skip without pg_cron (19).
        run_test "exact rollups (sql/include/rollup.sql): equal to a recount under late commits, where id > last loses rows" \
            build/rollup.log bash test/rollup_check.sh
    fi
    stop_cluster
done

# --- tests of servers of their own ---------------------------------------------------------
# test/tap/*.pl on PostgreSQL's own framework (PostgreSQL::Test::Cluster, run by
# test/tap/run.sh with prove as the server user, from a copy of the tree it can read), one
# count per TAP result; then each test/server/*.sh.
run_tap() {
    local log_file=build/tap.log status ok bad skipped
    bash test/tap/run.sh >"$log_file" 2>&1
    status=$?
    ok=$(grep -cE '^ok [0-9]+' "$log_file")
    # A skipped result, or a whole file skipped, is a skip: skip_all prints "1..0 # SKIP why",
    # which prove -v shows as "NAME.pl .. skipped: why".
    skipped=$(( $(grep -cE '^ok [0-9]+ .*# skip' "$log_file") + $(grep -cE '^(1\.\.0 # SKIP|[^ ]+\.pl \.+ skipped: )' "$log_file") ))
    bad=$(grep -cE '^not ok [0-9]+' "$log_file")
    ok=$((ok - $(grep -cE '^ok [0-9]+ .*# skip' "$log_file")))
    PASSED=$((PASSED + ok))
    SKIPPED=$((SKIPPED + skipped))
    FAILED=$((FAILED + bad))
    grep -E '^(not ok|ok [0-9]+ .*# skip|1\.\.0 # SKIP|[^ ]+\.pl \.+ skipped: )' "$log_file" | sed 's/^/    [tap] /' >&2
    if [ "$bad" -gt 0 ] || [ "$status" -ne 0 ]; then
        tail -60 "$log_file" >&2
        [ "$bad" -gt 0 ] && FAILURES+=("${UUIDX_LABEL:+[$UUIDX_LABEL] }TAP tests: see build/tap.log") ||
            fail "TAP tests did not finish (see build/tap.log)"
    fi
    log "TAP (test/tap): $ok passed, $bad failed, $skipped skipped"
}
run_tap
# The same from a checkout as a root user makes one (test/checkout_layouts.sh), once, on the
# oldest major: the server user can enter none of it, and its path has spaces.
if [ "$PG_MAJOR" = "$(major_numbers | head -1)" ]; then
    run_test "TAP from a checkout the server user cannot enter (mode 700, spaces in its path)" \
        build/layout-tap.log bash test/checkout_layouts.sh tap
    run_test "a regression file from a read-only checkout (mode 700, spaces in its path)" \
        build/layout-read-only.log bash test/checkout_layouts.sh read-only
    # The README's first command as a newcomer runs it: a build, a server of its own, the
    # demo, and psql on the demo database under a terminal.
    run_test "bash test/demo.sh under a terminal ends in psql on the demo database" \
        build/demo-terminal.log bash test/demo_check.sh terminal
fi
for script in test/server/*.sh; do
    run_test "server $(basename "$script" .sh)" "build/server-$(basename "$script" .sh).log" bash "$script"
done

# --- the frameworks applications declare keys in (test/frameworks): Django, SQLAlchemy with
# Alembic, ActiveRecord, Drizzle and TypeORM, each one result, and docs/frameworks.md's blocks
# checked against their files; on PostgreSQL 18 only, in sid's root, which carries them
# (SUITE_PACKAGES in test/lib/roots.sh); a framework not installed is a skip.
if [ "$PG_MAJOR" = 18 ]; then
    if start_cluster "shared_preload_libraries = 'uuidx'"; then
        for framework in django sqlalchemy rails drizzle typeorm; do
            run_test "framework $framework" "build/framework-$framework.log" \
                env PATH="$PG_BIN:$PATH" bash test/frameworks/run.sh "$framework"
        done
        run_test "docs/frameworks.md is the tested code" build/framework-docs.log bash test/frameworks/run.sh docs
        stop_cluster
    else
        fail "frameworks: no cluster"
    fi
fi

# --- a database moved between majors: dumped on each of DUMP_MAJORS (test/lib/roots.sh),
# restored on every newer one. test/run-tests.sh sets UUIDX_DUMP_DIR, where the dump of NN
# is pgNN/; a dump this run needs and does not find is a skip (PG_MAJOR=NN alone).
if [ -n "${UUIDX_DUMP_DIR:-}" ]; then
    if start_cluster; then
        for dumped in "${DUMP_MAJORS[@]}"; do
            label="dump_restore (restores the $dumped dump)"
            if [ "$dumped" = "$PG_MAJOR" ]; then
                run_test "dump_restore (dumps for the newer majors)" "build/dump_restore-dump.log" \
                    bash test/cross-major/dump_restore.sh dump "$UUIDX_DUMP_DIR/pg$dumped"
            elif [ "$dumped" -lt "$PG_MAJOR" ] && [ -f "$UUIDX_DUMP_DIR/pg$dumped/uuidx.sql" ]; then
                run_test "$label" "build/dump_restore-from-$dumped.log" \
                    bash test/cross-major/dump_restore.sh restore "$UUIDX_DUMP_DIR/pg$dumped"
            elif [ "$dumped" -lt "$PG_MAJOR" ]; then
                skip "$label" "it needs the PostgreSQL $dumped run first: run without PG_MAJOR"
            fi
        done
        stop_cluster
    else
        fail "dump_restore: no cluster"
    fi
fi

# --- pg_upgrade from an older major whose server this root also has -------------------
for old in $(upgrade_sources_of "$PG_MAJOR"); do
    label="pg_upgrade (from $old)"
    if [ -x "/usr/lib/postgresql/$old/bin/postgres" ]; then
        run_test "$label" "build/pg_upgrade-$old.log" bash test/cross-major/pg_upgrade.sh "$old" "$PG_MAJOR"
    else
        fail "$label: PostgreSQL $old is not installed here"
    fi
done

finish
