-- Time predicates answered by the key's index (issue 17): the operator uuid <@ tstzrange and
-- its commutator, and the natural predicates on uuid_v7_to_timestamptz(id) and friends that
-- the planner hook (uuidx.time_predicates) gives index conditions. Every form returns exactly
-- the rows it returns without index conditions; only booleans and counts are printed.
--
-- Without preloading, the library (and with it the planner hook) is loaded by the first call
-- of a uuidx function in the session: call one before planning anything.
SELECT uuid_max() IS NOT NULL AS library_loaded;
SET timezone = 'UTC';
SHOW uuidx.time_predicates;

------------------------------------------------------------------------------------------
-- The key bounds of a time (first 48 bits as Unix milliseconds, other bits 0 or 1)
------------------------------------------------------------------------------------------

-- On a millisecond edge and 1 us around it, inclusive and not.
SELECT t, uuid_time_min_key(t, true) AS min_incl, uuid_time_min_key(t, false) AS min_excl,
       uuid_time_max_key(t, true) AS max_incl, uuid_time_max_key(t, false) AS max_excl
FROM (VALUES ('2022-02-22 19:22:21.999999+00'::timestamptz), ('2022-02-22 19:22:22+00'),
             ('2022-02-22 19:22:22.000001+00')) v(t);
-- 1970, before it, the last millisecond of 10889, after it, the infinities: saturated to the
-- key that leaves the fewest keys (max as a minimum, nil as a maximum) where no key can do.
SELECT t, uuid_time_min_key(t, true) AS min_incl, uuid_time_min_key(t, false) AS min_excl,
       uuid_time_max_key(t, true) AS max_incl, uuid_time_max_key(t, false) AS max_excl
FROM (VALUES ('-infinity'::timestamptz), ('1969-12-31 23:59:59.999999+00'), ('1970-01-01 00:00:00+00'),
             ('1970-01-01 00:00:00.000001+00'), ('10889-08-02 05:31:50.655+00'),
             ('10889-08-02 05:31:50.655001+00'), ('294270-01-01 00:00:00+00'), ('infinity')) v(t);
-- timestamp overloads read the timestamp as UTC.
SELECT uuid_time_min_key('2022-02-22 19:22:22'::timestamp, true) = uuid_time_min_key('2022-02-22 19:22:22+00'::timestamptz, true) AS min_utc,
       uuid_time_max_key('2022-02-22 19:22:22'::timestamp, false) = uuid_time_max_key('2022-02-22 19:22:22+00'::timestamptz, false) AS max_utc;
-- Ranges: bounds, unbounded sides, the infinities as values, empty.
SELECT r, uuid_range_min_key(r) AS min_key, uuid_range_max_key(r) AS max_key
FROM (VALUES (tstzrange('2022-02-22 19:22:22+00', '2022-02-22 19:22:23+00')),
             (tstzrange('2022-02-22 19:22:22+00', '2022-02-22 19:22:23+00', '(]')),
             (tstzrange(NULL, '2022-02-22 19:22:23+00')), (tstzrange('2022-02-22 19:22:22+00', NULL)),
             (tstzrange('-infinity', 'infinity', '[]')), (tstzrange('infinity', 'infinity', '[]')),
             ('empty'::tstzrange)) v(r);
SELECT uuid_time_min_key(NULL::timestamptz, true) IS NULL AND uuid_time_max_key(now(), NULL) IS NULL
       AND uuid_range_min_key(NULL) IS NULL AS strict;
-- uuid_time_window(): tstzrange() where it is a window, NULL where comparisons with its
-- bounds are NULL or false on every row (a NULL bound, an inverted window), where
-- tstzrange() would be unbounded or an error.
SELECT uuid_time_window('2025-01-01+00', '2025-01-02+00') = tstzrange('2025-01-01+00', '2025-01-02+00') AS default_bounds,
       uuid_time_window('2025-01-01+00', '2025-01-02+00', '(]') = tstzrange('2025-01-01+00', '2025-01-02+00', '(]') AS given_bounds,
       uuid_time_window('-infinity', 'infinity', '[]') = tstzrange('-infinity', 'infinity', '[]') AS infinities,
       isempty(uuid_time_window('2025-01-01+00', '2025-01-01+00')) AS same_bound_empty,
       uuid_time_window('2025-01-02+00', '2025-01-01+00') IS NULL AS inverted_null,
       uuid_time_window(NULL, '2025-01-01+00') IS NULL AND uuid_time_window('2025-01-01+00', NULL) IS NULL AS null_bound_null;

------------------------------------------------------------------------------------------
-- (a) Keys of every kind
------------------------------------------------------------------------------------------

-- 10,512 v7 keys, one every 50 minutes of 2025 (uuid_generate_v7(ts) carries ts; its random
-- bits are never printed), a btree primary key.
CREATE TABLE tp_keys (id uuid PRIMARY KEY, kind text NOT NULL);
INSERT INTO tp_keys
SELECT uuid_generate_v7(t), 'v7'
FROM generate_series(timestamptz '2025-01-01 00:00:00.123456+00', '2025-12-31 23:59:59+00', interval '50 minutes') t;
-- The first and last keys of the edge milliseconds: v7's own (uuid_v7_min/max) and the
-- prefix keys (every other bit 0 or 1, which includes nil and max).
CREATE TEMP TABLE tp_edges (t timestamptz);
INSERT INTO tp_edges VALUES ('1970-01-01 00:00:00+00'), ('1970-01-01 00:00:00.001+00'),
    ('2025-06-15 11:59:59.999+00'), ('2025-06-15 12:00:00+00'), ('2025-06-15 12:00:00.001+00'),
    ('10889-08-02 05:31:50.654+00'), ('10889-08-02 05:31:50.655+00');
INSERT INTO tp_keys
SELECT DISTINCT k, 'edge'
FROM tp_edges, LATERAL (VALUES (uuid_v7_min(t)), (uuid_v7_max(t)), (uuid_time_min_key(t, true)),
                               (uuid_time_max_key(t, true))) v(k)
