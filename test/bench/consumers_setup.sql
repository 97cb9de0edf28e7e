-- The consumers' benchmark (test/bench/consumers.pl): one outbox that every consumer reads, in
-- the way each consumer reads a table in order, and the procedures that play the consumers
-- and PgQ's ticker on the server.
SET client_min_messages = warning;
CREATE EXTENSION uuidx;
CREATE EXTENSION pgq;

-- The writers' table: a v7 key for uuidx's consumers and the naive poll, the writing
-- transaction's id and its (txid, id) index for the xid8 recipe. Each writer transaction also
-- inserts a PgQ event carrying the row's key.
CREATE TABLE outbox (
    id      uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
    txid    xid8 NOT NULL DEFAULT pg_current_xact_id(),
    payload text NOT NULL
);
CREATE INDEX outbox_txid_id ON outbox (txid, id);

-- The writers' cost alone (no consumer): plain inserts, against which the xid8 column and its
-- index, pgq.insert_event and the horizon's hold are each measured.
CREATE TABLE plain_outbox (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), payload text NOT NULL);

-- The scenarios' other transactions: a bystander writes a table without v7 keys; a long job
-- makes a key in another table of the same database.
CREATE TABLE bystander_log (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, note text NOT NULL);
CREATE TABLE jobs (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), note text NOT NULL);

-- Each consumer's position, and every row each consumer read, when it read it (a row read
-- twice is in it twice). A consumer records its reads and moves its position in the
-- transaction that read them, as the recipes do with their handling of a batch.
CREATE TABLE positions (
    consumer  text PRIMARY KEY,
    last_id   uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
    last_txid xid8 NOT NULL DEFAULT '0'
);
CREATE TABLE consumed (consumer text NOT NULL, id uuid NOT NULL, read_at timestamptz NOT NULL);
-- The driver's word to the consumers and the ticker: drain and stop.
CREATE TABLE bench_control (consumers_stop boolean NOT NULL, ticker_stop boolean NOT NULL);

-- A fresh start for a scenario: empty tables, positions at the start, a new PgQ queue ticked
-- when 100 ms have passed since its last tick (PgQ's default waits up to 3 s, or 500 events).
CREATE PROCEDURE bench_reset() LANGUAGE plpgsql AS $$
BEGIN
    TRUNCATE outbox, plain_outbox, bystander_log, jobs, positions, consumed, bench_control;
    INSERT INTO positions (consumer) VALUES ('horizon'), ('xid8'), ('pgq'), ('naive');
    INSERT INTO bench_control VALUES (false, false);
    IF EXISTS (SELECT FROM pgq.queue WHERE queue_name = 'outbox_q') THEN
        PERFORM pgq.unregister_consumer('outbox_q', 'bench');
        PERFORM pgq.drop_queue('outbox_q');
    END IF;
    PERFORM pgq.create_queue('outbox_q');
    PERFORM pgq.set_queue_config('outbox_q', 'ticker_max_lag', '100 milliseconds');
    PERFORM pgq.set_queue_config('outbox_q', 'ticker_idle_period', '100 milliseconds');
    PERFORM pgq.register_consumer('outbox_q', 'bench');
END $$;

-- PgQ's ticker, as pgqd runs it: pgq.ticker() every 20 ms, which ticks the queue when its
-- lag reaches 100 ms.
CREATE PROCEDURE bench_ticker() LANGUAGE plpgsql AS $$
BEGIN
    LOOP
        EXIT WHEN (SELECT ticker_stop FROM bench_control);
        PERFORM pgq.ticker();
        COMMIT;
        PERFORM pg_sleep(0.02);
    END LOOP;
END $$;

-- One consumer, KIND horizon, xid8, pgq or naive, polling every 20 ms (at once after a full
-- batch) until told to stop and then caught up. Each poll is a transaction of its own, in
-- READ COMMITTED, where each statement of a procedure takes a new snapshot:
-- - horizon: uuidx_commit_horizon() in one statement, then `id > last AND id < horizon` in key
--   order in a later one (docs/consumers.md);
-- - xid8: `(txid, id) > (last_txid, last_id) AND txid < pg_snapshot_xmin(pg_current_snapshot())`
--   in (txid, id) order, in one statement (the snapshot of the scan is the one it reads);
-- - pgq: pgq.next_batch, its events, pgq.finish_batch;
-- - naive: `id > last` in key order.
CREATE PROCEDURE bench_consume(kind text) LANGUAGE plpgsql AS $$
DECLARE
    stopping boolean;
    horizon uuid;
    position positions%ROWTYPE;
    batch_id bigint;
    read_rows int;
    more boolean;
BEGIN
    LOOP
        stopping := (SELECT consumers_stop FROM bench_control);
        SELECT * INTO position FROM positions WHERE consumer = kind;
        IF kind = 'pgq' THEN
            batch_id := pgq.next_batch('outbox_q', 'bench');
            read_rows := 0;
            IF batch_id IS NOT NULL THEN
                INSERT INTO consumed SELECT kind, ev_data::uuid, clock_timestamp() FROM pgq.get_batch_events(batch_id);
                GET DIAGNOSTICS read_rows = ROW_COUNT;
                PERFORM pgq.finish_batch(batch_id);
            END IF;
            more := batch_id IS NOT NULL;
        ELSIF kind = 'xid8' THEN
            WITH batch AS (
                SELECT id, txid FROM outbox
                WHERE (txid, id) > (position.last_txid, position.last_id)
                  AND txid < pg_snapshot_xmin(pg_current_snapshot())
                ORDER BY txid, id LIMIT 1000
            ), moved AS (
                UPDATE positions SET (last_txid, last_id) = (SELECT txid, id FROM batch ORDER BY txid DESC, id DESC LIMIT 1)
                WHERE consumer = kind AND EXISTS (SELECT FROM batch)
            )
            INSERT INTO consumed SELECT kind, id, clock_timestamp() FROM batch;
            GET DIAGNOSTICS read_rows = ROW_COUNT;
            more := read_rows > 0;
        ELSE
            IF kind = 'horizon' THEN
                horizon := uuidx_commit_horizon();
            ELSE
                horizon := uuid_max();  -- naive: no bound
            END IF;
            WITH batch AS (
                SELECT id FROM outbox
                WHERE id > position.last_id AND id < horizon
                ORDER BY id LIMIT 1000
            ), moved AS (
                UPDATE positions SET last_id = (SELECT id FROM batch ORDER BY id DESC LIMIT 1)
                WHERE consumer = kind AND EXISTS (SELECT FROM batch)
            )
            INSERT INTO consumed SELECT kind, id, clock_timestamp() FROM batch;
            GET DIAGNOSTICS read_rows = ROW_COUNT;
            more := read_rows > 0;
        END IF;
        COMMIT;
        EXIT WHEN stopping AND NOT more;
        IF read_rows < 1000 THEN
            PERFORM pg_sleep(0.02);
        END IF;
    END LOOP;
END $$;
