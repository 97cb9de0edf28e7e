-- uuidx 1.1.0 to 1.2.0: built by make from sql/uuidx.sql; edit that file, not this one.
\echo Use "ALTER EXTENSION uuidx UPDATE TO '1.2.0'" to load this file. \quit
-- Every name in this script is looked up in uuidx's own schema before pg_catalog's.
-- PostgreSQL searches pg_catalog first unless the path names it, and 17 to 19 have
-- functions of some of uuidx's names (uuid_extract_version, uuid_extract_timestamp;
-- uuidv4 and uuidv7 on 18): without this, COMMENT ON FUNCTION uuidv7() would describe the
-- built-in. uuidx is relocatable, so PostgreSQL substitutes no @extschema@; the schema
-- being created into (or updated in) is the script's current_schema(). CREATE EXTENSION and
-- ALTER EXTENSION restore the caller's search_path when the script ends.
SELECT pg_catalog.set_config('search_path',
                             pg_catalog.format('%I, pg_catalog', pg_catalog.current_schema()), true);
-- base32hex (RFC 4648 section 7): PostgreSQL 19's rtrim(encode(id::bytea, 'base32hex'),
-- '=') on every major, and its inverse, stricter than 19's decode() (no white space, no
-- nonzero trailing bits: one UUID, one text).
CREATE FUNCTION uuid_to_base32hex(id uuid) RETURNS text
    AS 'MODULE_PATHNAME', 'uuidx_uuid_to_base32hex'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_to_base32hex(uuid) IS
    'The UUID in base32hex (RFC 4648 section 7): 26 upper-case characters of 0-9A-V, no padding, sorting like the UUID; what PostgreSQL 19''s rtrim(encode(id::bytea, ''base32hex''), ''='') gives';

CREATE FUNCTION base32hex_to_uuid(text text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_base32hex_to_uuid'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION base32hex_to_uuid(text) IS
    'The UUID of a base32hex text, in either case, with or without its six = of padding; white space, other lengths and characters, and nonzero trailing bits are errors 22P02';
-- A key's time is its first 48 bits read as Unix milliseconds, whatever the version (as
-- uuid_v7_to_timestamptz() reads it). Keys sort by those bits first, so a time bound is a
-- key bound: these functions give the smallest and the largest key whose time can satisfy
-- one. The planner puts them into index conditions (uuidx.time_predicates, and the support
-- function of the <@ operator below); they are IMMUTABLE, so that with now() or a parameter
-- they are evaluated once when the scan starts. Where no key can satisfy the bound they
-- return the key that leaves the fewest (max for a minimum, nil for a maximum).
CREATE FUNCTION uuid_time_min_key(ts timestamptz, inclusive boolean) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_time_min_key'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_time_min_key(timestamptz, boolean) IS
    'The smallest key whose time (first 48 bits as Unix milliseconds) is at or after ts (inclusive) or after it: id >= uuid_time_min_key(ts, true) holds for every key of uuid_v7_to_timestamptz(id) >= ts';

CREATE FUNCTION uuid_time_max_key(ts timestamptz, inclusive boolean) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_time_max_key'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_time_max_key(timestamptz, boolean) IS
    'The largest key whose time (first 48 bits as Unix milliseconds) is at or before ts (inclusive) or before it: id <= uuid_time_max_key(ts, false) holds for every key of uuid_v7_to_timestamptz(id) < ts';

-- timestamp read as UTC, as uuid_v7_to_timestamp() writes it (one representation: one C
-- function for both types).
CREATE FUNCTION uuid_time_min_key(ts timestamp, inclusive boolean) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_time_min_key'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_time_min_key(timestamp, boolean) IS
    'uuid_time_min_key() for a timestamp read as UTC, as uuid_v7_to_timestamp() gives it';

CREATE FUNCTION uuid_time_max_key(ts timestamp, inclusive boolean) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_time_max_key'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_time_max_key(timestamp, boolean) IS
    'uuid_time_max_key() for a timestamp read as UTC, as uuid_v7_to_timestamp() gives it';

CREATE FUNCTION uuid_range_min_key(period tstzrange) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_range_min_key'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_range_min_key(tstzrange) IS
    'The smallest key whose time lies in period (the max UUID when no key''s time can): with uuid_range_max_key, the index bounds that stand exactly for id <@ period';

CREATE FUNCTION uuid_range_max_key(period tstzrange) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_range_max_key'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_range_max_key(tstzrange) IS
    'The largest key whose time lies in period (the nil UUID when no key''s time can): with uuid_range_min_key, the index bounds that stand exactly for id <@ period';

