#!/usr/bin/env bash
# Debian packages of uuidx (`make deb`), in the conventions of Debian's PostgreSQL
# extension packages (debian/: control.in, pgversions, pg_buildext, dh --with pgxs_loop).
# For the majors asked for (UUIDX_PACKAGE_MAJORS, default every supported one; the test
# command runs the oldest), in the root file system of each one's suite (test/lib/roots.sh),
# once a suite (sid builds 18's and 19's):
#   1. dpkg-buildpackage -us -uc, after `pg_buildext updatecontrol` (debian/control names
#      the majors of the suite); its dh_pgxs_test runs the regression suite against the
#      built package. The packages are copied to build/debian/SUITE/;
#   2. lintian on the build: no error;
#   3. a fresh root of the suite (a copy of its pristine base, where uuidx was never
#      built): `apt-get install ./postgresql-NN-uuidx_*.deb`, then `pg_buildext
#      installcheck` from the sources against the installed package;
#   4. there, uuidx_sql as the package carries it (its files, its tests), and the client
#      tests (test/clients/) against the installed package with the suite's own Node.js,
#      npm and psycopg: on bookworm, Debian 12's Node.js 18.
# Ends with "N passed, N failed, N skipped", as test/run-major.sh does.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
source "$(dirname "${BASH_SOURCE[0]}")/lib/roots.sh"
cd "$UUIDX_ROOT"
UUIDX_LABEL=${UUIDX_LABEL:-packages}
source "$UUIDX_ROOT/test/lib/tally.sh"
VERSION=$(uuidx_version)
OUT=$UUIDX_ROOT/build/debian
mkdir -p "$OUT"
read -r -a MAJORS <<<"${UUIDX_PACKAGE_MAJORS:-$(major_numbers | tr '\n' ' ')}"

ROOT=""
release_root() { [ -z "$ROOT" ] || unmount_root "$ROOT"; ROOT=""; }
trap release_root EXIT

