# The commit horizon's paths through promotion, crash, restart and PREPARE TRANSACTION
# (uuidx preloaded, prepared transactions on). Each hold of a prepared transaction is
# checked against that transaction's own key, taken with RETURNING:
# - a transaction begun on a hot standby, still open when the standby is promoted, holds
#   nothing on the new primary, whether its first key came before the promotion or after it
#   (it stays read-only: none of its keys can be in the new primary's tables);
# - the first hold after a promotion is at the clock, not at the standby's start;
# - a prepared transaction replayed by a standby that is then promoted holds the new
#   primary's horizon at or below its own key (its keys are unknown there) until COMMIT
#   PREPARED on the new primary;
# - a backend that commits and opens new transactions after its own PREPARE: the prepared
#   one holds until it ends, then the session's open transaction, by its own key;
# - a PREPARE TRANSACTION that fails (its gid in use, 42710) leaves nothing of its
#   transaction holding;
# - a crash restart (kill -9 of a backend) keeps a prepared transaction's hold;
# - after a clean restart, a transaction prepared after the start holds from its own key,
#   one prepared before it from the smallest key;
# - after a restart, a role that cannot execute pg_prepared_xact() reads the horizon first,
#   and a transaction prepared before the restart holds it until COMMIT PREPARED;
# - a prepared transaction holds its own database's horizon and is listed there only,
#   before and after a restart.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxTap;

my $smallest_v7 = '00000000-0000-7000-8000-000000000000';

my $primary = PostgreSQL::Test::Cluster->new('paths_primary');
$primary->init(allows_streaming => 1);
$primary->append_conf('postgresql.conf',
    "shared_preload_libraries = 'uuidx'\nmax_prepared_transactions = 10\nrestart_after_crash = on\n");
$primary->start;
$primary->safe_psql('postgres', q{
    SET client_min_messages = warning;
    CREATE EXTENSION uuidx;
    CREATE TABLE events (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), writer text NOT NULL);
});