ON CONFLICT DO NOTHING;
-- Every version nibble (v1, v4, v6, v8 ... and nibbles no RFC defines) over 2025 times:
-- the operator reads the first 48 bits whatever the version.
INSERT INTO tp_keys
SELECT overlay(uuid_v7_min(t)::text PLACING to_hex(n) FROM 15 FOR 1)::uuid, 'version ' || n
FROM generate_series(0, 15) n, generate_series(timestamptz '2025-06-15 11:00+00', '2025-06-15 13:00+00', interval '7 minutes') t
WHERE n <> 7;
-- RFC 9562's v1, v3, v4, v5, v6 and v8 vectors, and 300 pseudo-random keys of all versions
-- spread over the whole 48-bit range (md5 of a counter: the same on every run).
INSERT INTO tp_keys VALUES
    ('c232ab00-9414-11ec-b3c8-9f6bdeced846', 'rfc v1'), ('5df41881-3aed-3515-88a7-2f4a814cf09e', 'rfc v3'),
    ('919108f7-52d1-4320-9bac-f847db4148a8', 'rfc v4'), ('2ed6657d-e927-568b-95e1-2665a8aea6a2', 'rfc v5'),
    ('1ec9414c-232a-6b00-b3c8-9f6bdeced846', 'rfc v6'), ('2489e9ad-2ee2-8e00-8ec9-32d5f69181c0', 'rfc v8');
INSERT INTO tp_keys SELECT md5('uuidx ' || i)::uuid, 'md5' FROM generate_series(1, 300) i;
ANALYZE tp_keys;
SELECT count(*) AS keys, count(*) FILTER (WHERE kind = 'v7') AS v7_keys,
       count(DISTINCT public.uuid_extract_version(id)) AS versions,
       bool_or(id = '00000000-0000-0000-0000-000000000000') AS has_nil, bool_or(id = uuid_max()) AS has_max
FROM tp_keys;

-- The same keys (a tenth of the 2025 ones) and NULLs, with a BRIN index (uuid_minmax_ops)
-- and no btree.
CREATE TABLE tp_brin (id uuid, kind text) WITH (fillfactor = 100);
INSERT INTO tp_brin SELECT id, kind FROM tp_keys WHERE kind <> 'v7' OR uuid_v7_to_timestamp(id) < '2025-02-07' ORDER BY id;
INSERT INTO tp_brin SELECT NULL, 'null' FROM generate_series(1, 20);
CREATE INDEX tp_brin_id ON tp_brin USING brin (id uuid_minmax_ops) WITH (pages_per_range = 2);
ANALYZE tp_brin;

-- Only v7 keys (and keys of no version: nil, max), promised by a validated CHECK: there
-- uuid_extract_timestamp(), which also reads v1 and v6 times, is a v7 time function.
CREATE TABLE tp_v7 (id uuid PRIMARY KEY CHECK (public.uuid_extract_version(id) = 7));
INSERT INTO tp_v7 SELECT id FROM tp_keys
WHERE coalesce(public.uuid_extract_version(id), 7) = 7 AND (kind <> 'v7' OR uuid_v7_to_timestamp(id) BETWEEN '2025-02-25' AND '2025-04-01');
ANALYZE tp_v7;

-- The time as a column, as users expose it to drop a created_at column: views (plain,
-- security_barrier, and ones PostgreSQL cannot flatten: DISTINCT, LIMIT), and on 18 and
-- later a VIRTUAL generated column (18 admits only built-in functions there). Before 18 a
-- view of the same name and columns stands in for the virtual column, so that one expected
-- output serves every major. Subqueries and CTEs are written in the queries (tp_query).
CREATE VIEW tp_keys_view AS
    SELECT id, kind, uuid_v7_to_timestamptz(id) AS created_at, uuid_v7_to_timestamp(id) AS created_at_utc FROM tp_keys;
CREATE VIEW tp_brin_view WITH (security_barrier) AS SELECT id, uuid_v7_to_timestamptz(id) AS created_at FROM tp_brin;
CREATE VIEW tp_keys_distinct AS SELECT DISTINCT id, uuid_v7_to_timestamptz(id) AS created_at FROM tp_keys;
CREATE VIEW tp_keys_limited AS SELECT id, uuid_v7_to_timestamptz(id) AS created_at FROM tp_keys ORDER BY id LIMIT 1000000;
DO $$
BEGIN
    IF current_setting('server_version_num')::int >= 180000 THEN
        EXECUTE 'CREATE TABLE tp_v7_virtual (id uuid PRIMARY KEY CHECK (public.uuid_extract_version(id) = 7),
                     created_at timestamptz GENERATED ALWAYS AS (pg_catalog.uuid_extract_timestamp(id)) VIRTUAL)';
        INSERT INTO tp_v7_virtual (id) SELECT id FROM tp_v7;
        ANALYZE tp_v7_virtual;
    ELSE
        CREATE VIEW tp_v7_virtual AS SELECT id, public.uuid_extract_timestamp(id) AS created_at FROM tp_v7;
    END IF;
END $$;
SELECT count(*) AS virtual_rows, count(*) = (SELECT count(*) FROM tp_v7) AS all_of_tp_v7 FROM tp_v7_virtual;

------------------------------------------------------------------------------------------
-- (b) Every form returns the rows it returns without index conditions
------------------------------------------------------------------------------------------

-- The windows: edges and 1 us around them, widths 0, 1 us and 1 ms, every bound type;
-- then longer and odd ones: 1970, 10889, infinities, NULL (unbounded) sides, empty, inverted.
CREATE TEMP TABLE tp_windows (w serial, lo timestamptz, hi timestamptz, bounds text);
INSERT INTO tp_windows (lo, hi, bounds)
SELECT e.t + d.lo_shift, e.t + d.lo_shift + d.width, b.bounds
FROM (VALUES ('1970-01-01 00:00:00+00'::timestamptz), ('2025-06-15 12:00:00+00'),
             ('2025-03-01 00:00:00.123456+00'), ('10889-08-02 05:31:50.655+00')) e(t),
     (VALUES (interval '-1 microsecond', interval '0'), (interval '-1 microsecond', interval '1 microsecond'),
             (interval '0', interval '1 millisecond'), (interval '1 microsecond', interval '1 millisecond')) d(lo_shift, width),
     (VALUES ('[]'), ('[)'), ('(]'), ('()')) b(bounds);
