--# uuidx_sql's internal functions: the one place for each conversion the public functions
--# share. Their names start with uuidx_sql_ so that they can never be mistaken for the C
--# edition's (the catalog check, test/integration/sql_edition_catalog.sh, skips them).
--#
--# They are SQL functions that PostgreSQL inlines into their callers: a function with a
--# RETURN body of one expression, no SET clause and no SECURITY DEFINER is replaced by its
--# expression when planned, so it costs no call, where a SQL function that runs as a call
--# costs some 15 µs. A STRICT one is inlined only where its body is strict too, so those
--# whose body has a CASE are not STRICT: each public function is then at most one call,
--# the whole of its logic inlined into it. A parameter used more than once is inlined only
--# where its argument is cheap and not volatile; where it is not, the function still runs,
--# as an ordinary call.

------------------------------------------------------------------------------------------
-- Errors
------------------------------------------------------------------------------------------

--@ drop FUNCTION uuidx_sql_error(anyelement, anycompatible, text, text, text)
-- Raises code/message/detail: SQL has no RAISE, so an expression that must fail calls this in
-- the branch of a CASE that holds for bad input, returning NULL of the type of its first
-- argument there. `offending` is the bad input itself, unused but passed so that the call
-- is never constant where the input is not: PostgreSQL evaluates an IMMUTABLE call with
-- constant arguments when planning, in a branch that would not have been taken too.
CREATE OR REPLACE FUNCTION uuidx_sql_error(result_type anyelement, offending anycompatible,
                                           code text, message text, detail text)
    RETURNS anyelement
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    AS $$
BEGIN
    RAISE EXCEPTION USING ERRCODE = code, MESSAGE = message, DETAIL = detail;
END
$$;
COMMENT ON FUNCTION uuidx_sql_error(anyelement, anycompatible, text, text, text) IS
    'uuidx_sql internal: raises an error with the C edition''s SQLSTATE, message and detail';

