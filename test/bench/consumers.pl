# The consumers' benchmark (docs/consumers.md, "Choosing a way to read in order"): ways to read
# a table in order, beside each other on one server (uuidx preloaded, PgQ, commit timestamps
# tracked), reading what the same writers write (test/bench/consumers_setup.sql):
# - horizon: uuidx's recipe, `id > last AND id < uuidx_commit_horizon()` (the horizon read in
#   the statement before);
# - xid8: the writing transaction's id in a column, read below
#   pg_snapshot_xmin(pg_current_snapshot()) in (txid, id) order from its index;
# - pgq: Skytools' PgQ, an event per row (pgq.insert_event), ticked every 100 ms;
# - naive: `id > last`, for the count of rows it loses.
# Each writer transaction inserts one outbox row and its PgQ event. Every scenario runs
# SECONDS with 3 writers a core that wait 0 to 50 ms before COMMIT and roll
# back one transaction in twenty, each consumer polling every 20 ms:
#   plain; bystander (one transaction that writes another table stays open 3 s in every 4);
#   long job (one transaction that made a key in another table of this database stays open
#   3 s in every 4: the horizon's own worst case); two-phase (writers PREPARE TRANSACTION,
#   then COMMIT PREPARED); consumers restarted (each terminated mid-run and started again
#   from its position); server restarted (mid-run, then the recipe after a restart); and
#   throughput (the writers without pause or rollback).
# Per scenario and consumer: rows missed (committed, never read), read twice, the lag from
# COMMIT (pg_xact_commit_timestamp of the row) to the read (p50, p99, max), and the rows a
# second read while the writers ran. Then the writers' own cost, without consumers: as many
# clients inserting one row a transaction without pause, plain inserts (uuidx.commit_horizon
# off) against the same with the horizon on (its hold), with the xid8 column and index, and
# with pgq.insert_event; COST_ROUNDS interleaved rounds of COST_SECONDS each, as ratios.
# Writes the markdown tables to REPORT and the bystander scenario's lags to LAGS (for the
# plot, test/bench/consumers.gp); exits non-zero where the horizon, xid8 or PgQ consumer
# missed a row or read one twice, or a consumer read a row that was never committed.
#   bench/consumers.pl SECONDS COST_ROUNDS COST_SECONDS REPORT LAGS
use strict;
use warnings;
use File::Basename qw(dirname);
use File::Temp ();
use IPC::Run ();
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More ();
use Time::HiRes qw(time usleep);
use UuidxBench;
use UuidxTap;  # on PERL5LIB: test/bench.sh runs this file as the TAP tests run theirs

my ($seconds, $cost_rounds, $cost_seconds, $report, $lags_file) = @ARGV;
die "usage: consumers.pl SECONDS COST_ROUNDS COST_SECONDS REPORT LAGS\n" unless $lags_file;
my @consumers = qw(horizon xid8 pgq naive);
my $writers = 3 * `nproc`;  # 3 a core

my $node = PostgreSQL::Test::Cluster->new('consumers');
$node->init;
# A server as users run one: the framework's log_statement = all would log every writer's
# and consumer's statement.
$node->append_conf('postgresql.conf', join("\n", "shared_preload_libraries = 'uuidx'", 'track_commit_timestamp = on',
    'max_prepared_transactions = 20', 'max_connections = 60', 'shared_buffers = 256MB', 'log_statement = none', ''));
$node->start;
$node->safe_psql('postgres', slurp_file(dirname(__FILE__) . '/consumers_setup.sql'));

