-- uuidx and the contrib extension uuid-ossp share no function name, so a schema that
-- already has uuid-ossp accepts uuidx, in either order. This file creates and drops both
-- extensions itself, starting by dropping the uuidx pg_regress made, and leaves uuidx
-- installed at its end, as it found it.
SET client_min_messages = warning;
DROP EXTENSION uuidx;

CREATE EXTENSION "uuid-ossp";
CREATE EXTENSION uuidx;
SELECT public.uuid_extract_version(uuid_generate_v4()) AS ossp_v4,
       public.uuid_extract_version(uuid_generate_v7()) AS uuidx_v7;

DROP EXTENSION uuidx;
DROP EXTENSION "uuid-ossp";

CREATE EXTENSION uuidx;
CREATE EXTENSION "uuid-ossp";
SELECT public.uuid_extract_version(uuid_generate_v1()) AS ossp_v1,
       public.uuid_extract_version(public.uuidv7()) AS uuidx_v7;

-- Both live in public and no name is shared.
SELECT e.extname, n.nspname AS schema
FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
WHERE e.extname IN ('uuidx', 'uuid-ossp') ORDER BY 1;

WITH members AS (
    SELECT e.extname, p.proname
    FROM pg_depend d
    JOIN pg_extension e ON e.oid = d.refobjid AND d.refclassid = 'pg_extension'::regclass
    JOIN pg_proc p ON p.oid = d.objid AND d.classid = 'pg_proc'::regclass
    WHERE d.deptype = 'e')
SELECT proname AS shared_name FROM members WHERE extname = 'uuidx'
INTERSECT
SELECT proname FROM members WHERE extname = 'uuid-ossp';

DROP EXTENSION "uuid-ossp";
