# The system clock steps back under a running server (libfaketime, re-reading its offset
# file on every clock read), with the library loaded per session and preloaded: v7 keys
# stay strictly increasing and distinct, their embedded time runs ahead of the clock only
# until the clock passes it, and then follows the clock again. Preloaded, a session that
# starts after the step continues the server's order.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxTap;

plan skip_all => libfaketime_missing() unless libfaketime();
my $step_seconds = 3;

foreach my $mode ('session', 'preloaded') {
    my $node = PostgreSQL::Test::Cluster->new("clock_$mode");
    my $offset_file = clock_offset_file("clock_step-$mode", 0);
    $node->init;
    $node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuidx'\n") if $mode eq 'preloaded';
    start_with_clock($node, offset_file => $offset_file);
    # One session: keys before the step, during it (the clock behind the last key) and
    # after the clock has caught up; psql steps the clock between statements of the session.
    my $step_back = clock_offset_command($offset_file, -$step_seconds);
    $node->safe_psql('postgres', qq{
        SET client_min_messages = warning;
        CREATE EXTENSION uuidx;
        CREATE TABLE keys (seq bigserial, phase text, id uuid, clock timestamptz);
        CREATE PROCEDURE draw(phase text, n int) LANGUAGE sql AS \$\$
            INSERT INTO keys (phase, id, clock) SELECT phase, uuid_generate_v7(), clock_timestamp() FROM generate_series(1, n)
        \$\$;
        CALL draw('before', 2000);
        \\! $step_back
        CALL draw('stepped back', 2000);
        SELECT pg_sleep($step_seconds + 0.5);
        CALL draw('caught up', 2000);
    });
    my $is_true = sub { is_true($node, $_[0], "[$mode] $_[1]") };
    $is_true->("SELECT (SELECT min(clock) FROM keys WHERE phase = 'stepped back')
                     < (SELECT max(clock) FROM keys WHERE phase = 'before') - interval '2 seconds'",
        "the server's clock really stepped back");
    $is_true->("SELECT bool_and(id > previous) AND count(DISTINCT id) = count(*)
                FROM (SELECT id, lag(id) OVER (ORDER BY seq) AS previous FROM keys) k",
        'keys strictly increase across the step, and are distinct');
    $is_true->("SELECT bool_and(uuid_v7_to_timestamptz(id) >= (SELECT max(uuid_v7_to_timestamptz(id)) FROM keys WHERE phase = 'before'))
                   AND bool_and(uuid_v7_to_timestamptz(id) > clock + interval '2 seconds')
                FROM keys WHERE phase = 'stepped back'",
        'while the clock is behind, the embedded time runs ahead of it, not back');
    $is_true->("SELECT bool_and(abs(extract(epoch FROM uuid_v7_to_timestamptz(id) - clock)) < 0.05)
                FROM keys WHERE phase = 'caught up'",
        'once the clock has passed it, the embedded time follows the clock again');
    if ($mode eq 'preloaded') {
        # A minute back: a session with an order of its own would start a minute earlier.
        set_clock_offset($offset_file, -60);
        $is_true->("SELECT uuid_generate_v7() > (SELECT id FROM keys ORDER BY id DESC LIMIT 1)",
            "a new session after a step back continues the server's order");
    }
    $node->stop;
}
done_testing();
