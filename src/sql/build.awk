# Builds uuidx_sql's scripts (make; docs/ARCHITECTURE.md, "The SQL edition") from its
# sources, src/sql/*.sql, read after sql/uuidx.sql, the C edition's source:
#   awk -v kind=extension|plain|uninstall -v version=V -v prologue=src/sql/prologue.sql \
#       -f src/sql/build.awk sql/uuidx.sql SOURCE...
# kind=extension: the script of CREATE EXTENSION uuidx_sql (sql/uuidx_sql--V.sql);
# kind=plain: uuidx_sql.sql, which installs the same objects into the first schema of the
#   search_path, in one transaction, and runs again to upgrade them;
# kind=uninstall: uuidx_sql_uninstall.sql, which drops them from there.
#
# In the sources, lines starting with "--#" describe the source and are left out, and two
# markers stand for statements:
#   --@ comment FUNCTION f(args) | OPERATOR op (args)
#       the C edition's COMMENT on that object, taken from sql/uuidx.sql (the line after its
#       "COMMENT ON ... IS"), so that a description both editions share is written once;
#   --@ drop FUNCTION f(args) | OPERATOR op (args)
#       what uninstalling drops: the uninstall script drops them all, last made first.
# Anything else is copied. The prologue comes first in every script.

FNR == 1 {
    reading_c_source = (NR == 1)
    reading_prologue = (FILENAME == prologue)
}

# The C edition's descriptions: "COMMENT ON <object> IS" and its text on the next line.
reading_c_source {
    if (commented != "") { c_comment[commented] = $0; commented = "" }
    else if ($0 ~ /^COMMENT ON (FUNCTION|OPERATOR) .* IS$/) {
        commented = $0
        sub(/^COMMENT ON /, "", commented)
        sub(/ IS$/, "", commented)
    }
    next
}

/^--#/ { next }

/^--@ drop / {
    object = substr($0, 10)
    drops[++drop_count] = object
    if (object ~ /^FUNCTION /) signatures[++signature_count] = substr(object, 10)
    next
}

/^--@ comment / {
    object = substr($0, 13)
    if (!(object in c_comment)) {
        printf "%s:%d: sql/uuidx.sql has no COMMENT ON %s\n", FILENAME, FNR, object > "/dev/stderr"
        failed = 1
        exit 1
    }
    body[++lines] = "COMMENT ON " object " IS"
    body[++lines] = c_comment[object]
    next
}

/^--@/ {
    printf "%s:%d: unknown marker: %s\n", FILENAME, FNR, $0 > "/dev/stderr"
    failed = 1
    exit 1
}

reading_prologue { prologue_text = prologue_text $0 "\n"; next }

{ body[++lines] = $0 }

# A DO block refusing to go on where the schema's functions of uuidx_sql's signatures belong
# to an extension (uuidx, uuidx_sql itself, pg_uuidv7): the plain scripts must neither
# replace nor drop another extension's objects.
function extension_guard(refusal,    i, list) {
    for (i = 1; i <= signature_count; i++) list = list (i > 1 ? ",\n                " : "") "'" signatures[i] "'"
    print "DO $guard$"
    print "DECLARE"
    print "    target name := pg_catalog.current_schema();"
    print "    owners text;"
    print "BEGIN"
    print "    IF target IS NULL THEN"
    print "        RAISE EXCEPTION 'no schema to put uuidx_sql in'"
    print "            USING HINT = 'SET search_path to that schema (which must exist) first.';"
    print "    END IF;"
    print "    SELECT pg_catalog.string_agg(DISTINCT e.extname, ', ') INTO owners"
    print "    FROM pg_catalog.unnest(ARRAY[" list "]) AS s(signature)"
    print "    JOIN pg_catalog.pg_depend d"
    print "      ON d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass AND d.deptype OPERATOR(pg_catalog.=) 'e'"
    print "     AND d.objid OPERATOR(pg_catalog.=) pg_catalog.to_regprocedure(pg_catalog.format('%I.%s', target, s.signature))"
    print "    JOIN pg_catalog.pg_extension e ON e.oid OPERATOR(pg_catalog.=) d.refobjid;"
    print "    IF owners IS NOT NULL THEN"
    print "        RAISE EXCEPTION 'schema % has functions of uuidx_sql''s names that belong to extension %', target, owners"
    print "            USING HINT = '" refusal "';"
    print "    END IF;"
    print "END"
    print "$guard$;"
}

END {
    if (failed) exit 1
    print "-- uuidx_sql " version ", built by make from src/sql (docs/ARCHITECTURE.md): do not edit."
    if (kind == "extension") {
        print "\\echo Use \"CREATE EXTENSION uuidx_sql\" to load this file. \\quit"
    } else if (kind == "plain") {
        print "-- Installs uuidx_sql into the first schema of the search_path, or upgrades it there; run"
        print "-- it again after an upgrade of the file. In psql: SET search_path = myschema; \\i uuidx_sql.sql"
        print "-- (docs/managed.md). Everything happens in one transaction."
    } else if (kind == "uninstall") {
        print "-- Drops uuidx_sql from the first schema of the search_path, where uuidx_sql.sql installed it;"
        print "-- refuses, dropping nothing, while other objects depend on it (a column default, a view)."
    }
    if (kind != "extension") {
        print "BEGIN;"
        extension_guard(kind == "plain" ? "Put uuidx_sql in a schema of its own." \
                                        : "Drop the extension with DROP EXTENSION.")
    }
    if (kind == "uninstall") {
        # Each name qualified with the schema: unqualified, a function uuidx_sql no longer has
        # there would be looked up in pg_catalog, which has some of its names.
        print "DO $uninstall$"
        print "DECLARE"
        print "    target name := pg_catalog.current_schema();"
        print "BEGIN"
        for (i = drop_count; i >= 1; i--) {
            split(drops[i], words, " ")
            object = substr(drops[i], length(words[1]) + 2)
            printf "    EXECUTE pg_catalog.format('DROP %s IF EXISTS %%I.%s', target);\n", words[1], object
        }
        print "END"
        print "$uninstall$;"
    } else {
        printf "%s", prologue_text
        for (i = 1; i <= lines; i++) print body[i]
    }
    if (kind != "extension") print "COMMIT;"
}
