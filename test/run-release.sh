#!/usr/bin/env bash
# uuidx as users get it, on this machine's own PostgreSQL major (test/run-tests.sh runs it
# once, before the majors):
#   1. META.json against the PGXN Meta Spec and the tree (test/release/check_meta.py);
#   2. `make dist`: the archive holds what building and testing need, and nothing else;
#   3. the archive unpacked in an empty directory, built, installed, and its own
#      `make installcheck` run against a throwaway server, in both server modes;
#   4. the clients applications use (test/clients/), against that install: psycopg 3
#      (Debian's python3-psycopg), and node-postgres with the uuid package (exact versions
#      from the npm registry, in build/release/node); and the uuidv47 façade vectors of the
#      unit tests computed again from the specification with npm's siphash.
# It leaves the archive's build installed: test/run-major.sh installs its own again.
# Ends with "N passed, N failed, N skipped", as test/run-major.sh does.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
source "$(dirname "${BASH_SOURCE[0]}")/lib/roots.sh"
cd "$UUIDX_ROOT"

use_native_major
UUIDX_LABEL=${UUIDX_LABEL:-release}
WORK=$UUIDX_ROOT/build/release
VERSION=$(uuidx_version)
ARCHIVE=uuidx-$VERSION.zip
source "$UUIDX_ROOT/test/lib/tally.sh"
trap 'stop_cluster' EXIT

ensure_dependencies && ensure_packages git:git /usr/bin/python3:python3 \
    /usr/lib/python3/dist-packages/psycopg/__init__.py:python3-psycopg node:nodejs npm:npm ||
    { without_dependencies "the release as users get it" $?; finish; exit 1; }
rm -rf "$WORK" && mkdir -p "$WORK/logs"

