# Citus, as docs/multi-server.md's "Citus" sets it up (its recipes run here as printed): a
# coordinator and two workers, `shared_preload_libraries = 'citus,uuidx'`, a table
# distributed by its v7 key. Checked: every time question of the README asked of the
# coordinator gives one server's rows (a plain table on the coordinator holding the same
# keys) and the rows with uuidx's planner off on every node; each of its tasks reads its
# shard's primary key by the key range (citus.explain_all_tasks); SET reaches the workers
# only as SET LOCAL with citus.propagate_set_commands = 'local'; a reference table, a
# colocated join, INSERT ... SELECT colocated and repartitioned, prepared statements; keys
# made through the coordinator are in the order they were made; and no server crashed.
# Runs where Citus is installed for the server's major (a Citus package puts its library in
# the server's pkglibdir), and skips, saying why, elsewhere: the project builds no Citus.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxTap;

my $citus_missing = citus_missing(PostgreSQL::Test::Cluster->new('citus_probe'));
plan skip_all => $citus_missing if $citus_missing;

my %nodes;
foreach my $name (qw(coordinator worker1 worker2)) {
    my $node = PostgreSQL::Test::Cluster->new($name);
    $node->init;
    $node->append_conf('postgresql.conf', "max_prepared_transactions = 20\nwal_level = logical\n"
      . "citus.enable_statistics_collection = off\n");
    $nodes{$name} = $node;
}
my $coordinator = $nodes{coordinator};
my @workers = @nodes{qw(worker1 worker2)};
my %addresses = map { ($_ => $nodes{$_}) } keys %nodes;

