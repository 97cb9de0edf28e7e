-- Switch a database to uuidx from pg_uuidv7, or from your own v7 functions, in one
-- transaction. Every default, view and SQL-standard function body that calls the old
-- functions calls uuidx's afterwards; the old ones are dropped; uuidx takes their schema.
-- What it cannot carry over (a CHECK constraint, a trigger, a policy, a materialized view,
-- a function whose old-style body has a default calling them...) makes it stop with a list
-- and change nothing. Running it again changes nothing.
--   pg_uuidv7:      run it as it is.
--   own functions:  first  SET uuidx_switch.replace = 'public.uuid_generate_v7()';
--                   (';' between several), each replaced by uuidx's function of that name.
-- Run it as a superuser, or as the owner of the database and of every dependent object.
DO $switch$
DECLARE
    staging   CONSTANT name := 'uuidx_switch';
    own_list  text := pg_catalog.current_setting('uuidx_switch.replace', true);
    old_ext   oid;
    old_funcs oid[];
    home      oid;
    item      record;
    old_func  record;
    statement text;
    blockers  text;
    moved     int := 0;
BEGIN
    -- Every name that pg_get_*def() prints below is schema-qualified.
    PERFORM pg_catalog.set_config('search_path', '', true);

    -- 1. The functions to replace, and the schema they live in.
    IF coalesce(own_list, '') = '' THEN
        SELECT e.oid, e.extnamespace INTO old_ext, home FROM pg_catalog.pg_extension e WHERE e.extname = 'pg_uuidv7';
        old_funcs := ARRAY(SELECT d.objid FROM pg_catalog.pg_depend d
                           WHERE d.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass AND d.refobjid = old_ext
                             AND d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND d.deptype = 'e');
    ELSE
        -- (uuidx's own functions, after a switch, are not replaced again)
        old_funcs := ARRAY(SELECT p.oid FROM pg_catalog.unnest(pg_catalog.string_to_array(own_list, ';')) f
                           JOIN pg_catalog.pg_proc p ON p.oid = pg_catalog.to_regprocedure(pg_catalog.btrim(f))
                           WHERE NOT EXISTS (SELECT FROM pg_catalog.pg_depend x JOIN pg_catalog.pg_extension e
                                             ON e.oid = x.refobjid AND e.extname = 'uuidx'
                                             WHERE x.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass
                                               AND x.objid = p.oid AND x.deptype = 'e'));
        SELECT p.pronamespace INTO home FROM pg_catalog.pg_proc p WHERE p.oid = ANY (old_funcs) LIMIT 1;
    END IF;
    IF pg_catalog.cardinality(old_funcs) = 0 OR home IS NULL THEN
        RAISE NOTICE 'nothing to switch: %', coalesce(
            (SELECT pg_catalog.format('uuidx %s is installed in schema %s', e.extversion, e.extnamespace::pg_catalog.regnamespace)
             FROM pg_catalog.pg_extension e WHERE e.extname = 'uuidx'),
            CASE WHEN coalesce(own_list, '') = '' THEN 'pg_uuidv7 is not installed'
                 ELSE 'none of ' || own_list || ' exists' END);
        RETURN;
    END IF;

    -- 2. Refuse, changing nothing, what this switch cannot do.
    SELECT pg_catalog.string_agg(problem, E'\n' ORDER BY problem) INTO blockers FROM (
        SELECT 'uuidx is already installed, in schema ' || e.extnamespace::pg_catalog.regnamespace::pg_catalog.text AS problem
        FROM pg_catalog.pg_extension e WHERE e.extname = 'uuidx'
        UNION ALL
        SELECT 'schema ' || staging || ' exists' FROM pg_catalog.pg_namespace WHERE nspname = staging
        UNION ALL
        SELECT 'several schemas: ' || p.oid::pg_catalog.regprocedure::pg_catalog.text
        FROM pg_catalog.pg_proc p WHERE p.oid = ANY (old_funcs) AND p.pronamespace <> home
        UNION ALL
        SELECT pg_catalog.pg_describe_object(d.classid, d.objid, d.objsubid) || ' calls '
               || d.refobjid::pg_catalog.regprocedure::pg_catalog.text
        FROM pg_catalog.pg_depend d
        WHERE d.refclassid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND d.refobjid = ANY (old_funcs)
          AND d.deptype = 'n'
          AND NOT (d.classid = 'pg_catalog.pg_attrdef'::pg_catalog.regclass
                   AND EXISTS (SELECT FROM pg_catalog.pg_attrdef ad JOIN pg_catalog.pg_attribute a
                               ON a.attrelid = ad.adrelid AND a.attnum = ad.adnum
                               WHERE ad.oid = d.objid AND a.attgenerated = ''))
          AND NOT (d.classid = 'pg_catalog.pg_rewrite'::pg_catalog.regclass
                   AND EXISTS (SELECT FROM pg_catalog.pg_rewrite r JOIN pg_catalog.pg_class c ON c.oid = r.ev_class
                               WHERE r.oid = d.objid AND r.rulename = '_RETURN' AND c.relkind = 'v'))
          AND NOT (d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass
                   AND EXISTS (SELECT FROM pg_catalog.pg_proc f WHERE f.oid = d.objid AND f.prosqlbody IS NOT NULL))
    ) problems;
    IF blockers IS NOT NULL THEN
        RAISE EXCEPTION 'cannot switch to uuidx: nothing was changed'
            USING DETAIL = blockers,
                  HINT = 'Drop what is listed (or move it away), run the switch, then create it again.';
    END IF;

    -- 3. uuidx beside the old functions, in a schema of its own (the names are the same),
    --    with a function of the same name and arguments for each old one.
    EXECUTE pg_catalog.format('CREATE SCHEMA %I', staging);
    EXECUTE pg_catalog.format('CREATE EXTENSION uuidx SCHEMA %I', staging);
    SELECT pg_catalog.string_agg('uuidx has no ' || p.oid::pg_catalog.regprocedure::pg_catalog.text, E'\n')
    INTO blockers
    FROM pg_catalog.pg_proc p
    WHERE p.oid = ANY (old_funcs)
      AND NOT EXISTS (SELECT FROM pg_catalog.pg_proc u
                      WHERE u.pronamespace = pg_catalog.to_regnamespace(staging) AND u.proname = p.proname
                        AND u.proargtypes = p.proargtypes AND u.prorettype = p.prorettype);
    IF blockers IS NOT NULL THEN
        RAISE EXCEPTION 'cannot switch to uuidx: nothing was changed'
            USING DETAIL = blockers, HINT = 'Replace only functions that uuidx has, with the same arguments and result.';
    END IF;

    -- 4. Each dependent object, redefined to call uuidx's functions: its definition, with
    --    every call of an old function renamed to the uuidx function of that name.
    FOR item IN
        SELECT DISTINCT d.classid, d.objid FROM pg_catalog.pg_depend d
        WHERE d.refclassid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND d.refobjid = ANY (old_funcs) AND d.deptype = 'n'
    LOOP
        IF item.classid = 'pg_catalog.pg_attrdef'::pg_catalog.regclass THEN
            SELECT pg_catalog.format('ALTER TABLE ONLY %s ALTER COLUMN %I SET DEFAULT %s', ad.adrelid::pg_catalog.regclass,
                                     a.attname, pg_catalog.pg_get_expr(ad.adbin, ad.adrelid))
            INTO statement
            FROM pg_catalog.pg_attrdef ad JOIN pg_catalog.pg_attribute a ON a.attrelid = ad.adrelid AND a.attnum = ad.adnum
            WHERE ad.oid = item.objid;
        ELSIF item.classid = 'pg_catalog.pg_rewrite'::pg_catalog.regclass THEN
            SELECT pg_catalog.format('CREATE OR REPLACE VIEW %s (%s) %s AS %s', c.oid::pg_catalog.regclass,
                       (SELECT pg_catalog.string_agg(pg_catalog.quote_ident(a.attname), ', ' ORDER BY a.attnum)
                        FROM pg_catalog.pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped),
                       CASE WHEN c.reloptions IS NOT NULL
                            THEN 'WITH (' || pg_catalog.array_to_string(c.reloptions, ', ') || ')' ELSE '' END,
                       pg_catalog.rtrim(pg_catalog.pg_get_viewdef(c.oid), ';'))
            INTO statement
            FROM pg_catalog.pg_rewrite r JOIN pg_catalog.pg_class c ON c.oid = r.ev_class WHERE r.oid = item.objid;
        ELSE
            statement := pg_catalog.pg_get_functiondef(item.objid);
        END IF;
        FOR old_func IN SELECT DISTINCT p.proname FROM pg_catalog.pg_proc p WHERE p.oid = ANY (old_funcs) LOOP
            statement := pg_catalog.replace(statement,
                pg_catalog.format('%s.%I(', home::pg_catalog.regnamespace, old_func.proname),
                pg_catalog.format('%I.%I(', staging, old_func.proname));
        END LOOP;
        EXECUTE statement;
        moved := moved + 1;
    END LOOP;

    -- 5. Nothing calls the old functions any more: drop them (RESTRICT: anything missed
    --    above stops the switch here), and give uuidx their schema.
    IF old_ext IS NOT NULL THEN
        DROP EXTENSION pg_uuidv7;
    ELSE
        FOR old_func IN SELECT p.oid::pg_catalog.regprocedure AS signature FROM pg_catalog.pg_proc p
                        WHERE p.oid = ANY (old_funcs) LOOP
            EXECUTE pg_catalog.format('DROP FUNCTION %s', old_func.signature);
        END LOOP;
    END IF;
    EXECUTE pg_catalog.format('ALTER EXTENSION uuidx SET SCHEMA %s', home::pg_catalog.regnamespace);
    EXECUTE pg_catalog.format('DROP SCHEMA %I', staging);
    RAISE NOTICE 'switched to uuidx in schema %: % objects call its functions now; old functions dropped: %',
        home::pg_catalog.regnamespace, moved, pg_catalog.cardinality(old_funcs);
END
$switch$;
