--# The deterministic UUIDs, computed from their arguments alone (src/pg/deterministic.cpp):
--# name-based v3, v5 and v8, v8 from given bytes, the RFC 9562 namespace IDs, and the lossless
--# v1 <-> v6 reordering.
--#
--# PostgreSQL's core has MD5 and the SHA-2 digests as functions of bytea; it has no SHA-1 and
--# no SHA-3, so those are PL/pgSQL here (pgcrypto is not used: a managed service may lack it,
--# and its digest() would have to give the same answers anyway). They are the only PL/pgSQL
--# functions that compute: their names are bound when they run, so each has
--# SET search_path = pg_catalog, pg_temp, which makes every name they use pg_catalog's
--# whatever the caller's path (pg_temp last, so that no temporary type stands for one).

--@ drop FUNCTION uuidx_sql_ascii_lower(text)
-- ASCII letters in lower case, and nothing else changed, as the C edition folds the names
-- users type (namespaces, digests): lower() follows the collation, which may fold other
-- letters onto ASCII ones, or ASCII ones elsewhere (a Turkish I).
CREATE OR REPLACE FUNCTION uuidx_sql_ascii_lower(name text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
COMMENT ON FUNCTION uuidx_sql_ascii_lower(text) IS
    'uuidx_sql internal: a name with its ASCII letters in lower case';

--@ drop FUNCTION uuidx_sql_name_bytes(uuid, text)
-- What a name-based UUID hashes: the namespace's 16 bytes, then the name's bytes as stored,
-- in the database encoding (the C edition's and uuid-ossp's input). The escape format reads
-- every byte as itself but a backslash, which is doubled first; convert_to() would give the
-- same bytes but is not immutable, which would keep the callers from being inlined.
CREATE OR REPLACE FUNCTION uuidx_sql_name_bytes(namespace uuid, name text) RETURNS bytea
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuid_send(namespace) || decode(replace(name, '\', '\\'), 'escape');
COMMENT ON FUNCTION uuidx_sql_name_bytes(uuid, text) IS
    'uuidx_sql internal: a namespace''s bytes followed by a name''s bytes in the database encoding';

--@ drop FUNCTION uuidx_sql_sha1(bytea)
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

--@ drop FUNCTION uuidx_sql_sha3(bytea, integer)
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

--@ drop FUNCTION uuidv3(uuid, text)
CREATE OR REPLACE FUNCTION uuidv3(namespace uuid, name text) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_stamped_key(decode(md5(uuidx_sql_name_bytes(namespace, name)), 'hex'), 3);
--@ comment FUNCTION uuidv3(uuid, text)

--@ drop FUNCTION uuidv5(uuid, text)
CREATE OR REPLACE FUNCTION uuidv5(namespace uuid, name text) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_stamped_key(uuidx_sql_sha1(uuidx_sql_name_bytes(namespace, name)), 5);
--@ comment FUNCTION uuidv5(uuid, text)

--@ drop FUNCTION uuid_generate_v8(bytea)
CREATE OR REPLACE FUNCTION uuid_generate_v8(custom bytea) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN length(custom) = 16 THEN uuidx_sql_stamped_key(custom, 8)
                ELSE uuidx_sql_error(NULL::uuid, custom, '22023', 'invalid input length for a UUID',
                                     format('A UUIDv8 takes exactly 16 bytes; got %s.', length(custom))) END;
--@ comment FUNCTION uuid_generate_v8(bytea)

--@ drop FUNCTION uuidv8(bytea)
CREATE OR REPLACE FUNCTION uuidv8(custom bytea) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuid_generate_v8(custom);
--@ comment FUNCTION uuidv8(bytea)

--@ drop FUNCTION uuid_generate_v8_name(uuid, text, text)
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
--@ comment FUNCTION uuid_generate_v8_name(uuid, text, text)

--@ drop FUNCTION uuid_namespace(text)
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
--@ comment FUNCTION uuid_namespace(text)

--@ drop FUNCTION uuidx_sql_unexpected_version(uuid, text, integer)
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

--@ drop FUNCTION uuidx_sql_reordered(uuid, integer, text)
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

--@ drop FUNCTION uuid_v1_to_v6(uuid)
CREATE OR REPLACE FUNCTION uuid_v1_to_v6(uuid) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_reordered($1, 1, 'uuid_v1_to_v6');
--@ comment FUNCTION uuid_v1_to_v6(uuid)

--@ drop FUNCTION uuid_v6_to_v1(uuid)
CREATE OR REPLACE FUNCTION uuid_v6_to_v1(uuid) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_reordered($1, 6, 'uuid_v6_to_v1');
--@ comment FUNCTION uuid_v6_to_v1(uuid)
