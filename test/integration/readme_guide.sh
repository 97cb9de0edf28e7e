#!/usr/bin/env bash
# The SQL the user guides give is the SQL the tests run: the ```sql blocks under each
# heading below, joined, must equal its file in sql/include/ (blank lines aside). A guide
# that moves takes its line here with it.
#   docs/migrating.md "The steps"       sql/include/migration_steps.sql  (sql/migration_guide.sql)
#   docs/switching.md "From pg_uuidv7"  sql/include/switch_to_uuidx.sql  (switch_from_pg_uuidv7.sh,
#                                                                         sql/switch_to_uuidx.sql)
#   docs/switching.md "From uuid-ossp"  sql/include/from_uuid_ossp.sql   (sql/switch_to_uuidx.sql)
#   docs/consumers.md "The recipe"      sql/include/keyset_consumer.sql  (sql/commit_horizon.sql)
#   docs/consumers.md "Exact incremental rollups"
#                                       sql/include/rollup.sql           (test/rollup_check.sh)
#   docs/many-cores.md "The recipe"     sql/include/hash_partitioned_keys.sql (sql/hash_partitions.sql)
# The README's own examples are run by readme_examples.sh.
set -eu
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

# section_sql MARKDOWN HEADING: the sql blocks of the section of MARKDOWN with that heading
# line, up to the next heading of any level.
section_sql() {
    awk -v heading="$2" '$0 == heading {in_section=1; next}
                         in_section && /^#+ /{exit}
                         in_section && /^```sql/{in_block=1; next}
                         in_section && /^```/{in_block=0; next}
                         in_block' "$1" | grep -v '^[[:space:]]*$'
}

status=0
while IFS='|' read -r markdown heading file; do
    guide_sql=$(section_sql "$markdown" "$heading" || true)
    [ -n "$guide_sql" ] || { echo "FAILED: $markdown has no SQL under '$heading'"; status=1; continue; }
    if diff <(echo "$guide_sql") <(grep -v '^[[:space:]]*$' "$file"); then
        echo "ok: $markdown '$heading' is $file"
    else
        echo "FAILED: $markdown '$heading' differs from $file"; status=1
    fi
done <<'PAIRS'
docs/migrating.md|## The steps|sql/include/migration_steps.sql
docs/switching.md|## From pg_uuidv7|sql/include/switch_to_uuidx.sql
docs/switching.md|## From uuid-ossp|sql/include/from_uuid_ossp.sql
docs/consumers.md|## The recipe|sql/include/keyset_consumer.sql
docs/consumers.md|## Exact incremental rollups|sql/include/rollup.sql
docs/many-cores.md|## The recipe|sql/include/hash_partitioned_keys.sql
PAIRS
exit $status
