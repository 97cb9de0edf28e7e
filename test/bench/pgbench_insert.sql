INSERT INTO bench_keys (n) VALUES (1);
