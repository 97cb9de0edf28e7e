-- Every function of uuidx: volatility, strictness and parallel labels tell the truth,
-- and every one carries a comment (\df+ and \dx+ explain it).
SELECT p.oid::regprocedure AS function,
       CASE p.provolatile WHEN 'i' THEN 'immutable' WHEN 's' THEN 'stable' ELSE 'volatile' END AS volatility,
       p.proisstrict AS strict,
       CASE p.proparallel WHEN 's' THEN 'safe' WHEN 'r' THEN 'restricted' ELSE 'unsafe' END AS parallel,
       obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_depend d
JOIN pg_proc p ON p.oid = d.objid AND d.classid = 'pg_proc'::regclass
WHERE d.refclassid = 'pg_extension'::regclass
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuidx')
  AND d.deptype = 'e'
ORDER BY p.oid::regprocedure::text;
