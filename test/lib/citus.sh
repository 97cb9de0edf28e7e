# Citus for test/tap/citus.pl. Debian does not package Citus, so where the server has none
# it is built from the release sources the project keeps beside the checkout
# (../shared/citus: the tarballs and their SHA256SUMS), once per major, and installed; the
# built tree is cached in $UUIDX_CACHE/citus (in a root file system, inside that root), so a
# warm run only installs it again. Sourced by test/run-major.sh after common.sh.

# The Citus release for each major it builds for (its configure check); none for 19.
citus_version_of_major() {
    case "$1" in
    15) echo 13.2.2 ;;
    16 | 17 | 18) echo 14.0.1 ;;
    *) return 1 ;;
    esac
}

# Where the sources are: UUIDX_CITUS_SOURCES if set, else the project's shared folder beside
# the checkout, else /build/citus (in a root file system, where copy_citus_sources puts them).
citus_sources_dir() {
    local dir
    for dir in "${UUIDX_CITUS_SOURCES:-}" "$UUIDX_ROOT/../shared/citus" /build/citus; do
        [ -n "$dir" ] && [ -f "$dir/SHA256SUMS" ] && { (cd "$dir" && pwd); return 0; }
    done
    return 1
}

# copy_citus_sources ROOT: the sources, where they are at hand, into a root file system
# entered with enter_root (test/lib/roots.sh), for the test command or the benchmark run there.
copy_citus_sources() {
    local sources
    rm -rf "$1/build/citus"
    sources=$(citus_sources_dir) || return 0
    cp -r "$sources" "$1/build/citus"
}

# ensure_citus: Citus installed for PG_CONFIG's major, built if need be (its output in
# build/citus.log). Its build needs the headers the server's own headers include: ICU's, and
# from 18 libcurl's, linked too (18's pg_config.h defines HAVE_LIBCURL, for OAuth, which Citus
# also reads to compile its usage statistics: the tests turn them off,
# citus.enable_statistics_collection). Returns 0 when it is installed, else prints why not and
# returns 77 (the TAP test then skips, saying so).
ensure_citus() {
    local libdir version sources tree cache log=$UUIDX_ROOT/build/citus.log
    libdir=$("$PG_CONFIG" --pkglibdir)
    [ -e "$libdir/citus.so" ] && return 0
    version=$(citus_version_of_major "$PG_MAJOR") || { log "Citus has no release for PostgreSQL $PG_MAJOR"; return 77; }
    sources=$(citus_sources_dir) || { log "Citus is not installed and its sources (../shared/citus) are not at hand"; return 77; }
    [ -f "$sources/citus-$version.tar.gz" ] || { log "no citus-$version.tar.gz in $sources"; return 77; }
    (cd "$sources" && grep " citus-$version.tar.gz\$" SHA256SUMS | sha256sum --check --status) ||
        { log "citus-$version.tar.gz does not match its checksum in $sources/SHA256SUMS"; return 1; }
    ensure_packages /usr/include/zstd.h:libzstd-dev /usr/include/lz4.h:liblz4-dev \
        /usr/include/gssapi/gssapi.h:libkrb5-dev /usr/include/unicode/ucol.h:libicu-dev curl-config:libcurl4-openssl-dev ||
        return 77
    cache=$UUIDX_CACHE/citus
    tree=$cache/citus-$version-pg$PG_MAJOR
    mkdir -p "$cache" "$(dirname "$log")" || return 1
    # Built where it stays (its Makefiles hold their absolute paths); the marker says it is
    # whole, and a tree without it is built again.
    if [ ! -f "$tree/.uuidx-built" ]; then
        log "building Citus $version for PostgreSQL $PG_MAJOR (a few minutes, once; cached in $cache)"
        rm -rf "$tree" && mkdir -p "$tree" &&
            tar xzf "$sources/citus-$version.tar.gz" -C "$tree" --strip-components=1 || return 1
        citus_build_fixes "$tree" || return 1
        (cd "$tree" && ./configure PG_CONFIG="$PG_CONFIG" && make -j"$(nproc)") >"$log" 2>&1 ||
            { grep -m5 -E 'error|Error' "$log" >&2; log "Citus $version did not build for PostgreSQL $PG_MAJOR (see build/citus.log)"; return 1; }
        touch "$tree/.uuidx-built" || return 1
    fi
    (cd "$tree" && make install PG_CONFIG="$PG_CONFIG") >>"$log" 2>&1 ||
        { tail -20 "$log" >&2; log "Citus $version did not install (see build/citus.log)"; return 1; }
    log "Citus $version installed for PostgreSQL $PG_MAJOR"
}

# citus_build_fixes TREE: Citus 13.2.2 defines have_createdb_privilege() for PostgreSQL 15,
# which 15.20's commands/dbcommands.h now declares too ("static declaration follows
# non-static declaration"): its copy is renamed where the server declares one.
citus_build_fixes() {
    local compat=$1/src/include/pg_version_compat.h
    grep -q 'have_createdb_privilege' "$("$PG_CONFIG" --includedir-server)/commands/dbcommands.h" || return 0
    grep -q '^static inline bool$' "$compat" 2>/dev/null || return 0
    grep -q 'citus_have_createdb_privilege' "$compat" && return 0
    sed -i '/^static inline bool$/{N;s/^static inline bool\nhave_createdb_privilege(void)$/#define have_createdb_privilege citus_have_createdb_privilege\n&/}' "$compat"
}