# The Node.js client's packages, at the exact versions of its package-lock.json, in the
# build tree (npm ci installs nothing else and never updates the lock).
NODE_DIR=$WORK/node
install_node_packages() {
    mkdir -p "$NODE_DIR" && cp test/clients/node/* "$NODE_DIR/" && npm_ci "$NODE_DIR"
}
run_test "npm ci of the Node.js client's packages" "$WORK/logs/npm.log" install_node_packages
NODE_PACKAGES_STATUS=$?
# with_node_packages NAME LOG CMD...: run_test, or the skip of npm ci when the registry was
# out of reach (the packages CMD needs are not there).
with_node_packages() {
    if [ "$NODE_PACKAGES_STATUS" -eq "$EXIT_SKIP" ]; then skip "$1" "$(tail -1 "$WORK/logs/npm.log")"; else run_test "$@"; fi
}

# The public id vectors the unit tests check the core against are what the specification
# gives with npm's independent SipHash, computed again now.
vectors_are_current() {
    (cd "$NODE_DIR" && node uuidv47_vectors.js) >"$WORK/uuidv47_vectors.inc" &&
        diff -u test/unit/uuidv47_vectors.inc "$WORK/uuidv47_vectors.inc"
}
with_node_packages "uuidv47 façade vectors: test/unit/uuidv47_vectors.inc is what the spec and npm siphash give" \
    "$WORK/logs/uuidv47_vectors.log" vectors_are_current

run_test "META.json follows the PGXN Meta Spec 1.0.0" "$WORK/logs/meta.log" /usr/bin/python3 test/release/check_meta.py

# The archive: one top directory uuidx-VERSION/, everything pg_regress reads, no test
# machinery beyond it, nothing built.
archive_is_complete() {
    rm -f "$ARCHIVE" && make -s dist PG_CONFIG=/bin/false && [ -f "$ARCHIVE" ] || return 1
    /usr/bin/python3 - "$ARCHIVE" "uuidx-$VERSION" <<'EOF'
import re, sys, zipfile
archive, top = sys.argv[1], sys.argv[2]
names = [n for n in zipfile.ZipFile(archive).namelist() if not n.endswith("/")]
problems = [f"outside {top}/: {n}" for n in names if not n.startswith(top + "/")]
relative = {n[len(top) + 1:] for n in names}
required = ["Makefile", "META.json", "LICENSE", "README.md", "CHANGELOG.md", "uuidx.control", "uuidx_sql.control",
            "sql/uuidx.sql", "sql/build-script.awk", "src/sql/build.awk", "src/sql/pgtle.awk", "sql/include/rfc9562_vectors.sql"]
problems += [f"missing: {n}" for n in required if n not in relative]
# Every page and image the README and the guides link to, so that no link is broken.
for doc in [n for n in relative if n == "README.md" or (n.startswith("docs/") and n.endswith(".md"))]:
    text = zipfile.ZipFile(archive).read(f"{top}/{doc}").decode()
    base = doc.rsplit("/", 1)[0] + "/" if "/" in doc else ""
    for link in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", text):
        target = re.sub(r"[^/]+/\.\./", "", base + link)
        if target not in relative:
            problems.append(f"{doc} links to {link}, which is not in the archive")
# Every pg_regress input's expected output, and every file an input includes.
for name in [n for n in relative if re.match(r"^sql/[a-z_0-9]+\.sql$", n) and not n.startswith("sql/uuidx")]:
    test = name[4:-4]
    if f"expected/{test}.out" not in relative:
        problems.append(f"no expected output for {name}")
for name in [n for n in relative if re.match(r"^specs/[a-z_0-9]+\.spec$", n)]:
    if f"expected/{name[6:-5]}.out" not in relative:
        problems.append(f"no expected output for {name}")
problems += [f"not for a release: {n}" for n in relative
             if re.search(r"\.(o|so|bc|zip)$", n) or n.startswith(("test/unit/", "test/fuzz/", "build/", ".ci/"))]
for p in problems: print(p)
print(f"{len(relative)} files")
sys.exit(1 if problems else 0)
EOF
}
run_test "make dist: $ARCHIVE" "$WORK/logs/dist.log" archive_is_complete || { finish; exit 1; }

# Unpacked where nothing else is, built and installed from there (uuidx_sql's scripts of an
# earlier install removed first, so that only this install can put them there).
UNPACKED=$WORK/unpacked/uuidx-$VERSION
build_unpacked() {
    rm -rf "$("$PG_CONFIG" --sharedir)/contrib/uuidx_sql" &&
    mkdir -p "$WORK/unpacked" && /usr/bin/python3 -m zipfile -e "$ARCHIVE" "$WORK/unpacked" &&
        make -C "$UNPACKED" -s -j2 PG_CONFIG="$PG_CONFIG" && make -C "$UNPACKED" -s install PG_CONFIG="$PG_CONFIG"
}
run_test "the unpacked archive builds and installs" "$WORK/logs/build.log" build_unpacked || { finish; exit 1; }

# uuidx_sql, as the archive installs it: the extension's files, and the plain, uninstall and
# pg_tle scripts in contrib/uuidx_sql/ as built there; its pg_regress files pass against them
# (the test command runs its other tests from the checkout, test/sql_edition/).
sql_edition_installed() {
    local script installed=$("$PG_CONFIG" --sharedir)/contrib/uuidx_sql
    for script in $(make -s --no-print-directory -C "$UNPACKED" print-SQL_EDITION_PLAIN print-SQL_EDITION_PGTLE PG_CONFIG=/bin/false); do
        cmp "$UNPACKED/$script" "$installed/$script" || return 1
        echo "installed: $installed/$script"
    done
    make -C "$UNPACKED" -s installcheck PG_CONFIG="$PG_CONFIG" ISOLATION= \
        REGRESS="$(make -s --no-print-directory -C "$UNPACKED" print-SQL_EDITION_REGRESS PG_CONFIG=/bin/false)" ||
        { cat "$UNPACKED/regression.diffs" 2>/dev/null; return 1; }
}

for mode in session preloaded; do
    if [ "$mode" = preloaded ]; then
        start_cluster "shared_preload_libraries = 'uuidx'" || { fail "cluster ($mode)"; continue; }
    else
        start_cluster || { fail "cluster ($mode)"; continue; }
    fi
    run_test "the unpacked archive passes its make installcheck ($mode)" "$WORK/logs/installcheck-$mode.log" \
        make -C "$UNPACKED" -s installcheck PG_CONFIG="$PG_CONFIG"
    [ -f "$UNPACKED/regression.diffs" ] && cp "$UNPACKED/regression.diffs" "$WORK/regression-$mode.diffs"
    [ "$mode" = session ] && run_test "uuidx_sql from the unpacked archive: its scripts installed, its tests pass" \
        "$WORK/logs/sql-edition.log" sql_edition_installed
    if [ "$mode" = session ]; then
        psql_quiet -c 'CREATE DATABASE clients' && psql_quiet -d clients -c 'CREATE EXTENSION uuidx' &&
            run_test "psycopg 3 client ($(/usr/bin/python3 -c 'import psycopg; print(psycopg.__version__)'))" \
                "$WORK/logs/psycopg.log" env PGDATABASE=clients /usr/bin/python3 test/clients/psycopg_client.py
        with_node_packages "node-postgres and uuid client (Node.js $(node --version))" "$WORK/logs/node.log" \
            env PGDATABASE=clients bash -c 'cd "$1" && node client.test.js' node_client "$NODE_DIR"
    fi
    stop_cluster
done

finish