INSERT INTO tp_windows (lo, hi, bounds) VALUES
    ('2025-03-01+00', '2025-03-02+00', '[)'), ('2025-01-01+00', '2026-01-01+00', '[)'),
    ('2025-06-15 11:59:59.999+00', '2025-06-15 12:00:00.001+00', '()'),
    ('1969-12-31+00', '1970-01-01 00:00:00.0005+00', '[)'), ('-infinity', '1970-01-01+00', '[]'),
    ('10889-08-02 05:31:50.655+00', 'infinity', '[]'), ('10889-08-02 05:31:50.655+00', 'infinity', '()'),
    ('-infinity', 'infinity', '()'), ('-infinity', '2025-06-15 12:00+00', '[)'), ('2025-06-15 12:00+00', 'infinity', '[]'),
    ('infinity', 'infinity', '[]'), ('-infinity', '-infinity', '[]'), ('294270-01-01+00', 'infinity', '[]'),
    (NULL, '2025-06-15 12:00+00', '[)'), ('2025-06-15 12:00+00', NULL, '(]'), (NULL, NULL, '()'),
    ('2025-06-16+00', '2025-06-15+00', '[]'), ('2025-06-15 12:00:00.0005+00', '2025-06-15 12:00:00.0006+00', '[]');
SELECT count(*) AS windows FROM tp_windows;

-- The forms. {lo} and {hi} are the window's bounds as a constant, a parameter or a stable
-- expression; {lop}/{uop} the comparison for the window's bound types, {lopc}/{uopc} the same
-- with the time on the right.
CREATE TEMP TABLE tp_forms (form text, tables text[], condition text);
INSERT INTO tp_forms VALUES
    ('operator <@', '{tp_keys,tp_brin}', 'id <@ tstzrange({lo}, {hi}, {b})'),
    ('operator @>', '{tp_keys,tp_brin}', 'tstzrange({lo}, {hi}, {b}) @> id'),
    ('natural', '{tp_keys,tp_brin,tp_v7}', 'uuid_v7_to_timestamptz(id) {lop} {lo} AND uuid_v7_to_timestamptz(id) {uop} {hi}'),
    ('natural, time on the right', '{tp_keys,tp_brin}', '{lo} {lopc} uuid_v7_to_timestamptz(id) AND {hi} {uopc} uuid_v7_to_timestamptz(id)'),
    ('BETWEEN', '{tp_keys,tp_brin}', 'uuid_v7_to_timestamptz(id) BETWEEN {lo} AND {hi}'),
    ('equality', '{tp_keys,tp_brin}', 'uuid_v7_to_timestamptz(id) = {lo}'),
    ('lower bound only', '{tp_keys,tp_brin}', 'uuid_v7_to_timestamptz(id) {lop} {lo}'),
    ('upper bound only', '{tp_keys,tp_brin}', '{hi} {uopc} uuid_v7_to_timestamptz(id)'),
    ('timestamp (UTC)', '{tp_keys,tp_brin}', 'uuid_v7_to_timestamp(id) {lop} {lots} AND uuid_v7_to_timestamp(id) {uop} {hits}'),
    ('uuid_extract_timestamp, v7 CHECK', '{tp_v7}', 'public.uuid_extract_timestamp(id) {lop} {lo} AND public.uuid_extract_timestamp(id) {uop} {hi}'),
    ('column of a view', '{tp_keys_view,tp_brin_view,tp_keys_distinct,tp_keys_limited}', 'created_at {lop} {lo} AND created_at {uop} {hi}'),
    ('column of a view, timestamp (UTC)', '{tp_keys_view}', 'created_at_utc {lop} {lots} AND created_at_utc {uop} {hits}'),
    ('column of a subquery or CTE', '{subquery,cte}', '{lo} {lopc} created_at AND created_at BETWEEN {lo} AND {hi} AND created_at {uop} {hi}'),
    ('virtual column, v7 CHECK', '{tp_v7_virtual}', 'created_at {lop} {lo} AND created_at {uop} {hi}');

-- The query of a form, window, table and kind of bound. The "tables" subquery and cte are
-- the time as a column of a subquery in FROM and of a CTE, both of which PostgreSQL inlines.
CREATE FUNCTION pg_temp.tp_query(condition text, tbl text, kind text, lo timestamptz, hi timestamptz, bounds text)
RETURNS text LANGUAGE sql AS $$
    SELECT CASE tbl
        WHEN 'subquery' THEN 'SELECT id FROM (SELECT id, uuid_v7_to_timestamptz(id) AS created_at FROM tp_keys) s WHERE '
        WHEN 'cte' THEN 'WITH c AS (SELECT id, uuid_v7_to_timestamptz(id) AS created_at FROM tp_brin) SELECT id FROM c WHERE '
        ELSE format('SELECT id FROM %I WHERE ', tbl) END || replace(replace(replace(replace(replace(replace(replace(replace(replace(
        condition,
        '{lots}', CASE kind WHEN 'constant' THEN format('%L::timestamp', lo AT TIME ZONE 'UTC')
                            WHEN 'parameter' THEN '$3'
                            ELSE format('(%L::timestamp + interval ''0'')', lo AT TIME ZONE 'UTC') END),
        '{hits}', CASE kind WHEN 'constant' THEN format('%L::timestamp', hi AT TIME ZONE 'UTC')
                            WHEN 'parameter' THEN '$4'
                            ELSE format('(%L::timestamp + interval ''0'')', hi AT TIME ZONE 'UTC') END),
        '{lo}', CASE kind WHEN 'constant' THEN format('%L::timestamptz', lo)
                          WHEN 'parameter' THEN '$1'
                          ELSE format('(%L::timestamptz + interval ''0'')', lo) END),
        '{hi}', CASE kind WHEN 'constant' THEN format('%L::timestamptz', hi)
                          WHEN 'parameter' THEN '$2'
                          ELSE format('(%L::timestamptz + interval ''0'')', hi) END),
        '{b}', quote_literal(bounds)),
        '{lopc}', CASE left(bounds, 1) WHEN '[' THEN '<=' ELSE '<' END),
        '{uopc}', CASE right(bounds, 1) WHEN ']' THEN '>=' ELSE '>' END),
        '{lop}', CASE left(bounds, 1) WHEN '[' THEN '>=' ELSE '>' END),
        '{uop}', CASE right(bounds, 1) WHEN ']' THEN '<=' ELSE '<' END)
