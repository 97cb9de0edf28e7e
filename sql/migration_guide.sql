-- The migration guide (docs/migrating.md), run end to end on a small data set: sql/include/migration_steps.sql
-- holds the guide's SQL exactly as docs/migrating.md shows it (test/integration/readme_guide.sh
-- checks that), sql/include/migration_schema.sql the schema it starts from. pg_regress feeds this
-- file to psql on standard input, so \ir paths are relative to the project's top directory.
SET client_min_messages = warning;
\set parents 2000
\ir sql/include/migration_schema.sql

-- The state before: every key and every reference, by old key.
CREATE TEMP TABLE before_keys AS
SELECT 'customers' AS tbl, id FROM customers UNION ALL SELECT 'orders', id FROM orders UNION ALL SELECT 'notes', id FROM notes;
CREATE TEMP TABLE before_references AS
SELECT id AS child, customer_id AS parent FROM orders UNION ALL SELECT id, customer_id FROM notes;

\ir sql/include/migration_steps.sql

-- No row lost, no key collision, every reference the same as before (through the old keys).
SELECT count(*) AS keys_before,
       count(*) FILTER (WHERE k.id IS NOT NULL) AS found_by_old_key
FROM before_keys b
LEFT JOIN (SELECT 'customers' AS tbl, legacy_id AS id FROM customers UNION ALL
           SELECT 'orders', legacy_id FROM orders UNION ALL SELECT 'notes', legacy_id FROM notes) k USING (tbl, id);
SELECT count(*) AS references_before,
       count(*) FILTER (WHERE now_parent.legacy_id = b.parent) AS same_parent_now
FROM before_references b
LEFT JOIN (SELECT legacy_id, customer_id FROM orders UNION ALL SELECT legacy_id, customer_id FROM notes) child
       ON child.legacy_id = b.child
LEFT JOIN customers now_parent ON now_parent.id = child.customer_id;
-- Running the migration again changes nothing.
CALL migrate_keys_to_v7('customers');
SELECT count(*) FILTER (WHERE public.uuid_extract_version(id) = 4) AS v4_keys_left,
       count(*) FILTER (WHERE id <> uuid_v4_to_v7(legacy_id, created_at)) AS changed_by_rerun
FROM customers;
-- New rows get v7 keys and sort after the migrated ones of earlier times.
INSERT INTO customers (name) VALUES ('new customer');
SELECT public.uuid_extract_version(id) AS new_key_version, legacy_id IS NULL AS no_legacy_key,
       id > ALL (SELECT id FROM customers WHERE legacy_id IS NOT NULL) AS sorts_last
FROM customers WHERE name = 'new customer';
-- Old keys still find their rows.
SELECT count(*) = 1 AS old_key_lookup FROM customers WHERE legacy_id = (SELECT id FROM before_keys WHERE tbl = 'customers' LIMIT 1);
-- Batches: a table larger than one batch is migrated completely, one batch a transaction.
CREATE TABLE batch_demo (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), created_at timestamptz NOT NULL, legacy_id uuid);
INSERT INTO batch_demo (created_at) SELECT now() - n * interval '1 minute' FROM generate_series(1, 1000) n;
CALL migrate_keys_to_v7('batch_demo', 64);
SELECT count(*) AS rows, count(*) FILTER (WHERE public.uuid_extract_version(id) = 7) AS v7_keys,
       count(DISTINCT legacy_id) AS distinct_old_keys
FROM batch_demo;
