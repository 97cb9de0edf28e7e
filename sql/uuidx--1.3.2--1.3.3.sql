-- uuidx 1.3.2 to 1.3.3: built by make from sql/uuidx.sql; edit that file, not this one.
\echo Use "ALTER EXTENSION uuidx UPDATE TO '1.3.3'" to load this file. \quit
-- Every name in this script is looked up in uuidx's own schema before pg_catalog's.
-- PostgreSQL searches pg_catalog first unless the path names it, and 17 to 19 have
-- functions of some of uuidx's names (uuid_extract_version, uuid_extract_timestamp;
-- uuidv4 and uuidv7 on 18): without this, COMMENT ON FUNCTION uuidv7() would describe the
-- built-in. uuidx is relocatable, so PostgreSQL substitutes no @extschema@; the schema
-- being created into (or updated in) is the script's current_schema(). CREATE EXTENSION and
-- ALTER EXTENSION restore the caller's search_path when the script ends.
SELECT pg_catalog.set_config('search_path',
                             pg_catalog.format('%I, pg_catalog', pg_catalog.current_schema()), true);
