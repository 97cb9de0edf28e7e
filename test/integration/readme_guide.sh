#!/usr/bin/env bash
# The SQL the README gives users is the SQL the tests run: the ```sql blocks of each
# section below, joined, must equal its file in sql/include/ (blank lines aside).
#   "Migrating from v4 to v7 keys"  sql/include/migration_steps.sql           (sql/migration_guide.sql)
#   "From pg_uuidv7"                sql/include/switch_to_uuidx.sql (switch_from_pg_uuidv7.sh,
#                                                                       sql/switch_to_uuidx.sql)
#   "From uuid-ossp"                sql/include/from_uuid_ossp.sql  (sql/switch_to_uuidx.sql)
set -eu
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

# section_sql HEADING: the sql blocks of the README section with that heading, up to the
# next heading of any level.
section_sql() {
    awk -v heading="$1" '$0 == heading {in_section=1; next}
                         in_section && /^##+ /{exit}
                         in_section && /^```sql/{in_block=1; next}
                         in_section && /^```/{in_block=0; next}
                         in_block' README.md | grep -v '^[[:space:]]*$'
}

status=0
while IFS='|' read -r heading file; do
    readme_sql=$(section_sql "$heading" || true)
    [ -n "$readme_sql" ] || { echo "README.md has no SQL under '$heading'"; status=1; continue; }
    if diff <(echo "$readme_sql") <(grep -v '^[[:space:]]*$' "$file"); then
        echo "ok: '$heading' is $file"
    else
        echo "FAILED: '$heading' differs from $file"; status=1
    fi
done <<'PAIRS'
## Migrating from v4 to v7 keys|sql/include/migration_steps.sql
### From pg_uuidv7|sql/include/switch_to_uuidx.sql
### From uuid-ossp|sql/include/from_uuid_ossp.sql
PAIRS
exit $status
