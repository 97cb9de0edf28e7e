# Builds one extension script from sql/uuidx.sql (whose first lines say what its "--@"
# markers mean). The Makefile runs it:
#   awk -v script=full    -v version=NEXT            -f sql/build-script.awk sql/uuidx.sql
#   awk -v script=upgrade -v version=NEXT -v from=LAST -f sql/build-script.awk sql/uuidx.sql
# A marker out of place (a block never closed, a block in a block, an unknown marker) is an
# error that names its line, and the build stops.
function fail(message) {
    printf "sql/uuidx.sql:%d: %s\n", NR, message > "/dev/stderr"
    failed = 1
    exit 1
}

BEGIN {
    if (script != "full" && script != "upgrade") { print "script must be full or upgrade" > "/dev/stderr"; failed = 1; exit 1 }
    if (script == "full") {
        print "-- uuidx " version ": built by make from sql/uuidx.sql; edit that file, not this one."
        print "\\echo Use \"CREATE EXTENSION uuidx\" to load this file. \\quit"
    } else {
        print "-- uuidx " from " to " version ": built by make from sql/uuidx.sql; edit that file, not this one."
        print "\\echo Use \"ALTER EXTENSION uuidx UPDATE TO '" version "'\" to load this file. \\quit"
    }
    block = ""  # "", "both" or "upgrade": the block the current line is in
}

/^--#/ { next }  # the source's description of itself

/^--@/ {
    if ($0 == "--@ begin both" || $0 == "--@ begin upgrade") {
        if (block != "") fail("\"" $0 "\" inside a block begun at line " block_line)
        block = $3
        block_line = NR
    } else if ($0 == "--@ end") {
        if (block == "") fail("\"--@ end\" outside a block")
        block = ""
    } else {
        fail("unknown marker \"" $0 "\"")
    }
    next
}

{
    if (script == "full" && block != "upgrade") print
    else if (script == "upgrade" && block != "") print
}

END {
    if (!failed && block != "") fail("the block begun at line " block_line " is never closed")
}
