#!/usr/bin/env bash
# The benchmark command (make bench): on one throwaway server, every UUID generator it has
# (core, uuidx, pg_uuidv7, TimescaleDB, uuid-ossp) and a bigint identity, measured three
# ways: the cost per call over an empty loop (test/bench.sql; also uuidx's text forms and
# public ids, per key, next to TypeID encoding in PL/pgSQL), single-statement inserts
# into a table keyed by each (time, WAL, primary key size, density and fragmentation;
# test/bench/insert.sql), and pgbench with 4 clients inserting single rows. Then the time
# questions asked of v7 keys: time windows over a year of keys by every predicate form,
# with uuidx's hook on and off (test/bench/time_windows.sql), every time question (window
# counts and sums, a window's rows, latest and first rows, min/max, per-hour counts, a join,
# keyset pages) asked of the key by the function call, a view column and 18's virtual
# column against a stored, indexed created_at (test/bench/time_stored.sql), the planning
# overhead of uuidx's hooks on queries they do not touch, of a plain table, a partitioned
# table and a foreign table (test/bench/plan_overhead.sql), and BRIN against btree
# (test/bench/brin.sql). Then every shape of time question timed with uuidx's time
# predicates on and off (test/bench/on_off.sql): narrow and wide windows, one- and
# two-sided, of constants and of now(), counts, sums, rows and orderings by time, asked of
# the function call, a view column and 18's virtual column, of a plain and a partitioned
# table, serially and in parallel. Prints the markdown tables of docs/performance.md and
# writes them, with a plot, to build/bench/pgMAJOR.{md,png}. Machines are shared and noisy:
# every figure is a median of interleaved repetitions, and ratios measured in one run are
# what to compare.
#
# PG_MAJOR (default 18) picks the server: this machine's own major runs here, the others
# in their root file system (test/lib/roots.sh), where Debian packages the peers.
#   BENCH_CALLS (1000000) calls per timed loop, BENCH_CALL_REPETITIONS (7) of each;
#   BENCH_INSERT_ROWS (1000000) rows per insert, BENCH_REPETITIONS (3) of each key, and
#   BENCH_RATIO_REPETITIONS (5) for bigint identity and uuidx's v7, whose ratio is reported;
#   BENCH_PGBENCH_SECONDS (20) per key; BENCH_MIGRATION_PARENTS (0: skipped) customers for
#   a timing of the v4 -> v7 migration guide (sql/include/migration_steps.sql);
#   BENCH_TIME_ROWS (10000000; 0: the time questions are skipped) v7 keys over a year for the
#   time windows, the stored created_at's copy of them and BRIN, BENCH_TIME_REPETITIONS (7)
#   of each window or question and form; BENCH_TIME_ONLY (0; 1: only the time questions,
#   without the generators' measurements and the plot);
#   BENCH_HORIZON_ROUNDS (5; 0: skipped) rounds of the commit horizon's costs, each on the
#   server restarted with uuidx.commit_horizon on and off (test/bench/horizon.sql), and
#   BENCH_HORIZON_ONLY (0; 1: only those);
#   BENCH_READERS_ROUNDS (3; 0: skipped) rounds of the commit horizon's readers: for 1, 8 and
#   32 pollers (pgbench, one uuidx_commit_horizon() a transaction) BENCH_READERS_SECONDS (6)
#   each, beside a two-phase writer (INSERT, PREPARE TRANSACTION, COMMIT PREPARED, 20 a
#   second): the reads' latency p50/p99 and rate, the two-phase writes' p50/p99, and the share
#   of samples of pg_stat_activity (every 5 ms) in which a poller waited on the lock
#   'uuidx commit horizon' (test/bench/readers_*.sql); BENCH_READERS_ONLY (0; 1: only those);
#   BENCH_READERS_BASELINE (unset; a git revision, with BENCH_READERS_ONLY=1) runs every round
#   with that revision's library too, installed in its place, the server restarted with each
#   library, the tree's restored after (issue 58: readers that queue, before and after);
#   BENCH_SOAK_SECONDS (180; 0: skipped) of the commit horizon's soak, on a server of its own
#   (test/bench/horizon_soak.pl: writers, prepared transactions, terminations and a restart
#   beside a horizon consumer; the benchmark fails where the consumer missed a row or read
#   one twice, or a holder outlived its transaction), and BENCH_SOAK_ONLY (0; 1: only that);
#   BENCH_CONSUMER_SECONDS (12; 0: skipped) of each scenario of the consumers beside their
#   peers, on a server of its own (test/bench/consumers.pl: uuidx's horizon, the xid8 recipe,
#   PgQ and the naive poll reading what the same writers write; plain, a bystander, a long
#   transaction that made a key, two-phase writers, consumers and the server restarted,
#   throughput; the benchmark fails where the horizon, xid8 or PgQ consumer missed a row or
#   read one twice), BENCH_CONSUMER_COST_ROUNDS (3) rounds of BENCH_CONSUMER_COST_SECONDS (8)
#   for each writer's cost, and BENCH_CONSUMERS_ONLY (0; 1: only those, with their plot of
#   the bystander's lags, build/bench/consumers-pgMAJOR.png; about 4 minutes);
#   BENCH_SHARD_ROWS (300000; 0: skipped) v7 keys on one server and on three hash shards
#   of a postgres_fdw coordinator, asked in one session (test/bench/shards.pl), BENCH_SHARD_REPETITIONS (7);
#   BENCH_CITUS_ROWS (300000; 0: skipped) v7 keys on one server and on a Citus coordinator
#   with two workers (test/bench/citus.pl; where Citus is installed for the major, else a
#   line of the report says why not), BENCH_CITUS_REPETITIONS (7);
#   BENCH_PLAN_ROUNDS (54: six times the nine rounds in which every shape and session takes
#   every place; about the time 300 rounds of the plain table alone took) rounds of
#   BENCH_PLAN_QUERIES (100) plannings of each of the 3 shapes in each of the 3 sessions for
#   the planning overhead, and BENCH_PLAN_ONLY (0; 1: only the planning overhead, in two
#   small databases of its own, without the time questions' tables; under a minute);
#   BENCH_PLAN_BASELINE (unset; a git revision, with BENCH_PLAN_ONLY=1) adds a fourth session,
#   uuidx's hooks on with the library built from that revision (its sources exported with git
#   on this machine, a root's major included, and built with the tree's PG_CONFIG), and
#   reports each shape's tree's library minus the baseline's against 0.3 µs (issue 48); no
#   library is preloaded then, each session loads its own (session_preload_libraries), and
#   BENCH_PLAN_ROUNDS defaults to 48, four times the twelve rounds in which every shape and
#   session takes every place; after the rounds, uuidx's hooks are counted in instructions
#   per planning of each shape with each library (callgrind, valgrind installed where
#   missing: count_hook_instructions), and the report gives their difference and its
#   estimate in µs against 0.3 µs;
#   BENCH_BRIN_ROUNDS (3) builds of each index, after each of which each window runs
#   BENCH_BRIN_REPETITIONS (3) times;
#   BENCH_HASH_PARTITIONS (8) partitions of the hash-partitioned table of the time questions
#   (docs/many-cores.md) and of the inserts from many clients;
#   BENCH_CLIENTS (the machine's cores) pgbench clients inserting 100 rows a statement for
#   BENCH_CLIENT_SECONDS (15) into each key's table, empty (shared_buffers 2GB) and holding BENCH_CLIENT_PREFILL
#   (2000000) rows with shared_buffers 64MB, in BENCH_CLIENT_ROUNDS (3; 0: skipped) rounds,
#   and BENCH_CLIENTS_ONLY (0; 1: only those);
#   BENCH_ONOFF_ROWS (1000000; 0: skipped) v7 keys over 30 days, in a plain and in a
#   partitioned table, for the time predicates on against off, BENCH_ONOFF_REPETITIONS (7)
#   rounds of every case, and BENCH_ONOFF_ONLY (0; 1: only those, without the generators'
#   measurements and the time questions' tables; about 6 minutes on 15 and 8 on 18, the
#   build included);
#   BENCH_SQL_EDITION_INSERT_ROUNDS (3; 0: skipped) rounds of inserts of BENCH_INSERT_ROWS rows
#   keyed by uuidx_sql's uuid_generate_v7() and by what it is compared with (gen_random_uuid(),
#   uuidx's, the two home-made techniques), after their cost per call (BENCH_CALLS,
#   BENCH_CALL_REPETITIONS), and BENCH_SQL_EDITION_TIME_ROWS (1000000) v7 keys whose time
#   questions are asked with each edition's window operator (BENCH_TIME_REPETITIONS), on a
#   server of its own where uuidx is not preloaded (test/bench/sql_edition.sql), and
#   BENCH_SQL_EDITION_ONLY (0; 1: only those; about 6 minutes).
set -u
PG_MAJOR=${PG_MAJOR:-18}
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
source "$(dirname "${BASH_SOURCE[0]}")/lib/roots.sh"
run_from_writable_checkout test/bench.sh "$@"
cd "$UUIDX_ROOT"

