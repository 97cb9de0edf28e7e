#!/usr/bin/env bash
# Checks of the source tree that need no PostgreSQL server (test/run-tests.sh runs them
# once, before anything is built):
#   1. the released extension scripts are frozen: each one's SHA-256 is the one pinned in
#      sql/released.sha256, and every script in sql/ is either pinned or built by make;
#   2. the scripts of the version under development are built from sql/uuidx.sql (or, with
#      none in development, the source builds the last release's frozen script), and the
#      builder refuses a misplaced marker rather than dropping a block;
#   and every C++ file is formatted as .clang-format says (make format);
#   3. the door: uuidx is compiled without C++ exceptions, so a throw in the core fails the
#      build (the check shows it one);
#   4. the include fence: a core header included after postgres.h fails the build, even when
#      another core header came first (the check shows it one);
#   and uuidx_sql's scripts build from src/sql, each allowed difference giving its reason;
#   5. the documentation: README.md is at most 700 lines, every relative link of the
#      README and of docs/*.md reaches a file of the tree, and a heading where it names one,
#      and every file a rule of docs/planner.md names exists.
# Ends with "N passed, N failed, N skipped", as test/run-major.sh does.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$UUIDX_ROOT"
UUIDX_LABEL=${UUIDX_LABEL:-source}
WORK=$UUIDX_ROOT/build/source
source "$UUIDX_ROOT/test/lib/tally.sh"
ensure_packages make:make g++:g++ /usr/include/openssl/evp.h:libssl-dev clang-format:clang-format \
    "/usr/include/postgresql/$PG_MAJOR/server/postgres.h:postgresql-server-dev-$PG_MAJOR" ||
    { without_dependencies "the checks of the source" $?; finish; exit 1; }
mkdir -p "$WORK"
make_value() { make -s --no-print-directory "print-$1" PG_CONFIG=/bin/false; }

# --- 1. released scripts ----------------------------------------------------------------
released_scripts_are_frozen() {
    sha256sum --check --strict sql/released.sha256 || return 1
    local script pinned released built
    pinned=$(awk '{ print $2 }' sql/released.sha256 | sort)
    released=$(make_value RELEASED_SCRIPTS | tr ' ' '\n' | sort)
    built=$(make_value BUILT_SCRIPTS)
    [ "$pinned" = "$released" ] || { echo "pinned: $pinned; the Makefile's RELEASED_SCRIPTS: $released"; return 1; }
    [ -n "$(make_value SQL_EDITION_RELEASED)" ] || built+=" $(make_value SQL_EDITION_EXTENSION)"
    for script in sql/uuidx--*.sql sql/uuidx_sql--*.sql; do
        grep -qxF "$script" <<<"$pinned" || grep -qw -- "$script" <<<"$built" ||
            { echo "$script is neither pinned in sql/released.sha256 nor built by make"; return 1; }
    done
    echo "$(wc -l <sql/released.sha256) released scripts unchanged"
}
run_test "released extension scripts are frozen (sql/released.sha256)" "$WORK/frozen.log" released_scripts_are_frozen

# --- 2. the scripts of the version under development -------------------------------------
scripts_build() {
    make -s scripts PG_CONFIG=/bin/false || return 1
    local script
    for script in $(make_value BUILT_SCRIPTS); do
        [ -s "$script" ] && head -2 "$script" | grep -q '^\\echo Use ' ||
            { echo "$script has no \\echo guard"; return 1; }
        ! grep -n '^--[@#]' "$script" || { echo "$script keeps a marker of the source"; return 1; }
    done
}
# Between a release and the next version's first change (NEXT_VERSION empty), the source is
# the release's: it builds the frozen full script, byte for byte.
source_is_last_release() {
    local last
    last=$(make_value LAST_RELEASE)
    awk -v script=full -v version="$last" -f sql/build-script.awk sql/uuidx.sql | cmp - "sql/uuidx--$last.sql"
}
if [ -n "$(make_value NEXT_VERSION)" ]; then
    run_test "the scripts of $(make_value NEXT_VERSION) build from sql/uuidx.sql" "$WORK/scripts.log" scripts_build
