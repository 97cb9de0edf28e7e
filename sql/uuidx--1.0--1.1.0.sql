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

-- New in 1.1.0: keys that leave the database (TypeID and ULID text forms, public ids).

CREATE FUNCTION uuid_to_typeid(prefix text, id uuid) RETURNS text
    AS 'MODULE_PATHNAME', 'uuidx_uuid_to_typeid'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION typeid_to_uuid(typeid text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_typeid_to_uuid'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION typeid_prefix(typeid text) RETURNS text
    AS 'MODULE_PATHNAME', 'uuidx_typeid_prefix'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION typeid_generate(prefix text) RETURNS text
    AS 'MODULE_PATHNAME', 'uuidx_typeid_generate'
    LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_to_ulid(id uuid) RETURNS text
    AS 'MODULE_PATHNAME', 'uuidx_uuid_to_ulid'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ulid_to_uuid(ulid text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_ulid_to_uuid'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Public ids depend on the key settings: STABLE. Either function reveals the time of any
-- public id to its caller (encoding a v7 with a public id's random bits and time zero
-- gives the mask), so both are the key holder's: revoked from PUBLIC, granted by a
-- superuser to the roles that serve public ids.
CREATE FUNCTION uuid_v7_to_public(id uuid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_v7_to_public'
    LANGUAGE C STABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_public_to_v7(public_id uuid, previous_key bool DEFAULT false) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uuidx_public_to_v7'
    LANGUAGE C STABLE STRICT PARALLEL SAFE;

REVOKE ALL ON FUNCTION uuid_v7_to_public(uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION uuid_public_to_v7(uuid, bool) FROM PUBLIC;

DO $describe_new$
DECLARE
    item record;
BEGIN
    FOR item IN SELECT * FROM (VALUES
        ('uuid_to_typeid(text, uuid)',
         'The TypeID (jetify TypeID 0.3) of id with prefix: prefix_ and 26 characters of Crockford base32; an empty prefix gives the suffix alone'),
        ('typeid_to_uuid(text)',
         'The UUID of a TypeID (jetify TypeID 0.3), any prefix; invalid text is an error 22P02 naming what is wrong'),
        ('typeid_prefix(text)',
         'The prefix of a TypeID (empty for none), after checking the whole TypeID'),
        ('typeid_generate(text)',
         'A new TypeID with prefix around a uuid_generate_v7() key: TypeIDs of one prefix sort in the order they were made'),
        ('uuid_to_ulid(uuid)',
         'The ULID text of a UUID: the same 16 bytes in 26 upper-case Crockford base32 characters (a v7 keeps its millisecond)'),
        ('ulid_to_uuid(text)',
         'The UUID of a ULID text, in either case; I, L, O and U, wrong lengths and values above 128 bits are errors 22P02'),
        ('uuid_v7_to_public(uuid)',
         'The public id of a v7 key: a v4-looking UUID hiding its millisecond, keyed by uuidx.public_id_key (uuidv47 compatible); needs uuidx preloaded'),
        ('uuid_public_to_v7(uuid, bool)',
         'The v7 key behind a public id (uuidx.public_id_key, or uuidx.public_id_previous_key when previous_key); any v4 decodes to some v7')
    ) AS descriptions(signature, description)
    LOOP
        EXECUTE pg_catalog.format('COMMENT ON FUNCTION %I.%s IS %L',
                                  pg_catalog.current_schema(), item.signature, item.description);
    END LOOP;
END
$describe_new$;