$$;

-- The rows of a query (their number and the sum of their hashes) with the hook on or
-- off, and whether its plan has an index condition on id.
CREATE FUNCTION pg_temp.tp_rows(query text, hook boolean, lo timestamptz, hi timestamptz,
                                OUT signature text, OUT index_condition boolean)
LANGUAGE plpgsql AS $$
DECLARE
    line text;
    lo_ts timestamp := lo AT TIME ZONE 'UTC';
    hi_ts timestamp := hi AT TIME ZONE 'UTC';
BEGIN
    PERFORM set_config('uuidx.time_predicates', CASE WHEN hook THEN 'on' ELSE 'off' END, true);
    index_condition := false;
    FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query USING lo, hi, lo_ts, hi_ts LOOP
        index_condition := index_condition OR line ~ 'Index Cond: .*\mid [<>]=';
    END LOOP;
    EXECUTE 'SELECT count(*) || '':'' || coalesce(sum(uuid_hash(id)), 0) FROM (' || query || ') q'
        INTO signature USING lo, hi, lo_ts, hi_ts;
    PERFORM set_config('uuidx.time_predicates', 'on', true);
END $$;

-- An oracle for the operator that shares no code with uuidx: the time from the key's text
-- (whole days and milliseconds: an interval times 2^48 ms would go through float8).
CREATE TEMP TABLE tp_oracle AS
SELECT tbl, id, timestamptz 'epoch' + (ms / 86400000) * interval '1 day' + (ms % 86400000) * interval '1 millisecond' AS t
FROM (SELECT tbl, id, ('x' || substr(replace(id::text, '-', ''), 1, 12))::bit(48)::bigint AS ms
      FROM (SELECT 'tp_keys' AS tbl, id FROM tp_keys UNION ALL SELECT 'tp_brin', id FROM tp_brin) s) k;

SET enable_seqscan = off;
CREATE TEMP TABLE tp_checks (w int, form text, tbl text, kind text, reference text, signature text, index_condition boolean);
DO $$
DECLARE
    win record;
    f record;
    table_name text;
    kind text;
    reference text;
    result record;
BEGIN
    FOR win IN SELECT * FROM tp_windows ORDER BY w LOOP
        FOR f IN SELECT * FROM tp_forms ORDER BY form LOOP
            -- tstzrange() refuses an inverted range
            CONTINUE WHEN f.form LIKE 'operator%' AND win.lo > win.hi;
            FOREACH table_name IN ARRAY f.tables LOOP
                -- The reference: the oracle for the operator (whose index conditions come
                -- from its support function, whatever the setting), the hook off otherwise.
                IF f.form LIKE 'operator%' THEN
                    SELECT count(*) || ':' || coalesce(sum(uuid_hash(id)), 0) INTO reference
                    -- IS NOT NULL: PostgreSQL 17 plans '(,)' @> NULL as true (its range
                    -- support function turns it into no condition at all).
                    FROM tp_oracle o WHERE o.tbl = table_name AND o.t IS NOT NULL
                                           AND tstzrange(win.lo, win.hi, win.bounds) @> o.t;
                ELSE
                    reference := (pg_temp.tp_rows(pg_temp.tp_query(f.condition, table_name, 'constant', win.lo, win.hi, win.bounds),
                                                  false, win.lo, win.hi)).signature;
                END IF;
                FOREACH kind IN ARRAY ARRAY['constant', 'parameter', 'stable expression'] LOOP
                    result := pg_temp.tp_rows(pg_temp.tp_query(f.condition, table_name, kind, win.lo, win.hi, win.bounds),
                                              true, win.lo, win.hi);
                    INSERT INTO tp_checks VALUES (win.w, f.form, table_name, kind, reference, result.signature, result.index_condition);
                END LOOP;
            END LOOP;
        END LOOP;
    END LOOP;
END $$;

-- Every form, table and kind of bound: the same rows as the reference in every window; the
-- index conditions the plans had; and the rows found (so the windows are not all empty).
SELECT form, tbl, kind, count(*) AS windows, bool_and(signature = reference) AS same_rows,
       count(*) FILTER (WHERE index_condition) AS with_index_condition,
       sum(split_part(signature, ':', 1)::int) AS rows_found
FROM tp_checks GROUP BY form, tbl, kind ORDER BY form, tbl, kind;
-- Any window where a form differs (none).
SELECT w, form, tbl, kind FROM tp_checks WHERE signature <> reference ORDER BY 1, 2, 3, 4;
-- The operator against the oracle on every key and window at once, as a plain expression.
SELECT count(*) AS key_window_pairs,
       count(*) FILTER (WHERE (o.id <@ tstzrange(w.lo, w.hi, w.bounds)) IS DISTINCT FROM (tstzrange(w.lo, w.hi, w.bounds) @> o.t)) AS operator_differs,
       count(*) FILTER (WHERE (tstzrange(w.lo, w.hi, w.bounds) @> o.id) IS DISTINCT FROM (tstzrange(w.lo, w.hi, w.bounds) @> o.t)) AS commutator_differs
FROM tp_oracle o, tp_windows w WHERE o.tbl = 'tp_keys' AND NOT (w.lo > w.hi);

