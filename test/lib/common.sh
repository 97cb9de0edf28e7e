# Shared by the README's commands (test/run-tests.sh, test/demo.sh) and test/bench.sh:
# install what a fresh Debian 12 machine lacks, build and install uuidx, and run a
# throwaway PostgreSQL cluster on a unix socket in a temporary directory.
# Source it; it defines functions and sets nothing else in motion.

UUIDX_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
PG_MAJOR=${PG_MAJOR:-15}

# UUIDX_LABEL (e.g. pg17) prefixes every line, so a log of several majors says whose it is.
log() { printf '==> %s%s\n' "${UUIDX_LABEL:+[$UUIDX_LABEL] }" "$*" >&2; }

is_root() { [ "$(id -u)" -eq 0 ]; }

# The status of a step that needed Debian's archive and could not reach it, and the lines
# apt-get and debootstrap print when that happens (archive_unreachable LOG): the callers
# make the tests that needed it visible skips, never failures.
EXIT_UNREACHABLE=3
archive_unreachable() {
    grep -qE 'Failed to fetch|Could not resolve|Temporary failure resolving|Could not connect|Unable to connect|Failed getting release file|Network is unreachable|Connection timed out' "$1"
}

# ensure_packages PATH:PACKAGE...: installs, in one apt-get run, the package of every
# PATH that is missing (a command name or an absolute path); as another user, prints the
# exact line to run. Returns EXIT_UNREACHABLE when Debian's archive could not be reached.
ensure_packages() {
    local entry path missing=() apt_log status
    for entry in "$@"; do
        path=${entry%%:*}
        if [ "${path#/}" != "$path" ]; then [ -e "$path" ]; else command -v "$path" >/dev/null; fi ||
            missing+=("${entry#*:}")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if ! is_root; then
        log "missing: ${missing[*]}. Run as root:"
        echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
        return 1
    fi
    log "installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt_log=$(mktemp /tmp/uuidx-apt.XXXXXX)
    # One apt-get at a time: the test command's two streams (test/run-tests.sh) may both install.
    flock -w 1800 /var/lock/uuidx-apt.lock bash -c 'apt-get update -qq && apt-get install -y -qq --no-install-recommends "$@"' \
        apt "${missing[@]}" >"$apt_log" 2>&1
    status=$?
    if [ "$status" -ne 0 ]; then
        tail -5 "$apt_log" >&2
        if archive_unreachable "$apt_log"; then
            log "could not fetch ${missing[*]}: Debian's archive is unreachable"
            status=$EXIT_UNREACHABLE
        fi
    fi
    rm -f "$apt_log"
    return "$status"
}

# What the core's unit tests need (they do not depend on the PostgreSQL major).
ensure_unit_dependencies() {
    ensure_packages make:make g++:g++ /usr/include/openssl/rand.h:libssl-dev \
        /usr/include/gtest/gtest.h:libgtest-dev
}

# What building uuidx for PG_MAJOR and running its servers need: the server, its headers,
# and the clang that PGXS compiles LLVM bitcode with (the one the server was built with).
ensure_dependencies() {
    ensure_packages make:make g++:g++ /usr/include/openssl/rand.h:libssl-dev \
        "/usr/lib/postgresql/$PG_MAJOR/bin/postgres:postgresql-$PG_MAJOR" \
        "/usr/include/postgresql/$PG_MAJOR/server/postgres.h:postgresql-server-dev-$PG_MAJOR" || return 1
    local clang
    clang=$(sed -n 's/^CLANG = //p' "/usr/lib/postgresql/$PG_MAJOR/lib/pgxs/src/Makefile.global")
    [ -z "$clang" ] || ensure_packages "$clang:$(basename "$clang")"
}

# The extension's version, as the Makefile reads it from uuidx.control (the one reader).
uuidx_version() { make -s -C "$UUIDX_ROOT" --no-print-directory print-EXTVERSION PG_CONFIG=/bin/false; }

PG_CONFIG=${PG_CONFIG:-/usr/lib/postgresql/$PG_MAJOR/bin/pg_config}
# The server of the pg_config given: a PG_CONFIG of another installation alone must not start
# this machine's server, which would load this machine's uuidx.
PG_BIN=${PG_BIN:-$(dirname "$PG_CONFIG")}
export PG_CONFIG

# Builds the extension (from clean) and installs it into the server's directories. Extra
# arguments go to make (e.g. CXX=clang++).
build_and_install() {
    log "building uuidx for PostgreSQL $PG_MAJOR $*"
    make -C "$UUIDX_ROOT" -s clean PG_CONFIG="$PG_CONFIG" >/dev/null &&
        make -C "$UUIDX_ROOT" -s -j2 PG_CONFIG="$PG_CONFIG" "$@" >/dev/null &&
        make -C "$UUIDX_ROOT" -s install PG_CONFIG="$PG_CONFIG" "$@" >/dev/null
}

