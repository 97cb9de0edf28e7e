-- ALTER EXTENSION uuidx UPDATE from every released version gives exactly the functions of
-- a fresh install of the current one: signature, arguments with their names and defaults,
-- result type, volatility, strictness, parallel label, C symbol and description.
SET client_min_messages = warning;

SELECT source, target, path FROM pg_extension_update_paths('uuidx')
WHERE path IS NOT NULL AND target = (SELECT default_version FROM pg_available_extensions WHERE name = 'uuidx')
ORDER BY 1;

CREATE TEMP VIEW uuidx_function_state AS
SELECT p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS signature,
       pg_get_function_arguments(p.oid) AS arguments,
       pg_get_function_result(p.oid) AS result,
       p.provolatile AS volatility, p.proisstrict AS strict, p.proparallel AS parallel,
       p.prolang::regproc::text AS language, p.prosrc AS symbol, p.probin AS library,
       obj_description(p.oid, 'pg_proc') AS description
FROM pg_depend d
JOIN pg_proc p ON p.oid = d.objid AND d.classid = 'pg_proc'::regclass
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuidx');

-- 1.0, as installed on 17 or 18 before its script named its schema: the five functions
-- that share a built-in's name had no description. The update describes them.
CREATE EXTENSION uuidx VERSION '1.0';
COMMENT ON FUNCTION public.uuidv7() IS NULL;
COMMENT ON FUNCTION public.uuidv7(interval) IS NULL;
COMMENT ON FUNCTION public.uuidv4() IS NULL;
COMMENT ON FUNCTION public.uuid_extract_version(uuid) IS NULL;
COMMENT ON FUNCTION public.uuid_extract_timestamp(uuid) IS NULL;
ALTER EXTENSION uuidx UPDATE;
SELECT extversion = (SELECT default_version FROM pg_available_extensions WHERE name = 'uuidx') AS updated_to_default
FROM pg_extension WHERE extname = 'uuidx';
CREATE TEMP TABLE updated AS SELECT * FROM uuidx_function_state;
DROP EXTENSION uuidx;

CREATE EXTENSION uuidx;
CREATE TEMP TABLE fresh AS SELECT * FROM uuidx_function_state;
DROP EXTENSION uuidx;

SELECT (SELECT count(*) FROM fresh) AS fresh_functions, (SELECT count(*) FROM updated) AS updated_functions;
-- Every difference, either way: none.
(SELECT 'only after the update' AS side, * FROM updated EXCEPT SELECT 'only after the update', * FROM fresh)
UNION ALL
(SELECT 'only when fresh', * FROM fresh EXCEPT SELECT 'only when fresh', * FROM updated)
ORDER BY 2, 1;
