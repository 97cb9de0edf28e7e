--# The generators: uuid_generate_v7() and uuidv7() (one order), uuidv7(interval), uuidv4(),
--# uuid_generate_v6() and uuidv6(), uuidv1() (one order of Gregorian time),
--# uuid_generate_v7(timestamptz), and uuid_max().
--#
--# The order of uuid_generate_v7() is the C edition's rule: each key takes the later of the
--# clock and the session's last position plus one, so keys are strictly increasing within a
--# session, however many share a microsecond and whatever the clock does. PostgreSQL 18 and
--# 19 have that generator in their core (uuidv7(): 12-bit fraction, 62 random bits, each value
--# at least 245 ns after the last of the backend), so there uuid_generate_v7() is the core's;
--# 15 and 17 get the same rule in SQL, with the last position in a session setting
--# (docs/managed.md, "How the keys are ordered"). Which one is chosen when the script runs,
--# so one script serves every major.

--@ drop FUNCTION uuidx_sql_v7_position()
--@ drop FUNCTION uuidx_sql_advance_v7_position()
--@ drop FUNCTION uuidx_sql_shift_v7_position(bigint, interval)
--@ drop FUNCTION uuid_generate_v7()
--@ drop FUNCTION uuidv7()
--@ drop FUNCTION uuidv7(interval)
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
--@ comment FUNCTION uuidv7()
--@ comment FUNCTION uuidv7(interval)

--@ drop FUNCTION uuidv4()
CREATE OR REPLACE FUNCTION uuidv4() RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN gen_random_uuid();
COMMENT ON FUNCTION uuidv4() IS
    'RFC 9562 UUIDv4: 122 random bits from gen_random_uuid() (PostgreSQL 18''s name)';

--# v6 and v1 keys carry a 60-bit count of 100 ns since 1582-10-15, the Gregorian time, and
--# keep the C edition's rule for it on every major (no core has such a generator): each key
--# takes the later of the clock and the session's last Gregorian time plus one, shared by v6
--# and v1 as the C edition's one cell for both, so keys of either are strictly increasing in
--# time within a session. The last time is the setting uuidx_sql.gregorian_time, as the v7
--# position is uuidx_sql.v7_position: so these generators are PARALLEL UNSAFE on every major.

--@ drop FUNCTION uuidx_sql_last_gregorian_time()
-- The session's last Gregorian time: NULL before its first v1 or v6 key, and after a RESET
-- or the rollback of the transaction that first set it; the clock carries the order then.
CREATE OR REPLACE FUNCTION uuidx_sql_last_gregorian_time() RETURNS bigint
    LANGUAGE sql STABLE PARALLEL SAFE
    RETURN NULLIF(current_setting('uuidx_sql.gregorian_time', true), '')::bigint;
COMMENT ON FUNCTION uuidx_sql_last_gregorian_time() IS
    'uuidx_sql internal: the session''s last Gregorian time of a v1 or v6 key (setting uuidx_sql.gregorian_time), NULL before its first';

--@ drop FUNCTION uuidx_sql_advance_gregorian_time()
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

--@ drop FUNCTION uuidx_sql_v6_key(bigint)
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

--@ drop FUNCTION uuidx_sql_v1_clock_seq_node()
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

--@ drop FUNCTION uuidx_sql_v1_key(bigint, bytea)
-- A UUIDv1 of a Gregorian time: time_low (its low 32 bits), time_mid, the version and
-- time_high (its high 12 bits), then the clock_seq and node (RFC 9562 section 5.1).
CREATE OR REPLACE FUNCTION uuidx_sql_v1_key(gregorian_time bigint, clock_seq_node bytea) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN encode(int8send(((gregorian_time & 4294967295) << 32) | (((gregorian_time >> 32) & 65535) << 16)
                           | 4096 | (gregorian_time >> 48))
                  || clock_seq_node, 'hex')::uuid;
COMMENT ON FUNCTION uuidx_sql_v1_key(bigint, bytea) IS
    'uuidx_sql internal: the UUIDv1 of a Gregorian time, clock_seq and node';

--@ drop FUNCTION uuidx_sql_gregorian_time_out_of_range()
-- The C edition's error for a Gregorian time past its 60 bits (the year 5236).
CREATE OR REPLACE FUNCTION uuidx_sql_gregorian_time_out_of_range() RETURNS uuid
    LANGUAGE sql STABLE PARALLEL SAFE
    RETURN uuidx_sql_error(NULL::uuid, uuidx_sql_last_gregorian_time(), '22008', 'timestamp out of range for a UUID',
                           'UUIDv1 and UUIDv6 hold times from 1582-10-15 00:00:00 UTC to the year 5236.');
COMMENT ON FUNCTION uuidx_sql_gregorian_time_out_of_range() IS
    'uuidx_sql internal: raises 22008 for a Gregorian time past the 60 bits of v1 and v6';

--@ drop FUNCTION uuid_generate_v6()
-- Advances the Gregorian time, then reads it back (the CASE orders the two, as in
-- uuid_generate_v7()); 22008 past the 60 bits, as the C edition.
CREATE OR REPLACE FUNCTION uuid_generate_v6() RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN CASE WHEN uuidx_sql_advance_gregorian_time()::bigint <= 1152921504606846975
                THEN uuidx_sql_v6_key(uuidx_sql_last_gregorian_time())
                ELSE uuidx_sql_gregorian_time_out_of_range() END;
--@ comment FUNCTION uuid_generate_v6()

--@ drop FUNCTION uuidv6()
CREATE OR REPLACE FUNCTION uuidv6() RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN uuid_generate_v6();
--@ comment FUNCTION uuidv6()

--@ drop FUNCTION uuidv1()
CREATE OR REPLACE FUNCTION uuidv1() RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL UNSAFE
    RETURN CASE WHEN uuidx_sql_advance_gregorian_time()::bigint <= 1152921504606846975
                THEN uuidx_sql_v1_key(uuidx_sql_last_gregorian_time(), uuidx_sql_v1_clock_seq_node())
                ELSE uuidx_sql_gregorian_time_out_of_range() END;
--@ comment FUNCTION uuidv1()

--@ drop FUNCTION uuid_generate_v7(timestamptz)
-- Not drawn from the session's order: the caller chose the time.
CREATE OR REPLACE FUNCTION uuid_generate_v7(ts timestamptz) RETURNS uuid
    LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
    RETURN uuidx_sql_v7_key(4 * uuidx_sql_v7_unix_us(ts));
--@ comment FUNCTION uuid_generate_v7(timestamptz)

--@ drop FUNCTION uuid_max()
CREATE OR REPLACE FUNCTION uuid_max() RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid;
--@ comment FUNCTION uuid_max()
