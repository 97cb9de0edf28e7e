# Public ids (uuid_v7_to_public, uuid_public_to_v7) and their key settings, on servers of
# their own. Preloaded: a key set with ALTER SYSTEM and a restart maps every v7 to a
# v4-looking public id and back, bit for bit as uuidv47 does (a vector published from its C
# reference); the key is unreadable and unsettable by the ways that would expose it, never
# reaches the server log, and the functions need a GRANT; a previous key serves old public
# ids after a rotation; a malformed key is refused when set (by ALTER SYSTEM, or in
# postgresql.conf at a reload or a restart) and no part of it reaches a message or the
# server log. Loaded per session: the settings do not exist and the functions refuse.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxTap;

# A key, written as uuidv47 writes it; and the key of uuidv47's published vector (its C
# reference's k0 = 0x0123456789abcdef, k1 = 0xfedcba9876543210, i.e. these 16 bytes).
my $key = '8f3a1c2e7b6d5049:a1b2c3d4e5f60718';
my $published_key = 'efcdab8967452301:1032547698badcfe';
# A decoy key for the attempts that must fail: the statements of failing attempts must stay
# out of the server log too. A failing statement that names no key setting must be logged,
# or the log check would prove nothing.
my $decoy = '0000000000000000:0000000000000000';
my $logged_marker = 'uuidx_logged_statement_marker';
my $db = 'uuidx_public_id';

# A new server, preloaded or not, with the database and role of the checks.
sub new_server {
    my ($name, $preload) = @_;
    my $node = PostgreSQL::Test::Cluster->new($name);
    $node->init;
    # PostgreSQL's test clusters log every statement; a server logs failing ones by default,
    # and those are what the checks of the log are about.
    $node->append_conf('postgresql.conf', "log_statement = none\n");
    $node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuidx'\n") if $preload;
    $node->start;
    $node->safe_psql('postgres', "CREATE DATABASE $db; CREATE ROLE uuidx_app LOGIN;");
    $node->safe_psql($db, 'CREATE EXTENSION uuidx; GRANT ALL ON SCHEMA public TO uuidx_app;');
    return $node;
}

# The statement (as `role`, if given) fails with `sqlstate`; returns psql's error output.
sub fails_with {
    my ($node, $sqlstate, $sql, $description, $role) = @_;
    my @params = ('-v', 'VERBOSITY=verbose');
    push @params, ('-U', $role) if $role;
    my ($status, $out, $err) = $node->psql($db, $sql, extra_params => \@params);
    ok($status != 0 && $err =~ /ERROR:  $sqlstate/, "$description: $sqlstate") or diag("got status $status: $err");
    return $err;
}

# ---- preloaded ---------------------------------------------------------------------------
my $node = new_server('preloaded', 1);
fails_with($node, '22012', "SELECT 1 / 0 AS $logged_marker", 'a failing statement that names no key');
fails_with($node, '55000', 'SELECT uuid_v7_to_public(uuid_generate_v7())', 'before a key is set');

$node->safe_psql('postgres', "ALTER SYSTEM SET uuidx.public_id_key = '$published_key'");
$node->restart;
is_true($node, "SELECT uuid_v7_to_public('018f2d9f-9a2a-7def-8c3f-7b1a2c4d5e6f') = '2463c780-7fca-4def-8c3f-7b1a2c4d5e6f'
                   AND uuid_public_to_v7('2463c780-7fca-4def-8c3f-7b1a2c4d5e6f') = '018f2d9f-9a2a-7def-8c3f-7b1a2c4d5e6f'",
    'the published uuidv47 vector, both ways', db => $db);

