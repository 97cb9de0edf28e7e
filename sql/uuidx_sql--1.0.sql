-- uuidx_sql 1.0, built by make from src/sql (docs/ARCHITECTURE.md): do not edit.
\echo Use "CREATE EXTENSION uuidx_sql" to load this file. \quit
SELECT pg_catalog.set_config('search_path',
                             pg_catalog.format('%I, pg_catalog', pg_catalog.current_schema()), true);

------------------------------------------------------------------------------------------
-- Errors
------------------------------------------------------------------------------------------

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

-- A timestamptz as microseconds since 1970, exactly and cheaply: its binary form is the
-- microseconds since 2000 as a big-endian int64, read back through a bit string. Every
-- other way in SQL is slower (extract() computes a numeric) or inexact (date_part()'s
-- float8 loses microseconds from 2041 on). Infinite times overflow: callers check first.
CREATE OR REPLACE FUNCTION uuidx_sql_unix_us(ts timestamptz) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ('x' || encode(timestamptz_send(ts), 'hex'))::bit(64)::bigint + 946684800000000;
COMMENT ON FUNCTION uuidx_sql_unix_us(timestamptz) IS
    'uuidx_sql internal: a finite timestamptz as microseconds since 1970-01-01 00:00:00 UTC';

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

CREATE OR REPLACE FUNCTION uuidx_sql_unix_ms(id uuid) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ('x' || encode(substring(uuid_send(id) FROM 1 FOR 6), 'hex'))::bit(48)::bigint;
COMMENT ON FUNCTION uuidx_sql_unix_ms(uuid) IS
    'uuidx_sql internal: a key''s first 48 bits (unix_ts_ms), whatever its version';

-- The key's time as a timestamptz, to the millisecond.
CREATE OR REPLACE FUNCTION uuidx_sql_key_time(id uuid) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_timestamptz(uuidx_sql_unix_ms(id) * 1000);
COMMENT ON FUNCTION uuidx_sql_key_time(uuid) IS
    'uuidx_sql internal: a key''s first 48 bits read as Unix milliseconds, as a timestamptz';

------------------------------------------------------------------------------------------
-- Keys made of a time
------------------------------------------------------------------------------------------

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

-- The smallest (last = false) or the largest valid UUIDv7 of a millisecond: version 7,
-- variant 10, every other bit 0 or 1.
CREATE OR REPLACE FUNCTION uuidx_sql_v7_edge_key(unix_ms bigint, last boolean) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN encode(int8send((unix_ms << 16) | CASE WHEN last THEN 32767 ELSE 28672 END)
                  || CASE WHEN last THEN '\xbfffffffffffffff'::bytea ELSE '\x8000000000000000'::bytea END,
                  'hex')::uuid;
COMMENT ON FUNCTION uuidx_sql_v7_edge_key(bigint, boolean) IS
    'uuidx_sql internal: the smallest or the largest valid UUIDv7 of a millisecond';

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

DO $generators$
BEGIN
    IF pg_catalog.current_setting('server_version_num')::integer OPERATOR(pg_catalog.>=) 180000 THEN
        EXECUTE $sql$
            CREATE OR REPLACE FUNCTION uuid_generate_v7() RETURNS uuid
                LANGUAGE sql VOLATILE PARALLEL SAFE
                RETURN pg_catalog.uuidv7()
        $sql$;
        EXECUTE $sql$
            CREATE OR REPLACE FUNCTION uuidv7(shift interval) RETURNS uuid
                LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
                RETURN pg_catalog.uuidv7(shift)
        $sql$;
        -- Left by an install on 15 or 17 whose dump was restored here: no longer called.
        DROP FUNCTION IF EXISTS uuidx_sql_shift_v7_position(bigint, interval), uuidx_sql_advance_v7_position(),
                                uuidx_sql_v7_position();
    ELSE
        -- The session's last position (uuidx_sql_v7_key): NULL before the session's first key,
        -- and after a RESET of the setting or the rollback of the transaction that first set
        -- it (which leave it empty); the clock carries the order then.
        EXECUTE $sql$
            CREATE OR REPLACE FUNCTION uuidx_sql_v7_position() RETURNS bigint
                LANGUAGE sql STABLE PARALLEL SAFE
                RETURN NULLIF(current_setting('uuidx_sql.v7_position', true), '')::bigint
        $sql$;
        -- The next position: the clock's, or the last one plus one where the clock has not
        -- passed it (many keys in one microsecond, or a clock stepped back). A setting is the
        -- one value SQL can keep per session; writing it makes the generators PARALLEL UNSAFE.
        EXECUTE $sql$
            CREATE OR REPLACE FUNCTION uuidx_sql_advance_v7_position() RETURNS text
                LANGUAGE sql VOLATILE PARALLEL UNSAFE
                RETURN set_config('uuidx_sql.v7_position',
                                  greatest(4 * uuidx_sql_unix_us(clock_timestamp()), uuidx_sql_v7_position() + 1)::text,
                                  false)
        $sql$;
        -- The generator advances the position, then reads it back: one inlined expression, in
        -- which a CASE fixes the order (its condition is evaluated before its result) and the
        -- second read binds the new position to both of the key's uses of it.
        EXECUTE $sql$
            CREATE OR REPLACE FUNCTION uuid_generate_v7() RETURNS uuid
                LANGUAGE sql VOLATILE PARALLEL UNSAFE
                RETURN CASE WHEN uuidx_sql_advance_v7_position() IS NOT NULL
                            THEN uuidx_sql_v7_key(uuidx_sql_v7_position()) END
        $sql$;
        -- A position moved by a calendar interval (months and days in the session's time zone,
        -- as timestamptz + interval), keeping its quarter microsecond: 22008 where the result
        -- leaves the UUIDv7 range, as the C edition.
        EXECUTE $sql$
            CREATE OR REPLACE FUNCTION uuidx_sql_shift_v7_position(v7_position bigint, shift interval) RETURNS bigint
                LANGUAGE sql STABLE PARALLEL SAFE
                RETURN 4 * uuidx_sql_v7_unix_us(uuidx_sql_timestamptz(v7_position / 4) + shift) + v7_position % 4
        $sql$;
        EXECUTE $sql$
            CREATE OR REPLACE FUNCTION uuidv7(shift interval) RETURNS uuid
                LANGUAGE sql VOLATILE STRICT PARALLEL UNSAFE
                RETURN CASE WHEN uuidx_sql_advance_v7_position() IS NOT NULL
                            THEN uuidx_sql_v7_key(uuidx_sql_shift_v7_position(uuidx_sql_v7_position(), shift)) END
        $sql$;
        COMMENT ON FUNCTION uuidx_sql_v7_position() IS
            'uuidx_sql internal: the session''s last UUIDv7 position (setting uuidx_sql.v7_position), NULL before its first';
        COMMENT ON FUNCTION uuidx_sql_advance_v7_position() IS
            'uuidx_sql internal: moves the session''s UUIDv7 position to the later of the clock and the last position plus one';
        COMMENT ON FUNCTION uuidx_sql_shift_v7_position(bigint, interval) IS
            'uuidx_sql internal: a UUIDv7 position moved by an interval, or error 22008 outside the UUIDv7 range';
    END IF;
    -- uuidv7() is uuid_generate_v7() under PostgreSQL 18's name, with its labels.
    EXECUTE pg_catalog.format($sql$
            CREATE OR REPLACE FUNCTION uuidv7() RETURNS uuid
                LANGUAGE sql VOLATILE PARALLEL %s
                RETURN uuid_generate_v7()
        $sql$,
        CASE WHEN pg_catalog.current_setting('server_version_num')::integer OPERATOR(pg_catalog.>=) 180000
             THEN 'SAFE' ELSE 'UNSAFE' END);
END
$generators$;
COMMENT ON FUNCTION uuid_generate_v7() IS
    'RFC 9562 UUIDv7: Unix milliseconds, a 12-bit sub-millisecond fraction, 62 random bits; strictly increasing within a session';
COMMENT ON FUNCTION uuidv7() IS
    'RFC 9562 UUIDv7 under PostgreSQL 18''s name; the same generator as uuid_generate_v7()';
COMMENT ON FUNCTION uuidv7(interval) IS
    'RFC 9562 UUIDv7 whose embedded time is the current time plus shift (PostgreSQL 18''s uuidv7(interval))';

CREATE OR REPLACE FUNCTION uuidv4() RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN gen_random_uuid();
COMMENT ON FUNCTION uuidv4() IS
    'RFC 9562 UUIDv4: 122 random bits from gen_random_uuid() (PostgreSQL 18''s name)';


-- The session's last Gregorian time: NULL before its first v1 or v6 key, and after a RESET
-- or the rollback of the transaction that first set it; the clock carries the order then.
CREATE OR REPLACE FUNCTION uuidx_sql_last_gregorian_time() RETURNS bigint
    LANGUAGE sql STABLE PARALLEL SAFE
    RETURN NULLIF(current_setting('uuidx_sql.gregorian_time', true), '')::bigint;
COMMENT ON FUNCTION uuidx_sql_last_gregorian_time() IS
    'uuidx_sql internal: the session''s last Gregorian time of a v1 or v6 key (setting uuidx_sql.gregorian_time), NULL before its first';

-- The next Gregorian time: the clock's (ten steps a microsecond), or the last one plus one
-- where the clock has not passed it. Returns it as the setting's text, so that the generators
-- check its range in the CASE that orders their reads.
CREATE OR REPLACE FUNCTION uuidx_sql_advance_gregorian_time() RETURNS text
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN set_config('uuidx_sql.gregorian_time',
                      greatest(10 * uuidx_sql_unix_us(clock_timestamp()) + 122192928000000000,
                               uuidx_sql_last_gregorian_time() + 1)::text,
                      false);
COMMENT ON FUNCTION uuidx_sql_advance_gregorian_time() IS
    'uuidx_sql internal: moves the session''s Gregorian time to the later of the clock and the last time plus one';

