#!/usr/bin/env bash
# Start a throwaway PostgreSQL server on 127.0.0.1 for the store tests; installs it when missing.
# Usage: source .ci/postgres.sh   (exports GROUNDCHECK_TEST_PG_URL, stops the server at exit)
set -euo pipefail

pg_bin=""
for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && pg_bin="$d"; done
if [ -z "$pg_bin" ]; then
  echo "ci: installing PostgreSQL"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq postgresql >/dev/null
  for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && pg_bin="$d"; done
fi
id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres

PG_PORT="${PG_PORT:-54329}"
PG_DIR="$(mktemp -d /tmp/groundcheck-pg.XXXXXX)"
chown postgres "$PG_DIR"
su postgres -s /bin/sh -c "'$pg_bin/initdb' -D '$PG_DIR/data' -U postgres --auth=trust -E UTF8 >/dev/null"
su postgres -s /bin/sh -c "'$pg_bin/pg_ctl' -D '$PG_DIR/data' -l '$PG_DIR/log' -w \
  -o \"-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1\" start >/dev/null"
su postgres -s /bin/sh -c "'$pg_bin/createdb' -h 127.0.0.1 -p $PG_PORT -U postgres groundcheck"
export GROUNDCHECK_TEST_PG_URL="postgresql+psycopg://postgres@127.0.0.1:$PG_PORT/groundcheck"
echo "ci: PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT"

stop_postgres() { su postgres -s /bin/sh -c "'$pg_bin/pg_ctl' -D '$PG_DIR/data' -m fast stop >/dev/null" || true; }
trap stop_postgres EXIT
