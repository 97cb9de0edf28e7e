-- uuid_generate_v6(), uuidv6() and uuidv1(): properties of generated values.

-- Version, variant, distinct, node multicast bit set (RFC 9562 section 6.10: a random node
-- can never be a real IEEE 802 address).
SELECT f, count(DISTINCT u) AS distinct_values,
       bool_and(public.uuid_extract_version(u) = v) AS version_ok,
       bool_and(uuid_extract_variant(u) = 2) AS variant_ok,
       bool_and(get_byte(uuid_send(u), 10) & 1 = 1) AS multicast_bit_set
FROM (SELECT 'uuid_generate_v6' AS f, 6 AS v, uuid_generate_v6() AS u FROM generate_series(1, 10000)
      UNION ALL SELECT 'uuidv6', 6, uuidv6() FROM generate_series(1, 10000)
      UNION ALL SELECT 'uuidv1', 1, uuidv1() FROM generate_series(1, 10000)) s
GROUP BY f ORDER BY f;

-- v6 sorts by time: strictly increasing within a session over 100,000 calls.
SELECT count(*) AS pairs, bool_and(u > previous) AS strictly_increasing
FROM (SELECT u, lag(u) OVER (ORDER BY n) AS previous
      FROM (SELECT n, uuid_generate_v6() AS u FROM generate_series(1, 100000) n) s) t
WHERE previous IS NOT NULL;

-- v1 timestamps are strictly increasing too: its v6 reordering (same timestamp, same
-- clock_seq and node) must increase.
SELECT count(*) AS pairs, bool_and(uuid_v1_to_v6(u) > uuid_v1_to_v6(previous)) AS timestamps_increasing
FROM (SELECT u, lag(u) OVER (ORDER BY n) AS previous
      FROM (SELECT n, uuidv1() AS u FROM generate_series(1, 100000) n) s) t
WHERE previous IS NOT NULL;

-- v1 and v6 share one ordered clock: interleaved, their timestamps still increase.
SELECT bool_and(uuid_v1_to_v6(a) < b AND b < uuid_v1_to_v6(c)) AS one_clock
FROM (SELECT uuidv1() AS a, uuidv6() AS b, uuidv1() AS c FROM generate_series(1, 1000)) s;

-- v1: one clock sequence and node per process; v6: both random on every call.
SELECT count(DISTINCT uuid_extract_node(u)) AS v1_nodes, count(DISTINCT uuid_extract_clock_seq(u)) AS v1_clock_seqs
FROM (SELECT uuidv1() AS u FROM generate_series(1, 1000)) s;
SELECT count(DISTINCT uuid_extract_node(u)) > 990 AS v6_nodes_vary
FROM (SELECT uuidv6() AS u FROM generate_series(1, 1000)) s;

-- The embedded time is the current time.
SELECT abs(extract(epoch FROM public.uuid_extract_timestamp(uuidv6()) - clock_timestamp())) < 1 AS v6_now,
       abs(extract(epoch FROM public.uuid_extract_timestamp(uuidv1()) - clock_timestamp())) < 1 AS v1_now;
