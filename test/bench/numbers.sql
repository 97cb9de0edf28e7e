-- The numbers as the report's tables print them (test/bench/time_report.sql and
-- on_off_report.sql): milliseconds and ratios with 2 significant decimals below 10, fewer
-- above. A value that rounds up to 100 takes the next form (99.96 as `100`, not `##.#`).
CREATE FUNCTION pg_temp.ms(value float8) RETURNS text LANGUAGE sql AS $$
    SELECT CASE WHEN value < 1 THEN to_char(value, 'FM0.000') WHEN value < 10 THEN to_char(value, 'FM90.00')
                WHEN value < 99.95 THEN to_char(value, 'FM90.0') ELSE to_char(round(value), 'FM999G999G990') END $$;
CREATE FUNCTION pg_temp.ratio(value float8) RETURNS text LANGUAGE sql AS $$
    SELECT CASE WHEN value < 10 THEN to_char(value, 'FM990.00') ELSE to_char(round(value), 'FM999G999G990') END $$;
