-- Time buckets for planner_differential.sh, after planner_differential.sql (its pd_key,
-- pd_ms, pd_pick, pd_result and pd_record): random GROUP BY, ORDER BY and
-- DISTINCT ON a bucket of a key's time (date_trunc() with every unit, with and without a
-- zone, date_bin() with strides and origins, ::date, AT TIME ZONE, ::timestamp), each run with
-- uuidx.time_predicates on and off in a time zone drawn per query, and a quarter of them
-- prepared in one zone and executed in another (a generic plan), so that a plan made where a
-- bucket keeps key order runs where it does not.
--
-- Data: keys from 1987 to 2011, uniform, and clumped around every transition of the zones
-- in those years (pd_zones and pd_transitions, made by planner_differential.sql): at the
-- transition's minute, a millisecond before it, and within three hours of it.
CREATE TABLE t_years (id uuid PRIMARY KEY, other uuid, n int NOT NULL);
INSERT INTO t_years
SELECT k, CASE WHEN i % 9 = 0 THEN NULL ELSE pd_key(ms + 1, 7, 'other' || i) END, i % 61
FROM (SELECT pd_key(ms, 7, 'years' || i) AS k, ms, i
      FROM (SELECT pd_ms(timestamptz '1987-01-01+00' + random() * interval '24 years') AS ms, i
            FROM generate_series(1, 3000) i) u
      UNION ALL
      SELECT pd_key(pd_ms(at) + e.offset_ms, 7, 'edge' || zone || at || e.offset_ms), pd_ms(at) + e.offset_ms, 0
      FROM pd_transitions,
           LATERAL (SELECT 0::bigint UNION ALL SELECT -1 UNION ALL SELECT floor((random() - 0.5) * 21600000)::bigint
                    FROM generate_series(1, 10)) e(offset_ms)
      WHERE at < '2011-01-01+00') keys(k, ms, i)
ON CONFLICT DO NOTHING;
CREATE INDEX t_years_other ON t_years (other);

