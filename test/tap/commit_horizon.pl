# The commit horizon on a server of its own (uuidx preloaded, prepared transactions on):
# - keyset consumers beside writers that commit late, roll back, roll back savepoints and
#   are terminated mid-transaction, and two-phase writers that prepare, wait, and commit or
#   roll back the prepared transaction (pgbench): the consumer that reads below
#   uuidx_commit_horizon() reads every committed row once, checked by set difference
#   against the table, while a naive `id > last` consumer in the same run misses rows (so
#   the check can fail);
# - prepared transactions hold until COMMIT or ROLLBACK PREPARED from another session, and
#   one the server restarted with holds from the smallest key until it ends;
# - a transaction of another database holds nothing here;
# - after a crash, the consumer recipe's floor keeps new keys above every consumer's
#   position, and the consumer goes on without a miss;
# - a hot standby refuses the horizon (55000), and so does a server with
#   uuidx.commit_horizon = off.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxTap;
use UuidxHorizon;
use Time::HiRes qw(time usleep);

my $node = PostgreSQL::Test::Cluster->new('horizon');
$node->init(allows_streaming => 1);
$node->append_conf('postgresql.conf',
    "shared_preload_libraries = 'uuidx'\nmax_prepared_transactions = 10\nrestart_after_crash = on\n"
      # The writers, the consumers and the test's own sessions, past the framework's 10.
      . "max_connections = 30\n");
$node->start;
$node->safe_psql('postgres', q{
    SET client_min_messages = warning;
    CREATE EXTENSION uuidx;
    CREATE TABLE events (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), writer text NOT NULL);
});

sub query { return $node->safe_psql('postgres', $_[0]); }
my $smallest_v7 = '00000000-0000-7000-8000-000000000000';

# --- consumers beside late, rolled-back and terminated writers -----------------------------
# Beside UuidxHorizon's writers, two-phase writers (as Citus writes to several nodes): each
# transaction inserts 1 to 5 rows, prepares under a gid of its client's and a random
# number's (pgbench replaces :name even inside quotes), waits 0 to 50 ms prepared, and then
# commits it, or rolls it back one time in ten. They are not among the writers terminated mid-run: a prepared transaction outlives
# its session.
my $two_phase_script = <<'EOF';
\set rows random(1, 5)
\set delay random(0, 50)
\set fate random(1, 10)
\set gid random(1, 1000000000000000)
BEGIN;
INSERT INTO events (writer) SELECT 'two-phase' FROM generate_series(1, :rows);
PREPARE TRANSACTION 'two-phase :client_id :gid';
SELECT pg_sleep(:delay / 1000.0);
\if :fate = 1
ROLLBACK PREPARED 'two-phase :client_id :gid';
\else
COMMIT PREPARED 'two-phase :client_id :gid';
\endif
EOF

my $horizon_consumer = new_consumer($node, 'horizon');
my $naive_consumer = new_consumer($node, 'naive');
my $wait_for_writers = start_writers($node, 12);
my $wait_for_two_phase = start_pgbench($node, $two_phase_script, [ '-c', '2', '-j', '1', '-T', 12 ],
    application_name => 'two-phase writer');
my $started = time;
my $terminated = 0;
while (time - $started < 12) {
    poll($horizon_consumer);
    poll($naive_consumer);
    # Once, mid-run: a writer terminated inside its transaction (its hold ends with it).
    if (!$terminated && time - $started > 6) {
        $terminated = query("SELECT count(pg_terminate_backend(pid)) FROM (SELECT pid FROM pg_stat_activity
                             WHERE application_name = 'writer' AND backend_xid IS NOT NULL LIMIT 1) AS writer");
    }
    usleep(5_000);
}
$wait_for_writers->();
my ($two_phase_ran, $two_phase_errors) = $wait_for_two_phase->();
ok($two_phase_ran, 'the two-phase writers ran') or diag($two_phase_errors);
# Drained: every writer has ended, so the horizon is above every key.
1 while poll($horizon_consumer) > 0;
1 while poll($naive_consumer) > 0;

my $committed = query('SELECT count(*) FROM events');
cmp_ok($committed, '>', 500, "the writers committed rows ($committed)");
cmp_ok($terminated, '>', 0, 'a writer was terminated inside its transaction');
my $two_phase_rows = query("SELECT count(*) FROM events WHERE writer = 'two-phase'");
cmp_ok($two_phase_rows, '>', 50, "the two-phase writers committed prepared transactions ($two_phase_rows rows)");
is(query('SELECT count(*) FROM pg_prepared_xacts'), '0', 'and left none prepared');
is(missed($horizon_consumer), 0, 'the horizon consumer read every committed row');
is($horizon_consumer->{twice}, 0, 'and none twice');
my $naive_missed = missed($naive_consumer);
cmp_ok($naive_missed, '>', 0, "the naive consumer missed rows in the same run ($naive_missed of $committed)");
is(query('SELECT count(*) FROM uuidx_horizon_holders'), '0', 'no holder is left');

# --- prepared transactions -----------------------------------------------------------------
query("BEGIN; INSERT INTO events (writer) VALUES ('prepared'); PREPARE TRANSACTION 'p1'");
query("INSERT INTO events (writer) VALUES ('after p1')");
is_true($node, "SELECT uuidx_commit_horizon() < (SELECT id FROM events WHERE writer = 'after p1')",
    'a prepared transaction holds the horizon below a later committed key');
is(query('SELECT pid IS NULL, prepared_gid, state, reason FROM uuidx_horizon_holders'),
    't|p1|prepared|a prepared transaction made this key', 'the holders view names it');
