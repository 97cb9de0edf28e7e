#!/usr/bin/env bash
# The frameworks users declare keys in, each against uuidx: test/frameworks/run.sh NAME runs
# one of them (django, sqlalchemy, rails, drizzle, typeorm) in a new database of the cluster
# the PG* environment variables name (uuidx installed there, preloaded), or `docs`, which
# checks that every block of docs/frameworks.md is the text of the file it names. Exits 0
# when every check passed, 77 with the reason on the last line when the framework is not
# installed here, 1 otherwise. test/run-major.sh runs each on PostgreSQL 18.
set -u
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
NAME=${1:?usage: run.sh django|sqlalchemy|rails|drizzle|typeorm|docs}
source "$ROOT/test/lib/common.sh"

# The npm packages of drizzle and typeorm (package-lock.json), from the cache in
# NPM_CACHE when it holds them, from the npm registry otherwise; through a TLS-inspecting
# proxy that the machine running the root trusts (test/lib/roots.sh enter_root).
NPM_CACHE=${NPM_CACHE:-/var/cache/uuidx/npm}
[ -f /etc/uuidx/host-certificates.crt ] && export NODE_EXTRA_CA_CERTS=/etc/uuidx/host-certificates.crt

skip_without() {  # skip_without PATH PACKAGE: exits 77 when PATH (a file or command) is missing
    if [ "${1#/}" != "$1" ]; then [ -e "$1" ]; else command -v "$1" >/dev/null; fi && return 0
    echo "$2 is not installed here: skipped"
    exit 77
}

fresh_database() {  # a database of the framework's own, without uuidx: its migration creates it
    export PGDATABASE=fw_$NAME
    dropdb --if-exists "$PGDATABASE" && createdb "$PGDATABASE"
}

npm_packages() {  # node_modules of package-lock.json, installed once per lock; a skip without the registry
    skip_without node nodejs
    skip_without npm npm
    [ -d "$HERE/node_modules" ] && cmp -s "$HERE/package-lock.json" "$HERE/node_modules/.package-lock.json.installed" &&
        return 0
    npm_ci "$HERE" --cache "$NPM_CACHE" --prefer-offline --loglevel=error || exit $?
    cp "$HERE/package-lock.json" "$HERE/node_modules/.package-lock.json.installed"
}

case $NAME in
    django)
        skip_without /usr/lib/python3/dist-packages/django/__init__.py python3-django
        skip_without /usr/lib/python3/dist-packages/psycopg/__init__.py python3-psycopg
        fresh_database || exit 1
        cd "$HERE/django" && PYTHONPATH="$HERE" python3 -B test_django.py
        ;;
    sqlalchemy)
        skip_without /usr/lib/python3/dist-packages/sqlalchemy/__init__.py python3-sqlalchemy
        skip_without /usr/lib/python3/dist-packages/alembic/__init__.py alembic
        skip_without /usr/lib/python3/dist-packages/psycopg/__init__.py python3-psycopg
        fresh_database || exit 1
        cd "$HERE/sqlalchemy" && PYTHONPATH=".:$HERE" python3 -B test_sqlalchemy.py
        ;;
    rails)
        skip_without ruby ruby
        ruby -e 'require "active_record"; require "pg"' 2>/dev/null || { echo "ruby-activerecord or ruby-pg is not installed here: skipped"; exit 77; }
        fresh_database || exit 1
        rm -f "$HERE/rails/db/structure.sql"
        cd "$HERE/rails" && ruby test_rails.rb
        ;;
    drizzle | typeorm)
        npm_packages
        fresh_database || exit 1
        cd "$HERE/$NAME" && node test.js
        ;;
    docs)
        python3 -B "$HERE/doc_blocks.py" "$ROOT/docs/frameworks.md" "$ROOT"
        ;;
    *)
        echo "unknown framework: $NAME"
        exit 1
        ;;
esac
