-- uuidx 1.0 to 1.1.0.
\echo Use "ALTER EXTENSION uuidx UPDATE TO '1.1.0'" to load this file. \quit

-- 1.0 as first released described five functions without their schema, so on PostgreSQL
-- 17 and 18 the descriptions landed on pg_catalog's namesakes and uuidx's own copies got
-- none. Describe uuidx's own functions again, schema-qualified; pg_catalog is not touched
-- (CHANGELOG.md shows how to restore the built-ins' descriptions by hand).
DO $describe$
DECLARE
    item record;
BEGIN
    FOR item IN SELECT * FROM (VALUES
        ('uuidv7()',
         'RFC 9562 UUIDv7 under PostgreSQL 18''s name; the same generator as uuid_generate_v7()'),
        ('uuidv7(interval)',
         'RFC 9562 UUIDv7 whose embedded time is the current time plus shift (PostgreSQL 18''s uuidv7(interval))'),
        ('uuidv4()',
         'RFC 9562 UUIDv4: 122 random bits from OpenSSL (PostgreSQL 18''s name)'),
        ('uuid_extract_version(uuid)',
         'Version nibble of an RFC 9562 variant UUID; NULL for any other variant (as PostgreSQL 18)'),
        ('uuid_extract_timestamp(uuid)',
         'Embedded time of a v1, v6 or v7 UUID (v7 to the millisecond, v1/v6 to the microsecond); NULL otherwise')
    ) AS descriptions(signature, description)
    LOOP
        EXECUTE pg_catalog.format('COMMENT ON FUNCTION %I.%s IS %L',
                                  pg_catalog.current_schema(), item.signature, item.description);
    END LOOP;
END
$describe$;

-- A function offered under pg_uuidv7's name carries pg_uuidv7's labels: its *_to_v7
-- functions are STABLE, so that id >= uuid_timestamptz_to_v7(now() - ..., true) is an index
-- condition, evaluated once, as with pg_uuidv7.
DO $relabel$
BEGIN
    EXECUTE pg_catalog.format('ALTER FUNCTION %I.uuid_timestamptz_to_v7(timestamptz, bool) STABLE',
                              pg_catalog.current_schema());
    EXECUTE pg_catalog.format('ALTER FUNCTION %I.uuid_timestamp_to_v7(timestamp, bool) STABLE',
                              pg_catalog.current_schema());
END
$relabel$;
