-- Once: the table writers insert into, its rollup per minute of the key's time, and the
-- rollup's watermark: every row below it is counted, none above it.
CREATE TABLE orders (
    id       uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
    customer int NOT NULL,
    amount   numeric NOT NULL
);
CREATE TABLE orders_per_minute (
    minute    timestamptz PRIMARY KEY,
    orders    bigint NOT NULL,
    amount    numeric NOT NULL,
    customers bigint NOT NULL
);
CREATE TABLE orders_rollup_watermark (
    watermark uuid NOT NULL
);
INSERT INTO orders_rollup_watermark VALUES ('00000000-0000-0000-0000-000000000000');

-- Each refresh, one transaction, one statement after another (in READ COMMITTED each takes
-- a new snapshot): lock the watermark, read the horizon, add the rows of [watermark,
-- horizon) to their minutes, count again the distinct customers of the minutes touched,
-- and move the watermark to the horizon.
CREATE PROCEDURE orders_rollup_refresh()
LANGUAGE plpgsql AS $$
DECLARE
    watermark_key uuid;
    horizon       uuid;
    first_minute  timestamptz;
BEGIN
    SELECT watermark INTO watermark_key FROM orders_rollup_watermark FOR UPDATE;
    horizon := uuidx_commit_horizon();
    IF horizon <= watermark_key THEN
        RETURN;
    END IF;
    -- Additive aggregates: the new rows' counts and sums are added to their minutes.
    INSERT INTO orders_per_minute AS r (minute, orders, amount, customers)
    SELECT date_bin('1 minute', uuid_v7_to_timestamptz(id), timestamptz '2000-01-01 00:00+00'),
           count(*), sum(amount), 0
    FROM orders
    WHERE id >= watermark_key AND id < horizon
    GROUP BY 1
    ON CONFLICT (minute) DO UPDATE
    SET orders = r.orders + excluded.orders,
        amount = r.amount + excluded.amount;
    -- A distinct count does not add up: the minutes touched are counted again from the
    -- table, all their rows below the horizon (a percentile, the same way).
    first_minute := date_bin('1 minute', uuid_v7_to_timestamptz(watermark_key), timestamptz '2000-01-01 00:00+00');
    UPDATE orders_per_minute AS r
    SET customers = touched.customers
    FROM (SELECT date_bin('1 minute', uuid_v7_to_timestamptz(id), timestamptz '2000-01-01 00:00+00') AS minute,
                 count(DISTINCT customer) AS customers
          FROM orders
          WHERE uuid_v7_to_timestamptz(id) >= first_minute AND id < horizon
          GROUP BY 1) AS touched
    WHERE r.minute = touched.minute;
    UPDATE orders_rollup_watermark SET watermark = horizon;
END $$;

-- The schedule: every second, with pg_cron 1.5 or later, from the database pg_cron was
-- created in (cron.database_name), in this one (here shop).
SELECT cron.schedule_in_database('orders_rollup', '1 second', 'CALL orders_rollup_refresh()', 'shop');
