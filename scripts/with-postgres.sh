#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server: initialises a cluster in a temporary
# folder, starts it on loopback on a free port, exports DATABASE_URL, runs "$@", then stops the
# server and deletes the folder (also when the command fails or is interrupted). Installs
# Debian's postgresql when it is missing (as root). Used by `npm test` for the PostgreSQL pass
# (scripts/test-all.sh), and by hand, e.g.:
#   bash scripts/with-postgres.sh vitest run --project unit tests/unit/db/registrations.test.ts
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/common.sh

pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$pg_bin" ]; then
  echo "Installing Debian's postgresql for the database tests..."
  apt_install postgresql
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/tcsa-postgres-XXXXXX")
# The server refuses to run as root: as root, the cluster belongs to the postgres user.
as_owner() { "$@"; }
if [ "$(id -u)" = 0 ]; then
  chown postgres "$work"
  as_owner() { runuser -u postgres -- "$@"; }
fi

stop_server() {
  as_owner "$pg_bin/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap stop_server EXIT

port=$(node -e '
const s = require("node:net").createServer();
s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });
')

as_owner "$pg_bin/initdb" -D "$work/data" -U tcsa --auth=trust -E UTF8 --locale=C >"$work/initdb.log" 2>&1 ||
  { cat "$work/initdb.log" >&2; exit 1; }
# fsync off: the cluster is deleted afterwards, durability is not what these tests measure.
as_owner "$pg_bin/pg_ctl" -D "$work/data" -l "$work/server.log" -w \
  -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null ||
  { cat "$work/server.log" >&2; exit 1; }

export DATABASE_URL="postgresql://tcsa@127.0.0.1:$port/postgres"
echo "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') is serving on 127.0.0.1:$port"
status=0
"$@" || status=$?
exit "$status"
