# Clients through pgbouncer in transaction mode, so that each client's transactions run in
# several server backends: docs/multi-server.md's recipe (its table, its pgbouncer.ini excerpt, its
# check of the order, its setting), on a server preloaded with uuidx and on one that loads
# it per session.
# - Concurrent clients (pgbench, one connection each, a sequence number of their own)
#   insert single-statement transactions: keys are distinct, valid v7, ordered within each
#   backend; preloaded, each client's keys increase in its own order too.
# - The server's clock steps forward and back (libfaketime) while one client moves between
#   backends: preloaded, its keys still increase; without preloading, the backend that made
#   a key while the clock was ahead continues after it, another backend starts again from
#   the clock, and the client's next key sorts before its previous one, by about the step.
# - uuidx.require_server_order (SET LOCAL in a client's transaction, or the guide's
#   ALTER DATABASE with the pooler's RECONNECT): refused with 55000 without preloading,
#   no change when preloaded.
use strict;
use warnings;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time usleep);
use UuidxTap;

my $pgbouncer = '/usr/sbin/pgbouncer';
plan skip_all => "pgbouncer is not installed ($pgbouncer)" unless -x $pgbouncer;

my @sql = readme_blocks('pooler');
my @ini = readme_blocks('pooler', 'ini');
die 'docs/multi-server.md: the pooler recipe must be its table (db), its check (pooler) and its setting (db)'
  unless join(',', map { $_->[0] } @sql) eq 'db,pooler,db';
die 'docs/multi-server.md: the pooler recipe must have one pgbouncer.ini excerpt (pooler)'
  unless @ini == 1 && $ini[0][0] eq 'pooler';
my ($table_sql, $scope_sql, $setting_sql) = map { $_->[1] } @sql;
my ($pool_size) = $ini[0][1] =~ /^default_pool_size\s*=\s*(\d+)\s*$/m;
die 'docs/multi-server.md: the pgbouncer.ini excerpt must set default_pool_size' unless $pool_size;

my ($clients, $transactions) = (6, 3000);
my $step_seconds = 2;
my $user = getpwuid($<);

# pgbouncer in front of NODE's database app: the guide's excerpt with NODE's address, and
# what a test adds: a socket in the node's socket directory and no TCP listener, trust, and
# pooled connections handed out in turn (pgbouncer's default hands out the one last
# released, so a lone client would stay in one backend).
sub start_pooler {
    my ($node, $name) = @_;
    my $dir = $node->host;
    my $port = PostgreSQL::Test::Cluster::get_free_port();
    my $tmp = $PostgreSQL::Test::Utils::tmp_check;
    my $ini_file = "$tmp/pgbouncer-$name.ini";
    PostgreSQL::Test::Utils::append_to_file("$tmp/pgbouncer-$name.users", qq{"$user" ""\n});
    # What follows the excerpt belongs to its last section, which must be [pgbouncer].
    die 'docs/multi-server.md: the pgbouncer.ini excerpt must end in its [pgbouncer] section'
      unless (reverse($ini[0][1] =~ /^\[(\w+)\]/mg))[0] eq 'pgbouncer';
    PostgreSQL::Test::Utils::append_to_file($ini_file, with_addresses($ini[0][1], db => $node) . <<"EOF");
listen_port = $port
unix_socket_dir = $dir
auth_type = trust
auth_file = $tmp/pgbouncer-$name.users
admin_users = $user
server_round_robin = 1
logfile = $tmp/pgbouncer-$name.log
EOF
    my $harness = IPC::Run::start([ $pgbouncer, $ini_file ], '>', '/dev/null', '2>', "$tmp/pgbouncer-$name.stderr");
    foreach (1 .. 100) { last if -S "$dir/.s.PGSQL.$port"; usleep(100_000); }
    die "pgbouncer did not start: see $tmp/pgbouncer-$name.log" unless -S "$dir/.s.PGSQL.$port";
    return { harness => $harness, dir => $dir, port => $port };
}