# The guide's recipes: the configuration on every node, then its SQL on its nodes.
foreach my $block (readme_blocks('citus', 'ini')) {
    $_->append_conf('postgresql.conf', $block->[1]) for values %nodes;
}
$_->start for values %nodes;
foreach my $block (readme_blocks('citus')) {
    my ($where, $sql) = @$block;
    my @targets = $where eq 'nodes' ? ($coordinator, @workers) : ($nodes{$where} // die "no node '$where' in citus.pl");
    $_->safe_psql('postgres', with_addresses($sql, %addresses)) for @targets;
}
is($coordinator->safe_psql('postgres', 'SELECT count(*) FROM citus_get_active_worker_nodes()'), '2',
    'the coordinator has its two workers');
is($coordinator->safe_psql('postgres', 'SELECT count(*) FROM events'), '1000', "the guide's 1,000 keys are in");

# ---- the same keys on one server, and on the workers -----------------------------------------
# 60,000 keys over the last 60 days, made through the coordinator from times (a backfill),
# and 2,000 made by its DEFAULT, numbered as they were inserted.
$coordinator->safe_psql('postgres', q{
    INSERT INTO events (id, kind)
    SELECT uuid_generate_v7(now() - (g % 60) * interval '1 day' - random() * interval '1 day'), 'dated'
    FROM generate_series(1, 60000) g;
    INSERT INTO events (kind, payload) SELECT 'made', jsonb_build_object('n', g) FROM generate_series(1, 2000) g;
    CREATE TABLE events_one_server (id uuid PRIMARY KEY, kind text NOT NULL, payload jsonb);
    INSERT INTO events_one_server SELECT * FROM events;
    ANALYZE events_one_server;
});
is($coordinator->safe_psql('postgres', 'SELECT count(*) FROM events_one_server'), '63000',
    'the one-server copy on the coordinator holds every key');
is($coordinator->safe_psql('postgres', q{SELECT count(DISTINCT p.nodeport) FROM pg_dist_shard s
        JOIN pg_dist_shard_placement p USING (shardid) WHERE s.logicalrelid = 'events'::regclass}),
    '2', "the table's shards are placed on both workers");
is($coordinator->safe_psql('postgres', q{
        SELECT bool_and(n = expected) FROM (
            SELECT (payload->>'n')::int AS n, row_number() OVER (ORDER BY id) AS expected FROM events WHERE kind = 'made') s}),
    't', 'keys made by the coordinator\'s DEFAULT are in the order they were made, across the workers');

# ---- every time question: one server's rows, with the planner on and off ---------------------
my $window = q{uuid_v7_to_timestamptz(id) >= now() - interval '10 days' AND uuid_v7_to_timestamptz(id) < now() - interval '9 days'};
my @questions = (
    "SELECT id FROM events WHERE $window",
    "SELECT count(*) FROM events WHERE uuid_v7_to_timestamptz(id) >= now() - interval '1 day'",
    "SELECT id FROM events WHERE uuid_v7_to_timestamptz(id) BETWEEN '2026-01-01 00:00+00' AND '2026-01-02 00:00+00'",
    "SELECT id FROM events WHERE uuid_v7_to_timestamp(id) > localtimestamp - interval '36 hours'",
    "SELECT id FROM events WHERE id <@ tstzrange(now() - interval '3 days', now() - interval '2 days')",
    "SELECT id FROM events ORDER BY uuid_v7_to_timestamptz(id) DESC, id DESC LIMIT 20",
    "SELECT id FROM events WHERE uuid_v7_to_timestamptz(id) < now() - interval '30 days' ORDER BY id DESC LIMIT 20",
    "SELECT min(uuid_v7_to_timestamptz(id)) < max(uuid_v7_to_timestamptz(id)) FROM events",
    "SELECT date_trunc('day', uuid_v7_to_timestamptz(id)) AS day, count(*) FROM events
     WHERE uuid_v7_to_timestamptz(id) >= now() - interval '7 days' GROUP BY 1 ORDER BY 1",
    "SELECT id FROM (SELECT id, uuid_v7_to_timestamptz(id) AS created_at FROM events) v WHERE created_at >= now() - interval '12 hours'",
);
# same_answer NAME ONE_SERVER QUESTION [OFF]: ONE_SERVER (asked of the plain tables on the
# coordinator) and QUESTION (asked of Citus; with OFF, with uuidx's planner off on every
# node) give the same rows, a line a row: in the question's order where it has ORDER BY,
# else sorted. Both run in one transaction, so that now() is one instant for both: a key
# near a window's edge cannot move across it between them. An error on either side fails
# the check (and the test goes on).
my $one_server_ends = 'one server above, Citus below';
sub same_answer {
    my ($name, $one_server, $question, $off) = @_;
    my $sql = ($off ? "SET citus.propagate_set_commands = 'local'; " : '')
      . "BEGIN; $one_server; SELECT '$one_server_ends'; "
      . ($off ? 'SET LOCAL uuidx.time_predicates = off; ' : '') . "$question; COMMIT;";
    my ($status, $out, $err) = $coordinator->psql('postgres', $sql, on_error_stop => 1);
    my @lines = split /\n/, $out // '';
    my ($end) = grep { $lines[$_] eq $one_server_ends } 0 .. $#lines;
    if ($status != 0 || !defined $end) {
        fail($name);
        diag("$sql\n$err");
        return;
    }
    my @one = @lines[0 .. $end - 1];
    my @citus = @lines[$end + 1 .. $#lines];
    @$_ = sort @$_ for $question =~ /ORDER BY/ ? () : (\@one, \@citus);
    is(join("\n", @citus), join("\n", @one), $name);
}
my $off_everywhere = "SET citus.propagate_set_commands = 'local'; BEGIN; SET LOCAL uuidx.time_predicates = off; ";
foreach my $question (@questions) {
    (my $one_server_question = $question) =~ s/\bFROM events\b/FROM events_one_server/g;
    my $name = $question =~ s/\s+/ /gr;
    same_answer("Citus answers as one server: $name", $one_server_question, $question);
    same_answer("... and as itself with uuidx's planner off on every node: $name", $one_server_question, $question, 'off');
}

# ---- each task reads its shard's primary key by the key range -----------------------------
my $shards = $coordinator->safe_psql('postgres', q{SELECT count(*) FROM pg_dist_shard WHERE logicalrelid = 'events'::regclass});
my $tasks_plan = $coordinator->safe_psql('postgres',
    "SET citus.explain_all_tasks = on; EXPLAIN (COSTS OFF) SELECT count(*) FROM events WHERE $window");
my @by_key = $tasks_plan =~ /((?:Index (?:Only )?Scan using|Bitmap Index Scan on) events_pkey_\d+[^\n]*\n\s+Index Cond: \(+id )/g;
is(scalar(@by_key), $shards, "each of the $shards tasks of a day's count reads its shard's primary key by the key")
    or diag($tasks_plan);
unlike($tasks_plan, qr/Seq Scan/, 'no task reads its shard whole');
my $latest_plan = $coordinator->safe_psql('postgres',
    'SET citus.explain_all_tasks = on; EXPLAIN (COSTS OFF) SELECT id FROM events ORDER BY uuid_v7_to_timestamptz(id) DESC LIMIT 20');
my @backward = $latest_plan =~ /(Index (?:Only )?Scan Backward using events_pkey_\d+)/g;
is(scalar(@backward), $shards, "each of the $shards tasks of the latest 20 reads its shard's primary key backward")
    or diag($latest_plan);

# SET stays on the coordinator; SET LOCAL with propagate_set_commands reaches the workers.
my $coordinator_only = $coordinator->safe_psql('postgres', "SET uuidx.time_predicates = off; SET citus.explain_all_tasks = on;
    EXPLAIN (COSTS OFF) SELECT count(*) FROM events WHERE $window");
like($coordinator_only, qr/Index Cond: \(+id /, 'a plain SET on the coordinator does not reach the workers (they still plan by key)');
my $everywhere = $coordinator->safe_psql('postgres', "$off_everywhere SET LOCAL citus.explain_all_tasks = on;
    EXPLAIN (COSTS OFF) SELECT count(*) FROM events WHERE $window; COMMIT;");
unlike($everywhere, qr/Index Cond: \(+id /, 'SET LOCAL with citus.propagate_set_commands = local reaches the workers')
    or diag($everywhere);

# ---- reference table, colocated join, INSERT ... SELECT, prepared statements ------------------
$coordinator->safe_psql('postgres', q{
    CREATE TABLE kinds (kind text PRIMARY KEY, label text NOT NULL);
    SELECT create_reference_table('kinds');
    INSERT INTO kinds VALUES ('dated', 'backfilled'), ('made', 'by the default'), ('signup', 'from the guide');
    CREATE TABLE kinds_one_server AS SELECT * FROM kinds;
    CREATE TABLE event_notes (event_id uuid NOT NULL, note text NOT NULL);
    SELECT create_distributed_table('event_notes', 'event_id', colocate_with => 'events');
    INSERT INTO event_notes SELECT id, 'note ' || kind FROM events WHERE uuid_v7_to_timestamptz(id) >= now() - interval '20 days';
    CREATE TABLE event_notes_one_server AS SELECT * FROM event_notes;
    CREATE TABLE events_archive (id uuid PRIMARY KEY, kind text NOT NULL);
    SELECT create_distributed_table('events_archive', 'id', colocate_with => 'events');
    CREATE TABLE counts_by_kind (kind text NOT NULL, n bigint NOT NULL);
    SELECT create_distributed_table('counts_by_kind', 'kind');
});
foreach my $question (
    "SELECT e.id, k.label FROM events e JOIN kinds k USING (kind) WHERE uuid_v7_to_timestamptz(e.id) >= now() - interval '2 days'",
    "SELECT e.id, n.note FROM events e JOIN event_notes n ON n.event_id = e.id WHERE uuid_v7_to_timestamptz(e.id) BETWEEN now() - interval '15 days' AND now() - interval '14 days'",
) {
    (my $one_server_question = $question) =~ s/\bFROM events\b/FROM events_one_server/;
    $one_server_question =~ s/\bJOIN (kinds|event_notes)\b/JOIN $1_one_server/;
    my $name = $question =~ /kinds/ ? 'a join with a reference table' : 'a colocated join';
    same_answer("$name over a time window answers as one server", $one_server_question, $question);
}
# Written and compared in one transaction: one now() for the windows of both sides.
my ($archived, $archived_one_server, $counted, $counted_one_server) = split /\n/, $coordinator->safe_psql('postgres', q{
    BEGIN;
    INSERT INTO events_archive SELECT id, kind FROM events WHERE uuid_v7_to_timestamptz(id) < now() - interval '50 days';
    INSERT INTO counts_by_kind SELECT kind, count(*) FROM events WHERE uuid_v7_to_timestamptz(id) >= now() - interval '5 days' GROUP BY kind;
    SELECT count(*) FROM events_archive;
    SELECT count(*) FROM events_one_server WHERE uuid_v7_to_timestamptz(id) < now() - interval '50 days';
    SELECT string_agg(kind || '=' || n, ',' ORDER BY kind) FROM counts_by_kind;
    SELECT string_agg(kind || '=' || n, ',' ORDER BY kind) FROM (SELECT kind, count(*) AS n
        FROM events_one_server WHERE uuid_v7_to_timestamptz(id) >= now() - interval '5 days' GROUP BY kind) s;
    COMMIT;
});
is($archived, $archived_one_server, 'INSERT ... SELECT into a colocated table takes the window\'s rows');
is($counted, $counted_one_server, 'INSERT ... SELECT repartitioned by another column takes the window\'s counts');
# INSERT ... SELECT from a distributed table into one with the DEFAULT: keys made on the workers.
$coordinator->safe_psql('postgres', "INSERT INTO events (kind) SELECT 'copied' FROM events WHERE kind = 'signup'");
is($coordinator->safe_psql('postgres', q{SELECT count(*) || ',' || count(DISTINCT id) || ',' ||
        count(*) FILTER (WHERE uuid_extract_version(id) = 7) FROM events WHERE kind = 'copied'}),
    '1000,1000,1000', 'INSERT ... SELECT from the table into itself with the DEFAULT makes distinct v7 keys');

# (The keys copied above are in events alone: the count to match is the one asked directly,
# equal to one server's above, in the same transaction: one now().)
my ($three_days, @executions) = split /\n/, $coordinator->safe_psql('postgres', q{
    BEGIN;
    SELECT count(*) FROM events WHERE uuid_v7_to_timestamptz(id) >= now() - interval '3 days';
    PREPARE since(timestamptz) AS SELECT count(*) FROM events WHERE uuid_v7_to_timestamptz(id) >= $1;
    EXECUTE since(now() - interval '3 days'); EXECUTE since(now() - interval '3 days'); EXECUTE since(now() - interval '3 days');
    EXECUTE since(now() - interval '3 days'); EXECUTE since(now() - interval '3 days'); EXECUTE since(now() - interval '3 days');
    EXECUTE since(now() - interval '3 days');
    COMMIT;
});
is(join(',', @executions), join(',', ($three_days) x 7),
    'a prepared statement counts as the statement asked directly in each of 7 executions (past the custom plans)');
my ($status, $out, $err) = $coordinator->psql('postgres', q{SET plan_cache_mode = force_generic_plan;
    PREPARE by_kind(text) AS SELECT count(*) FROM events WHERE kind = $1; EXECUTE by_kind('signup');});
isnt($status, 0, "force_generic_plan fails in Citus for a parameter even where uuidx has nothing to do ($err)");

# ---- no server crashed --------------------------------------------------------------------------
foreach my $name (sort keys %nodes) {
    my $log = slurp_file($nodes{$name}->logfile);
    unlike($log, qr/terminated by signal|PANIC/, "$name: no process crashed");
}

$_->stop for values %nodes;
done_testing();
