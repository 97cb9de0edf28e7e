--# Keys of a time: the bounds of a millisecond's v7 keys, the key bounds of a time or a
--# range (the arithmetic of src/core/time_bounds.hpp, which its comment explains), the time
--# window and the operators id <@ tstzrange and tstzrange @> id, pg_uuidv7's conversions,
--# pg_partman's encoder and decoder, and the v4 -> v7 mapping.
--#
--# The operators are SQL functions that PostgreSQL inlines: id <@ period becomes
--# id >= uuid_range_min_key(period) AND id <= uuid_range_max_key(period), two comparisons of
--# the key with expressions that do not depend on the row, which a btree on the key answers
--# as its index condition (what the C edition's planner support function gives). For that,
--# the operator's functions are not STRICT (a strict function whose body is not strict is
--# not inlined), and uuid_time_window() costs 1 (a parameter used twice is inlined only
--# where its argument costs at most 10 operators; a SQL function costs 100 by default).

--@ drop FUNCTION uuid_v7_min(timestamptz)
CREATE OR REPLACE FUNCTION uuid_v7_min(ts timestamptz) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_v7_edge_key(uuidx_sql_v7_unix_us(ts) / 1000, false);
--@ comment FUNCTION uuid_v7_min(timestamptz)

--@ drop FUNCTION uuid_v7_max(timestamptz)
CREATE OR REPLACE FUNCTION uuid_v7_max(ts timestamptz) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_v7_edge_key(uuidx_sql_v7_unix_us(ts) / 1000, true);
--@ comment FUNCTION uuid_v7_max(timestamptz)

-- Keys whose time can satisfy a bound, saturating: every key's time lies in
-- [1970-01-01, 10889-08-02 05:31:50.656), so a bound before it selects every key for a lower
-- bound (the nil UUID) and none for an upper bound (nil), and a bound at or after its end
-- none for a lower bound (the max UUID) and every key for an upper bound (max). Between,
-- the first or last millisecond of the bound, as floor and ceiling of non-negative
-- microseconds. (Internal and inlined, so that the range functions below are one call.)
--@ drop FUNCTION uuidx_sql_min_key(timestamptz, boolean)
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

--@ drop FUNCTION uuidx_sql_max_key(timestamptz, boolean)
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

--@ drop FUNCTION uuid_time_min_key(timestamptz, boolean)
CREATE OR REPLACE FUNCTION uuid_time_min_key(ts timestamptz, inclusive boolean) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_min_key(ts, inclusive);
--@ comment FUNCTION uuid_time_min_key(timestamptz, boolean)

--@ drop FUNCTION uuid_time_max_key(timestamptz, boolean)
CREATE OR REPLACE FUNCTION uuid_time_max_key(ts timestamptz, inclusive boolean) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_max_key(ts, inclusive);
--@ comment FUNCTION uuid_time_max_key(timestamptz, boolean)

--@ drop FUNCTION uuid_time_min_key(timestamp, boolean)
CREATE OR REPLACE FUNCTION uuid_time_min_key(ts timestamp, inclusive boolean) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_min_key(ts AT TIME ZONE 'UTC', inclusive);
--@ comment FUNCTION uuid_time_min_key(timestamp, boolean)

--@ drop FUNCTION uuid_time_max_key(timestamp, boolean)
CREATE OR REPLACE FUNCTION uuid_time_max_key(ts timestamp, inclusive boolean) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_max_key(ts AT TIME ZONE 'UTC', inclusive);
--@ comment FUNCTION uuid_time_max_key(timestamp, boolean)

-- The key bounds of a range's two sides (an unbounded side bounds nothing), and whether no
-- key's time can lie in it: empty, a side no key reaches, or sides that leave no whole
-- millisecond between them (then the bounds are the max and the nil UUID, which no key
-- lies between).
--@ drop FUNCTION uuidx_sql_lower_key(tstzrange)
CREATE OR REPLACE FUNCTION uuidx_sql_lower_key(period tstzrange) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN lower_inf(period) THEN '00000000-0000-0000-0000-000000000000'::uuid
                ELSE uuidx_sql_min_key(lower(period), lower_inc(period)) END;
COMMENT ON FUNCTION uuidx_sql_lower_key(tstzrange) IS
    'uuidx_sql internal: the smallest key whose time satisfies a range''s lower side';

--@ drop FUNCTION uuidx_sql_upper_key(tstzrange)
CREATE OR REPLACE FUNCTION uuidx_sql_upper_key(period tstzrange) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN upper_inf(period) THEN 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid
                ELSE uuidx_sql_max_key(upper(period), upper_inc(period)) END;
COMMENT ON FUNCTION uuidx_sql_upper_key(tstzrange) IS
    'uuidx_sql internal: the largest key whose time satisfies a range''s upper side';

--@ drop FUNCTION uuidx_sql_selects_no_key(tstzrange)
CREATE OR REPLACE FUNCTION uuidx_sql_selects_no_key(period tstzrange) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN isempty(period)
        OR uuidx_sql_lower_key(period) = 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid
        OR uuidx_sql_upper_key(period) = '00000000-0000-0000-0000-000000000000'::uuid
        OR uuidx_sql_upper_key(period) < uuidx_sql_lower_key(period);