CALLS=${BENCH_CALLS:-1000000}
CALL_REPETITIONS=${BENCH_CALL_REPETITIONS:-7}
ROWS=${BENCH_INSERT_ROWS:-1000000}
REPETITIONS=${BENCH_REPETITIONS:-3}
RATIO_REPETITIONS=${BENCH_RATIO_REPETITIONS:-5}
PGBENCH_SECONDS=${BENCH_PGBENCH_SECONDS:-20}
MIGRATION_PARENTS=${BENCH_MIGRATION_PARENTS:-0}
TIME_ROWS=${BENCH_TIME_ROWS:-10000000}
TIME_ONLY=${BENCH_TIME_ONLY:-0}
HORIZON_ROUNDS=${BENCH_HORIZON_ROUNDS:-5}
HORIZON_ONLY=${BENCH_HORIZON_ONLY:-0}
SOAK_SECONDS=${BENCH_SOAK_SECONDS:-180}
SOAK_ONLY=${BENCH_SOAK_ONLY:-0}
CONSUMER_SECONDS=${BENCH_CONSUMER_SECONDS:-12}
CONSUMER_COST_ROUNDS=${BENCH_CONSUMER_COST_ROUNDS:-3}
CONSUMER_COST_SECONDS=${BENCH_CONSUMER_COST_SECONDS:-8}
CONSUMERS_ONLY=${BENCH_CONSUMERS_ONLY:-0}
TIME_REPETITIONS=${BENCH_TIME_REPETITIONS:-7}
SHARD_ROWS=${BENCH_SHARD_ROWS:-300000}
SHARD_REPETITIONS=${BENCH_SHARD_REPETITIONS:-7}
CITUS_ROWS=${BENCH_CITUS_ROWS:-300000}
CITUS_REPETITIONS=${BENCH_CITUS_REPETITIONS:-7}
PLAN_BASELINE=${BENCH_PLAN_BASELINE:-}
READERS_BASELINE=${BENCH_READERS_BASELINE:-}
READERS_ROUNDS=${BENCH_READERS_ROUNDS:-3}
READERS_SECONDS=${BENCH_READERS_SECONDS:-6}
READERS_ONLY=${BENCH_READERS_ONLY:-0}
# The one baseline revision a part compares the tree's library with (BENCH_PLAN_BASELINE or
# BENCH_READERS_BASELINE: one at a time).
BASELINE=${PLAN_BASELINE:-$READERS_BASELINE}
PLAN_ROUNDS=${BENCH_PLAN_ROUNDS:-$([ -n "$PLAN_BASELINE" ] && echo 48 || echo 54)}
PLAN_QUERIES=${BENCH_PLAN_QUERIES:-100}
PLAN_ONLY=${BENCH_PLAN_ONLY:-0}
BRIN_ROUNDS=${BENCH_BRIN_ROUNDS:-3}
BRIN_REPETITIONS=${BENCH_BRIN_REPETITIONS:-3}
ONOFF_ROWS=${BENCH_ONOFF_ROWS:-1000000}
ONOFF_REPETITIONS=${BENCH_ONOFF_REPETITIONS:-7}
ONOFF_ONLY=${BENCH_ONOFF_ONLY:-0}
HASH_PARTITIONS=${BENCH_HASH_PARTITIONS:-8}
CLIENTS=${BENCH_CLIENTS:-$(nproc)}
CLIENT_SECONDS=${BENCH_CLIENT_SECONDS:-15}
CLIENT_PREFILL=${BENCH_CLIENT_PREFILL:-2000000}
CLIENT_ROUNDS=${BENCH_CLIENT_ROUNDS:-3}
CLIENTS_ONLY=${BENCH_CLIENTS_ONLY:-0}
SQL_EDITION_INSERT_ROUNDS=${BENCH_SQL_EDITION_INSERT_ROUNDS:-3}
SQL_EDITION_TIME_ROWS=${BENCH_SQL_EDITION_TIME_ROWS:-1000000}
SQL_EDITION_ONLY=${BENCH_SQL_EDITION_ONLY:-0}
OUT_DIR=$UUIDX_ROOT/build/bench
REPORT=$OUT_DIR/pg$PG_MAJOR.md
# BASELINE's sources (src/), the commit they are of (commit) and its build's log.
BASELINE_DIR=$OUT_DIR/baseline

# The yardstick of the same run: one clock read and uuidx's v7 without PostgreSQL
# (test/bench/core_cost.cpp). Sets CLOCK_READ_NS and CORE_V7_NS.
measure_core() {
    "${CXX:-g++}" -std=c++17 -O2 -Isrc/core -o "$OUT_DIR/core_cost" test/bench/core_cost.cpp src/core/*.cpp \
        -lcrypto || return 1
    local output
    output=$("$OUT_DIR/core_cost") || return 1
    CLOCK_READ_NS=$(awk '$1 == "clock_read_ns" { print $2 }' <<<"$output")
    CORE_V7_NS=$(awk '$1 == "core_v7_ns" { print $2 }' <<<"$output")
}

# Single-statement inserts, round by round so that every key sees the same conditions:
# all keys in the first REPETITIONS rounds, the compared pair alone in the rounds after.
measure_inserts() {
    local keys ratio_keys round position
    keys=$(psql_quiet -At -c 'SELECT position FROM bench_candidate WHERE key_column IS NOT NULL ORDER BY position')
    ratio_keys=$(psql_quiet -At -c 'SELECT position FROM bench_candidate WHERE in_ratio ORDER BY position')
    for round in $(seq 1 $((REPETITIONS > RATIO_REPETITIONS ? REPETITIONS : RATIO_REPETITIONS))); do
        log "inserts of $ROWS rows, round $round"
        for position in $([ "$round" -le "$REPETITIONS" ] && echo "$keys" || echo "$ratio_keys"); do
            psql_quiet -v position="$position" -v repetition="$round" -v rows="$ROWS" -f test/bench/insert.sql ||
                return 1
        done
    done
}

# pgbench: 4 clients each inserting one row per transaction into a fresh table per key.
measure_pgbench() {
    local position tps
    for position in $(psql_quiet -At -c 'SELECT position FROM bench_candidate WHERE key_column IS NOT NULL ORDER BY position'); do
        log "pgbench, key $position: $PGBENCH_SECONDS s"
        psql_quiet -v position="$position" -f test/bench/keys_table.sql >/dev/null || return 1
        tps=$("$PG_BIN/pgbench" -n -c 4 -j 2 -M prepared -T "$PGBENCH_SECONDS" -f test/bench/pgbench_insert.sql 2>&1 |
            sed -n 's/^tps = \([0-9.]*\).*/\1/p')
        [ -n "$tps" ] || { log "pgbench failed for key $position"; return 1; }
        psql_quiet -c "INSERT INTO bench_pgbench_result VALUES ($position, $tps)" -c 'DROP TABLE bench_keys' || return 1
    done
}

