# Failover: a streaming standby promoted after its primary is killed, uuidx preloaded on
# every server, each server's clock moved by libfaketime (an offset file per node, re-read
# on every clock read). The recipe of docs/multi-server.md (section "Failover") runs as printed on the
# standbys. Two standbys of one primary:
#   - "agreeing", whose clock agrees with the primary's: after promotion its keys sort after
#     every key the old primary made, with nothing to do;
#   - "behind", whose clock runs behind: after promotion its keys sort before the old ones
#     (measured), until uuidx_raise_order_floor() raises the server's order to the newest old
#     key; then every key of every session sorts after it. A restart forgets the floor, and a
#     floor far ahead of the clock warns.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxTap;

plan skip_all => libfaketime_missing() unless libfaketime();
my $behind_seconds = 30;
my $old_keys = 5000;

my @recipe = readme_blocks('failover');
die "docs/multi-server.md's Failover recipe: expected two blocks on the standby (promotion, the floor)"
  unless @recipe == 2 && !grep { $_->[0] ne 'standby' } @recipe;
my ($promote, $raise_floor) = map { $_->[1] } @recipe;

# The primary, its table and its keys; the standbys from its backup, streaming.
my $primary = PostgreSQL::Test::Cluster->new('primary');
$primary->init(allows_streaming => 1);
$primary->append_conf('postgresql.conf', "shared_preload_libraries = 'uuidx'\n");
start_with_clock($primary, offset_file => clock_offset_file('failover-primary', 0));
$primary->safe_psql('postgres', q{
    CREATE EXTENSION uuidx;
    CREATE TABLE orders (seq bigserial, id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), total numeric, made_on text);
});
$primary->backup('base');
my %standby;
my %clock = (agreeing => 0, behind => -$behind_seconds);
foreach my $name ('agreeing', 'behind') {
    my $node = PostgreSQL::Test::Cluster->new("standby_$name");
    $node->init_from_backup($primary, 'base', has_streaming => 1);
    $clock{"file_$name"} = clock_offset_file("failover-standby_$name", $clock{$name});
    start_with_clock($node, offset_file => $clock{"file_$name"});
    $standby{$name} = $node;
}

# Keys in several sessions of the primary, all replayed by both standbys; then the primary
# dies without a shutdown checkpoint.
$primary->safe_psql('postgres',
    "INSERT INTO orders (total, made_on) SELECT g, 'old primary' FROM generate_series(1, $old_keys / 5) g")
  for 1 .. 5;
my $newest_old = $primary->safe_psql('postgres', 'SELECT id FROM orders ORDER BY id DESC LIMIT 1');
$primary->wait_for_catchup($_, 'replay', $primary->lsn('insert')) for values %standby;
$primary->stop('immediate');

# The keys a node made as the new primary: in n sessions, one key each (a new session each
# time: with uuidx preloaded, the order is the server's, not the session's).
sub new_keys {
    my ($node, $label, $sessions) = @_;
    $node->safe_psql('postgres', "INSERT INTO orders (total, made_on) VALUES (0, '$label')") for 1 .. $sessions;
}

my $after_every_old_key = sub {
    my ($label) = @_;
    return "SELECT count(*) > 0 AND bool_and(n.id > o.newest) FROM orders n,
                   (SELECT id AS newest FROM orders WHERE made_on = 'old primary' ORDER BY id DESC LIMIT 1) o
            WHERE n.made_on = '$label'";
};

