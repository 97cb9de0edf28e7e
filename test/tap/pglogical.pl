# Writers merged by pglogical, as docs/multi-server.md's recipes set them up: three providers (uuidx
# and pglogical preloaded), one of them with its clock behind, insert v7 keys concurrently
# into the table of the logical replication recipe, and one subscriber collects them. Every
# row arrives once, every key is a valid v7, each session's keys keep their order, pglogical
# meets no conflict, and the disorder across writers is the clock difference, no more.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use UuidxTap;
use UuidxWriters;

plan skip_all => libfaketime_missing() unless libfaketime();
my $pkglibdir = `pg_config --pkglibdir`;
chomp $pkglibdir;
plan skip_all => "pglogical is not installed for this server ($pkglibdir/pglogical.so)"
  unless -e "$pkglibdir/pglogical.so";

my $behind = 2;          # writer3's clock, seconds behind the others'
my $write_seconds = 4;   # longer than that: rows made that far apart in real time both exist
my $slack = 0.25;        # see logical_replication.pl
my $started = time;

# The table and the checks are the logical replication recipe's; the nodes and the
# subscriptions are pglogical's.
my %recipe = logical_replication_recipe();
my @blocks = readme_blocks('pglogical');
my %node_sql = map { $_->[0] => $_->[1] } grep { $_->[0] =~ /^writer/ } @blocks;
my ($subscriptions_sql, $status_sql) = map { $_->[1] } grep { $_->[0] eq 'merged' } @blocks;
die 'docs/multi-server.md: expected pglogical blocks on writer1-3 and two on merged'
  unless keys %node_sql == 3 && defined $status_sql;

my ($merged, %writers) = new_writers('pglogical, uuidx', $behind, $recipe{table});
my %all = (%writers, merged => $merged);
# Recent minor releases let a replication connection use only the output plugins listed in
# output_plugin_libraries: the providers list pglogical's.
foreach my $node (values %writers) {
    next unless $node->safe_psql('postgres', "SELECT count(*) FROM pg_settings WHERE name = 'output_plugin_libraries'");
    $node->append_conf('postgresql.conf', "output_plugin_libraries = 'pgoutput, test_decoding, pglogical_output'\n");
    $node->reload;
}
$writers{$_}->safe_psql('postgres', with_addresses($node_sql{$_}, %all)) foreach sort keys %writers;
$merged->safe_psql('postgres', with_addresses($subscriptions_sql, %all));
$merged->safe_psql('postgres', "SET statement_timeout = '60s'; SELECT pglogical.wait_for_subscription_sync_complete('from_$_')") foreach sort keys %writers;

check_clock_behind($writers{writer1}, $writers{writer3}, $behind, $slack);

my $write_time = write_at_once($write_seconds, map { $writers{$_} } sort keys %writers);
# Each provider waits until its slots have confirmed everything it wrote.
$writers{$_}->safe_psql('postgres', "SET statement_timeout = '60s'; SELECT pglogical.wait_slot_confirm_lsn(NULL, NULL)") foreach sort keys %writers;

my $written = check_rows_merged($merged, $behind, $slack, map { $writers{$_} } sort keys %writers);

my ($rows, $keys) = check_recipe_checks($merged, $recipe{checks}, $written);
is($merged->safe_psql('postgres', $status_sql),
    join("\n", map { "from_$_|replicating" } sort keys %writers), 'every subscription is replicating');
my $log = slurp_file($merged->logfile);
ok($log !~ /CONFLICT:|duplicate key value/, 'the subscriber logs no conflict');
ok($log !~ /ERROR:/, 'the subscriber logs no error');

diag(sprintf("pglogical merged %d rows (%d keys) from 3 writers in %.1f s", $rows, $keys, $write_time));
check_disorder($merged, 'pglogical', $behind, $slack, sort keys %writers);

$_->stop foreach values %all;
diag(sprintf('pglogical.pl took %.1f s', time - $started));
done_testing();
