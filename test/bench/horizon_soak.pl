# The commit horizon's soak (docs/consumers.md), minutes long, on a server of its own (uuidx
# preloaded, prepared transactions on), run by test/bench.sh as the server's user:
# - writers (pgbench) that insert 1 to 5 rows a transaction, commit late (up to a second),
#   roll back savepoints and whole transactions; one of them terminated inside its
#   transaction (pg_terminate_backend) in every round of 15 s but the restart's;
# - a TypeID writer, whose keys come from typeid_generate() (typeid_to_uuid() of it), late
#   commits and rollbacks as the others';
# - a preparer (pgbench) whose transactions end with PREPARE TRANSACTION, and a finisher
#   that ends each from another session, COMMIT PREPARED three times in four, ROLLBACK
#   PREPARED the fourth;
# - the server restarted once, mid-round, with writers running and transactions prepared
#   (they survive it); the consumer then follows the recipe after a restart
#   (uuidx_raise_order_floor of its position) and goes on;
# - a keyset consumer on uuidx_commit_horizon(): `id > last AND id < horizon ORDER BY id
#   LIMIT n`, the horizon read in a statement before the scan, as a role that may read the
#   table and the horizon and nothing else (pg_prepared_xact() is revoked from PUBLIC); after
#   the restart, its read of the horizon is the server's first.
# At the end, with every writer stopped and every prepared transaction ended, the consumer
# has read every committed row (set difference against the table) and none twice. During the
# run, about every second, the holders listed by uuidx_horizon_holders whose transaction is
# neither in pg_stat_activity (by pid) nor in pg_prepared_xacts (by transaction) are
# compared with the previous check's: one absent in two checks a second apart is a phantom,
# a hold that outlived its transaction. Writes a markdown table to REPORT, prints it, and
# exits non-zero on a failure.
#   bench/horizon_soak.pl SECONDS REPORT
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More ();
use Time::HiRes qw(time usleep);
use UuidxTap;  # on PERL5LIB: test/bench.sh runs this file as the TAP tests run theirs

my ($seconds, $report) = @ARGV;
die "usage: horizon_soak.pl SECONDS REPORT\n" unless $seconds && $report;
my $round_seconds = $seconds < 30 ? $seconds : 15;
my $rounds = int($seconds / $round_seconds + 0.5);
my $restart_round = int(($rounds + 1) / 2);

my $node = PostgreSQL::Test::Cluster->new('horizon_soak');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuidx'\nmax_prepared_transactions = 64\n");
$node->start;
$node->safe_psql('postgres', q{
    SET client_min_messages = warning;
    CREATE EXTENSION uuidx;
    CREATE TABLE events (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), writer text NOT NULL);
    REVOKE EXECUTE ON FUNCTION pg_catalog.pg_prepared_xact() FROM PUBLIC;
    CREATE ROLE soak_consumer;
    GRANT SELECT ON events TO soak_consumer;
});

# A writer's transaction: 1 to 5 rows, a savepoint's row rolled back one time in ten, a
# commit 0 to 50 ms late (a second late one time in fifty), a rollback one time in twenty.
# writer_script(WRITER, KEY): its keys made by the SQL expression KEY, its rows named WRITER.
sub writer_script {
    my ($writer, $key) = @_;
    return <<"EOF";
\\set rows random(1, 5)
\\set delay random(0, 50)
\\set fate random(1, 100)
BEGIN;
INSERT INTO events (id, writer) SELECT $key, '$writer' FROM generate_series(1, :rows);
\\if :fate <= 10
SAVEPOINT undone;
INSERT INTO events (id, writer) VALUES ($key, '$writer');
ROLLBACK TO SAVEPOINT undone;
\\endif
\\if :fate > 98
\\set delay 1000
\\endif
SELECT pg_sleep(:delay / 1000.0);
\\if :fate % 20 = 0
ROLLBACK;
\\else
COMMIT;
\\endif
EOF
}
# The writers key their rows as the table's default does; the TypeID writer by the keys of
# the TypeIDs it makes.
my $writer_script = writer_script('writer', 'uuid_generate_v7()');
my $typeid_writer_script = writer_script('typeid', q{typeid_to_uuid(typeid_generate('evt'))});
# A prepared transaction: its name is unique in the run (the client and a random number).
my $preparer_script = <<'EOF';
\set rows random(1, 3)
\set name random(1, 1000000000)
BEGIN;
INSERT INTO events (writer) SELECT 'prepared' FROM generate_series(1, :rows);
PREPARE TRANSACTION 'soak-:client_id-:name';
EOF

