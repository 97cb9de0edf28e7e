INSERT INTO bench_client_keys (n) SELECT g FROM generate_series(1, 100) g;