------------------------------------------------------------------------------------------
-- (c) The plans: index conditions on the key
------------------------------------------------------------------------------------------

-- The plan of a query, one expected output for every major (enable_seqscan is off here).
\ir sql/include/plan_lines.sql

SET enable_bitmapscan = off;
-- The operator, either way round, with a constant range: constant key bounds.
SELECT pg_temp.plan($$SELECT * FROM tp_keys WHERE id <@ tstzrange('2025-03-01+00', '2025-03-02+00')$$);
SELECT pg_temp.plan($$SELECT * FROM tp_keys WHERE tstzrange('2025-03-01+00', '2025-03-02+00', '(]') @> id$$);
-- ... with a stable range: its key bounds are computed when the scan starts.
SELECT pg_temp.plan($$SELECT * FROM tp_keys WHERE id <@ tstzrange(now() - interval '1 day', now())$$);
-- The natural forms: constant comparands give constant keys (as uuid_v7_min() would) ...
SELECT pg_temp.plan($$SELECT * FROM tp_keys WHERE uuid_v7_to_timestamptz(id) >= '2025-03-01+00' AND uuid_v7_to_timestamptz(id) < '2025-03-02+00'$$);
SELECT pg_temp.plan($$SELECT * FROM tp_keys WHERE uuid_v7_to_timestamptz(id) BETWEEN '2025-03-01+00' AND '2025-03-02+00'$$);
SELECT pg_temp.plan($$SELECT * FROM tp_keys WHERE '2025-03-01 00:00:00.0005+00' < uuid_v7_to_timestamptz(id)$$);
SELECT pg_temp.plan($$SELECT * FROM tp_keys WHERE uuid_v7_to_timestamp(id) = '2025-03-01 00:00:01'$$);
-- ... others call uuid_time_min_key() / uuid_time_max_key().
SELECT pg_temp.plan($$SELECT * FROM tp_keys WHERE uuid_v7_to_timestamptz(id) BETWEEN now() - interval '1 day' AND now()$$);
SELECT pg_temp.plan($$SELECT * FROM tp_keys WHERE uuid_v7_to_timestamp(id) > localtimestamp - interval '1 hour'$$);
-- A predicate that returns nothing keeps a key range that finds nothing.
SELECT pg_temp.plan($$SELECT * FROM tp_keys WHERE uuid_v7_to_timestamptz(id) > 'infinity'$$);

-- Prepared statements, generic plans: the parameters go into the key bounds' calls.
SET plan_cache_mode = force_generic_plan;
PREPARE tp_operator(timestamptz, timestamptz) AS SELECT count(*) FROM tp_keys WHERE id <@ tstzrange($1, $2);
PREPARE tp_natural(timestamptz, timestamptz) AS
    SELECT count(*) FROM tp_keys WHERE uuid_v7_to_timestamptz(id) >= $1 AND uuid_v7_to_timestamptz(id) < $2;
SELECT pg_temp.plan($$EXECUTE tp_operator('2025-03-01+00', '2025-03-02+00')$$);
SELECT pg_temp.plan($$EXECUTE tp_natural('2025-03-01+00', '2025-03-02+00')$$);
EXECUTE tp_operator('2025-03-01+00', '2025-03-02+00');
EXECUTE tp_natural('2025-03-01+00', '2025-03-02+00');
RESET plan_cache_mode;
SELECT count(*) AS oracle FROM tp_oracle WHERE tbl = 'tp_keys' AND t >= '2025-03-01+00' AND t < '2025-03-02+00';
DEALLOCATE tp_operator;
DEALLOCATE tp_natural;

-- In every query level and in JOIN ... ON: subqueries, CTEs, sublinks.
SELECT pg_temp.plan($$SELECT * FROM (SELECT id FROM tp_keys WHERE uuid_v7_to_timestamptz(id) >= '2025-03-01+00') s
WHERE EXISTS (SELECT 1 FROM tp_v7 v WHERE v.id = s.id AND uuid_v7_to_timestamptz(v.id) < '2025-03-02+00')$$);
SELECT pg_temp.plan($$WITH recent AS MATERIALIZED (SELECT id FROM tp_keys WHERE uuid_v7_to_timestamptz(id) > now() - interval '1 hour')
SELECT count(*) FROM recent$$);
SELECT pg_temp.plan($$SELECT count(k.id) FROM tp_v7 v LEFT JOIN tp_keys k
    ON k.id = v.id AND uuid_v7_to_timestamptz(k.id) BETWEEN '2025-03-01+00' AND '2025-03-02+00'$$);
SELECT (SELECT count(k.id) FROM tp_v7 v LEFT JOIN tp_keys k
            ON k.id = v.id AND uuid_v7_to_timestamptz(k.id) BETWEEN '2025-03-01+00' AND '2025-03-02+00') AS joined_on,
       (SELECT count(*) FROM tp_v7 WHERE uuid_v7_to_timestamptz(id) BETWEEN '2025-03-01+00' AND '2025-03-02+00') AS expected;

-- Left alone: a volatile comparand, a comparand that reads a row, an OR, and a comparison
-- of another type (date).
SELECT pg_temp.plan($$SELECT * FROM tp_keys WHERE uuid_v7_to_timestamptz(id) > clock_timestamp() - interval '1 day'$$);
SELECT pg_temp.plan($$SELECT * FROM tp_keys k JOIN tp_v7 v ON uuid_v7_to_timestamptz(k.id) > uuid_v7_to_timestamptz(v.id)
WHERE v.id = uuid_v7_min('2025-03-01+00')$$);
SELECT pg_temp.plan($$SELECT * FROM tp_keys WHERE uuid_v7_to_timestamptz(id) < '1971-01-01+00' OR uuid_v7_to_timestamptz(id) > '2025-12-31+00'$$);
SELECT pg_temp.plan($$SELECT * FROM tp_keys WHERE uuid_v7_to_timestamptz(id) >= date '2025-03-01'$$);

