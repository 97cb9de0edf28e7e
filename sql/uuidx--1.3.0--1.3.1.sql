-- uuidx 1.3.0 to 1.3.1: built by make from sql/uuidx.sql; edit that file, not this one.
\echo Use "ALTER EXTENSION uuidx UPDATE TO '1.3.1'" to load this file. \quit
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
    'A v7 key H such that every key made in this database by uuid_generate_v7() or uuidv7() below H belongs to a transaction whose end was visible to new snapshots before the call returned: a keyset consumer reads rows with id < H, and never needs to look below H again. Needs uuidx preloaded and uuidx.commit_horizon on; not on a standby. May move backward across a restart or a promotion (the order starts again from the clock, and transactions prepared before hold from the smallest key): keep the consumer''s own position too';
DROP VIEW uuidx_horizon_holders;
DROP FUNCTION uuidx_horizon_holder_records();

CREATE FUNCTION uuidx_horizon_holder_records(OUT pid integer, OUT transaction xid, OUT oldest_key uuid,
                                             OUT oldest_key_known boolean, OUT held_since timestamptz)
    RETURNS SETOF record
    AS 'MODULE_PATHNAME', 'uuidx_horizon_holder_records'
    LANGUAGE C VOLATILE PARALLEL RESTRICTED;
COMMENT ON FUNCTION uuidx_horizon_holder_records() IS
    'The transactions that hold this database''s commit horizon, as uuidx records them (the view uuidx_horizon_holders adds what the server knows of each)';

CREATE VIEW uuidx_horizon_holders AS
SELECT h.pid,
       h.transaction AS prepared_transaction,
       p.gid AS prepared_gid,
       h.oldest_key,
       uuid_v7_to_timestamptz(h.oldest_key) AS oldest_key_time,
       coalesce(a.xact_start, p.prepared) AS xact_start,
       h.held_since,
       pg_catalog.clock_timestamp() - h.held_since AS held_for,
       CASE WHEN h.pid IS NOT NULL THEN a.state ELSE 'prepared' END AS state,
       CASE
           WHEN h.pid IS NOT NULL THEN 'a running transaction made this key'
           WHEN h.oldest_key_known THEN 'a prepared transaction made this key'
           ELSE 'a transaction prepared before the server started or was promoted: its keys are unknown, so it holds every key'
       END AS reason
FROM uuidx_horizon_holder_records() AS h
LEFT JOIN pg_catalog.pg_stat_activity AS a ON a.pid = h.pid
LEFT JOIN pg_catalog.pg_prepared_xacts AS p ON p.transaction = h.transaction
ORDER BY h.oldest_key, h.pid;
COMMENT ON VIEW uuidx_horizon_holders IS
    'Each transaction that holds this database''s commit horizon (uuidx_commit_horizon()) back: a running one by pid, a prepared one by gid, with its oldest key, that key''s time, when the transaction started, since when and how long it has held, its state and why it holds';
