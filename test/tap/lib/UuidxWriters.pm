# What the tests of writers merged into one server share (test/tap/logical_replication.pl,
# pglogical.pl): docs/multi-server.md's logical replication recipe and its checks, servers
# to write on, clients writing concurrently, the rows a server holds, and the disorder of
# the merged keys against the real time their rows were made.
package UuidxWriters;

use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use Test::More;
use Time::HiRes ();
use UuidxTap;
use Exporter 'import';

our @EXPORT = qw(new_writer new_writers logical_replication_recipe start_writing write_at_once check_clock_behind
  check_rows_merged check_recipe_checks rows_of disorder_ms overlap_seconds check_disorder);

# new_writer(NAME, PRELOAD [, BEHIND]): a started server for logical replication, preloading
# PRELOAD, its clock BEHIND seconds behind the real one (libfaketime) when given.
sub new_writer {
    my ($name, $preload, $behind) = @_;
    my $node = PostgreSQL::Test::Cluster->new($name);
    $node->init(allows_streaming => 'logical');
    $node->append_conf('postgresql.conf', "shared_preload_libraries = '$preload'\nmax_worker_processes = 16\n"
        . "track_commit_timestamp = on\n");
    if (defined $behind) { start_with_clock($node, offset => -$behind); }
    else { $node->start; }
    return $node;
}

# new_writers(PRELOAD, BEHIND, TABLE_SQL): the servers of a merge, each preloading PRELOAD
# and holding the table TABLE_SQL makes: (MERGED, NAME => WRITER, ...), MERGED the server
# the writers are merged into, then writer1, writer2 and writer3 by their names; writer3's
# clock runs BEHIND seconds behind the others'.
sub new_writers {
    my ($preload, $behind, $table_sql) = @_;
    my %writers = (writer1 => new_writer('writer1', $preload), writer2 => new_writer('writer2', $preload),
        writer3 => new_writer('writer3', $preload, $behind));
    my $merged = new_writer('merged', $preload);
    $_->safe_psql('postgres', "SET client_min_messages = warning; $table_sql") foreach ($merged, values %writers);
    return ($merged, %writers);
}

# logical_replication_recipe(): the guide's recipe of logical replication, by its parts:
# table and publication (on writer1), subscriptions and checks (on merged), and peers, the
# two-way subscription of each peer by its node's name.
sub logical_replication_recipe {
    my @blocks = readme_blocks('logical_replication');
    my @writer_blocks = map { $_->[1] } grep { $_->[0] eq 'writer1' } @blocks;
    my @merged_blocks = map { $_->[1] } grep { $_->[0] eq 'merged' } @blocks;
    die 'docs/multi-server.md: expected the table and the publication on writer1, the subscriptions and the checks on merged'
      unless @writer_blocks == 2 && @merged_blocks == 2;
    my %recipe;
    @recipe{qw(table publication subscriptions checks)} = (@writer_blocks, @merged_blocks);
    $recipe{peers} = { map { $_->[0] => $_->[1] } grep { $_->[0] =~ /^peer/ } @blocks };
    return %recipe;
}

# start_writing(NODE, SECONDS): three pgbench clients inserting a row a transaction into
# events on NODE from now on, for SECONDS, at a moderate rate (the machine is shared).
# Returns what waits for them and reports whether they ran.
sub start_writing {
    my ($node, $seconds) = @_;
    my $wait = start_pgbench($node, "INSERT INTO events DEFAULT VALUES;\n",
        [ '-c', '3', '-j', '3', '-T', $seconds, '-R', '150' ]);
    return sub { my ($ran, $err) = $wait->(); ok($ran, $node->name . ': pgbench ran') or diag($err); };
}

# rows_of(NODE, WHERE): "count|md5" of the keys of NODE's events rows that satisfy WHERE.
sub rows_of {
    my ($node, $where) = @_;
    return $node->safe_psql('postgres',
        "SELECT count(*), md5(coalesce(string_agg(id::text, ',' ORDER BY id), '')) FROM events WHERE $where");
}

# overlap_seconds(NODE, WRITER, BEHIND): for how long, in real time, every writer of NODE's
# events rows was writing (real time as for disorder_ms).
sub overlap_seconds {
    my ($node, $writer, $behind) = @_;
    return $node->safe_psql('postgres', qq{
        SELECT round(extract(epoch FROM min(last) - max(first)), 3)
        FROM (SELECT min(written) + CASE writer WHEN '$writer' THEN interval '$behind s' ELSE interval '0' END AS first,
                     max(written) + CASE writer WHEN '$writer' THEN interval '$behind s' ELSE interval '0' END AS last
              FROM events GROUP BY writer) w});
}

