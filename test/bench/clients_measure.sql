-- After one many-client run (test/bench.sh, measure_many_clients): the rows the clients
-- inserted (those beyond :prefill), the WAL bytes written since :before per row inserted, and
-- the key's index (every partition's, for the partitioned table) in bytes per row it holds.
SELECT count(*) - :prefill,
       round((pg_current_wal_insert_lsn() - :'before'::pg_lsn) / greatest(count(*) - :prefill, 1)),
       round((SELECT sum(pg_relation_size(i.indexrelid)) FROM pg_index i
              WHERE i.indrelid = 'bench_client_keys'::regclass
                 OR i.indrelid IN (SELECT relid FROM pg_partition_tree('bench_client_keys'))) / greatest(count(*), 1), 1)
FROM bench_client_keys;