my %count = map { $_ => 0 } qw(kills restarts prepared_committed prepared_rolled_back phantom_checks phantom_failed
  holders_seen pgbench_errors);
my @failures;  # what went wrong, one line each
my %read;  # every key the consumer has read, and how often
my ($twice, $last) = (0, '00000000-0000-0000-0000-000000000000');  # the consumer's position: the last key it read
my ($consumer, $operator);  # psql sessions: the consumer's, and the finisher's and checker's
sub open_sessions {
    quietly(sub {
        ($consumer, $operator) = map { $node->background_psql('postgres') } 1 .. 2;
        $consumer->query_safe('SET ROLE soak_consumer');
    });
}
open_sessions();

# One poll of the consumer (the recipe's, docs/consumers.md): the horizon in a statement of its
# own, then the next batch after the position and below the horizon. Returns the batch's size.
sub poll {
    return quietly(sub {
        my $horizon = $consumer->query_safe('SELECT uuidx_commit_horizon()');
        my $rows = $consumer->query_safe(
            "SELECT id FROM events WHERE id > '$last' AND id < '$horizon' ORDER BY id LIMIT 1000");
        my @ids = split /\n/, $rows;
        foreach my $id (@ids) {
            $twice++ if $read{$id}++;
            $last = $id;
        }
        return scalar @ids;
    });
}

