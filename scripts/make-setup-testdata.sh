#!/usr/bin/env bash
# make-setup-testdata.sh records one shell transcript against the private
# MariaDB started by scripts/setup.sh: the engines' cache variables, an
# InnoDB table prepared, read with SHOW TABLE STATUS, prepared again and
# read again, then an Aria table of the same size, each followed by a short
# oltp_point_select run. The InnoDB table (about 140 MiB) fits the 256 MiB
# buffer pool, the Aria one does not fit the 128 MiB page cache.
#
# The file is a transcript: each command as a shell shows it ("$ ..."),
# then everything it printed on stdout and stderr, verbatim.
#
# A second transcript has oltp_point_select runs given both a time limit
# and an event cap (--time=60 --events=10000): they end at the cap after a
# few seconds, the limit never reached.
#
# A third shows the host (lscpu, free -m) once, then runs of two engines
# on it, InnoDB first: the host is every engine's, not InnoDB's alone.
#
# Usage: scripts/setup.sh && scripts/make-setup-testdata.sh [OUTDIR]
# (PART=caches, PART=cap or PART=host records one of them.)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DIR=${1:-$ROOT/testdata/real}
OUT=$DIR/transcript-innodb-prepared-twice-vs-aria-600000-rows-cache-variables-table-status.txt
CAPOUT=$DIR/transcript-sysbench-1.0.20-oltp_point_select-time-60-events-10000-1-2-threads-x2.txt
HOSTOUT=$DIR/transcript-lscpu-free-then-innodb-and-aria-oltp_point_select-3s.txt
PART=${PART:-all}
PORT=${SBREPORT_DB_PORT:-3307}
PASSWORD=${SB_PASSWORD:-sbtest}
DB=sbtest_setup_rec
ROWS=600000
CONN=(--db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$PORT" --mysql-user=sbtest --mysql-password="$PASSWORD" --mysql-db="$DB")
CLIENT=(mariadb -t -h 127.0.0.1 -P "$PORT" -u sbtest -p"$PASSWORD" "$DB")

quote() {
	local a out=()
	for a in "$@"; do
		if [[ $a =~ ^[A-Za-z0-9_@%+=:,./-]+$ ]]; then
			out+=("$a")
		else
			out+=("'${a//\'/\'\\\'\'}'")
		fi
	done
	printf '%s\n' "${out[*]}"
}

# show runs a command, printing it as a prompt line and then its output.
show() {
	printf '$ %s\n' "$(quote "$@")"
	"$@" 2>&1 || true
}

mariadb -h 127.0.0.1 -P "$PORT" -u sbtest -p"$PASSWORD" -e "CREATE DATABASE IF NOT EXISTS $DB"
[ "$PART" = cap ] || [ "$PART" = host ] || {
	show "${CLIENT[@]}" -e "SHOW VARIABLES WHERE Variable_name IN ('version', 'innodb_buffer_pool_size', 'aria_pagecache_buffer_size', 'key_buffer_size', 'rocksdb_block_cache_size')"
	for engine in innodb aria; do
		SB=(oltp_point_select "${CONN[@]}" --tables=1 --table-size="$ROWS" --mysql-storage-engine="$engine")
		show sysbench "${SB[@]}" cleanup
		show sysbench "${SB[@]}" prepare
		show "${CLIENT[@]}" -e "SHOW TABLE STATUS"
		if [ "$engine" = innodb ]; then
			show sysbench "${SB[@]}" cleanup
			show sysbench "${SB[@]}" prepare
			show "${CLIENT[@]}" -e "SHOW TABLE STATUS"
		fi
		show sysbench "${SB[@]}" --threads=2 --time=5 run
	done
	show sysbench oltp_point_select "${CONN[@]}" --tables=1 cleanup
} >"$OUT"
[ "$PART" = caches ] || [ "$PART" = host ] || {
	SB=(oltp_point_select "${CONN[@]}" --tables=1 --table-size=10000)
	show sysbench "${SB[@]}" prepare
	for threads in 1 2; do
		for rep in 1 2; do
			show sysbench "${SB[@]}" --threads="$threads" --time=60 --events=10000 run
		done
	done
	show sysbench "${SB[@]}" cleanup
} >"$CAPOUT"
[ "$PART" = caches ] || [ "$PART" = cap ] || {
	show lscpu
	show free -m
	for engine in innodb aria; do
		SB=(oltp_point_select "${CONN[@]}" --tables=1 --table-size=10000 --mysql-storage-engine="$engine")
		show sysbench "${SB[@]}" prepare
		show sysbench "${SB[@]}" --threads=2 --time=3 run
		show sysbench "${SB[@]}" cleanup
	done
} >"$HOSTOUT"
mariadb -h 127.0.0.1 -P "$PORT" -u sbtest -p"$PASSWORD" -e "DROP DATABASE IF EXISTS $DB"
