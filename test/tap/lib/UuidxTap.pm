# What the tests of several servers (test/tap/*.pl) share: the recipes of docs/multi-server.md
# (the README's *Beyond one server* in full) that a test runs as printed, and the node names
# those recipes use for their servers.
#
# A block of that guide that needs several servers is marked on the line just before it with
#   <!-- example: run by test/tap/NAME.pl on NODE -->
# test/integration/readme_examples.sh leaves it alone, and NAME.pl runs it on its node
# NODE, in document order, through readme_blocks(). The one edit a test makes to a recipe
# is the address of a server: the recipes name servers by their node names (`host 'shard1'`
# in a foreign server's options, `host=writer1` in a connection string), which
# with_addresses() turns into the node's socket directory and port. A recipe that is not
# SQL, such as a configuration file's excerpt in an ```ini block, is marked the same way and
# read with readme_blocks(NAME, 'ini'): the test writes that very text, with its servers'
# addresses, into the file it runs.
package UuidxTap;

use strict;
use warnings;
use Carp;
use File::Basename qw(dirname);
use File::Spec;
use Exporter 'import';

our @EXPORT = qw(readme_blocks with_addresses set_clock_offset is_true);

my $readme = File::Spec->catfile(dirname(File::Spec->rel2abs(__FILE__)), '..', '..', '..', 'docs', 'multi-server.md');

# readme_blocks(SCRIPT [, LANGUAGE]): ([NODE, TEXT], ...) of docs/multi-server.md's ```LANGUAGE
# blocks (sql unless given) marked as run by test/tap/SCRIPT.pl, in document order. Dies
# when there is none: a test whose recipes were renamed away must not pass by running nothing.
sub readme_blocks {
    my ($script, $language) = @_;
    $language //= 'sql';
    open(my $fh, '<', $readme) or croak "$readme: $!";
    my (@blocks, $node, $sql, $previous);
    while (my $line = <$fh>) {
        if (defined $sql) {
            if ($line =~ /^```\s*$/) { push @blocks, [ $node, $sql ]; undef $sql; $previous = '```'; }
            else { $sql .= $line; }
            next;
        }
        if ($line =~ /^```\Q$language\E\s*$/) {
            if (defined $previous && $previous =~ m{^<!-- example: run by test/tap/\Q$script\E\.pl on (\w+) -->$}) {
                ($node, $sql) = ($1, '');
            }
            next;
        }
        $previous = $line =~ s/^\s+|\s+$//gr if $line =~ /\S/;
    }
    close $fh;
    croak "docs/multi-server.md has no ```$language block marked '<!-- example: run by test/tap/$script.pl on NODE -->'" unless @blocks;
    return @blocks;
}

# with_addresses(SQL, NAME => NODE, ...): SQL with each server named NAME given NODE's
# address: `host 'NAME'` becomes `host 'SOCKET_DIR', port 'PORT'` and `host=NAME` becomes
# `host=SOCKET_DIR port=PORT`.
sub with_addresses {
    my ($sql, %nodes) = @_;
    while (my ($name, $node) = each %nodes) {
        my ($dir, $port) = ($node->host, $node->port);
        $sql =~ s/\bhost '\Q$name\E'/host '$dir', port '$port'/g;
        $sql =~ s/\bhost=\Q$name\E\b/host=$dir port=$port/g;
    }
    return $sql;
}

# set_clock_offset(FILE, SECONDS): the offset from the real clock that libfaketime reads
# from FILE (FAKETIME_TIMESTAMP_FILE, with FAKETIME_NO_CACHE=1: on every clock read),
# replaced in one rename, so that a reader never sees a half-written file. FILE must be an
# absolute path: the server reads it from its data directory.
sub set_clock_offset {
    my ($file, $seconds) = @_;
    open(my $fh, '>', "$file.new") or croak "$file.new: $!";
    printf $fh "%+d\n", $seconds;
    close $fh;
    chmod 0644, "$file.new";
    rename("$file.new", $file) or croak "$file: $!";
}

# is_true(NODE, SQL, DESCRIPTION): the tests' assertion on a server: SQL, run in its
# database postgres, answers t.
sub is_true {
    my ($node, $sql, $description) = @_;
    Test::More::is($node->safe_psql('postgres', $sql), 't', $description);
}

1;