-- BRIN (uuid_minmax_ops): the same conditions, as bitmap scans.
RESET enable_bitmapscan;
SELECT pg_temp.plan($$SELECT * FROM tp_brin WHERE id <@ tstzrange('2025-01-05+00', '2025-01-06+00')$$);
SELECT pg_temp.plan($$SELECT * FROM tp_brin WHERE uuid_v7_to_timestamptz(id) >= now() - interval '1 day'$$);
-- A hash index has no order, and an operator class whose >= is not uuid's (here: the
-- reverse order) orders keys otherwise: neither gets index conditions from the operator.
CREATE TABLE tp_other_indexes (id uuid);
INSERT INTO tp_other_indexes SELECT id FROM tp_v7;
CREATE INDEX tp_other_indexes_hash ON tp_other_indexes USING hash (id);
CREATE FUNCTION pg_temp.tp_reverse_cmp(uuid, uuid) RETURNS integer LANGUAGE sql IMMUTABLE AS 'SELECT uuid_cmp($2, $1)';
CREATE OPERATOR CLASS tp_uuid_reverse_ops FOR TYPE uuid USING btree AS
    OPERATOR 1 > , OPERATOR 2 >= , OPERATOR 3 = , OPERATOR 4 <= , OPERATOR 5 < ,
    FUNCTION 1 pg_temp.tp_reverse_cmp(uuid, uuid);
CREATE INDEX tp_other_indexes_reverse ON tp_other_indexes (id tp_uuid_reverse_ops);
ANALYZE tp_other_indexes;
SELECT pg_temp.plan($$SELECT * FROM tp_other_indexes WHERE id <@ tstzrange('2025-03-01+00', '2025-03-02+00')$$);
-- (Each index still answers what its operator class knows.)
SELECT pg_temp.plan($$SELECT * FROM tp_other_indexes WHERE id = uuid_v7_min('2025-03-01+00')$$);
DROP TABLE tp_other_indexes;
DROP OPERATOR FAMILY tp_uuid_reverse_ops USING btree;
SET enable_bitmapscan = off;

-- uuid_extract_timestamp() reads v1 and v6 times too: only where a validated CHECK makes
-- every key a v7 (either way round), not on tp_keys, not while the CHECK is NOT VALID.
-- (public ahead of pg_catalog, so that plans print uuidx's function unqualified on 17 and
-- later too, where pg_catalog has one of that name.)
SET search_path = public, pg_catalog;
SELECT pg_temp.plan($$SELECT * FROM tp_v7 WHERE public.uuid_extract_timestamp(id) >= '2025-03-01+00'$$);
SELECT pg_temp.plan($$SELECT * FROM tp_keys WHERE public.uuid_extract_timestamp(id) >= '2025-03-01+00'$$);
CREATE TABLE tp_v7_later (id uuid PRIMARY KEY);
INSERT INTO tp_v7_later SELECT id FROM tp_v7;
ALTER TABLE tp_v7_later ADD CONSTRAINT only_v7 CHECK (7 = public.uuid_extract_version(id)) NOT VALID;
ANALYZE tp_v7_later;
SELECT pg_temp.plan($$SELECT * FROM tp_v7_later WHERE public.uuid_extract_timestamp(id) >= '2025-03-01+00'$$);
ALTER TABLE tp_v7_later VALIDATE CONSTRAINT only_v7;
SELECT pg_temp.plan($$SELECT * FROM tp_v7_later WHERE public.uuid_extract_timestamp(id) >= '2025-03-01+00'$$);
DROP TABLE tp_v7_later;
RESET search_path;

-- Partitions by key range (uuid_v7_min bounds). Constant comparands prune at plan time.
CREATE TABLE tp_months (id uuid PRIMARY KEY) PARTITION BY RANGE (id);
CREATE TABLE tp_months_01 PARTITION OF tp_months FOR VALUES FROM (uuid_v7_min('2025-01-01+00')) TO (uuid_v7_min('2025-02-01+00'));
CREATE TABLE tp_months_02 PARTITION OF tp_months FOR VALUES FROM (uuid_v7_min('2025-02-01+00')) TO (uuid_v7_min('2025-03-01+00'));
CREATE TABLE tp_months_03 PARTITION OF tp_months FOR VALUES FROM (uuid_v7_min('2025-03-01+00')) TO (uuid_v7_min('2025-04-01+00'));
INSERT INTO tp_months SELECT id FROM tp_keys WHERE kind = 'v7' AND uuid_v7_to_timestamptz(id) < '2025-04-01+00';
ANALYZE tp_months;
SELECT pg_temp.plan($$SELECT * FROM tp_months WHERE uuid_v7_to_timestamptz(id) >= '2025-02-10+00' AND uuid_v7_to_timestamptz(id) < '2025-02-11+00'$$);
-- The operator prunes too (the key range of its index conditions, beside it for the parent),
-- at plan time for a constant range and when the executor starts for a stable one.
SELECT pg_temp.plan($$SELECT * FROM tp_months WHERE id <@ tstzrange('2025-02-10+00', '2025-02-11+00')$$);
SELECT pg_temp.plan($$SELECT * FROM tp_months WHERE tstzrange('2025-02-10+00', '2025-02-11+00') @> id$$);
-- now()-based comparands prune when the executor starts: partitions around the current time.
DO $$
BEGIN
    EXECUTE format('CREATE TABLE tp_now (id uuid PRIMARY KEY) PARTITION BY RANGE (id)');
    EXECUTE format('CREATE TABLE tp_now_past PARTITION OF tp_now FOR VALUES FROM (%L) TO (%L)',
                   uuid_v7_min(now() - interval '60 days'), uuid_v7_min(now() - interval '30 days'));
    EXECUTE format('CREATE TABLE tp_now_current PARTITION OF tp_now FOR VALUES FROM (%L) TO (%L)',
                   uuid_v7_min(now() - interval '30 days'), uuid_v7_min(now() + interval '30 days'));
    EXECUTE format('CREATE TABLE tp_now_future PARTITION OF tp_now FOR VALUES FROM (%L) TO (%L)',
                   uuid_v7_min(now() + interval '30 days'), uuid_v7_min(now() + interval '60 days'));
