-- ALTER EXTENSION uuidx UPDATE from every released version gives exactly the extension of
-- a fresh install of the newest one: every member object with its description and
-- privileges; for functions, arguments with their names and defaults, result type,
-- volatility, strictness, parallel label, C symbol and planner support; for operators,
-- operand types, function, commutator and estimators.
-- This file creates and drops uuidx itself: it starts by dropping the one pg_regress made,
-- and leaves a fresh install of the default version at its end.
SET client_min_messages = warning;
DROP EXTENSION uuidx;

-- The newest version: the one built from sql/uuidx.sql, which every path must reach.
SELECT version AS newest FROM pg_available_extension_versions WHERE name = 'uuidx'
ORDER BY string_to_array(version, '.')::int[] DESC LIMIT 1 \gset
SELECT source, target, path FROM pg_extension_update_paths('uuidx')
WHERE path IS NOT NULL AND target = :'newest'
ORDER BY 1;

CREATE TEMP VIEW uuidx_state AS
SELECT pg_describe_object(d.classid, d.objid, 0) AS member,
       obj_description(d.objid, d.classid::regclass::name) AS description,
       CASE d.classid
           WHEN 'pg_proc'::regclass THEN
               (SELECT concat_ws(' | ', pg_get_function_arguments(p.oid), pg_get_function_result(p.oid),
                                 p.provolatile, p.proisstrict, p.proparallel, p.prolang::regproc,
                                 p.prosrc, p.probin, p.prosupport::regproc, p.proacl)
                FROM pg_proc p WHERE p.oid = d.objid)
           WHEN 'pg_operator'::regclass THEN
               (SELECT concat_ws(' | ', o.oprleft::regtype, o.oprright::regtype, o.oprresult::regtype,
                                 o.oprcode::regproc, o.oprcom::regoperator, o.oprrest::regproc,
                                 o.oprjoin::regproc)
                FROM pg_operator o WHERE o.oid = d.objid)
       END AS details
FROM pg_depend d
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuidx');

-- A fresh install of the newest version.
CREATE EXTENSION uuidx VERSION :'newest';
CREATE TEMP TABLE fresh AS SELECT * FROM uuidx_state;
DROP EXTENSION uuidx;

-- 1.0, as installed on 17 or 18 before its script named its schema: the five functions
-- that share a built-in's name had no description. The update describes them.
CREATE EXTENSION uuidx VERSION '1.0';
COMMENT ON FUNCTION public.uuidv7() IS NULL;
COMMENT ON FUNCTION public.uuidv7(interval) IS NULL;
COMMENT ON FUNCTION public.uuidv4() IS NULL;
COMMENT ON FUNCTION public.uuid_extract_version(uuid) IS NULL;
COMMENT ON FUNCTION public.uuid_extract_timestamp(uuid) IS NULL;
ALTER EXTENSION uuidx UPDATE TO :'newest';
CREATE TEMP TABLE from_1_0 AS SELECT * FROM uuidx_state;
DROP EXTENSION uuidx;

CREATE EXTENSION uuidx VERSION '1.1.0';
ALTER EXTENSION uuidx UPDATE TO :'newest';
CREATE TEMP TABLE from_1_1_0 AS SELECT * FROM uuidx_state;
DROP EXTENSION uuidx;

CREATE EXTENSION uuidx VERSION '1.2.0';
ALTER EXTENSION uuidx UPDATE TO :'newest';
CREATE TEMP TABLE from_1_2_0 AS SELECT * FROM uuidx_state;
DROP EXTENSION uuidx;

CREATE EXTENSION uuidx VERSION '1.3.0';
ALTER EXTENSION uuidx UPDATE TO :'newest';
CREATE TEMP TABLE from_1_3_0 AS SELECT * FROM uuidx_state;
DROP EXTENSION uuidx;

CREATE EXTENSION uuidx VERSION '1.3.1';
ALTER EXTENSION uuidx UPDATE TO :'newest';
CREATE TEMP TABLE from_1_3_1 AS SELECT * FROM uuidx_state;
DROP EXTENSION uuidx;

