-- A table whose inserts use every core: its v7 keys spread over 8 hash partitions, each
-- with its own btree and its own right edge.
CREATE TABLE events (
    id      uuid NOT NULL DEFAULT uuid_generate_v7(),
    payload jsonb,
    PRIMARY KEY (id)
) PARTITION BY HASH (id);
CREATE TABLE events_0 PARTITION OF events FOR VALUES WITH (MODULUS 8, REMAINDER 0);
CREATE TABLE events_1 PARTITION OF events FOR VALUES WITH (MODULUS 8, REMAINDER 1);
CREATE TABLE events_2 PARTITION OF events FOR VALUES WITH (MODULUS 8, REMAINDER 2);
CREATE TABLE events_3 PARTITION OF events FOR VALUES WITH (MODULUS 8, REMAINDER 3);
CREATE TABLE events_4 PARTITION OF events FOR VALUES WITH (MODULUS 8, REMAINDER 4);
CREATE TABLE events_5 PARTITION OF events FOR VALUES WITH (MODULUS 8, REMAINDER 5);
CREATE TABLE events_6 PARTITION OF events FOR VALUES WITH (MODULUS 8, REMAINDER 6);
CREATE TABLE events_7 PARTITION OF events FOR VALUES WITH (MODULUS 8, REMAINDER 7);

-- With time partitions too: a month of keys (a key range), split by hash. Each new month is
-- made the same way, ahead of its first key.
CREATE TABLE readings (
    id    uuid NOT NULL DEFAULT uuid_generate_v7(),
    value float8,
    PRIMARY KEY (id)
) PARTITION BY RANGE (id);
CREATE TABLE readings_2026_11 PARTITION OF readings
    FOR VALUES FROM (uuid_time_encoder('2026-11-01+00')) TO (uuid_time_encoder('2026-12-01+00'))
    PARTITION BY HASH (id);
CREATE TABLE readings_2026_11_0 PARTITION OF readings_2026_11 FOR VALUES WITH (MODULUS 4, REMAINDER 0);
CREATE TABLE readings_2026_11_1 PARTITION OF readings_2026_11 FOR VALUES WITH (MODULUS 4, REMAINDER 1);
CREATE TABLE readings_2026_11_2 PARTITION OF readings_2026_11 FOR VALUES WITH (MODULUS 4, REMAINDER 2);
CREATE TABLE readings_2026_11_3 PARTITION OF readings_2026_11 FOR VALUES WITH (MODULUS 4, REMAINDER 3);
