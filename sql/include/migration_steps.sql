-- 1. Keep each old key beside the new one, for external references during the transition.
ALTER TABLE customers ADD COLUMN legacy_id uuid;
ALTER TABLE orders ADD COLUMN legacy_id uuid;
ALTER TABLE notes ADD COLUMN legacy_id uuid;

-- 2. Let a customer's new key reach the rows that reference it, in the same transaction.
ALTER TABLE orders DROP CONSTRAINT orders_customer_id_fkey,
    ADD CONSTRAINT orders_customer_id_fkey FOREIGN KEY (customer_id)
        REFERENCES customers (id) ON UPDATE CASCADE;
ALTER TABLE notes DROP CONSTRAINT notes_customer_id_fkey,
    ADD CONSTRAINT notes_customer_id_fkey FOREIGN KEY (customer_id)
        REFERENCES customers (id) ON UPDATE CASCADE;

-- 3. New rows get v7 keys from now on.
ALTER TABLE customers ALTER COLUMN id SET DEFAULT uuid_generate_v7();
ALTER TABLE orders ALTER COLUMN id SET DEFAULT uuid_generate_v7();
ALTER TABLE notes ALTER COLUMN id SET DEFAULT uuid_generate_v7();

-- 4. Rewrite the v4 keys in batches, one transaction each. uuid_v4_to_v7() is deterministic:
--    an interrupted run is simply called again, and rows done already are skipped.
CREATE PROCEDURE migrate_keys_to_v7(tbl regclass, batch_size int DEFAULT 10000)
LANGUAGE plpgsql AS $$
DECLARE
    moved bigint;
BEGIN
    LOOP
        EXECUTE format(
            'UPDATE %1$s t SET legacy_id = t.id, id = uuid_v4_to_v7(t.id, t.created_at)
             WHERE t.id IN (SELECT id FROM %1$s WHERE uuid_extract_version(id) = 4 LIMIT %2$s)',
            tbl, batch_size);
        GET DIAGNOSTICS moved = ROW_COUNT;
        EXIT WHEN moved = 0;
        COMMIT;
    END LOOP;
END $$;

CALL migrate_keys_to_v7('customers');
CALL migrate_keys_to_v7('orders');
CALL migrate_keys_to_v7('notes');

-- 5. Index the old keys while external systems still use them.
CREATE UNIQUE INDEX customers_legacy_id ON customers (legacy_id);
CREATE UNIQUE INDEX orders_legacy_id ON orders (legacy_id);
CREATE UNIQUE INDEX notes_legacy_id ON notes (legacy_id);

-- 6. Verify: every key is a v7 carrying its row's creation time and the mapping of its old
--    key, and every reference resolves.
SELECT tbl, rows, v7_keys, mapping_holds, key_time_is_created_at
FROM (SELECT 'customers' AS tbl, count(*) AS rows,
             count(*) FILTER (WHERE uuid_extract_version(id) = 7) AS v7_keys,
             bool_and(id = uuid_v4_to_v7(legacy_id, created_at)) AS mapping_holds,
             bool_and(uuid_v7_to_timestamptz(id) = date_trunc('milliseconds', created_at)) AS key_time_is_created_at
      FROM customers
      UNION ALL
      SELECT 'orders', count(*), count(*) FILTER (WHERE uuid_extract_version(id) = 7),
             bool_and(id = uuid_v4_to_v7(legacy_id, created_at)),
             bool_and(uuid_v7_to_timestamptz(id) = date_trunc('milliseconds', created_at))
      FROM orders
      UNION ALL
      SELECT 'notes', count(*), count(*) FILTER (WHERE uuid_extract_version(id) = 7),
             bool_and(id = uuid_v4_to_v7(legacy_id, created_at)),
             bool_and(uuid_v7_to_timestamptz(id) = date_trunc('milliseconds', created_at))
      FROM notes) s;
SELECT (SELECT count(*) FROM orders o LEFT JOIN customers c ON c.id = o.customer_id WHERE c.id IS NULL)
     + (SELECT count(*) FROM notes n LEFT JOIN customers c ON c.id = n.customer_id WHERE c.id IS NULL)
       AS dangling_references;