-- A UUIDv6 of a Gregorian time: its high 48 bits, the version, its low 12 bits (RFC 9562
-- section 5.6), then gen_random_uuid()'s last 8 bytes, whose variant bits are RFC 9562's and
-- whose other 62 bits are the random clock_seq and node, with the node's multicast bit set
-- (the lowest bit of its first byte, set_bit's bit 16 of those 8 bytes; section 6.10).
CREATE OR REPLACE FUNCTION uuidx_sql_v6_key(gregorian_time bigint) RETURNS uuid
    LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
    RETURN encode(int8send(((gregorian_time >> 12) << 16) | 24576 | (gregorian_time & 4095))
                  || set_bit(substring(uuid_send(gen_random_uuid()) FROM 9), 16, 1), 'hex')::uuid;
COMMENT ON FUNCTION uuidx_sql_v6_key(bigint) IS
    'uuidx_sql internal: a UUIDv6 of a Gregorian time, with a random clock_seq and node (multicast bit set)';

-- The session's v1 clock_seq and node, drawn at its first v1 key as uuidx_sql_v6_key() draws
-- them and kept in the setting uuidx_sql.v1_clock_seq_node: the C edition draws them once per
-- process, and a session is a process. A rolled-back first draw is drawn again.
CREATE OR REPLACE FUNCTION uuidx_sql_v1_clock_seq_node() RETURNS bytea
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN decode(coalesce(NULLIF(current_setting('uuidx_sql.v1_clock_seq_node', true), ''),
                           set_config('uuidx_sql.v1_clock_seq_node',
                                      encode(set_bit(substring(uuid_send(gen_random_uuid()) FROM 9), 16, 1), 'hex'),
                                      false)), 'hex');
COMMENT ON FUNCTION uuidx_sql_v1_clock_seq_node() IS
    'uuidx_sql internal: the session''s v1 clock_seq and node (setting uuidx_sql.v1_clock_seq_node), drawn at its first v1 key';

-- A UUIDv1 of a Gregorian time: time_low (its low 32 bits), time_mid, the version and
-- time_high (its high 12 bits), then the clock_seq and node (RFC 9562 section 5.1).
CREATE OR REPLACE FUNCTION uuidx_sql_v1_key(gregorian_time bigint, clock_seq_node bytea) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN encode(int8send(((gregorian_time & 4294967295) << 32) | (((gregorian_time >> 32) & 65535) << 16)
                           | 4096 | (gregorian_time >> 48))
                  || clock_seq_node, 'hex')::uuid;
COMMENT ON FUNCTION uuidx_sql_v1_key(bigint, bytea) IS
    'uuidx_sql internal: the UUIDv1 of a Gregorian time, clock_seq and node';

-- The C edition's error for a Gregorian time past its 60 bits (the year 5236).
CREATE OR REPLACE FUNCTION uuidx_sql_gregorian_time_out_of_range() RETURNS uuid
    LANGUAGE sql STABLE PARALLEL SAFE
    RETURN uuidx_sql_error(NULL::uuid, uuidx_sql_last_gregorian_time(), '22008', 'timestamp out of range for a UUID',
                           'UUIDv1 and UUIDv6 hold times from 1582-10-15 00:00:00 UTC to the year 5236.');
COMMENT ON FUNCTION uuidx_sql_gregorian_time_out_of_range() IS
    'uuidx_sql internal: raises 22008 for a Gregorian time past the 60 bits of v1 and v6';

-- Advances the Gregorian time, then reads it back (the CASE orders the two, as in
-- uuid_generate_v7()); 22008 past the 60 bits, as the C edition.
CREATE OR REPLACE FUNCTION uuid_generate_v6() RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN CASE WHEN uuidx_sql_advance_gregorian_time()::bigint <= 1152921504606846975
                THEN uuidx_sql_v6_key(uuidx_sql_last_gregorian_time())
                ELSE uuidx_sql_gregorian_time_out_of_range() END;
COMMENT ON FUNCTION uuid_generate_v6() IS
    'RFC 9562 UUIDv6: Gregorian 100-ns time, high bits first; random clock_seq and node (multicast bit set); strictly increasing within a session';

CREATE OR REPLACE FUNCTION uuidv6() RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN uuid_generate_v6();
COMMENT ON FUNCTION uuidv6() IS
    'RFC 9562 UUIDv6; the same generator as uuid_generate_v6()';

CREATE OR REPLACE FUNCTION uuidv1() RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN CASE WHEN uuidx_sql_advance_gregorian_time()::bigint <= 1152921504606846975
                THEN uuidx_sql_v1_key(uuidx_sql_last_gregorian_time(), uuidx_sql_v1_clock_seq_node())
                ELSE uuidx_sql_gregorian_time_out_of_range() END;
COMMENT ON FUNCTION uuidv1() IS
    'RFC 9562 UUIDv1 with a random node (multicast bit set) and clock sequence drawn once per process; strictly increasing timestamps within a session';

-- Not drawn from the session's order: the caller chose the time.
CREATE OR REPLACE FUNCTION uuid_generate_v7(ts timestamptz) RETURNS uuid
    LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
    RETURN uuidx_sql_v7_key(4 * uuidx_sql_v7_unix_us(ts));
COMMENT ON FUNCTION uuid_generate_v7(timestamptz) IS
    'RFC 9562 UUIDv7 carrying ts to the microsecond (milliseconds and sub-millisecond fraction), random otherwise: for backfills and imports';

CREATE OR REPLACE FUNCTION uuid_max() RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid;
COMMENT ON FUNCTION uuid_max() IS
    'The RFC 9562 Max UUID ffffffff-ffff-ffff-ffff-ffffffffffff';

CREATE OR REPLACE FUNCTION uuid_v7_to_timestamptz(uuid) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_key_time($1);
COMMENT ON FUNCTION uuid_v7_to_timestamptz(uuid) IS
    'The first 48 bits read as Unix milliseconds, whatever the version (pg_uuidv7 compatible)';

-- A UTC timestamp without time zone: the same instant, read in UTC.
CREATE OR REPLACE FUNCTION uuid_v7_to_timestamp(uuid) RETURNS timestamp
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_key_time($1) AT TIME ZONE 'UTC';
COMMENT ON FUNCTION uuid_v7_to_timestamp(uuid) IS
    'The first 48 bits read as Unix milliseconds, as a UTC timestamp without time zone (pg_uuidv7 compatible)';

-- The version nibble (octet 6, high half), for the RFC 9562 variant (10 in octet 8's top bits).
CREATE OR REPLACE FUNCTION uuidx_sql_version(id uuid) RETURNS smallint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN get_byte(uuid_send(id), 8) >> 6 = 2 THEN (get_byte(uuid_send(id), 6) >> 4)::smallint END;
COMMENT ON FUNCTION uuidx_sql_version(uuid) IS
    'uuidx_sql internal: a key''s version, NULL outside the RFC 9562 variant';

CREATE OR REPLACE FUNCTION uuid_extract_version(uuid) RETURNS smallint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_version($1);
COMMENT ON FUNCTION uuid_extract_version(uuid) IS
    'Version nibble of an RFC 9562 variant UUID; NULL for any other variant (as PostgreSQL 18)';

-- RFC 9562 Table 1: the value of octet 8's significant bits, 0xxx, 10xx, 110x or 111x.
CREATE OR REPLACE FUNCTION uuidx_sql_variant(id uuid) RETURNS smallint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN get_byte(uuid_send(id), 8) < 128 THEN 0
                WHEN get_byte(uuid_send(id), 8) < 192 THEN 2
                WHEN get_byte(uuid_send(id), 8) < 224 THEN 6
                ELSE 7 END::smallint;
COMMENT ON FUNCTION uuidx_sql_variant(uuid) IS
    'uuidx_sql internal: a key''s variant, 0, 2, 6 or 7';

CREATE OR REPLACE FUNCTION uuid_extract_variant(uuid) RETURNS smallint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_variant($1);
COMMENT ON FUNCTION uuid_extract_variant(uuid) IS
    'Variant per RFC 9562 Table 1: 0 (NCS, nil), 2 (RFC 9562), 6 (Microsoft), 7 (future, max)';

-- The time of a v1 or v6 key: its 60-bit count of 100 ns since 1582-10-15, stored low field
-- first (v1: time_low, time_mid, time_high) or high field first (v6), read from the key's
-- hex digits (the 13th is the version), divided by 10 rounding down and moved to the Unix
-- epoch, as PostgreSQL 18's uuid_extract_timestamp().
CREATE OR REPLACE FUNCTION uuidx_sql_gregorian_time(id uuid) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN uuidx_sql_timestamptz(
        ('x' || CASE WHEN get_byte(uuid_send(id), 6) >> 4 = 6
                     THEN substr(encode(uuid_send(id), 'hex'), 1, 12) || substr(encode(uuid_send(id), 'hex'), 14, 3)
                     ELSE substr(encode(uuid_send(id), 'hex'), 14, 3) || substr(encode(uuid_send(id), 'hex'), 9, 4)
                          || substr(encode(uuid_send(id), 'hex'), 1, 8) END)::bit(60)::bigint / 10
        - 12219292800000000);
COMMENT ON FUNCTION uuidx_sql_gregorian_time(uuid) IS
    'uuidx_sql internal: the embedded time of a v1 or v6 key, to the microsecond';

CREATE OR REPLACE FUNCTION uuidx_sql_embedded_time(id uuid) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE uuidx_sql_version(id)
               WHEN 7 THEN uuidx_sql_key_time(id)
               WHEN 1 THEN uuidx_sql_gregorian_time(id)
               WHEN 6 THEN uuidx_sql_gregorian_time(id)
           END;
COMMENT ON FUNCTION uuidx_sql_embedded_time(uuid) IS
    'uuidx_sql internal: the time a v1, v6 or v7 key embeds, NULL for any other';

CREATE OR REPLACE FUNCTION uuid_extract_timestamp(uuid) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_embedded_time($1);
COMMENT ON FUNCTION uuid_extract_timestamp(uuid) IS
    'Embedded time of a v1, v6 or v7 UUID (v7 to the millisecond, v1/v6 to the microsecond); NULL otherwise';

-- Octet 8's low 6 bits and octet 9, in both layouts.
CREATE OR REPLACE FUNCTION uuid_extract_clock_seq(uuid) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN uuidx_sql_version($1) IN (1, 6)
                THEN ((get_byte(uuid_send($1), 8) & 63) << 8) | get_byte(uuid_send($1), 9) END;
COMMENT ON FUNCTION uuid_extract_clock_seq(uuid) IS
    'The 14-bit clock sequence of a v1 or v6 UUID; NULL otherwise';

-- The last six octets, in order, which is macaddr's form.
CREATE OR REPLACE FUNCTION uuid_extract_node(uuid) RETURNS macaddr
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN uuidx_sql_version($1) IN (1, 6)
                THEN encode(substring(uuid_send($1) FROM 11 FOR 6), 'hex')::macaddr END;
COMMENT ON FUNCTION uuid_extract_node(uuid) IS
    'The 48-bit node of a v1 or v6 UUID as a MAC address; NULL otherwise';

-- uuid_inspect()'s fields, as the C edition writes them: a json object of the version's
-- layout in order, by RFC 9562's names, numbers in decimal and the node as a MAC address
-- string, ", " and ": " between them, {} for a version without a layout and any other
-- variant. v1 and v6 share their hex digits' split (time_low or time_high 8, time_mid 4,
-- time_high or time_low 3 after the version); v3, v4, v5, v7 and v8 split their bits 48, 12
-- and 62 around the version and variant.
CREATE OR REPLACE FUNCTION uuidx_sql_inspected_fields(id uuid) RETURNS json
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
        WHEN uuidx_sql_version(id) IN (1, 6) THEN
            format(CASE uuidx_sql_version(id)
                       WHEN 1 THEN '{"time_low": %s, "time_mid": %s, "time_high": %s, "clock_seq": %s, "node": "%s"}'
                       ELSE '{"time_high": %s, "time_mid": %s, "time_low": %s, "clock_seq": %s, "node": "%s"}' END,
                   ('x' || substr(encode(uuid_send(id), 'hex'), 1, 8))::bit(32)::bigint,
                   ('x' || substr(encode(uuid_send(id), 'hex'), 9, 4))::bit(16)::bigint,
                   ('x' || substr(encode(uuid_send(id), 'hex'), 14, 3))::bit(12)::bigint,
                   ((get_byte(uuid_send(id), 8) & 63) << 8) | get_byte(uuid_send(id), 9),
                   encode(substring(uuid_send(id) FROM 11 FOR 6), 'hex')::macaddr)
        WHEN uuidx_sql_version(id) IN (3, 4, 5, 7, 8) THEN
            format(CASE uuidx_sql_version(id)
                       WHEN 3 THEN '{"md5_high": %s, "md5_mid": %s, "md5_low": %s}'
                       WHEN 4 THEN '{"random_a": %s, "random_b": %s, "random_c": %s}'
                       WHEN 5 THEN '{"sha1_high": %s, "sha1_mid": %s, "sha1_low": %s}'
                       WHEN 7 THEN '{"unix_ts_ms": %s, "rand_a": %s, "rand_b": %s}'
                       ELSE '{"custom_a": %s, "custom_b": %s, "custom_c": %s}' END,
                   ('x' || substr(encode(uuid_send(id), 'hex'), 1, 12))::bit(48)::bigint,
                   ('x' || substr(encode(uuid_send(id), 'hex'), 14, 3))::bit(12)::bigint,
                   ('x' || substr(encode(uuid_send(id), 'hex'), 17, 16))::bit(64)::bigint & 4611686018427387903)
        ELSE '{}'
    END::json;
COMMENT ON FUNCTION uuidx_sql_inspected_fields(uuid) IS
    'uuidx_sql internal: uuid_inspect()''s fields of a key, as the C edition writes them';

CREATE OR REPLACE FUNCTION uuid_inspect(uuid,
        OUT variant smallint, OUT variant_name text,
        OUT version smallint, OUT version_name text,
        OUT "timestamp" timestamptz, OUT fields json)
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
    SELECT uuidx_sql_variant($1),
           CASE uuidx_sql_variant($1) WHEN 0 THEN 'NCS (reserved)' WHEN 2 THEN 'RFC 9562'
                                      WHEN 6 THEN 'Microsoft (reserved)' ELSE 'future (reserved)' END,
           uuidx_sql_version($1),
           CASE WHEN $1 = '00000000-0000-0000-0000-000000000000' THEN 'nil UUID'
                WHEN $1 = 'ffffffff-ffff-ffff-ffff-ffffffffffff' THEN 'max UUID'
                WHEN uuidx_sql_version($1) IS NULL THEN 'none (not the RFC 9562 variant)'
                ELSE CASE uuidx_sql_version($1)
                         WHEN 1 THEN 'time-based (Gregorian)' WHEN 2 THEN 'DCE security'
                         WHEN 3 THEN 'name-based (MD5)' WHEN 4 THEN 'random' WHEN 5 THEN 'name-based (SHA-1)'
                         WHEN 6 THEN 'reordered time-based (Gregorian)' WHEN 7 THEN 'Unix time-based'
                         WHEN 8 THEN 'custom' ELSE 'unassigned' END
           END,
           uuidx_sql_embedded_time($1),
           uuidx_sql_inspected_fields($1);
END;
COMMENT ON FUNCTION uuid_inspect(uuid) IS
    'One row explaining a UUID: variant, version, embedded time, and its layout''s fields by their RFC 9562 names';

-- ASCII letters in lower case, and nothing else changed, as the C edition folds the names
-- users type (namespaces, digests): lower() follows the collation, which may fold other
-- letters onto ASCII ones, or ASCII ones elsewhere (a Turkish I).
CREATE OR REPLACE FUNCTION uuidx_sql_ascii_lower(name text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
COMMENT ON FUNCTION uuidx_sql_ascii_lower(text) IS
    'uuidx_sql internal: a name with its ASCII letters in lower case';

-- What a name-based UUID hashes: the namespace's 16 bytes, then the name's bytes as stored,
-- in the database encoding (the C edition's and uuid-ossp's input). The escape format reads
-- every byte as itself but a backslash, which is doubled first; convert_to() would give the
-- same bytes but is not immutable, which would keep the callers from being inlined.
CREATE OR REPLACE FUNCTION uuidx_sql_name_bytes(namespace uuid, name text) RETURNS bytea
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuid_send(namespace) || decode(replace(name, '\', '\\'), 'escape');
COMMENT ON FUNCTION uuidx_sql_name_bytes(uuid, text) IS
    'uuidx_sql internal: a namespace''s bytes followed by a name''s bytes in the database encoding';

-- SHA-1 (FIPS 180-4) of bytes, for uuidv5(). 32-bit words are bigints masked to 32 bits.
-- Each block's 80 rounds run five at a time with the five working variables renamed from
-- round to round, as fast implementations do, so that a round is two assignments and no
-- variable is copied: some 50 us a block.
CREATE OR REPLACE FUNCTION uuidx_sql_sha1(data bytea) RETURNS bytea
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp
    AS $$
DECLARE
    -- the message, a 1 bit, zeros to 56 bytes of a block, and its length in bits
    message bytea := data || '\x80'::bytea || decode(repeat('00', (119 - length(data) % 64) % 64), 'hex')
                     || int8send(length(data)::bigint * 8);
    block bit(512);
    w bigint[] := array_fill(0::bigint, ARRAY[80]);
    h0 bigint := 1732584193;
    h1 bigint := 4023233417;
    h2 bigint := 2562383102;
    h3 bigint := 271733878;
    h4 bigint := 3285377520;
    a bigint; b bigint; c bigint; d bigint; e bigint; k bigint; x bigint;
    i integer;
BEGIN
    FOR block_number IN 0 .. length(message) / 64 - 1 LOOP
        block := ('x' || encode(substring(message FROM block_number * 64 + 1 FOR 64), 'hex'))::bit(512);
        FOR i IN 1 .. 16 LOOP
            w[i] := substring(block FROM i * 32 - 31 FOR 32)::bit(32)::bigint;
        END LOOP;
        FOR i IN 17 .. 80 LOOP
            x := w[i - 3] # w[i - 8] # w[i - 14] # w[i - 16];
            w[i] := ((x << 1) | (x >> 31)) & 4294967295;
        END LOOP;
        a := h0; b := h1; c := h2; d := h3; e := h4;
        i := 1;
        -- four stages of 20 rounds, each with its constant and function: choose,
        -- (b & c) | (~b & d), written d # (b & (c # d)); parity; majority,
        -- (b & c) | (b & d) | (c & d), written (b & c) | (d & (b | c)); parity again
        FOR stage IN 1 .. 4 LOOP
            k := (ARRAY[1518500249, 1859775393, 2400959708, 3395469782])[stage];
            FOR five_rounds IN 1 .. 4 LOOP
                IF stage = 1 THEN
                    e := (e + (((a << 5) | (a >> 27)) & 4294967295) + (d # (b & (c # d))) + k + w[i]) & 4294967295;
                    b := ((b << 30) | (b >> 2)) & 4294967295;
                    d := (d + (((e << 5) | (e >> 27)) & 4294967295) + (c # (a & (b # c))) + k + w[i + 1]) & 4294967295;
                    a := ((a << 30) | (a >> 2)) & 4294967295;
                    c := (c + (((d << 5) | (d >> 27)) & 4294967295) + (b # (e & (a # b))) + k + w[i + 2]) & 4294967295;
                    e := ((e << 30) | (e >> 2)) & 4294967295;
                    b := (b + (((c << 5) | (c >> 27)) & 4294967295) + (a # (d & (e # a))) + k + w[i + 3]) & 4294967295;
                    d := ((d << 30) | (d >> 2)) & 4294967295;
                    a := (a + (((b << 5) | (b >> 27)) & 4294967295) + (e # (c & (d # e))) + k + w[i + 4]) & 4294967295;
                    c := ((c << 30) | (c >> 2)) & 4294967295;
                ELSIF stage = 3 THEN
                    e := (e + (((a << 5) | (a >> 27)) & 4294967295) + ((b & c) | (d & (b | c))) + k + w[i]) & 4294967295;
                    b := ((b << 30) | (b >> 2)) & 4294967295;
                    d := (d + (((e << 5) | (e >> 27)) & 4294967295) + ((a & b) | (c & (a | b))) + k + w[i + 1]) & 4294967295;
                    a := ((a << 30) | (a >> 2)) & 4294967295;
                    c := (c + (((d << 5) | (d >> 27)) & 4294967295) + ((e & a) | (b & (e | a))) + k + w[i + 2]) & 4294967295;
                    e := ((e << 30) | (e >> 2)) & 4294967295;
                    b := (b + (((c << 5) | (c >> 27)) & 4294967295) + ((d & e) | (a & (d | e))) + k + w[i + 3]) & 4294967295;
                    d := ((d << 30) | (d >> 2)) & 4294967295;
                    a := (a + (((b << 5) | (b >> 27)) & 4294967295) + ((c & d) | (e & (c | d))) + k + w[i + 4]) & 4294967295;
                    c := ((c << 30) | (c >> 2)) & 4294967295;
                ELSE
                    e := (e + (((a << 5) | (a >> 27)) & 4294967295) + (b # c # d) + k + w[i]) & 4294967295;
                    b := ((b << 30) | (b >> 2)) & 4294967295;
                    d := (d + (((e << 5) | (e >> 27)) & 4294967295) + (a # b # c) + k + w[i + 1]) & 4294967295;
                    a := ((a << 30) | (a >> 2)) & 4294967295;
                    c := (c + (((d << 5) | (d >> 27)) & 4294967295) + (e # a # b) + k + w[i + 2]) & 4294967295;
                    e := ((e << 30) | (e >> 2)) & 4294967295;
                    b := (b + (((c << 5) | (c >> 27)) & 4294967295) + (d # e # a) + k + w[i + 3]) & 4294967295;
                    d := ((d << 30) | (d >> 2)) & 4294967295;
                    a := (a + (((b << 5) | (b >> 27)) & 4294967295) + (c # d # e) + k + w[i + 4]) & 4294967295;
                    c := ((c << 30) | (c >> 2)) & 4294967295;
                END IF;
                i := i + 5;
            END LOOP;
        END LOOP;
        h0 := (h0 + a) & 4294967295;
        h1 := (h1 + b) & 4294967295;
        h2 := (h2 + c) & 4294967295;
        h3 := (h3 + d) & 4294967295;
        h4 := (h4 + e) & 4294967295;
    END LOOP;
    RETURN substring(int8send(h0) FROM 5) || substring(int8send(h1) FROM 5) || substring(int8send(h2) FROM 5)
           || substring(int8send(h3) FROM 5) || substring(int8send(h4) FROM 5);
END
$$;
COMMENT ON FUNCTION uuidx_sql_sha1(bytea) IS
    'uuidx_sql internal: the SHA-1 digest of bytes (PostgreSQL''s core has none)';

-- SHA3-256 or SHA3-512 (FIPS 202; bits = 256 or 512) of bytes, for uuid_generate_v8_name().
-- The state is 25 lanes of 64 bits, a<x><y>, each a bigint (its sign bit the lane's top bit,
-- so a right shift is masked). Blocks of the rate (200 - bits / 4 bytes) are XORed into the
-- first lanes, little-endian, then Keccak-f[1600] runs its 24 rounds, written out lane by
-- lane: loops over arrays of lanes take four times as long (some 0.5 ms a block).
CREATE OR REPLACE FUNCTION uuidx_sql_sha3(data bytea, bits integer) RETURNS bytea
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pg_temp
    AS $$
DECLARE
    rate integer := 200 - bits / 4;
    -- the message, then the domain's bits 01, the pad's 1, zeros and a final 1 bit (pad10*1)
    message bytea := CASE WHEN rate - length(data) % rate = 1 THEN data || '\x86'::bytea
                          ELSE data || '\x06'::bytea || decode(repeat('00', rate - length(data) % rate - 2), 'hex')
                               || '\x80'::bytea END;
    round_constants bigint[] := ARRAY[
        1, 32898, -9223372036854742902, -9223372034707259392, 32907, 2147483649, -9223372034707259263,
        -9223372036854743031, 138, 136, 2147516425, 2147483658, 2147516555, -9223372036854775669,
        -9223372036854742903, -9223372036854743037, -9223372036854743038, -9223372036854775680, 32778,
        -9223372034707292150, -9223372034707259263, -9223372036854742912, 2147483649, -9223372034707259384];
    lanes bigint[];
    digest bytea := decode(repeat('00', bits / 8), 'hex');
    a00 bigint := 0; a10 bigint := 0; a20 bigint := 0; a30 bigint := 0; a40 bigint := 0;
    a01 bigint := 0; a11 bigint := 0; a21 bigint := 0; a31 bigint := 0; a41 bigint := 0;
    a02 bigint := 0; a12 bigint := 0; a22 bigint := 0; a32 bigint := 0; a42 bigint := 0;
    a03 bigint := 0; a13 bigint := 0; a23 bigint := 0; a33 bigint := 0; a43 bigint := 0;
    a04 bigint := 0; a14 bigint := 0; a24 bigint := 0; a34 bigint := 0; a44 bigint := 0;
    b00 bigint; b10 bigint; b20 bigint; b30 bigint; b40 bigint;
    b01 bigint; b11 bigint; b21 bigint; b31 bigint; b41 bigint;
    b02 bigint; b12 bigint; b22 bigint; b32 bigint; b42 bigint;
    b03 bigint; b13 bigint; b23 bigint; b33 bigint; b43 bigint;
    b04 bigint; b14 bigint; b24 bigint; b34 bigint; b44 bigint;
    c0 bigint; c1 bigint; c2 bigint; c3 bigint; c4 bigint; d bigint;
    p integer;
BEGIN
    FOR block_number IN 0 .. length(message) / rate - 1 LOOP
        lanes := array_fill(0::bigint, ARRAY[17]);
        FOR i IN 0 .. rate / 8 - 1 LOOP
            p := block_number * rate + i * 8;
            lanes[i + 1] := get_byte(message, p)::bigint | (get_byte(message, p + 1)::bigint << 8)
                            | (get_byte(message, p + 2)::bigint << 16) | (get_byte(message, p + 3)::bigint << 24)
                            | (get_byte(message, p + 4)::bigint << 32) | (get_byte(message, p + 5)::bigint << 40)
                            | (get_byte(message, p + 6)::bigint << 48) | (get_byte(message, p + 7)::bigint << 56);
        END LOOP;
        a00 := a00 # lanes[1]; a10 := a10 # lanes[2]; a20 := a20 # lanes[3]; a30 := a30 # lanes[4];
        a40 := a40 # lanes[5]; a01 := a01 # lanes[6]; a11 := a11 # lanes[7]; a21 := a21 # lanes[8];
        a31 := a31 # lanes[9]; a41 := a41 # lanes[10]; a02 := a02 # lanes[11]; a12 := a12 # lanes[12];
        a22 := a22 # lanes[13]; a32 := a32 # lanes[14]; a42 := a42 # lanes[15]; a03 := a03 # lanes[16];
        a13 := a13 # lanes[17];
        FOR round IN 1 .. 24 LOOP
            -- theta: each lane XORed with the parities of two columns
            c0 := a00 # a01 # a02 # a03 # a04;
            c1 := a10 # a11 # a12 # a13 # a14;
            c2 := a20 # a21 # a22 # a23 # a24;
            c3 := a30 # a31 # a32 # a33 # a34;
            c4 := a40 # a41 # a42 # a43 # a44;
            d := c4 # ((c1 << 1) | ((c1 >> 63) & 1));
            a00 := a00 # d; a01 := a01 # d; a02 := a02 # d; a03 := a03 # d; a04 := a04 # d;
            d := c0 # ((c2 << 1) | ((c2 >> 63) & 1));
            a10 := a10 # d; a11 := a11 # d; a12 := a12 # d; a13 := a13 # d; a14 := a14 # d;
            d := c1 # ((c3 << 1) | ((c3 >> 63) & 1));
            a20 := a20 # d; a21 := a21 # d; a22 := a22 # d; a23 := a23 # d; a24 := a24 # d;
            d := c2 # ((c4 << 1) | ((c4 >> 63) & 1));
            a30 := a30 # d; a31 := a31 # d; a32 := a32 # d; a33 := a33 # d; a34 := a34 # d;
            d := c3 # ((c0 << 1) | ((c0 >> 63) & 1));
            a40 := a40 # d; a41 := a41 # d; a42 := a42 # d; a43 := a43 # d; a44 := a44 # d;
            -- rho and pi: lane (x, y) rotated left by its offset into b(y, 2x + 3y)
            b00 := a00;
            b13 := (a01 << 36) | ((a01 >> 28) & 68719476735);
            b21 := (a02 << 3) | ((a02 >> 61) & 7);
            b34 := (a03 << 41) | ((a03 >> 23) & 2199023255551);
            b42 := (a04 << 18) | ((a04 >> 46) & 262143);
            b02 := (a10 << 1) | ((a10 >> 63) & 1);
            b10 := (a11 << 44) | ((a11 >> 20) & 17592186044415);
            b23 := (a12 << 10) | ((a12 >> 54) & 1023);
            b31 := (a13 << 45) | ((a13 >> 19) & 35184372088831);
            b44 := (a14 << 2) | ((a14 >> 62) & 3);
            b04 := (a20 << 62) | ((a20 >> 2) & 4611686018427387903);
            b12 := (a21 << 6) | ((a21 >> 58) & 63);
            b20 := (a22 << 43) | ((a22 >> 21) & 8796093022207);
            b33 := (a23 << 15) | ((a23 >> 49) & 32767);
            b41 := (a24 << 61) | ((a24 >> 3) & 2305843009213693951);
            b01 := (a30 << 28) | ((a30 >> 36) & 268435455);
            b14 := (a31 << 55) | ((a31 >> 9) & 36028797018963967);
            b22 := (a32 << 25) | ((a32 >> 39) & 33554431);
            b30 := (a33 << 21) | ((a33 >> 43) & 2097151);
            b43 := (a34 << 56) | ((a34 >> 8) & 72057594037927935);
            b03 := (a40 << 27) | ((a40 >> 37) & 134217727);
            b11 := (a41 << 20) | ((a41 >> 44) & 1048575);
            b24 := (a42 << 39) | ((a42 >> 25) & 549755813887);
            b32 := (a43 << 8) | ((a43 >> 56) & 255);
            b40 := (a44 << 14) | ((a44 >> 50) & 16383);
            -- chi: each lane XORed with the AND of the next lane's complement and the one after
            a00 := b00 # (~b10 & b20); a10 := b10 # (~b20 & b30); a20 := b20 # (~b30 & b40);
            a30 := b30 # (~b40 & b00); a40 := b40 # (~b00 & b10);
            a01 := b01 # (~b11 & b21); a11 := b11 # (~b21 & b31); a21 := b21 # (~b31 & b41);
            a31 := b31 # (~b41 & b01); a41 := b41 # (~b01 & b11);
            a02 := b02 # (~b12 & b22); a12 := b12 # (~b22 & b32); a22 := b22 # (~b32 & b42);
            a32 := b32 # (~b42 & b02); a42 := b42 # (~b02 & b12);
            a03 := b03 # (~b13 & b23); a13 := b13 # (~b23 & b33); a23 := b23 # (~b33 & b43);
            a33 := b33 # (~b43 & b03); a43 := b43 # (~b03 & b13);
            a04 := b04 # (~b14 & b24); a14 := b14 # (~b24 & b34); a24 := b24 # (~b34 & b44);
            a34 := b34 # (~b44 & b04); a44 := b44 # (~b04 & b14);
            -- iota
            a00 := a00 # round_constants[round];
        END LOOP;
    END LOOP;
    -- the digest: the first lanes, little-endian
    lanes := ARRAY[a00, a10, a20, a30, a40, a01, a11, a21];
    FOR i IN 0 .. bits / 8 - 1 LOOP
        digest := set_byte(digest, i, ((lanes[i / 8 + 1] >> (8 * (i % 8))) & 255)::integer);
    END LOOP;
    RETURN digest;
END
$$;
COMMENT ON FUNCTION uuidx_sql_sha3(bytea, integer) IS
    'uuidx_sql internal: the SHA3-256 or SHA3-512 digest of bytes (PostgreSQL''s core has none)';

CREATE OR REPLACE FUNCTION uuidv3(namespace uuid, name text) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_stamped_key(decode(md5(uuidx_sql_name_bytes(namespace, name)), 'hex'), 3);
COMMENT ON FUNCTION uuidv3(uuid, text) IS
    'RFC 9562 UUIDv3: MD5 of namespace and name (the name''s bytes in the database encoding), as uuid-ossp''s uuid_generate_v3()';

CREATE OR REPLACE FUNCTION uuidv5(namespace uuid, name text) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_stamped_key(uuidx_sql_sha1(uuidx_sql_name_bytes(namespace, name)), 5);
COMMENT ON FUNCTION uuidv5(uuid, text) IS
    'RFC 9562 UUIDv5: SHA-1 of namespace and name (the name''s bytes in the database encoding), as uuid-ossp''s uuid_generate_v5()';

CREATE OR REPLACE FUNCTION uuid_generate_v8(custom bytea) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN length(custom) = 16 THEN uuidx_sql_stamped_key(custom, 8)
                ELSE uuidx_sql_error(NULL::uuid, custom, '22023', 'invalid input length for a UUID',
                                     format('A UUIDv8 takes exactly 16 bytes; got %s.', length(custom))) END;
COMMENT ON FUNCTION uuid_generate_v8(bytea) IS
    'RFC 9562 UUIDv8 from exactly 16 bytes: only the version and variant bits are overwritten';

CREATE OR REPLACE FUNCTION uuidv8(custom bytea) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuid_generate_v8(custom);
COMMENT ON FUNCTION uuidv8(bytea) IS
    'RFC 9562 UUIDv8 from exactly 16 bytes; the same as uuid_generate_v8(bytea)';

-- The algorithm's name is read case-insensitively (ASCII), and anything else is refused,
-- naming the five, as the C edition.
CREATE OR REPLACE FUNCTION uuid_generate_v8_name(namespace uuid, name text, algorithm text DEFAULT 'sha256') RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE uuidx_sql_ascii_lower(algorithm)
        WHEN 'sha256' THEN uuidx_sql_stamped_key(sha256(uuidx_sql_name_bytes(namespace, name)), 8)
        WHEN 'sha384' THEN uuidx_sql_stamped_key(sha384(uuidx_sql_name_bytes(namespace, name)), 8)
        WHEN 'sha512' THEN uuidx_sql_stamped_key(sha512(uuidx_sql_name_bytes(namespace, name)), 8)
        WHEN 'sha3-256' THEN uuidx_sql_stamped_key(uuidx_sql_sha3(uuidx_sql_name_bytes(namespace, name), 256), 8)
        WHEN 'sha3-512' THEN uuidx_sql_stamped_key(uuidx_sql_sha3(uuidx_sql_name_bytes(namespace, name), 512), 8)
        ELSE uuidx_sql_error(NULL::uuid, algorithm, '22023', 'unsupported hash algorithm',
                             format('Algorithm "%s" is not one of: sha256, sha384, sha512, sha3-256, sha3-512.',
                                    uuidx_sql_quoted_excerpt(algorithm)))
    END;
COMMENT ON FUNCTION uuid_generate_v8_name(uuid, text, text) IS
    'Name-based RFC 9562 UUIDv8 (section 5.8, Appendix B.2) with sha256 (default), sha384, sha512, sha3-256 or sha3-512';

CREATE OR REPLACE FUNCTION uuid_namespace(name text) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE uuidx_sql_ascii_lower(name)
        WHEN 'dns' THEN '6ba7b810-9dad-11d1-80b4-00c04fd430c8'::uuid
        WHEN 'url' THEN '6ba7b811-9dad-11d1-80b4-00c04fd430c8'::uuid
        WHEN 'oid' THEN '6ba7b812-9dad-11d1-80b4-00c04fd430c8'::uuid
        WHEN 'x500' THEN '6ba7b814-9dad-11d1-80b4-00c04fd430c8'::uuid
        ELSE uuidx_sql_error(NULL::uuid, name, '22023', 'unknown UUID namespace',
                             format('Namespace "%s" is not one of: dns, url, oid, x500.', uuidx_sql_quoted_excerpt(name)))
    END;
COMMENT ON FUNCTION uuid_namespace(text) IS
    'RFC 9562 namespace ID by name: dns, url, oid or x500 (case-insensitive)';

-- The C edition's error for a key of another version than a function takes, naming it.
CREATE OR REPLACE FUNCTION uuidx_sql_unexpected_version(id uuid, function_name text, wanted_version integer)
    RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN uuidx_sql_error(NULL::uuid, id, '22023', 'unexpected UUID version',
                           CASE WHEN uuidx_sql_variant(id) = 2
                                THEN format('%s() takes a version %s UUID; got version %s.',
                                            function_name, wanted_version, uuidx_sql_version(id))
                                ELSE format('%s() takes a version %s UUID; got one of variant %s, which has no version.',
                                            function_name, wanted_version, uuidx_sql_variant(id)) END);
COMMENT ON FUNCTION uuidx_sql_unexpected_version(uuid, text, integer) IS
    'uuidx_sql internal: raises 22023 for a key of another version than a function takes';

-- The v1 and v6 keys of one 60-bit time, clock_seq and node are each other's hex digits
-- reordered (the 13th is the version): v1 is time_low (8), time_mid (4), 1, time_high (3),
-- and v6 the time's first 12 digits, 6, its last 3; both end with clock_seq and node (16).
-- A key of another version than from_version is the C edition's error, naming function_name.
CREATE OR REPLACE FUNCTION uuidx_sql_reordered(id uuid, from_version integer, function_name text) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
        WHEN uuidx_sql_version(id) IS DISTINCT FROM from_version
            THEN uuidx_sql_unexpected_version(id, function_name, from_version)
        WHEN from_version = 1
            THEN (substr(encode(uuid_send(id), 'hex'), 14, 3) || substr(encode(uuid_send(id), 'hex'), 9, 4)
                  || substr(encode(uuid_send(id), 'hex'), 1, 5) || '6' || substr(encode(uuid_send(id), 'hex'), 6, 3)
                  || substr(encode(uuid_send(id), 'hex'), 17))::uuid
        ELSE (substr(encode(uuid_send(id), 'hex'), 8, 5) || substr(encode(uuid_send(id), 'hex'), 14, 3)
              || substr(encode(uuid_send(id), 'hex'), 4, 4) || '1' || substr(encode(uuid_send(id), 'hex'), 1, 3)
              || substr(encode(uuid_send(id), 'hex'), 17))::uuid
    END;
COMMENT ON FUNCTION uuidx_sql_reordered(uuid, integer, text) IS
    'uuidx_sql internal: a v1 key as its v6 or a v6 key as its v1, or error 22023 for another version';

CREATE OR REPLACE FUNCTION uuid_v1_to_v6(uuid) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_reordered($1, 1, 'uuid_v1_to_v6');
COMMENT ON FUNCTION uuid_v1_to_v6(uuid) IS
    'The UUIDv6 with the same timestamp, clock sequence and node as a UUIDv1 (RFC 9562 section 5.6)';

CREATE OR REPLACE FUNCTION uuid_v6_to_v1(uuid) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_reordered($1, 6, 'uuid_v6_to_v1');
COMMENT ON FUNCTION uuid_v6_to_v1(uuid) IS
    'The UUIDv1 with the same timestamp, clock sequence and node as a UUIDv6 (RFC 9562 section 5.6)';

CREATE OR REPLACE FUNCTION uuid_v7_min(ts timestamptz) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_v7_edge_key(uuidx_sql_v7_unix_us(ts) / 1000, false);
COMMENT ON FUNCTION uuid_v7_min(timestamptz) IS
    'The smallest valid UUIDv7 of the millisecond of ts: WHERE id >= uuid_v7_min(a) AND id < uuid_v7_min(b) selects keys created in [a, b)';

CREATE OR REPLACE FUNCTION uuid_v7_max(ts timestamptz) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_v7_edge_key(uuidx_sql_v7_unix_us(ts) / 1000, true);
COMMENT ON FUNCTION uuid_v7_max(timestamptz) IS
    'The largest valid UUIDv7 of the millisecond of ts';

-- Keys whose time can satisfy a bound, saturating: every key's time lies in
-- [1970-01-01, 10889-08-02 05:31:50.656), so a bound before it selects every key for a lower
-- bound (the nil UUID) and none for an upper bound (nil), and a bound at or after its end
-- none for a lower bound (the max UUID) and every key for an upper bound (max). Between,
-- the first or last millisecond of the bound, as floor and ceiling of non-negative
-- microseconds. (Internal and inlined, so that the range functions below are one call.)
CREATE OR REPLACE FUNCTION uuidx_sql_min_key(ts timestamptz, inclusive boolean) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
        WHEN ts < '1970-01-01 00:00:00+00' THEN '00000000-0000-0000-0000-000000000000'::uuid
        WHEN ts >= '10889-08-02 05:31:50.656+00' THEN 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid
        -- the first millisecond at or after ts (inclusive) or after it; 2^48 is beyond the last
        WHEN CASE WHEN inclusive THEN (uuidx_sql_unix_us(ts) + 999) / 1000 ELSE uuidx_sql_unix_us(ts) / 1000 + 1 END
             > 281474976710655 THEN 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid
        ELSE uuidx_sql_prefix_key(CASE WHEN inclusive THEN (uuidx_sql_unix_us(ts) + 999) / 1000
                                       ELSE uuidx_sql_unix_us(ts) / 1000 + 1 END, false)
    END;
COMMENT ON FUNCTION uuidx_sql_min_key(timestamptz, boolean) IS
    'uuidx_sql internal: uuid_time_min_key(), inlined where it is called';

CREATE OR REPLACE FUNCTION uuidx_sql_max_key(ts timestamptz, inclusive boolean) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
        WHEN ts < '1970-01-01 00:00:00+00' THEN '00000000-0000-0000-0000-000000000000'::uuid
        WHEN ts >= '10889-08-02 05:31:50.656+00' THEN 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid
        -- the last millisecond at or before ts (inclusive) or before it: -1 before 1970
        WHEN NOT inclusive AND ts = '1970-01-01 00:00:00+00' THEN '00000000-0000-0000-0000-000000000000'::uuid
        ELSE uuidx_sql_prefix_key(CASE WHEN inclusive THEN uuidx_sql_unix_us(ts) / 1000
                                       ELSE (uuidx_sql_unix_us(ts) + 999) / 1000 - 1 END, true)
    END;
COMMENT ON FUNCTION uuidx_sql_max_key(timestamptz, boolean) IS
    'uuidx_sql internal: uuid_time_max_key(), inlined where it is called';

CREATE OR REPLACE FUNCTION uuid_time_min_key(ts timestamptz, inclusive boolean) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_min_key(ts, inclusive);
COMMENT ON FUNCTION uuid_time_min_key(timestamptz, boolean) IS
    'The smallest key whose time (first 48 bits as Unix milliseconds) is at or after ts (inclusive) or after it: id >= uuid_time_min_key(ts, true) holds for every key of uuid_v7_to_timestamptz(id) >= ts';

CREATE OR REPLACE FUNCTION uuid_time_max_key(ts timestamptz, inclusive boolean) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_max_key(ts, inclusive);
COMMENT ON FUNCTION uuid_time_max_key(timestamptz, boolean) IS
    'The largest key whose time (first 48 bits as Unix milliseconds) is at or before ts (inclusive) or before it: id <= uuid_time_max_key(ts, false) holds for every key of uuid_v7_to_timestamptz(id) < ts';

CREATE OR REPLACE FUNCTION uuid_time_min_key(ts timestamp, inclusive boolean) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_min_key(ts AT TIME ZONE 'UTC', inclusive);
COMMENT ON FUNCTION uuid_time_min_key(timestamp, boolean) IS
    'uuid_time_min_key() for a timestamp read as UTC, as uuid_v7_to_timestamp() gives it';

CREATE OR REPLACE FUNCTION uuid_time_max_key(ts timestamp, inclusive boolean) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_max_key(ts AT TIME ZONE 'UTC', inclusive);
COMMENT ON FUNCTION uuid_time_max_key(timestamp, boolean) IS
    'uuid_time_max_key() for a timestamp read as UTC, as uuid_v7_to_timestamp() gives it';

-- The key bounds of a range's two sides (an unbounded side bounds nothing), and whether no
-- key's time can lie in it: empty, a side no key reaches, or sides that leave no whole
-- millisecond between them (then the bounds are the max and the nil UUID, which no key
-- lies between).
CREATE OR REPLACE FUNCTION uuidx_sql_lower_key(period tstzrange) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN lower_inf(period) THEN '00000000-0000-0000-0000-000000000000'::uuid
                ELSE uuidx_sql_min_key(lower(period), lower_inc(period)) END;
COMMENT ON FUNCTION uuidx_sql_lower_key(tstzrange) IS
    'uuidx_sql internal: the smallest key whose time satisfies a range''s lower side';

CREATE OR REPLACE FUNCTION uuidx_sql_upper_key(period tstzrange) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN upper_inf(period) THEN 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid
                ELSE uuidx_sql_max_key(upper(period), upper_inc(period)) END;
COMMENT ON FUNCTION uuidx_sql_upper_key(tstzrange) IS
    'uuidx_sql internal: the largest key whose time satisfies a range''s upper side';

CREATE OR REPLACE FUNCTION uuidx_sql_selects_no_key(period tstzrange) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN isempty(period)
        OR uuidx_sql_lower_key(period) = 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid
        OR uuidx_sql_upper_key(period) = '00000000-0000-0000-0000-000000000000'::uuid
        OR uuidx_sql_upper_key(period) < uuidx_sql_lower_key(period);
COMMENT ON FUNCTION uuidx_sql_selects_no_key(tstzrange) IS
    'uuidx_sql internal: whether no key''s time can lie in a range';

CREATE OR REPLACE FUNCTION uuid_range_min_key(period tstzrange) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN uuidx_sql_selects_no_key(period) THEN 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid
                ELSE uuidx_sql_lower_key(period) END;
COMMENT ON FUNCTION uuid_range_min_key(tstzrange) IS
    'The smallest key whose time lies in period (the max UUID when no key''s time can): with uuid_range_max_key, the index bounds that stand exactly for id <@ period';

CREATE OR REPLACE FUNCTION uuid_range_max_key(period tstzrange) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN uuidx_sql_selects_no_key(period) THEN '00000000-0000-0000-0000-000000000000'::uuid
                ELSE uuidx_sql_upper_key(period) END;
COMMENT ON FUNCTION uuid_range_max_key(tstzrange) IS
    'The largest key whose time lies in period (the nil UUID when no key''s time can): with uuid_range_min_key, the index bounds that stand exactly for id <@ period';

-- tstzrange(lower, upper, bounds), but NULL for an inverted window; bounds flags are checked
-- first, by tstzrange() itself, as the C edition checks them before the window (42601).
CREATE OR REPLACE FUNCTION uuid_time_window(lower timestamptz, upper timestamptz, bounds text DEFAULT '[)')
    RETURNS tstzrange
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 1
    RETURN CASE WHEN lower <= upper THEN tstzrange(lower, upper, bounds)
                WHEN tstzrange(NULL::timestamptz, NULL::timestamptz, bounds) IS NOT NULL THEN NULL END;
COMMENT ON FUNCTION uuid_time_window(timestamptz, timestamptz, text) IS
    'tstzrange(lower, upper, bounds), but NULL where lower > upper (and, being strict, where a bound is NULL): id <@ uuid_time_window(a, b) is exactly time >= a AND time < b';

CREATE OR REPLACE FUNCTION uuid_time_key_at_start(key uuid) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    RETURN key;
COMMENT ON FUNCTION uuid_time_key_at_start(uuid) IS
    'Returns key, evaluated when the scan starts (STABLE, never folded at plan time): the time predicates'' key bounds where TimescaleDB reads them';

CREATE OR REPLACE FUNCTION uuid_time_in_range(id uuid, period tstzrange) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN id >= uuid_range_min_key(period) AND id <= uuid_range_max_key(period);
COMMENT ON FUNCTION uuid_time_in_range(uuid, tstzrange) IS
    'Whether the key''s time (first 48 bits as Unix milliseconds, any version) lies in period: the <@ operator';

CREATE OR REPLACE FUNCTION tstzrange_contains_uuid_time(period tstzrange, id uuid) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN uuid_time_in_range(id, period);
COMMENT ON FUNCTION tstzrange_contains_uuid_time(tstzrange, uuid) IS
    'Whether period contains the key''s time (first 48 bits as Unix milliseconds, any version): the @> operator';

-- CREATE OPERATOR has no OR REPLACE: made once, so that the plain script runs again.
DO $operators$
BEGIN
    IF pg_catalog.to_regoperator(pg_catalog.format('%I.<@(uuid, tstzrange)', pg_catalog.current_schema())) IS NULL THEN
        CREATE OPERATOR <@ (
            LEFTARG = uuid, RIGHTARG = tstzrange, FUNCTION = uuid_time_in_range, COMMUTATOR = @>
        );
        CREATE OPERATOR @> (
            LEFTARG = tstzrange, RIGHTARG = uuid, FUNCTION = tstzrange_contains_uuid_time, COMMUTATOR = <@
        );
    END IF;
END
$operators$;
COMMENT ON OPERATOR <@ (uuid, tstzrange) IS
    'The key''s time (first 48 bits as Unix milliseconds, any version) lies in the range; an index on the key answers it';
COMMENT ON OPERATOR @> (tstzrange, uuid) IS
    'The range contains the key''s time (first 48 bits as Unix milliseconds, any version); an index on the key answers it';

-- pg_uuidv7's names: a v7 carrying ts (random otherwise), or with zero = true the smallest
-- v7 of its millisecond; the timestamp version reads ts as UTC.
CREATE OR REPLACE FUNCTION uuid_timestamptz_to_v7(ts timestamptz, zero boolean DEFAULT false) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN zero THEN uuid_v7_min(ts) ELSE uuid_generate_v7(ts) END;
COMMENT ON FUNCTION uuid_timestamptz_to_v7(timestamptz, bool) IS
    'A UUIDv7 carrying ts, random otherwise; with zero = true the lower bound uuid_v7_min(ts) (pg_uuidv7 compatible)';

CREATE OR REPLACE FUNCTION uuid_timestamp_to_v7(ts timestamp, zero boolean DEFAULT false) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    RETURN uuid_timestamptz_to_v7(ts AT TIME ZONE 'UTC', zero);
COMMENT ON FUNCTION uuid_timestamp_to_v7(timestamp, bool) IS
    'A UUIDv7 carrying ts read as UTC, random otherwise; with zero = true the lower bound (pg_uuidv7 compatible)';

-- The first key of the first millisecond at or after ts: no saturation, so that decoding a
-- bound gives back its time; ts must lie after 1969-12-31 23:59:59.999 (whose next
-- millisecond is 1970's first) and at or before the last v7 millisecond.
CREATE OR REPLACE FUNCTION uuid_time_encoder(ts timestamptz) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE
        WHEN ts > '1969-12-31 23:59:59.999+00' AND ts <= '10889-08-02 05:31:50.655+00'
            THEN uuidx_sql_prefix_key((uuidx_sql_unix_us(ts) + 999) / 1000, false)
        ELSE uuidx_sql_error(NULL::uuid, ts, '22008', 'timestamp out of range for a UUID',
                             'A UUIDv7 holds times from 1970-01-01 00:00:00 UTC to the year 10889.')
    END;
COMMENT ON FUNCTION uuid_time_encoder(timestamptz) IS
    'The first key (of any version) of the first millisecond at or after ts: partition bounds for keys by time, and pg_partman''s p_time_encoder';

-- uuid's own input (22P02 for text that is not a UUID), but text longer than any form of a
-- UUID is refused first, so that the error quotes a short excerpt and not the whole input.
CREATE OR REPLACE FUNCTION uuid_time_decoder(key text) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE
        WHEN octet_length(key) > 42
            THEN uuidx_sql_error(NULL::timestamptz, key, '22P02', 'invalid input syntax for type uuid',
                                 format('"%s..." is longer than any text form of a UUID.', left(key, 16)))
        ELSE uuidx_sql_key_time(key::uuid)
    END;
COMMENT ON FUNCTION uuid_time_decoder(text) IS
    'The time of a key given as text (its first 48 bits as Unix milliseconds): pg_partman''s p_time_decoder, the inverse of uuid_time_encoder()';

-- The C edition's mapping, bit for bit: SHA-256 of a fixed public key UUID followed by the
-- old key's 16 bytes, its first 16 bytes with ts's millisecond over the first 48 bits, then
-- version 7 and the RFC 9562 variant.
CREATE OR REPLACE FUNCTION uuid_v4_to_v7(old uuid, ts timestamptz) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_stamped_key(
               overlay(sha256('\x5d2b7c1e4f0a8c339e610b7a2d4c8f15'::bytea || uuid_send(old))
                       PLACING substring(int8send(uuidx_sql_v7_unix_us(ts) / 1000) FROM 3) FROM 1 FOR 6),
               7);
COMMENT ON FUNCTION uuid_v4_to_v7(uuid, timestamptz) IS
    'The v4-to-v7 migration mapping: a UUIDv7 with the millisecond of ts and 74 bits of SHA-256 of old; deterministic, so tables can be rewritten independently';

------------------------------------------------------------------------------------------
-- The tables of each alphabet
------------------------------------------------------------------------------------------

-- uuidx_sql_FORM_pairs(): the 2,048 bytes of the 1,024 pairs of digits, pair n at byte 2n.
-- uuidx_sql_FORM_digits(): 128 bytes, byte c the value of the digit of ASCII code c (0 for a
-- character outside the alphabet: text is checked before it is read). ULID and base32hex read
-- either case, TypeID lower case only. Made from the alphabets in the order TypeID, ULID,
-- base32hex, each table a constant in its function's body.
DO $tables$
DECLARE
    pairs text[];
    digits text[];
BEGIN
    SELECT pg_catalog.array_agg(
               (SELECT pg_catalog.string_agg(pg_catalog.substr(alphabet, n OPERATOR(pg_catalog./) 32 OPERATOR(pg_catalog.+) 1, 1)
                                             OPERATOR(pg_catalog.||)
                                             pg_catalog.substr(alphabet, n OPERATOR(pg_catalog.%) 32 OPERATOR(pg_catalog.+) 1, 1),
                                             '' ORDER BY n)
                FROM pg_catalog.generate_series(0, 1023) AS n) ORDER BY form),
           pg_catalog.array_agg(
               (SELECT E'\\x' OPERATOR(pg_catalog.||) pg_catalog.string_agg(pg_catalog.lpad(pg_catalog.to_hex(
                           GREATEST(pg_catalog.strpos(alphabet, CASE WHEN either_case THEN pg_catalog.upper(c) ELSE c END)
                                    OPERATOR(pg_catalog.-) 1, 0)), 2, '0'), '' ORDER BY code)
                FROM pg_catalog.generate_series(0, 127) AS code,
                     LATERAL (SELECT CASE WHEN code OPERATOR(pg_catalog.=) 0 THEN '' ELSE pg_catalog.chr(code) END) AS character(c))
               ORDER BY form)
    INTO pairs, digits
    FROM (VALUES (1, '0123456789abcdefghjkmnpqrstvwxyz', false), (2, '0123456789ABCDEFGHJKMNPQRSTVWXYZ', true),
                 (3, '0123456789ABCDEFGHIJKLMNOPQRSTUV', true)) AS alphabets(form, alphabet, either_case);
    EXECUTE pg_catalog.format($sql$
        CREATE OR REPLACE FUNCTION uuidx_sql_typeid_pairs() RETURNS bytea
            LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN %L::bytea $sql$, pairs[1]);
    EXECUTE pg_catalog.format($sql$
        CREATE OR REPLACE FUNCTION uuidx_sql_ulid_pairs() RETURNS bytea
            LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN %L::bytea $sql$, pairs[2]);
    EXECUTE pg_catalog.format($sql$
        CREATE OR REPLACE FUNCTION uuidx_sql_base32hex_pairs() RETURNS bytea
            LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN %L::bytea $sql$, pairs[3]);
    EXECUTE pg_catalog.format($sql$
        CREATE OR REPLACE FUNCTION uuidx_sql_typeid_digits() RETURNS bytea
            LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN %L::bytea $sql$, digits[1]);
    EXECUTE pg_catalog.format($sql$
        CREATE OR REPLACE FUNCTION uuidx_sql_ulid_digits() RETURNS bytea
            LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN %L::bytea $sql$, digits[2]);
    EXECUTE pg_catalog.format($sql$
        CREATE OR REPLACE FUNCTION uuidx_sql_base32hex_digits() RETURNS bytea
            LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN %L::bytea $sql$, digits[3]);
END
$tables$;
COMMENT ON FUNCTION uuidx_sql_typeid_pairs() IS 'uuidx_sql internal: the 1,024 pairs of TypeID digits, pair n at byte 2n';
COMMENT ON FUNCTION uuidx_sql_ulid_pairs() IS 'uuidx_sql internal: the 1,024 pairs of ULID digits, pair n at byte 2n';
COMMENT ON FUNCTION uuidx_sql_base32hex_pairs() IS 'uuidx_sql internal: the 1,024 pairs of base32hex digits, pair n at byte 2n';
COMMENT ON FUNCTION uuidx_sql_typeid_digits() IS
    'uuidx_sql internal: the value of each ASCII character as a TypeID digit, byte c for code c';
COMMENT ON FUNCTION uuidx_sql_ulid_digits() IS
    'uuidx_sql internal: the value of each ASCII character as a ULID digit (either case), byte c for code c';
COMMENT ON FUNCTION uuidx_sql_base32hex_digits() IS
    'uuidx_sql internal: the value of each ASCII character as a base32hex digit (either case), byte c for code c';

------------------------------------------------------------------------------------------
-- Writing: a UUID's bytes as 26 digits
------------------------------------------------------------------------------------------

-- Bytes first .. first + 4 of b (40 bits) as four pairs of digits (8 characters).
CREATE OR REPLACE FUNCTION uuidx_sql_base32_five_bytes(b bytea, first integer, pairs bytea) RETURNS bytea
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN substring(pairs FROM 2 * ((get_byte(b, first) << 2) | (get_byte(b, first + 1) >> 6)) + 1 FOR 2)
           || substring(pairs FROM 2 * (((get_byte(b, first + 1) & 63) << 4) | (get_byte(b, first + 2) >> 4)) + 1 FOR 2)
           || substring(pairs FROM 2 * (((get_byte(b, first + 2) & 15) << 6) | (get_byte(b, first + 3) >> 2)) + 1 FOR 2)
           || substring(pairs FROM 2 * (((get_byte(b, first + 3) & 3) << 8) | get_byte(b, first + 4)) + 1 FOR 2);
COMMENT ON FUNCTION uuidx_sql_base32_five_bytes(bytea, integer, bytea) IS
    'uuidx_sql internal: five bytes of a UUID as eight base32 digits, from a table of pairs';

-- TypeID and ULID: the two zero bits and byte 0 are the first pair; then 3 x 5 bytes.
CREATE OR REPLACE FUNCTION uuidx_sql_base32_spare_on_top(b bytea, pairs bytea) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN encode(substring(pairs FROM 2 * get_byte(b, 0) + 1 FOR 2) || uuidx_sql_base32_five_bytes(b, 1, pairs)
                  || uuidx_sql_base32_five_bytes(b, 6, pairs) || uuidx_sql_base32_five_bytes(b, 11, pairs), 'escape');
COMMENT ON FUNCTION uuidx_sql_base32_spare_on_top(bytea, bytea) IS
    'uuidx_sql internal: a UUID''s 16 bytes as 26 base32 digits, the two spare zero bits on top';

-- base32hex: 3 x 5 bytes, then byte 15 and the two zero bits.
CREATE OR REPLACE FUNCTION uuidx_sql_base32_spare_at_end(b bytea, pairs bytea) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN encode(uuidx_sql_base32_five_bytes(b, 0, pairs) || uuidx_sql_base32_five_bytes(b, 5, pairs)
                  || uuidx_sql_base32_five_bytes(b, 10, pairs) || substring(pairs FROM 8 * get_byte(b, 15) + 1 FOR 2),
                  'escape');
COMMENT ON FUNCTION uuidx_sql_base32_spare_at_end(bytea, bytea) IS
    'uuidx_sql internal: a UUID''s 16 bytes as 26 base32 digits, the two spare zero bits at the end';

------------------------------------------------------------------------------------------
-- Reading: 26 checked digits as a UUID
------------------------------------------------------------------------------------------

-- The 10 bits of the two digits from place (counted from 1) of checked text.
CREATE OR REPLACE FUNCTION uuidx_sql_base32_pair_value(digits text, place integer, digit_values bytea) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN (get_byte(digit_values, ascii(substr(digits, place, 1))) << 5)
           | get_byte(digit_values, ascii(substr(digits, place + 1, 1)));
COMMENT ON FUNCTION uuidx_sql_base32_pair_value(text, integer, bytea) IS
    'uuidx_sql internal: the 10 bits of two checked base32 digits';

-- The 8 digits from place of checked text (40 bits) as 10 hexadecimal digits.
CREATE OR REPLACE FUNCTION uuidx_sql_base32_five_bytes_hex(digits text, place integer, digit_values bytea) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN lpad(to_hex((uuidx_sql_base32_pair_value(digits, place, digit_values)::bigint << 30)
                       | (uuidx_sql_base32_pair_value(digits, place + 2, digit_values) << 20)
                       | (uuidx_sql_base32_pair_value(digits, place + 4, digit_values) << 10)
                       | uuidx_sql_base32_pair_value(digits, place + 6, digit_values)), 10, '0');
COMMENT ON FUNCTION uuidx_sql_base32_five_bytes_hex(text, integer, bytea) IS
    'uuidx_sql internal: eight checked base32 digits as the ten hexadecimal digits of their five bytes';

CREATE OR REPLACE FUNCTION uuidx_sql_base32_value_on_top(digits text, digit_values bytea) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN (lpad(to_hex(uuidx_sql_base32_pair_value(digits, 1, digit_values)), 2, '0')
            || uuidx_sql_base32_five_bytes_hex(digits, 3, digit_values) || uuidx_sql_base32_five_bytes_hex(digits, 11, digit_values)
            || uuidx_sql_base32_five_bytes_hex(digits, 19, digit_values))::uuid;
COMMENT ON FUNCTION uuidx_sql_base32_value_on_top(text, bytea) IS
    'uuidx_sql internal: the UUID of 26 checked base32 digits, the two spare bits on top';

CREATE OR REPLACE FUNCTION uuidx_sql_base32_value_at_end(digits text, digit_values bytea) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN (uuidx_sql_base32_five_bytes_hex(digits, 1, digit_values) || uuidx_sql_base32_five_bytes_hex(digits, 9, digit_values)
            || uuidx_sql_base32_five_bytes_hex(digits, 17, digit_values)
            || lpad(to_hex(uuidx_sql_base32_pair_value(digits, 25, digit_values) >> 2), 2, '0'))::uuid;
COMMENT ON FUNCTION uuidx_sql_base32_value_at_end(text, bytea) IS
    'uuidx_sql internal: the UUID of 26 checked base32 digits, the two spare bits at the end';

------------------------------------------------------------------------------------------
-- Invalid text: the C edition's reason, found in its order, and its error
------------------------------------------------------------------------------------------

-- Too long (in bytes), then a character other than a-z or "_", then "_" at either end.
CREATE OR REPLACE FUNCTION uuidx_sql_typeid_prefix_problem(prefix text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
        WHEN octet_length(prefix) > 63 THEN 'The prefix is longer than 63 characters.'
        WHEN prefix !~ '^[a-z_]*$' THEN 'The prefix has a character other than a-z or "_".'
        WHEN prefix ~ '^_|_$' THEN 'The prefix starts or ends with "_".'
    END;
COMMENT ON FUNCTION uuidx_sql_typeid_prefix_problem(text) IS
    'uuidx_sql internal: what is wrong with a TypeID prefix, NULL for a valid one';

-- The length (in bytes), then the first character outside the alphabet (an upper-case letter
-- whose lower case is in it has its own reason), then a first digit above 7.
CREATE OR REPLACE FUNCTION uuidx_sql_typeid_suffix_problem(suffix text, has_separator boolean) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
        WHEN octet_length(suffix) <> 26 AND has_separator THEN 'The suffix (after the last "_") is not 26 characters long.'
        WHEN octet_length(suffix) <> 26 THEN 'The text has no "_", so it is all suffix, and a suffix is 26 characters long.'
        WHEN substring(suffix FROM '[^0-9a-hjkmnp-tv-z]') ~ '^[A-HJKMNP-TV-Z]$'
            THEN 'The suffix has an upper-case letter: a TypeID is lower case.'
        WHEN suffix ~ '[^0-9a-hjkmnp-tv-z]'
            THEN 'The suffix has a character outside the TypeID alphabet 0123456789abcdefghjkmnpqrstvwxyz.'
        WHEN suffix !~ '^[0-7]' THEN 'The suffix''s first character is above 7: the value would need more than 128 bits.'
    END;
COMMENT ON FUNCTION uuidx_sql_typeid_suffix_problem(text, boolean) IS
    'uuidx_sql internal: what is wrong with a TypeID suffix, NULL for a valid one';

-- The separator is the last "_": empty text, then a separator first, then the prefix's
-- problems, then the suffix's.
CREATE OR REPLACE FUNCTION uuidx_sql_typeid_problem(typeid text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
        WHEN typeid = '' THEN 'The text is empty.'
        WHEN strpos(typeid, '_') = 0 THEN uuidx_sql_typeid_suffix_problem(typeid, false)
        WHEN left(typeid, 1) = '_' AND strpos(substr(typeid, 2), '_') = 0
            THEN 'The text starts with the separator "_": an empty prefix is written without it.'
        ELSE coalesce(uuidx_sql_typeid_prefix_problem(regexp_replace(typeid, '_[^_]*$', '')),
                      uuidx_sql_typeid_suffix_problem(substring(typeid FROM '[^_]*$'), true))
    END;
COMMENT ON FUNCTION uuidx_sql_typeid_problem(text) IS
    'uuidx_sql internal: what is wrong with a TypeID, NULL for a valid one';

-- Empty text, the length (in bytes), the first character outside the alphabet (I, L, O and U
-- named apart), a first digit above 7.
CREATE OR REPLACE FUNCTION uuidx_sql_ulid_problem(ulid text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
        WHEN ulid = '' THEN 'The text is empty.'
        WHEN octet_length(ulid) <> 26 THEN 'A ULID is 26 characters long.'
        WHEN substring(ulid FROM '[^0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]') ~ '^[ILOUilou]$'
            THEN 'The ULID has I, L, O or U, which the ULID alphabet leaves out.'
        WHEN ulid ~ '[^0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]'
            THEN 'The ULID has a character outside the alphabet 0123456789ABCDEFGHJKMNPQRSTVWXYZ (either case).'
        WHEN ulid !~ '^[0-7]' THEN 'The ULID''s first character is above 7: the value would need more than 128 bits.'
    END;
COMMENT ON FUNCTION uuidx_sql_ulid_problem(text) IS
    'uuidx_sql internal: what is wrong with a ULID, NULL for a valid one';

-- Empty text, white space anywhere, the length (in bytes), padding other than six "=" after
-- 26 bytes, a character outside the alphabet in the first 26, nonzero trailing bits. The
-- bytes after the 26th are read as bytes (decode(..., 'escape') with every backslash doubled
-- is the text's bytes), as the C edition reads them.
CREATE OR REPLACE FUNCTION uuidx_sql_base32hex_problem(base32hex text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
        WHEN base32hex = '' THEN 'The text is empty.'
        WHEN base32hex ~ '[ \t\n\r\f\v]' THEN 'The text has white space, which base32hex does not allow.'
        WHEN octet_length(base32hex) NOT IN (26, 32)
            THEN 'A UUID in base32hex is 26 characters long, or 32 with its six "=" of padding.'
        WHEN substring(decode(replace(base32hex, E'\\', E'\\\\'), 'escape') FROM 27) NOT IN ('', '\x3d3d3d3d3d3d'::bytea)
            THEN 'The 32-character form must end in exactly six "=" of padding.'
        WHEN left(base32hex, 26) ~ '[^0-9A-Va-v]'
            THEN 'The text has a character outside the base32hex alphabet 0123456789ABCDEFGHIJKLMNOPQRSTUV (either case).'
        WHEN substr(base32hex, 26, 1) !~ '[048CGKOScgkos]'
            THEN 'The last character''s two low bits are not zero: a UUID''s last base32hex character is 0, 4, 8, C, G, K, O or S.'
    END;
COMMENT ON FUNCTION uuidx_sql_base32hex_problem(text) IS
    'uuidx_sql internal: what is wrong with a UUID in base32hex, NULL for a valid one';

-- The detail of error 22P02 for input that is not a `form`, as the C edition words it.
CREATE OR REPLACE FUNCTION uuidx_sql_text_form_detail(form text, input text, reason text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN '"' || uuidx_sql_quoted_excerpt(input) || '" is not a ' || form || '. ' || reason;
COMMENT ON FUNCTION uuidx_sql_text_form_detail(text, text, text) IS
    'uuidx_sql internal: the detail of the C edition''s error 22P02 for text that is not a text form';

------------------------------------------------------------------------------------------
-- TypeID
------------------------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION uuidx_sql_typeid_prefix_ok(prefix text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN octet_length(prefix) <= 63 AND prefix ~ '^([a-z]([a-z_]*[a-z])?)?$';
COMMENT ON FUNCTION uuidx_sql_typeid_prefix_ok(text) IS
    'uuidx_sql internal: whether a text is a TypeID prefix (the empty one included)';

-- An optional prefix and its "_" (the last "_": the suffix has none), then the suffix: at most
-- 63 + 1 + 26 bytes, and 26 after the last "_".
CREATE OR REPLACE FUNCTION uuidx_sql_typeid_ok(typeid text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN octet_length(typeid) <= 90 AND typeid ~ '^([a-z]([a-z_]*[a-z])?_)?[0-7][0-9a-hjkmnp-tv-z]*$'
           AND octet_length(split_part(typeid, '_', -1)) = 26;
COMMENT ON FUNCTION uuidx_sql_typeid_ok(text) IS
    'uuidx_sql internal: whether a text is a valid TypeID';

CREATE OR REPLACE FUNCTION uuid_to_typeid(prefix text, id uuid) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
        WHEN prefix IS NULL OR id IS NULL THEN NULL
        WHEN uuidx_sql_typeid_prefix_ok(prefix)
            THEN prefix || CASE WHEN prefix = '' THEN '' ELSE '_' END
                 || uuidx_sql_base32_spare_on_top(uuid_send(id), uuidx_sql_typeid_pairs())
        ELSE uuidx_sql_error(NULL::text, prefix, '22P02', 'invalid input syntax for a UUID text form',
                             uuidx_sql_text_form_detail('TypeID prefix', prefix, uuidx_sql_typeid_prefix_problem(prefix)))
    END;
COMMENT ON FUNCTION uuid_to_typeid(text, uuid) IS
    'The TypeID (jetify TypeID 0.3) of id with prefix: prefix_ and 26 characters of Crockford base32; an empty prefix gives the suffix alone';

CREATE OR REPLACE FUNCTION typeid_to_uuid(typeid text) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
        WHEN typeid IS NULL THEN NULL
        WHEN uuidx_sql_typeid_ok(typeid) THEN uuidx_sql_base32_value_on_top(right(typeid, 26), uuidx_sql_typeid_digits())
        ELSE uuidx_sql_error(NULL::uuid, typeid, '22P02', 'invalid input syntax for a UUID text form',
                             uuidx_sql_text_form_detail('TypeID', typeid, uuidx_sql_typeid_problem(typeid)))
    END;
COMMENT ON FUNCTION typeid_to_uuid(text) IS
    'The UUID of a TypeID (jetify TypeID 0.3), any prefix; invalid text is an error 22P02 naming what is wrong';

-- All but the last 27 characters (the "_" and the suffix): empty for a bare suffix.
CREATE OR REPLACE FUNCTION typeid_prefix(typeid text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
        WHEN typeid IS NULL THEN NULL
        WHEN uuidx_sql_typeid_ok(typeid) THEN left(typeid, -27)
        ELSE uuidx_sql_error(NULL::text, typeid, '22P02', 'invalid input syntax for a UUID text form',
                             uuidx_sql_text_form_detail('TypeID', typeid, uuidx_sql_typeid_problem(typeid)))
    END;
COMMENT ON FUNCTION typeid_prefix(text) IS
    'The prefix of a TypeID (empty for none), after checking the whole TypeID';

-- The prefix is checked before a key is drawn, so a bad prefix spends no step of the order.
-- The key is drawn once, in a subquery of its own (OFFSET 0 keeps the planner from copying
-- its expression into each of the encoder's uses of it), so this one is not inlined and
-- stays STRICT. Its parallel label is uuid_generate_v7()'s: UNSAFE on 15 and 17, where each
-- key writes the session's setting.
DO $typeid_generate$
BEGIN
    EXECUTE pg_catalog.format($sql$
            CREATE OR REPLACE FUNCTION typeid_generate(prefix text) RETURNS text
                LANGUAGE sql VOLATILE STRICT PARALLEL %s
                RETURN CASE
                    WHEN uuidx_sql_typeid_prefix_ok(prefix)
                        THEN (SELECT uuid_to_typeid(prefix, key) FROM (SELECT uuid_generate_v7() AS key OFFSET 0) AS drawn)
                    ELSE uuidx_sql_error(NULL::text, prefix, '22P02', 'invalid input syntax for a UUID text form',
                                         uuidx_sql_text_form_detail('TypeID prefix', prefix,
                                                                    uuidx_sql_typeid_prefix_problem(prefix)))
                END
        $sql$,
        CASE WHEN pg_catalog.current_setting('server_version_num')::integer OPERATOR(pg_catalog.>=) 180000
             THEN 'SAFE' ELSE 'UNSAFE' END);
END
$typeid_generate$;
COMMENT ON FUNCTION typeid_generate(text) IS
    'A new TypeID with prefix around a uuid_generate_v7() key: TypeIDs of one prefix sort in the order they were made';

------------------------------------------------------------------------------------------
-- ULID and base32hex
------------------------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION uuid_to_ulid(id uuid) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_base32_spare_on_top(uuid_send(id), uuidx_sql_ulid_pairs());
COMMENT ON FUNCTION uuid_to_ulid(uuid) IS
    'The ULID text of a UUID: the same 16 bytes in 26 upper-case Crockford base32 characters (a v7 keeps its millisecond)';

CREATE OR REPLACE FUNCTION ulid_to_uuid(ulid text) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
        WHEN ulid IS NULL THEN NULL
        WHEN octet_length(ulid) = 26 AND ulid ~ '^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]*$'
            THEN uuidx_sql_base32_value_on_top(ulid, uuidx_sql_ulid_digits())
        ELSE uuidx_sql_error(NULL::uuid, ulid, '22P02', 'invalid input syntax for a UUID text form',
                             uuidx_sql_text_form_detail('ULID', ulid, uuidx_sql_ulid_problem(ulid)))
    END;
COMMENT ON FUNCTION ulid_to_uuid(text) IS
    'The UUID of a ULID text, in either case; I, L, O and U, wrong lengths and values above 128 bits are errors 22P02';

CREATE OR REPLACE FUNCTION uuid_to_base32hex(id uuid) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_base32_spare_at_end(uuid_send(id), uuidx_sql_base32hex_pairs());
COMMENT ON FUNCTION uuid_to_base32hex(uuid) IS
    'The UUID in base32hex (RFC 4648 section 7): 26 upper-case characters of 0-9A-V, no padding, sorting like the UUID; what PostgreSQL 19''s rtrim(encode(id::bytea, ''base32hex''), ''='') gives';

-- 26 digits, the last with its two low bits zero, and the six "=" of padding or none.
CREATE OR REPLACE FUNCTION base32hex_to_uuid(text text) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
        WHEN $1 IS NULL THEN NULL
        WHEN octet_length(rtrim($1, '=')) = 26 AND $1 ~ '^[0-9A-Va-v]*[048CGKOScgkos](======)?$'
            THEN uuidx_sql_base32_value_at_end($1, uuidx_sql_base32hex_digits())
        ELSE uuidx_sql_error(NULL::uuid, $1, '22P02', 'invalid input syntax for a UUID text form',
                             uuidx_sql_text_form_detail('UUID in base32hex', $1, uuidx_sql_base32hex_problem($1)))
    END;
COMMENT ON FUNCTION base32hex_to_uuid(text) IS
    'The UUID of a base32hex text, in either case, with or without its six = of padding; white space, other lengths and characters, and nonzero trailing bits are errors 22P02';
