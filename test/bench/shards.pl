# The time questions asked of hash shards (postgres_fdw, as docs/multi-server.md's "Sharding with
# postgres_fdw" sets them up, async_capable and parallel_commit included) against one server
# holding the same rows: five servers of this machine on PostgreSQL's TAP framework
# (PostgreSQL::Test::Cluster), run by test/bench.sh as the server's user. Writes a markdown
# table to REPORT, and the coordinator's plans of every question to standard output.
#
# As applications ask them: in one session kept open on each server (a pool's connection),
# so that the coordinator's connections to its shards are made once. Each question is asked
# as written, and, where the guide's *Keeping shard questions cheap* has a form that does the
# work on the shards, in that form too (its functions events_count() and events_latest()).
# Each runs `repetitions` times in interleaved rounds, back to back, the order of the sides
# turning each round; a figure is the median of its rounds' planning + execution as EXPLAIN
# ANALYZE reports it on the server asked (the coordinator waits for its shards). What a new session
# adds (the coordinator connecting to each shard) is measured apart: the question as
# written, each time in a session of its own, less its one-session median. Buffers are
# the pages the one server reads (a median), or its shards read for the coordinator (one
# pass after the rounds, in new sessions, counted from each shard's pg_statio_user_tables
# once the shard's statistics reach it).
#   bench/shards.pl ROWS REPETITIONS REPORT
use strict;
use warnings;
use List::Util qw(sum);
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Time::HiRes qw(sleep);
use UuidxBench;  # on PERL5LIB with UuidxTap: test/bench.sh runs this file as the TAP tests run theirs
use UuidxTap;

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