END $$;
SELECT pg_temp.plan($$SELECT * FROM tp_now WHERE uuid_v7_to_timestamptz(id) BETWEEN now() - interval '1 day' AND now()$$);

------------------------------------------------------------------------------------------
-- (d) uuidx.time_predicates = off: the plans of before
------------------------------------------------------------------------------------------

SET uuidx.time_predicates = off;
SELECT pg_temp.plan($$SELECT * FROM tp_keys WHERE uuid_v7_to_timestamptz(id) >= '2025-03-01+00' AND uuid_v7_to_timestamptz(id) < '2025-03-02+00'$$);
SELECT pg_temp.plan($$SELECT * FROM tp_now WHERE uuid_v7_to_timestamptz(id) BETWEEN now() - interval '1 day' AND now()$$);
-- The operator does not depend on the setting: its conditions come from its support function.
SELECT pg_temp.plan($$SELECT * FROM tp_keys WHERE id <@ tstzrange('2025-03-01+00', '2025-03-02+00')$$);
RESET uuidx.time_predicates;

------------------------------------------------------------------------------------------
-- (e) A window that is not a constant is computed once, whatever the plan
------------------------------------------------------------------------------------------

-- Whether `query` returns the same rows with uuidx.time_predicates on and off.
CREATE FUNCTION pg_temp.same_as_off(query text) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
    with_feature text[];
    without text[];
BEGIN
    EXECUTE format('SELECT array_agg(r::text ORDER BY r::text) FROM (%s) r', query) INTO with_feature;
    PERFORM set_config('uuidx.time_predicates', 'off', true);
    EXECUTE format('SELECT array_agg(r::text ORDER BY r::text) FROM (%s) r', query) INTO without;
    PERFORM set_config('uuidx.time_predicates', 'on', true);
    RETURN with_feature IS NOT DISTINCT FROM without;
END $$;

-- A filter (a sequential scan, as for a window that holds most of the table) reads the
-- window as the value of an initplan, computed once per execution, not once per row; the
-- operator then compares each key with the window's key range (docs/planner.md, row 1).
RESET enable_seqscan;
SET enable_indexscan = off;
SET enable_bitmapscan = off;
SELECT pg_temp.plan($$SELECT count(*) FROM tp_keys WHERE uuid_v7_to_timestamptz(id) >= now() - interval '100 years'$$);
SELECT pg_temp.same_as_off($$SELECT count(*) FROM tp_keys WHERE uuid_v7_to_timestamptz(id) >= now() - interval '100 years'$$);
-- Parallel workers: the leader computes it and passes its value to them.
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SELECT pg_temp.plan($$SELECT count(*) FROM tp_keys WHERE uuid_v7_to_timestamptz(id) BETWEEN now() - interval '100 years' AND now()$$);
SELECT pg_temp.same_as_off($$SELECT count(*) FROM tp_keys WHERE uuid_v7_to_timestamptz(id) BETWEEN now() - interval '100 years' AND now()$$);
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
-- A window that depends on an outer row (a correlated subquery, a LATERAL one) is computed
-- again for each outer row: each month counts its own keys.
SELECT o.t, (SELECT count(*) FROM tp_keys k WHERE uuid_v7_to_timestamptz(k.id) >= o.t AND kind = 'v7') AS keys_since
FROM (VALUES (timestamptz '2025-03-01+00'), ('2025-06-01+00'), ('2025-09-01+00')) o(t) ORDER BY o.t;
SELECT pg_temp.same_as_off($$SELECT o.t, (SELECT count(*) FROM tp_keys k WHERE uuid_v7_to_timestamptz(k.id) >= o.t)
    FROM (VALUES (timestamptz '2025-03-01+00'), ('2025-06-01+00'), ('2025-09-01+00')) o(t)$$);
SELECT pg_temp.same_as_off($$SELECT o.t, c.n FROM (VALUES (timestamptz '2025-03-01+00'), ('2025-06-01+00')) o(t)
    CROSS JOIN LATERAL (SELECT count(*) AS n FROM tp_keys k WHERE uuid_v7_to_timestamptz(k.id) < o.t) c$$);
-- Where parallel workers build the bitmap of such a window's index scan, its bounds read the
-- initplan's value, which Gather passes to the workers, not the outer row's key, which it
-- does not (read unset, it crashed the worker).
RESET enable_bitmapscan;
SET enable_seqscan = off;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET min_parallel_index_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SET parallel_leader_participation = off;
CREATE TABLE tp_lateral (id uuid PRIMARY KEY);
INSERT INTO tp_lateral SELECT uuid_generate_v7(t)
FROM generate_series(timestamptz '2025-01-01 00:00:00.123456+00', '2025-12-31 23:59:59+00', interval '50 minutes') t;
ANALYZE tp_lateral;
SELECT bool_or(line ~ 'Parallel Bitmap Heap Scan') AS workers_build_the_bitmap,
       bool_or(line ~ 'uuid_range_min_key\((\$\d+|\(InitPlan \d+\)\.col\d+)\)') AS bounds_read_the_initplan
FROM pg_temp.plan($$SELECT o.id, l.id FROM (SELECT id FROM tp_lateral ORDER BY id LIMIT 3) o
CROSS JOIN LATERAL (SELECT k.id FROM tp_lateral k WHERE uuid_v7_to_timestamptz(k.id) >= uuid_v7_to_timestamptz(o.id)
                    ORDER BY uuid_v7_to_timestamptz(k.id), k.id LIMIT 3) l$$) AS line;