--@ drop FUNCTION uuidx_sql_quoted_excerpt(text)
-- What an error may quote of a user's text, as the C edition's quoted_excerpt(): the text
-- itself up to 64 bytes, or its longest prefix of whole characters within 64 bytes and "...".
-- Called in error branches only: its subquery keeps it from being inlined, which costs nothing
-- there.
CREATE OR REPLACE FUNCTION uuidx_sql_quoted_excerpt(input text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE
        WHEN octet_length(input) <= 64 THEN input
        ELSE (SELECT left(input, characters) FROM generate_series(64, 0, -1) AS characters
              WHERE octet_length(left(input, characters)) <= 64 ORDER BY characters DESC LIMIT 1) || '...'
    END;
COMMENT ON FUNCTION uuidx_sql_quoted_excerpt(text) IS
    'uuidx_sql internal: a user''s text as an error quotes it, cut to whole characters within 64 bytes';

------------------------------------------------------------------------------------------
-- Times as Unix microseconds and back
------------------------------------------------------------------------------------------

--@ drop FUNCTION uuidx_sql_unix_us(timestamptz)
-- A timestamptz as microseconds since 1970, exactly and cheaply: its binary form is the
-- microseconds since 2000 as a big-endian int64, read back through a bit string. Every
-- other way in SQL is slower (extract() computes a numeric) or inexact (date_part()'s
-- float8 loses microseconds from 2041 on). Infinite times overflow: callers check first.
CREATE OR REPLACE FUNCTION uuidx_sql_unix_us(ts timestamptz) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ('x' || encode(timestamptz_send(ts), 'hex'))::bit(64)::bigint + 946684800000000;
COMMENT ON FUNCTION uuidx_sql_unix_us(timestamptz) IS
    'uuidx_sql internal: a finite timestamptz as microseconds since 1970-01-01 00:00:00 UTC';

--@ drop FUNCTION uuidx_sql_v7_unix_us(timestamptz)
-- The same, for a time a UUIDv7 can hold (its millisecond fits in 48 bits), and the C
-- edition's error (22008) for any other, infinities included.
CREATE OR REPLACE FUNCTION uuidx_sql_v7_unix_us(ts timestamptz) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
        WHEN ts IS NULL THEN NULL
        WHEN ts >= '1970-01-01 00:00:00+00' AND ts < '10889-08-02 05:31:50.656+00' THEN uuidx_sql_unix_us(ts)
        ELSE uuidx_sql_error(NULL::bigint, ts, '22008', 'timestamp out of range for a UUID',
                             'A UUIDv7 holds times from 1970-01-01 00:00:00 UTC to the year 10889.')
    END;
COMMENT ON FUNCTION uuidx_sql_v7_unix_us(timestamptz) IS
    'uuidx_sql internal: a time as microseconds since 1970, or error 22008 where a UUIDv7 cannot hold it';

--@ drop FUNCTION uuidx_sql_timestamptz(bigint)
-- Microseconds since 1970 (before it too) as a timestamptz, exactly: whole seconds and the
-- rest as intervals added to 1970 as a timestamp, then read as UTC. Exact for every time a
-- timestamp holds (seconds * 10^6 is seconds * 15625 * 2^6, exact in float8 for every
-- second up to 2^53 / 15625), and immutable, unlike timestamptz + interval (which adds days
-- in the session's zone), so that the functions that use it are inlined.
CREATE OR REPLACE FUNCTION uuidx_sql_timestamptz(unix_us bigint) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN (timestamp '1970-01-01 00:00:00' + unix_us / 1000000 * interval '1 second'
            + unix_us % 1000000 * interval '1 microsecond') AT TIME ZONE 'UTC';
COMMENT ON FUNCTION uuidx_sql_timestamptz(bigint) IS
    'uuidx_sql internal: microseconds since 1970-01-01 00:00:00 UTC as a timestamptz';

------------------------------------------------------------------------------------------
-- A key's time: its first 48 bits as Unix milliseconds, whatever the version
------------------------------------------------------------------------------------------

--@ drop FUNCTION uuidx_sql_unix_ms(uuid)
CREATE OR REPLACE FUNCTION uuidx_sql_unix_ms(id uuid) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ('x' || encode(substring(uuid_send(id) FROM 1 FOR 6), 'hex'))::bit(48)::bigint;
COMMENT ON FUNCTION uuidx_sql_unix_ms(uuid) IS
    'uuidx_sql internal: a key''s first 48 bits (unix_ts_ms), whatever its version';

--@ drop FUNCTION uuidx_sql_key_time(uuid)
-- The key's time as a timestamptz, to the millisecond.
CREATE OR REPLACE FUNCTION uuidx_sql_key_time(id uuid) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_timestamptz(uuidx_sql_unix_ms(id) * 1000);
COMMENT ON FUNCTION uuidx_sql_key_time(uuid) IS
    'uuidx_sql internal: a key''s first 48 bits read as Unix milliseconds, as a timestamptz';

------------------------------------------------------------------------------------------
-- Keys made of a time
------------------------------------------------------------------------------------------

--@ drop FUNCTION uuidx_sql_v7_key(bigint)
-- A UUIDv7 at a position in time, random otherwise. A position counts quarters of a
-- microsecond since 1970: the generators' order lives in it (generators.sql), and a
-- position of a given time is 4 * its Unix microseconds. The key carries the position's
-- millisecond in unix_ts_ms and the rest of it, scaled to 12 bits, in rand_a: RFC 9562
-- section 6.2, method 3, as PostgreSQL 18's uuidv7() (for whole microseconds, the same
-- 12 bits: floor(microsecond of the millisecond * 4096 / 1000)). The 4,000 positions of a
-- millisecond map to distinct, increasing fractions (128/125 > 1), so keys follow the order
-- of positions. The last 64 bits are gen_random_uuid()'s: the RFC 9562 variant and 62 bits
-- from PostgreSQL's strong random source.
CREATE OR REPLACE FUNCTION uuidx_sql_v7_key(v7_position bigint) RETURNS uuid
    LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
    RETURN encode(int8send(((v7_position / 4000) << 16) | 28672 | (v7_position % 4000 * 128 / 125))
                  || substring(uuid_send(gen_random_uuid()) FROM 9), 'hex')::uuid;
COMMENT ON FUNCTION uuidx_sql_v7_key(bigint) IS
    'uuidx_sql internal: a UUIDv7 at a position (quarters of a microsecond since 1970), random otherwise';

--@ drop FUNCTION uuidx_sql_v7_edge_key(bigint, boolean)
-- The smallest (last = false) or the largest valid UUIDv7 of a millisecond: version 7,
-- variant 10, every other bit 0 or 1.
CREATE OR REPLACE FUNCTION uuidx_sql_v7_edge_key(unix_ms bigint, last boolean) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN encode(int8send((unix_ms << 16) | CASE WHEN last THEN 32767 ELSE 28672 END)
                  || CASE WHEN last THEN '\xbfffffffffffffff'::bytea ELSE '\x8000000000000000'::bytea END,
                  'hex')::uuid;
COMMENT ON FUNCTION uuidx_sql_v7_edge_key(bigint, boolean) IS
    'uuidx_sql internal: the smallest or the largest valid UUIDv7 of a millisecond';

--@ drop FUNCTION uuidx_sql_prefix_key(bigint, boolean)
-- The key unix_ms << 80 with the 80 bits after the time all 0 or all 1: the bounds of every
-- key, of any version, of that millisecond (src/core/time_bounds.hpp explains the arithmetic
-- the time-bound functions share with the C edition).
CREATE OR REPLACE FUNCTION uuidx_sql_prefix_key(unix_ms bigint, low_bits_set boolean) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN encode(substring(int8send(unix_ms) FROM 3)
                  || CASE WHEN low_bits_set THEN '\xffffffffffffffffffff'::bytea ELSE '\x00000000000000000000'::bytea END,
                  'hex')::uuid;
COMMENT ON FUNCTION uuidx_sql_prefix_key(bigint, boolean) IS
    'uuidx_sql internal: the key of a millisecond with every bit after the time 0 or 1';

--@ drop FUNCTION uuidx_sql_stamped_key(bytea, integer)
-- The key of a digest's (or any bytes') first 16 bytes with the version nibble and the
-- RFC 9562 variant set over them, every other bit kept: bits 55 to 52 (set_bit numbers each
-- byte from its lowest bit) and 71 and 70. The bytes are used once, so the function is
-- inlined whatever computes them.
CREATE OR REPLACE FUNCTION uuidx_sql_stamped_key(bytes bytea, version integer) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN encode(set_bit(set_bit(set_bit(set_bit(set_bit(set_bit(substring(bytes FROM 1 FOR 16),
                      55, (version >> 3) & 1), 54, (version >> 2) & 1), 53, (version >> 1) & 1), 52, version & 1),
                      71, 1), 70, 0), 'hex')::uuid;
COMMENT ON FUNCTION uuidx_sql_stamped_key(bytea, integer) IS
    'uuidx_sql internal: the UUID of 16 bytes with a version and the RFC 9562 variant set over them';
