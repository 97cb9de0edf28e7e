-- The v7 keys of the time questions (test/bench/time_setup.sql and on_off_setup.sql, which
-- set the variables): :keys_table (id uuid PRIMARY KEY, n int, and the CHECK that every key
-- is a v7, under which the hook also serves uuid_extract_timestamp) filled with :key_count
-- keys spread evenly over the :span that ends now, in time order, each made by
-- uuid_generate_v7(ts) for its time (so the key holds the time to the microsecond); and
-- :span_table, one row: the last key's time (this statement's), the step from one key to
-- the next and the number of keys.
CREATE TABLE :span_table AS
SELECT now() AS last_key, :'span'::interval / :key_count AS step, :key_count::bigint AS keys;
CREATE TABLE :keys_table (
    id uuid PRIMARY KEY,
    n int NOT NULL,
    CHECK (public.uuid_extract_version(id) = 7));
INSERT INTO :keys_table
SELECT public.uuid_generate_v7(s.last_key - (s.keys - g) * s.step), g
FROM :span_table s CROSS JOIN LATERAL generate_series(1, s.keys) g;
