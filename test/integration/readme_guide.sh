#!/usr/bin/env bash
# The README's migration guide is the SQL that sql/migration_guide.sql runs: the ```sql
# blocks of its "Migrating from v4 to v7 keys" section, joined, must equal
# test/migration/steps.sql (blank lines aside).
set -eu
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
readme_steps=$(awk '/^## Migrating from v4 to v7 keys/{in_section=1; next}
                    in_section && /^## /{exit}
                    in_section && /^```sql/{in_block=1; next}
                    in_section && /^```/{in_block=0; next}
                    in_block' README.md | grep -v '^[[:space:]]*$')
file_steps=$(grep -v '^[[:space:]]*$' test/migration/steps.sql)
[ -n "$readme_steps" ] || { echo "README.md has no migration guide SQL"; exit 1; }
diff <(echo "$readme_steps") <(echo "$file_steps")
