-- uuidx 1.0: RFC 9562 UUIDs on the native uuid type.
\echo Use "CREATE EXTENSION uuidx" to load this file. \quit

-- Volatility tells the truth: what reads the clock or the random source is VOLATILE,
-- pure functions are IMMUTABLE STRICT. Everything is PARALLEL SAFE.
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