# copy_sources DEST: the tree's sources into DEST (emptied first), without git's data,
# logs, installed npm packages and anything a build made, so that a build there starts
# from nothing.
copy_sources() {
    rm -rf "$1" && mkdir -p "$1" &&
        tar -C "$UUIDX_ROOT" --exclude=./.git --exclude=./build --exclude=./results --exclude='*.o' \
            --exclude='*.bc' --exclude='*.so' --exclude='*.zip' --exclude=node_modules -cf - . | tar -C "$1" -xf -
}

# run_from_writable_checkout SCRIPT [ARGS...]: the README's commands build in the tree and
# write their logs to build/. From a checkout this machine cannot write (a read-only mount,
# a read-only clone), SCRIPT (the caller, relative to the tree) runs again from a copy of
# it, .git included, in UUIDX_WRITABLE_COPY (default /var/tmp/uuidx-checkout, replaced),
# and says so on its first line. Returns when the checkout is writable.
run_from_writable_checkout() {
    local script=$1 copy=${UUIDX_WRITABLE_COPY:-/var/tmp/uuidx-checkout}
    shift
    mkdir -p "$UUIDX_ROOT/build" 2>/dev/null && touch "$UUIDX_ROOT/build/.writable" 2>/dev/null && return 0
    if [ -n "${UUIDX_COPIED_FROM:-}" ]; then
        log "neither the checkout $UUIDX_COPIED_FROM nor its copy $UUIDX_ROOT can be written"
        exit 2
    fi
    log "the checkout $UUIDX_ROOT cannot be written: running from a copy of it in $copy (logs in $copy/build)"
    rm -rf "$copy" && mkdir -p "$copy" && tar -C "$UUIDX_ROOT" --exclude=./build --exclude=./results \
        --exclude=node_modules -cf - . | tar -C "$copy" -xf - ||
        { log "could not copy the checkout to $copy: set UUIDX_WRITABLE_COPY to a directory that can be written"; exit 2; }
    UUIDX_COPIED_FROM=$UUIDX_ROOT exec bash "$copy/$script" "$@"
}

# PostgreSQL refuses to run as root: as root, the server runs as the postgres user, from /
# when it cannot enter the current directory (a root user's clone, where initdb and pg_ctl
# would complain), so a COMMAND given here takes absolute paths.
as_server_user() {
    if is_root; then
        (runuser -u postgres -- test -x "$PWD" || cd / && runuser -u postgres -- "$@")
    else
        "$@"
    fi
}

# server_user_dir NAME: prints a new directory /tmp/NAME.XXXXXX that the server user owns,
# holding tree/, a copy of the tree's sources that it can read. The server user may not
# enter the checkout itself (a root user's clone in /root, mode 700, or one made with umask
# 077), so whatever it reads itself (the TAP tests, their modules, the guide whose recipes
# they run: docs/multi-server.md) it reads from tree/. The caller removes the directory.
server_user_dir() {
    local dir
    dir=$(mktemp -d "/tmp/$1.XXXXXX") && chmod 755 "$dir" && copy_sources "$dir/tree" && chmod -R a+rX "$dir/tree" &&
        { ! is_root || chown postgres: "$dir"; } || return 1
    echo "$dir"
}

# as_tap_user DIR COMMAND...: COMMAND as the server user in DIR (from server_user_dir), set
# up for PostgreSQL's TAP framework of PG_CONFIG's major (PostgreSQL::Test::Cluster), with
# the tests' own modules (DIR/tree/test/tap/lib) on PERL5LIB; TAP clusters go to DIR.
as_tap_user() {
    local dir=$1 pgxs
    shift
    pgxs=$(dirname "$(dirname "$("$PG_CONFIG" --pgxs)")")  # .../lib/pgxs/src
    (cd "$dir" && as_server_user env PATH="$PG_BIN:$PATH" PERL5LIB="$pgxs/test/perl:$dir/tree/test/tap/lib" \
        TESTDIR="$dir" PG_REGRESS="$pgxs/test/regress/pg_regress" "$@")
}

# npm_ci DIR [OPTIONS...]: the packages of DIR's package-lock.json, at its exact versions.
# When npm cannot reach its registry, npm's cache is all there is (npm ci --offline); what
# it lacks makes this return 77 (a test's skip), with the reason on its last line: a machine
# without a route to the npm registry skips, visibly, the tests that need its packages.
npm_ci() {
    local dir=$1 ping
    shift
    if ping=$(timeout 60 npm ping --fetch-retries=0 --fetch-timeout=20000 2>&1); then
        (cd "$dir" && npm ci --no-audit --no-fund "$@")
        return
    fi
    (cd "$dir" && npm ci --offline --no-audit --no-fund "$@") && return 0
    echo "could not fetch the npm packages of ${dir#"$UUIDX_ROOT"/}: the npm registry ($(npm config get registry)) cannot" \
        "be reached from here ($(grep -m1 -iE 'error|reason|fail' <<<"$ping" | sed 's/^npm ERR! //; s/^npm error //' | cut -c1-120)): skipped"
    return 77
}