# The migration guide at scale: MIGRATION_PARENTS customers, each with two orders and a
# note, moved from v4 to v7 keys by sql/include/migration_steps.sql.
measure_migration() {
    local started finished
    log "migration guide: building $MIGRATION_PARENTS customers, $((2 * MIGRATION_PARENTS)) orders, $MIGRATION_PARENTS notes"
    psql_quiet -c 'CREATE DATABASE migration_bench' &&
        psql_quiet -d migration_bench -c 'CREATE EXTENSION uuidx' -v parents="$MIGRATION_PARENTS" \
            -f sql/include/migration_schema.sql &&
        psql_quiet -d migration_bench -c 'CHECKPOINT' || return 1
    log "migration guide: running sql/include/migration_steps.sql"
    started=$(date +%s.%N)
    "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -d migration_bench -f sql/include/migration_steps.sql || return 1
    finished=$(date +%s.%N)
    awk -v parents="$MIGRATION_PARENTS" -v started="$started" -v finished="$finished" 'BEGIN {
        printf "\nThe migration guide, %d customers (%d rows in all): %.0f s.\n", parents, 4 * parents, finished - started }' \
        >>"$REPORT"
}

# The baseline's sources (BENCH_PLAN_BASELINE or BENCH_READERS_BASELINE), exported with git
# where the command was started: a root file system may have no git, and its copy of the tree
# has no .git (copy_sources). Fails, saying why, where the revision is no commit of this
# repository.
export_baseline_sources() {
    local commit
    command -v git >/dev/null || { log "a baseline needs git, to export the revision's sources"; return 1; }
    commit=$(git -C "$UUIDX_ROOT" rev-parse --verify --quiet "$BASELINE^{commit}") ||
        { log "baseline: $BASELINE is no commit of the repository of $UUIDX_ROOT"; return 1; }
    log "baseline: the sources of $BASELINE ($commit) in $BASELINE_DIR/src"
    rm -rf "$BASELINE_DIR" && mkdir -p "$BASELINE_DIR/src" &&
        git -C "$UUIDX_ROOT" archive "$commit" | tar -C "$BASELINE_DIR/src" -xf - &&
        echo "$commit" >"$BASELINE_DIR/commit" ||
        { log "baseline: could not export the sources of $BASELINE to $BASELINE_DIR/src"; return 1; }
}

# The baseline's library: a full make of its sources with the tree's PG_CONFIG, not
# installed, so that the tree's uuidx.so stays the one in pkglibdir.
build_baseline() {
    [ -f "$BASELINE_DIR/commit" ] ||
        { log "baseline: no sources exported to $BASELINE_DIR (export_baseline_sources)"; return 1; }
    log "building the baseline library of $BASELINE ($(cat "$BASELINE_DIR/commit")) for PostgreSQL $PG_MAJOR"
    make -C "$BASELINE_DIR/src" -s -j2 PG_CONFIG="$PG_CONFIG" >"$BASELINE_DIR/build.log" 2>&1 &&
        [ -f "$BASELINE_DIR/src/uuidx.so" ] ||
        { tail -20 "$BASELINE_DIR/build.log" >&2
          log "baseline: the library of $BASELINE did not build (log: $BASELINE_DIR/build.log)"
          return 1; }
}

# The planning overhead of uuidx's hooks on queries they do not touch: its
# databases, then the rounds. With a baseline, its library goes into the cluster's
# directory, which the server user can read and stop_cluster removes, under a name of its
# own: plan_overhead.sql checks by that name which library each session mapped.
measure_planning_overhead() {
    local baseline_library="" sessions=3
    if [ -n "$PLAN_BASELINE" ]; then
        baseline_library=$CLUSTER_DIR/uuidx_baseline.so
        install -m 644 "$BASELINE_DIR/src/uuidx.so" "$baseline_library" || return 1
        sessions=4
    fi
    log "planning overhead: $PLAN_ROUNDS rounds of $PLAN_QUERIES plannings of each of 3 shapes in each of $sessions sessions"
    psql_quiet -v rounds="$PLAN_ROUNDS" -v queries="$PLAN_QUERIES" -v baseline_library="$baseline_library" \
        -f test/bench/plan_overhead.sql
}

