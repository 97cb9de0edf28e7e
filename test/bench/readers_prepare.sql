\set n random(1, 1000000000)
BEGIN;
INSERT INTO bench_readers_keys DEFAULT VALUES;
PREPARE TRANSACTION 'readers :client_id :n';
COMMIT PREPARED 'readers :client_id :n';