CREATE TABLE t_years_part (id uuid PRIMARY KEY, n int NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE t_years_1987 PARTITION OF t_years_part FOR VALUES FROM (uuid_time_encoder('1987-01-01+00')) TO (uuid_time_encoder('1995-01-01+00'));
CREATE TABLE t_years_1995 PARTITION OF t_years_part FOR VALUES FROM (uuid_time_encoder('1995-01-01+00')) TO (uuid_time_encoder('2003-01-01+00'));
CREATE TABLE t_years_2003 PARTITION OF t_years_part FOR VALUES FROM (uuid_time_encoder('2003-01-01+00')) TO (uuid_time_encoder('2011-01-01+00'));
CREATE TABLE t_years_default PARTITION OF t_years_part DEFAULT;
INSERT INTO t_years_part SELECT id, n FROM t_years;
CREATE VIEW v_years AS SELECT id, n, uuid_v7_to_timestamptz(id) AS created_at FROM t_years;
ANALYZE t_years, t_years_part;

-- The sources of bucket queries: the FROM item (aliased a), the time, its type.
CREATE TABLE pd_bucket_sources (name text PRIMARY KEY, from_item text, t text, ttype text);
INSERT INTO pd_bucket_sources VALUES
    ('years', 't_years', 'uuid_v7_to_timestamptz(a.id)', 'timestamptz'),
    ('years timestamp', 't_years', 'uuid_v7_to_timestamp(a.id)', 'timestamp'),
    ('years view', 'v_years', 'a.created_at', 'timestamptz'),
    ('years other (NULL keys)', 't_years', 'uuid_v7_to_timestamptz(a.other)', 'timestamptz'),
    ('years partitioned', 't_years_part', 'uuid_v7_to_timestamptz(a.id)', 'timestamptz'),
    ('years partitioned timestamp', 't_years_part', 'uuid_v7_to_timestamp(a.id)', 'timestamp'),
    ('hash partitioned', 't_hash', 'uuid_v7_to_timestamptz(a.id)', 'timestamptz'),
    ('v7 CHECK extract', 't_v7', 'public.uuid_extract_timestamp(a.id)', 'timestamptz'),
    ('mixed extract, no CHECK', 't_mixed', 'public.uuid_extract_timestamp(a.id)', 'timestamptz');

-- A bucket of the time t of type ttype, and the name of its form.
CREATE FUNCTION pd_bucket(t text, ttype text, OUT bucket text, OUT form text) LANGUAGE plpgsql AS $$
DECLARE
    r double precision := random();
    unit text := pd_pick('{second,minute,hour,hour,day,day,week,month,quarter,year}');
    zone text := (SELECT zone FROM pd_zones ORDER BY random() LIMIT 1);
    stride text := pd_pick('{"15 minutes","1 hour","6 hours 13 minutes","1 day","7 days"}');
BEGIN
    IF ttype = 'timestamp' THEN
        IF r < 0.5 THEN
            form := 'date_trunc(' || unit || ', timestamp)'; bucket := format('date_trunc(%L, %s)', unit, t);
        ELSIF r < 0.8 THEN
            form := 'date_bin(timestamp)';
            bucket := format('date_bin(%L, %s, timestamp %L)', stride, t, pd_pick('{2000-01-01,1987-03-04 05:06:07.891}'));
        ELSE
            form := 'timestamp::date'; bucket := format('(%s)::date', t);
        END IF;
        RETURN;
    END IF;
    IF r < 0.30 THEN
        form := 'date_trunc(' || unit || ', timestamptz)'; bucket := format('date_trunc(%L, %s)', unit, t);
    ELSIF r < 0.45 THEN
        form := 'date_trunc(' || unit || ', timestamptz, zone)'; bucket := format('date_trunc(%L, %s, %L)', unit, t, zone);
    ELSIF r < 0.60 THEN
        form := 'date_bin(timestamptz)';
        bucket := format('date_bin(%L, %s, timestamptz %L)', stride, t, pd_pick('{2000-01-01+00,1987-03-04 05:06:07.891+05:30}'));
    ELSIF r < 0.70 THEN
        form := 'timestamptz::date'; bucket := format('(%s)::date', t);
    ELSIF r < 0.78 THEN
        form := 'AT TIME ZONE'; bucket := format('(%s AT TIME ZONE %L)', t, zone);
    ELSIF r < 0.88 THEN
        form := 'date_trunc(' || unit || ', AT TIME ZONE)'; bucket := format('date_trunc(%L, %s AT TIME ZONE %L)', unit, t, zone);
    ELSIF r < 0.93 THEN
        form := '(AT TIME ZONE)::date'; bucket := format('(%s AT TIME ZONE %L)::date', t, zone);
    ELSE
        form := 'date_trunc(' || unit || ', timestamptz::timestamp)'; bucket := format('date_trunc(%L, (%s)::timestamp)', unit, t);
    END IF;
END
$$;

-- One bucket query over source s: its SQL, its shape, and how to compare its results.
CREATE FUNCTION pd_bucket_shape(s pd_bucket_sources, b text, OUT sql text, OUT compare text, OUT shape text)
LANGUAGE plpgsql AS $$
DECLARE
    r double precision := random();
    d text := pd_pick('{"",DESC}');
    lim text := ' LIMIT ' || pd_pick('{1,5,24,100,1000}');
    cond text := pd_pick(ARRAY['', '', format(' WHERE %s >= %L', s.t, timestamptz '1987-01-01+00' + random() * interval '24 years'),
                               format(' WHERE %s < %L', s.t, timestamptz '1987-01-01+00' + random() * interval '24 years')]);
BEGIN
    compare := 'ordered';
    IF r < 0.35 THEN
        shape := 'bucket: GROUP BY, ORDER BY';
        sql := format('SELECT %1$s AS b, count(*), sum(a.n) FROM %2$s a%3$s GROUP BY 1 ORDER BY 1 %4$s', b, s.from_item, cond, d) || lim;
    ELSIF r < 0.50 THEN
        shape := 'bucket: ORDER BY, the key';
        sql := format('SELECT %1$s AS b, a.id FROM %2$s a%3$s ORDER BY 1 %4$s %5$s, %6$s %4$s, a.id %4$s', b, s.from_item, cond, d,
                      pd_pick('{"","","NULLS FIRST","NULLS LAST"}'), s.t) || lim;
    ELSIF r < 0.70 THEN
        shape := 'bucket: DISTINCT ON, the latest';
        sql := format('SELECT DISTINCT ON (%1$s) %1$s AS b, a.id, a.n FROM %2$s a%3$s ORDER BY %1$s %4$s, %5$s %4$s, a.id %4$s',
                      b, s.from_item, cond, d, s.t) || lim;
    ELSIF r < 0.85 THEN
        shape := 'bucket: GROUP BY bucket, n';
        sql := format('SELECT %1$s AS b, a.n, count(*) FROM %2$s a%3$s GROUP BY 1, 2 ORDER BY 1 %4$s, 2', b, s.from_item, cond, d) || lim;
    ELSE
        shape := 'bucket: GROUP BY, no order'; compare := 'set';
        sql := format('SELECT %1$s AS b, count(*), max(a.n) FROM %2$s a%3$s GROUP BY 1', b, s.from_item, cond);
    END IF;
END
$$;

-- Runs bucket queries first .. first + n - 1, logged in pd_log (source, shape, form).
CREATE FUNCTION pd_bucket_run(first int, n int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    s pd_bucket_sources;
    q int;
    b record;
    shp record;
    prepared boolean;
    zone_a text;
    zone_b text;
    settings text;
    setting text;
    on_run record;
    off_run record;
BEGIN
    FOR q IN first .. first + n - 1 LOOP
        SELECT * INTO s FROM pd_bucket_sources ORDER BY random() LIMIT 1;
        b := pd_bucket(s.t, s.ttype);
        shp := pd_bucket_shape(s, b.bucket);
        prepared := random() < 0.25;
        zone_a := (SELECT zone FROM pd_zones ORDER BY random() LIMIT 1);
        zone_b := CASE WHEN prepared THEN (SELECT zone FROM pd_zones ORDER BY random() LIMIT 1) ELSE zone_a END;
        settings := 'TimeZone=' || zone_a || CASE WHEN prepared THEN ' then ' || zone_b || ', plan_cache_mode=force_generic_plan' ELSE '' END;
        FOREACH setting IN ARRAY ARRAY['enable_sort', 'enable_hashagg', 'enable_seqscan'] LOOP
            IF random() < 0.2 THEN
                settings := settings || ' ' || setting || '=off';
                PERFORM set_config(setting, 'off', true);
            END IF;
        END LOOP;
        IF prepared THEN PERFORM set_config('plan_cache_mode', 'force_generic_plan', true); END IF;
        PERFORM set_config('uuidx.time_predicates', 'on', true);
        on_run := pd_result(shp.sql, shp.compare, CASE WHEN prepared THEN '' END, '', zone_a, zone_b);
        PERFORM set_config('uuidx.time_predicates', 'off', true);
        off_run := pd_result(shp.sql, shp.compare, CASE WHEN prepared THEN '' END, '', zone_a, zone_b);
        PERFORM set_config('uuidx.time_predicates', 'on', true);
        FOREACH setting IN ARRAY ARRAY['enable_sort', 'enable_hashagg', 'enable_seqscan', 'plan_cache_mode', 'TimeZone'] LOOP
            PERFORM set_config(setting, NULL, true);
        END LOOP;
        PERFORM pd_record(q, s.name, shp.shape, b.form, CASE WHEN prepared THEN 'zone changed' END,
                          on_run.plan !~ '\mSort\M' AND off_run.plan ~ '\mSort\M', shp.sql, NULL, settings,
                          on_run.result, on_run.plan, off_run.result, off_run.plan);
    END LOOP;
END
$$;
