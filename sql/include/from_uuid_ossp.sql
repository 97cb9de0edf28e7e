-- Every column whose default is uuid-ossp's uuid_generate_v4() gets uuidx's
-- uuid_generate_v7() instead: new rows get time-ordered keys, existing keys stay as they
-- are (v4 and v7 keys live in one uuid column; the v4 -> v7 guide rewrites them if you
-- want). Other uses of uuid-ossp are listed, not changed.
DO $ossp$
DECLARE
    ossp_v4 oid := (SELECT d.objid FROM pg_catalog.pg_depend d
                    JOIN pg_catalog.pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid-ossp'
                    JOIN pg_catalog.pg_proc p ON p.oid = d.objid AND p.proname = 'uuid_generate_v4'
                    WHERE d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND d.deptype = 'e');
    uuidx_v7 oid := (SELECT d.objid FROM pg_catalog.pg_depend d
                     JOIN pg_catalog.pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuidx'
                     JOIN pg_catalog.pg_proc p ON p.oid = d.objid AND p.proname = 'uuid_generate_v7' AND p.pronargs = 0
                     WHERE d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND d.deptype = 'e');
    col record;
BEGIN
    IF uuidx_v7 IS NULL THEN RAISE EXCEPTION 'uuidx is not installed: CREATE EXTENSION uuidx first'; END IF;
    FOR col IN
        SELECT ad.adrelid::pg_catalog.regclass AS tbl, a.attname,
               pg_catalog.pg_get_expr(ad.adbin, ad.adrelid) AS expr,
               pg_catalog.pg_get_expr(ad.adbin, ad.adrelid) = pg_catalog.format('%s()', ossp_v4::pg_catalog.regproc) AS plain_call
        FROM pg_catalog.pg_attrdef ad
        JOIN pg_catalog.pg_attribute a ON a.attrelid = ad.adrelid AND a.attnum = ad.adnum
        JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_attrdef'::pg_catalog.regclass AND d.objid = ad.oid
        WHERE d.refclassid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND d.refobjid = ossp_v4
        ORDER BY 1, 2
    LOOP
        IF col.plain_call THEN
            EXECUTE pg_catalog.format('ALTER TABLE ONLY %s ALTER COLUMN %I SET DEFAULT %s()',
                                      col.tbl, col.attname, uuidx_v7::pg_catalog.regproc);
            RAISE NOTICE '%.%: DEFAULT %() (was %)', col.tbl, col.attname, uuidx_v7::pg_catalog.regproc, col.expr;
        ELSE
            RAISE NOTICE '%.%: DEFAULT % left as it is (more than a call of uuid_generate_v4())', col.tbl, col.attname, col.expr;
        END IF;
    END LOOP;
END
$ossp$;
