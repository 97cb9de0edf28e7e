#!/usr/bin/env bash
# The order scope reported by the server is the one the cluster was started with, and
# uuidx.require_server_order behaves as documented in each mode.
# Run by test/run-tests.sh with UUIDX_MODE (session | preloaded) and the cluster's PG* env.
set -eu
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"

sql() { psql_quiet -At -d uuidx_order "$@"; }

psql_quiet -c 'SET client_min_messages = warning' -c 'DROP DATABASE IF EXISTS uuidx_order' -c 'CREATE DATABASE uuidx_order'
sql -c 'CREATE EXTENSION uuidx'

case "$UUIDX_MODE" in
preloaded)
    [ "$(sql -c 'SELECT uuidx_order_scope()')" = server ]
    # Demanding the server-wide order is accepted, and ordered generators work under it.
    [ "$(sql -c 'SET uuidx.require_server_order = on' -c 'SELECT public.uuid_extract_version(uuid_generate_v7())')" = 7 ]
    # Parallel workers inherit the shared cells from the postmaster: under a plan that
    # really launches workers, every row (most of them computed in a worker) reports the
    # server-wide scope, and the workers' v7 values are valid and distinct.
    sql -c "CREATE TABLE big AS SELECT g FROM generate_series(1, 200000) g" -c 'ANALYZE big'
    parallel='SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0;
              SET max_parallel_workers_per_gather = 2; SET parallel_leader_participation = off;'
    plan=$(sql -c "$parallel" -c 'EXPLAIN (ANALYZE, COSTS OFF) SELECT uuidx_order_scope() FROM big')
    grep -qE 'Workers Launched: [1-9]' <<<"$plan" || { echo "$plan"; echo "FAILED: no parallel worker launched"; exit 1; }
    [ "$(sql -c "$parallel" -c "SELECT count(*) FILTER (WHERE uuidx_order_scope() = 'server') FROM big")" = 200000 ]
    [ "$(sql -c "$parallel" -c 'SELECT count(DISTINCT u) FILTER (WHERE public.uuid_extract_version(u) = 7) FROM (SELECT uuid_generate_v7() AS u FROM big) s')" = 200000 ]
    ;;
session)
    [ "$(sql -c 'SELECT uuidx_order_scope()')" = session ]
    # expect_error itself: the failure below with another SQLSTATE, or a success, is no pass.
    if out=$(expect_error uuidx_order 22023 -c 'SET uuidx.require_server_order = on' -c 'SELECT uuid_generate_v7()'); then
        echo "$out"; echo "FAILED: expect_error took SQLSTATE 55000 for 22023"; exit 1
    fi
    if out=$(expect_error uuidx_order 55000 -c 'SELECT 1'); then
        echo "$out"; echo "FAILED: expect_error took a success for SQLSTATE 55000"; exit 1
    fi
    # Demanded by SET (before or after the library is loaded) or by the configuration (here
    # the connection's options), every ordered generator then fails with the fix in its
    # hint; unordered ones still work.
    for setting in 'SET uuidx.require_server_order = on' 'SELECT public.uuidv4()' ; do
        out=$(expect_error uuidx_order 55000 -c "$setting" -c 'SET uuidx.require_server_order = on' -c 'SELECT uuid_generate_v7()') &&
            grep -q "uuidx.require_server_order is on, but uuidx is not preloaded" <<<"$out" || { echo "$out"; exit 1; }
    done
    export PGOPTIONS='-c uuidx.require_server_order=on'
    for generator in 'uuid_generate_v7()' 'public.uuidv7()' "public.uuidv7('1 day')" 'uuid_generate_v6()' 'uuidv1()'; do
        out=$(expect_error uuidx_order 55000 -c "SELECT $generator") &&
            grep -q "HINT:  Add 'uuidx' to shared_preload_libraries" <<<"$out" || { echo "$out"; exit 1; }
    done
    [ "$(sql -c 'SELECT public.uuid_extract_version(public.uuidv4())')" = 4 ]
    [ "$(sql -c "SELECT public.uuid_extract_version(uuid_generate_v7(now()))")" = 7 ]
    unset PGOPTIONS
    ;;
*)
    echo "UUIDX_MODE must be session or preloaded"; exit 1 ;;
esac
psql_quiet -c 'DROP DATABASE uuidx_order'
echo "server order ($UUIDX_MODE): ok"
