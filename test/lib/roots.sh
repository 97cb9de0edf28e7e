# The PostgreSQL majors uuidx is tested on, and the Debian suite that carries each one.
# A major whose suite is not this machine's runs in a root file system of that suite,
# made with debootstrap and kept in $UUIDX_CACHE (rebuilt when missing).
# Source it after common.sh; it defines functions and sets nothing else in motion.

# Adding a major is one line: "MAJOR:SUITE". The first is the default of the main job and
# the one whose dump the others restore.
SUPPORTED_MAJORS=(
    "15:bookworm"
    "17:trixie"
    "18:sid"
)

# pg_upgrade needs both majors' servers in one root file system, and no suite carries two
# majors: "OLD:NEW" installs OLD's server from OLD's suite into NEW's root (that suite added
# as a second source, pinned below the root's own), and test/run-major.sh tests pg_upgrade
# from OLD to NEW there.
UPGRADE_PAIRS=(
    "17:18"
)

upgrade_sources_of() {  # upgrade_sources_of NEW: the OLD majors of NEW's pairs
    local pair
    for pair in "${UPGRADE_PAIRS[@]}"; do [ "${pair#*:}" = "$1" ] && echo "${pair%%:*}"; done
    return 0
}

# The roots (roots/SUITE), their pristine bases (base/SUITE) and the packages downloaded
# for them (debs/).
UUIDX_CACHE=${UUIDX_CACHE:-/var/cache/uuidx}
DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

major_numbers() { local entry; for entry in "${SUPPORTED_MAJORS[@]}"; do echo "${entry%%:*}"; done; }

suite_of_major() {
    local entry
    for entry in "${SUPPORTED_MAJORS[@]}"; do
        [ "${entry%%:*}" = "$1" ] && { echo "${entry#*:}"; return 0; }
    done
    return 1
}

host_suite() { (. /etc/os-release && echo "${VERSION_CODENAME:-unknown}"); }

# True when MAJOR runs on this machine itself rather than in a root file system.
major_is_native() { [ "$(suite_of_major "$1")" = "$(host_suite)" ]; }

# use_native_major: PG_MAJOR, PG_CONFIG and PG_BIN of this machine's own suite's major, for
# the scripts that run once on this machine (test/run-hardening.sh, test/run-release.sh).
use_native_major() {
    local major
    for major in $(major_numbers); do major_is_native "$major" && PG_MAJOR=$major; done
    PG_CONFIG=/usr/lib/postgresql/$PG_MAJOR/bin/pg_config
    PG_BIN=/usr/lib/postgresql/$PG_MAJOR/bin
}

root_dir() { echo "$UUIDX_CACHE/roots/$1"; }

# The peers that the tests and the benchmark compare uuidx with, switch from or run beside
# (pg_partman, TimescaleDB: test/integration/partman.sh, timescaledb.sh), installed where
# the suite packages them for the major (as postgresql-MAJOR-NAME).
PEER_EXTENSIONS=(pg-uuidv7 timescaledb partman)

# What a root holds besides the server: the tools the test command and the builds use
# (both compilers, so each build is checked with each). A name ending in ? is installed
# only where the suite has it.
root_packages() {
    local old peer packages="postgresql-$1 postgresql-server-dev-$1 make g++ clang libssl-dev ca-certificates faketime"
    for old in $(upgrade_sources_of "$1"); do packages+=" postgresql-$old postgresql-server-dev-$old"; done
    for peer in "${PEER_EXTENSIONS[@]}"; do packages+=" postgresql-$1-$peer?"; done
    echo "$packages"
}

# add_upgrade_sources ROOT MAJOR: the suites of the OLD majors that MAJOR's root installs.
add_upgrade_sources() {
    local root=$1 old suite
    for old in $(upgrade_sources_of "$2"); do
        suite=$(suite_of_major "$old") || continue
        echo "deb $DEBIAN_MIRROR $suite main" >"$root/etc/apt/sources.list.d/uuidx-$suite.list"
        printf 'Package: *\nPin: release n=%s\nPin-Priority: 100\n' "$suite" \
            >"$root/etc/apt/preferences.d/uuidx-$suite"
    done
}

# In-root commands see only what this sets: a clean environment, as on a fresh machine.
in_root() {
    local root=$1; shift
    chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
        TERM="${TERM:-dumb}" DEBIAN_FRONTEND=noninteractive "$@"
}

# The mounts a root needs while it is used; unmount_root undoes them, also after a failure.
mount_root() {
    local root=$1
    mountpoint -q "$root/proc" || mount -t proc proc "$root/proc" || return 1
    mkdir -p "$root/dev/shm"
    mountpoint -q "$root/dev/shm" || mount -t tmpfs -o mode=1777 shm "$root/dev/shm" || return 1
}

unmount_under() {  # unmount_under DIR: every mount below DIR, deepest first
    findmnt -n -l -o TARGET 2>/dev/null | awk -v dir="$1/" 'index($0, dir) == 1' | sort -r | xargs -r -n1 umount -l
    return 0
}

unmount_root() {
    local root=$1
    [ -n "$root" ] || return 0
    mountpoint -q "$root/dev/shm" && umount -l "$root/dev/shm"
    mountpoint -q "$root/proc" && umount -l "$root/proc"
    return 0
}