COMMENT ON FUNCTION uuidx_sql_selects_no_key(tstzrange) IS
    'uuidx_sql internal: whether no key''s time can lie in a range';

--@ drop FUNCTION uuid_range_min_key(tstzrange)
CREATE OR REPLACE FUNCTION uuid_range_min_key(period tstzrange) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN uuidx_sql_selects_no_key(period) THEN 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid
                ELSE uuidx_sql_lower_key(period) END;
--@ comment FUNCTION uuid_range_min_key(tstzrange)

--@ drop FUNCTION uuid_range_max_key(tstzrange)
CREATE OR REPLACE FUNCTION uuid_range_max_key(period tstzrange) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN uuidx_sql_selects_no_key(period) THEN '00000000-0000-0000-0000-000000000000'::uuid
                ELSE uuidx_sql_upper_key(period) END;
--@ comment FUNCTION uuid_range_max_key(tstzrange)

--@ drop FUNCTION uuid_time_window(timestamptz, timestamptz, text)
-- tstzrange(lower, upper, bounds), but NULL for an inverted window; bounds flags are checked
-- first, by tstzrange() itself, as the C edition checks them before the window (42601).
CREATE OR REPLACE FUNCTION uuid_time_window(lower timestamptz, upper timestamptz, bounds text DEFAULT '[)')
    RETURNS tstzrange
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 1
    RETURN CASE WHEN lower <= upper THEN tstzrange(lower, upper, bounds)
                WHEN tstzrange(NULL::timestamptz, NULL::timestamptz, bounds) IS NOT NULL THEN NULL END;
--@ comment FUNCTION uuid_time_window(timestamptz, timestamptz, text)

--@ drop FUNCTION uuid_time_key_at_start(uuid)
CREATE OR REPLACE FUNCTION uuid_time_key_at_start(key uuid) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    RETURN key;
--@ comment FUNCTION uuid_time_key_at_start(uuid)

--@ drop FUNCTION uuid_time_in_range(uuid, tstzrange)
CREATE OR REPLACE FUNCTION uuid_time_in_range(id uuid, period tstzrange) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN id >= uuid_range_min_key(period) AND id <= uuid_range_max_key(period);
--@ comment FUNCTION uuid_time_in_range(uuid, tstzrange)

--@ drop FUNCTION tstzrange_contains_uuid_time(tstzrange, uuid)
CREATE OR REPLACE FUNCTION tstzrange_contains_uuid_time(period tstzrange, id uuid) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN uuid_time_in_range(id, period);
--@ comment FUNCTION tstzrange_contains_uuid_time(tstzrange, uuid)

--@ drop OPERATOR <@ (uuid, tstzrange)
--@ drop OPERATOR @> (tstzrange, uuid)
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
--@ comment OPERATOR <@ (uuid, tstzrange)
--@ comment OPERATOR @> (tstzrange, uuid)

-- pg_uuidv7's names: a v7 carrying ts (random otherwise), or with zero = true the smallest
-- v7 of its millisecond; the timestamp version reads ts as UTC.
--@ drop FUNCTION uuid_timestamptz_to_v7(timestamptz, boolean)
CREATE OR REPLACE FUNCTION uuid_timestamptz_to_v7(ts timestamptz, zero boolean DEFAULT false) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN zero THEN uuid_v7_min(ts) ELSE uuid_generate_v7(ts) END;
--@ comment FUNCTION uuid_timestamptz_to_v7(timestamptz, bool)

--@ drop FUNCTION uuid_timestamp_to_v7(timestamp, boolean)
CREATE OR REPLACE FUNCTION uuid_timestamp_to_v7(ts timestamp, zero boolean DEFAULT false) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    RETURN uuid_timestamptz_to_v7(ts AT TIME ZONE 'UTC', zero);
--@ comment FUNCTION uuid_timestamp_to_v7(timestamp, bool)

--@ drop FUNCTION uuid_time_encoder(timestamptz)
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
--@ comment FUNCTION uuid_time_encoder(timestamptz)

--@ drop FUNCTION uuid_time_decoder(text)
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
--@ comment FUNCTION uuid_time_decoder(text)

--@ drop FUNCTION uuid_v4_to_v7(uuid, timestamptz)
-- The C edition's mapping, bit for bit: SHA-256 of a fixed public key UUID followed by the
-- old key's 16 bytes, its first 16 bytes with ts's millisecond over the first 48 bits, then
-- version 7 and the RFC 9562 variant.
CREATE OR REPLACE FUNCTION uuid_v4_to_v7(old uuid, ts timestamptz) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_stamped_key(
               overlay(sha256('\x5d2b7c1e4f0a8c339e610b7a2d4c8f15'::bytea || uuid_send(old))
                       PLACING substring(int8send(uuidx_sql_v7_unix_us(ts) / 1000) FROM 3) FROM 1 FOR 6),
               7);
--@ comment FUNCTION uuid_v4_to_v7(uuid, timestamptz)
