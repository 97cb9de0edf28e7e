-- uuidx 1.3.3: built by make from sql/uuidx.sql; edit that file, not this one.
\echo Use "CREATE EXTENSION uuidx" to load this file. \quit

-- Every name in this script is looked up in uuidx's own schema before pg_catalog's.
-- PostgreSQL searches pg_catalog first unless the path names it, and 17 to 19 have
-- functions of some of uuidx's names (uuid_extract_version, uuid_extract_timestamp;
-- uuidv4 and uuidv7 on 18): without this, COMMENT ON FUNCTION uuidv7() would describe the
-- built-in. uuidx is relocatable, so PostgreSQL substitutes no @extschema@; the schema
-- being created into (or updated in) is the script's current_schema(). CREATE EXTENSION and
-- ALTER EXTENSION restore the caller's search_path when the script ends.
SELECT pg_catalog.set_config('search_path',
                             pg_catalog.format('%I, pg_catalog', pg_catalog.current_schema()), true);

-- Volatility tells the truth: what reads the clock or the random source is VOLATILE,
-- pure functions are IMMUTABLE STRICT. Everything is PARALLEL SAFE but what changes the
-- server's state (uuidx_raise_order_floor, at the end). The one other exception is a peer's
-- contract: a function offered under pg_uuidv7's name carries pg_uuidv7's labels.
-- No name here is one of uuid-ossp's (uuid_generate_v1/v1mc/v3/v4/v5, uuid_nil, uuid_ns_*),
-- so both extensions live in one schema.

------------------------------------------------------------------------------------------
-- Generators
------------------------------------------------------------------------------------------

CREATE FUNCTION uuid_generate_v7() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_generate_v7'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v7() IS
    'RFC 9562 UUIDv7: Unix milliseconds, a 16-bit sub-millisecond fraction, 58 random bits; strictly increasing within a session';

CREATE FUNCTION uuidv7() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_generate_v7'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuidv7() IS
    'RFC 9562 UUIDv7 under PostgreSQL 18''s name; the same generator as uuid_generate_v7()';

CREATE FUNCTION uuidv7(shift interval) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_generate_v7_shifted'
    LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv7(interval) IS
    'RFC 9562 UUIDv7 whose embedded time is the current time plus shift (PostgreSQL 18''s uuidv7(interval))';

CREATE FUNCTION uuidv4() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_generate_v4'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuidv4() IS
    'RFC 9562 UUIDv4: 122 random bits from OpenSSL (PostgreSQL 18''s name)';

CREATE FUNCTION uuid_generate_v6() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_generate_v6'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v6() IS
    'RFC 9562 UUIDv6: Gregorian 100-ns time, high bits first; random clock_seq and node (multicast bit set); strictly increasing within a session';

CREATE FUNCTION uuidv6() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_generate_v6'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuidv6() IS
    'RFC 9562 UUIDv6; the same generator as uuid_generate_v6()';

CREATE FUNCTION uuidv1() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_generate_v1'
    LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uuidv1() IS
    'RFC 9562 UUIDv1 with a random node (multicast bit set) and clock sequence drawn once per process; strictly increasing timestamps within a session';

