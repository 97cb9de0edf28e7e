-- The table of one key for the inserts from many clients (test/bench.sh,
-- measure_many_clients): bench_client_keys (id <key> PRIMARY KEY, n int), :key one of bigint
-- (identity), v7 (uuidx's uuid_generate_v7()), v7_hash (the same, PARTITION BY HASH (id) into
-- :partitions partitions: docs/many-cores.md), v4 (gen_random_uuid()) and v7_builtin (18's
-- uuidv7()); :prefill rows inserted first, in one statement, and a checkpoint, so that the
-- clients start on an index of that size with no dirty buffers.
SET client_min_messages = warning;
DROP TABLE IF EXISTS bench_client_keys;
SELECT format('CREATE TABLE bench_client_keys (id %s PRIMARY KEY, n int NOT NULL)%s',
              CASE :'key' WHEN 'bigint' THEN 'bigint GENERATED ALWAYS AS IDENTITY'
                          WHEN 'v4' THEN 'uuid DEFAULT gen_random_uuid()'
                          WHEN 'v7_builtin' THEN 'uuid DEFAULT pg_catalog.uuidv7()'
                          ELSE 'uuid DEFAULT uuid_generate_v7()' END,
              CASE WHEN :'key' = 'v7_hash' THEN ' PARTITION BY HASH (id)' ELSE '' END) \gexec
SELECT format('CREATE TABLE bench_client_keys_%s PARTITION OF bench_client_keys FOR VALUES WITH (MODULUS %s, REMAINDER %s)',
              r, :partitions, r)
FROM generate_series(0, :partitions - 1) r WHERE :'key' = 'v7_hash' \gexec
INSERT INTO bench_client_keys (n) SELECT g FROM generate_series(1, :prefill) g;
CHECKPOINT;