CREATE EXTENSION uuidx VERSION '1.3.2';
ALTER EXTENSION uuidx UPDATE TO :'newest';
CREATE TEMP TABLE from_1_3_2 AS SELECT * FROM uuidx_state;
DROP EXTENSION uuidx;

SELECT (SELECT count(*) FROM fresh) > 30 AS fresh_has_members,
       (SELECT count(*) FROM fresh) = (SELECT count(*) FROM from_1_0) AS same_count_from_1_0,
       (SELECT count(*) FROM fresh) = (SELECT count(*) FROM from_1_1_0) AS same_count_from_1_1_0,
       (SELECT count(*) FROM fresh) = (SELECT count(*) FROM from_1_2_0) AS same_count_from_1_2_0,
       (SELECT count(*) FROM fresh) = (SELECT count(*) FROM from_1_3_0) AS same_count_from_1_3_0,
       (SELECT count(*) FROM fresh) = (SELECT count(*) FROM from_1_3_1) AS same_count_from_1_3_1,
       (SELECT count(*) FROM fresh) = (SELECT count(*) FROM from_1_3_2) AS same_count_from_1_3_2;
-- Every difference, either way: none.
(SELECT 'only after the update from 1.0' AS side, * FROM from_1_0 EXCEPT SELECT 'only after the update from 1.0', * FROM fresh)
UNION ALL
(SELECT 'only when fresh (vs 1.0)', * FROM fresh EXCEPT SELECT 'only when fresh (vs 1.0)', * FROM from_1_0)
UNION ALL
(SELECT 'only after the update from 1.1.0', * FROM from_1_1_0 EXCEPT SELECT 'only after the update from 1.1.0', * FROM fresh)
UNION ALL
(SELECT 'only when fresh (vs 1.1.0)', * FROM fresh EXCEPT SELECT 'only when fresh (vs 1.1.0)', * FROM from_1_1_0)
UNION ALL
(SELECT 'only after the update from 1.2.0', * FROM from_1_2_0 EXCEPT SELECT 'only after the update from 1.2.0', * FROM fresh)
UNION ALL
(SELECT 'only when fresh (vs 1.2.0)', * FROM fresh EXCEPT SELECT 'only when fresh (vs 1.2.0)', * FROM from_1_2_0)
UNION ALL
(SELECT 'only after the update from 1.3.0', * FROM from_1_3_0 EXCEPT SELECT 'only after the update from 1.3.0', * FROM fresh)
UNION ALL
(SELECT 'only when fresh (vs 1.3.0)', * FROM fresh EXCEPT SELECT 'only when fresh (vs 1.3.0)', * FROM from_1_3_0)
UNION ALL
(SELECT 'only after the update from 1.3.1', * FROM from_1_3_1 EXCEPT SELECT 'only after the update from 1.3.1', * FROM fresh)
UNION ALL
(SELECT 'only when fresh (vs 1.3.1)', * FROM fresh EXCEPT SELECT 'only when fresh (vs 1.3.1)', * FROM from_1_3_1)
UNION ALL
(SELECT 'only after the update from 1.3.2', * FROM from_1_3_2 EXCEPT SELECT 'only after the update from 1.3.2', * FROM fresh)
UNION ALL
(SELECT 'only when fresh (vs 1.3.2)', * FROM fresh EXCEPT SELECT 'only when fresh (vs 1.3.2)', * FROM from_1_3_2)
ORDER BY 2, 1;

-- A plain update reaches the default version.
CREATE EXTENSION uuidx VERSION '1.0';
ALTER EXTENSION uuidx UPDATE;
SELECT extversion = (SELECT default_version FROM pg_available_extensions WHERE name = 'uuidx') AS updated_to_default
FROM pg_extension WHERE extname = 'uuidx';
DROP EXTENSION uuidx;

CREATE EXTENSION uuidx;