# The writers' transactions. Each inserts one outbox row and its PgQ event in one statement.
my $write = q{WITH row AS (INSERT INTO outbox (payload) VALUES ('event') RETURNING id)
SELECT pgq.insert_event('outbox_q', 'created', id::text) FROM row;};
my %writer_script = (
    late => <<EOF,
\\set delay random(0, 50)
\\set fate random(1, 20)
BEGIN;
$write
SELECT pg_sleep(:delay / 1000.0);
\\if :fate = 1
ROLLBACK;
\\else
COMMIT;
\\endif
EOF
    # The same, prepared and then committed (or rolled back) by the same session, 0 to 20 ms
    # after the PREPARE; the name is unique in the run.
    two_phase => <<EOF,
\\set delay random(0, 50)
\\set pause random(0, 20)
\\set fate random(1, 20)
\\set name random(1, 1000000000)
BEGIN;
$write
SELECT pg_sleep(:delay / 1000.0);
PREPARE TRANSACTION 'bench-:client_id-:name';
SELECT pg_sleep(:pause / 1000.0);
\\if :fate = 1
ROLLBACK PREPARED 'bench-:client_id-:name';
\\else
COMMIT PREPARED 'bench-:client_id-:name';
\\endif
EOF
    at_once => "$write\n");
# What else runs in a scenario: a transaction that stays open 3 s in every 4, writing a
# table without v7 keys (a bystander) or making a key in another table (a long job).
my %other_script = (
    bystander => "BEGIN;\nINSERT INTO bystander_log (note) VALUES ('report');\nSELECT pg_sleep(3);\nCOMMIT;\nSELECT pg_sleep(1);\n",
    long_job => "BEGIN;\nINSERT INTO jobs (note) VALUES ('job');\nSELECT pg_sleep(3);\nCOMMIT;\nSELECT pg_sleep(1);\n");

my @scenarios = (
    { name => 'plain', label => 'plain', writers => 'late' },
    { name => 'bystander', label => 'a bystander open 3 s in 4', writers => 'late', other => 'bystander' },
    { name => 'long_job', label => 'a transaction that made a key open 3 s in 4', writers => 'late', other => 'long_job' },
    { name => 'two_phase', label => 'two-phase writers', writers => 'two_phase' },
    { name => 'consumers_restarted', label => 'consumers restarted mid-run', writers => 'late', disturb => 'consumers' },
    { name => 'server_restarted', label => 'server restarted mid-run', writers => 'late', disturb => 'server' },
    { name => 'throughput', label => 'throughput: writers without pause', writers => 'at_once' });

my @failures;

