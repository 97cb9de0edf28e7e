# Sharding with postgres_fdw, as docs/multi-server.md's "Sharding with postgres_fdw" sets it up (its
# recipes run here as printed): a coordinator with uuidx preloaded whose partitioned tables
# have foreign partitions on three shards, by hash of the key and by key time. Checked:
# keys made by the coordinator's DEFAULT spread evenly over the hash shards; a time window
# reaches every hash shard as a key condition in the remote query, for a constant, a
# parameter and now(); ORDER BY the key or its time with LIMIT is a merge of the shards'
# ordered scans that fetches a few rows of each; the time shards are pruned to the window's
# months when planned and when run; and every answer equals the same question asked of one
# server holding the same rows, and of the coordinator with uuidx.time_predicates off. A
# question relative to now() is asked of the one server at the instant the coordinator
# answered it (now() of its transaction, as a constant): a key near a window's edge cannot
# move across it between the two servers' statements.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxTap;

my $default_keys = 30000;  # made by the coordinator's DEFAULT: the hash spread
my $dated_keys = 60000;    # one a day's worth over the last 60 days: the windows

my %nodes;
foreach my $name (qw(coordinator shard1 shard2 shard3 single)) {
    my $node = PostgreSQL::Test::Cluster->new($name);
    $node->init;
    $node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuidx'\n");
    $node->start;
    $nodes{$name} = $node;
}
my $coordinator = $nodes{coordinator};
my @shards = map { $nodes{"shard$_"} } 1 .. 3;

# The guide's recipes, each on its server ("shards": on each of the three).
foreach my $block (readme_blocks('sharding')) {
    my ($where, $sql) = @$block;
    my @targets = $where eq 'shards' ? @shards : ($nodes{$where} // die "no node '$where' in sharding.pl");
    $_->safe_psql('postgres', with_addresses($sql, map { ("shard$_" => $nodes{"shard$_"}) } 1 .. 3)) for @targets;
}

# ---- by hash of the key ------------------------------------------------------------------
$coordinator->safe_psql('postgres', qq{
    INSERT INTO events (kind) SELECT 'default' FROM generate_series(1, $default_keys);
    INSERT INTO events (id, kind)
    SELECT uuid_generate_v7(now() - (g % 60) * interval '1 day' - random() * interval '1 day'), 'dated'
    FROM generate_series(1, $dated_keys) g;
});
my @spread = map { $_->safe_psql('postgres', "SELECT count(*) FROM events WHERE kind = 'default'") } @shards;
my $readme_keys = 1000;  # the guide's own insert
my $third = ($default_keys + $readme_keys) / 3;
my @spread_all = map { $_->safe_psql('postgres', "SELECT count(*) FROM events WHERE kind <> 'dated'") } @shards;
my $worst = 0;
foreach my $count (@spread_all) {
    my $off = abs($count - $third) / $third;
    $worst = $off if $off > $worst;
}
note(sprintf('hash spread of %d keys made by DEFAULT: %s (largest distance from a third: %.1f%%)',
    $default_keys + $readme_keys, join(' / ', @spread_all), 100 * $worst));
cmp_ok($worst, '<', 0.05, 'keys made by the DEFAULT spread evenly: every hash shard holds a third, within 5%');
is($coordinator->safe_psql('postgres', 'SELECT count(*) FROM events'), $default_keys + $dated_keys + $readme_keys,
    'the coordinator reads every shard');
is(join(',', map { $_->safe_psql('postgres',
        'SELECT count(*) FILTER (WHERE uuid_extract_version(id) <> 7 OR uuid_extract_variant(id) <> 2) FROM events') } @shards),
    '0,0,0', 'every key on every shard is an RFC 9562 v7');

# The same rows on one server, through its own foreign table of the coordinator's.
$nodes{single}->safe_psql('postgres', with_addresses(q{
    CREATE EXTENSION uuidx;
    CREATE EXTENSION postgres_fdw;
    CREATE SERVER coordinator FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host 'coordinator', dbname 'postgres');
    CREATE USER MAPPING FOR CURRENT_USER SERVER coordinator;
    CREATE FOREIGN TABLE coordinator_events (id uuid, kind text, payload jsonb)
        SERVER coordinator OPTIONS (table_name 'events');
    CREATE TABLE events (id uuid PRIMARY KEY, kind text NOT NULL, payload jsonb);
    INSERT INTO events SELECT * FROM coordinator_events;
    ANALYZE events;
    CREATE FOREIGN TABLE coordinator_readings (id uuid, value numeric) SERVER coordinator OPTIONS (table_name 'readings');
    CREATE TABLE readings (id uuid PRIMARY KEY, value numeric);
}, coordinator => $coordinator));
$_->safe_psql('postgres', 'ANALYZE') for @shards;

