INSERT INTO bench_horizon_keys (n) VALUES (1);