# start_call(SQL, NAME): psql running SQL (a CALL) in the background, its session named NAME;
# returns the run, for finish_call.
sub start_call {
    my ($sql, $name) = @_;
    local $ENV{PGAPPNAME} = $name;
    my ($out, $err) = ('', '');
    my $run = IPC::Run::start(
        [ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', $node->host, '-p', $node->port, '-d', 'postgres', '-c', $sql ],
        '>', \$out, '2>', \$err, IPC::Run::timeout(600));
    return { run => $run, err => \$err, name => $name };
}

# finish_call(CALL, EXPECT_FAILURE): waits for it; a failure that was not expected (it was
# not terminated, nor its server restarted) is recorded.
sub finish_call {
    my ($call, $expect_failure) = @_;
    my $ok = eval { $call->{run}->finish };
    push @failures, "$call->{name}: " . (${ $call->{err} } || $@ || 'failed') if !$ok && !$expect_failure;
}

sub start_consumers { return { map { $_ => start_call("CALL bench_consume('$_')", "bench consumer $_") } @consumers }; }
sub start_ticker { return start_call('CALL bench_ticker()', 'bench ticker'); }

# start_writers(SCRIPT, SECONDS, [OTHER]): the writers (and the other transaction) for SECONDS;
# returns a function that waits for them and returns pgbench's lines of errors and its tps.
sub start_writers {
    my ($script, $for, $other) = @_;
    my @waits = (start_pgbench($node, $writer_script{$script}, [ '-c', $writers, '-j', 2, '-T', $for ],
        application_name => 'bench writer'));
    push @waits, start_pgbench($node, $other_script{$other}, [ '-c', 1, '-T', $for ], application_name => 'bench other')
      if $other;
    return sub {
        my @errors;
        foreach my $wait (@waits) {
            my (undef, $err) = $wait->();
            push @errors, grep { /\bERROR:/ } split /\n/, $err;
        }
        return \@errors;
    };
}

sub server_now { return $node->safe_psql('postgres', 'SELECT clock_timestamp()'); }

# run_scenario(SCENARIO): one scenario from a reset; returns its rows of results.
sub run_scenario {
    my ($scenario) = @_;
    $node->safe_psql('postgres', 'CALL bench_reset()');
    my $consumer_calls = start_consumers();
    my $ticker = start_ticker();
    my $started = server_now();
    my $wait_writers = start_writers($scenario->{writers}, $seconds, $scenario->{other});
    my @errors;
    my $disturb = $scenario->{disturb} // '';
    if ($disturb) {
        usleep($seconds / 2 * 1e6);
        if ($disturb eq 'consumers') {
            # Each consumer terminated (inside its poll's transaction or between polls) and
            # started again half a second later, from its position.
            $node->safe_psql('postgres', q{SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                                            WHERE application_name LIKE 'bench consumer %'});
            finish_call($_, 1) foreach values %$consumer_calls;
            usleep(500_000);
            $consumer_calls = start_consumers();
        } else {
            # The server restarted under its writers, consumers and ticker: they end with it.
            # Then the recipe after a restart (docs/consumers.md): the order raised to the
            # horizon consumer's position before writers resume.
            $node->restart;
            finish_call($_, 1) foreach values %$consumer_calls, $ticker;
            $wait_writers->();  # their errors are the restart's
            $node->safe_psql('postgres', q{SELECT uuidx_raise_order_floor(last_id) FROM positions WHERE consumer = 'horizon'});
            $consumer_calls = start_consumers();
            $ticker = start_ticker();
            $wait_writers = start_writers($scenario->{writers}, int($seconds / 2) || 1, $scenario->{other});
        }
    }
    push @errors, @{ $wait_writers->() };
    my $ended = server_now();
    push @failures, map { "$scenario->{name}: pgbench: $_" } @errors;
    # Every writer has ended (a prepared transaction left by one is finished here); the
    # consumers drain what is left and stop, then the ticker.
    foreach my $gid (split /\n/, $node->safe_psql('postgres', q{SELECT gid FROM pg_prepared_xacts WHERE gid LIKE 'bench-%'})) {
        $node->safe_psql('postgres', "COMMIT PREPARED '$gid'");
    }
    usleep(300_000);  # PgQ's ticker ticks the last events
    $node->safe_psql('postgres', 'UPDATE bench_control SET consumers_stop = true');
    finish_call($_) foreach values %$consumer_calls;
    $node->safe_psql('postgres', 'UPDATE bench_control SET ticker_stop = true');
    finish_call($ticker);
    return results($scenario, $started, $ended);
}

# The results of the scenario that just ran, a row per consumer: missed, twice, phantom (read
# but not committed), lag p50, p99, max (ms), rows read per second while the writers ran; and
# for the plot, the bystander scenario's lags.
sub results {
    my ($scenario, $started, $ended) = @_;
    my $rows = $node->safe_psql('postgres', qq{
        WITH committed AS (
            SELECT id, pg_xact_commit_timestamp(xmin) AS committed_at FROM outbox
        ), reads AS (
            SELECT consumer, id, min(read_at) AS read_at, count(*) AS times FROM consumed GROUP BY consumer, id
        ), lags AS (
            SELECT r.consumer, 1000 * extract(epoch FROM r.read_at - c.committed_at) AS lag_ms, r.read_at
            FROM reads r JOIN committed c USING (id)
        )
        SELECT p.consumer,
               (SELECT count(*) FROM committed c WHERE NOT EXISTS
                   (SELECT FROM reads r WHERE r.consumer = p.consumer AND r.id = c.id)),
               (SELECT coalesce(sum(times - 1), 0) FROM reads r WHERE r.consumer = p.consumer),
               (SELECT count(*) FROM reads r WHERE r.consumer = p.consumer AND NOT EXISTS
                   (SELECT FROM committed c WHERE c.id = r.id)),
               round(percentile_disc(0.5) WITHIN GROUP (ORDER BY l.lag_ms)),
               round(percentile_disc(0.99) WITHIN GROUP (ORDER BY l.lag_ms)),
               round(max(l.lag_ms)),
               round(count(l.lag_ms) FILTER (WHERE l.read_at <= '$ended')
                     / extract(epoch FROM timestamptz '$ended' - timestamptz '$started'))
        FROM positions p LEFT JOIN lags l USING (consumer)
        GROUP BY p.consumer});
    my %by_consumer = map { my @f = split /\|/; $f[0] => [ @f[ 1 .. 7 ] ] } split /\n/, $rows;
    foreach my $consumer (grep { $_ ne 'naive' } @consumers) {
        my ($missed, $twice, $phantom) = @{ $by_consumer{$consumer} }[ 0 .. 2 ];
        push @failures, "$scenario->{name}: the $consumer consumer missed $missed rows" if $missed;
        push @failures, "$scenario->{name}: the $consumer consumer read $twice rows twice" if $twice;
    }
    push @failures, "$scenario->{name}: the $_ consumer read $by_consumer{$_}[2] rows never committed"
      foreach grep { $by_consumer{$_}[2] } @consumers;
    my $committed = $node->safe_psql('postgres', 'SELECT count(*) FROM outbox');
    push @failures, "$scenario->{name}: no row committed" unless $committed;
    if ($scenario->{name} eq 'bystander') {
        my $lags = $node->safe_psql('postgres', qq{
            SELECT r.consumer, round(extract(epoch FROM c.committed_at - '$started')::numeric, 3),
                   round(1000 * extract(epoch FROM min(r.read_at) - c.committed_at))
            FROM consumed r JOIN (SELECT id, pg_xact_commit_timestamp(xmin) AS committed_at FROM outbox) c USING (id)
            GROUP BY r.consumer, c.id, c.committed_at ORDER BY 1, 2});
        open(my $out, '>', $lags_file) or die "$lags_file: $!";
        print $out map { join("\t", split /\|/) . "\n" } split /\n/, $lags;
        close $out;
    }
    return { committed => $committed, by_consumer => \%by_consumer };
}

# The writers' cost: tps of the writers inserting a row a transaction without pause, each way,
# the server restarted with uuidx.commit_horizon off for all but the horizon's way; the
# settings' order alternates from round to round, the ways' order rotates.
my %insert_script = (
    plain => "INSERT INTO plain_outbox (payload) VALUES ('event');\n",
    horizon => "INSERT INTO plain_outbox (payload) VALUES ('event');\n",
    xid8 => "INSERT INTO outbox (payload) VALUES ('event');\n",
    pgq => q{WITH row AS (INSERT INTO plain_outbox (payload) VALUES ('event') RETURNING id)
SELECT pgq.insert_event('outbox_q', 'created', id::text) FROM row;} . "\n");
my @ways = qw(plain horizon xid8 pgq);
my %tps;  # way => [ tps of each round ]

sub set_horizon {
    my ($setting) = @_;
    $node->append_conf('postgresql.conf', "uuidx.commit_horizon = $setting\n");
    $node->restart;
}

# inserts_tps(WAY, SECONDS): the writers' tx/s inserting WAY's way for SECONDS, from empty tables.
sub inserts_tps {
    my ($way, $for) = @_;
    $node->safe_psql('postgres', 'CALL bench_reset()');
    $node->safe_psql('postgres', 'CHECKPOINT');
    my ($fh, $file) = File::Temp::tempfile('consumers-XXXXXX', DIR => $PostgreSQL::Test::Utils::tmp_check, SUFFIX => '.sql');
    print $fh $insert_script{$way};
    close $fh;
    my ($out, $err) = ('', '');
    IPC::Run::run([ 'pgbench', '-n', '-M', 'prepared', '-c', $writers, '-j', 2, '-T', $for, '-f', $file,
        '-h', $node->host, '-p', $node->port, 'postgres' ], '>', \$out, '2>', \$err);
    my ($tps) = $out =~ /^tps = ([\d.]+)/m;
    defined $tps or die "pgbench failed for $way: $err";
    return $tps;
}

my %results;
my $run_started = time;
foreach my $scenario (@scenarios) {
    print { Test::More->builder->output } "consumers: $scenario->{name}, $seconds s\n";
    $results{ $scenario->{name} } = quietly(sub { run_scenario($scenario) });
}
foreach my $round (1 .. $cost_rounds) {
    print { Test::More->builder->output } "consumers: the writers' cost, round $round\n";
    my @rotated = @ways[ map { ($_ + $round) % @ways } 0 .. $#ways ];
    foreach my $setting ($round % 2 ? qw(off on) : qw(on off)) {
        set_horizon($setting);
        # The first seconds after a start are a warm-up, not counted.
        inserts_tps('plain', 3);
        push @{ $tps{$_} }, inserts_tps($_, $cost_seconds) foreach grep { ($_ eq 'horizon') == ($setting eq 'on') } @rotated;
    }
}
my $version = $node->safe_psql('postgres', 'SHOW server_version');
$node->stop;

# The report.
my $table = sprintf("\n### Consumers beside their peers\n\nPostgreSQL %s, %d cores, one server: %d writers, each "
  . "transaction one outbox row and its PgQ event, 0 to 50 ms before COMMIT, one in twenty rolled back "
  . "(throughput: no pause, no rollback); every consumer polls every 20 ms, PgQ ticked every 100 ms; %d s a scenario. "
  . "Lag: from the row's COMMIT (its commit timestamp) to its read. Rows/s: rows read while the writers ran.\n\n",
  $version, `nproc` + 0, $writers, $seconds);
$table .= "| scenario | consumer | missed | read twice | lag p50 ms | p99 ms | max ms | rows/s |\n";
$table .= "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n";
my %name = (horizon => '`uuidx_commit_horizon()`', xid8 => '`xid8` recipe', pgq => 'PgQ', naive => 'naive `id > last`');
foreach my $scenario (@scenarios) {
    my $by = $results{ $scenario->{name} }{by_consumer};
    foreach my $consumer (@consumers) {
        my @f = @{ $by->{$consumer} };
        $table .= sprintf("| %s | %s | %s | %s | %s | %s | %s | %s |\n",
            $consumer eq $consumers[0] ? "$scenario->{label} ($results{$scenario->{name}}{committed} rows)" : '',
            $name{$consumer}, $f[0], $f[1], map { $_ eq '' ? '-' : $_ } @f[ 3 .. 6 ]);
    }
}
$table .= sprintf("\nThe writers' cost, without consumers: %d clients inserting a row a transaction without pause for %d s, "
  . "medians of %d interleaved rounds; ratios against plain inserts with `uuidx.commit_horizon = off`, the median "
  . "of the rounds' own ratios and their spread.\n\n", $writers, $cost_seconds, $cost_rounds);
$table .= "| writers' transaction | tx/s | against plain inserts | spread of the rounds |\n| --- | ---: | ---: | --- |\n";
my %way_label = (plain => 'plain insert, `uuidx.commit_horizon = off`', horizon => 'plain insert, the horizon on (its hold)',
    xid8 => 'insert with the `xid8` column and `(txid, id)` index', pgq => 'insert and `pgq.insert_event`');
foreach my $way (@ways) {
    my @ratios = map { $tps{$way}[$_] / $tps{plain}[$_] } 0 .. $#{ $tps{$way} };
    my @sorted = sort { $a <=> $b } @ratios;
    $table .= sprintf("| %s | %.0f | %.3f | %.3f - %.3f |\n", $way_label{$way}, median(@{ $tps{$way} }), median(@ratios),
        $sorted[0], $sorted[-1]);
}
$table .= sprintf("\n%.0f s in all. Result: %s\n", time - $run_started, @failures ? 'FAILED' : 'passed');
open(my $out, '>', $report) or die "$report: $!";
print $out $table;
close $out;
print { Test::More->builder->output } $table, map { "$_\n" } @failures;
exit(@failures ? 1 : 0);
