# What the benchmark's parts on several servers (test/bench/shards.pl, test/bench/citus.pl)
# share: a statement's time as EXPLAIN ANALYZE reports it, and medians.
package UuidxBench;

use strict;
use warnings;
use Exporter 'import';

our @EXPORT = qw(explain_ms median);

# explain_ms(ASK, SQL): (planning + execution time in ms, the top node's shared buffers) of
# SQL, run as EXPLAIN (ANALYZE, BUFFERS, TIMING OFF) by ASK (a function that runs a
# statement and returns its output: a kept session's query_safe, or a node's safe_psql).
sub explain_ms {
    my ($ask, $sql) = @_;
    my $plan = $ask->("EXPLAIN (ANALYZE, BUFFERS, TIMING OFF) $sql");
    my ($planning) = $plan =~ /Planning Time: ([\d.]+)/;
    my ($execution) = $plan =~ /Execution Time: ([\d.]+)/;
    my ($buffers_line) = $plan =~ /^\s*Buffers: (shared[^\n]*)/m;
    my $buffers = 0;
    $buffers += $1 while ($buffers_line // '') =~ /(?:hit|read)=(\d+)/g;
    return (($planning // 0) + $execution, $buffers);
}

sub median {
    my @sorted = sort { $a <=> $b } @_;
    return @sorted % 2 ? $sorted[$#sorted / 2] : ($sorted[@sorted / 2 - 1] + $sorted[@sorted / 2]) / 2;
}

1;