# --- clocks that agree -----------------------------------------------------------------
{
    my $node = $standby{agreeing};
    is($node->safe_psql('postgres', "SELECT count(*) FROM orders WHERE made_on = 'old primary'"),
        $old_keys, '[agreeing] the standby replayed every key of the old primary');
    is($node->safe_psql('postgres', $promote), 't', "[agreeing] the guide's promotion promotes");
    is($node->safe_psql('postgres', 'SELECT pg_is_in_recovery()'), 'f', '[agreeing] the standby is a primary');
    new_keys($node, 'new primary', 20);
    $node->safe_psql('postgres', "INSERT INTO orders (total, made_on) SELECT g, 'new primary' FROM generate_series(1, 1000) g");
    is($node->safe_psql('postgres', $after_every_old_key->('new primary')),
        't', '[agreeing] keys made after promotion sort after every key made before it');
    note('the first key after promotion sorts '
          . $node->safe_psql('postgres', "
                SELECT extract(epoch FROM uuid_v7_to_timestamptz(n.id) - uuid_v7_to_timestamptz('$newest_old'))
                FROM orders n WHERE made_on = 'new primary' ORDER BY seq LIMIT 1")
          . ' s after the newest old key');
}

# --- a clock behind ----------------------------------------------------------------------
{
    my $node = $standby{behind};
    is($node->safe_psql('postgres', "SELECT count(*) FROM orders WHERE made_on = 'old primary'"),
        $old_keys, '[behind] the standby replayed every key of the old primary');
    is($node->safe_psql('postgres', $promote), 't', "[behind] the guide's promotion promotes");
    is($node->safe_psql('postgres', "SELECT uuid_v7_to_timestamptz('$newest_old') - clock_timestamp() > interval '20 s'"),
        't', "[behind] the new primary's clock is behind the newest old key");

    # The problem: the first key of the new primary sorts before the newest old one.
    new_keys($node, 'before the floor', 1);
    my $gap = $node->safe_psql('postgres', "
        SELECT extract(epoch FROM uuid_v7_to_timestamptz('$newest_old') - uuid_v7_to_timestamptz(id))
        FROM orders WHERE made_on = 'before the floor'");
    note("without the floor, the new primary's first key sorts ${gap} s before the newest old key");
    ok($gap > $behind_seconds - 10 && $gap <= $behind_seconds,
        "[behind] without the floor, a new key sorts before the old ones, by about the clocks' difference");

    # The guide's floor: the newest key of the table, its time to the tick, without warning.
    my ($floor, $stderr);
    $node->psql('postgres', $raise_floor, stdout => \$floor, stderr => \$stderr, on_error_die => 1);
    is($stderr, '', "[behind] the floor, less than a minute ahead of the clock, raises without a warning");
    # The floor: the key's millisecond plus its 16-bit fraction (rand_a and the 4 bits after
    # the variant) in microseconds, rounded down.
    is($node->safe_psql('postgres', "
        SELECT '$floor'::timestamptz = uuid_v7_to_timestamptz(k)
               + make_interval(secs => (((('x' || substr(k::text, 16, 3))::bit(12)::int << 4)
                                         | ((get_byte(uuid_send(k), 8) >> 2) & 15)) * 1000 / 65536) / 1e6)
        FROM (SELECT '$newest_old'::uuid AS k) s"),
        't', "[behind] the floor returned is the newest old key's time, to the tick");
    is($node->safe_psql('postgres', 'SELECT uuidx_order_scope()'), 'server', '[behind] the order is the server\'s');

    new_keys($node, 'after the floor', 20);
    $node->safe_psql('postgres', "INSERT INTO orders (total, made_on) SELECT g, 'after the floor' FROM generate_series(1, 1000) g");
    is($node->safe_psql('postgres', $after_every_old_key->('after the floor')),
        't', '[behind] after the floor, every key of every later session sorts after every old key');
    is($node->safe_psql('postgres', "
        SELECT bool_and(a.id > b.id) FROM orders a, orders b
        WHERE a.made_on = 'after the floor' AND b.made_on = 'before the floor'"),
        't', '[behind] and after the key made before the floor');
    is($node->safe_psql('postgres', "
        SELECT bool_and(id > previous) FROM (SELECT id, lag(id) OVER (ORDER BY seq) AS previous
                                             FROM orders WHERE made_on = 'after the floor') k
        WHERE previous IS NOT NULL"),
        't', '[behind] keys after the floor increase in the order they were made');
    is($node->safe_psql('postgres', "
        SELECT bool_and(uuid_v7_to_timestamptz(id) > clock_timestamp() + interval '20 s')
        FROM orders WHERE made_on = 'after the floor'"),
        't', '[behind] they carry the floor\'s time, ahead of the clock, not the clock\'s');

    # A restart forgets the floor while the clock is still behind: the recipe runs again.
    $node->stop;
    start_with_clock($node, offset_file => $clock{file_behind});
    new_keys($node, 'after a restart', 1);
    is($node->safe_psql('postgres', $after_every_old_key->('after a restart')),
        'f', '[behind] after a restart the floor is gone: a new key sorts before the old ones again');
    $node->safe_psql('postgres', $raise_floor);
    new_keys($node, 'raised again', 5);
    is($node->safe_psql('postgres', $after_every_old_key->('raised again')),
        't', '[behind] the recipe run again after the restart restores the order');

    # A floor more than a minute ahead of the clock warns, and still holds.
    my $ahead_key = $node->safe_psql('postgres', "SELECT uuid_v7_max(clock_timestamp() + interval '1 hour')");
    $node->psql('postgres', "SELECT uuidx_raise_order_floor('$ahead_key')", stderr => \$stderr, on_error_die => 1);
    like($stderr, qr/WARNING:  the order floor is 3\d\d\d seconds ahead of the server's clock/,
        '[behind] a floor an hour ahead of the clock warns');
    is($node->safe_psql('postgres', "SELECT uuid_generate_v7() > '$ahead_key'"), 't',
        '[behind] and holds: the next key sorts after it');
}

$_->stop for values %standby;
done_testing();