else
    run_test "sql/uuidx.sql builds the frozen script of $(make_value LAST_RELEASE), no version being in development" \
        "$WORK/scripts.log" source_is_last_release
fi

# uuidx_sql's sources likewise: while its control file names a released version, they build
# that version's frozen script, byte for byte.
sql_edition_source_is_release() {
    local script
    script=$(make_value SQL_EDITION_RELEASED)
    make -s --no-print-directory sql-edition-from-source PG_CONFIG=/bin/false | cmp - "$script" &&
        echo "src/sql builds $script"
}
[ -z "$(make_value SQL_EDITION_RELEASED)" ] ||
    run_test "src/sql builds the frozen script of uuidx_sql $(make_value SQL_EDITION_VERSION), no version being in development" \
        "$WORK/sql-edition-release.log" sql_edition_source_is_release

# The builder stops on each kind of misplaced marker, naming the line.
builder_refuses() {
    local source=$WORK/bad-source.sql output
    printf '%b' "$1" >"$source"
    if output=$(awk -v script=full -v version=0 -f sql/build-script.awk "$source" 2>&1 >/dev/null); then
        echo "accepted: $1"
        return 1
    fi
    grep -q "$2" <<<"$output" || { echo "no '$2' in: $output"; return 1; }
}
markers_checked() {
    builder_refuses 'CREATE FUNCTION f();\n--@ begin both\nCREATE FUNCTION g();\n' 'never closed' &&
        builder_refuses '--@ begin both\n--@ begin upgrade\n--@ end\n' 'inside a block' &&
        builder_refuses '--@ end\n' 'outside a block' &&
        builder_refuses '--@ begin bothh\n--@ end\n' 'unknown marker'
}
run_test "the script builder refuses misplaced markers" "$WORK/markers.log" markers_checked

# uuidx_sql's scripts (src/sql, built by src/sql/build.awk): the extension's, the plain
# script and its uninstall script build; the builder refuses an unknown marker and a shared
# description that sql/uuidx.sql does not have, rather than leaving a statement out; and the
# uninstall script drops, last made first, every function and operator the sources make.
sql_edition_builds() {
    make -s sql-edition PG_CONFIG=/bin/false || return 1
    local script made dropped
    head -2 "$(make_value SQL_EDITION_EXTENSION)" | grep -q '^\\echo Use ' || { echo "the extension's script has no \\echo guard"; return 1; }
    for script in $(make_value SQL_EDITION_EXTENSION) $(make_value SQL_EDITION_PLAIN); do
        ! grep -n '^--[@#]' "$script" || { echo "$script keeps a marker of the source"; return 1; }
    done
    made=$(grep -ohE '^ *CREATE (OR REPLACE FUNCTION [a-z0-9_]+|OPERATOR [<@>]+)' $(make_value SQL_EDITION_SOURCES) |
        sed -E 's/^ *CREATE (OR REPLACE )?//' | sort -u)
    dropped=$(sed -nE "s/.*'DROP (FUNCTION|OPERATOR) IF EXISTS %I\.([a-z0-9_]+|[<@>]+)[ (].*/\1 \2/p" uuidx_sql_uninstall.sql | sort -u)
    [ "$made" = "$dropped" ] || { echo "made but not dropped, or dropped but not made:"; diff <(echo "$made") <(echo "$dropped"); return 1; }
    echo "$(wc -l <<<"$made") functions and operators made and dropped"
}
sql_edition_builder_refuses() {  # sql_edition_builder_refuses LINE MESSAGE: a source with LINE fails, saying MESSAGE
    local output
    printf '%s\n' "$1" >"$WORK/sql-edition-source.sql"
    if output=$(awk -v kind=extension -v version=0 -v prologue=none -f src/sql/build.awk sql/uuidx.sql \
            "$WORK/sql-edition-source.sql" 2>&1 >/dev/null); then
        echo "accepted: $1"
        return 1
    fi
    grep -q "$2" <<<"$output" || { echo "no '$2' in: $output"; return 1; }
}
sql_edition_markers_checked() {
    sql_edition_builder_refuses '--@ comment FUNCTION no_such_function()' 'sql/uuidx.sql has no COMMENT ON' &&
        sql_edition_builder_refuses '--@ comments FUNCTION uuid_max()' 'unknown marker'
}
run_test "uuidx_sql's scripts build from src/sql, and uninstalling drops all it makes" "$WORK/sql-edition.log" sql_edition_builds
run_test "uuidx_sql's script builder refuses unknown markers and descriptions" "$WORK/sql-edition-markers.log" \
    sql_edition_markers_checked

