# The time questions asked of hash shards (postgres_fdw, as docs/multi-server.md's "Sharding with
# postgres_fdw" sets them up) against one server holding the same rows: four servers of
# this machine on PostgreSQL's TAP framework (PostgreSQL::Test::Cluster), run by
# test/bench.sh as the server's user. Writes a markdown table to REPORT; the framework's log
# (tmp_check/log) holds the coordinator's plans.
#
# Each question runs `repetitions` times in interleaved rounds on both; a figure is the
# median of its rounds: time is the statement's planning and execution as EXPLAIN ANALYZE
# reports it on the server asked (the coordinator waits for its shards), and buffers are
# the pages the server asked reads (one server), or its shards read for it (counted from
# each shard's pg_statio_user_tables, after the shard's statistics reach it).
#   bench/shards.pl ROWS REPETITIONS REPORT
use strict;
use warnings;
use List::Util qw(sum);
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Time::HiRes qw(sleep);

my ($rows, $repetitions, $report) = @ARGV;
die "usage: shards.pl ROWS REPETITIONS REPORT\n" unless $rows && $repetitions && $report;

my %nodes;
foreach my $name (qw(coordinator shard1 shard2 shard3 single)) {
    my $node = PostgreSQL::Test::Cluster->new("bench_$name");
    $node->init;
    $node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuidx'\nshared_buffers = 256MB\nautovacuum = off\n");
    $node->start;
    $nodes{$name} = $node;
}
my ($coordinator, $single) = @nodes{qw(coordinator single)};
my @shards = map { $nodes{"shard$_"} } 1 .. 3;
sub address { my ($node) = @_; return sprintf("host '%s', port '%s'", $node->host, $node->port); }

