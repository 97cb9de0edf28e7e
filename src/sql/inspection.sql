--# Reading a key: its time (the first 48 bits as Unix milliseconds, whatever the version, as
--# pg_uuidv7), its version and variant, the time a v1, v6 or v7 key embeds, a v1's or v6's
--# clock_seq and node, and uuid_inspect(), which explains all of it. The logic is in internal
--# functions that PostgreSQL inlines, so that each public function is one call.

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

--@ drop FUNCTION uuidx_sql_version(uuid)
-- The version nibble (octet 6, high half), for the RFC 9562 variant (10 in octet 8's top bits).
CREATE OR REPLACE FUNCTION uuidx_sql_version(id uuid) RETURNS smallint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN get_byte(uuid_send(id), 8) >> 6 = 2 THEN (get_byte(uuid_send(id), 6) >> 4)::smallint END;
COMMENT ON FUNCTION uuidx_sql_version(uuid) IS
    'uuidx_sql internal: a key''s version, NULL outside the RFC 9562 variant';

--@ drop FUNCTION uuid_extract_version(uuid)
CREATE OR REPLACE FUNCTION uuid_extract_version(uuid) RETURNS smallint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_version($1);
--@ comment FUNCTION uuid_extract_version(uuid)

--@ drop FUNCTION uuidx_sql_variant(uuid)
-- RFC 9562 Table 1: the value of octet 8's significant bits, 0xxx, 10xx, 110x or 111x.
CREATE OR REPLACE FUNCTION uuidx_sql_variant(id uuid) RETURNS smallint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN get_byte(uuid_send(id), 8) < 128 THEN 0
                WHEN get_byte(uuid_send(id), 8) < 192 THEN 2
                WHEN get_byte(uuid_send(id), 8) < 224 THEN 6
                ELSE 7 END::smallint;
COMMENT ON FUNCTION uuidx_sql_variant(uuid) IS
    'uuidx_sql internal: a key''s variant, 0, 2, 6 or 7';

--@ drop FUNCTION uuid_extract_variant(uuid)
CREATE OR REPLACE FUNCTION uuid_extract_variant(uuid) RETURNS smallint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_variant($1);
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

--@ drop FUNCTION uuidx_sql_embedded_time(uuid)
CREATE OR REPLACE FUNCTION uuidx_sql_embedded_time(id uuid) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE uuidx_sql_version(id)
               WHEN 7 THEN uuidx_sql_key_time(id)
               WHEN 1 THEN uuidx_sql_gregorian_time(id)
               WHEN 6 THEN uuidx_sql_gregorian_time(id)
           END;
COMMENT ON FUNCTION uuidx_sql_embedded_time(uuid) IS
    'uuidx_sql internal: the time a v1, v6 or v7 key embeds, NULL for any other';

--@ drop FUNCTION uuid_extract_timestamp(uuid)
CREATE OR REPLACE FUNCTION uuid_extract_timestamp(uuid) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_embedded_time($1);
--@ comment FUNCTION uuid_extract_timestamp(uuid)

--@ drop FUNCTION uuid_extract_clock_seq(uuid)
-- Octet 8's low 6 bits and octet 9, in both layouts.
CREATE OR REPLACE FUNCTION uuid_extract_clock_seq(uuid) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN uuidx_sql_version($1) IN (1, 6)
                THEN ((get_byte(uuid_send($1), 8) & 63) << 8) | get_byte(uuid_send($1), 9) END;
--@ comment FUNCTION uuid_extract_clock_seq(uuid)

--@ drop FUNCTION uuid_extract_node(uuid)
-- The last six octets, in order, which is macaddr's form.
CREATE OR REPLACE FUNCTION uuid_extract_node(uuid) RETURNS macaddr
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN uuidx_sql_version($1) IN (1, 6)
                THEN encode(substring(uuid_send($1) FROM 11 FOR 6), 'hex')::macaddr END;
--@ comment FUNCTION uuid_extract_node(uuid)

--@ drop FUNCTION uuidx_sql_inspected_fields(uuid)
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

--@ drop FUNCTION uuid_inspect(uuid)
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
--@ comment FUNCTION uuid_inspect(uuid)
