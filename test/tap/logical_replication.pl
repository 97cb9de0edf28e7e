# Writers merged by logical replication, as docs/multi-server.md's recipes set them up: three writers
# (uuidx preloaded), one of them with its clock behind, insert v7 keys concurrently into the
# same table, published to one subscriber. Every row arrives once, every key is a valid v7,
# each session's keys keep their order, no apply fails, and the disorder across writers is
# the clock difference, no more. Then two writers replicating to each other with
# `origin = none` (16 and later) end with the same union of rows, each row once.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use UuidxTap;
use UuidxWriters;

plan skip_all => libfaketime_missing() unless libfaketime();

# writer3's clock runs this many seconds behind the others'; the writers insert for longer
# than that, so that rows made that far apart in real time both exist.
my $behind = 2;
my $write_seconds = 4;
# What may separate a key's time from the clock_timestamp() read in the same row on a
# shared machine, and how far apart two writers' clocks may read in one real instant.
my $slack = 0.25;
my $started = time;

my %recipe = logical_replication_recipe();

# Failed applies and syncs and, from 18, conflicts counted on NODE's subscriptions, and any conflict or
# duplicate key its server log reports.
sub check_no_conflicts {
    my ($node) = @_;
    my $name = $node->name;
    # Every error and conflict counter of this major (their names change between majors).
    my $counters = join(' + ', split /\n/, $node->safe_psql('postgres', "SELECT column_name FROM information_schema.columns
        WHERE table_name = 'pg_stat_subscription_stats' AND (column_name LIKE '%error\\_count' OR column_name LIKE 'confl\\_%')
        ORDER BY 1"));
    my $n = () = $counters =~ /\+/g;
    is($node->safe_psql('postgres', "SELECT sum($counters) FROM pg_stat_subscription_stats"), '0',
        "$name: no apply error, no conflict counted (pg_stat_subscription_stats, " . ($n + 1) . ' counters)');
    my $log = slurp_file($node->logfile);
    ok($log !~ /conflict detected|duplicate key value|could not apply/i, "$name: its log reports no conflict");
}

# --- three writers merged into one subscriber -------------------------------------------
my ($merged, %writers) = new_writers('uuidx', $behind, $recipe{table});
$writers{$_}->safe_psql('postgres', "SET client_min_messages = warning; $recipe{publication}") foreach sort keys %writers;
$merged->safe_psql('postgres', with_addresses($recipe{subscriptions}, %writers));
$merged->wait_for_subscription_sync;

check_clock_behind($writers{writer1}, $writers{writer3}, $behind, $slack);

my $write_time = write_at_once($write_seconds, map { $writers{$_} } sort keys %writers);
$writers{$_}->wait_for_catchup("from_$_") foreach sort keys %writers;

my $written = check_rows_merged($merged, $behind, $slack, map { $writers{$_} } sort keys %writers);

my ($rows, $keys, undef, undef, $errors) = check_recipe_checks($merged, $recipe{checks}, $written);
is($errors, 0, 'no subscription failed to apply');
check_no_conflicts($merged);

# Disorder: the most real time by which a row was made after another whose key sorts after
# its own (UuidxWriters::disorder_ms), within a writer, across the writers whose clocks
# agree, and across all three.
diag(sprintf("logical replication merged %d rows (%d keys) from 3 writers in %.1f s", $rows, $keys, $write_time));
check_disorder($merged, 'logical replication', $behind, $slack, sort keys %writers);

$_->stop foreach ($merged, values %writers);

# --- two writers replicating to each other ----------------------------------------------
SKIP: {
    skip 'origin = none needs PostgreSQL 16', 11 if $merged->pg_version < 16;
    my %peers = (peer1 => new_writer('peer1', 'uuidx'), peer2 => new_writer('peer2', 'uuidx'));
    foreach my $name (sort keys %peers) {
        $peers{$name}->safe_psql('postgres', "SET client_min_messages = warning; $recipe{table} $recipe{publication}");
    }
    $peers{$_}->safe_psql('postgres', with_addresses($recipe{peers}{$_}, %peers)) foreach sort keys %peers;
    $peers{$_}->wait_for_subscription_sync foreach sort keys %peers;
    my @done = map { start_writing($peers{$_}, 2) } sort keys %peers;
    $_->() foreach @done;
    $peers{peer1}->wait_for_catchup('from_peer1');
    $peers{peer2}->wait_for_catchup('from_peer2');
    my ($own1) = split /\|/, rows_of($peers{peer1}, "writer = 'peer1'");
    my ($own2) = split /\|/, rows_of($peers{peer2}, "writer = 'peer2'");
    is(rows_of($peers{peer1}, 'true'), rows_of($peers{peer2}, 'true'), 'both peers hold the same rows');
    my ($count1) = split /\|/, rows_of($peers{peer1}, 'true');
    is($count1, $own1 + $own2, "each holds the union: its rows and the other's, each once ($own1 + $own2)");
    foreach my $name (sort keys %peers) {
        my ($r, $k, $bad, $disorder, $errs) = split /[|\n]/, $peers{$name}->safe_psql('postgres', $recipe{checks});
        is("$k $bad $disorder", "$r 0 0", "$name: no duplicate, every key a v7, sessions in order");
        check_no_conflicts($peers{$name});
    }
    # A row sent back would come round again: wait, and count again.
    $peers{peer1}->wait_for_catchup('from_peer1');
    $peers{peer2}->wait_for_catchup('from_peer2');
    my ($again) = split /\|/, rows_of($peers{peer2}, 'true');
    is($again, $count1, 'no row went round: the counts hold after another round');
    diag("two-way: peer1 wrote $own1 rows, peer2 $own2; each ends with $count1");
    $_->stop foreach values %peers;
}

diag(sprintf('logical_replication.pl took %.1f s', time - $started));
done_testing();