# The same comparison in instructions (issue 48): time cannot resolve 0.3 µs on a shared
# machine, callgrind's counts are deterministic. The server is stopped and, for each shape
# and each library (the tree's build, copied into the cluster's directory as uuidx_tree.so,
# and the baseline's uuidx_baseline.so, both by absolute path), a single-user postgres under
# callgrind on its data directory, database bench_uuidx, loads that library alone
# (session_preload_libraries, uuidx.time_predicates on) and runs EXPLAIN of the shape
# PLAN_COUNT_WARM_UP times, then PLAN_COUNTED times. Collection is on inside planner() alone
# (--toggle-collect=planner) and every statement is a dump of its own
# (--dump-before=pg_parse_query): a counted statement's dump is one planning. Counted in it:
# the inclusive instructions of uuidx_relation_hook, uuidx_rel_pathlist and
# uuidx_upper_paths (all their calls) and uuidx_planner's less the standard_planner it calls
# (its own work: make_time_bounds_shippable and the constant part), summed over every call
# arc callgrind recorded into them. Writes PLAN_INSTRUCTIONS (a TSV line per shape and
# library: the means over the counted plannings, of the hooks and of the whole planning)
# and starts the server again; fails, saying why, where valgrind is missing or a dump is not
# one planning by the intended library.
PLAN_COUNT_WARM_UP=10
PLAN_COUNTED=50
PLAN_INSTRUCTIONS=$OUT_DIR/pg$PG_MAJOR.plan-instructions.tsv
count_hook_instructions() {
    local dir=$CLUSTER_DIR/callgrind pkglib built installed position query library label first last status
    ensure_packages valgrind:valgrind callgrind_annotate:valgrind ||
        { log "the hooks' instruction count needs valgrind (apt-get install valgrind)"; return 1; }
    pkglib=$("$PG_CONFIG" --pkglibdir)
    built=$(sha256sum <"$UUIDX_ROOT/uuidx.so" | cut -c1-64) || return 1
    installed=$(sha256sum <"$pkglib/uuidx.so" | cut -c1-64) || return 1
    if [ "$built" = "$installed" ]; then
        log "instruction count: $pkglib/uuidx.so is the tree's build (sha256 ${built:0:16})"
    else
        log "instruction count: $pkglib/uuidx.so (sha256 ${installed:0:16}) is not the tree's build" \
            "$UUIDX_ROOT/uuidx.so (${built:0:16}), installed since by another build; the tree's build is counted"
    fi
    install -m 644 "$UUIDX_ROOT/uuidx.so" "$CLUSTER_DIR/uuidx_tree.so" &&
        [ -f "$CLUSTER_DIR/uuidx_baseline.so" ] || return 1
    psql_quiet -At -F $'\t' -c 'SELECT position, query FROM bench_plan_shape ORDER BY position' >"$CLUSTER_DIR/shapes.tsv" ||
        return 1
    as_server_user "$PG_BIN/pg_ctl" -D "$CLUSTER_DIR/data" -m fast -w stop >/dev/null || return 1
    mkdir -p "$dir" && { ! is_root || chown postgres: "$dir"; } || return 1
    : >"$PLAN_INSTRUCTIONS"
    first=$((PLAN_COUNT_WARM_UP + 2)) last=$((PLAN_COUNT_WARM_UP + PLAN_COUNTED + 1))
    while IFS=$'\t' read -r position query; do
        for library in tree baseline; do
            label=shape$position-$library
            log "instruction count: shape $position, the $library's library, under callgrind"
            { for _ in $(seq 1 $((PLAN_COUNT_WARM_UP + PLAN_COUNTED))); do echo "EXPLAIN $query;"; done
              echo "SELECT 1;"; } >"$dir/$label.sql"
            # Dump .1 is the start-up, .N+1 the Nth statement's, the last (no suffix) SELECT 1's.
            as_server_user valgrind --tool=callgrind --collect-atstart=no --toggle-collect=planner \
                --dump-before=pg_parse_query --compress-strings=no --compress-pos=no \
                --callgrind-out-file="$dir/$label.out" "$PG_BIN/postgres" --single -D "$CLUSTER_DIR/data" \
                -c session_preload_libraries="$CLUSTER_DIR/uuidx_$library.so" -c uuidx.time_predicates=on bench_uuidx \
                <"$dir/$label.sql" >"$dir/$label.stdout" 2>"$dir/$label.log"
            status=$?
            if [ "$status" -ne 0 ] || [ ! -f "$dir/$label.out.$last" ] || grep -q ERROR "$dir/$label.stdout" "$dir/$label.log"; then
                tail -20 "$dir/$label.log" >&2
                log "instruction count: callgrind's run of shape $position with the $library's library failed (status $status)"
                return 1
            fi
            for n in $(seq "$first" "$last"); do
                echo "$dir/$label.out.$n"
            done | xargs awk -v library="$CLUSTER_DIR/uuidx_$library.so" -v shape="$position" -v which="$library" '
                function flush() {
                    if (file == "") return
                    if (standard_calls != 1 || objects != library) {
                        printf "instruction count: %s is not one planning by %s (standard_planner called %d times by uuidx_planner; the hooks in %s)\n",
                            file, library, standard_calls, objects > "/dev/stderr"
                        failed = 1
                    }
                    hooks = own + relation + pathlist + upper
                    sum_hooks += hooks; sum_planning += planning; sum_own += own; sum_relation += relation
                    sum_pathlist += pathlist; sum_upper += upper; n++
                    if (n == 1 || hooks < low) low = hooks
                    if (n == 1 || hooks > high) high = hooks
                }
                FNR == 1 { flush(); file = FILENAME; planning = own = relation = pathlist = upper = standard_calls = 0; objects = "" }
                /^ob=/ { ob = substr($0, 4); next }
                /^fn=/ { fn = substr($0, 4)
                         if (fn ~ /\(anonymous namespace\)::uuidx_(planner|relation_hook|rel_pathlist|upper_paths)\(/ &&
                             index(" " objects " ", " " ob " ") == 0) objects = objects (objects == "" ? "" : " ") ob
                         next }
                /^cfn=/ { cfn = substr($0, 5); next }
                /^calls=/ { split(substr($0, 7), c, " "); calls = c[1]; in_call = 1; next }
                /^(totals|summary):/ { planning = $2; next }
                /^[0-9+*-]/ {
                    if (!in_call) next
                    in_call = 0
                    if (cfn ~ /\(anonymous namespace\)::uuidx_planner\(/) own += $2
                    else if (cfn ~ /\(anonymous namespace\)::uuidx_relation_hook\(/) relation += $2
                    else if (cfn ~ /\(anonymous namespace\)::uuidx_rel_pathlist\(/) pathlist += $2
                    else if (cfn ~ /\(anonymous namespace\)::uuidx_upper_paths\(/) upper += $2
                    else if (cfn == "standard_planner" && fn ~ /\(anonymous namespace\)::uuidx_planner\(/) {
                        own -= $2; standard_calls += calls }
                }
                END {
                    flush()
                    if (failed || n == 0) exit 1
                    printf "%s\t%s\t%d\t%.1f\t%d\t%d\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\n", shape, which, n, sum_hooks / n, low, high,
                        sum_planning / n, sum_own / n, sum_relation / n, sum_pathlist / n, sum_upper / n
                }' >>"$PLAN_INSTRUCTIONS" ||
                { log "instruction count: the dumps of $dir/$label.out.* could not be read as one planning each"; return 1; }
            # The counted dumps are the instructions inside planner(): nothing is kept but the figures.
            rm -f "$dir/$label.out".*
        done
    done <"$CLUSTER_DIR/shapes.tsv"
    start_data_dir "$PG_BIN" "$CLUSTER_DIR/data" &&
        psql_quiet -c 'CREATE TABLE bench_plan_instructions (shape_position int, library text, plannings int,
                           hooks float8, hooks_low bigint, hooks_high bigint, planning float8, planner_own float8,
                           relation float8, pathlist float8, upper_paths float8)' \
            -c "\\copy bench_plan_instructions FROM '$PLAN_INSTRUCTIONS'"
}

# The time questions' tables, appended to the report; with PLAN_ONLY, the planning
# overhead's alone.
report_time_questions() {
    local baseline=""
    [ -z "$PLAN_BASELINE" ] || baseline="$PLAN_BASELINE, commit $(cut -c1-12 "$BASELINE_DIR/commit")"
    psql_quiet -v plan_only="$PLAN_ONLY" -v repetitions="$TIME_REPETITIONS" -v plan_rounds="$PLAN_ROUNDS" \
        -v plan_queries="$PLAN_QUERIES" -v plan_baseline="$baseline" -v plan_count_warm_up="$PLAN_COUNT_WARM_UP" -v brin_rounds="$BRIN_ROUNDS" \
        -v brin_repetitions="$BRIN_REPETITIONS" -f test/bench/time_report.sql >>"$REPORT"
    [ "$PLAN_ONLY" -ne 0 ] || psql_quiet -v repetitions="$TIME_REPETITIONS" -f test/bench/hash_report.sql >>"$REPORT"
}

# The time questions asked of v7 keys (issue 17's and 18's measures): time windows by every
# predicate form, the planning overhead of the hooks, and BRIN against btree, one index at a
# time, round by round; their tables are appended to the report.
measure_time_questions() {
    local round index
    log "time windows: $TIME_ROWS v7 keys over a year"
    psql_quiet -v time_rows="$TIME_ROWS" -f test/bench/time_setup.sql || return 1
    log "time windows: $TIME_REPETITIONS repetitions of every window and form"
    psql_quiet -v repetitions="$TIME_REPETITIONS" -f test/bench/time_windows.sql || return 1
    log "the key or a stored created_at: copying the keys with their time, and the join's rows"
    psql_quiet -f test/bench/time_stored_setup.sql || return 1
    log "the key or a stored created_at: $TIME_REPETITIONS repetitions of every question and form"
    psql_quiet -v repetitions="$TIME_REPETITIONS" -f test/bench/time_stored.sql || return 1
    log "hash partitions: $HASH_PARTITIONS, $TIME_REPETITIONS repetitions of every question, planned and prepared"
    psql_quiet -v hash_partitions="$HASH_PARTITIONS" -v repetitions="$TIME_REPETITIONS" -f test/bench/hash_questions.sql ||
        return 1
    measure_planning_overhead || return 1
    log "BRIN or btree: copying the keys"
    psql_quiet -f test/bench/brin_setup.sql || return 1
    for round in $(seq 1 "$BRIN_ROUNDS"); do
        log "BRIN or btree, round $round"
        for index in $(psql_quiet -At -c 'SELECT position FROM bench_brin_index ORDER BY position'); do
            psql_quiet -v index_position="$index" -v round="$round" -v repetitions="$BRIN_REPETITIONS" \
                -f test/bench/brin.sql || return 1
        done
    done
    psql_quiet -c 'DROP TABLE bench_brin_keys' || return 1
}

# Every shape of time question with uuidx.time_predicates on and off (issue 34): its tables,
# the answers compared (the benchmark stops where on and off answer differently), then the
# rounds.
measure_time_predicates_on_off() {
    log "time predicates on and off: $ONOFF_ROWS v7 keys over 30 days, plain and partitioned"
    psql_quiet -v onoff_rows="$ONOFF_ROWS" -f test/bench/on_off_setup.sql || return 1
    log "time predicates on and off: $(psql_quiet -At -c 'SELECT count(*) FROM bench_onoff_case') cases answered" \
        "both ways, then $ONOFF_REPETITIONS rounds"
    psql_quiet -v repetitions="$ONOFF_REPETITIONS" -f test/bench/on_off.sql ||
        { log "time predicates on and off: a case failed, or answered differently with the setting on and off"; return 1; }
}

report_time_predicates_on_off() {
    psql_quiet -v repetitions="$ONOFF_REPETITIONS" -f test/bench/on_off_report.sql >>"$REPORT"
}

# The time questions asked of three hash shards and of one server (test/bench/shards.pl, on
# PostgreSQL's TAP framework: five servers of their own); its table is appended to the report.
measure_shards() {
    local dir
    dir=$(server_user_dir uuidx-bench-shards) || return 1
    log "hash shards: $SHARD_ROWS keys, $SHARD_REPETITIONS rounds"
    as_tap_user "$dir" perl "$dir/tree/test/bench/shards.pl" "$SHARD_ROWS" "$SHARD_REPETITIONS" "$dir/shards.md" \
        >"$dir/shards.log" || { tail -30 "$dir/shards.log" >&2; return 1; }
    cat "$dir/shards.md" >>"$REPORT" && rm -rf "$dir"
}

# The README's time questions on Citus beside one server (test/bench/citus.pl), where Citus
# is installed for this major; a table appended to the report, or a line that says why not.
measure_citus() {
    local dir
    dir=$(server_user_dir uuidx-bench-citus) || return 1
    log "Citus: $CITUS_ROWS keys, $CITUS_REPETITIONS rounds, where it is installed"
    as_tap_user "$dir" perl "$dir/tree/test/bench/citus.pl" "$CITUS_ROWS" "$CITUS_REPETITIONS" "$dir/citus.md" \
        >"$dir/citus.log" || { tail -30 "$dir/citus.log" >&2; return 1; }
    cat "$dir/citus.md" >>"$REPORT" && rm -rf "$dir"
}

# The commit horizon's costs (docs/consumers.md), with uuidx.commit_horizon on against off on
# the same server, restarted for each setting, round by round: uuid_generate_v7() calls in
# one transaction (one hold), pgbench's 2 clients inserting a row a transaction (a hold and a
# release each, synchronous_commit off so that the commit's flush does not hide them), and
# uuidx_commit_horizon() itself at max_connections 100 and 1000. Medians; a table appended
# to the report.
measure_commit_horizon() {
    local round setting connections output tps results=$OUT_DIR/horizon-pg$PG_MAJOR.tsv
    : >"$results"
    horizon_server() {  # horizon_server SETTING CONNECTIONS: the cluster restarted with them
        stop_cluster
        start_cluster "shared_preload_libraries = 'uuidx'" "uuidx.commit_horizon = $1" "max_connections = $2" \
            "synchronous_commit = off" "shared_buffers = 256MB" >/dev/null || return 1
    }
    for round in $(seq 1 "$HORIZON_ROUNDS"); do
        for setting in $([ $((round % 2)) -eq 1 ] && echo on off || echo off on); do  # each first in turn
            log "commit horizon, round $round: uuidx.commit_horizon = $setting"
            horizon_server "$setting" 100 || return 1
            output=$(psql_quiet -At -v calls="$CALLS" -v horizon="$setting" -f test/bench/horizon.sql) || return 1
            psql_quiet -c 'CREATE TABLE bench_horizon_keys (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), n int)' || return 1
            tps=$("$PG_BIN/pgbench" -n -c 2 -j 2 -M prepared -T "$PGBENCH_SECONDS" -f test/bench/horizon_insert.sql 2>&1 |
                sed -n 's/^tps = \([0-9.]*\).*/\1/p')
            [ -n "$tps" ] || { log "pgbench failed"; return 1; }
            printf '%s\tv7_ns\t%s\n%s\tinsert_tps\t%s\n' "$setting" "$(awk '$1 == "v7_ns" { print $2 }' <<<"$output")" \
                "$setting" "$tps" >>"$results"
            [ "$setting" = off ] || printf 'on\thorizon_ns_100\t%s\n' "$(awk '$1 == "horizon_ns" { print $2 }' <<<"$output")" >>"$results"
        done
        log "commit horizon, round $round: max_connections = 1000"
        horizon_server on 1000 || return 1
        output=$(psql_quiet -At -v calls="$CALLS" -v horizon=on -f test/bench/horizon.sql) || return 1
        printf 'on\thorizon_ns_1000\t%s\n' "$(awk '$1 == "horizon_ns" { print $2 }' <<<"$output")" >>"$results"
    done
    stop_cluster
    awk -F'\t' -v rounds="$HORIZON_ROUNDS" -v major="$PG_MAJOR" -v cores="$(nproc)" -v seconds="$PGBENCH_SECONDS" '
        { values[$1 "/" $2] = values[$1 "/" $2] " " $3 }
        function median(key,   n, list, i, j, swap) {
            n = split(values[key], list, " ")
            for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (list[j] + 0 < list[i] + 0) { swap = list[i]; list[i] = list[j]; list[j] = swap }
            return n % 2 ? list[(n + 1) / 2] : (list[n / 2] + list[n / 2 + 1]) / 2
        }
        END {
            printf "\nThe commit horizon (PostgreSQL %s, %d cores; medians of %d rounds, the server restarted with each setting):\n\n", major, cores, rounds
            print "| measure | uuidx.commit_horizon = on | off | on against off |"
            print "| --- | ---: | ---: | ---: |"
            on = median("on/v7_ns"); off = median("off/v7_ns")
            printf "| `uuid_generate_v7()` in one transaction, ns a call | %.2f | %.2f | %+.2f ns |\n", on, off, on - off
            on = median("on/insert_tps"); off = median("off/insert_tps")
            printf "| pgbench, 2 clients, a row a transaction, %d s, tx/s | %.0f | %.0f | %.3fx the time |\n", seconds, on, off, off / on
            n = split(values["on/insert_tps"], on_list, " "); split(values["off/insert_tps"], off_list, " ")
            for (i = 1; i <= n; i++) values["ratio"] = values["ratio"] " " off_list[i] / on_list[i]
            printf "| the same, median of the rounds own ratios (on and off run back to back) | | | %.3fx the time |\n", median("ratio")
            printf "| `uuidx_commit_horizon()`, ns a call, max_connections 100 | %.0f | | |\n", median("on/horizon_ns_100")
            printf "| `uuidx_commit_horizon()`, ns a call, max_connections 1000 | %.0f | | |\n", median("on/horizon_ns_1000")
        }' "$results" >>"$REPORT"
}

# The commit horizon's readers (issue 58): pollers reading uuidx_commit_horizon() as fast as
# they can, 1, 8 and 32 of them, beside a two-phase writer whose PREPAREs write the prepared
# table, on a server restarted for each library (with READERS_BASELINE, its library and the
# tree's, each first in turn, installed in pkglibdir in its turn; the tree's restored after).
# pgbench logs every transaction's latency (-l); a procedure samples pg_stat_activity every
# 5 ms, a transaction a sample. Per library and number of pollers, the medians over the
# rounds of each round's p50 and p99, reads a second and share of pollers' samples waiting
# on the lock; a table appended to the report.
# latencies LIBRARY POLLERS NAME LOG...: the p50 and p99 of the latencies (µs) in pgbench's
# transaction logs LOG..., and their number a second, as lines of the readers' results.
latencies() {
    local library=$1 pollers=$2 name=$3
    shift 3
    awk '{ print $3 }' "$@" | sort -n | awk -v prefix="$library\t$pollers\t$name" -v seconds="$READERS_SECONDS" '
        { latency[NR] = $1 }
        END {
            if (NR == 0) exit 1
            printf "%s_p50_us\t%s\n%s_p99_us\t%s\n%s_per_s\t%.0f\n", prefix, latency[int((NR - 1) * 0.5) + 1],
                prefix, latency[int((NR - 1) * 0.99) + 1], prefix, NR / seconds
        }'
}

measure_horizon_readers() {
    local round library pollers libraries=tree logs=$OUT_DIR/readers-logs results=$OUT_DIR/readers-pg$PG_MAJOR.tsv
    local pkglib preparer sampler
    pkglib=$("$PG_CONFIG" --pkglibdir)
    [ -z "$READERS_BASELINE" ] || libraries="baseline tree"
    : >"$results"
    for round in $(seq 1 "$READERS_ROUNDS"); do
        for library in $([ $((round % 2)) -eq 1 ] && echo $libraries || echo $libraries | tr ' ' '\n' | tac); do
            log "commit horizon readers, round $round: the $library's library"
            stop_cluster
            if [ "$library" = baseline ]; then install -m 755 "$BASELINE_DIR/src/uuidx.so" "$pkglib/uuidx.so"
            else install -m 755 "$UUIDX_ROOT/uuidx.so" "$pkglib/uuidx.so"; fi || return 1
            start_cluster "shared_preload_libraries = 'uuidx'" "max_prepared_transactions = 64" "max_connections = 100" \
                >/dev/null && psql_quiet -f test/bench/readers_setup.sql || return 1
            for pollers in 1 8 32; do
                rm -rf "$logs" && mkdir -p "$logs" || return 1
                PGAPPNAME=bench_prepare "$PG_BIN/pgbench" -n -c 1 -T "$READERS_SECONDS" -R 20 -l --log-prefix="$logs/prepare" \
                    -f test/bench/readers_prepare.sql >"$logs/prepare-output.txt" 2>&1 &
                preparer=$!
                psql_quiet -c "CALL bench_sample_waits($((READERS_SECONDS * 200)))" >"$logs/sampler-output.txt" 2>&1 &
                sampler=$!
                # A thread a poller: pgbench reads the clock lazily, and a thread of several clients
                # gives many of their transactions a latency of 0.
                PGAPPNAME=bench_poller "$PG_BIN/pgbench" -n -c "$pollers" -j "$pollers" -M prepared -T "$READERS_SECONDS" \
                    -l --log-prefix="$logs/poll" -f test/bench/readers_poll.sql >"$logs/poll-output.txt" 2>&1 ||
                    { cat "$logs/poll-output.txt" >&2; return 1; }
                wait "$preparer" || { cat "$logs/prepare-output.txt" >&2; return 1; }
                wait "$sampler" || { cat "$logs/sampler-output.txt" >&2; return 1; }
                latencies "$library" "$pollers" read "$logs"/poll.* >>"$results" &&
                    latencies "$library" "$pollers" prepare "$logs"/prepare.* >>"$results" || return 1
                psql_quiet -At -c "SELECT format(E'%s\\t%s\\twaiting\\t%s\\n%s\\t%s\\tsampled\\t%s', '$library', $pollers,
                                       sum(waiting), '$library', $pollers, sum(pollers))
                                   FROM bench_wait_samples" -c 'TRUNCATE bench_wait_samples' >>"$results" || return 1
            done
        done
    done
    stop_cluster
    install -m 755 "$UUIDX_ROOT/uuidx.so" "$pkglib/uuidx.so" || return 1
    local baseline=""
    [ -z "$READERS_BASELINE" ] || baseline="$READERS_BASELINE, commit $(cut -c1-12 "$BASELINE_DIR/commit")"
    awk -F'\t' -v rounds="$READERS_ROUNDS" -v major="$PG_MAJOR" -v cores="$(nproc)" -v seconds="$READERS_SECONDS" \
        -v baseline="$baseline" -v libraries="$libraries" '
        { values[$1 "/" $2 "/" $3] = values[$1 "/" $2 "/" $3] " " $4; sums[$1 "/" $2 "/" $3] += $4 }
        function median(key,   n, list, i, j, swap) {
            n = split(values[key], list, " ")
            for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (list[j] + 0 < list[i] + 0) { swap = list[i]; list[i] = list[j]; list[j] = swap }
            return n % 2 ? list[(n + 1) / 2] : (list[n / 2] + list[n / 2 + 1]) / 2
        }
        END {
            printf "\nThe commit horizon'"'"'s readers (PostgreSQL %s, %d cores; %d s a case, medians of %d rounds, the server restarted with each library%s): pollers reading `uuidx_commit_horizon()` beside a two-phase writer (20 a second):\n\n",
                major, cores, seconds, rounds, baseline == "" ? "" : "; baseline " baseline
            print "| library | pollers | read p50 µs | read p99 µs | reads a second | two-phase write p50 µs | p99 µs | pollers'"'"' samples waiting on the lock (all rounds) |"
            print "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
            n = split(libraries, names, " ")
            for (l = 1; l <= n; l++) for (p = 1; p <= 3; p++) {
                pollers = p == 1 ? 1 : (p == 2 ? 8 : 32); key = names[l] "/" pollers "/"
                printf "| %s | %d | %.0f | %.0f | %.0f | %.0f | %.0f | %d of %d (%.2f%%) |\n", names[l] == "tree" ? "this tree" : "baseline",
                    pollers, median(key "read_p50_us"), median(key "read_p99_us"), median(key "read_per_s"),
                    median(key "prepare_p50_us"), median(key "prepare_p99_us"), sums[key "waiting"], sums[key "sampled"],
                    sums[key "sampled"] ? 100 * sums[key "waiting"] / sums[key "sampled"] : 0
            }
        }' "$results" >>"$REPORT"
}

# The commit horizon's soak (test/bench/horizon_soak.pl, on PostgreSQL's TAP framework: a
# server of its own): its table appended to the report; fails where the soak found a row
# missed or read twice, a phantom holder, or an SQL error of its writers.
measure_horizon_soak() {
    local dir status
    ensure_packages /usr/share/perl5/IPC/Run.pm:libipc-run-perl || return 1
    dir=$(server_user_dir uuidx-bench-soak) || return 1
    log "commit horizon soak: $SOAK_SECONDS s"
    as_tap_user "$dir" perl "$dir/tree/test/bench/horizon_soak.pl" "$SOAK_SECONDS" "$dir/soak.md" >"$dir/soak.log" 2>&1
    status=$?
    cat "$dir/soak.md" >>"$REPORT" 2>/dev/null
    if [ "$status" -ne 0 ]; then
        log "commit horizon soak failed; its log and the server's: $dir"
        tail -30 "$dir/soak.log" >&2
        return 1
    fi
    rm -rf "$dir"
}

# The consumers beside their peers (test/bench/consumers.pl, on PostgreSQL's TAP framework: a
# server of its own, with PgQ where the suite packages it): its tables appended to the report,
# the bystander scenario's lags beside it for the plot; fails where a consumer that should
# miss nothing did, or read a row twice.
measure_consumers() {
    local dir status
    ensure_packages /usr/share/perl5/IPC/Run.pm:libipc-run-perl && ensure_peer_packages "$PG_MAJOR" || return 1
    if [ ! -f "$("$PG_CONFIG" --sharedir)/extension/pgq.control" ]; then
        printf '\n### Consumers beside their peers\n\nNot measured: no PgQ for PostgreSQL %s here.\n' "$PG_MAJOR" >>"$REPORT"
        return 0
    fi
    dir=$(server_user_dir uuidx-bench-consumers) || return 1
    log "consumers beside their peers: 7 scenarios of $CONSUMER_SECONDS s, then $CONSUMER_COST_ROUNDS rounds of the writers' cost"
    as_tap_user "$dir" perl "$dir/tree/test/bench/consumers.pl" "$CONSUMER_SECONDS" "$CONSUMER_COST_ROUNDS" \
        "$CONSUMER_COST_SECONDS" "$dir/consumers.md" "$dir/lags.tsv" >"$dir/consumers.log" 2>&1
    status=$?
    cat "$dir/consumers.md" >>"$REPORT" 2>/dev/null
    cp "$dir/lags.tsv" "$OUT_DIR/pg$PG_MAJOR.consumer-lags.tsv" 2>/dev/null
    if [ "$status" -ne 0 ]; then
        log "consumers beside their peers failed; its log and the server's: $dir"
        tail -30 "$dir/consumers.log" >&2
        return 1
    fi
    rm -rf "$dir"
}

# Inserts from many clients (docs/many-cores.md): CLIENTS pgbench clients, each inserting 100
# rows a statement for CLIENT_SECONDS, into a fresh table per key (test/bench/clients_table.sql):
# bigint identity, uuidx's v7, uuidx's v7 in HASH_PARTITIONS hash partitions, v4, and 18's
# uuidv7() where the server has it; in two phases, each on the server restarted: the index
# inside the buffer pool (an empty table, shared_buffers 2GB, which holds every index the
# clients make) and outside it (CLIENT_PREFILL rows first, shared_buffers 64MB). Rows a
# second, WAL bytes a row and the index's bytes a row; medians of CLIENT_ROUNDS rounds, the keys
# interleaved; a table appended to the report.
measure_many_clients() {
    local results=$OUT_DIR/clients-pg$PG_MAJOR.tsv round phase key prefill buffers before tps measured
    local keys="bigint v7 v7_hash v4"
    [ "$PG_MAJOR" -lt 18 ] || keys="$keys v7_builtin"
    : >"$results"
    for round in $(seq 1 "$CLIENT_ROUNDS"); do
        for phase in inside outside; do
            if [ "$phase" = inside ]; then prefill=0 buffers=2GB; else prefill=$CLIENT_PREFILL buffers=64MB; fi
            stop_cluster
            start_cluster "shared_preload_libraries = 'uuidx'" "shared_buffers = $buffers" "synchronous_commit = off" \
                "max_wal_size = 8GB" "checkpoint_timeout = 1h" >/dev/null || return 1
            psql_quiet -c 'CREATE EXTENSION IF NOT EXISTS uuidx' || return 1
            for key in $keys; do
                log "many clients, round $round, the index $phase the buffer pool: $key"
                psql_quiet -v key="$key" -v partitions="$HASH_PARTITIONS" -v prefill="$prefill" \
                    -f test/bench/clients_table.sql >/dev/null || return 1
                before=$(psql_quiet -At -c 'SELECT pg_current_wal_insert_lsn()') || return 1
                tps=$("$PG_BIN/pgbench" -n -c "$CLIENTS" -j "$CLIENTS" -M prepared -T "$CLIENT_SECONDS" \
                    -f test/bench/pgbench_insert_batch.sql 2>&1 | sed -n 's/^tps = \([0-9.]*\).*/\1/p')
                [ -n "$tps" ] || { log "pgbench failed for $key"; return 1; }
                measured=$(psql_quiet -At -F ' ' -v before="$before" -v prefill="$prefill" -f test/bench/clients_measure.sql) ||
                    return 1
                printf '%s\t%s\t%s\t%s\n' "$phase" "$key" "$tps" "$measured" >>"$results"
            done
        done
    done
    stop_cluster
    awk -F'\t' -v rounds="$CLIENT_ROUNDS" -v major="$PG_MAJOR" -v cores="$(nproc)" -v clients="$CLIENTS" \
        -v seconds="$CLIENT_SECONDS" -v prefill="$CLIENT_PREFILL" -v partitions="$HASH_PARTITIONS" '
        function median(list,   n, v, i, j, swap) {
            n = split(list, v, " ")
            for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] + 0 < v[i] + 0) { swap = v[i]; v[i] = v[j]; v[j] = swap }
            return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
        }
        { split($4, m, " "); key = $1 "/" $2
          rate[key] = rate[key] " " $3 * 100; wal[key] = wal[key] " " m[2]; size[key] = size[key] " " m[3]
          if (!(($2) in seen)) { seen[$2] = 1; order[++count] = $2 } }
        END {
            label["bigint"] = "bigint identity"; label["v7"] = "**uuidx `uuid_generate_v7()`**"
            label["v7_hash"] = "uuidx `uuid_generate_v7()`, `PARTITION BY HASH (id)` into " partitions
            label["v4"] = "v4, `gen_random_uuid()`"; label["v7_builtin"] = "18'"'"'s `uuidv7()`"
            printf "\n## Inserts from many clients\n\n"
            printf "PostgreSQL %s on %d cores, uuidx preloaded, `synchronous_commit = off`: %d pgbench clients (`-M prepared`), each inserting 100 rows a statement for %d s into `bench_client_keys (id <key> PRIMARY KEY, n int)`, empty with `shared_buffers = 2GB` (the index inside the buffer pool) and holding %s rows first with `shared_buffers = 64MB` (the index outside it); medians of %d rounds, the keys interleaved.\n", major, cores, clients, seconds, prefill, rounds
            for (p = 1; p <= 2; p++) {
                phase = p == 1 ? "inside" : "outside"
                printf "\n| key (index %s the buffer pool) | rows/s | rows/s / bigint'"'"'s | WAL bytes a row | index bytes a row |\n| --- | ---: | ---: | ---: | ---: |\n", phase
                base = median(rate[phase "/bigint"])
                for (i = 1; i <= count; i++) {
                    k = phase "/" order[i]
                    printf "| %s | %.0f | %.2f | %.0f | %.1f |\n", label[order[i]], median(rate[k]), median(rate[k]) / base, median(wal[k]), median(size[k])
                }
            }
        }' "$results" >>"$REPORT"
}

# uuidx_sql beside what it is compared with (docs/performance.md, "uuidx_sql, the SQL
# edition"): on a server of its own where uuidx is not preloaded, as on a managed service;
# its tables appended to the report.
measure_sql_edition() {
    log "uuidx_sql: cost per call, inserts of $ROWS rows ($SQL_EDITION_INSERT_ROUNDS rounds), time questions of $SQL_EDITION_TIME_ROWS keys"
    stop_cluster
    start_cluster "shared_buffers = 1GB" "max_wal_size = 8GB" "checkpoint_timeout = 1h" >/dev/null || return 1
    psql_quiet -v calls="$CALLS" -v repetitions="$CALL_REPETITIONS" -v rows="$ROWS" \
        -v insert_rounds="$SQL_EDITION_INSERT_ROUNDS" -v time_rows="$SQL_EDITION_TIME_ROWS" \
        -v time_repetitions="$TIME_REPETITIONS" -v cores="$(nproc)" -f test/bench/sql_edition.sql >>"$REPORT" || return 1
    stop_cluster
}

# Everything that runs on the server's machine (here, or inside a root file system).
run_benchmark() {
    trap stop_cluster EXIT
    mkdir -p "$OUT_DIR" && rm -f "$REPORT" "$OUT_DIR/pg$PG_MAJOR.tsv" "$OUT_DIR/pg$PG_MAJOR.plan-instructions.tsv" "$OUT_DIR/pg$PG_MAJOR.consumer-lags.tsv"
    ensure_dependencies && build_and_install || return 1
    [ -z "$BASELINE" ] || build_baseline || return 1
    if [ "$CLIENTS_ONLY" -ne 0 ]; then
        echo "PostgreSQL $PG_MAJOR, uuidx $(uuidx_version); the inserts from many clients alone (BENCH_CLIENTS_ONLY)" >"$REPORT"
        measure_many_clients
        return
    fi
    if [ "$SQL_EDITION_ONLY" -ne 0 ]; then
        echo "PostgreSQL $PG_MAJOR, uuidx $(uuidx_version); uuidx_sql alone (BENCH_SQL_EDITION_ONLY)" >"$REPORT"
        measure_sql_edition
        return
    fi
    if [ "$CONSUMERS_ONLY" -ne 0 ]; then
        echo "PostgreSQL $PG_MAJOR, uuidx $(uuidx_version); the consumers beside their peers alone (BENCH_CONSUMERS_ONLY)" >"$REPORT"
        measure_consumers
        return
    fi
    if [ "$SOAK_ONLY" -ne 0 ]; then
        echo "PostgreSQL $PG_MAJOR, uuidx $(uuidx_version); the commit horizon's soak alone (BENCH_SOAK_ONLY)" >"$REPORT"
        measure_horizon_soak
        return
    fi
    if [ "$READERS_ONLY" -ne 0 ]; then
        echo "PostgreSQL $PG_MAJOR, uuidx $(uuidx_version); the commit horizon's readers alone (BENCH_READERS_ONLY)" >"$REPORT"
        measure_horizon_readers
        return
    fi
    if [ "$HORIZON_ONLY" -ne 0 ]; then
        echo "PostgreSQL $PG_MAJOR, uuidx $(uuidx_version); the commit horizon alone (BENCH_HORIZON_ONLY)" >"$REPORT"
        measure_commit_horizon
        return
    fi
    if [ "$TIME_ONLY" -eq 0 ] && [ "$PLAN_ONLY" -eq 0 ] && [ "$ONOFF_ONLY" -eq 0 ]; then
        measure_core || { log "the C++ yardstick failed"; return 1; }
    fi
    # A public id key of the benchmark's own, to time the public id functions. With a
    # baseline, no uuidx library is preloaded: a backend can load only one of the two (both
    # define uuidx.time_predicates), so each planning session loads its own; nor is the key
    # set, which the libraries define only when preloaded (the planning overhead times no
    # public id).
    local preload=uuidx settings=("uuidx.public_id_key = '0011223344556677:8899aabbccddeeff'")
    [ -z "$PLAN_BASELINE" ] || { preload=""; settings=(); }
    if [ -e "$("$PG_CONFIG" --pkglibdir)/timescaledb.so" ]; then
        preload=${preload:+$preload,}timescaledb
        settings+=("timescaledb.telemetry_level = off")
    fi
    start_cluster "shared_buffers = 1GB" "max_wal_size = 8GB" "checkpoint_timeout = 1h" \
        "shared_preload_libraries = '$preload'" "${settings[@]}" || return 1
    if [ "$PLAN_ONLY" -ne 0 ]; then
        measure_planning_overhead || return 1
        [ -z "$PLAN_BASELINE" ] || count_hook_instructions || return 1
        echo "PostgreSQL $(psql_quiet -At -c 'SHOW server_version'), uuidx $(uuidx_version); the planning overhead alone (BENCH_PLAN_ONLY)" \
            >"$REPORT"
        report_time_questions
        return
    fi
    if [ "$ONOFF_ONLY" -ne 0 ]; then
        psql_quiet -c 'CREATE EXTENSION uuidx' && measure_time_predicates_on_off || return 1
        echo "PostgreSQL $(psql_quiet -At -c 'SHOW server_version'), uuidx $(uuidx_version); the time predicates on against off alone (BENCH_ONOFF_ONLY)" \
            >"$REPORT"
        report_time_predicates_on_off
        return
    fi
    if [ "$TIME_ONLY" -eq 0 ]; then
        psql_quiet -v calls="$CALLS" -f test/bench/setup.sql || return 1
        log "cost per call: $CALLS calls x $CALL_REPETITIONS repetitions per generator"
        psql_quiet -v calls="$CALLS" -v repetitions="$CALL_REPETITIONS" -f test/bench.sql || return 1
        measure_inserts && measure_pgbench || return 1
    else
        psql_quiet -c 'CREATE EXTENSION uuidx' || return 1
    fi
    [ "$TIME_ROWS" -eq 0 ] || measure_time_questions || return 1
    [ "$ONOFF_ROWS" -eq 0 ] || measure_time_predicates_on_off || return 1
    if [ "$TIME_ONLY" -eq 0 ]; then
        psql_quiet -v data_file="$OUT_DIR/pg$PG_MAJOR.tsv" -v calls="$CALLS" -v call_repetitions="$CALL_REPETITIONS" \
            -v rows="$ROWS" -v repetitions="$REPETITIONS" -v ratio_repetitions="$RATIO_REPETITIONS" \
            -v pgbench_seconds="$PGBENCH_SECONDS" -v cores="$(nproc)" -v clock_read_ns="$CLOCK_READ_NS" \
            -v core_v7_ns="$CORE_V7_NS" -f test/bench/report.sql >"$REPORT" || return 1
    else
        psql_quiet -At -c "SELECT format('PostgreSQL %s, uuidx %s; the time questions alone (BENCH_TIME_ONLY)', \
            current_setting('server_version'), extversion) FROM pg_extension WHERE extname = 'uuidx'" >"$REPORT" ||
            return 1
    fi
    [ "$TIME_ROWS" -eq 0 ] || report_time_questions || return 1
    [ "$ONOFF_ROWS" -eq 0 ] || report_time_predicates_on_off || return 1
    [ "$MIGRATION_PARENTS" -eq 0 ] || measure_migration
    [ "$SHARD_ROWS" -eq 0 ] || measure_shards
    [ "$CITUS_ROWS" -eq 0 ] || measure_citus
    [ "$HORIZON_ROUNDS" -eq 0 ] || measure_commit_horizon
    [ "$READERS_ROUNDS" -eq 0 ] || measure_horizon_readers
    local status=0
    [ "$CLIENT_ROUNDS" -eq 0 ] || measure_many_clients || status=1
    [ "$SOAK_SECONDS" -eq 0 ] || measure_horizon_soak || status=1
    [ "$CONSUMER_SECONDS" -eq 0 ] || measure_consumers || status=1
    [ "$SQL_EDITION_INSERT_ROUNDS" -eq 0 ] || measure_sql_edition || status=1
    return "$status"
}

# The plots, made where the command was started (gnuplot is installed there if missing).
# plot_consumer_lags: each consumer's lag over the bystander scenario, where the consumers
# measured it.
plot_consumer_lags() {
    local lags=$OUT_DIR/pg$PG_MAJOR.consumer-lags.tsv
    [ -s "$lags" ] || return 0
    ensure_packages gnuplot:gnuplot-nox || return 1
    gnuplot -e "data='$lags'; output='$OUT_DIR/consumers-pg$PG_MAJOR.png'" \
        -e "heading='PostgreSQL $PG_MAJOR, $(nproc) cores: lag from COMMIT to read, a bystander open 3 s in every 4'" \
        test/bench/consumers.gp || return 1
    log "plot: $OUT_DIR/consumers-pg$PG_MAJOR.png"
}

plot_report() {
    ensure_packages gnuplot:gnuplot-nox || return 1
    gnuplot -e "data='$OUT_DIR/pg$PG_MAJOR.tsv'; output='$OUT_DIR/pg$PG_MAJOR.png'" \
        -e "heading='$(head -1 "$REPORT" | tr -d "'\`")'" test/bench/plot.gp || return 1
    log "plot: $OUT_DIR/pg$PG_MAJOR.png"
}

# The baseline's library is a planning session's, and measured alone: in the whole
# benchmark the time questions need the tree's library preloaded.
if [ -n "$PLAN_BASELINE" ] && [ "$PLAN_ONLY" -eq 0 ]; then
    log "BENCH_PLAN_BASELINE measures the planning overhead alone: set BENCH_PLAN_ONLY=1 with it"
    exit 1
fi
if [ -n "$READERS_BASELINE" ] && { [ "$READERS_ONLY" -eq 0 ] || [ -n "$PLAN_BASELINE" ]; }; then
    log "BENCH_READERS_BASELINE measures the horizon's readers alone: set BENCH_READERS_ONLY=1 with it, and no BENCH_PLAN_BASELINE"
    exit 1
fi
[ -z "$BASELINE" ] || [ -n "${UUIDX_IN_ROOT:-}" ] || export_baseline_sources || exit 1
if major_is_native "$PG_MAJOR"; then
    run_benchmark || exit 1
else
    trap leave_root EXIT
    enter_root "$PG_MAJOR" || { log "no root file system for PostgreSQL $PG_MAJOR"; exit 1; }
    if [ -n "$BASELINE" ]; then  # copy_sources leaves build/ out
        mkdir -p "$ENTERED_ROOT/build/uuidx/build/bench" &&
            cp -r "$BASELINE_DIR" "$ENTERED_ROOT/build/uuidx/build/bench/" || exit 1
    fi
    in_root "$ENTERED_ROOT" PG_MAJOR="$PG_MAJOR" $(env | grep '^BENCH_') \
        bash /build/uuidx/test/bench.sh
    status=$?
    mkdir -p "$OUT_DIR" && cp "$ENTERED_ROOT/build/uuidx/build/bench/pg$PG_MAJOR".* "$OUT_DIR/" 2>/dev/null
    leave_root
    [ "$status" -eq 0 ] || exit "$status"
fi
[ -n "${UUIDX_IN_ROOT:-}" ] && exit 0  # the report is shown by the run outside the root
cat "$REPORT"
[ "$TIME_ONLY" -ne 0 ] || [ "$HORIZON_ONLY" -ne 0 ] || [ "$PLAN_ONLY" -ne 0 ] || [ "$ONOFF_ONLY" -ne 0 ] ||
    [ "$CLIENTS_ONLY" -ne 0 ] || [ "$SOAK_ONLY" -ne 0 ] || [ "$CONSUMERS_ONLY" -ne 0 ] || [ "$READERS_ONLY" -ne 0 ] ||
    [ "$SQL_EDITION_ONLY" -ne 0 ] || plot_report
plot_consumer_lags
