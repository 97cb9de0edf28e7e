# What the commit horizon's tests of keyset consumers beside pgbench writers share
# (test/tap/commit_horizon.pl, horizon_upgrade.pl): the writers, who commit late and roll
# back, and the consumers of the table events (id uuid DEFAULT uuid_generate_v7(), writer
# text), each a psql session of its own with its position and every key it has read.
package UuidxHorizon;

use strict;
use warnings;
use Test::More;
use UuidxTap;
use Exporter 'import';

our @EXPORT = qw(start_writers new_consumer poll missed);

# Each writer transaction inserts 1 to 5 rows (sometimes one more in a savepoint it rolls
# back), waits 0 to 50 ms, and rolls back one time in twenty.
my $writer_script = <<'EOF';
\set rows random(1, 5)
\set delay random(0, 50)
\set fate random(1, 20)
BEGIN;
INSERT INTO events (writer) SELECT 'pgbench' FROM generate_series(1, :rows);
\if :fate = 2
SAVEPOINT undone;
INSERT INTO events (writer) VALUES ('pgbench');
ROLLBACK TO SAVEPOINT undone;
\endif
SELECT pg_sleep(:delay / 1000.0);
\if :fate = 1
ROLLBACK;
\else
COMMIT;
\endif
EOF

# start_writers(NODE, SECONDS): six such writers on NODE for SECONDS, their sessions named
# writer; returns start_pgbench's function that waits for them.
sub start_writers {
    my ($node, $seconds) = @_;
    return start_pgbench($node, $writer_script, [ '-c', '6', '-j', '2', '-T', $seconds ], application_name => 'writer');
}

# new_consumer(NODE, KIND): a consumer of NODE's events, from the start; KIND horizon reads
# below uuidx_commit_horizon(), KIND naive reads every row past its position.
sub new_consumer {
    my ($node, $kind) = @_;
    return { node => $node, kind => $kind, session => $node->background_psql('postgres'),
             last => '00000000-0000-0000-0000-000000000000', read => {}, twice => 0 };
}

# poll(CONSUMER): reads the next rows, at most 1000, in key order from its position; returns
# how many it read.
sub poll {
    my ($consumer) = @_;
    return quietly(sub { poll_once($consumer) });
}

sub poll_once {
    my ($consumer) = @_;
    my $session = $consumer->{session};
    my $below = '';
    if ($consumer->{kind} eq 'horizon') {
        my $horizon = $session->query_safe('SELECT uuidx_commit_horizon()');
        $below = "AND id < '$horizon'";
    }
    my $rows = $session->query_safe("SELECT id FROM events WHERE id > '$consumer->{last}' $below ORDER BY id LIMIT 1000");
    for my $id (split /\n/, $rows) {
        $consumer->{twice}++ if $consumer->{read}{$id}++;
        $consumer->{last} = $id;
    }
    return scalar(split /\n/, $rows);
}

# missed(CONSUMER): the committed rows it never read, by set difference against the table.
sub missed {
    my ($consumer) = @_;
    return scalar grep { !$consumer->{read}{$_} } split /\n/, $consumer->{node}->safe_psql('postgres', 'SELECT id FROM events');
}

1;
