-- uuidv7(shift) with an infinite interval: PostgreSQL 17 and later have them, and the
-- result would be an infinite time, which no UUID holds (uuidv7_infinity.out). Older
-- servers reject the literal itself (uuidv7_infinity_1.out).
SELECT public.uuidv7('infinity'::interval);
\echo :LAST_ERROR_SQLSTATE
SELECT public.uuidv7('-infinity'::interval);
\echo :LAST_ERROR_SQLSTATE
