-- Every function of uuidx: volatility, strictness and parallel labels tell the truth,
-- and every one carries a comment (\df+ and \dx+ explain it). Signatures are spelled
-- without a schema: regprocedure would add one on 17 and later, where pg_catalog's namesakes
-- hide some of uuidx's functions from an unqualified search.
SELECT p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS function,
       CASE p.provolatile WHEN 'i' THEN 'immutable' WHEN 's' THEN 'stable' ELSE 'volatile' END AS volatility,
       p.proisstrict AS strict,
       CASE p.proparallel WHEN 's' THEN 'safe' WHEN 'r' THEN 'restricted' ELSE 'unsafe' END AS parallel,
       obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_depend d
JOIN pg_proc p ON p.oid = d.objid AND d.classid = 'pg_proc'::regclass
WHERE d.refclassid = 'pg_extension'::regclass
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuidx')
  AND d.deptype = 'e'
ORDER BY 1;

-- PostgreSQL 18 shows each loaded library's name and version from its magic block: uuidx's
-- is the extension's default version. 15 to 17 have no such block: there the answer is
-- 'none before 18', so that one expected output serves every major.
SELECT uuid_generate_v7() IS NOT NULL AS library_loaded;
CREATE FUNCTION pg_temp.uuidx_magic_block_version() RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    declared text;
BEGIN
    IF to_regproc('pg_catalog.pg_get_loaded_modules') IS NULL THEN RETURN 'none before 18'; END IF;
    EXECUTE 'SELECT version FROM pg_get_loaded_modules() WHERE module_name = $1' INTO declared USING 'uuidx';
    RETURN declared;
END $$;
SELECT pg_temp.uuidx_magic_block_version()
       IN ('none before 18', (SELECT default_version FROM pg_available_extensions WHERE name = 'uuidx'))
       AS magic_block_declares_the_version;