# answered_at NODE SQL [PREFIX]: SQL's answer on NODE and the instant it was answered at
# (now() of the transaction it ran in), as (instant, answer).
sub answered_at {
    my ($node, $sql, $prefix) = @_;
    my ($instant, @rows) = split /\n/, $node->safe_psql('postgres', ($prefix // '') . "BEGIN; SELECT now(); $sql; COMMIT;");
    return ($instant, join("\n", @rows));
}
# at_instant SQL INSTANT: SQL with now() and localtimestamp fixed at INSTANT.
sub at_instant {
    my ($sql, $instant) = @_;
    $sql =~ s/\bnow\(\)/'$instant'::timestamptz/g;
    $sql =~ s/\blocaltimestamp\b/'$instant'::timestamptz::timestamp/g;
    return $sql;
}

# ---- plans ---------------------------------------------------------------------------------
sub remote_queries {
    my ($plan) = @_;
    return grep { /Remote SQL:/ } split /\n/, $plan;
}

my $window = q{uuid_v7_to_timestamptz(id) >= '2026-01-01 00:00+00' AND uuid_v7_to_timestamptz(id) < '2026-01-02 00:00+00'};
my %window_plans = (
    'a constant window' => $coordinator->safe_psql('postgres',
        "EXPLAIN (VERBOSE, COSTS OFF) SELECT id FROM events WHERE $window"),
    'a parameter (generic plan)' => $coordinator->safe_psql('postgres', q{
        SET plan_cache_mode = force_generic_plan;
        PREPARE since(timestamptz) AS SELECT id FROM events WHERE uuid_v7_to_timestamptz(id) >= $1;
        EXPLAIN (VERBOSE, COSTS OFF) EXECUTE since('2026-01-01 00:00+00');
    }),
    'a window relative to now()' => $coordinator->safe_psql('postgres',
        "EXPLAIN (VERBOSE, COSTS OFF) SELECT id FROM events WHERE uuid_v7_to_timestamptz(id) >= now() - interval '1 day'"),
    'the guide\'s count of the last day' => $coordinator->safe_psql('postgres',
        "EXPLAIN (VERBOSE, COSTS OFF) SELECT count(*) FROM events WHERE uuid_v7_to_timestamptz(id) >= now() - interval '1 day'"),
);
foreach my $form (sort keys %window_plans) {
    my @remote = remote_queries($window_plans{$form});
    is(scalar(grep { /id OPERATOR\(public\.<@\)/ } @remote), 3,
        "$form reaches each of the 3 hash shards as a key condition in the remote query")
        or diag($window_plans{$form});
}
like($window_plans{'a window relative to now()'}, qr/InitPlan/, 'now() is computed once, before the scans (an initplan)');

# What a shard does with it: the remote query of the last day, planned on shard1.
my ($remote_sql) = remote_queries($window_plans{'a constant window'});
$remote_sql =~ s/^\s*Remote SQL:\s*//;
like($shards[0]->safe_psql('postgres', "EXPLAIN (COSTS OFF) $remote_sql"), qr/Index (Only )?Scan using events_pkey/,
    'a shard answers the remote query of a day from its primary key\'s index');

my $latest = 'SELECT id FROM events ORDER BY uuid_v7_to_timestamptz(id) DESC, id DESC LIMIT 20';
foreach my $order ('ORDER BY id DESC', 'ORDER BY uuid_v7_to_timestamptz(id) DESC') {
    my $plan = $coordinator->safe_psql('postgres',
        "EXPLAIN (ANALYZE, VERBOSE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT id FROM events $order LIMIT 20");
    like($plan, qr/Merge Append/, "$order LIMIT 20 merges the shards' ordered scans");
    my @scans = $plan =~ /Foreign Scan on \S+(?: \w+)?\s+\(actual rows=(\d+)/g;
    is(scalar(@scans), 3, "$order LIMIT 20 reads each of the 3 shards");
    ok(!grep({ $_ > 20 } @scans), "$order LIMIT 20 takes at most 20 rows of each shard (took @scans)")
        or diag($plan);
    is(scalar(grep { /ORDER BY/ } remote_queries($plan)), 3, "$order LIMIT 20: each shard sorts (by its index)");
}

# The guide's per-shard functions: each shard computes its count (the function's own plan,
# logged by auto_explain) and applies the LIMIT; their answers are one server's.
my $log_offset = -s $coordinator->logfile;
$coordinator->safe_psql('postgres', q{
    LOAD 'auto_explain';
    SET auto_explain.log_min_duration = 0;
    SET auto_explain.log_nested_statements = on;
    SET auto_explain.log_verbose = on;
    SELECT events_count(now() - interval '1 day', 'infinity');
});
my @count_remote = slurp_file($coordinator->logfile, $log_offset) =~ /(Remote SQL: [^\n]*)/g;
is(scalar(grep { /^Remote SQL: SELECT count\(\*\) FROM public\.events WHERE \(\(id OPERATOR\(public\.<@\)/ } @count_remote), 3,
    "events_count() asks each of the 3 shards for its count of the window's key range")
    or diag(join("\n", @count_remote));
my $latest_plan = $coordinator->safe_psql('postgres', 'EXPLAIN (VERBOSE, COSTS OFF) SELECT * FROM events_latest(20)');
is(scalar(grep { /ORDER BY id DESC NULLS FIRST LIMIT 20::bigint$/ } remote_queries($latest_plan)), 3,
    'events_latest(20) sends each of the 3 shards its LIMIT') or diag($latest_plan);
foreach my $window ([ "now() - interval '1 day'", "'infinity'" ], [ "now() - interval '30 days'", "now() - interval '29 days'" ],
                    [ "'2026-01-01 00:00+00'", "'2026-01-02 00:00+00'" ]) {
    my ($since, $before) = @$window;
    my $one_server = "SELECT count(*) FROM events WHERE uuid_v7_to_timestamptz(id) >= $since AND uuid_v7_to_timestamptz(id) < $before";
    my ($instant, $sharded) = answered_at($coordinator, "SELECT events_count($since, $before)");
    is($sharded, $nodes{single}->safe_psql('postgres', at_instant($one_server, $instant)),
        "events_count($since, $before) counts as one server does");
    ($instant, $sharded) = answered_at($coordinator, "SELECT events_count($since, $before)", 'SET uuidx.time_predicates = off; ');
    is($sharded, $nodes{single}->safe_psql('postgres', at_instant($one_server, $instant)),
        "... and as the shards do without uuidx's planner");
}
is($coordinator->safe_psql('postgres', 'SELECT string_agg(id::text, \',\') FROM events_latest(20)'),
    $nodes{single}->safe_psql('postgres', 'SELECT string_agg(id::text, \',\') FROM (SELECT id FROM events ORDER BY id DESC LIMIT 20) l'),
    'events_latest(20) gives one server\'s latest 20, in order');

# ---- by key time ---------------------------------------------------------------------------
$coordinator->safe_psql('postgres', q{
    INSERT INTO readings (id, value)
    SELECT uuid_generate_v7(date_trunc('month', now()) + (g % 3 - 1) * interval '1 month' + (g % 28) * interval '1 day'
                            + random() * interval '1 day'), g
    FROM generate_series(1, 3000) g;
});
is(join(',', map { $_->safe_psql('postgres', 'SELECT count(*) FROM readings') } @shards), '1000,1000,1000',
    'rows of each month went to the shard of their month');
my $this_month = q{uuid_v7_to_timestamptz(id) >= date_trunc('month', now())
                   AND uuid_v7_to_timestamptz(id) < date_trunc('month', now()) + interval '1 month'};
my $this_month_constant = $coordinator->safe_psql('postgres',
    "SELECT format('uuid_v7_to_timestamptz(id) >= %L AND uuid_v7_to_timestamptz(id) < %L',
                   date_trunc('month', now()), date_trunc('month', now()) + interval '1 month')");
my $plan = $coordinator->safe_psql('postgres', "EXPLAIN (VERBOSE, COSTS OFF) SELECT count(*) FROM readings WHERE $this_month_constant");
is(join(',', $plan =~ /Foreign Scan on \S+\.(readings_\w+)/g), 'readings_this_month',
    'a constant window of this month is planned on its shard alone') or diag($plan);
$plan = $coordinator->safe_psql('postgres',
    "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM readings WHERE $this_month");
my @ran = grep { !/never executed/ } ($plan =~ /(Foreign Scan on readings_\w+[^\n]*)/g);
is(scalar(@ran), 1, 'a window of this month relative to now() runs on its shard alone') or diag($plan);
like($ran[0] // '', qr/readings_this_month/, '... the shard of this month');
is($coordinator->safe_psql('postgres', "SELECT count(*) FROM readings WHERE $this_month"), '1000',
    'and counts its rows');
my $this_month_range = $coordinator->safe_psql('postgres',
    "SELECT format('%L::tstzrange', tstzrange(date_trunc('month', now()), date_trunc('month', now()) + interval '1 month'))");
$plan = $coordinator->safe_psql('postgres', "EXPLAIN (COSTS OFF) SELECT count(*) FROM readings WHERE id <@ $this_month_range");
is(join(',', $plan =~ /Foreign Scan on (readings_\w+)/g), 'readings_this_month',
    'the operator with a constant range of this month is planned on its shard alone') or diag($plan);
$plan = $coordinator->safe_psql('postgres', "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM readings
    WHERE id <@ tstzrange(date_trunc('month', now()), date_trunc('month', now()) + interval '1 month')");
@ran = grep { !/never executed/ } ($plan =~ /(Foreign Scan on readings_\w+[^\n]*)/g);
is(join(',', map { /(readings_\w+)/ } @ran), 'readings_this_month',
    'the operator with a range relative to now() runs on the shard of this month alone') or diag($plan);

# ---- every answer is one server's -----------------------------------------------------------
$nodes{single}->safe_psql('postgres', 'INSERT INTO readings SELECT * FROM coordinator_readings; ANALYZE readings');
my @questions = (
    "SELECT id FROM events WHERE $window",
    "SELECT id FROM events WHERE uuid_v7_to_timestamptz(id) >= now() - interval '1 day'",
    "SELECT id FROM events WHERE uuid_v7_to_timestamptz(id) BETWEEN now() - interval '10 days' AND now() - interval '9 days'",
    "SELECT id FROM events WHERE uuid_v7_to_timestamptz(id) < now() - interval '59 days'",
    "SELECT id FROM events WHERE uuid_v7_to_timestamp(id) > localtimestamp - interval '36 hours'",
    "SELECT id FROM events WHERE id <@ tstzrange(now() - interval '3 days', now() - interval '2 days')",
    "SELECT id FROM events WHERE uuid_v7_to_timestamptz(id) >= now() - interval '2 days' OR kind = 'none'",
    "SELECT id FROM events ORDER BY id DESC LIMIT 20",
    $latest,
    "SELECT id FROM events WHERE uuid_v7_to_timestamptz(id) < now() - interval '30 days' ORDER BY uuid_v7_to_timestamptz(id) DESC, id DESC LIMIT 20",
    "SELECT id FROM (SELECT id, uuid_v7_to_timestamptz(id) AS created_at FROM events) v WHERE created_at >= now() - interval '12 hours'",
    "SELECT id FROM readings WHERE $this_month",
    "SELECT id FROM readings WHERE uuid_v7_to_timestamptz(id) >= now() - interval '10 days'",
    "SELECT id FROM readings WHERE id <@ tstzrange(date_trunc('month', now()) - interval '2 weeks', date_trunc('month', now()) + interval '2 weeks')",
    "SELECT id FROM readings ORDER BY uuid_v7_to_timestamptz(id) DESC, id DESC LIMIT 20",
);
foreach my $question (@questions) {
    # In the order the question gives (LIMIT), or by key; a digest of the ids and their count.
    my $digest = "SELECT count(*) || ' ' || coalesce(md5(string_agg(id::text, ',' ORDER BY n)), '') FROM
                  (SELECT id, row_number() OVER () AS n FROM ($question) q) numbered";
    $digest = "SELECT count(*) || ' ' || coalesce(md5(string_agg(id::text, ',' ORDER BY id)), '') FROM ($question) q"
        unless $question =~ /LIMIT/;
    my $name = $question =~ s/\s+/ /gr;
    my ($instant, $sharded) = answered_at($coordinator, $digest);
    is($sharded, $nodes{single}->safe_psql('postgres', at_instant($digest, $instant)), "the shards answer as one server: $name");
    ($instant, $sharded) = answered_at($coordinator, $digest, 'SET uuidx.time_predicates = off; ');
    is($sharded, $nodes{single}->safe_psql('postgres', at_instant($digest, $instant)),
        "... and as themselves without uuidx's planner: $name");
}
my ($instant, $generic) = answered_at($coordinator, q{
        SET plan_cache_mode = force_generic_plan;
        PREPARE since(timestamptz) AS SELECT count(*) FROM events WHERE uuid_v7_to_timestamptz(id) >= $1;
        EXECUTE since(now() - interval '5 days')});
is($generic, $nodes{single}->safe_psql('postgres',
        at_instant("SELECT count(*) FROM events WHERE uuid_v7_to_timestamptz(id) >= now() - interval '5 days'", $instant)),
    'a generic plan\'s parameter counts as one server does');

$_->stop for values %nodes;
done_testing();