# disorder_ms(NODE, WHERE, WRITER, BEHIND): among NODE's events rows that satisfy WHERE, the
# most real time (ms) by which a row was made after another whose key sorts after its own.
# A row's real time is the clock_timestamp() its writer recorded, plus BEHIND seconds for
# the rows of WRITER, whose clock ran that far behind.
sub disorder_ms {
    my ($node, $where, $writer, $behind) = @_;
    return $node->safe_psql('postgres', qq{
        WITH t AS (SELECT id, written + CASE writer WHEN '$writer' THEN interval '$behind s' ELSE interval '0' END AS real_time
                   FROM events WHERE $where),
             w AS (SELECT real_time, min(real_time) OVER (ORDER BY id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS earliest_after
                   FROM t)
        SELECT round(coalesce(max(extract(epoch FROM real_time - earliest_after) * 1000), 0), 1)
        FROM w WHERE real_time > earliest_after});
}

# write_at_once(SECONDS, WRITER...): every WRITER writing for SECONDS at once (start_writing);
# returns the seconds they took, once all have finished.
sub write_at_once {
    my ($seconds, @writers) = @_;
    my $started = Time::HiRes::time();
    my @finish = map { start_writing($_, $seconds) } @writers;
    $_->() foreach @finish;
    return Time::HiRes::time() - $started;
}

# check_clock_behind(ON_TIME, LATE, BEHIND, SLACK): LATE's clock runs BEHIND seconds behind
# ON_TIME's, within SLACK.
sub check_clock_behind {
    my ($on_time, $late, $behind, $slack) = @_;
    my $skew = $on_time->safe_psql('postgres', 'SELECT extract(epoch FROM clock_timestamp())')
        - $late->safe_psql('postgres', 'SELECT extract(epoch FROM clock_timestamp())');
    ok(abs($skew - $behind) < $slack, $late->name . "'s clock runs $behind s behind " . $on_time->name
        . sprintf("'s (measured: %.3f s)", $skew));
}

# check_rows_merged(MERGED, BEHIND, SLACK, WRITER...): MERGED holds exactly each WRITER's
# rows, and the writers wrote at once for longer than the last one's clock is BEHIND (so rows
# made that far apart in real time exist); returns the number of rows written.
sub check_rows_merged {
    my ($merged, $behind, $slack, @writers) = @_;
    my $written = 0;
    foreach my $writer (@writers) {
        my $own = rows_of($writer, 'true');
        my ($count) = split /\|/, $own;
        $written += $count;
        is(rows_of($merged, "writer = '" . $writer->name . "'"), $own,
            $writer->name . ": the subscriber holds exactly its rows ($count)");
    }
    my $overlap = overlap_seconds($merged, $writers[-1]->name, $behind);
    ok($overlap > $behind + $slack, "the writers wrote at once for longer than "
        . $writers[-1]->name . "'s clock is behind ($overlap s)");
    return $written;
}

# check_recipe_checks(MERGED, CHECKS_SQL, WRITTEN): the guide's checks, as printed, on
# MERGED, which WRITTEN rows were written to: every row merged, no duplicate key, every key
# a v7, each session's keys in order. Returns the checks' answers (rows, keys, the number
# of keys that are no v7, out of order, and of errors).
sub check_recipe_checks {
    my ($merged, $checks_sql, $written) = @_;
    my ($rows, $keys, $not_v7, $out_of_order, $errors) = split /[|\n]/, $merged->safe_psql('postgres', $checks_sql);
    is($rows, $written, 'rows merged = rows written');
    is($keys, $rows, 'no duplicate keys among the merged rows');
    is($not_v7, 0, 'every merged key is a v7 of the RFC 9562 variant');
    is($out_of_order, 0, "each writer's sessions' keys keep the order they were made in");
    return ($rows, $keys, $not_v7, $out_of_order, $errors);
}

# check_disorder(NODE, ENGINE, BEHIND, SLACK, WRITER...): the disorder of NODE's merged rows
# (disorder_ms; the last WRITER's clock BEHIND seconds behind the others') within each writer
# and across the writers whose clocks agree is at most SLACK seconds, and across all of them
# is the clock difference, within SLACK.
sub check_disorder {
    my ($node, $engine, $behind, $slack, @writers) = @_;
    my $late = $writers[-1];
    my $disorder = sub { return disorder_ms($node, $_[0], $late, $behind); };
    my $in_time = join(', ', map { "'$_'" } @writers[0 .. $#writers - 1]);
    my $same = $disorder->("writer IN ($in_time)");
    my $all = $disorder->('true');
    my $own = 0;
    foreach my $name (@writers) {
        my $d = $disorder->("writer = '$name'");
        $own = $d if $d > $own;
    }
    diag("$engine: disorder within a writer $own ms, across the writers whose clocks agree $same ms,"
        . " across all (${late} ${behind} s behind) $all ms");
    ok($own <= $slack * 1000, "$engine: within a writer, disorder at most ${slack} s ($own ms)");
    ok($same <= $slack * 1000, "$engine: writers whose clocks agree: disorder at most ${slack} s ($same ms)");
    ok($all <= ($behind + $slack) * 1000,
        "$engine: ${late} ${behind} s behind: disorder at most the clock difference and ${slack} s ($all ms)");
    ok($all >= ($behind - $slack) * 1000, "$engine: ${late} ${behind} s behind: disorder reaches the clock difference ($all ms)");
}

1;
