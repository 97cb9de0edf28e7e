-- Every function of uuidx: volatility, strictness and parallel labels tell the truth,
-- and every one carries a comment (\df+ and \dx+ explain it). Signatures are spelled
-- without a schema: regprocedure would add one on 17 and 18, where pg_catalog's namesakes
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
