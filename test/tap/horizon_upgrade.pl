# An upgrade from 1.3.0, and one from 1.3.1, to the newest version keeps a keyset consumer's
# rows complete across it, each on a server of its own: the consumer that reads below
# uuidx_commit_horizon() beside writers that commit late and roll back reads every committed
# row once (set difference against the table), through a stop of the writers, a restart, the
# recipe's floor (docs/consumers.md), ALTER EXTENSION uuidx UPDATE and the writers again; a
# transaction prepared before the restart holds the horizon at or below its key throughout,
# until COMMIT PREPARED.
#
# Only one uuidx library can be installed, the new one: it serves the old version's SQL from
# the start (CREATE EXTENSION uuidx VERSION '1.3.0'), and the restart stands for the swap of
# the library, which 1.3.1 and 1.3.2 need (their shared memory is laid out anew). So the test
# also shows the new library behind the old declarations: 1.3.0's
# uuidx_horizon_holder_records() of four columns and its view uuidx_horizon_holders, read
# whole, before the update; and after it, the view's newer columns held_since and held_for.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxTap;
use UuidxHorizon;
use Time::HiRes qw(time usleep);

my ($node, $from);
my $newest;  # the default version: the newest, built from sql/uuidx.sql
# The holders view's columns: 1.3.0's, and since 1.3.1 (unchanged by 1.3.2).
my %view_columns_of = (
    '1.3.0' => 'pid,prepared_transaction,prepared_gid,oldest_key,oldest_key_time,xact_start,state,reason',
    '1.3.1' => 'pid,prepared_transaction,prepared_gid,oldest_key,oldest_key_time,xact_start,held_since,held_for,state,reason',
);
# The view's reason for a transaction prepared before the start: 1.3.0's, and since 1.3.1.
my %unknown_keys_reason_of = (
    '1.3.0' => 'a transaction prepared before the server started: its keys are unknown, so it holds every key',
    '1.3.1' => 'a transaction prepared before the server started or was promoted: its keys are unknown, so it holds every key',
);

sub query { return $node->safe_psql('postgres', $_[0]); }

