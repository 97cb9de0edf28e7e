# Every key drawn from uuidx's v7 order is held by the commit horizon (uuidx preloaded):
# - the key-making functions come from the catalog, not from a list written here: every
#   VOLATILE function of the extension that returns a uuid or text is called with sample
#   arguments inside an open transaction; a result that is a v7 key (a text form is decoded)
#   whose time lies within the call's clock must keep the horizon at or below it while a later
#   key commits from another session. The functions that make no such key are listed below
#   with the reason docs/consumers.md gives, and a function that is neither is a failure, so a
#   new generator cannot escape the check;
# - column defaults as users write them, per major: an unqualified uuidv7() is uuidx's on 15
#   and 17 and held; from 18 on it is PostgreSQL's own pg_catalog.uuidv7(), which no hold
#   covers, while uuid_generate_v7() and uuidx's schema-qualified uuidv7() are.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxTap;

my $node = PostgreSQL::Test::Cluster->new('horizon_keys');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuidx'\n");
$node->start;
$node->safe_psql('postgres', q{
    SET client_min_messages = warning;
    CREATE EXTENSION uuidx;
    CREATE TABLE later (id uuid PRIMARY KEY DEFAULT uuid_generate_v7());
    -- A result as a key: a uuid, or the key of one of uuidx's text forms.
    CREATE FUNCTION key_of(result text) RETURNS uuid LANGUAGE plpgsql AS $$
    BEGIN
        BEGIN RETURN result::uuid; EXCEPTION WHEN invalid_text_representation THEN NULL; END;
        BEGIN RETURN typeid_to_uuid(result); EXCEPTION WHEN invalid_text_representation THEN NULL; END;
        BEGIN RETURN ulid_to_uuid(result); EXCEPTION WHEN invalid_text_representation THEN NULL; END;
        BEGIN RETURN base32hex_to_uuid(result); EXCEPTION WHEN invalid_text_representation THEN NULL; END;
        RETURN NULL;
    END $$;
});
my $major = $node->safe_psql('postgres', q{SELECT current_setting('server_version_num')::int / 10000});

# The functions that draw no v7 key from the order, with docs/consumers.md's reason.
my %not_from_the_order = (
    'uuidv4()'                                   => 'a random key, of no time',
    'uuid_generate_v6()'                         => 'a v6 key: v1 and v6 have an order of their own',
    'uuidv6()'                                   => 'a v6 key: v1 and v6 have an order of their own',
    'uuidv1()'                                   => 'a v1 key: v1 and v6 have an order of their own',
    'uuid_generate_v7(timestamp with time zone)' => 'a key of the time given, for backfills, not drawn from the order',
    'uuidx_commit_horizon()'                     => "the horizon's own reading, the key of no row",
);
# A sample argument of each type a key-making function takes: a time far from the clock, so
# that a key of the time given cannot pass for one drawn now.
my %sample = (
    'interval'                 => q{'0'::interval},
    'timestamp with time zone' => q{'2000-01-01 00:00:00+00'::timestamptz},
    'text'                     => q{'evt'},
    'uuid'                     => q{'01890a5d-ac96-774b-bcce-b302099a8057'::uuid},
    'bytea'                    => q{'\x00112233445566778899aabbccddeeff'::bytea},
    'boolean'                  => 'false',
);

my @functions = split /\n/, $node->safe_psql('postgres', q{
    SELECT p.proname || '|' || array_to_string(ARRAY(SELECT format_type(t, NULL) FROM unnest(p.proargtypes) AS t), ',')
    FROM pg_proc p
    JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
    JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuidx'
    WHERE p.provolatile = 'v' AND p.prorettype IN ('uuid'::regtype, 'text'::regtype)
    ORDER BY 1});
cmp_ok(scalar(@functions), '>=', 10, 'the catalog lists the extension\'s volatile functions of keys');