# build_packages SUITE: in ROOT, from /build/deb/uuidx-VERSION, one package for each
# major of the suite; the packages to $OUT/SUITE. PG_SUPPORTED_VERSIONS names those majors:
# postgresql-common learns a new major (19 in experimental) only after its release.
build_packages() {
    local suite=$1 majors
    majors=$(majors_of_suite "$suite" | tr '\n' ' ')
    in_root "$ROOT" apt-get update -qq &&
        in_root "$ROOT" apt-get install -y -qq build-essential debhelper dpkg-dev lintian postgresql-all postgresql-server-dev-all &&
        rm -rf "$ROOT/build/deb" && copy_sources "$ROOT/build/deb/uuidx-$VERSION" &&
        in_root "$ROOT" bash -c "cd /build/deb/uuidx-$VERSION && export PG_SUPPORTED_VERSIONS='${majors% }' &&
            pg_buildext updatecontrol &&
            grep '^Package:' debian/control && dpkg-buildpackage -us -uc" &&
        rm -rf "${OUT:?}/$suite" && mkdir -p "$OUT/$suite" && cp "$ROOT"/build/deb/*.deb "$ROOT"/build/deb/*.changes \
            "$ROOT"/build/deb/*.dsc "$ROOT"/build/deb/*.tar.* "$ROOT"/build/deb/*.buildinfo "$OUT/$suite/"
}

# lintian_clean: lintian's tags of the build; an error (E:) fails.
# lintian's own status counts too: a lintian that did not run prints no E: line.
lintian_clean() {
    local tags status
    tags=$(in_root "$ROOT" bash -c 'cd /build/deb && lintian --info --display-info *.changes')
    status=$?
    printf '%s\n' "$tags" >&2
    [ "$status" -eq 0 ] && ! grep -E '^E: ' <<<"$tags"
}

# installed_package_passes MAJOR: in a fresh ROOT, the .deb installed by apt-get (which
# brings the server), then pg_buildext installcheck from the sources.
installed_package_passes() {
    local major=$1 deb tools=("postgresql-server-dev-$major" make)
    deb=$(cd "$OUT/$2" && ls "postgresql-$major-uuidx_"*.deb) || { echo "no postgresql-$major-uuidx package"; return 1; }
    mkdir -p "$ROOT/build/pkg" && cp "$OUT/$2/$deb" "$ROOT/build/pkg/" && copy_sources "$ROOT/build/uuidx" &&
        in_root "$ROOT" apt-get update -qq || return 1
    # pg_buildext has a package of its own in newer suites.
    in_root "$ROOT" apt-cache show postgresql-common-dev >/dev/null 2>&1 && tools+=(postgresql-common-dev)
    in_root "$ROOT" apt-get install -y -qq "/build/pkg/$deb" "${tools[@]}" &&
        in_root "$ROOT" dpkg -L "postgresql-$major-uuidx" | grep -E 'uuidx\.(so|control)$' &&
        [ ! -e "$ROOT/build/uuidx/uuidx.so" ] &&
        in_root "$ROOT" bash -c "cd /build/uuidx && PG_SUPPORTED_VERSIONS=$major pg_buildext installcheck"
}

# sql_edition_passes MAJOR: uuidx_sql as the installed package carries it: the extension's
# control file and script, and the plain, uninstall and pg_tle scripts in contrib/uuidx_sql/;
# its pg_regress files and test/sql_edition/ pass against them (the package's three scripts
# copied to the top of the tree, where those tests read them).
sql_edition_passes() {
    local major=$1 files
    files=$(in_root "$ROOT" dpkg -L "postgresql-$major-uuidx" |
        grep -E '/extension/uuidx_sql(\.control|--[0-9.]+\.sql)$|/contrib/uuidx_sql/uuidx_sql(_uninstall|_pgtle)?\.sql$') || return 1
    printf '%s\n' "$files"
    [ "$(grep -c . <<<"$files")" -ge 5 ] || { echo "the package lacks some of uuidx_sql's files"; return 1; }
    in_root "$ROOT" bash -c "cd /build/uuidx && cp /usr/share/postgresql/$major/contrib/uuidx_sql/*.sql . &&
        PG_MAJOR=$major && source test/lib/common.sh && start_cluster && trap stop_cluster EXIT || exit 1
        make -s installcheck PG_CONFIG=\$PG_CONFIG ISOLATION= REGRESS='$(make -s --no-print-directory print-SQL_EDITION_REGRESS PG_CONFIG=/bin/false)' ||
            { cat regression.diffs; exit 1; }
        for script in test/sql_edition/*.sh; do
            echo \"== \$script\"; bash \$script; status=\$?
            [ \$status -eq 0 ] || [ \$status -eq 77 ] || exit 1
        done"
}

# client_passes MAJOR psycopg|node: a client test against the installed package, with the
# suite's psycopg, or its Node.js and npm (the Node packages at package-lock.json's exact
# versions; a skip, exit 77, when the npm registry cannot be reached from the root).
client_passes() {
    local major=$1 client=$2
    # The machine's own certificate authorities (a proxy's, say) are the root's too, as
    # its resolv.conf is.
    mkdir -p "$ROOT/usr/local/share/ca-certificates" &&
        cp /usr/local/share/ca-certificates/*.crt "$ROOT/usr/local/share/ca-certificates/" 2>/dev/null
    in_root "$ROOT" apt-get install -y -qq nodejs npm python3-psycopg ca-certificates >/dev/null &&
        in_root "$ROOT" update-ca-certificates >/dev/null || return 1
    in_root "$ROOT" bash -c "cd /build/uuidx && PG_MAJOR=$major && source test/lib/common.sh &&
        start_cluster && trap stop_cluster EXIT &&
        psql_quiet -c 'CREATE DATABASE clients' && psql_quiet -d clients -c 'CREATE EXTENSION uuidx' || exit 1
        if [ $client = psycopg ]; then PGDATABASE=clients python3 test/clients/psycopg_client.py; exit; fi
        export NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
        mkdir -p /build/node && cp test/clients/node/* /build/node/ && npm_ci /build/node || exit
        echo \"node \$(node --version)\" && cd /build/node && PGDATABASE=clients node client.test.js"
}

ensure_packages git:git || { without_dependencies "the Debian packages" $?; finish; exit 1; }
# The suites of the majors asked for, each built once (sid builds 18's and 19's packages).
SUITES=()
for major in "${MAJORS[@]}"; do
    suite=$(suite_of_major "$major") || { fail "PostgreSQL $major is not supported"; continue; }
    [[ " ${SUITES[*]} " == *" $suite "* ]] || SUITES+=("$suite")
done

for suite in "${SUITES[@]}"; do
    first_major=$(majors_of_suite "$suite" | head -1)
    log "packages in the $suite root: PostgreSQL $(majors_of_suite "$suite" | tr '\n' ' ')"
    ROOT=$(ensure_root "$first_major")
    status=$?
    if [ "$status" -eq 2 ]; then skip "packages of $suite" "$suite no longer carries PostgreSQL $first_major"; continue; fi
    if [ "$status" -eq "$EXIT_UNREACHABLE" ]; then without_dependencies "packages of $suite" "$status"; continue; fi
    [ "$status" -eq 0 ] && mount_root "$ROOT" || { fail "root file system of $suite"; release_root; continue; }
    built=0
    run_test "dpkg-buildpackage in $suite (builds, and tests the built packages)" "$OUT-$suite-build.log" \
        build_packages "$suite" && built=1
    [ "$built" -eq 1 ] && run_test "lintian: no error ($suite)" "$OUT-$suite-lintian.log" lintian_clean
    release_root
    [ "$built" -eq 1 ] || continue

    for major in "${MAJORS[@]}"; do
        [ "$(suite_of_major "$major")" = "$suite" ] || continue
        # A fresh copy of the suite's base, with the sources its majors come from.
        ROOT=$(fresh_root "$suite" package-test) && add_extra_sources "$ROOT" "$suite" && mount_root "$ROOT" ||
            { fail "fresh root file system of $suite"; release_root; continue; }
        if run_test "postgresql-$major-uuidx installed by apt-get in a fresh $suite passes installcheck" \
            "$OUT-$suite-$major-installed.log" installed_package_passes "$major" "$suite"; then
            run_test "uuidx_sql from the installed postgresql-$major-uuidx: its files, its tests" \
                "$OUT-$suite-$major-sql-edition.log" sql_edition_passes "$major"
            run_test "psycopg against the installed postgresql-$major-uuidx, with $suite's psycopg" \
                "$OUT-$suite-$major-psycopg.log" client_passes "$major" psycopg
            run_test "node-postgres against the installed postgresql-$major-uuidx, with $suite's Node.js" \
                "$OUT-$suite-$major-node.log" client_passes "$major" node
        fi
        fresh=$ROOT
        release_root
        rm -rf "$fresh"
    done
done

ls "$OUT"/*/*.deb 2>/dev/null | sed "s|^$UUIDX_ROOT/|built: |"
finish
