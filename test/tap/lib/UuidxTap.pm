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
use feature 'state';
use Carp;
use File::Basename qw(dirname);
use File::Spec;
use File::Temp ();
use IPC::Run ();
use PostgreSQL::Test::Utils ();
use Exporter 'import';

our @EXPORT = qw(readme_blocks with_addresses libfaketime libfaketime_missing citus_missing start_with_clock
  clock_offset_command set_clock_offset clock_offset_file is_true start_pgbench quietly);

# Where Debian's and other distributions' libfaketime packages put the preload library.
my @libfaketime_dirs = ('/usr/lib/*/faketime', '/usr/lib64/faketime', '/usr/lib/faketime', '/usr/local/lib/faketime');

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
# address: `host 'NAME'` becomes `host 'SOCKET_DIR', port 'PORT'`, `host=NAME` becomes
# `host=SOCKET_DIR port=PORT`, and Citus's `('NAME', 5432)` becomes `('SOCKET_DIR', PORT)`.
sub with_addresses {
    my ($sql, %nodes) = @_;
    while (my ($name, $node) = each %nodes) {
        my ($dir, $port) = ($node->host, $node->port);
        $sql =~ s/\bhost '\Q$name\E'/host '$dir', port '$port'/g;
        $sql =~ s/\bhost=\Q$name\E\b/host=$dir port=$port/g;
        $sql =~ s/\('\Q$name\E', 5432\)/('$dir', $port)/g;
    }
    return $sql;
}

# libfaketime(): the path of libfaketime's preload library, or undef when it is not
# installed. Debian's libfaketime puts it in its architecture's multiarch directory.
sub libfaketime {
    state $path = (grep { -e } map { glob "$_/libfaketime.so.1" } @libfaketime_dirs)[0];
    return $path;
}

# libfaketime_missing(): why a test that needs libfaketime skips.
sub libfaketime_missing {
    return "libfaketime is not installed (no libfaketime.so.1 in @libfaketime_dirs)";
}

# citus_missing(NODE): why Citus cannot be used with NODE's PostgreSQL, or undef when it is
# installed there: its library in the server's pkglibdir, where a Citus package puts it.
# The project builds no Citus: Debian does not package it, so the tests and the benchmark
# that need it run only where the machine already has it.
sub citus_missing {
    my ($node) = @_;
    return undef if -e $node->config_data('--pkglibdir') . '/citus.so';
    my ($major) = $node->config_data('--version') =~ /(\d+)/;
    return "Citus is not installed for PostgreSQL $major; Debian does not package it";
}

# start_with_clock(NODE, offset => SECONDS | offset_file => FILE): starts NODE under
# libfaketime, its clock SECONDS off the real one for good, or off by the offset in FILE,
# which libfaketime reads on every clock read (FAKETIME_NO_CACHE), so that the clock steps
# under the running server when set_clock_offset (or clock_offset_command) rewrites it.
sub start_with_clock {
    my ($node, %clock) = @_;
    my %env = (LD_PRELOAD => libfaketime() // croak(libfaketime_missing()));
    if (exists $clock{offset_file}) {
        @env{qw(FAKETIME_TIMESTAMP_FILE FAKETIME_NO_CACHE)} = ($clock{offset_file}, '1');
    }
    else {
        $env{FAKETIME} = sprintf('%+d', $clock{offset} // croak('start_with_clock: offset or offset_file'));
    }
    local @ENV{ keys %env } = values %env;
    $node->start;
}

# clock_offset_command(FILE, SECONDS): the shell command that writes the offset from the
# real clock that libfaketime reads from FILE, replaced in one rename, so that a reader
# never sees a half-written file. A test runs it from psql (\!) to step the clock between
# the statements of one session. FILE must be an absolute path: the server reads it from
# its data directory.
sub clock_offset_command {
    my ($file, $seconds) = @_;
    my $quoted = "'" . ($file =~ s/'/'\\''/gr) . "'";
    return sprintf("printf -- '%%+d\\n' %d >%s.new && chmod 644 %s.new && mv %s.new %s",
        $seconds, ($quoted) x 4);
}

# set_clock_offset(FILE, SECONDS): clock_offset_command, run from here.
sub set_clock_offset {
    my ($file, $seconds) = @_;
    system(clock_offset_command($file, $seconds)) == 0 or croak "$file: the offset could not be written";
}

# clock_offset_file(NAME, SECONDS): a new offset file for start_with_clock, holding
# SECONDS, named NAME in tmp_check (which every test file of a run shares). Its path is
# absolute: the server reads it from its data directory, psql writes it from here.
sub clock_offset_file {
    my ($name, $seconds) = @_;
    my $file = File::Spec->rel2abs("$PostgreSQL::Test::Utils::tmp_check/clock-offset-$name");
    set_clock_offset($file, $seconds);
    return $file;
}

# is_true(NODE, SQL, DESCRIPTION [, db => DATABASE] [, role => ROLE]): the tests' assertion
# on a server: SQL, run in DATABASE (postgres unless given) as ROLE (the node's superuser
# unless given), answers t. An error fails the assertion and shows psql's message.
sub is_true {
    my ($node, $sql, $description, %as) = @_;
    my ($status, $out, $err) = $node->psql($as{db} // 'postgres', $sql,
        extra_params => [ defined $as{role} ? ('-U', $as{role}) : () ]);
    Test::More::is($out, 't', $description) or Test::More::diag($err);
}

# start_pgbench(NODE, SCRIPT, OPTIONS [, application_name => NAME] [, host => DIR,
# port => PORT] [, db => DATABASE]): pgbench in the background, running SCRIPT (a pgbench
# script's text) with OPTIONS (an array of pgbench's options: clients, duration, rate)
# against NODE's database postgres, or another DATABASE, HOST and PORT (a pooler in front
# of NODE), its sessions named NAME (PGAPPNAME). Each run writes SCRIPT to a file of its
# own: every test file of a run shares tmp_check, and a pgbench that is starting must not
# read a script that another run is rewriting. Returns a function that waits for pgbench
# and returns whether it succeeded, and what it wrote to stderr.
sub start_pgbench {
    my ($node, $script, $options, %to) = @_;
    my ($fh, $file) = File::Temp::tempfile('pgbench-XXXXXX', DIR => $PostgreSQL::Test::Utils::tmp_check,
        SUFFIX => '.sql');
    print $fh $script;
    close $fh or croak "$file: $!";
    my %env = defined $to{application_name} ? (PGAPPNAME => $to{application_name}) : ();
    local @ENV{ keys %env } = values %env;
    my ($out, $err) = ('', '');
    my $run = IPC::Run::start(
        [ 'pgbench', '-n', @$options, '-f', $file, '-h', $to{host} // $node->host, '-p', $to{port} // $node->port,
          $to{db} // 'postgres' ],
        '>', \$out, '2>', \$err);
    return sub { my $succeeded = $run->finish; return ($succeeded, $err); };
}

# quietly(CODE): CODE's result, without the notes Test::More would print meanwhile:
# BackgroundPsql notes every query it sends, and a consumer's thousands of polls are not echoed.
sub quietly {
    my ($code) = @_;
    my $builder = Test::More->builder;
    my $output = $builder->output;
    my $discarded = '';
    $builder->output(\$discarded);
    my $result = $code->();
    $builder->output($output);
    return $result;
}

1;
