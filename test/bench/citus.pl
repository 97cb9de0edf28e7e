# The README's time questions asked of a Citus cluster (docs/multi-server.md's "Citus": a
# coordinator and two workers, `shared_preload_libraries = 'citus,uuidx'`, the table
# distributed by its v7 key over Citus's default 32 shards) against one server holding the
# same rows, all on this machine, on PostgreSQL's TAP framework; run by test/bench.sh as the
# server's user. Writes a markdown table to REPORT, or, where Citus is not installed for the
# server's major (the project builds none), the line that says so.
#
# The coordinator keeps up to 16 connections to each worker between statements
# (citus.max_cached_conns_per_worker, the guide's advice; Citus's default of 1 makes every
# question open most of its tasks' connections anew). Each question is asked in one session
# kept open on each server (a pool's connection),
# back to back, in interleaved rounds whose order turns each round: of one server, of the
# coordinator, and of the coordinator with uuidx's planner off on every node (SET LOCAL,
# which Citus passes to the workers with citus.propagate_set_commands = 'local'). A figure
# is the median of its rounds' statement time as psql measures it in that session (\timing:
# the statement sent to its result received, rows included).
#   bench/citus.pl ROWS REPETITIONS REPORT
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use UuidxBench qw(median);  # on PERL5LIB with UuidxTap: test/bench.sh runs this file as the TAP tests run theirs
use UuidxTap;

my ($rows, $repetitions, $report) = @ARGV;
die "usage: citus.pl ROWS REPETITIONS REPORT\n" unless $rows && $repetitions && $report;

my $citus_missing = citus_missing(PostgreSQL::Test::Cluster->new('bench_citus_probe'));
if ($citus_missing) {
    open(my $fh, '>', $report) or die "$report: $!";
    print $fh "\n### Citus against one server\n\nNot measured: $citus_missing.\n";
    close $fh;
    exit 0;
}

my %nodes;
foreach my $name (qw(coordinator worker1 worker2 single)) {
    my $node = PostgreSQL::Test::Cluster->new("bench_$name");
    $node->init;
    my $preload = $name eq 'single' ? 'uuidx' : 'citus,uuidx';
    $node->append_conf('postgresql.conf', "shared_preload_libraries = '$preload'\nshared_buffers = 256MB\n"
      . "autovacuum = off\nmax_prepared_transactions = 20\n"
      . ($name eq 'single' ? '' : "citus.enable_statistics_collection = off\ncitus.max_cached_conns_per_worker = 16\n"));
    $node->start;
    $nodes{$name} = $node;
}
my ($coordinator, $single) = @nodes{qw(coordinator single)};
$_->safe_psql('postgres', 'CREATE EXTENSION citus; CREATE EXTENSION uuidx;') for @nodes{qw(coordinator worker1 worker2)};
$coordinator->safe_psql('postgres', with_addresses(q{
    SELECT citus_set_coordinator_host('coordinator', 5432);
    SELECT citus_add_node('worker1', 5432);
    SELECT citus_add_node('worker2', 5432);
}, map { ($_ => $nodes{$_}) } qw(coordinator worker1 worker2)));

# ROWS keys over 300 days, made on the coordinator into the distributed table, and copied
# as they are to the one server.
my $copy = "${PostgreSQL::Test::Utils::tmp_check}/citus_bench_events.copy";
$coordinator->safe_psql('postgres', qq{
    CREATE TABLE events (id uuid NOT NULL DEFAULT uuid_generate_v7(), kind text NOT NULL, payload jsonb, PRIMARY KEY (id));
    SELECT create_distributed_table('events', 'id');
    INSERT INTO events (id, kind)
    SELECT uuid_generate_v7(now() - interval '300 days' * g / $rows), 'event' FROM generate_series(1, $rows) g;
    COPY (SELECT * FROM events) TO '$copy';
});
$single->safe_psql('postgres', qq{
    CREATE EXTENSION uuidx;
    CREATE TABLE events (id uuid PRIMARY KEY, kind text NOT NULL, payload jsonb);
    COPY events FROM '$copy';
});
$_->safe_psql('postgres', 'VACUUM ANALYZE events') for values %nodes;
unlink $copy;