CLUSTER_DIR=""

# new_cluster_dir: an empty directory for clusters and their sockets, owned by the server
# user; sets CLUSTER_DIR (stop_cluster removes it).
new_cluster_dir() {
    CLUSTER_DIR=$(mktemp -d /tmp/uuidx-pg.XXXXXX)
    chmod 755 "$CLUSTER_DIR"
    is_root && chown postgres: "$CLUSTER_DIR"
    return 0
}

# init_data_dir BIN DATA [initdb options...]: a data directory in CLUSTER_DIR made by
# BIN/initdb, configured to listen on CLUSTER_DIR's unix socket only.
init_data_dir() {
    local bin=$1 data=$2
    shift 2
    as_server_user "$bin/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 "$@" \
        >"$data.initdb.log" 2>&1 || { cat "$data.initdb.log" >&2; return 1; }
    printf '%s\n' "listen_addresses = ''" "unix_socket_directories = '$CLUSTER_DIR'" "port = 5432" \
        "fsync = off" "max_connections = 40" "jit = off" >>"$data/postgresql.conf"
}

# start_data_dir BIN DATA: starts the server; exports PGHOST, PGPORT, PGUSER and PGDATABASE
# for psql, pg_regress and pgbench.
start_data_dir() {
    as_server_user "$1/pg_ctl" -D "$2" -l "$2.log" -w start >/dev/null || { cat "$2.log" >&2; return 1; }
    export PGHOST=$CLUSTER_DIR PGPORT=5432 PGUSER=postgres PGDATABASE=postgres
}

# start_cluster [postgresql.conf lines...]: a new cluster of PG_BIN in CLUSTER_DIR/data.
start_cluster() {
    new_cluster_dir && init_data_dir "$PG_BIN" "$CLUSTER_DIR/data" || return 1
    local line
    for line in "$@"; do echo "$line"; done >>"$CLUSTER_DIR/data/postgresql.conf"
    start_data_dir "$PG_BIN" "$CLUSTER_DIR/data"
}

# Stops every server of CLUSTER_DIR and removes it; safe to call twice and from a trap.
stop_cluster() {
    [ -n "$CLUSTER_DIR" ] || return 0
    local pid_file
    for pid_file in "$CLUSTER_DIR"/*/postmaster.pid; do
        [ -f "$pid_file" ] || continue
        as_server_user "$PG_BIN/pg_ctl" -D "$(dirname "$pid_file")" -m immediate -w stop >/dev/null 2>&1
    done
    rm -rf "$CLUSTER_DIR"
    CLUSTER_DIR=""
}

# peer_version EXTENSION: the default version of EXTENSION installed for PG_CONFIG's server
# (its control file's), nothing when it is not installed.
peer_version() {
    local control
    control="$("$PG_CONFIG" --sharedir)/extension/$1.control"
    [ ! -f "$control" ] || sed -n "s/^default_version = '\(.*\)'/\1/p" "$control"
}
at_least_version() { printf '%s\n%s\n' "$1" "$2" | sort -V -C; }  # at_least_version MINIMUM VERSION

# require_peer EXTENSION LABEL [MIN_VERSION WHY]: for the integration tests of a peer
# extension. Exits 77 (a visible skip, its reason on the last line) when this major has no
# package of it, or one older than MIN_VERSION (WHY says what that version added); sets
# PEER_VERSION otherwise.
require_peer() {
    PEER_VERSION=$(peer_version "$1")
    if [ -z "$PEER_VERSION" ]; then
        echo "$2 is not installed for PostgreSQL $PG_MAJOR (this suite does not package it, or Debian's archive was unreachable): skipped"
        exit 77
    fi
    if [ -n "${3:-}" ] && ! at_least_version "$3" "$PEER_VERSION"; then
        echo "$2 $PEER_VERSION is older than $3, which added $4: skipped"
        exit 77
    fi
}

psql_quiet() { "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 "$@"; }

# expect_error DATABASE SQLSTATE [psql options] -c SQL...: the statements must fail with that
# SQLSTATE; prints psql's error lines (message, detail, hint), for a caller to read further.
# On a failure it prints what it got, message included: a caller captures the output and
# checks the status (out=$(expect_error ...) || ...), since a pipe into grep would lose it.
expect_error() {
    local database=$1 want=$2 output
    shift 2
    output=$(psql_quiet -At -d "$database" -v VERBOSITY=verbose "$@" 2>&1) && { echo "expected $want, got success"; return 1; }
    grep -q "ERROR:  $want:" <<<"$output" || { echo "expected $want, got: $output"; return 1; }
    echo "$output"
}

# expect_true DATABASE DESCRIPTION SQL: the tests' assertion; the SQL's last result must be t.
expect_true() {
    local got
    got=$(psql_quiet -At -d "$1" -c "$3")
    [ "$got" = t ] || { echo "FAILED: $2 (got '$got')" >&2; return 1; }
    echo "ok: $2"
}