$node->safe_psql('postgres', "ALTER SYSTEM SET uuidx.public_id_key = '$key'");
$node->restart;
# Every v7, whoever made it: uuidx's (also for given times and the range bounds), an
# application's (random rand_a and rand_b), PostgreSQL 18's where it exists.
$node->safe_psql($db, q{
    CREATE TABLE keys AS
        SELECT uuid_generate_v7() AS id FROM generate_series(1, 20000)
        UNION ALL SELECT uuid_generate_v7(now() - g * interval '1 day') FROM generate_series(1, 2000) g
        UNION ALL SELECT (left(md5(g::text), 12) || '7' || substr(md5(g::text), 13, 3) || '9'
                          || right(md5(g::text || 'b'), 15))::uuid FROM generate_series(1, 2000) g
        UNION ALL SELECT uuid_v7_min(now()) UNION ALL SELECT uuid_v7_max(now());
    DO $$ BEGIN
        IF to_regprocedure('pg_catalog.uuidv7()') IS NOT NULL THEN
            INSERT INTO keys SELECT pg_catalog.uuidv7() FROM generate_series(1, 2000);
        END IF;
    END $$;
});
is_true($node, "SELECT bool_and(uuid_public_to_v7(uuid_v7_to_public(id)) = id
                                AND public.uuid_extract_version(uuid_v7_to_public(id)) = 4
                                AND uuid_extract_variant(uuid_v7_to_public(id)) = 2
                                AND uuid_v7_to_public(id) = uuid_v7_to_public(id)
                                AND uuid_v7_to_public(id) <> id) FROM keys",
    'round trips; public ids are version 4, RFC variant, deterministic, and differ from the key', db => $db);
# Keys of one millisecond share their first 48 bits; their public ids do not.
is_true($node, "SELECT count(DISTINCT left(uuid_v7_to_public(id)::text, 13)) = count(*)
                FROM (SELECT uuid_generate_v7('2026-01-01 00:00:00+00') AS id FROM generate_series(1, 5000)) same_ms",
    'keys of the same millisecond get public ids with different leading bits', db => $db);
is_true($node, 'SELECT array_agg(id ORDER BY id) <> array_agg(id ORDER BY uuid_v7_to_public(id)) FROM keys',
    'public ids do not sort like the keys', db => $db);
fails_with($node, '22023', 'SELECT uuid_v7_to_public(public.uuidv4())', 'a v4 has no public id');
fails_with($node, '22023', 'SELECT uuid_public_to_v7(uuid_generate_v7())', 'a v7 is no public id');

# The key: unreadable, unsettable per session, role or database; not listed anywhere.
fails_with($node, '42501', 'SHOW uuidx.public_id_key', 'SHOW by a role', 'uuidx_app');
fails_with($node, '42501', "SELECT current_setting('uuidx.public_id_key')", 'current_setting() by a role', 'uuidx_app');
fails_with($node, '55P02', "SET uuidx.public_id_key = '$decoy'", 'SET');
fails_with($node, '55P02', "ALTER ROLE uuidx_app SET uuidx.public_id_key = '$decoy'", 'ALTER ROLE ... SET');
fails_with($node, '55P02', "ALTER DATABASE $db SET uuidx.public_id_key = '$decoy'", 'ALTER DATABASE ... SET');
is_true($node, "SELECT count(*) = 0 FROM pg_settings WHERE name LIKE 'uuidx.public_id%'",
    'pg_settings does not list the key settings to a role', db => $db, role => 'uuidx_app');
is_true($node, "SELECT count(*) = 0 FROM pg_settings WHERE name LIKE 'uuidx.public_id%'",
    'pg_settings does not list them to a superuser', db => $db);
unlike($node->safe_psql($db, 'SHOW ALL'), qr/uuidx\.public_id/, 'SHOW ALL does not list them');
is_true($node, "SELECT count(*) = 0 FROM pg_db_role_setting WHERE array_to_string(setconfig, ' ') LIKE '%public_id%'",
    'no role or database setting holds a key', db => $db);

# The functions are the key holder's: granted, not public.
fails_with($node, '42501', 'SELECT uuid_v7_to_public(uuid_generate_v7())', 'uuid_v7_to_public() without a grant',
    'uuidx_app');
fails_with($node, '42501', 'SELECT uuid_public_to_v7(public.uuidv4())', 'uuid_public_to_v7() without a grant',
    'uuidx_app');