-- A time window as a range that is NULL where comparisons with its bounds are NULL or false
-- on every row: id <@ uuid_time_window(a, b) is exactly uuid_v7_to_timestamptz(id) >= a AND
-- uuid_v7_to_timestamptz(id) < b, for NULL and inverted bounds too. The planner writes the
-- time comparisons it answers from the key's index with it.
CREATE FUNCTION uuid_time_window(lower timestamptz, upper timestamptz, bounds text DEFAULT '[)') RETURNS tstzrange
    AS 'MODULE_PATHNAME', 'uuidx_time_window'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_time_window(timestamptz, timestamptz, text) IS
    'tstzrange(lower, upper, bounds), but NULL where lower > upper (and, being strict, where a bound is NULL): id <@ uuid_time_window(a, b) is exactly time >= a AND time < b';

-- Its argument, labelled STABLE (not IMMUTABLE) so that the planner never folds a call into
-- a constant: TimescaleDB reads each constant compared with a hypertable's uuid partitioning
-- column as a v7 time and refuses any other key, and uuid_time_min_key()'s keys are not v7s.
-- In a database with TimescaleDB the planner's time predicates wrap the key bounds they
-- derive from a parameter or now() in it, so that chunks are excluded when the scan starts.
CREATE FUNCTION uuid_time_key_at_start(key uuid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_time_key_at_start'
    LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_time_key_at_start(uuid) IS
    'Returns key, evaluated when the scan starts (STABLE, never folded at plan time): the time predicates'' key bounds where TimescaleDB reads them';

-- The operator's planner support (index conditions from uuid_range_min_key/max_key) and
-- selectivity estimator (the key column's histogram between those keys). CREATE FUNCTION
-- ... SUPPORT needs a superuser: a trusted extension's script runs as the bootstrap
-- superuser, so a database owner can still CREATE EXTENSION uuidx.
CREATE FUNCTION uuid_time_in_range_support(internal) RETURNS internal
    AS 'MODULE_PATHNAME', 'uuidx_time_in_range_support'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_time_in_range_support(internal) IS
    'Planner support of the <@ and @> operators of uuid and tstzrange: index conditions on the key for btree (uuid_ops) and BRIN (uuid_minmax_ops) indexes';

CREATE FUNCTION uuid_time_in_range_sel(internal, oid, internal, integer) RETURNS float8
    AS 'MODULE_PATHNAME', 'uuidx_time_in_range_sel'
    LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_time_in_range_sel(internal, oid, internal, integer) IS
    'Selectivity of the <@ and @> operators of uuid and tstzrange, from the key column''s histogram';

CREATE FUNCTION uuid_time_in_range(id uuid, period tstzrange) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uuidx_time_in_range'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
    SUPPORT uuid_time_in_range_support;
COMMENT ON FUNCTION uuid_time_in_range(uuid, tstzrange) IS
    'Whether the key''s time (first 48 bits as Unix milliseconds, any version) lies in period: the <@ operator';

CREATE FUNCTION tstzrange_contains_uuid_time(period tstzrange, id uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'uuidx_range_contains_time'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
    SUPPORT uuid_time_in_range_support;
COMMENT ON FUNCTION tstzrange_contains_uuid_time(tstzrange, uuid) IS
    'Whether period contains the key''s time (first 48 bits as Unix milliseconds, any version): the @> operator';

-- id <@ tstzrange(a, b): the key's time lies in the range, with the range's own rules for
-- bounds, emptiness and infinities. An index on id answers it.
CREATE OPERATOR <@ (
    LEFTARG = uuid, RIGHTARG = tstzrange, FUNCTION = uuid_time_in_range,
    COMMUTATOR = @>, RESTRICT = uuid_time_in_range_sel
);
COMMENT ON OPERATOR <@ (uuid, tstzrange) IS
    'The key''s time (first 48 bits as Unix milliseconds, any version) lies in the range; an index on the key answers it';

CREATE OPERATOR @> (
    LEFTARG = tstzrange, RIGHTARG = uuid, FUNCTION = tstzrange_contains_uuid_time,
    COMMUTATOR = <@, RESTRICT = uuid_time_in_range_sel
);
COMMENT ON OPERATOR @> (tstzrange, uuid) IS
    'The range contains the key''s time (first 48 bits as Unix milliseconds, any version); an index on the key answers it';
-- pg_partman's time encoder and decoder (create_parent's p_time_encoder, p_time_decoder):
-- partition bounds on the key's raw 48-bit time, so that a partition holds exactly the keys,
-- of any version, whose time lies in its range, and the time predicates above prune to it.
-- pg_partman calls the decoder with text (a bound cut out of a partition's definition, or a
-- key cast to text), from functions whose search_path is its own schema and pg_catalog: name
-- both with uuidx's schema.
CREATE FUNCTION uuid_time_encoder(ts timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_time_encoder'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_time_encoder(timestamptz) IS
    'The first key (of any version) of the first millisecond at or after ts: partition bounds for keys by time, and pg_partman''s p_time_encoder';

CREATE FUNCTION uuid_time_decoder(key text) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'uuidx_time_decoder'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_time_decoder(text) IS
    'The time of a key given as text (its first 48 bits as Unix milliseconds): pg_partman''s p_time_decoder, the inverse of uuid_time_encoder()';
