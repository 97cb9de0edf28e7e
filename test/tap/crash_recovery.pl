# kill -9 of a backend while four clients insert v7 keys one row at a time, with uuidx
# preloaded (its order cells in shared memory, which the crash restart rebuilds): the
# server recovers, no key repeats, every key made after the crash sorts above every key
# made before it, and amcheck finds the primary-key index sound.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxTap;

my $node = PostgreSQL::Test::Cluster->new('crash');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuidx'\nrestart_after_crash = on\n");
$node->start;
$node->safe_psql('postgres', q{
    SET client_min_messages = warning;
    CREATE EXTENSION uuidx;
    CREATE EXTENSION amcheck;
    CREATE TABLE keys (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), phase text NOT NULL);
});

# Four clients inserting as `phase` (their application_name) for `seconds`.
sub start_inserting {
    my ($phase, $seconds) = @_;
    return start_pgbench($node, "INSERT INTO keys (phase) VALUES (current_setting('application_name'));\n",
        [ '-c', '4', '-j', '4', '-T', $seconds ], application_name => $phase);
}

# Four clients insert for a few seconds; one of their backends is killed meanwhile.
my $wait_for_before = start_inserting('before', 6);
$node->poll_query_until('postgres',
    "SELECT count(*) > 0 FROM pg_stat_activity WHERE application_name = 'before' AND state IS NOT NULL")
  or die 'no pgbench backend to kill';
sleep 1;
my $victim = $node->safe_psql('postgres',
    "SELECT pid FROM pg_stat_activity WHERE application_name = 'before' AND state IS NOT NULL LIMIT 1");
ok(kill('KILL', $victim), "killed backend $victim");
$wait_for_before->();    # every client loses its connection in the crash restart

# The server restarts by itself.
ok($node->poll_query_until('postgres', 'SELECT true'), 'the server recovered from the crash');
like(slurp_file($node->logfile), qr/terminated by signal 9/, 'the crash is in the server log');

start_inserting('after', 2)->();

is_true($node, "SELECT count(*) FILTER (WHERE phase = 'before') > 100 AND count(*) FILTER (WHERE phase = 'after') > 100 FROM keys",
    'keys were inserted before and after the crash');
is_true($node, 'SELECT count(DISTINCT id) = count(*) FROM keys', 'no key repeats');
is_true($node, "SELECT (SELECT id FROM keys WHERE phase = 'after' ORDER BY id LIMIT 1)
              > (SELECT id FROM keys WHERE phase = 'before' ORDER BY id DESC LIMIT 1)",
    'every key made after the crash sorts above every key made before it');
is_true($node, "SELECT bt_index_parent_check('keys_pkey', true)::text = '' AND bt_index_check('keys_pkey', true)::text = ''",
    'amcheck finds the primary-key index sound, with every heap row in it');
is_true($node, "SELECT uuidx_order_scope() = 'server'", 'the order cells are in shared memory again');

$node->stop;
done_testing();
