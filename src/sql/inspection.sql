--# Reading a key: its time (the first 48 bits as Unix milliseconds, whatever the version, as
--# pg_uuidv7), its version and variant, and the time a v1, v6 or v7 key embeds.

--@ drop FUNCTION uuid_v7_to_timestamptz(uuid)
CREATE OR REPLACE FUNCTION uuid_v7_to_timestamptz(uuid) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_key_time($1);
--@ comment FUNCTION uuid_v7_to_timestamptz(uuid)

--@ drop FUNCTION uuid_v7_to_timestamp(uuid)
-- A UTC timestamp without time zone: the same instant, read in UTC.
CREATE OR REPLACE FUNCTION uuid_v7_to_timestamp(uuid) RETURNS timestamp
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_key_time($1) AT TIME ZONE 'UTC';
--@ comment FUNCTION uuid_v7_to_timestamp(uuid)

--@ drop FUNCTION uuid_extract_version(uuid)
-- The version nibble (octet 6, high half), for the RFC 9562 variant (10 in octet 8's top bits).
CREATE OR REPLACE FUNCTION uuid_extract_version(uuid) RETURNS smallint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN get_byte(uuid_send($1), 8) >> 6 = 2 THEN (get_byte(uuid_send($1), 6) >> 4)::smallint END;
--@ comment FUNCTION uuid_extract_version(uuid)

--@ drop FUNCTION uuid_extract_variant(uuid)
-- RFC 9562 Table 1: the value of octet 8's significant bits, 0xxx, 10xx, 110x or 111x.
CREATE OR REPLACE FUNCTION uuid_extract_variant(uuid) RETURNS smallint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN get_byte(uuid_send($1), 8) < 128 THEN 0
                WHEN get_byte(uuid_send($1), 8) < 192 THEN 2
                WHEN get_byte(uuid_send($1), 8) < 224 THEN 6
                ELSE 7 END::smallint;
--@ comment FUNCTION uuid_extract_variant(uuid)

--@ drop FUNCTION uuidx_sql_gregorian_time(uuid)
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

--@ drop FUNCTION uuid_extract_timestamp(uuid)
CREATE OR REPLACE FUNCTION uuid_extract_timestamp(uuid) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN get_byte(uuid_send($1), 8) >> 6 = 2 THEN
                    CASE get_byte(uuid_send($1), 6) >> 4
                        WHEN 7 THEN uuidx_sql_key_time($1)
                        WHEN 1 THEN uuidx_sql_gregorian_time($1)
                        WHEN 6 THEN uuidx_sql_gregorian_time($1)
                    END
           END;
--@ comment FUNCTION uuid_extract_timestamp(uuid)
