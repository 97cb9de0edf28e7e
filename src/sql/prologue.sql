--# The opening of every script built from src/sql (src/sql/build.awk): the extension's
--# script, the plain script and its uninstall script.
--#
--# Every name in the script is looked up in the schema being installed into before
--# pg_catalog's: PostgreSQL searches pg_catalog first unless the path names it, and 17 to 19
--# have functions of some of uuidx_sql's names (uuid_extract_version, uuid_extract_timestamp;
--# uuidv4 and uuidv7 on 18 and 19), so without this COMMENT ON FUNCTION uuidv7() would describe
--# the built-in. The bodies of the SQL functions below are parsed when they are created
--# (RETURN and BEGIN ATOMIC bodies), so each name in them is bound then, to this schema's
--# object or pg_catalog's, and no caller's search_path changes what a function calls. The
--# setting is local to the transaction: CREATE EXTENSION restores the caller's path when the
--# script ends, and the plain scripts run in a transaction of their own.
SELECT pg_catalog.set_config('search_path',
                             pg_catalog.format('%I, pg_catalog', pg_catalog.current_schema()), true);
