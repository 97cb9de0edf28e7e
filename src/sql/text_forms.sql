--# The text forms of a UUID (src/core/text_forms.hpp): TypeID (jetify TypeID 0.3), ULID and
--# base32hex (RFC 4648 section 7), each the UUID's 128 bits in 26 base32 digits of 5 bits,
--# 130 bits with two zero bits: on top for TypeID and ULID (the first digit is at most 7), at
--# the end for base32hex (the last digit's two low bits are zero).
--#
--# SQL has no base32, so the digits are read and written through tables made from each
--# alphabet when the script runs (so that table and alphabet cannot disagree): 1,024 pairs of
--# digits indexed by 10 bits, which writes a UUID in 13 lookups, its bytes read with
--# get_byte(); and the value of each ASCII character, which reads a digit in one. Every
--# conversion is one expression that PostgreSQL inlines. Text is checked first, by a regular
--# expression without bounded repetition (a bound such as {25} makes PostgreSQL's matcher some
--# 5 times slower) and its lengths; only text that fails is examined further, in the C
--# edition's order, to give its error, 22P02, with the C edition's message and detail.

------------------------------------------------------------------------------------------
-- The tables of each alphabet
------------------------------------------------------------------------------------------

--@ drop FUNCTION uuidx_sql_typeid_pairs()
--@ drop FUNCTION uuidx_sql_typeid_digits()
--@ drop FUNCTION uuidx_sql_ulid_pairs()
--@ drop FUNCTION uuidx_sql_ulid_digits()
--@ drop FUNCTION uuidx_sql_base32hex_pairs()
--@ drop FUNCTION uuidx_sql_base32hex_digits()
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

--@ drop FUNCTION uuidx_sql_base32_five_bytes(bytea, integer, bytea)
-- Bytes first .. first + 4 of b (40 bits) as four pairs of digits (8 characters).
CREATE OR REPLACE FUNCTION uuidx_sql_base32_five_bytes(b bytea, first integer, pairs bytea) RETURNS bytea
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN substring(pairs FROM 2 * ((get_byte(b, first) << 2) | (get_byte(b, first + 1) >> 6)) + 1 FOR 2)
           || substring(pairs FROM 2 * (((get_byte(b, first + 1) & 63) << 4) | (get_byte(b, first + 2) >> 4)) + 1 FOR 2)
           || substring(pairs FROM 2 * (((get_byte(b, first + 2) & 15) << 6) | (get_byte(b, first + 3) >> 2)) + 1 FOR 2)
           || substring(pairs FROM 2 * (((get_byte(b, first + 3) & 3) << 8) | get_byte(b, first + 4)) + 1 FOR 2);
COMMENT ON FUNCTION uuidx_sql_base32_five_bytes(bytea, integer, bytea) IS
    'uuidx_sql internal: five bytes of a UUID as eight base32 digits, from a table of pairs';

--@ drop FUNCTION uuidx_sql_base32_spare_on_top(bytea, bytea)
-- TypeID and ULID: the two zero bits and byte 0 are the first pair; then 3 x 5 bytes.
CREATE OR REPLACE FUNCTION uuidx_sql_base32_spare_on_top(b bytea, pairs bytea) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN encode(substring(pairs FROM 2 * get_byte(b, 0) + 1 FOR 2) || uuidx_sql_base32_five_bytes(b, 1, pairs)
                  || uuidx_sql_base32_five_bytes(b, 6, pairs) || uuidx_sql_base32_five_bytes(b, 11, pairs), 'escape');
COMMENT ON FUNCTION uuidx_sql_base32_spare_on_top(bytea, bytea) IS
    'uuidx_sql internal: a UUID''s 16 bytes as 26 base32 digits, the two spare zero bits on top';

--@ drop FUNCTION uuidx_sql_base32_spare_at_end(bytea, bytea)
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

