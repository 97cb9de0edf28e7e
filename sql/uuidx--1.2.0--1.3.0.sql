-- uuidx 1.2.0 to 1.3.0: built by make from sql/uuidx.sql; edit that file, not this one.
\echo Use "ALTER EXTENSION uuidx UPDATE TO '1.3.0'" to load this file. \quit
-- Every name in this script is looked up in uuidx's own schema before pg_catalog's.
-- PostgreSQL searches pg_catalog first unless the path names it, and 17 to 19 have
-- functions of some of uuidx's names (uuid_extract_version, uuid_extract_timestamp;
-- uuidv4 and uuidv7 on 18): without this, COMMENT ON FUNCTION uuidv7() would describe the
-- built-in. uuidx is relocatable, so PostgreSQL substitutes no @extschema@; the schema
-- being created into (or updated in) is the script's current_schema(). CREATE EXTENSION and
-- ALTER EXTENSION restore the caller's search_path when the script ends.
SELECT pg_catalog.set_config('search_path',
                             pg_catalog.format('%I, pg_catalog', pg_catalog.current_schema()), true);
-- After a failover, the new primary's clock may be behind the newest key its old primary
-- made: this raises the server-wide order cell of the key's family (v7, or v1 and v6) to
-- the key's time, as setval() moves a sequence, and never lowers it. It changes the
-- server's state: VOLATILE, PARALLEL UNSAFE. A raise far into the future makes keys carry
-- future times, and at the end of the range makes generation fail until a restart, so it
-- is the operator's: revoked from PUBLIC, granted to the role that runs failovers.
CREATE FUNCTION uuidx_raise_order_floor(past uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'uuidx_raise_order_floor'
    LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;
COMMENT ON FUNCTION uuidx_raise_order_floor(uuid) IS
    'Raises the server-wide order so that every v7 (for a v7 key) or v1/v6 (for a v1 or v6 key) made afterwards sorts after the key, never lowering it; returns the floor in effect. For a new primary whose clock is behind; needs uuidx preloaded, lost at restart';
REVOKE ALL ON FUNCTION uuidx_raise_order_floor(uuid) FROM PUBLIC;

-- The commit horizon of keyset consumers (docs/consumers.md). Each call may answer
-- differently (VOLATILE). PARALLEL RESTRICTED: its first call after a start lists the
-- prepared transactions through SPI, which only the leader may run.
CREATE FUNCTION uuidx_commit_horizon() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_commit_horizon'
    LANGUAGE C VOLATILE PARALLEL RESTRICTED;
COMMENT ON FUNCTION uuidx_commit_horizon() IS
    'A v7 key H such that every key made in this database by uuid_generate_v7() or uuidv7() below H belongs to a transaction whose end was visible to new snapshots before the call returned: a keyset consumer reads rows with id < H, and never needs to look below H again. Needs uuidx preloaded and uuidx.commit_horizon on; not on a standby';

CREATE FUNCTION uuidx_horizon_holder_records(OUT pid integer, OUT transaction xid, OUT oldest_key uuid,
                                             OUT oldest_key_known boolean) RETURNS SETOF record
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
       CASE WHEN h.pid IS NOT NULL THEN a.state ELSE 'prepared' END AS state,
       CASE
           WHEN h.pid IS NOT NULL THEN 'a running transaction made this key'
           WHEN h.oldest_key_known THEN 'a prepared transaction made this key'
           ELSE 'a transaction prepared before the server started: its keys are unknown, so it holds every key'
       END AS reason
FROM uuidx_horizon_holder_records() AS h
LEFT JOIN pg_catalog.pg_stat_activity AS a ON a.pid = h.pid
LEFT JOIN pg_catalog.pg_prepared_xacts AS p ON p.transaction = h.transaction
ORDER BY h.oldest_key, h.pid;
COMMENT ON VIEW uuidx_horizon_holders IS
    'Each transaction that holds this database''s commit horizon (uuidx_commit_horizon()) back: a running one by pid, a prepared one by gid, with its oldest key, that key''s time, when the transaction started, its state and why it holds';