# The pg_tle script (src/sql/pgtle.awk): each payload it hands to pg_tle is, byte for byte, an
# extension script that `make install` installs, without its psql guard; the builder refuses
# a script that holds its dollar-quote tag, which would end the payload early.
pgtle_payload_is_the_script() {
    make -s sql-edition PG_CONFIG=/bin/false || return 1
    local pgtle script payloads=0 tag='$_uuidx_sql_pgtle_$'
    pgtle=$(make_value SQL_EDITION_PGTLE)
    for script in $(make_value SQL_EDITION_EXTENSION) $(make_value SQL_EDITION_UPDATES); do
        payloads=$((payloads + 1))
        awk -v tag="$tag" -v n="$payloads" 'index($0, tag) == 1 { inside = !inside; if (!inside) seen++; next }
            inside && seen == n - 1' "$pgtle" >"$WORK/pgtle-payload.sql"
        grep -v '^\\echo .*\\quit$' "$script" | cmp - "$WORK/pgtle-payload.sql" ||
            { echo "payload $payloads of $pgtle is not $script"; diff <(grep -v '^\\echo' "$script") "$WORK/pgtle-payload.sql" | head; return 1; }
        echo "payload $payloads: $script without its guard, $(wc -l <"$WORK/pgtle-payload.sql") lines"
    done
    [ "$(grep -c '^[$]_uuidx_sql_pgtle_[$]' "$pgtle")" -eq $((2 * payloads)) ] || { echo "$pgtle has payloads of no script"; return 1; }
    printf 'SELECT 1;\n%s\n' "$tag" >"$WORK/uuidx_sql--9.sql"
    if awk -f src/sql/pgtle.awk uuidx_sql.control "$WORK/uuidx_sql--9.sql" >/dev/null 2>&1; then
        echo "pgtle.awk accepted a script that holds its tag"; return 1
    fi
}
run_test "uuidx_sql's pg_tle script hands pg_tle its extension scripts, guard aside" "$WORK/sql-edition-pgtle.log" \
    pgtle_payload_is_the_script

# docs/managed.md's allowed differences (which test/sql_edition/catalog.sh compares with the
# catalogs): each row names an object and a label, and gives its majors and its reason.
allowed_differences_explained() {
    awk -F'|' '/^## Allowed differences/ { on = 1; next } on && /^## / { on = 0 } on && /^\| `/ {
            rows++
            for (i = 2; i <= 7; i++) gsub(/^ +| +$/, "", $i)
            if ($3 == "" || $7 == "" || $6 !~ /^(all|[0-9]+(, [0-9]+)*)$/) { print "incomplete: " $0; bad++ }
        }
        END { print rows " rows, " bad + 0 " incomplete"; exit (rows == 0 || bad > 0) }' docs/managed.md
}
run_test "every allowed difference of uuidx_sql names its majors and its reason" "$WORK/allowed-differences.log" \
    allowed_differences_explained

# debian/changelog's newest entry is uuidx.control's version (a release's, or "~dev" while
# that version is in development), so the packages carry the scripts they say.
package_version_agrees() {
    local package control
    package=$(sed -n '1s/^uuidx (\([^)]*\)).*/\1/p' debian/changelog)
    control=$(uuidx_version)
    echo "debian/changelog: $package; uuidx.control: $control"
    [ "$package" = "$control" ] || [ "$package" = "$control~dev" ]
}
run_test "debian/changelog's version is uuidx.control's" "$WORK/package-version.log" package_version_agrees

# --- the C++ style: every file as clang-format leaves it (.clang-format; `make format`)
formatted() {
    local files
    files=$(make_value FORMATTED)
    clang-format --dry-run --Werror $files
}
run_test "every C++ file is formatted (.clang-format; make format fixes it)" "$WORK/format.log" formatted

