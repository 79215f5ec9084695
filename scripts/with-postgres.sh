#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL cluster on a free loopback port,
# exported to it as TEST_DATABASE_URL. The cluster is removed afterwards.
# PostgreSQL refuses to run as root, so as root the server runs as `postgres`.
set -euo pipefail
PG_BIN="$(dirname "$(command -v initdb 2>/dev/null || ls -d /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)")"
PGTMP="$(mktemp -d /tmp/cartwright-pg.XXXXXX)"
PGPORT="$(node -e 's=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
as_pg=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home-dir /nonexistent --shell /usr/sbin/nologin postgres
  chown postgres: "$PGTMP"
  as_pg=(runuser -u postgres --)
fi
cleanup() {
  "${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$PGTMP/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$PGTMP"
}
trap cleanup EXIT
"${as_pg[@]}" "$PG_BIN/initdb" -D "$PGTMP/data" -U cartwright --auth=trust -E UTF8 --no-locale >/dev/null
"${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$PGTMP/data" -l "$PGTMP/log" \
  -o "-h 127.0.0.1 -p $PGPORT -k $PGTMP -c fsync=off" -w start >/dev/null
"$PG_BIN/createdb" -h 127.0.0.1 -p "$PGPORT" -U cartwright cartwright_test 2>/dev/null \
  || createdb -h 127.0.0.1 -p "$PGPORT" -U cartwright cartwright_test
echo "› PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PGPORT"
TEST_DATABASE_URL="postgres://cartwright@127.0.0.1:$PGPORT/cartwright_test" "$@"