query("COMMIT PREPARED 'p1'");
is_true($node, "SELECT uuidx_commit_horizon() > (SELECT id FROM events WHERE writer = 'prepared')
         AND NOT EXISTS (SELECT FROM uuidx_horizon_holders)",
    'COMMIT PREPARED from another session lets go, with its row below the horizon');

query("BEGIN; INSERT INTO events (writer) VALUES ('rolled back'); PREPARE TRANSACTION 'p2'");
query("INSERT INTO events (writer) VALUES ('after p2')");
is_true($node, "SELECT uuidx_commit_horizon() < (SELECT id FROM events WHERE writer = 'after p2')", 'p2 holds');
query("ROLLBACK PREPARED 'p2'");
is_true($node, "SELECT uuidx_commit_horizon() > (SELECT id FROM events WHERE writer = 'after p2')", 'ROLLBACK PREPARED lets go');

query("BEGIN; CREATE TABLE made_no_key (n int); PREPARE TRANSACTION 'no key'");
query("INSERT INTO events (writer) VALUES ('after no key')");
is_true($node, "SELECT uuidx_commit_horizon() > (SELECT id FROM events WHERE writer = 'after no key')",
    'a prepared transaction that made no key holds nothing');
query("COMMIT PREPARED 'no key'");

# Across a restart, a prepared transaction's keys are unknown: it holds from the smallest key.
query("BEGIN; INSERT INTO events (writer) VALUES ('prepared before restart'); PREPARE TRANSACTION 'p3'");
$node->restart;
query("INSERT INTO events (writer) VALUES ('after restart')");
is(query('SELECT uuidx_commit_horizon()'), $smallest_v7, 'after a restart, p3 holds the horizon at the smallest v7 key');
is(query('SELECT prepared_gid, reason FROM uuidx_horizon_holders'),
    'p3|a transaction prepared before the server started or was promoted: its keys are unknown, so it holds every key',
    'and the holders view says why');
query("COMMIT PREPARED 'p3'");
is_true($node, "SELECT uuidx_commit_horizon() > (SELECT id FROM events WHERE writer = 'after restart')", 'until it ends');

# --- another database's transaction holds nothing here ------------------------------------
query('CREATE DATABASE other');
$node->safe_psql('other', 'CREATE EXTENSION uuidx');
my $other = $node->background_psql('other');
$other->query_safe('BEGIN');
$other->query_safe('SELECT uuid_generate_v7()');
query("INSERT INTO events (writer) VALUES ('beside other')");
is_true($node, "SELECT uuidx_commit_horizon() > (SELECT id FROM events WHERE writer = 'beside other')",
    "an open transaction of another database does not hold this database's horizon");
is($node->safe_psql('other', 'SELECT count(*) FROM uuidx_horizon_holders'), '1', 'it holds its own');
$other->query_safe('COMMIT');
$other->quit;

# --- a crash: the consumer's position is kept, the floor is raised to it, nothing is missed --
$horizon_consumer->{session}->quit;
$naive_consumer->{session}->quit;
$wait_for_writers = start_writers($node, 4);
usleep(1_500_000);
my $victim = query("SELECT pid FROM pg_stat_activity WHERE application_name = 'writer' LIMIT 1");
ok($victim && kill('KILL', $victim), 'a writer killed: the server restarts after the crash');
$wait_for_writers->();
ok($node->poll_query_until('postgres', 'SELECT true'), 'the server recovered from the crash');
# The recipe after a restart (docs/consumers.md): the order raised to the furthest position.
query("SELECT uuidx_raise_order_floor('$horizon_consumer->{last}')");
$horizon_consumer->{session} = $node->background_psql('postgres');
$wait_for_writers = start_writers($node, 3);
$started = time;
while (time - $started < 3) { poll($horizon_consumer); usleep(5_000); }
$wait_for_writers->();
1 while poll($horizon_consumer) > 0;
is(missed($horizon_consumer), 0, 'across the crash, the horizon consumer read every committed row');
is($horizon_consumer->{twice}, 0, 'and none twice');
$horizon_consumer->{session}->quit;

# --- a hot standby refuses ------------------------------------------------------------------
$node->backup('horizon_backup');
my $standby = PostgreSQL::Test::Cluster->new('horizon_standby');
$standby->init_from_backup($node, 'horizon_backup', has_streaming => 1);
$standby->start;
my ($status, $stdout, $stderr) = $standby->psql('postgres', 'SELECT uuidx_commit_horizon()');
like($stderr, qr/uuidx_commit_horizon\(\) cannot be read on a standby/, 'a standby refuses the horizon');
($status, $stdout, $stderr) = $standby->psql('postgres', '\set VERBOSITY verbose' . "\n" . 'SELECT uuidx_commit_horizon()');
like($stderr, qr/55000/, 'with 55000');

$standby->stop;

# --- uuidx.commit_horizon = off: nothing recorded, the horizon refused, keys made as ever ----
$node->append_conf('postgresql.conf', "uuidx.commit_horizon = off\n");
$node->restart;
($status, $stdout, $stderr) = $node->psql('postgres', 'SELECT uuidx_commit_horizon()');
like($stderr, qr/uuidx_commit_horizon\(\) needs uuidx.commit_horizon = on/, 'off, the horizon is refused');
is(query("BEGIN; INSERT INTO events (writer) VALUES ('off'); SELECT count(*) FROM events WHERE writer = 'off'; COMMIT"), '1',
    'and keys are made as ever');

$node->stop;
done_testing();