# --- 3. the door ----------------------------------------------------------------------------
# No C++ exception can reach PostgreSQL because uuidx is compiled without exceptions: every
# flag set that compiles its C++ says -fno-exceptions, and with the core's flags a `throw`
# added to a core file does not compile, while the file itself does.
built_without_exceptions() {
    local flags name
    for name in CORE_CXXFLAGS PG_CXXFLAGS BITCODE_CXXFLAGS; do
        flags=$(make_value "$name")
        [[ " $flags " == *" -fno-exceptions "* ]] || { echo "$name lacks -fno-exceptions: $flags"; return 1; }
    done
    flags=$(make_value CORE_CXXFLAGS)
    g++ $flags -Isrc/core -c -o "$WORK/generator.o" src/core/generator.cpp || return 1
    { cat src/core/generator.cpp
      echo 'namespace uuidx { int fails_to_compile(int x) { if (x < 0) throw x; return x; } }'; } >"$WORK/throws.cpp"
    if g++ $flags -Isrc/core -c -o "$WORK/throws.o" "$WORK/throws.cpp" 2>"$WORK/throws.err"; then
        echo "a throw in the core compiled"
        return 1
    fi
    grep 'exception handling disabled' "$WORK/throws.err"
}
run_test "uuidx is built without C++ exceptions: a throw in the core does not compile" "$WORK/door.log" \
    built_without_exceptions

# --- 4. the include fence -------------------------------------------------------------------
# src/core/cpp_only.hpp, which every core header includes first, fails the build where
# postgres.h came before it; it has no include guard, so it checks each core header's first
# inclusion, not only the first core header's. A file of src/pg that includes a core header,
# then postgres.hpp, then another core header must not compile, and the same file with the
# second core header moved before postgres.hpp must.
compiles_in_src_pg() {
    printf '%s\n' "$@" >"$WORK/fence.cpp"
    g++ -std=c++17 -fno-exceptions -fsyntax-only -I"$("$PG_CONFIG" --includedir-server)" -Isrc/pg \
        -x c++ "$WORK/fence.cpp" 2>"$WORK/fence.err"
}
include_fence_holds() {
    compiles_in_src_pg '#include "../core/ascii.hpp"' '#include "../core/siphash.hpp"' '#include "postgres.hpp"' ||
        { echo "the control, core headers before postgres.hpp, did not compile:"; cat "$WORK/fence.err"; return 1; }
    if compiles_in_src_pg '#include "../core/ascii.hpp"' '#include "postgres.hpp"' '#include "../core/siphash.hpp"'; then
        echo "a core header after postgres.hpp compiled"
        return 1
    fi
    grep 'src/core is PostgreSQL-free' "$WORK/fence.err"
}
run_test "the include fence: a core header after postgres.hpp does not compile" "$WORK/fence.log" include_fence_holds