sub view_columns {
    return query("SELECT string_agg(attname, ',' ORDER BY attnum) FROM pg_attribute
                  WHERE attrelid = 'uuidx_horizon_holders'::regclass AND attnum > 0");
}

# run_writers(CONSUMER, SECONDS [, DURING]): writers for SECONDS while CONSUMER polls, and
# DURING run once, halfway.
sub run_writers {
    my ($consumer, $seconds, $during) = @_;
    my $wait_for_writers = start_writers($node, $seconds);
    my $started = time;
    while (time - $started < $seconds) {
        poll($consumer);
        if ($during && time - $started > $seconds / 2) { $during->(); undef $during; }
        usleep(5_000);
    }
    my ($ran, $errors) = $wait_for_writers->();
    ok($ran, "the writers ran for $seconds s") or diag($errors);
}

# upgrade_from(VERSION): the whole scenario on a server of its own, from VERSION.
sub upgrade_from {
    $from = $_[0];
    $node = PostgreSQL::Test::Cluster->new('upgrade_from_' . ($from =~ tr/./_/r));
    $node->init;
    $node->append_conf('postgresql.conf',
        "shared_preload_libraries = 'uuidx'\nmax_prepared_transactions = 10\n"
          # The writers, the consumer and the test's own sessions, past the framework's 10.
          . "max_connections = 30\n");
    $node->start;
    $node->safe_psql('postgres', qq{
        SET client_min_messages = warning;
        CREATE EXTENSION uuidx VERSION '$from';
        CREATE TABLE events (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), writer text NOT NULL);
    });

    $newest //= query("SELECT default_version FROM pg_available_extensions WHERE name = 'uuidx'");

    # --- the old version: writers, the consumer, and a transaction prepared mid-run ------------
    my $consumer = new_consumer($node, 'horizon');
    my $prepared_key;
    run_writers($consumer, 5, sub {
        $prepared_key = query("BEGIN; INSERT INTO events (writer) VALUES ('prepared') RETURNING id;
                               PREPARE TRANSACTION 'before the upgrade'");
    });
    like($prepared_key, qr/^[0-9a-f-]{36}$/, 'a transaction was prepared mid-run');
    my $held = "SELECT uuidx_commit_horizon() <= '$prepared_key'";
    is_true($node, $held, 'it holds the horizon at or below its key');

    # The old version's declarations in front of the new library, a running transaction's and
    # the prepared one's holds listed.
    my $running = $node->background_psql('postgres');
    $running->query_safe('BEGIN');
    my $running_key = $running->query_safe('SELECT uuid_generate_v7()');
    my $running_pid = $running->query_safe('SELECT pg_backend_pid()');
    is(view_columns(), $view_columns_of{$from}, "${from}'s view");
    # A holder's oldest key is the first key of its key's tick: at or below the key.
    is_true($node, "SELECT count(*) = 2 AND bool_and(oldest_key_known)
                       AND count(*) FILTER (WHERE pid IS NULL AND transaction = (SELECT transaction FROM pg_prepared_xacts)
                                              AND oldest_key <= '$prepared_key') = 1
                       AND count(*) FILTER (WHERE pid = $running_pid AND transaction IS NULL
                                              AND oldest_key <= '$running_key') = 1
                    FROM uuidx_horizon_holder_records()",
        "the new library fills ${from}'s uuidx_horizon_holder_records()");
    is_true($node, "SELECT count(*) = 2
                       AND count(*) FILTER (WHERE pid IS NULL AND prepared_gid = 'before the upgrade'
                             AND prepared_transaction = (SELECT transaction FROM pg_prepared_xacts)
                             AND xact_start = (SELECT prepared FROM pg_prepared_xacts)
                             AND oldest_key <= '$prepared_key' AND oldest_key_time = uuid_v7_to_timestamptz(oldest_key)
                             AND state = 'prepared' AND reason = 'a prepared transaction made this key') = 1
                       AND count(*) FILTER (WHERE pid = $running_pid AND prepared_transaction IS NULL AND prepared_gid IS NULL
                             AND xact_start = (SELECT xact_start FROM pg_stat_activity WHERE pid = $running_pid)
                             AND oldest_key <= '$running_key' AND oldest_key_time = uuid_v7_to_timestamptz(oldest_key)
                             AND state = 'idle in transaction' AND reason = 'a running transaction made this key') = 1
                    FROM (SELECT * FROM uuidx_horizon_holders) AS holders",
        "and ${from}'s view, read whole, names both holders");
    $running->query_safe('COMMIT');

    # --- the upgrade: writers stopped (above), the new library's restart, the floor, UPDATE ----
    $running->quit;
    $consumer->{session}->quit;
    $node->restart;
    # The recipe after a restart (docs/consumers.md): the order raised to the consumer's
    # position, its one row of outbox_consumers here, before any writer resumes. This server's
    # clock goes on across the restart, so the floor moves no key here: it is the step an
    # upgrade takes, not what the checks below depend on.
    query("SELECT uuidx_raise_order_floor('$consumer->{last}')");
    $consumer->{session} = $node->background_psql('postgres');
    is_true($node, $held, 'after the restart, the prepared transaction still holds at or below its key');
    is(query('SELECT prepared_gid, reason FROM uuidx_horizon_holders'), "before the upgrade|$unknown_keys_reason_of{$from}",
        "and ${from}'s view says why");

    query('ALTER EXTENSION uuidx UPDATE');
    is(query("SELECT extversion FROM pg_extension WHERE extname = 'uuidx'"), $newest, "ALTER EXTENSION uuidx UPDATE made $newest");
    is_true($node, $held, 'the prepared transaction holds across the update');
    is(view_columns(), $view_columns_of{'1.3.1'}, "${newest}'s view has held_since and held_for");

    # --- the newest: the writers again, a running holder and the prepared one in its view -----
    run_writers($consumer, 5, sub {
        my $holder = $node->background_psql('postgres');
        $holder->query_safe('BEGIN');
        $holder->query_safe('SELECT uuid_generate_v7()');
        my $pid = $holder->query_safe('SELECT pg_backend_pid()');
        is_true($node, "SELECT held_since IS NOT NULL AND held_since >= xact_start AND held_for >= interval '0'
                        FROM uuidx_horizon_holders WHERE pid = $pid",
            'a running transaction that made a key: held since its key, for a time not negative');
        is_true($node, "SELECT held_since IS NOT NULL AND held_for >= interval '0'
                        FROM uuidx_horizon_holders WHERE prepared_gid = 'before the upgrade'",
            'the prepared one: held since a time, for a time not negative');
        $holder->query_safe('COMMIT');
        $holder->quit;
    });
    is_true($node, $held, 'the prepared transaction holds until it ends');
    query("COMMIT PREPARED 'before the upgrade'");
    is_true($node, "SELECT uuidx_commit_horizon() > '$prepared_key'", 'COMMIT PREPARED lets go');

    # Drained: every writer has ended, so the horizon is above every key.
    1 while poll($consumer) > 0;
    $consumer->{session}->quit;
    my $committed = query('SELECT count(*) FROM events');
    cmp_ok($committed, '>', 200, "the writers committed rows ($committed)");
    is(missed($consumer), 0, 'the consumer read every committed row across the upgrade');
    is($consumer->{twice}, 0, 'and none twice');
    is(query('SELECT count(*) FROM uuidx_horizon_holders'), '0', 'no holder is left');

    $node->stop;
}

upgrade_from('1.3.0');
upgrade_from('1.3.1');
done_testing();
