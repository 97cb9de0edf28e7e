-- uuidv7(shift interval): the embedded time moved by a calendar interval.
SET timezone = 'UTC';

SELECT abs(extract(epoch FROM public.uuid_extract_timestamp(public.uuidv7(s)) - (clock_timestamp() + s))) < 1 AS near_now_plus_shift,
       public.uuid_extract_version(public.uuidv7(s)) AS version
FROM unnest(ARRAY['0'::interval, '1 day', '-1 day', '3 months', '-30 years', '1 hour 2 minutes 3.456 seconds']) AS s;

-- A zero shift keeps the session's order with unshifted calls.
SELECT bool_and(uuid_generate_v7() < public.uuidv7('0')) AS zero_shift_in_order FROM generate_series(1, 1000);

-- Shifted to the very start of 1970: allowed.
SELECT public.uuid_extract_timestamp(public.uuidv7('1970-01-01 00:00:00+00'::timestamptz - date_trunc('second', now()))) >= '1970-01-01'
       AS start_of_1970_allowed;

-- Before 1970 or beyond the 48-bit millisecond range (year 10889): an error, never a wrapped value.
SELECT public.uuidv7('-60 years');
\echo :LAST_ERROR_SQLSTATE
SELECT public.uuidv7('9000 years');
\echo :LAST_ERROR_SQLSTATE
-- Beyond PostgreSQL's own timestamp range: PostgreSQL's error, same SQLSTATE.
SELECT public.uuidv7('300000 years');
\echo :LAST_ERROR_SQLSTATE
-- Inside PostgreSQL's range but so late that moving the epoch to 1970 would overflow int64.
SELECT public.uuidv7('292240 years');
\echo :LAST_ERROR_SQLSTATE

-- STRICT: a NULL shift gives NULL.
SELECT public.uuidv7(NULL::interval) IS NULL AS null_shift;

-- The session lives on after those errors.
SELECT public.uuid_extract_version(public.uuidv7('1 second')) AS still_working;