--@ drop FUNCTION uuidx_sql_base32_pair_value(text, integer, bytea)
-- The 10 bits of the two digits from place (counted from 1) of checked text.
CREATE OR REPLACE FUNCTION uuidx_sql_base32_pair_value(digits text, place integer, digit_values bytea) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN (get_byte(digit_values, ascii(substr(digits, place, 1))) << 5)
           | get_byte(digit_values, ascii(substr(digits, place + 1, 1)));
COMMENT ON FUNCTION uuidx_sql_base32_pair_value(text, integer, bytea) IS
    'uuidx_sql internal: the 10 bits of two checked base32 digits';

--@ drop FUNCTION uuidx_sql_base32_five_bytes_hex(text, integer, bytea)
-- The 8 digits from place of checked text (40 bits) as 10 hexadecimal digits.
CREATE OR REPLACE FUNCTION uuidx_sql_base32_five_bytes_hex(digits text, place integer, digit_values bytea) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN lpad(to_hex((uuidx_sql_base32_pair_value(digits, place, digit_values)::bigint << 30)
                       | (uuidx_sql_base32_pair_value(digits, place + 2, digit_values) << 20)
                       | (uuidx_sql_base32_pair_value(digits, place + 4, digit_values) << 10)
                       | uuidx_sql_base32_pair_value(digits, place + 6, digit_values)), 10, '0');
COMMENT ON FUNCTION uuidx_sql_base32_five_bytes_hex(text, integer, bytea) IS
    'uuidx_sql internal: eight checked base32 digits as the ten hexadecimal digits of their five bytes';

--@ drop FUNCTION uuidx_sql_base32_value_on_top(text, bytea)
CREATE OR REPLACE FUNCTION uuidx_sql_base32_value_on_top(digits text, digit_values bytea) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN (lpad(to_hex(uuidx_sql_base32_pair_value(digits, 1, digit_values)), 2, '0')
            || uuidx_sql_base32_five_bytes_hex(digits, 3, digit_values) || uuidx_sql_base32_five_bytes_hex(digits, 11, digit_values)
            || uuidx_sql_base32_five_bytes_hex(digits, 19, digit_values))::uuid;
COMMENT ON FUNCTION uuidx_sql_base32_value_on_top(text, bytea) IS
    'uuidx_sql internal: the UUID of 26 checked base32 digits, the two spare bits on top';

--@ drop FUNCTION uuidx_sql_base32_value_at_end(text, bytea)
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

--@ drop FUNCTION uuidx_sql_typeid_prefix_problem(text)
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

--@ drop FUNCTION uuidx_sql_typeid_suffix_problem(text, boolean)
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

--@ drop FUNCTION uuidx_sql_typeid_problem(text)
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

--@ drop FUNCTION uuidx_sql_ulid_problem(text)
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

--@ drop FUNCTION uuidx_sql_base32hex_problem(text)
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