# committed_key(NODE, WRITER [, DATABASE]): the key of a row committed now.
sub committed_key {
    my ($node, $writer, $db) = @_;
    return $node->safe_psql($db // 'postgres', "INSERT INTO events (writer) VALUES ('$writer') RETURNING id");
}

# prepared_key(NODE, GID [, DATABASE]): the key of a row of a transaction prepared now as GID.
sub prepared_key {
    my ($node, $gid, $db) = @_;
    return $node->safe_psql($db // 'postgres',
        "BEGIN; INSERT INTO events (writer) VALUES ('$gid') RETURNING id; PREPARE TRANSACTION '$gid'");
}

# horizon_where(NODE, CONDITION, DESCRIPTION [, db => DATABASE]): CONDITION, SQL on the
# horizon h read once, is true; a failure shows the horizon.
sub horizon_where {
    my ($node, $condition, $description, %in) = @_;
    local $Test::Builder::Level = $Test::Builder::Level + 1;
    my ($horizon, $true) = split /\|/,
      $node->safe_psql($in{db} // 'postgres', "SELECT h, $condition FROM (SELECT uuidx_commit_horizon() AS h) AS horizon");
    is($true, 't', $description) or diag("the horizon was $horizon, and not: $condition");
}

# holders(NODE [, DATABASE]): the holders uuidx_horizon_holders lists, a prepared one by its
# gid, a running one as "pid PID", sorted, joined by ", ".
sub holders {
    my ($node, $db) = @_;
    return join ', ', sort split /\n/, $node->safe_psql($db // 'postgres',
        "SELECT coalesce(prepared_gid, 'pid ' || pid) FROM uuidx_horizon_holders");
}

# --- promotion -------------------------------------------------------------------------------
$primary->backup('paths_backup');
my %standby;
foreach my $name ('recovering', 'late', 'prepared') {
    $standby{$name} = PostgreSQL::Test::Cluster->new("paths_standby_$name");
    $standby{$name}->init_from_backup($primary, 'paths_backup', has_streaming => 1);
    $standby{$name}->start;
}

# 1. A transaction begun in recovery, open across pg_promote(): its key was made on a
# standby, where no table can take it, so it holds nothing on the new primary.
{
    my $node = $standby{recovering};
    my $session = $node->background_psql('postgres');
    my $pid = $session->query_safe('SELECT pg_backend_pid()');
    $session->query_safe('BEGIN');
    $session->query_safe('SELECT uuid_generate_v7()');
    is($node->safe_psql('postgres', 'SELECT pg_promote()'), 't', '[recovering] the standby is promoted');
    my $after = committed_key($node, 'after promotion');
    horizon_where($node, "h > '$after'",
        '[recovering] a transaction begun in recovery and open across the promotion holds nothing: '
          . "a row committed on the new primary is below its horizon");
    is($node->safe_psql('postgres', "SELECT count(*) FROM uuidx_horizon_holders WHERE pid = $pid"), '0',
        '[recovering] and the holders view does not list that session');
    $session->query_safe('COMMIT');
    $session->quit;
    $node->stop;
}

# 1b. A transaction begun in recovery whose first key comes after the promotion: it is as
# read-only as one that made its key before, and holds nothing either. And the first hold on
# the new primary, by a transaction begun after the promotion, is at the clock: the standby
# made no key since its start, which was a few seconds before the promotion.
{
    my $node = $standby{late};
    my $begun_in_recovery = $node->background_psql('postgres');
    my $recovery_pid = $begun_in_recovery->query_safe('SELECT pg_backend_pid()');
    $begun_in_recovery->query_safe('BEGIN ISOLATION LEVEL REPEATABLE READ');
    is($begun_in_recovery->query_safe('SELECT pg_is_in_recovery()'), 't', '[late] a transaction begins in recovery');
    sleep 3;  # the standby's start, where its v7 cell stands, falls well behind the promotion
    my $promoted_at = $node->safe_psql('postgres', 'SELECT clock_timestamp()');
    is($node->safe_psql('postgres', 'SELECT pg_promote()'), 't', '[late] the standby is promoted');

    my $writer = $node->background_psql('postgres');
    my $writer_pid = $writer->query_safe('SELECT pg_backend_pid()');
    my $first = $writer->query_safe("BEGIN; INSERT INTO events (writer) VALUES ('first after promotion') RETURNING id");
    is($node->safe_psql('postgres', "SELECT oldest_key_time >= date_trunc('milliseconds', '$promoted_at'::timestamptz)
                                     FROM uuidx_horizon_holders WHERE pid = $writer_pid"), 't',
        "[late] the first hold after the promotion is at the clock, not at the standby's start")
      or diag($node->safe_psql('postgres', "SELECT oldest_key_time, '$promoted_at' FROM uuidx_horizon_holders"));

    my $late_key = $begun_in_recovery->query_safe('SELECT uuid_generate_v7()');
    is($node->safe_psql('postgres', "SELECT count(*) FROM uuidx_horizon_holders WHERE pid = $recovery_pid"), '0',
        '[late] a transaction begun in recovery whose first key comes after the promotion holds nothing');
    $writer->query_safe('COMMIT');
    my $after = committed_key($node, 'after the late key');
    horizon_where($node, "h > '$late_key' AND h > '$first' AND h > '$after'",
        '[late] and the horizon passes its key while it is still open');
    $begun_in_recovery->query_safe('COMMIT');
    $_->quit for $begun_in_recovery, $writer;
    $node->stop;
}

# 2. A prepared transaction replayed by a standby that is promoted: the new primary never saw
# its keys, so it holds from the smallest key, at or below its own, until it ends there.
{
    my $node = $standby{prepared};
    my $prepared = prepared_key($primary, 'across promotion');
    $primary->wait_for_catchup($node, 'replay', $primary->lsn('insert'));
    is($node->safe_psql('postgres', 'SELECT pg_promote()'), 't', '[prepared] the standby is promoted');
    my $beside = committed_key($node, 'beside the prepared');
    horizon_where($node, "h <= '$prepared' AND h < '$beside'",
        "[prepared] on the new primary, the replayed prepared transaction holds the horizon at or below its own key");
    is(holders($node), 'across promotion', '[prepared] the holders view lists it');
    $node->safe_psql('postgres', "COMMIT PREPARED 'across promotion'");
    my $after = committed_key($node, 'after commit prepared');
    horizon_where($node, "h > '$prepared' AND h > '$beside' AND h > '$after'",
        '[prepared] COMMIT PREPARED on the new primary lets go: its row and the keys committed since are below');
    $node->stop;
    $primary->safe_psql('postgres', "ROLLBACK PREPARED 'across promotion'");
}

# --- one server ------------------------------------------------------------------------------
# The first read of the horizon after a start lists the prepared transactions the server
# started with (4. checks it); read here first, so that the holds checked below are the ones
# their own PREPAREs keep.
horizon_where($primary, "h > '" . committed_key($primary, 'before the first read') . "'", 'nothing holds the primary');

# 5. A backend that goes on making keys after its own PREPARE: the prepared transaction
# holds at or below its own key until it ends, whatever its session does; then the
# session's open transaction holds, at or below its own first key.
{
    my $session = $primary->background_psql('postgres');
    my $pid = $session->query_safe('SELECT pg_backend_pid()');
    my $prepared = $session->query_safe(
        "BEGIN; INSERT INTO events (writer) VALUES ('a') RETURNING id; PREPARE TRANSACTION 'a'");
    my @committed = map { $session->query_safe("INSERT INTO events (writer) VALUES ('after a') RETURNING id") } 1 .. 2;
    my $open = $session->query_safe("BEGIN; INSERT INTO events (writer) VALUES ('open after a') RETURNING id");
    horizon_where($primary, "h <= '$prepared'",
        "[own prepare] 'a' holds at or below its own key while its session commits keys and opens a transaction");
    is(holders($primary), "a, pid $pid", "[own prepare] the holders view lists 'a' and the session's open transaction");
    $primary->safe_psql('postgres', "COMMIT PREPARED 'a'");
    horizon_where($primary, "h > '$prepared' AND h > '$committed[1]' AND h <= '$open'",
        "[own prepare] after COMMIT PREPARED 'a' from another session, the session's open transaction holds at its own key");
    is(holders($primary), "pid $pid", '[own prepare] and only it is listed');
    $session->query_safe('COMMIT');
    $session->quit;
    horizon_where($primary, "h > '$open' AND h > (SELECT id FROM events ORDER BY id DESC LIMIT 1)",
        '[own prepare] once it commits, the horizon is above every key');
}

# 6. A PREPARE TRANSACTION that fails after its pre-prepare step (its gid is in use): the
# transaction rolls back, and nothing of it holds while its session lives on. The session
# runs nothing after the failure (query_until sends no statement of its own), so that no
# later transaction of the session ends what the failed one left.
{
    my $dup = prepared_key($primary, 'dup');
    my $session = $primary->background_psql('postgres', on_error_stop => 0);
    my ($would_be, $sqlstate) = split /\n/, $session->query_until(qr/^failed$/m,
        "BEGIN; INSERT INTO events (writer) VALUES ('second dup') RETURNING id; PREPARE TRANSACTION 'dup';\n"
          . "\\echo :LAST_ERROR_SQLSTATE\n\\echo failed\n");
    is($sqlstate, '42710', "[failed prepare] a second PREPARE of 'dup' fails with 42710");
    like($would_be, qr/^[0-9a-f]{8}-[0-9a-f]{4}-7/, '[failed prepare] after making a v7 key');
    is($primary->safe_psql('postgres', "SELECT count(*) FROM events WHERE writer = 'second dup'"), '0',
        '[failed prepare] its row is rolled back');
    is(holders($primary), 'dup', "[failed prepare] only 'dup' holds, not the failed transaction's live session");
    my $after = committed_key($primary, 'after the failed prepare');
    horizon_where($primary, "h <= '$dup'", "[failed prepare] 'dup' holds at or below its own key");
    $primary->safe_psql('postgres', "COMMIT PREPARED 'dup'");
    horizon_where($primary, "h > '$dup' AND h > '$would_be' AND h > '$after'",
        "[failed prepare] once 'dup' commits, nothing holds: neither 'dup' nor the failed PREPARE's transaction");
    $session->quit;
}

# --- crash and restart -----------------------------------------------------------------------
# 3. A crash restart with a prepared transaction: it survives, and holds at or below its own
# key until COMMIT PREPARED.
{
    my $prepared = prepared_key($primary, 'across the crash');
    my $session = $primary->background_psql('postgres');
    my $victim = $session->query_safe('SELECT pg_backend_pid()');
    my $log_offset = -s $primary->logfile;
    ok(kill('KILL', $victim), "[crash] backend $victim killed");
    $primary->wait_for_log(qr/all server processes terminated; reinitializing/, $log_offset);
    ok($primary->poll_query_until('postgres', 'SELECT true'), '[crash] the server recovered');
    # 18 names the process's kind ("client backend"); earlier majors say "server process".
    ok($primary->log_contains(qr/(server process|client backend) \(PID $victim\) was terminated by signal 9/, $log_offset),
        '[crash] the postmaster saw the backend terminated by signal 9 and reinitialized');
    $session->quit;
    my $after = committed_key($primary, 'after the crash');
    horizon_where($primary, "h <= '$prepared' AND h < '$after'",
        '[crash] after the crash restart, the prepared transaction holds at or below its own key');
    is(holders($primary), 'across the crash', '[crash] the holders view lists it');
    $primary->safe_psql('postgres', "COMMIT PREPARED 'across the crash'");
    horizon_where($primary, "h > '$prepared' AND h > '$after'", '[crash] COMMIT PREPARED lets go');
}

# 4. After a clean restart: a transaction prepared before it holds from the smallest key (its
# keys are unknown), one prepared after the start from its own key: at or below that key and
# above every key committed before it, from the first read of the horizon on.
{
    my $before_restart = prepared_key($primary, 'before the restart');
    $primary->restart;
    my $committed_before = committed_key($primary, 'just before');
    my $after_start = prepared_key($primary, 'after the start');
    is($primary->safe_psql('postgres', "
        SELECT string_agg(prepared_gid || ': ' || CASE
                   WHEN oldest_key = '$smallest_v7' THEN 'the smallest key'
                   WHEN oldest_key <= '$after_start' AND oldest_key > '$committed_before' THEN 'its own key'
                   ELSE oldest_key::text END, '; ' ORDER BY prepared_gid)
        FROM uuidx_horizon_holders"),
        'after the start: its own key; before the restart: the smallest key',
        "[restart] at the first read, one prepared after the start holds from its own key, one from before from the smallest");
    horizon_where($primary, "h = '$smallest_v7'", '[restart] the horizon is the smallest key');
    $primary->safe_psql('postgres', "COMMIT PREPARED 'before the restart'");
    horizon_where($primary, "h <= '$after_start' AND h > '$committed_before'",
        "[restart] once the older one commits, the horizon is at the newer one's own key, above the key committed before it");
    $primary->safe_psql('postgres', "COMMIT PREPARED 'after the start'");
    horizon_where($primary, "h > '$after_start' AND h > '$before_restart'", '[restart] both committed, nothing holds');
}

# 8. A consumer's role that cannot execute pg_prepared_xact() (revoked from PUBLIC, as
# hardening guides advise) and has no right but EXECUTE on the horizon: after a restart it
# reads the horizon first, which lists the prepared transactions of before the restart as
# the server, not as the role; one of them holds the horizon until COMMIT PREPARED.
{
    $primary->safe_psql('postgres', q{
        REVOKE EXECUTE ON FUNCTION pg_catalog.pg_prepared_xact() FROM PUBLIC;
        REVOKE EXECUTE ON FUNCTION uuidx_commit_horizon() FROM PUBLIC;
        CREATE ROLE horizon_reader LOGIN;
        GRANT EXECUTE ON FUNCTION uuidx_commit_horizon() TO horizon_reader;
    });
    my $prepared = prepared_key($primary, 'before the hardened restart');
    $primary->restart;
    my $as_reader = sub {  # the answer, or the error: a refusal fails the check, not the file
        my ($sql) = @_;
        my ($status, $out, $err) = $primary->psql('postgres', "SET ROLE horizon_reader; $sql");
        return $status == 0 ? $out : $err;
    };
    my ($status, $out, $err) = $primary->psql('postgres', 'SET ROLE horizon_reader; SELECT pg_prepared_xact()');
    like($err, qr/permission denied for function pg_prepared_xact/, '[privileges] the reader cannot list prepared transactions itself');
    is($as_reader->("SELECT uuidx_commit_horizon() <= '$prepared'"), 't',
        "[privileges] the reader's first read after the restart answers, and the transaction prepared before holds it");
    is($as_reader->("SELECT uuidx_commit_horizon() <= '$prepared'"), 't', '[privileges] and so does its next read');
    $primary->safe_psql('postgres', "COMMIT PREPARED 'before the hardened restart'");
    my $after = committed_key($primary, 'after the hardened commit');
    is($as_reader->("SELECT uuidx_commit_horizon() > '$prepared' AND uuidx_commit_horizon() > '$after'"), 't',
        '[privileges] after COMMIT PREPARED the horizon moves on for the reader');
    $primary->safe_psql('postgres', q{
        GRANT EXECUTE ON FUNCTION pg_catalog.pg_prepared_xact() TO PUBLIC;
        GRANT EXECUTE ON FUNCTION uuidx_commit_horizon() TO PUBLIC;
    });
}

# 7. Prepared transactions of two databases: each holds its own database's horizon and is
# listed there, not in the other's, before and after a restart.
{
    $primary->safe_psql('postgres', 'CREATE DATABASE other');
    $primary->safe_psql('other', q{
        SET client_min_messages = warning;
        CREATE EXTENSION uuidx;
        CREATE TABLE events (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), writer text NOT NULL);
    });
    my $here = prepared_key($primary, 'here', 'postgres');
    my $there_before = committed_key($primary, 'beside here', 'other');
    horizon_where($primary, "h > '$there_before'", "[databases] 'here' (postgres) does not hold other's horizon",
        db => 'other');
    is(holders($primary, 'other'), '', "[databases] other's holders view does not list 'here'");
    my $there = prepared_key($primary, 'there', 'other');
    horizon_where($primary, "h <= '$here'", "[databases] 'here' holds postgres's horizon at or below its own key");
    horizon_where($primary, "h <= '$there'", "[databases] 'there' holds other's horizon at or below its own key",
        db => 'other');
    is(holders($primary, 'postgres'), 'here', '[databases] postgres lists only its own');
    is(holders($primary, 'other'), 'there', '[databases] other lists only its own');

    $primary->restart;
    is(holders($primary, 'other'), 'there', '[databases] after a restart, other (read first) lists only its own');
    is(holders($primary, 'postgres'), 'here', '[databases] and postgres only its own');
    $primary->safe_psql('other', "COMMIT PREPARED 'there'");
    my $there_after = committed_key($primary, 'after there', 'other');
    horizon_where($primary, "h > '$there' AND h > '$there_after'",
        "[databases] 'there' committed, other's horizon is free while 'here' is prepared", db => 'other');
    horizon_where($primary, "h <= '$here'", "[databases] while 'here' still holds postgres's");
    $primary->safe_psql('postgres', "COMMIT PREPARED 'here'");
    horizon_where($primary, "h > '$here'", "[databases] 'here' committed, postgres's horizon is free");
}

$primary->stop;
done_testing();