CREATE FUNCTION uuidv3(namespace uuid, name text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_generate_v3'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv3(uuid, text) IS
    'RFC 9562 UUIDv3: MD5 of namespace and name (the name''s bytes in the database encoding), as uuid-ossp''s uuid_generate_v3()';

CREATE FUNCTION uuidv5(namespace uuid, name text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_generate_v5'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv5(uuid, text) IS
    'RFC 9562 UUIDv5: SHA-1 of namespace and name (the name''s bytes in the database encoding), as uuid-ossp''s uuid_generate_v5()';

CREATE FUNCTION uuid_generate_v8(custom bytea) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_generate_v8'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v8(bytea) IS
    'RFC 9562 UUIDv8 from exactly 16 bytes: only the version and variant bits are overwritten';

CREATE FUNCTION uuidv8(custom bytea) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_generate_v8'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv8(bytea) IS
    'RFC 9562 UUIDv8 from exactly 16 bytes; the same as uuid_generate_v8(bytea)';

CREATE FUNCTION uuid_generate_v8_name(namespace uuid, name text, algorithm text DEFAULT 'sha256') RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_generate_v8_name'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v8_name(uuid, text, text) IS
    'Name-based RFC 9562 UUIDv8 (section 5.8, Appendix B.2) with sha256 (default), sha384, sha512, sha3-256 or sha3-512';

------------------------------------------------------------------------------------------
-- Constants and conversions
------------------------------------------------------------------------------------------

CREATE FUNCTION uuid_namespace(name text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_namespace'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_namespace(text) IS
    'RFC 9562 namespace ID by name: dns, url, oid or x500 (case-insensitive)';

CREATE FUNCTION uuid_max() RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_max'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_max() IS
    'The RFC 9562 Max UUID ffffffff-ffff-ffff-ffff-ffffffffffff';

CREATE FUNCTION uuid_v1_to_v6(uuid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_v1_to_v6'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v1_to_v6(uuid) IS
    'The UUIDv6 with the same timestamp, clock sequence and node as a UUIDv1 (RFC 9562 section 5.6)';

CREATE FUNCTION uuid_v6_to_v1(uuid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_v6_to_v1'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v6_to_v1(uuid) IS
    'The UUIDv1 with the same timestamp, clock sequence and node as a UUIDv6 (RFC 9562 section 5.6)';

------------------------------------------------------------------------------------------
-- Inspection
------------------------------------------------------------------------------------------

CREATE FUNCTION uuid_extract_version(uuid) RETURNS smallint
    AS 'MODULE_PATHNAME', 'uuidx_extract_version'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_extract_version(uuid) IS
    'Version nibble of an RFC 9562 variant UUID; NULL for any other variant (as PostgreSQL 18)';

CREATE FUNCTION uuid_extract_variant(uuid) RETURNS smallint
    AS 'MODULE_PATHNAME', 'uuidx_extract_variant'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_extract_variant(uuid) IS
    'Variant per RFC 9562 Table 1: 0 (NCS, nil), 2 (RFC 9562), 6 (Microsoft), 7 (future, max)';

CREATE FUNCTION uuid_extract_timestamp(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'uuidx_extract_timestamp'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_extract_timestamp(uuid) IS
    'Embedded time of a v1, v6 or v7 UUID (v7 to the millisecond, v1/v6 to the microsecond); NULL otherwise';

CREATE FUNCTION uuid_extract_clock_seq(uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'uuidx_extract_clock_seq'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_extract_clock_seq(uuid) IS
    'The 14-bit clock sequence of a v1 or v6 UUID; NULL otherwise';

CREATE FUNCTION uuid_extract_node(uuid) RETURNS macaddr
    AS 'MODULE_PATHNAME', 'uuidx_extract_node'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_extract_node(uuid) IS
    'The 48-bit node of a v1 or v6 UUID as a MAC address; NULL otherwise';

CREATE FUNCTION uuid_inspect(uuid,
        OUT variant smallint, OUT variant_name text,
        OUT version smallint, OUT version_name text,
        OUT "timestamp" timestamptz, OUT fields json)
    AS 'MODULE_PATHNAME', 'uuidx_inspect'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_inspect(uuid) IS
    'One row explaining a UUID: variant, version, embedded time, and its layout''s fields by their RFC 9562 names';

------------------------------------------------------------------------------------------
-- Time ranges, backfills and migration
------------------------------------------------------------------------------------------

CREATE FUNCTION uuid_generate_v7(ts timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_generate_v7_at'
    LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_generate_v7(timestamptz) IS
    'RFC 9562 UUIDv7 carrying ts to the microsecond (milliseconds and sub-millisecond fraction), random otherwise: for backfills and imports';

CREATE FUNCTION uuid_v7_min(ts timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_v7_min'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7_min(timestamptz) IS
    'The smallest valid UUIDv7 of the millisecond of ts: WHERE id >= uuid_v7_min(a) AND id < uuid_v7_min(b) selects keys created in [a, b)';

CREATE FUNCTION uuid_v7_max(ts timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_v7_max'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7_max(timestamptz) IS
    'The largest valid UUIDv7 of the millisecond of ts';

-- Drop-in compatibility with the pg_uuidv7 extension: same names and arguments, and
-- pg_uuidv7's labels except where uuidx 1.0 already promised more (the *_to_timestamp*
-- functions are IMMUTABLE; pg_uuidv7's are STABLE). The *_to_v7 functions are STABLE, as pg_uuidv7's, so that its documented range pattern
-- (id >= uuid_timestamptz_to_v7(now() - ..., true)) keeps its index scan; with zero false
-- they still draw fresh random bits on every call, as pg_uuidv7's do.
CREATE FUNCTION uuid_v7_to_timestamptz(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'uuidx_v7_to_timestamptz'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7_to_timestamptz(uuid) IS
    'The first 48 bits read as Unix milliseconds, whatever the version (pg_uuidv7 compatible)';

CREATE FUNCTION uuid_v7_to_timestamp(uuid) RETURNS timestamp
    AS 'MODULE_PATHNAME', 'uuidx_v7_to_timestamptz'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7_to_timestamp(uuid) IS
    'The first 48 bits read as Unix milliseconds, as a UTC timestamp without time zone (pg_uuidv7 compatible)';

CREATE FUNCTION uuid_timestamptz_to_v7(ts timestamptz, zero bool DEFAULT false) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_timestamptz_to_v7'
    LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_timestamptz_to_v7(timestamptz, bool) IS
    'A UUIDv7 carrying ts, random otherwise; with zero = true the lower bound uuid_v7_min(ts) (pg_uuidv7 compatible)';

CREATE FUNCTION uuid_timestamp_to_v7(ts timestamp, zero bool DEFAULT false) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_timestamptz_to_v7'
    LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_timestamp_to_v7(timestamp, bool) IS
    'A UUIDv7 carrying ts read as UTC, random otherwise; with zero = true the lower bound (pg_uuidv7 compatible)';

CREATE FUNCTION uuid_v4_to_v7(old uuid, ts timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_v4_to_v7'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v4_to_v7(uuid, timestamptz) IS
    'The v4-to-v7 migration mapping: a UUIDv7 with the millisecond of ts and 74 bits of SHA-256 of old; deterministic, so tables can be rewritten independently';

------------------------------------------------------------------------------------------
-- Keys that leave the database: TypeID and ULID text forms, and public ids
------------------------------------------------------------------------------------------

CREATE FUNCTION uuid_to_typeid(prefix text, id uuid) RETURNS text
    AS 'MODULE_PATHNAME', 'uuidx_uuid_to_typeid'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_to_typeid(text, uuid) IS
    'The TypeID (jetify TypeID 0.3) of id with prefix: prefix_ and 26 characters of Crockford base32; an empty prefix gives the suffix alone';

CREATE FUNCTION typeid_to_uuid(typeid text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_typeid_to_uuid'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION typeid_to_uuid(text) IS
    'The UUID of a TypeID (jetify TypeID 0.3), any prefix; invalid text is an error 22P02 naming what is wrong';

CREATE FUNCTION typeid_prefix(typeid text) RETURNS text
    AS 'MODULE_PATHNAME', 'uuidx_typeid_prefix'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION typeid_prefix(text) IS
    'The prefix of a TypeID (empty for none), after checking the whole TypeID';

CREATE FUNCTION typeid_generate(prefix text) RETURNS text
    AS 'MODULE_PATHNAME', 'uuidx_typeid_generate'
    LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION typeid_generate(text) IS
    'A new TypeID with prefix around a uuid_generate_v7() key: TypeIDs of one prefix sort in the order they were made';

CREATE FUNCTION uuid_to_ulid(id uuid) RETURNS text
    AS 'MODULE_PATHNAME', 'uuidx_uuid_to_ulid'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_to_ulid(uuid) IS
    'The ULID text of a UUID: the same 16 bytes in 26 upper-case Crockford base32 characters (a v7 keeps its millisecond)';

CREATE FUNCTION ulid_to_uuid(ulid text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_ulid_to_uuid'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_to_uuid(text) IS
    'The UUID of a ULID text, in either case; I, L, O and U, wrong lengths and values above 128 bits are errors 22P02';

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

-- Public ids depend on the key settings: STABLE. Either function reveals the time of any
-- public id to its caller (encoding a v7 with a public id's random bits and time zero
-- gives the mask), so both are the key holder's: revoked from PUBLIC, granted by a
-- superuser to the roles that serve public ids.
CREATE FUNCTION uuid_v7_to_public(id uuid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_v7_to_public'
    LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7_to_public(uuid) IS
    'The public id of a v7 key: a v4-looking UUID hiding its millisecond, keyed by uuidx.public_id_key (uuidv47 compatible); needs uuidx preloaded';

CREATE FUNCTION uuid_public_to_v7(public_id uuid, previous_key bool DEFAULT false) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_public_to_v7'
    LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_public_to_v7(uuid, bool) IS
    'The v7 key behind a public id (uuidx.public_id_key, or uuidx.public_id_previous_key when previous_key); any v4 decodes to some v7';

REVOKE ALL ON FUNCTION uuid_v7_to_public(uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION uuid_public_to_v7(uuid, bool) FROM PUBLIC;

------------------------------------------------------------------------------------------
-- Time questions answered by the key's index (new in 1.2.0)
------------------------------------------------------------------------------------------

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

------------------------------------------------------------------------------------------
-- Server-wide order
------------------------------------------------------------------------------------------

CREATE FUNCTION uuidx_order_scope() RETURNS text
    AS 'MODULE_PATHNAME', 'uuidx_order_scope'
    LANGUAGE C STABLE PARALLEL SAFE;
COMMENT ON FUNCTION uuidx_order_scope() IS
    'server when uuidx is preloaded and v1/v6/v7 values are ordered across all sessions; session otherwise';

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
    'A v7 key H such that every key drawn from uuidx''s v7 order in this database (by uuid_generate_v7(), uuidx''s uuidv7() and uuidv7(interval), typeid_generate()) below H belongs to a transaction whose end was visible to new snapshots before the call returned: a keyset consumer reads rows with id < H, and never needs to look below H again. PostgreSQL 18''s own pg_catalog.uuidv7(), which an unqualified uuidv7() reaches first from 18 on, is not covered. Needs uuidx preloaded and uuidx.commit_horizon on; not on a standby. May move backward across a restart or a promotion (the order starts again from the clock, and transactions prepared before hold from the smallest key): keep the consumer''s own position too';

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
