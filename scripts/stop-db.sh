#!/usr/bin/env bash
# stop-db.sh stops the private MariaDB instance started by scripts/setup.sh.
# SBREPORT_DB_DIR selects the instance (default /tmp/sbreport-mariadb).
# With --purge it also deletes the instance directory.
set -euo pipefail

DIR=${SBREPORT_DB_DIR:-/tmp/sbreport-mariadb}
SOCK=$DIR/mysqld.sock
PIDFILE=$DIR/mysqld.pid

ADMIN=$(command -v mariadb-admin || command -v mysqladmin || true)
pid=
[ -f "$PIDFILE" ] && pid=$(cat "$PIDFILE")

if [ -n "$ADMIN" ] && "$ADMIN" --no-defaults --protocol=socket --socket="$SOCK" -uroot ping >/dev/null 2>&1; then
	"$ADMIN" --no-defaults --protocol=socket --socket="$SOCK" -uroot shutdown
elif [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
	kill -TERM "$pid"
else
	echo "stop-db: no server running in $DIR" >&2
fi

# Wait for the process to go away so the datadir can be reused at once.
if [ -n "$pid" ]; then
	for _ in $(seq 1 120); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.5
	done
	if kill -0 "$pid" 2>/dev/null; then
		echo "stop-db: mariadbd $pid still running after 60 s" >&2
		exit 1
	fi
fi

if [ "${1:-}" = --purge ]; then
	rm -rf "$DIR"
fi
echo "stop-db: stopped $DIR" >&2