# psql through the pooler, statements read from stdin (each its own transaction unless the
# script says otherwise): (exit code, stdout, stderr), errors with their SQLSTATE.
sub pooled_psql {
    my ($pooler, $script, $db) = @_;
    my ($out, $err) = ('', '');
    IPC::Run::run([ 'psql', '-X', '-A', '-t', '-q', '-v', 'VERBOSITY=verbose', '-h', $pooler->{dir},
            '-p', $pooler->{port}, '-d', $db // 'app' ], '<', \$script, '>', \$out, '2>', \$err);
    chomp $out;
    return ($? >> 8, $out, $err);
}

my @poolers;
END { foreach (@poolers) { $_->{harness}->kill_kill if $_->{harness}->pumpable; } }

foreach my $mode ('session', 'preloaded') {
    my $preloaded = $mode eq 'preloaded';
    my $started = time;
    my $node = PostgreSQL::Test::Cluster->new("pooler_$mode");
    my $offset_file = clock_offset_file("pooler-$mode", 0);
    $node->init;
    $node->append_conf('postgresql.conf', "log_statement = none\n");
    $node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuidx'\n") if $preloaded;
    # Without libfaketime, only the clock's step is skipped.
    if (libfaketime()) { start_with_clock($node, offset_file => $offset_file); }
    else { $node->start; }
    $node->safe_psql('postgres', 'CREATE DATABASE app');
    $node->safe_psql('app', "SET client_min_messages = warning;\n$table_sql");
    # What the test records beside each key: who made it, in which order, in which backend.
    $node->safe_psql('app', 'ALTER TABLE events ADD client int, ADD seq int, ADD backend int DEFAULT pg_backend_pid(),
                              ADD n bigserial, ADD clock timestamptz DEFAULT clock_timestamp()');
    my $pooler = start_pooler($node, $mode);
    push @poolers, $pooler;
    my $is_true = sub { is_true($node, $_[0], "[$mode] $_[1]", db => 'app') };

    my ($rc, $out, $err) = pooled_psql($pooler, $scope_sql);
    is($out, $preloaded ? 'server' : 'session', "[$mode] through the pooler, uuidx_order_scope() says the order a client gets");

    # Concurrent clients, each one connection to the pooler: single-statement transactions
    # numbered by the client.
    my $clients_started = time;
    my ($clients_ran, $clients_err) = start_pgbench($node,
        "\\set seq :seq + 1\nINSERT INTO events (body, client, seq) VALUES ('client', :client_id, :seq);\n",
        [ '-M', 'simple', '-c', $clients, '-j', 2, '-t', $transactions, '-D', 'seq=0' ],
        host => $pooler->{dir}, port => $pooler->{port}, db => 'app')->();
    ok($clients_ran, "[$mode] $clients clients ran $transactions transactions each through the pooler") or diag($clients_err);
    my $clients_seconds = sprintf('%.1f', time - $clients_started);

    $is_true->("SELECT count(*) = $clients * $transactions AND count(DISTINCT (client, seq)) = count(*)
                   AND count(DISTINCT id) = count(*) AND bool_and(uuid_extract_version(id) = 7)
                FROM events WHERE body = 'client'",
        'every transaction made one key, all distinct and valid v7');
    $is_true->("SELECT min(backends) > 1 FROM (SELECT count(DISTINCT backend) AS backends FROM events WHERE body = 'client' GROUP BY client) b",
        "each client's transactions ran in more than one backend");
    $is_true->("SELECT count(DISTINCT backend) BETWEEN 2 AND $pool_size FROM events WHERE body = 'client'",
        "the pooler ran them all in its pool of $pool_size backends");
    my $ordered_per_backend = "SELECT bool_and(id > previous) FROM
            (SELECT id, lag(id) OVER (PARTITION BY backend ORDER BY n) AS previous FROM events) k";
    $is_true->($ordered_per_backend, "each backend's keys increase in the order it made them");
    my $client_steps = "SELECT client, seq, backend, id, lag(id) OVER w AS previous, lag(backend) OVER w AS previous_backend,
            uuid_v7_to_timestamptz(id) - uuid_v7_to_timestamptz(lag(id) OVER w) AS step
            FROM events WINDOW w AS (PARTITION BY client ORDER BY seq)";
    my $stats = $node->safe_psql('app', "SELECT count(*) FILTER (WHERE id < previous),
            round(coalesce(max(-1000 * extract(epoch FROM step)) FILTER (WHERE id < previous), 0), 3),
            (SELECT string_agg(b::text, ',' ORDER BY client) FROM
                (SELECT client, count(DISTINCT backend) AS b FROM events WHERE body = 'client' GROUP BY client) c),
            count(*) FILTER (WHERE backend <> previous_backend)
            FROM ($client_steps) s WHERE client < $clients");
    my ($disordered, $back_ms, $backends, $moves) = split /\|/, $stats;
    diag("[$mode] $clients clients x $transactions transactions in ${clients_seconds}s; backends per client: $backends;"
          . " clients changed backend $moves times in all; keys sorting before the client's previous one: $disordered"
          . " (at most $back_ms ms back)");
    if ($preloaded) {
        $is_true->("SELECT bool_and(id > previous) FROM ($client_steps) s WHERE client < $clients AND previous IS NOT NULL",
            "each client's keys increase in its own order, across backends");
    }

  SKIP: {
        skip libfaketime_missing(), 3 unless libfaketime();
        # One client: a transaction while the server's clock is ahead, then six after it has
        # stepped back; the pooler hands the client its backends in turn.
        my $client = $clients + 1;
        my $steps = join('', map { "INSERT INTO events (body, client, seq) VALUES ('clock', $client, $_);\n" } 2 .. 7);
        ($rc, $out, $err) = pooled_psql($pooler, join("\n",
                '\! ' . clock_offset_command($offset_file, $step_seconds),
                "INSERT INTO events (body, client, seq) VALUES ('clock', $client, 1);",
                '\! ' . clock_offset_command($offset_file, 0), $steps));
        is($rc, 0, "[$mode] one client's transactions across a clock step back") or diag($err);
        my ($clock_back, $client_backends, $key_back_ms) = split /\|/, $node->safe_psql('app', "SELECT
                (SELECT min(clock) FROM events WHERE client = $client AND seq = 1)
                    - (SELECT max(clock) FROM events WHERE client = $client AND seq > 1) > interval '1.5 seconds',
                count(DISTINCT backend), round(coalesce(max(-1000 * extract(epoch FROM step)), 0))
                FROM ($client_steps) s WHERE client = $client");
        ok($clock_back eq 't' && $client_backends >= 2,
            "[$mode] the server's clock stepped back by ${step_seconds}s between the client's transactions,"
              . " which ran in more than one backend (in $client_backends)");
        diag("[$mode] across the clock's step back, the client's keys went back by at most $key_back_ms ms");
        if ($preloaded) {
            $is_true->("SELECT bool_and(id > previous) FROM ($client_steps) s WHERE client = $client AND previous IS NOT NULL",
                "the client's keys still increase across the clock's step back");
        }
        else {
            ok($key_back_ms > 1000 * $step_seconds * 0.75,
                "[$mode] a key from another backend sorts before the client's previous key, by about the step");
        }
    }
    $is_true->($ordered_per_backend, "each backend's keys still increase in the order it made them");
    $is_true->("SELECT count(DISTINCT id) = count(*) FROM events", 'all keys are distinct');

    # The remedy: refuse rather than order per backend.
    my $refused = qr/ERROR:  55000: uuidx.require_server_order is on, but uuidx is not preloaded/;
    ($rc, $out, $err) = pooled_psql($pooler, "BEGIN;\nSET LOCAL uuidx.require_server_order = on;\n"
          . "INSERT INTO events (body) VALUES ('set local');\nCOMMIT;\n");
    if ($preloaded) { ok($err eq '', "[$mode] with SET LOCAL uuidx.require_server_order = on, keys are made") or diag($err); }
    else { like($err, $refused, "[$mode] SET LOCAL uuidx.require_server_order = on: the key is refused (55000)"); }

    $node->safe_psql('app', $setting_sql);
    my $show = "SHOW uuidx.require_server_order;\n" x 3;
    ($rc, $out, $err) = pooled_psql($pooler, $show);
    is($out, "off\noff\noff", "[$mode] after the guide's ALTER DATABASE, the pooler's open connections keep the setting they started with");
    ($rc, $out, $err) = pooled_psql($pooler, 'RECONNECT app;', 'pgbouncer');
    is($rc, 0, "[$mode] the pooler's RECONNECT app") or diag($err);
    ($rc, $out, $err) = pooled_psql($pooler, $show);
    is($out, "on\non\non", "[$mode] after RECONNECT, the connections the pooler opens have it");
    ($rc, $out, $err) = pooled_psql($pooler, "INSERT INTO events (body) VALUES ('required');\n" x 6);
    my $refusals = () = $err =~ /$refused/g;
    if ($preloaded) {
        is($node->safe_psql('app', "SELECT count(*) FROM events WHERE body = 'required'") . " $refusals", '6 0',
            "[$mode] with the guide's ALTER DATABASE, every transaction through the pooler makes its key");
    }
    else {
        is($refusals, 6, "[$mode] with the guide's ALTER DATABASE, every transaction through the pooler is refused (55000)");
    }

    $pooler->{harness}->signal('TERM');
    $pooler->{harness}->finish;
    $node->stop;
    diag(sprintf('[%s] %.1fs', $mode, time - $started));
}
done_testing();
