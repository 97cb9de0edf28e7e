-- A fresh bench_keys table keyed by candidate :position (test/bench/setup.sql), autovacuum
-- off so that WAL and timing are the insert's alone, and the key's generator loaded.
SELECT key_column, call FROM bench_candidate WHERE position = :position \gset
CREATE TABLE bench_keys (id :key_column PRIMARY KEY, n int) WITH (autovacuum_enabled = off);
SELECT :call \g /dev/null
CHECKPOINT;