# ensure_root MAJOR: the root file system of MAJOR's suite, with MAJOR's packages, made or
# completed as needed. Prints its directory. Returns 2 when the suite no longer carries
# MAJOR (the caller counts that as skipped), 1 on any other failure.
# ensure_base_root SUITE: prints the directory of SUITE's pristine root file system
# ($UUIDX_CACHE/base/SUITE: debootstrap --variant=minbase and apt settings, no package
# added), made when missing. Roots are copies of it, so a package can be tested in a root
# where uuidx was never built (fresh_root).
ensure_base_root() {
    local suite=$1 base
    base=$UUIDX_CACHE/base/$1
    if [ ! -x "$base/usr/bin/apt-get" ]; then
        log "making the $suite base root file system in $base (debootstrap, a few minutes)"
        ensure_packages debootstrap:debootstrap || return 1
        # A debootstrap that was killed may have left /proc or /sys mounted in its target.
        unmount_under "$base.partial"
        rm -rf "$base.partial" && mkdir -p "$UUIDX_CACHE/debs" "$(dirname "$base")" || return 1
        debootstrap --variant=minbase --cache-dir="$UUIDX_CACHE/debs" "$suite" "$base.partial" \
            "$DEBIAN_MIRROR" >"$UUIDX_CACHE/debootstrap-$suite.log" 2>&1 ||
            { tail -20 "$UUIDX_CACHE/debootstrap-$suite.log" >&2; return 1; }
        # Package installs start no server and create no cluster; sid's Release file may be
        # past its Valid-Until date; downloads are kept for the next root.
        printf '#!/bin/sh\nexit 101\n' >"$base.partial/usr/sbin/policy-rc.d"
        chmod 755 "$base.partial/usr/sbin/policy-rc.d"
        mkdir -p "$base.partial/etc/postgresql-common"
        echo "create_main_cluster = false" >"$base.partial/etc/postgresql-common/createcluster.conf"
        printf '%s\n' 'Acquire::Check-Valid-Until "false";' 'APT::Install-Recommends "false";' \
            'Dpkg::Options { "--force-confold"; "--force-confdef"; };' \
            >"$base.partial/etc/apt/apt.conf.d/90uuidx"
        mv "$base.partial" "$base" || return 1
    fi
    echo "$base"
}

# fresh_root SUITE NAME: prints the directory of a new copy of SUITE's base root,
# $UUIDX_CACHE/roots/SUITE-NAME (an earlier copy of that name is replaced).
fresh_root() {
    local base root=$UUIDX_CACHE/roots/$1-$2
    base=$(ensure_base_root "$1") || return 1
    unmount_under "$root"
    rm -rf "$root" && mkdir -p "$(dirname "$root")" && cp -a "$base" "$root" || return 1
    cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null
    echo "$root"
}

# ensure_root MAJOR: prints the directory of the root file system of MAJOR's suite with
# root_packages installed (a copy of the suite's base root), made or completed when needed.
# Returns 2 when the suite no longer carries MAJOR.
ensure_root() {
    local major=$1 suite root stamp base
    suite=$(suite_of_major "$major") || return 1
    root=$(root_dir "$suite")
    stamp="$root/.uuidx-packages"

    if [ ! -x "$root/usr/bin/apt-get" ]; then
        base=$(ensure_base_root "$suite") || return 1
        log "making the $suite root file system in $root"
        unmount_under "$root.partial"
        rm -rf "$root.partial" && mkdir -p "$(dirname "$root")" && cp -a "$base" "$root.partial" &&
            mv "$root.partial" "$root" || return 1
    fi

    local packages
    packages=$(root_packages "$major")
    if [ "$(cat "$stamp" 2>/dev/null)" != "$packages" ]; then
        cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null
        add_upgrade_sources "$root" "$major"
        mount_root "$root" || return 1
        in_root "$root" apt-get update -qq >"$UUIDX_CACHE/apt-$suite.log" 2>&1 ||
            { tail -20 "$UUIDX_CACHE/apt-$suite.log" >&2; unmount_root "$root"; return 1; }
        if ! in_root "$root" apt-cache show "postgresql-$major" >/dev/null 2>&1; then
            log "Debian $suite no longer carries PostgreSQL $major: skipped (update SUPPORTED_MAJORS in test/lib/roots.sh)"
            unmount_root "$root"
            return 2
        fi
        local name wanted=()
        for name in $packages; do
            if [ "${name%\?}" = "$name" ]; then wanted+=("$name")
            elif in_root "$root" apt-cache show "${name%\?}" >/dev/null 2>&1; then wanted+=("${name%\?}")
            else log "Debian $suite has no ${name%\?}: the tests that use it will say so"
            fi
        done
        log "installing into the $suite root: ${wanted[*]}"
        in_root "$root" apt-get install -y -qq "${wanted[@]}" >>"$UUIDX_CACHE/apt-$suite.log" 2>&1 ||
            { tail -20 "$UUIDX_CACHE/apt-$suite.log" >&2; unmount_root "$root"; return 1; }
        unmount_root "$root"
        echo "$packages" >"$stamp"
    fi
    echo "$root"
}

# enter_root MAJOR [DIR]: MAJOR's root file system, made or completed as needed, with this
# tree (without build/) copied to /build/uuidx and DIR, if given, to /build/dump, and its
# mounts in place. Sets ENTERED_ROOT; leave_root unmounts (call it from an EXIT trap too).
# Returns as ensure_root: 2 when no suite carries MAJOR.
ENTERED_ROOT=""
enter_root() {
    local major=$1 dump_dir=${2:-} root status
    root=$(ensure_root "$major")
    status=$?
    [ "$status" -eq 0 ] || return "$status"
    rm -rf "$root/build/dump" && copy_sources "$root/build/uuidx" || return 1
    if [ -n "$dump_dir" ] && [ -d "$dump_dir" ]; then cp -r "$dump_dir" "$root/build/dump" || return 1; fi
    cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null
    mount_root "$root" || { unmount_root "$root"; return 1; }
    ENTERED_ROOT=$root
}

leave_root() {
    unmount_root "$ENTERED_ROOT"
    ENTERED_ROOT=""
}
