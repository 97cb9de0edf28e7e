# Shared by the README's commands (test/run-tests.sh, test/demo.sh) and test/bench.sh:
# install what a fresh Debian 12 machine lacks, build and install uuidx, and run a
# throwaway PostgreSQL cluster on a unix socket in a temporary directory.
# Source it; it defines functions and sets nothing else in motion.

UUIDX_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
PG_MAJOR=${PG_MAJOR:-15}
APT_PACKAGES="make g++ clang-14 postgresql-$PG_MAJOR postgresql-server-dev-$PG_MAJOR libssl-dev libgtest-dev"

log() { printf '==> %s\n' "$*" >&2; }

is_root() { [ "$(id -u)" -eq 0 ]; }

# Every missing piece in one apt-get run; as another user, the exact line to run.
ensure_dependencies() {
    local missing=()
    command -v make >/dev/null || missing+=(make)
    command -v g++ >/dev/null || missing+=(g++)
    command -v clang-14 >/dev/null || missing+=(clang-14)
    [ -x "/usr/lib/postgresql/$PG_MAJOR/bin/postgres" ] || missing+=("postgresql-$PG_MAJOR")
    [ -f "/usr/include/postgresql/$PG_MAJOR/server/postgres.h" ] || missing+=("postgresql-server-dev-$PG_MAJOR")
    [ -f /usr/include/openssl/rand.h ] || missing+=(libssl-dev)
    [ -f /usr/include/gtest/gtest.h ] || missing+=(libgtest-dev)
    if [ ${#missing[@]} -eq 0 ]; then return 0; fi
    if ! is_root; then
        log "missing: ${missing[*]}. Run as root:"
        echo "  apt-get update && apt-get install -y $APT_PACKAGES" >&2
        return 1
    fi
    log "installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

PG_CONFIG=${PG_CONFIG:-/usr/lib/postgresql/$PG_MAJOR/bin/pg_config}
PG_BIN=/usr/lib/postgresql/$PG_MAJOR/bin
export PG_CONFIG

# Builds the extension and installs it into the server's directories.
build_and_install() {
    log "building uuidx"
    make -C "$UUIDX_ROOT" -s -j2 PG_CONFIG="$PG_CONFIG" >/dev/null &&
        make -C "$UUIDX_ROOT" -s install PG_CONFIG="$PG_CONFIG" >/dev/null
}

# PostgreSQL refuses to run as root: as root, the server runs as the postgres user.
as_server_user() {
    if is_root; then runuser -u postgres -- "$@"; else "$@"; fi
}

CLUSTER_DIR=""

# start_cluster [postgresql.conf lines...]: a new cluster, listening on a unix socket only.
# Exports PGHOST, PGPORT, PGUSER and PGDATABASE for psql, pg_regress and pgbench.
start_cluster() {
    CLUSTER_DIR=$(mktemp -d /tmp/uuidx-pg.XXXXXX)
    chmod 755 "$CLUSTER_DIR"
    is_root && chown postgres: "$CLUSTER_DIR"
    as_server_user "$PG_BIN/initdb" -D "$CLUSTER_DIR/data" -U postgres --auth=trust -E UTF8 \
        --locale=C.UTF-8 >"$CLUSTER_DIR/initdb.log" 2>&1 || { cat "$CLUSTER_DIR/initdb.log" >&2; return 1; }
    {
        echo "listen_addresses = ''"
        echo "unix_socket_directories = '$CLUSTER_DIR'"
        echo "port = 5432"
        echo "fsync = off"
        echo "max_connections = 40"
        echo "jit = off"
        local line
        for line in "$@"; do echo "$line"; done
    } >>"$CLUSTER_DIR/data/postgresql.conf"
    as_server_user "$PG_BIN/pg_ctl" -D "$CLUSTER_DIR/data" -l "$CLUSTER_DIR/server.log" -w start >/dev/null ||
        { cat "$CLUSTER_DIR/server.log" >&2; return 1; }
    export PGHOST=$CLUSTER_DIR PGPORT=5432 PGUSER=postgres PGDATABASE=postgres
}

# Stops and removes the cluster; safe to call twice and from a trap.
stop_cluster() {
    [ -n "$CLUSTER_DIR" ] || return 0
    as_server_user "$PG_BIN/pg_ctl" -D "$CLUSTER_DIR/data" -m immediate -w stop >/dev/null 2>&1
    rm -rf "$CLUSTER_DIR"
    CLUSTER_DIR=""
}

psql_quiet() { "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 "$@"; }