-- Run as plain statements: a PL/pgSQL loop's cursor would get a serial plan.
SELECT string_agg(p.o_id || ' ' || p.l_id, ', ' ORDER BY p.o_id, p.l_id) AS lateral_on FROM (SELECT o.id AS o_id, l.id AS l_id FROM (SELECT id FROM tp_lateral ORDER BY id LIMIT 3) o
CROSS JOIN LATERAL (SELECT k.id FROM tp_lateral k WHERE uuid_v7_to_timestamptz(k.id) >= uuid_v7_to_timestamptz(o.id)
                    ORDER BY uuid_v7_to_timestamptz(k.id), k.id LIMIT 3) l) p \gset
SET uuidx.time_predicates = off;
SELECT string_agg(p.o_id || ' ' || p.l_id, ', ' ORDER BY p.o_id, p.l_id) AS lateral_off FROM (SELECT o.id AS o_id, l.id AS l_id FROM (SELECT id FROM tp_lateral ORDER BY id LIMIT 3) o
CROSS JOIN LATERAL (SELECT k.id FROM tp_lateral k WHERE uuid_v7_to_timestamptz(k.id) >= uuid_v7_to_timestamptz(o.id)
                    ORDER BY uuid_v7_to_timestamptz(k.id), k.id LIMIT 3) l) p \gset
RESET uuidx.time_predicates;
SELECT :'lateral_on' = :'lateral_off' AS lateral_window_in_workers, length(:'lateral_on') > 0 AS rows_found;
DROP TABLE tp_lateral;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET min_parallel_index_scan_size;
RESET max_parallel_workers_per_gather;
RESET parallel_leader_participation;
RESET enable_seqscan;
SET enable_bitmapscan = off;
-- The operator keeps the key range of the last range it read: ranges that change from row
-- to row give each row its own answer.
SELECT r.lo, count(*) FILTER (WHERE k.id <@ tstzrange(r.lo, r.lo + interval '1 day')) AS in_range,
       count(*) FILTER (WHERE k.id <@ tstzrange(r.lo, r.lo + interval '1 day')) =
       count(*) FILTER (WHERE uuid_v7_to_timestamptz(k.id) >= r.lo AND uuid_v7_to_timestamptz(k.id) < r.lo + interval '1 day') AS same
FROM tp_keys k CROSS JOIN (VALUES (timestamptz '2025-02-01+00'), ('2025-05-01+00'), ('2025-08-01+00')) r(lo)
GROUP BY r.lo ORDER BY r.lo;
RESET enable_indexscan;
RESET enable_bitmapscan;
SET enable_seqscan = off;

-- A FULL JOIN's conditions are left as they are: PostgreSQL refuses a FULL JOIN on
-- conditions it can neither merge nor hash (here timestamp = timestamptz, and conditions of
-- one side), and an inverted window folded to false would turn that error into a result.
CREATE TABLE tp_full_times (ts timestamp);
INSERT INTO tp_full_times VALUES ('2025-03-05 00:00:00');
SELECT count(*) FROM tp_keys k FULL JOIN tp_full_times f ON f.ts = uuid_v7_to_timestamptz(k.id)
    AND uuid_v7_to_timestamptz(k.id) >= '2025-03-05 00:00:00.002+00' AND uuid_v7_to_timestamptz(k.id) <= '2025-03-05 00:00:00.001+00';
\echo :LAST_ERROR_SQLSTATE
SET uuidx.time_predicates = off;
SELECT count(*) FROM tp_keys k FULL JOIN tp_full_times f ON f.ts = uuid_v7_to_timestamptz(k.id)
    AND uuid_v7_to_timestamptz(k.id) >= '2025-03-05 00:00:00.002+00' AND uuid_v7_to_timestamptz(k.id) <= '2025-03-05 00:00:00.001+00';
\echo :LAST_ERROR_SQLSTATE
RESET uuidx.time_predicates;
DROP TABLE tp_full_times;

------------------------------------------------------------------------------------------
-- (f) One planning, one catalog
------------------------------------------------------------------------------------------

-- A planning reads uuidx's catalog once (here in the planner hook, for the subquery) and
-- keeps it to its end, whatever a planning nested in it finds. tp_folded_bound() is folded
-- while the outer query is planned (immutable, a constant argument); the volatile function
-- it calls renames uuid_time_window() (an invalidation of pg_proc, as another session's DDL
-- arrives where a planning next takes a lock), plans a query (EXECUTE: each time), whose
-- planning finds the catalog incomplete and leaves it to PostgreSQL, and renames it back.
-- The outer query's window is then made of the catalog it read, not of the incomplete one.
CREATE FUNCTION tp_plan_without_time_window() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    ALTER FUNCTION uuid_time_window(timestamptz, timestamptz, text) RENAME TO tp_time_window_renamed;
    EXECUTE $q$SELECT count(*) FROM tp_keys WHERE uuid_v7_to_timestamptz(id) >= '2025-06-01+00'$q$;
    ALTER FUNCTION tp_time_window_renamed(timestamptz, timestamptz, text) RENAME TO uuid_time_window;
END $$;
CREATE FUNCTION tp_folded_bound(bound timestamptz) RETURNS timestamptz LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
    PERFORM tp_plan_without_time_window();
    RETURN bound;
END $$;
SELECT pg_temp.plan($$SELECT count(*) FROM (SELECT id FROM tp_keys
                      WHERE uuid_v7_to_timestamptz(id) >= tp_folded_bound('2025-06-01+00')) s$$);
SELECT pg_temp.same_as_off($$SELECT count(*) FROM (SELECT id FROM tp_keys
                           WHERE uuid_v7_to_timestamptz(id) >= tp_folded_bound('2025-06-01+00')) s$$);
DROP FUNCTION tp_folded_bound(timestamptz), tp_plan_without_time_window();

RESET enable_seqscan;
RESET enable_bitmapscan;
RESET timezone;
DROP VIEW tp_keys_view, tp_brin_view, tp_keys_distinct, tp_keys_limited;
DO $$ BEGIN
    IF current_setting('server_version_num')::int >= 180000 THEN DROP TABLE tp_v7_virtual; ELSE DROP VIEW tp_v7_virtual; END IF;
END $$;
DROP TABLE tp_keys, tp_brin, tp_v7, tp_months, tp_now;
