-- The schema the migration guide starts from: a v4-keyed parent with a created_at column
-- and two child tables with foreign keys to it, each v4-keyed too.
CREATE TABLE customers (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    created_at timestamptz NOT NULL DEFAULT now(),
    name       text NOT NULL
);
CREATE TABLE orders (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    customer_id uuid NOT NULL REFERENCES customers (id),
    created_at  timestamptz NOT NULL DEFAULT now(),
    total       numeric NOT NULL
);
CREATE TABLE notes (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    customer_id uuid NOT NULL REFERENCES customers (id),
    created_at  timestamptz NOT NULL DEFAULT now(),
    body        text NOT NULL
);
CREATE INDEX ON orders (customer_id);
CREATE INDEX ON notes (customer_id);

-- :parents customers over five years, each with two orders and one note.
INSERT INTO customers (created_at, name)
SELECT timestamptz '2021-01-01 00:00:00+00' + (n * interval '157 seconds 3 milliseconds'), 'customer ' || n
FROM generate_series(1, :parents) n;
INSERT INTO orders (customer_id, created_at, total)
SELECT id, created_at + k * interval '1 day', k * 10 FROM customers, generate_series(1, 2) k;
INSERT INTO notes (customer_id, created_at, body)
SELECT id, created_at + interval '1 hour', 'note for ' || name FROM customers;
ANALYZE customers, orders, notes;