# One server: a year of v7 keys, with its primary key.
$single->safe_psql('postgres', qq{
    CREATE EXTENSION uuidx;
    CREATE TABLE events (id uuid PRIMARY KEY, kind text NOT NULL, payload jsonb);
    INSERT INTO events (id, kind)
    SELECT uuid_generate_v7(now() - interval '365 days' * g / $rows), 'event' FROM generate_series(1, $rows) g;
    VACUUM ANALYZE events;
});
$_->safe_psql('postgres', q{
    CREATE EXTENSION uuidx;
    CREATE TABLE events (id uuid PRIMARY KEY, kind text NOT NULL, payload jsonb);
}) for @shards;
# The coordinator: the guide's hash shards, filled from the one server's rows.
$coordinator->safe_psql('postgres', join("\n",
    'CREATE EXTENSION uuidx; CREATE EXTENSION postgres_fdw;',
    (map { sprintf("CREATE SERVER shard%d FOREIGN DATA WRAPPER postgres_fdw OPTIONS (%s, dbname 'postgres', extensions 'uuidx', batch_size '1000');
                    CREATE USER MAPPING FOR CURRENT_USER SERVER shard%d;", $_, address($shards[$_ - 1]), $_) } 1 .. 3),
    sprintf("CREATE SERVER single FOREIGN DATA WRAPPER postgres_fdw OPTIONS (%s, dbname 'postgres');
             CREATE USER MAPPING FOR CURRENT_USER SERVER single;", address($single)),
    q{CREATE TABLE events (id uuid NOT NULL DEFAULT uuid_generate_v7(), kind text NOT NULL, payload jsonb) PARTITION BY HASH (id);},
    (map { sprintf("CREATE FOREIGN TABLE events_%d PARTITION OF events FOR VALUES WITH (MODULUS 3, REMAINDER %d)
                    SERVER shard%d OPTIONS (table_name 'events');", $_, $_ - 1, $_) } 1 .. 3),
    q{CREATE FOREIGN TABLE single_events (id uuid, kind text, payload jsonb) SERVER single OPTIONS (table_name 'events');
      INSERT INTO events SELECT * FROM single_events;}));
$_->safe_psql('postgres', 'VACUUM ANALYZE events') for @shards;
# The coordinator's statistics of its foreign partitions (sampled from the shards): without
# them it estimates a window at a few rows and fetches all of them to sort them.
$coordinator->safe_psql('postgres', 'ANALYZE events');

my @questions = (
    [ 'count of one day', q{SELECT count(*) FROM events
        WHERE uuid_v7_to_timestamptz(id) >= date_trunc('day', now()) - interval '100 days'
          AND uuid_v7_to_timestamptz(id) < date_trunc('day', now()) - interval '99 days'} ],
    [ 'count of the last day', q{SELECT count(*) FROM events WHERE uuid_v7_to_timestamptz(id) >= now() - interval '1 day'} ],
    [ 'rows of the last hour', q{SELECT * FROM events WHERE uuid_v7_to_timestamptz(id) >= now() - interval '1 hour'} ],
    [ 'latest 20', q{SELECT * FROM events ORDER BY uuid_v7_to_timestamptz(id) DESC LIMIT 20} ],
    [ 'first 20 of a day', q{SELECT * FROM events WHERE uuid_v7_to_timestamptz(id) >= now() - interval '50 days'
        ORDER BY uuid_v7_to_timestamptz(id) LIMIT 20} ],
);

# The pages of the table and its index that the shards have read, hit or not.
sub blocks_of_shards {
    return sum(map { $_->safe_psql('postgres', q{SELECT heap_blks_hit + heap_blks_read + idx_blks_hit + idx_blks_read
                                                 FROM pg_statio_user_tables WHERE relname = 'events'}) } @shards);
}

# EXPLAIN ANALYZE's planning + execution time (ms) and its top node's buffers.
sub measure {
    my ($node, $sql) = @_;
    my $plan = $node->safe_psql('postgres', "EXPLAIN (ANALYZE, BUFFERS, TIMING OFF) $sql");
    my ($planning) = $plan =~ /Planning Time: ([\d.]+)/;
    my ($execution) = $plan =~ /Execution Time: ([\d.]+)/;
    my ($buffers_line) = $plan =~ /^\s*Buffers: (shared[^\n]*)/m;
    my $buffers = 0;
    $buffers += $1 while ($buffers_line // '') =~ /(?:hit|read)=(\d+)/g;
    return ($planning + $execution, $buffers);
}

sub median {
    my @sorted = sort { $a <=> $b } @_;
    return @sorted % 2 ? $sorted[$#sorted / 2] : ($sorted[@sorted / 2 - 1] + $sorted[@sorted / 2]) / 2;
}

# Warm both, then interleaved rounds, the order of the two turning each round.
foreach my $question (@questions) {
    measure($single, $question->[1]);
    measure($coordinator, $question->[1]);
    print $coordinator->safe_psql('postgres', "EXPLAIN (ANALYZE, VERBOSE, TIMING OFF) $question->[1]"), "\n";
}
my %figures;
foreach my $round (1 .. $repetitions) {
    foreach my $question (@questions) {
        my ($name, $sql) = @$question;
        foreach my $side ($round % 2 ? ('single', 'shards') : ('shards', 'single')) {
            if ($side eq 'single') {
                my ($ms, $buffers) = measure($single, $sql);
                push @{ $figures{$name}{single_ms} }, $ms;
                push @{ $figures{$name}{single_buffers} }, $buffers;
            } else {
                my $before = blocks_of_shards();
                my ($ms) = measure($coordinator, $sql);
                sleep(1.2);  # a backend's statistics reach the shared counters within a second
                push @{ $figures{$name}{shards_ms} }, $ms;
                push @{ $figures{$name}{shards_buffers} }, blocks_of_shards() - $before;
            }
        }
    }
}

open(my $out, '>', $report) or die "$report: $!";
my $version = $single->safe_psql('postgres', "SELECT current_setting('server_version')");
print $out "\n### Hash shards (postgres_fdw) against one server\n\n";
print $out "PostgreSQL $version, $rows v7 keys over a year, on one server and on three hash shards of one coordinator, all on this machine; medians of $repetitions interleaved rounds.\n\n";
print $out "| question | one server: ms | buffers | 3 shards: ms | shards' buffers | time ratio |\n| --- | ---: | ---: | ---: | ---: | ---: |\n";
foreach my $question (@questions) {
    my $f = $figures{ $question->[0] };
    my ($single_ms, $shards_ms) = (median(@{ $f->{single_ms} }), median(@{ $f->{shards_ms} }));
    printf($out "| %s | %.2f | %d | %.2f | %d | %.2f× |\n", $question->[0], $single_ms, median(@{ $f->{single_buffers} }),
        $shards_ms, median(@{ $f->{shards_buffers} }), $shards_ms / $single_ms);
}
close $out;
$_->stop for values %nodes;