--@ drop FUNCTION uuidx_sql_text_form_detail(text, text, text)
-- The detail of error 22P02 for input that is not a `form`, as the C edition words it.
CREATE OR REPLACE FUNCTION uuidx_sql_text_form_detail(form text, input text, reason text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN '"' || uuidx_sql_quoted_excerpt(input) || '" is not a ' || form || '. ' || reason;
COMMENT ON FUNCTION uuidx_sql_text_form_detail(text, text, text) IS
    'uuidx_sql internal: the detail of the C edition''s error 22P02 for text that is not a text form';

------------------------------------------------------------------------------------------
-- TypeID
------------------------------------------------------------------------------------------
--# The public functions whose text can be invalid are not STRICT, with the C edition's NULL
--# for a NULL argument written first (docs/managed.md, "Allowed differences"): their bodies
--# have a CASE, which is not strict, and PostgreSQL inlines a STRICT function only where its
--# body is strict; run as a call, a SQL function costs some 13 µs more on 15 than inlined.

--@ drop FUNCTION uuidx_sql_typeid_prefix_ok(text)
CREATE OR REPLACE FUNCTION uuidx_sql_typeid_prefix_ok(prefix text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN octet_length(prefix) <= 63 AND prefix ~ '^([a-z]([a-z_]*[a-z])?)?$';
COMMENT ON FUNCTION uuidx_sql_typeid_prefix_ok(text) IS
    'uuidx_sql internal: whether a text is a TypeID prefix (the empty one included)';

--@ drop FUNCTION uuidx_sql_typeid_ok(text)
-- An optional prefix and its "_" (the last "_": the suffix has none), then the suffix: at most
-- 63 + 1 + 26 bytes, and 26 after the last "_".
CREATE OR REPLACE FUNCTION uuidx_sql_typeid_ok(typeid text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN octet_length(typeid) <= 90 AND typeid ~ '^([a-z]([a-z_]*[a-z])?_)?[0-7][0-9a-hjkmnp-tv-z]*$'
           AND octet_length(split_part(typeid, '_', -1)) = 26;
COMMENT ON FUNCTION uuidx_sql_typeid_ok(text) IS
    'uuidx_sql internal: whether a text is a valid TypeID';

--@ drop FUNCTION uuid_to_typeid(text, uuid)
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
--@ comment FUNCTION uuid_to_typeid(text, uuid)

--@ drop FUNCTION typeid_to_uuid(text)
CREATE OR REPLACE FUNCTION typeid_to_uuid(typeid text) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
        WHEN typeid IS NULL THEN NULL
        WHEN uuidx_sql_typeid_ok(typeid) THEN uuidx_sql_base32_value_on_top(right(typeid, 26), uuidx_sql_typeid_digits())
        ELSE uuidx_sql_error(NULL::uuid, typeid, '22P02', 'invalid input syntax for a UUID text form',
                             uuidx_sql_text_form_detail('TypeID', typeid, uuidx_sql_typeid_problem(typeid)))
    END;
--@ comment FUNCTION typeid_to_uuid(text)

--@ drop FUNCTION typeid_prefix(text)
-- All but the last 27 characters (the "_" and the suffix): empty for a bare suffix.
CREATE OR REPLACE FUNCTION typeid_prefix(typeid text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
        WHEN typeid IS NULL THEN NULL
        WHEN uuidx_sql_typeid_ok(typeid) THEN left(typeid, -27)
        ELSE uuidx_sql_error(NULL::text, typeid, '22P02', 'invalid input syntax for a UUID text form',
                             uuidx_sql_text_form_detail('TypeID', typeid, uuidx_sql_typeid_problem(typeid)))
    END;
--@ comment FUNCTION typeid_prefix(text)

--@ drop FUNCTION typeid_generate(text)
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
--@ comment FUNCTION typeid_generate(text)

------------------------------------------------------------------------------------------
-- ULID and base32hex
------------------------------------------------------------------------------------------

--@ drop FUNCTION uuid_to_ulid(uuid)
CREATE OR REPLACE FUNCTION uuid_to_ulid(id uuid) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_base32_spare_on_top(uuid_send(id), uuidx_sql_ulid_pairs());
--@ comment FUNCTION uuid_to_ulid(uuid)

--@ drop FUNCTION ulid_to_uuid(text)
CREATE OR REPLACE FUNCTION ulid_to_uuid(ulid text) RETURNS uuid
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
        WHEN ulid IS NULL THEN NULL
        WHEN octet_length(ulid) = 26 AND ulid ~ '^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]*$'
            THEN uuidx_sql_base32_value_on_top(ulid, uuidx_sql_ulid_digits())
        ELSE uuidx_sql_error(NULL::uuid, ulid, '22P02', 'invalid input syntax for a UUID text form',
                             uuidx_sql_text_form_detail('ULID', ulid, uuidx_sql_ulid_problem(ulid)))
    END;
--@ comment FUNCTION ulid_to_uuid(text)

--@ drop FUNCTION uuid_to_base32hex(uuid)
CREATE OR REPLACE FUNCTION uuid_to_base32hex(id uuid) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN uuidx_sql_base32_spare_at_end(uuid_send(id), uuidx_sql_base32hex_pairs());
--@ comment FUNCTION uuid_to_base32hex(uuid)

--@ drop FUNCTION base32hex_to_uuid(text)
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
--@ comment FUNCTION base32hex_to_uuid(text)