my @questions = (
    [ 'count of one day', q{SELECT count(*) FROM events
        WHERE uuid_v7_to_timestamptz(id) >= date_trunc('day', now()) - interval '100 days'
          AND uuid_v7_to_timestamptz(id) < date_trunc('day', now()) - interval '99 days'} ],
    [ 'count of the last day', q{SELECT count(*) FROM events WHERE uuid_v7_to_timestamptz(id) >= now() - interval '1 day'} ],
    [ 'rows of the last hour', q{SELECT * FROM events WHERE uuid_v7_to_timestamptz(id) >= now() - interval '1 hour'} ],
    [ 'latest 20', q{SELECT * FROM events ORDER BY uuid_v7_to_timestamptz(id) DESC LIMIT 20} ],
    [ 'first 20 of a day', q{SELECT * FROM events WHERE uuid_v7_to_timestamptz(id) >= now() - interval '50 days'
        ORDER BY uuid_v7_to_timestamptz(id) LIMIT 20} ],
    [ 'min and max', q{SELECT min(uuid_v7_to_timestamptz(id)), max(uuid_v7_to_timestamptz(id)) FROM events} ],
);

my %session = map { my $s = $nodes{$_}->background_psql('postgres'); ($_ => sub { $s->query_safe($_[0]) }) }
  qw(single coordinator);
$session{coordinator}->("SET citus.propagate_set_commands = 'local'");
# SQL run in a transaction with uuidx's planner off on every node (SET LOCAL, passed on).
sub planner_off { my ($sql) = @_; return "BEGIN;\nSET LOCAL uuidx.time_predicates = off;\n$sql\nCOMMIT;"; }
# The statement's time as psql measures it (\timing: sent to its result received) in the
# session ASK, with uuidx's planner off on every node if OFF (in a transaction, SET LOCAL).
# EXPLAIN ANALYZE is no measure here: on the coordinator it does not count the time Citus's
# adaptive executor waits for the workers' tasks as it counts a plain scan's.
sub statement_ms {
    my ($ask, $sql, $off) = @_;
    my $timed = "\\timing on\n$sql;\n\\timing off";
    my ($ms) = $ask->($off ? planner_off($timed) : $timed) =~ /^Time: ([\d.]+) ms/m;
    return $ms;
}
# Every answer of Citus, with the planner on and off, is one server's.
foreach my $question (@questions) {
    my ($name, $sql) = @$question;
    my $digest = "SELECT md5(string_agg(x::text, ',' ORDER BY x::text)) FROM ($sql) x";
    my $expected = $session{single}->($digest);
    die "Citus answers '$name' otherwise than one server\n" unless $session{coordinator}->($digest) eq $expected;
    die "Citus with uuidx's planner off answers '$name' otherwise than one server\n" unless $session{coordinator}->(planner_off("$digest;")) eq $expected;
}
my %figures;
foreach my $round (1 .. $repetitions) {
    foreach my $question (@questions) {
        my ($name, $sql) = @$question;
        my @sides = ('single', 'citus', 'off');
        @sides = reverse @sides unless $round % 2;
        foreach my $side (@sides) {
            push @{ $figures{$name}{$side} },
              statement_ms($side eq 'single' ? $session{single} : $session{coordinator}, $sql, $side eq 'off');
        }
    }
}

open(my $out, '>', $report) or die "$report: $!";
my $version = $single->safe_psql('postgres', "SELECT current_setting('server_version')");
my $citus = $coordinator->safe_psql('postgres', "SELECT extversion FROM pg_extension WHERE extname = 'citus'");
print $out "\n### Citus against one server\n\n";
print $out "PostgreSQL $version, Citus $citus: $rows v7 keys over 300 days in a table distributed by its key (32 shards) over "
  . "two workers (`citus.max_cached_conns_per_worker = 16`), and on one server, all on this machine; each asked in one session kept open, medians of $repetitions "
  . "interleaved rounds of the statement's time as psql measures it (`\\timing`, rows received included); *planner off*: uuidx.time_predicates off on every node (SET LOCAL).\n\n";
print $out "| question | one server: ms | Citus: ms | Citus − one server (ms) | Citus, planner off: ms | off / on |\n"
  . "| --- | ---: | ---: | ---: | ---: | ---: |\n";
foreach my $question (@questions) {
    my %ms = map { ($_ => median(@{ $figures{ $question->[0] }{$_} })) } qw(single citus off);
    printf($out "| %s | %.2f | %.2f | %.2f | %.2f | %.1f× |\n", $question->[0], $ms{single}, $ms{citus},
        $ms{citus} - $ms{single}, $ms{off}, $ms{off} / $ms{citus});
}
close $out;
$_->stop for values %nodes;