# --- 4b. the order's one door -----------------------------------------------------------------
# Every draw from the server's order cells is in src/pg/server_order.cpp, whose v7 draws hold
# the commit horizon first: a generator elsewhere in src/pg that took a key from the order
# itself could hand out keys no hold covers. Outside that file, src/pg calls none of the
# generator's drawing methods (v7(), next_v7_ticks(), v6(), v1()) and never reaches the
# process generator's order through ordered_generator().
draws_only_through_server_order() {
    local found
    found=$(grep -nE '\.(v7|next_v7_ticks|v6|v1)\(|ordered_generator\(' src/pg/*.cpp src/pg/*.hpp src/pg/planner/*.cpp \
        src/pg/planner/*.hpp | grep -v '^src/pg/server_order\.cpp:')
    [ -z "$found" ] || { echo "draws from the order outside src/pg/server_order.cpp:"; echo "$found"; return 1; }
    grep -c 'hold_commit_horizon();' src/pg/server_order.cpp | grep -qx 2 ||
        { echo "src/pg/server_order.cpp's two v7 draws must each hold the commit horizon"; return 1; }
    echo "every draw from the order is in src/pg/server_order.cpp"
}
run_test "every draw from the server's order is in src/pg/server_order.cpp, its v7 keys held" \
    "$WORK/order-door.log" draws_only_through_server_order

# --- 5. the documentation ---------------------------------------------------------------------
# The README is what a user reads to decide whether uuidx fits and to start: at most 700
# lines, with each topic's detail in its guide in docs/. A section that outgrows that moves
# to a guide and leaves a paragraph and a link.
README_MAX_LINES=700
readme_is_short() {
    local lines
    lines=$(wc -l <README.md)
    echo "README.md: $lines lines (at most $README_MAX_LINES)"
    [ "$lines" -le "$README_MAX_LINES" ] ||
        { echo "move a section's detail to its guide in docs/, leaving a paragraph and a link"; return 1; }
}
run_test "README.md is at most $README_MAX_LINES lines" "$WORK/readme-length.log" readme_is_short

# Every link of the README and the guides to a file of the tree resolves, and one to a
# heading (FILE.md#anchor, or #anchor) names a heading of that file, as GitHub makes anchors
# (lower case, punctuation dropped, spaces as '-', '-1' for a second heading of that text).
# Text in code blocks is not read; links with a scheme (https:) are not followed.
markdown_links() {  # FILE...: "FILE<TAB>LINE<TAB>TARGET" for each link outside code blocks
    awk '
        FNR == 1 { fenced = 0 }
        /^```/ { fenced = !fenced; next }
        fenced { next }
        {
            text = $0
            while (match(text, /\]\([^) ]+\)/)) {
                target = substr(text, RSTART + 2, RLENGTH - 3)
                text = substr(text, RSTART + RLENGTH)
                if (target !~ /^[a-z]+:/) print FILENAME "\t" FNR "\t" target
            }
        }' "$@"
}
markdown_anchors() {  # FILE: the anchor of each heading of FILE, one a line
    awk '
        /^```/ { fenced = !fenced; next }
        fenced || !/^#+ / { next }
        {
            anchor = tolower($0)
            sub(/^#+ /, "", anchor)
            gsub(/[^a-z0-9 _-]/, "", anchor)
            gsub(/ /, "-", anchor)
            print (seen[anchor]++ ? anchor "-" (seen[anchor] - 1) : anchor)
        }' "$1"
}
links_resolve() {
    local doc line target path anchor file broken=0 links=0
    while IFS=$'\t' read -r doc line target; do
        links=$((links + 1))
        path=${target%%#*}
        anchor=${target#"$path"}
        anchor=${anchor#\#}
        if [ -z "$path" ]; then file=$doc; else file=$(dirname "$doc")/$path; fi
        if [ ! -e "$file" ]; then
            echo "$doc:$line: $target: no file $file"
            broken=$((broken + 1))
        elif [ -n "$anchor" ] && [[ "$file" == *.md ]] && ! grep -qxF -- "$anchor" <<<"$(markdown_anchors "$file")"; then
            echo "$doc:$line: $target: no heading of $file has the anchor #$anchor"
            broken=$((broken + 1))
        fi
    done < <(markdown_links README.md docs/*.md)
    echo "$links links, $broken broken"
    [ "$broken" -eq 0 ]
}
run_test "every relative link of README.md and docs/*.md resolves" "$WORK/links.log" links_resolve

# The planner's page names, in each row of its rules, the files of the rewrite and of its
# tests (`time_order.cpp`, `time_buckets.sql`, `sharding.pl`): each is a file of the tree
# (found by its name, or by its path's end where it gives one).
planner_rules_name_files() {
    local name tree missing=0 named=0
    tree=$(find src sql test -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.sql' -o -name '*.sh' -o -name '*.pl' \) |
        sed 's|^|/|')
    while read -r name; do
        named=$((named + 1))
        grep -q -- "/${name#../}\$" <<<"$tree" || { echo "docs/planner.md names $name: no such file"; missing=$((missing + 1)); }
    done < <(grep -E '^\| [0-9]+[A-Z]? \|' docs/planner.md | grep -oE '`[A-Za-z0-9_./-]+\.(cpp|hpp|sql|sh|pl)`' | tr -d '`' | sort -u)
    echo "$named files named by the rules, $missing missing"
    [ "$named" -gt 0 ] && [ "$missing" -eq 0 ]
}
run_test "every file a rule of docs/planner.md names exists" "$WORK/planner-files.log" planner_rules_name_files

finish