# Ends the run's prepared transactions prepared more than AGE seconds ago, from the
# operator's session, which prepared none of them.
sub finish_prepared {
    my ($age) = @_;
    quietly(sub {
        my $gids = $operator->query_safe("SELECT gid FROM pg_prepared_xacts WHERE gid LIKE 'soak-%'
                                          AND prepared < now() - interval '$age s' ORDER BY prepared");
        foreach my $gid (split /\n/, $gids) {
            my $commit = ($count{prepared_committed} + $count{prepared_rolled_back}) % 4 != 3;
            $operator->query_safe(($commit ? 'COMMIT' : 'ROLLBACK') . " PREPARED '$gid'");
            $count{ $commit ? 'prepared_committed' : 'prepared_rolled_back' }++;
        }
    });
}

# The holders whose transaction is in neither list, named by pid or transaction and oldest key;
# and how many holders there were.
sub absent_holders {
    return quietly(sub {
        my $holders = $operator->query_safe(q{
            SELECT coalesce('pid ' || h.pid, 'transaction ' || h.prepared_transaction) || ' holding from ' || h.oldest_key,
                   NOT EXISTS (SELECT FROM pg_stat_activity a WHERE a.pid = h.pid)
                   AND NOT EXISTS (SELECT FROM pg_prepared_xacts p WHERE p.transaction = h.prepared_transaction)
            FROM uuidx_horizon_holders h});
        my @rows = map { [ split /\|/ ] } split /\n/, $holders;
        $count{holders_seen} += @rows;
        return { map { $_->[0] => 1 } grep { $_->[1] eq 't' } @rows };
    });
}

# pgbench's SQL errors (a duplicate key, no room for a prepared transaction) are failures; its
# clients that were terminated or lost their server in the restart are not.
sub start_clients {
    my @waits = (start_pgbench($node, $writer_script, [ '-c', '4', '-j', '2', '-T', $_[0] ], application_name => 'soak writer'),
        start_pgbench($node, $typeid_writer_script, [ '-c', '1', '-T', $_[0] ], application_name => 'soak writer'),
        start_pgbench($node, $preparer_script, [ '-c', '1', '-T', $_[0], '-R', '20' ], application_name => 'soak preparer'));
    return sub {
        foreach my $wait (@waits) {
            my (undef, $err) = $wait->();
            my @errors = grep { /\bERROR:/ } split /\n/, $err;
            $count{pgbench_errors} += @errors;
            push @failures, "pgbench: $_" foreach @errors;
        }
    };
}

my ($previous_absent, $previous_check) = ({}, 0);
my $started = time;
foreach my $round (1 .. $rounds) {
    my @wait = (start_clients($round_seconds));
    my $round_started = time;
    my $disturbed = 0;  # this round's kill or restart
    while ((my $elapsed = time - $round_started) < $round_seconds) {
        poll();
        finish_prepared(0.5);
        if (time - $previous_check >= 1) {
            my $absent = absent_holders();
            my @phantoms = grep { $previous_absent->{$_} } sort keys %$absent;
            $count{phantom_checks}++ if $previous_check;
            if (@phantoms && $previous_check) {
                $count{phantom_failed}++;
                push @failures, "phantom holder, absent from pg_stat_activity and pg_prepared_xacts a second apart: $_"
                  foreach @phantoms;
            }
            ($previous_absent, $previous_check) = ($absent, time);
        }
        if (!$disturbed && $elapsed > $round_seconds / 2) {
            $disturbed = 1;
            if ($round == $restart_round) {
                quietly(sub { $_->quit foreach $consumer, $operator; });
                $node->restart;
                $count{restarts}++;
                open_sessions();
                # The recipe after a restart: the order raised to the consumer's position.
                $node->safe_psql('postgres', "SELECT uuidx_raise_order_floor('$last')") if exists $read{$last};
                # The consumer's role reads the horizon first: the server's listing of the
                # prepared transactions that survived the restart is its read's.
                poll();
                ($previous_absent, $previous_check) = ({}, 0);
                push @wait, start_clients(int($round_seconds - (time - $round_started)) || 1);
            } else {
                $count{kills} += $node->safe_psql('postgres', q{
                    SELECT count(pg_terminate_backend(pid)) FROM (SELECT pid FROM pg_stat_activity
                    WHERE application_name = 'soak writer' AND backend_xid IS NOT NULL LIMIT 1) AS writer});
            }
        }
        usleep(20_000);
    }
    $_->() foreach @wait;
}
# Every writer has stopped: the prepared transactions ended, the consumer drained.
finish_prepared(0);
1 while poll() > 0;
my $run_seconds = time - $started;

my $committed = $node->safe_psql('postgres', 'SELECT count(*) FROM events');
my $typeids = $node->safe_psql('postgres', "SELECT count(*) FROM events WHERE writer = 'typeid'");
my $missed = grep { !$read{$_} } split /\n/, $node->safe_psql('postgres', 'SELECT id FROM events');
push @failures, "$missed committed rows never read" if $missed;
push @failures, "$twice rows read twice" if $twice;
push @failures, 'no row committed' unless $committed;
push @failures, 'no TypeID row committed' unless $typeids;
push @failures, 'no writer terminated inside its transaction' unless $count{kills};
push @failures, 'the server did not restart' unless $count{restarts} == 1;
push @failures, 'no prepared transaction committed and rolled back from another session'
  unless $count{prepared_committed} && $count{prepared_rolled_back};
push @failures, 'no phantom check met a holder' unless $count{holders_seen};
quietly(sub { $_->quit foreach $consumer, $operator; });
$node->stop;

my $table = sprintf("\n### The commit horizon's soak\n\n%.0f s in %d rounds (PostgreSQL %s): 4 writers, 1 TypeID "
  . "writer, 1 preparer, a horizon consumer whose role cannot execute pg_prepared_xact() (it reads the horizon first "
  . "after the restart); a writer terminated inside its transaction in each round, but the one in which the server "
  . "restarted.\n\n",
  $run_seconds, $rounds, $node->pg_version);
$table .= "| measure | value |\n| --- | ---: |\n";
$table .= sprintf("| %s | %s |\n", @$_) foreach (
    [ 'rows committed', $committed ], [ 'of them keyed by TypeIDs', $typeids ],
    [ 'rows read by the consumer', scalar keys %read ], [ 'missed', $missed ],
    [ 'read twice', $twice ], [ 'phantom checks done', $count{phantom_checks} ],
    [ 'phantom checks failed', $count{phantom_failed} ], [ 'holders met by the checks', $count{holders_seen} ],
    [ 'restarts', $count{restarts} ], [ 'writers terminated', $count{kills} ],
    [ 'prepared transactions committed', $count{prepared_committed} ],
    [ 'prepared transactions rolled back', $count{prepared_rolled_back} ],
    [ "pgbench's SQL errors", $count{pgbench_errors} ]);
$table .= sprintf("\nResult: %s\n", @failures ? 'FAILED' : 'passed');
open(my $out, '>', $report) or die "$report: $!";
print $out $table;
close $out;
# PostgreSQL::Test::Utils sends standard output to the run's log; Test::More's goes out.
print { Test::More->builder->output } $table, map { "$_\n" } @failures;
exit(@failures ? 1 : 0);
