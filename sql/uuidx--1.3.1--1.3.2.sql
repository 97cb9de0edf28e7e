-- uuidx 1.3.1 to 1.3.2: built by make from sql/uuidx.sql; edit that file, not this one.
\echo Use "ALTER EXTENSION uuidx UPDATE TO '1.3.2'" to load this file. \quit
-- Every name in this script is looked up in uuidx's own schema before pg_catalog's.
-- PostgreSQL searches pg_catalog first unless the path names it, and 17 to 19 have
-- functions of some of uuidx's names (uuid_extract_version, uuid_extract_timestamp;
-- uuidv4 and uuidv7 on 18): without this, COMMENT ON FUNCTION uuidv7() would describe the
-- built-in. uuidx is relocatable, so PostgreSQL substitutes no @extschema@; the schema
-- being created into (or updated in) is the script's current_schema(). CREATE EXTENSION and
-- ALTER EXTENSION restore the caller's search_path when the script ends.
SELECT pg_catalog.set_config('search_path',
                             pg_catalog.format('%I, pg_catalog', pg_catalog.current_schema()), true);
COMMENT ON FUNCTION uuidx_commit_horizon() IS
    'A v7 key H such that every key drawn from uuidx''s v7 order in this database (by uuid_generate_v7(), uuidx''s uuidv7() and uuidv7(interval), typeid_generate()) below H belongs to a transaction whose end was visible to new snapshots before the call returned: a keyset consumer reads rows with id < H, and never needs to look below H again. PostgreSQL 18''s own pg_catalog.uuidv7(), which an unqualified uuidv7() reaches first from 18 on, is not covered. Needs uuidx preloaded and uuidx.commit_horizon on; not on a standby. May move backward across a restart or a promotion (the order starts again from the clock, and transactions prepared before hold from the smallest key): keep the consumer''s own position too';
