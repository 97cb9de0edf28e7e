-- uuid_to_base32hex() and base32hex_to_uuid() against PostgreSQL 19's encode() and decode()
-- of base32hex over 100,000 keys and the edges (nil, max, every version and variant
-- nibble): the same text both ways. Before 19 there is nothing to compare with, and
-- base32hex_parity_1.out says so (0 keys compared); text_forms tests the functions alone.
SET client_min_messages = warning;
CREATE TEMP TABLE keys AS
SELECT public.uuidv4() AS id FROM generate_series(1, 50000)
UNION ALL SELECT uuid_generate_v7() FROM generate_series(1, 40000)
UNION ALL SELECT encode(decode(md5(g::text), 'hex'), 'hex')::uuid FROM generate_series(1, 9744) g
UNION ALL SELECT '00000000-0000-0000-0000-000000000000'::uuid
UNION ALL SELECT uuid_max()
UNION ALL SELECT (lpad(to_hex(g), 8, '0') || '-0000-' || to_hex(g % 16) || 'abc-' || to_hex(g / 16) || '123-456789abcdef')::uuid
          FROM generate_series(0, 255) g;
-- Only a server that has base32hex in encode() and the uuid::bytea cast (19) is sent the comparison.
SELECT current_setting('server_version_num')::int >= 190000 AS has_base32hex \gset
\if :has_base32hex
SELECT count(*) AS compared,
       count(*) FILTER (WHERE uuid_to_base32hex(id) = rtrim(encode(id::bytea, 'base32hex'), '=')) AS same_text,
       count(*) FILTER (WHERE base32hex_to_uuid(encode(id::bytea, 'base32hex')) = id
                          AND decode(uuid_to_base32hex(id), 'base32hex')::uuid = id) AS same_uuid_both_ways
FROM keys;
\else
SELECT 0 AS compared, 0 AS same_text, 0 AS same_uuid_both_ways;
\endif
