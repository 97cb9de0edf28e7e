# Builds uuidx_sql_pgtle.sql (make; docs/managed.md, "With pg_tle"): a psql script that
# hands uuidx_sql's extension scripts to pg_tle, for services where pg_tle stands in for the
# server's extension directory (RDS, Aurora, Supabase), so that CREATE EXTENSION uuidx_sql
# then works there:
#   awk -f src/sql/pgtle.awk uuidx_sql.control sql/uuidx_sql--V.sql [sql/uuidx_sql--A--B.sql...]
# Each full script becomes pgtle.install_extension(), each update script
# pgtle.install_update_path(), each skipped where pg_tle already has that version or path
# (the scripts of a version never change once released), so that the script runs again
# after an upgrade of the file; where there are update paths, the control file's default
# version is then made pg_tle's (a first version is its default already).
# The payload is the script's text but its psql guard (a "\echo ... \quit" line, which
# PostgreSQL removes from an extension's script, and pg_tle's scripts never pass through
# psql), dollar-quoted with a tag the payload must not contain.

BEGIN { tag = "$_uuidx_sql_pgtle_$" }

function fail(message) { print "pgtle.awk: " message > "/dev/stderr"; failed = 1; exit 1 }
function literal(text) { gsub(/'/, "''", text); return "'" text "'" }
function control_value(line) { sub(/^[a-z_]+ *= *'/, "", line); sub(/'[ \t]*$/, "", line); return line }

# The control file: name, description, default version, the extensions it requires.
FNR == 1 && NR == 1 {
    name = FILENAME; sub(/^.*\//, "", name); sub(/\.control$/, "", name)
}
NR == FNR {
    if ($0 ~ /^comment *=/) description = control_value($0)
    else if ($0 ~ /^default_version *=/) default_version = control_value($0)
    else if ($0 ~ /^requires *=/) {
        count = split(control_value($0), required, / *, */)
        requires = ""
        for (i = 1; i <= count; i++) requires = requires (i > 1 ? ", " : "") literal(required[i])
    }
    next
}

# A script: its versions from its name (NAME--V.sql, NAME--A--B.sql).
FNR == 1 {
    finish_script()
    versions = FILENAME; sub(/^.*\//, "", versions); sub(/\.sql$/, "", versions)
    if (index(versions, name "--") != 1) fail(FILENAME " is not a script of " name)
    script_versions = substr(versions, length(name) + 3)
    payload = ""
}
/^\\echo .*\\quit$/ { next }
{
    if (index($0, tag)) fail(FILENAME " contains the dollar-quote tag " tag)
    payload = payload $0 "\n"
}

function finish_script(   parts) {
    if (script_versions == "") return
    if (split(script_versions, parts, "--") == 1) {
        installs = installs "SELECT pgtle.install_extension(" literal(name) ", " literal(parts[1]) ", " \
            literal(description) ",\n" tag "\n" payload tag ",\n" \
            (requires == "" ? "NULL" : "ARRAY[" requires "]") ")\n" \
            "WHERE NOT EXISTS (SELECT FROM pgtle.available_extension_versions() AS v\n" \
            "                  WHERE v.name = " literal(name) " AND v.version = " literal(parts[1]) ");\n"
    } else {
        updates++
        installs = installs "SELECT pgtle.install_update_path(" literal(name) ", " literal(parts[1]) ", " \
            literal(parts[2]) ",\n" tag "\n" payload tag ")\n" \
            "WHERE NOT EXISTS (SELECT FROM pgtle.extension_update_paths(" literal(name) ") AS p\n" \
            "                  WHERE p.source = " literal(parts[1]) " AND p.target = " literal(parts[2]) \
            " AND p.path = " literal(parts[1] "--" parts[2]) ");\n"
    }
    script_versions = ""
}

END {
    if (failed) exit 1
    finish_script()
    if (installs == "") fail("no script of " name " given")
    print "-- " name " " default_version " for pg_tle, built by make from its extension scripts (src/sql/pgtle.awk): do not edit."
    print "-- Run it with psql by a role of pgtle_admin in each database that has pg_tle (CREATE EXTENSION"
    print "-- pg_tle first), then CREATE EXTENSION " name "; run it again after an upgrade of this file,"
    print "-- then ALTER EXTENSION " name " UPDATE (docs/managed.md). Everything happens in one transaction."
    print "\\set ON_ERROR_STOP on"
    print "BEGIN;"
    print "DO $guard$"
    print "BEGIN"
    print "    IF pg_catalog.to_regnamespace('pgtle') IS NULL THEN"
    print "        RAISE EXCEPTION 'pg_tle is not created in database %', pg_catalog.current_database()"
    print "            USING ERRCODE = '42704', HINT = 'CREATE EXTENSION pg_tle first, as a role allowed to (on RDS, rds_superuser).';"
    print "    END IF;"
    print "END"
    print "$guard$;"
    printf "%s", installs
    if (updates) print "SELECT pgtle.set_default_version(" literal(name) ", " literal(default_version) ");"
    print "COMMIT;"
}
