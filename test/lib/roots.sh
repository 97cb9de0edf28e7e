# The PostgreSQL majors uuidx is tested on, and the Debian suite that carries each one.
# A major whose suite is not this machine's runs in a root file system of that suite,
# made with debootstrap and kept in $UUIDX_CACHE (rebuilt when missing).
# Source it after common.sh; it defines functions and sets nothing else in motion.

# Adding a major is one line: "MAJOR:SUITE", or "MAJOR:SUITE+EXTRA" for a major that only
# a NotAutomatic suite carries (Debian's experimental): EXTRA is added to SUITE's root,
# pinned to that major's packages alone. Majors of one suite share its root. The first
# major is the default of the main job.
SUPPORTED_MAJORS=(
    "15:bookworm"
    "17:trixie"
    "18:sid"
    "19:sid+experimental"
)

# The majors whose dump every newer major restores (test/cross-major/dump_restore.sh): the
# oldest, and the newest stable one, the likeliest source of a move to a new major.
DUMP_MAJORS=(15 18)

# pg_upgrade needs both majors' servers in one root file system: "OLD:NEW" installs OLD's
# server into NEW's root (from OLD's suite, added as a second source pinned below the
# root's own, when that is another suite), and test/run-major.sh tests pg_upgrade from OLD
# to NEW there.
UPGRADE_PAIRS=(
    "17:18"
    "18:19"
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

# differential_mode_of MAJOR: the one mode (preloaded | session) the planner differential
# (test/integration/planner_differential.sh, some 90 s a mode) runs in on MAJOR, alternating
# over the supported majors from the oldest, preloaded: a whole run plans its queries in
# both modes, in half the time of both modes on every major.
differential_mode_of() {
    local position
    position=$(major_numbers | grep -nx "$1" | cut -d: -f1)
    [ $(( ${position:-1} % 2 )) -eq 1 ] && echo preloaded || echo session
}

# suite_of_major MAJOR: the suite whose root runs MAJOR ("sid" for "19:sid+experimental").
suite_of_major() {
    local entry suites
    for entry in "${SUPPORTED_MAJORS[@]}"; do
        suites=${entry#*:}
        [ "${entry%%:*}" = "$1" ] && { echo "${suites%%+*}"; return 0; }
    done
    return 1
}

# extra_suite_of_major MAJOR: the NotAutomatic suite MAJOR's packages come from, if any.
extra_suite_of_major() {
    local entry
    for entry in "${SUPPORTED_MAJORS[@]}"; do
        [ "${entry%%:*}" = "$1" ] && [ "${entry#*+}" != "$entry" ] && echo "${entry#*+}"
    done
    return 0
}

# majors_of_suite SUITE: every supported major whose root is SUITE's.
majors_of_suite() {
    local major
    for major in $(major_numbers); do [ "$(suite_of_major "$major")" = "$1" ] && echo "$major"; done
    return 0
}

host_suite() { (. /etc/os-release && echo "${VERSION_CODENAME:-unknown}"); }

# True when MAJOR runs on this machine itself rather than in a root file system; inside a
# root (in_root sets UUIDX_IN_ROOT), every major is: the root is the one of its suite (whose
# codename need not be its name: sid's os-release says forky).
major_is_native() { [ -n "${UUIDX_IN_ROOT:-}" ] || [ "$(suite_of_major "$1")" = "$(host_suite)" ]; }

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
# (pg_partman, TimescaleDB: test/integration/partman.sh, timescaledb.sh; pglogical:
# test/tap/pglogical.pl; pg_cron: the exact rollups' schedule, test/rollup_check.sh; PgQ:
# the consumers' benchmark, test/bench/consumers.pl), installed where the suite packages
# them for the major (as postgresql-MAJOR-NAME).
PEER_EXTENSIONS=(pg-uuidv7 timescaledb partman pglogical cron pgq3)

# ensure_peer_packages MAJOR: the peers this machine's suite packages for MAJOR, installed
# here too (a root gets them with root_packages), so that a test that needs one runs, or
# says why not (too old a version), rather than finding it missing.
ensure_peer_packages() {
    local peer wanted=()
    is_root || return 0
    for peer in "${PEER_EXTENSIONS[@]}"; do
        dpkg -s "postgresql-$1-$peer" >/dev/null 2>&1 && continue
        apt-cache show "postgresql-$1-$peer" >/dev/null 2>&1 && wanted+=("postgresql-$1-$peer")
    done
    [ ${#wanted[@]} -eq 0 ] && return 0
    log "installing ${wanted[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${wanted[@]}" >/dev/null
}

# What a suite's root adds for tests that run only there, "SUITE:PACKAGE...": in sid, the
# frameworks of test/frameworks (run on PostgreSQL 18) and the Node.js and npm they need.
SUITE_PACKAGES=(
    "sid:python3-django python3-sqlalchemy alembic python3-psycopg ruby-activerecord ruby-pg nodejs npm"
)

# What a suite's root holds: the server of each of its majors and of the older majors it
# upgrades from, the tools the test command and the builds use (both compilers, so each
# build is checked with each), and SUITE_PACKAGES. A name ending in ? is installed only where
# the suite has it (the test that needs a missing one says so).
root_packages() {
    local major old peer entry name packages="make g++ clang libssl-dev ca-certificates faketime libipc-run-perl pgbouncer"
    for major in $(majors_of_suite "$1"); do
        packages+=" postgresql-$major postgresql-server-dev-$major"
        for old in $(upgrade_sources_of "$major"); do
            [[ " $packages " == *" postgresql-$old "* ]] || packages+=" postgresql-$old postgresql-server-dev-$old"
        done
        for peer in "${PEER_EXTENSIONS[@]}"; do packages+=" postgresql-$major-$peer?"; done
    done
    for entry in "${SUITE_PACKAGES[@]}"; do
        [ "${entry%%:*}" = "$1" ] || continue
        for name in ${entry#*:}; do packages+=" $name?"; done
    done
    echo "$packages"
}

# add_extra_sources ROOT SUITE: the sources a suite's root needs besides its own: the
# suites of the older majors it upgrades from (pinned below its own, so they bring only
# what is asked of them), and the NotAutomatic suite of a major only it carries, pinned to
# that major's packages and the libpq they need (experimental: PostgreSQL 19).
add_extra_sources() {
    local root=$1 major old suite extra
    for major in $(majors_of_suite "$2"); do
        for old in $(upgrade_sources_of "$major"); do
            suite=$(suite_of_major "$old") || continue
            [ "$suite" = "$2" ] && continue
            echo "deb $DEBIAN_MIRROR $suite main" >"$root/etc/apt/sources.list.d/uuidx-$suite.list"
            printf 'Package: *\nPin: release n=%s\nPin-Priority: 100\n' "$suite" \
                >"$root/etc/apt/preferences.d/uuidx-$suite"
        done
        extra=$(extra_suite_of_major "$major")
        [ -n "$extra" ] || continue
        echo "deb $DEBIAN_MIRROR $extra main" >"$root/etc/apt/sources.list.d/uuidx-$extra.list"
        printf 'Package: postgresql-%s* postgresql-server-dev-%s postgresql-client-%s* libpq*\nPin: release a=%s\nPin-Priority: 500\n' \
            "$major" "$major" "$major" "$extra" >"$root/etc/apt/preferences.d/uuidx-$extra-$major"
    done
}

# In-root commands see only what this sets: a clean environment, as on a fresh machine,
# but for the way this machine reaches the network (its proxy settings, npm's registry),
# which the root's apt-get and npm need as much as this machine's.
in_root() {
    local root=$1 name network=()
    shift
    for name in http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY npm_config_registry; do
        [ -z "${!name:-}" ] || network+=("$name=${!name}")
    done
    chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
        TERM="${TERM:-dumb}" DEBIAN_FRONTEND=noninteractive UUIDX_IN_ROOT=1 "${network[@]}" "$@"
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

# fetch_failure LOG: the status of a root's debootstrap or apt-get that failed, from its log:
# EXIT_UNREACHABLE when Debian's archive could not be reached, 1 otherwise.
fetch_failure() {
    if archive_unreachable "$1"; then log "Debian's archive is unreachable (see $1)"; return "$EXIT_UNREACHABLE"; fi
    return 1
}

# ensure_base_root SUITE: prints the directory of SUITE's pristine root file system
# ($UUIDX_CACHE/base/SUITE: debootstrap --variant=minbase and apt settings, no package
# added), made when missing. Roots are copies of it, so a package can be tested in a root
# where uuidx was never built (fresh_root).
ensure_base_root() {
    local suite=$1 base
    base=$UUIDX_CACHE/base/$1
    if [ ! -x "$base/usr/bin/apt-get" ]; then
        log "making the $suite base root file system in $base (debootstrap, a few minutes)"
        ensure_packages debootstrap:debootstrap || return $?
        # A debootstrap that was killed may have left /proc or /sys mounted in its target.
        unmount_under "$base.partial"
        # A cache of its own per suite: two suites may be bootstrapped at once (test/run-tests.sh).
        rm -rf "$base.partial" && mkdir -p "$UUIDX_CACHE/debs/$suite" "$(dirname "$base")" || return 1
        debootstrap --variant=minbase --cache-dir="$UUIDX_CACHE/debs/$suite" "$suite" "$base.partial" \
            "$DEBIAN_MIRROR" >"$UUIDX_CACHE/debootstrap-$suite.log" 2>&1 ||
            { tail -20 "$UUIDX_CACHE/debootstrap-$suite.log" >&2; fetch_failure "$UUIDX_CACHE/debootstrap-$suite.log"; return; }
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
    base=$(ensure_base_root "$1") || return
    unmount_under "$root"
    rm -rf "$root" && mkdir -p "$(dirname "$root")" && cp -a "$base" "$root" || return 1
    cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null
    echo "$root"
}

# ensure_root MAJOR: prints the directory of the root file system of MAJOR's suite with
# root_packages installed (a copy of the suite's base root), made or completed when needed.
# Returns 2 when the suite no longer carries MAJOR, EXIT_UNREACHABLE when Debian's archive
# could not be reached to make or complete it.
ensure_root() {
    local major=$1 suite root stamp base
    suite=$(suite_of_major "$major") || return 1
    root=$(root_dir "$suite")
    stamp="$root/.uuidx-packages"

    if [ ! -x "$root/usr/bin/apt-get" ]; then
        base=$(ensure_base_root "$suite") || return
        log "making the $suite root file system in $root"
        unmount_under "$root.partial"
        rm -rf "$root.partial" && mkdir -p "$(dirname "$root")" && cp -a "$base" "$root.partial" &&
            mv "$root.partial" "$root" || return 1
    fi

    local packages
    packages=$(root_packages "$suite")
    if [ "$(cat "$stamp" 2>/dev/null)" != "$packages" ]; then
        cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null
        add_extra_sources "$root" "$suite"
        mount_root "$root" || return 1
        in_root "$root" apt-get update -qq >"$UUIDX_CACHE/apt-$suite.log" 2>&1 ||
            { tail -20 "$UUIDX_CACHE/apt-$suite.log" >&2; unmount_root "$root"; fetch_failure "$UUIDX_CACHE/apt-$suite.log"; return; }
        # A major its suite no longer carries is left out; the others are installed.
        local name carried missing=" "
        for carried in $(majors_of_suite "$suite"); do
            in_root "$root" apt-cache show "postgresql-$carried" >/dev/null 2>&1 || missing+="$carried "
        done
        local wanted=()
        for name in $packages; do
            [[ "$missing" == *" $(sed -n 's/^postgresql-\(server-dev-\)\{0,1\}\([0-9][0-9]*\).*/\2/p' <<<"$name") "* ]] &&
                continue
            if [ "${name%\?}" = "$name" ]; then wanted+=("$name")
            elif in_root "$root" apt-cache show "${name%\?}" >/dev/null 2>&1; then wanted+=("${name%\?}")
            else log "Debian $suite has no ${name%\?}: the tests that use it will say so"
            fi
        done
        log "installing into the $suite root: ${wanted[*]}"
        in_root "$root" apt-get install -y -qq "${wanted[@]}" >>"$UUIDX_CACHE/apt-$suite.log" 2>&1 ||
            { tail -20 "$UUIDX_CACHE/apt-$suite.log" >&2; unmount_root "$root"; fetch_failure "$UUIDX_CACHE/apt-$suite.log"; return; }
        unmount_root "$root"
        echo "$packages" >"$stamp"
    fi
    if [ ! -x "$root/usr/lib/postgresql/$major/bin/postgres" ]; then
        log "Debian $suite no longer carries PostgreSQL $major: skipped (update SUPPORTED_MAJORS in test/lib/roots.sh)"
        return 2
    fi
    echo "$root"
}

# enter_root MAJOR [DIR]: MAJOR's root file system, made or completed as needed, with this
# tree (without build/) copied to /build/uuidx and DIR, if given, to /build/dump, and its
# mounts in place. Sets ENTERED_ROOT; leave_root unmounts (call it from an EXIT trap too).
# Returns as ensure_root: 2 when no suite carries MAJOR, EXIT_UNREACHABLE without the archive.
ENTERED_ROOT=""
enter_root() {
    local major=$1 dump_dir=${2:-} root status
    root=$(ensure_root "$major")
    status=$?
    [ "$status" -eq 0 ] || return "$status"
    rm -rf "$root/build/dump" && copy_sources "$root/build/uuidx" || return 1
    if [ -n "$dump_dir" ] && [ -d "$dump_dir" ]; then cp -r "$dump_dir" "$root/build/dump" || return 1; fi
    cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null
    # The certificates this machine trusts, for npm in the root (test/frameworks/run.sh sets
    # NODE_EXTRA_CA_CERTS): a machine whose traffic passes a TLS-inspecting proxy trusts the
    # proxy's certificate, which the root's ca-certificates lacks.
    mkdir -p "$root/etc/uuidx" && cp /etc/ssl/certs/ca-certificates.crt "$root/etc/uuidx/host-certificates.crt" 2>/dev/null
    mount_root "$root" || { unmount_root "$root"; return 1; }
    ENTERED_ROOT=$root
}

leave_root() {
    unmount_root "$ENTERED_ROOT"
    ENTERED_ROOT=""
}