my @covered;
foreach my $line (@functions) {
    my ($name, $types) = split /\|/, $line, -1;
    my $signature = "$name($types)";
    my @arguments = map { $sample{$_} // die "no sample argument of type $_ for $signature" } grep { $_ ne '' }
      split /,/, $types;
    my $call = "public.$name(" . join(', ', @arguments) . ')';

    my $session = $node->background_psql('postgres');
    my $before = $session->query_safe('BEGIN; SELECT clock_timestamp()');
    my $result = $session->query_safe("SELECT $call");
    my $after = $session->query_safe('SELECT clock_timestamp()');
    my $drawn_now = $node->safe_psql('postgres', "
        SELECT uuid_extract_version(k) = 7 AND uuid_extract_variant(k) = 2
               AND uuid_v7_to_timestamptz(k) BETWEEN date_trunc('milliseconds', '$before'::timestamptz) AND '$after'
        FROM (SELECT key_of(\$\$$result\$\$) AS k) AS result");
    if ($drawn_now eq 't') {
        my $later = $node->safe_psql('postgres', 'INSERT INTO later DEFAULT VALUES RETURNING id');
        my ($horizon_at_or_below, $later_above) = split /\|/, $node->safe_psql('postgres', "
            SELECT uuidx_commit_horizon() <= key_of(\$\$$result\$\$), '$later' > key_of(\$\$$result\$\$)");
        is($later_above, 't', "$signature: a key committed later by another session is above its key");
        if (exists $not_from_the_order{$signature}) {
            # Listed, yet a v7 key of the call's time: the horizon's own reading, which must not
            # hold, or a consumer polling inside one transaction would pin the horizon it reads.
            is($horizon_at_or_below, 'f', "$signature: $not_from_the_order{$signature}, and its transaction holds nothing");
        } else {
            push @covered, $signature;
            is($horizon_at_or_below, 't', "$signature: its open transaction holds the horizon at or below its key");
        }
    } else {
        ok(exists $not_from_the_order{$signature},
            "$signature makes no v7 key of the call's time: " . ($not_from_the_order{$signature} // 'NOT LISTED'));
    }
    $session->query_safe('ROLLBACK');
    $session->quit;
}
foreach my $expected ('uuid_generate_v7()', 'uuidv7()', 'uuidv7(interval)', 'typeid_generate(text)') {
    ok((grep { $_ eq $expected } @covered), "$expected is among the functions whose keys are held");
}

# --- column defaults as users write them ---------------------------------------------------
# default_is_held(DEFAULT): whether an open transaction's row, keyed by DEFAULT, holds the
# horizon at or below its key while a later key commits.
sub default_is_held {
    my ($default) = @_;
    $node->safe_psql('postgres', "DROP TABLE IF EXISTS keyed; CREATE TABLE keyed (id uuid PRIMARY KEY DEFAULT $default)");
    my $session = $node->background_psql('postgres');
    my $key = $session->query_safe('BEGIN; INSERT INTO keyed DEFAULT VALUES RETURNING id');
    $node->safe_psql('postgres', 'INSERT INTO later DEFAULT VALUES');
    my $held = $node->safe_psql('postgres', "SELECT uuidx_commit_horizon() <= '$key'");
    $session->query_safe('ROLLBACK');
    $session->quit;
    return $held;
}
is(default_is_held('uuid_generate_v7()'), 't', 'DEFAULT uuid_generate_v7() is held');
is(default_is_held('public.uuidv7()'), 't', "DEFAULT public.uuidv7(), uuidx's, is held");
if ($major >= 18) {
    is(default_is_held('uuidv7()'), 'f',
        "on $major, an unqualified DEFAULT uuidv7() is PostgreSQL's own, which no hold covers");
    is(default_is_held('pg_catalog.uuidv7()'), 'f', "on $major, DEFAULT pg_catalog.uuidv7() is not held");
} else {
    is(default_is_held('uuidv7()'), 't', "on $major, an unqualified DEFAULT uuidv7() is uuidx's, and held");
}

$node->stop;
done_testing();
