-- Once: the table writers insert into, and each consumer's position in it.
CREATE TABLE outbox (
    id      uuid PRIMARY KEY DEFAULT uuid_generate_v7(),  -- not uuidv7(): from 18, the core's, not held
    topic   text NOT NULL,
    payload jsonb NOT NULL
);
CREATE TABLE outbox_consumers (
    consumer text PRIMARY KEY,
    last_id  uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000'
);
INSERT INTO outbox_consumers (consumer) VALUES ('mailer');

-- Wake-up: each writer's commit notifies the consumer, which LISTENs, and polls on each
-- notification (and every few seconds anyway).
CREATE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('outbox', '');
    RETURN NULL;
END $$;
CREATE TRIGGER outbox_notify AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify();
LISTEN outbox;

-- Writers: an ordinary insert, in a transaction of any length.
INSERT INTO outbox (topic, payload) VALUES ('order.created', '{"order": 1}');

-- Each poll of the consumer, in READ COMMITTED. First the horizon, in a statement of its own:
SELECT uuidx_commit_horizon() AS horizon \gset
-- Then, in a later statement, the next batch: after the position, below the horizon, in key
-- order; the position moves to the last row of the batch, in the same transaction.
WITH batch AS (
    SELECT id, topic, payload
    FROM outbox
    WHERE id > (SELECT last_id FROM outbox_consumers WHERE consumer = 'mailer')
      AND id < :'horizon'
    ORDER BY id
    LIMIT 500
), moved AS (
    UPDATE outbox_consumers
    SET last_id = (SELECT id FROM batch ORDER BY id DESC LIMIT 1)
    WHERE consumer = 'mailer' AND EXISTS (SELECT FROM batch)
)
SELECT id, topic, payload FROM batch ORDER BY id;