# One server: ROWS v7 keys over 300 days, with its primary key.
$single->safe_psql('postgres', qq{
    CREATE EXTENSION uuidx;
    CREATE TABLE events (id uuid PRIMARY KEY, kind text NOT NULL, payload jsonb);
    INSERT INTO events (id, kind)
    SELECT uuid_generate_v7(now() - interval '300 days' * g / $rows), 'event' FROM generate_series(1, $rows) g;
});
$single->safe_psql('postgres', 'VACUUM ANALYZE events');
$_->safe_psql('postgres', q{
    CREATE EXTENSION uuidx;
    CREATE TABLE events (id uuid PRIMARY KEY, kind text NOT NULL, payload jsonb);
}) for @shards;
# The coordinator: the guide's hash shards, filled from the one server's rows, and the
# guide's functions that ask each shard for its part.
$coordinator->safe_psql('postgres', join("\n",
    'CREATE EXTENSION uuidx; CREATE EXTENSION postgres_fdw;',
    (map { sprintf("CREATE SERVER shard%d FOREIGN DATA WRAPPER postgres_fdw
                        OPTIONS (%s, dbname 'postgres', extensions 'uuidx', async_capable 'true', parallel_commit 'true',
                             batch_size '1000');
                    CREATE USER MAPPING FOR CURRENT_USER SERVER shard%d;", $_, address($shards[$_ - 1]), $_) } 1 .. 3),
    sprintf("CREATE SERVER single FOREIGN DATA WRAPPER postgres_fdw OPTIONS (%s, dbname 'postgres');
             CREATE USER MAPPING FOR CURRENT_USER SERVER single;", address($single)),
    q{CREATE TABLE events (id uuid NOT NULL DEFAULT uuid_generate_v7(), kind text NOT NULL, payload jsonb) PARTITION BY HASH (id);},
    (map { sprintf("CREATE FOREIGN TABLE events_%d PARTITION OF events FOR VALUES WITH (MODULUS 3, REMAINDER %d)
                    SERVER shard%d OPTIONS (table_name 'events');", $_, $_ - 1, $_) } 1 .. 3),
    q{CREATE FOREIGN TABLE single_events (id uuid, kind text, payload jsonb) SERVER single OPTIONS (table_name 'events');
      INSERT INTO events SELECT * FROM single_events;},
    # The guide's per-shard functions, read as test/tap/sharding.pl reads them.
    map { $_->[1] } grep { $_->[1] =~ /CREATE FUNCTION/ } readme_blocks('sharding')));
$_->safe_psql('postgres', 'VACUUM ANALYZE events') for @shards;
# The coordinator's statistics of its foreign partitions (sampled from the shards): without
# them it estimates a window at a few rows and fetches all of them to sort them.
$coordinator->safe_psql('postgres', 'ANALYZE events');

my $day = q{uuid_v7_to_timestamptz(id) >= date_trunc('day', now()) - interval '100 days'
            AND uuid_v7_to_timestamptz(id) < date_trunc('day', now()) - interval '99 days'};
# [name, as written, the guide's per-shard form or undef]
my @questions = (
    [ 'count of one day', "SELECT count(*) FROM events WHERE $day",
      q{SELECT events_count(date_trunc('day', now()) - interval '100 days', date_trunc('day', now()) - interval '99 days')} ],
    [ 'count of the last day', q{SELECT count(*) FROM events WHERE uuid_v7_to_timestamptz(id) >= now() - interval '1 day'},
      q{SELECT events_count(now() - interval '1 day', 'infinity')} ],
    [ 'rows of the last hour', q{SELECT * FROM events WHERE uuid_v7_to_timestamptz(id) >= now() - interval '1 hour'}, undef ],
    [ 'latest 20', q{SELECT * FROM events ORDER BY uuid_v7_to_timestamptz(id) DESC LIMIT 20},
      q{SELECT * FROM events_latest(20)} ],
    [ 'first 20 of a day', q{SELECT * FROM events WHERE uuid_v7_to_timestamptz(id) >= now() - interval '50 days'
        ORDER BY uuid_v7_to_timestamptz(id) LIMIT 20}, undef ],
);

# The pages of the table and its index that the shards have read, hit or not, once the
# statistics of the shards' backends that have ended have reached the counters (two reads a
# second apart agree).
sub blocks_of_shards {
    my $read = sub {
        sum(map { $_->safe_psql('postgres', q{SELECT heap_blks_hit + heap_blks_read + idx_blks_hit + idx_blks_read
                                              FROM pg_statio_user_tables WHERE relname = 'events'}) } @shards);
    };
    my ($before, $after) = (-1, $read->());
    while ($after != $before) {
        sleep(1.2);  # a backend's statistics reach the shared counters within a second
        ($before, $after) = ($after, $read->());
    }
    return $after;
}

my %session = map { my $s = $nodes{$_}->background_psql('postgres'); ($_ => sub { $s->query_safe($_[0]) }) }
  qw(single coordinator);
my $new_coordinator_session = sub { $coordinator->safe_psql('postgres', $_[0]) };
# Every answer of the shards, as written and per shard, is one server's.
foreach my $question (@questions) {
    my ($name, $written, $per_shard) = @$question;
    my $digest = "SELECT md5(string_agg(x::text, ',' ORDER BY x::text)) FROM (%s) x";
    my $expected = $session{single}->(sprintf($digest, $written));
    foreach my $form (grep { defined } $written, $per_shard) {
        my $got = $session{coordinator}->(sprintf($digest, $form));
        die "the shards answer '$name' otherwise than one server ($form)\n" unless $got eq $expected;
    }
    print $session{coordinator}->("EXPLAIN (ANALYZE, VERBOSE, TIMING OFF) $_"), "\n" for grep { defined } $written, $per_shard;
}
# Timed rounds in the kept sessions, back to back as an application asks; then the new
# sessions' rounds (apart: a session's end, on the coordinator and on each shard, would
# weigh on the question after it); then one pass for the shards' buffers.
my %figures;
foreach my $round (1 .. $repetitions) {
    foreach my $question (@questions) {
        my ($name, $written, $per_shard) = @$question;
        my @sides = ('single', 'shards', defined $per_shard ? ('per shard') : ());
        @sides = reverse @sides unless $round % 2;
        foreach my $side (@sides) {
            my ($ask, $sql) = $side eq 'single' ? ($session{single}, $written)
                            : ($session{coordinator}, $side eq 'shards' ? $written : $per_shard);
            my ($ms, $buffers) = explain_ms($ask, $sql);
            push @{ $figures{$name}{"$side ms"} }, $ms;
            push @{ $figures{$name}{'single buffers'} }, $buffers if $side eq 'single';
        }
    }
}
foreach my $round (1 .. $repetitions) {
    push @{ $figures{ $_->[0] }{'new session ms'} }, (explain_ms($new_coordinator_session, $_->[1]))[0] for @questions;
}
foreach my $question (@questions) {
    my ($name, $written, $per_shard) = @$question;
    foreach my $side ('shards', defined $per_shard ? ('per shard') : ()) {
        my $before = blocks_of_shards();
        # In a new session, whose shard backends report their statistics as they exit (a kept
        # one's may wait 10 s).
        explain_ms($new_coordinator_session, $side eq 'shards' ? $written : $per_shard);
        $figures{$name}{"$side buffers"} = blocks_of_shards() - $before;
    }
}

open(my $out, '>', $report) or die "$report: $!";
my $version = $single->safe_psql('postgres', "SELECT current_setting('server_version')");
print $out "\n### Hash shards (postgres_fdw) against one server\n\n";
print $out "PostgreSQL $version, $rows v7 keys over 300 days, on one server and on three hash shards of one coordinator "
  . "(`async_capable`, `parallel_commit`), all on this machine; each asked in one session kept open (a pool's connection), medians of "
  . "$repetitions interleaved rounds of planning + execution. *Per shard*: the guide's form that does the work on the "
  . "shards (`events_count()`, `events_latest()`); *a new session adds*: the question as written, each time in a new "
  . "session (the coordinator connects to each shard), less its one-session time. Goal: within one server's time + 1.5 ms.\n\n";
print $out "| question | one server: ms | buffers | 3 shards: ms | shards' buffers | per shard: ms | shards' buffers | "
  . "best − one server (ms) | goal | a new session adds (ms) |\n"
  . "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |\n";
foreach my $question (@questions) {
    my $f = $figures{ $question->[0] };
    my %ms = map { ($_ => $f->{"$_ ms"} ? median(@{ $f->{"$_ ms"} }) : undef) } ('single', 'shards', 'per shard', 'new session');
    my $best = defined $ms{'per shard'} && $ms{'per shard'} < $ms{shards} ? $ms{'per shard'} : $ms{shards};
    printf($out "| %s | %.2f | %d | %.2f | %d | %s | %s | %.2f | %s | %.1f |\n", $question->[0], $ms{single},
        median(@{ $f->{'single buffers'} }), $ms{shards}, $f->{'shards buffers'},
        defined $ms{'per shard'} ? sprintf('%.2f', $ms{'per shard'}) : '',
        defined $ms{'per shard'} ? $f->{'per shard buffers'} : '', $best - $ms{single},
        $best - $ms{single} <= 1.5 ? 'met' : '**missed**', $ms{'new session'} - $ms{shards});
}
close $out;
$_->stop for values %nodes;
