--# The generators: uuid_generate_v7() and uuidv7() (one order), uuidv7(interval), uuidv4(),
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