$node->safe_psql($db, 'GRANT EXECUTE ON FUNCTION uuid_v7_to_public(uuid), uuid_public_to_v7(uuid, bool) TO uuidx_app');
is_true($node, 'SELECT uuid_public_to_v7(uuid_v7_to_public(id)) = id FROM (SELECT uuid_generate_v7() AS id) k',
    'after GRANT EXECUTE the role uses both functions', db => $db, role => 'uuidx_app');

# Rotation: the old key becomes the previous key; old public ids still resolve with it.
$node->safe_psql($db, 'CREATE TABLE shown AS SELECT id, uuid_v7_to_public(id) AS public_id FROM keys LIMIT 1000');
$node->safe_psql('postgres', "ALTER SYSTEM SET uuidx.public_id_previous_key = '$key'");
$node->safe_psql('postgres', "ALTER SYSTEM SET uuidx.public_id_key = '0011223344556677:8899aabbccddeeff'");
$node->restart;
is_true($node, 'SELECT bool_and(uuid_v7_to_public(id) <> public_id
                                AND uuid_public_to_v7(public_id, previous_key => true) = id
                                AND uuid_public_to_v7(uuid_v7_to_public(id)) = id) FROM shown',
    'after a rotation, new public ids differ and old ones resolve with previous_key', db => $db);

# A malformed key (a typo of a real one: one digit short) is refused when set, in a message
# and detail that show no part of it, and the key in use stays.
my $typo = substr($key, 0, length($key) - 1);
my $refusal = fails_with($node, '22023', "ALTER SYSTEM SET uuidx.public_id_key = '$typo'", 'a malformed key');
$refusal .= fails_with($node, '22023', "ALTER SYSTEM SET uuidx.public_id_previous_key = 'secret-typo'",
    'a malformed previous key');
like($refusal, qr/invalid value for parameter "uuidx.public_id_previous_key"/, 'the refusal names the setting');
my $typo_head = substr($typo, 0, 8);
unlike($refusal, qr/$typo_head|secret/i, 'the refusal shows no part of the key');
$node->restart;
is_true($node, 'SELECT bool_and(uuid_public_to_v7(uuid_v7_to_public(id)) = id AND uuid_v7_to_public(id) <> public_id)
                FROM shown',
    'the key in use stays after a refused ALTER SYSTEM and a restart', db => $db);
# Written straight into postgresql.conf, a malformed key is refused by the reload (the
# postmaster runs the check and lives on) and by the restart, where the server starts with
# no key: the functions say it is not set.
$node->safe_psql('postgres', 'ALTER SYSTEM RESET uuidx.public_id_key');
$node->append_conf('postgresql.conf', "uuidx.public_id_key = 'file-secret-typo'\n");
$node->reload;
sleep 1;
$node->restart;
fails_with($node, '55000', 'SELECT uuid_v7_to_public(uuid_generate_v7())', 'the server started with no key');

my $log = slurp_file($node->logfile);
like($log, qr/invalid value for parameter "uuidx.public_id_key"/, 'the server log shows the refusal of the file key');
unlike($log, qr/$typo_head|secret|\Q$decoy\E|\Q$key\E|\Q$published_key\E|8899aabbccddeeff/i,
    'no key, set or refused, reached the server log');
like($log, qr/$logged_marker/, 'the server log shows failing statements (or the check above proves nothing)');
$node->stop;

# ---- loaded per session ------------------------------------------------------------------
$node = new_server('session', 0);
fails_with($node, '22012', "SELECT 1 / 0 AS $logged_marker", 'a failing statement that names no key');
fails_with($node, '55000', 'SELECT uuid_v7_to_public(uuid_generate_v7())', 'not preloaded: no key setting');
fails_with($node, '55000', 'SELECT uuid_public_to_v7(public.uuidv4(), true)', 'not preloaded: no previous key');
fails_with($node, '42602', "LOAD 'uuidx'; SET uuidx.public_id_key = '$decoy'", 'not preloaded: a placeholder');
$log = slurp_file($node->logfile);
unlike($log, qr/\Q$decoy\E/, "the refused statement's key is not in the server log");
like($log, qr/$logged_marker/, 'the server log shows failing statements');
$node->stop;

done_testing();
