-- uuidx creates, alters and describes only what it owns. CREATE EXTENSION uuidx, in any
-- schema and by any version path, and DROP EXTENSION uuidx leave every object of
-- PostgreSQL's own catalog with the description and privileges it had; and every uuidx
-- function has a description of its own, also those that share a name with a built-in
-- (uuid_extract_version and uuid_extract_timestamp on 17; uuidv4 and uuidv7 on 18).
-- This file creates and drops uuidx itself, in a database of its own made from template0:
-- the snapshot below must be of a catalog that uuidx has never touched (pg_regress has
-- already created uuidx in contrib_regression).
SET client_min_messages = warning;
CREATE DATABASE uuidx_untouched TEMPLATE template0;
\c uuidx_untouched
SET client_min_messages = warning;

-- The state to keep: descriptions of the objects initdb made (below FirstNormalObjectId)
-- and the privileges of pg_catalog's objects, including the initial ones.
CREATE TEMP VIEW builtin_state AS
    SELECT 'description' AS kind, classoid::regclass::text AS catalog, objoid, objsubid, description AS state
    FROM pg_description WHERE objoid < 16384
UNION ALL
    SELECT 'privileges', 'pg_proc', oid, 0, proacl::text FROM pg_proc WHERE pronamespace = 'pg_catalog'::regnamespace
UNION ALL
    SELECT 'privileges', 'pg_class', oid, 0, relacl::text FROM pg_class WHERE relnamespace = 'pg_catalog'::regnamespace
UNION ALL
    SELECT 'privileges', 'pg_attribute', attrelid, attnum, attacl::text FROM pg_attribute
    WHERE attacl IS NOT NULL AND attrelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'pg_catalog'::regnamespace)
UNION ALL
    SELECT 'privileges', 'pg_type', oid, 0, typacl::text FROM pg_type WHERE typnamespace = 'pg_catalog'::regnamespace
UNION ALL
    SELECT 'privileges', 'pg_namespace', oid, 0, nspacl::text FROM pg_namespace WHERE oid < 16384
UNION ALL
    SELECT 'privileges', 'pg_language', oid, 0, lanacl::text FROM pg_language
UNION ALL
    SELECT 'initial privileges', classoid::regclass::text, objoid, objsubid, initprivs::text FROM pg_init_privs
    WHERE objoid < 16384;  -- uuidx's own functions have initial privileges too (REVOKE in its script)

CREATE TEMP TABLE state_before AS SELECT * FROM builtin_state;

-- Rows that differ from state_before, either way.
CREATE TEMP VIEW builtin_changes AS
    (SELECT 'changed' AS what, * FROM builtin_state EXCEPT SELECT 'changed', * FROM state_before)
UNION ALL
    (SELECT 'was', * FROM state_before EXCEPT SELECT 'was', * FROM builtin_state);

-- uuidx's functions, and whether each has a description that is not a built-in's.
CREATE TEMP VIEW uuidx_descriptions AS
SELECT p.proname, obj_description(p.oid, 'pg_proc') AS description,
       (SELECT obj_description(b.oid, 'pg_proc') FROM pg_proc b
        WHERE b.pronamespace = 'pg_catalog'::regnamespace AND b.proname = p.proname
          AND b.proargtypes = p.proargtypes) AS builtin_description
FROM pg_depend d
JOIN pg_proc p ON p.oid = d.objid AND d.classid = 'pg_proc'::regclass
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuidx');

CREATE TEMP VIEW uuidx_described AS
SELECT count(*) > 30 AS has_functions,
       count(*) FILTER (WHERE description IS NULL) AS undescribed,
       count(*) FILTER (WHERE description = builtin_description) AS with_a_builtins_description
FROM uuidx_descriptions;

-- The snapshot covers the catalog, and a change to a built-in's description or privileges
-- shows up (the test can fail).
SELECT count(*) > 3000 AS snapshot_covers_the_catalog FROM state_before;
BEGIN;
COMMENT ON FUNCTION pg_catalog.uuid_send(uuid) IS 'changed';
REVOKE EXECUTE ON FUNCTION pg_catalog.uuid_send(uuid) FROM PUBLIC;
SELECT what, kind, catalog, objoid::regprocedure FROM builtin_changes ORDER BY 1, 2;
ROLLBACK;

-- Into the default schema.
CREATE EXTENSION uuidx;
SELECT * FROM uuidx_described;
SELECT count(*) AS builtin_changes_while_installed FROM builtin_changes;
DROP EXTENSION uuidx;
SELECT count(*) AS builtin_changes_after_drop FROM builtin_changes;

-- Into a schema of its own, then relocated: descriptions follow the functions.
CREATE SCHEMA uuidx_home;
CREATE EXTENSION uuidx SCHEMA uuidx_home;
SELECT * FROM uuidx_described;
ALTER EXTENSION uuidx SET SCHEMA public;
SELECT * FROM uuidx_described;
SELECT count(*) AS builtin_changes_while_installed FROM builtin_changes;
DROP EXTENSION uuidx;
DROP SCHEMA uuidx_home;
SELECT count(*) AS builtin_changes_after_drop FROM builtin_changes;

-- By the upgrade path: 1.0, then ALTER EXTENSION uuidx UPDATE.
CREATE EXTENSION uuidx VERSION '1.0';
ALTER EXTENSION uuidx UPDATE;
SELECT * FROM uuidx_described;
SELECT count(*) AS builtin_changes_while_installed FROM builtin_changes;
DROP EXTENSION uuidx;
SELECT count(*) AS builtin_changes_after_drop FROM builtin_changes;

\c contrib_regression
DROP DATABASE uuidx_untouched;
