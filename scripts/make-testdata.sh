#!/usr/bin/env bash
# make-testdata.sh records the real captures in testdata/real/: sysbench
# 1.0.20 runs against the private MariaDB started by scripts/setup.sh, the
# host description (lscpu, lsblk, free, /proc/meminfo) and server captures
# from the mariadb client.
#
# Each file starts with the command line as a shell transcript shows it
# ("$ sysbench ..."), followed by everything the command printed on stdout
# and stderr, verbatim. Files are never edited afterwards.
#
# Usage: scripts/setup.sh && scripts/make-testdata.sh [OUTDIR]
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${1:-$ROOT/testdata/real}
PORT=${SBREPORT_DB_PORT:-3307}
PASSWORD=${SB_PASSWORD:-sbtest}
V=1.0.20
MV=10.11
TIME=5
TABLES=4
ROWS=10000

mkdir -p "$OUT"
CONN=(--mysql-host=127.0.0.1 --mysql-port="$PORT" --mysql-user=sbtest --mysql-password="$PASSWORD" --mysql-db=sbtest)
SIZE=(--tables="$TABLES" --table-size="$ROWS")
REPORT=(--report-interval=1 --histogram=on --percentile=99)
CLIENT=(mariadb -h 127.0.0.1 -P "$PORT" -u sbtest -p"$PASSWORD" sbtest)

log() { printf 'make-testdata: %s\n' "$*" >&2; }

# quote prints its arguments as a shell would accept them back.
quote() {
	local a out=()
	for a in "$@"; do
		if [[ $a =~ ^[A-Za-z0-9_@%+=:,./-]+$ ]]; then
			out+=("$a")
		else
			out+=("'${a//\'/\'\\\'\'}'")
		fi
	done
	echo "${out[*]}"
}

# capture FILE CMD... runs CMD and writes "$ CMD" plus its output to FILE.
capture() {
	local file=$OUT/$1
	shift
	log "$1 -> ${file#"$ROOT"/}"
	{
		printf '$ %s\n' "$(quote "$@")"
		"$@" 2>&1 || true
	} >"$file"
}

# capture_signal FILE SIGNAL DELAY CMD... sends SIGNAL to CMD after DELAY
# seconds and keeps what it printed until then.
capture_signal() {
	local file=$OUT/$1 sig=$2 delay=$3
	shift 3
	log "$1 (SIG$sig after ${delay}s) -> ${file#"$ROOT"/}"
	printf '$ %s\n' "$(quote "$@")" >"$file"
	# A non-interactive shell starts background jobs with SIGINT ignored;
	# env --default-signal gives sysbench the disposition it has at a terminal.
	env --default-signal=INT "$@" >>"$file" 2>&1 &
	local pid=$!
	sleep "$delay"
	kill -s "$sig" "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
}

# --- host -----------------------------------------------------------------------

host() {
	capture lscpu.txt lscpu
	capture lscpu-J.txt lscpu -J
	capture lsblk.txt lsblk
	capture lsblk-J.txt lsblk -J
	capture lsblk-b-P.txt lsblk -b -P
	capture free.txt free
	capture free-h.txt free -h
	capture free-m.txt free -m
	capture proc-meminfo.txt cat /proc/meminfo
	capture uname-a.txt uname -a
	capture nproc.txt nproc
}

# --- server ---------------------------------------------------------------------

server() {
	capture mariadb-$MV-version.txt "${CLIENT[@]}" -t -e 'SELECT VERSION()'
	capture mariadb-$MV-show-global-variables-t.txt "${CLIENT[@]}" -t -e 'SHOW GLOBAL VARIABLES'
	capture mariadb-$MV-show-global-variables-B.txt "${CLIENT[@]}" -B -e 'SHOW GLOBAL VARIABLES'
	capture mariadb-$MV-show-global-variables-G.txt "${CLIENT[@]}" -e 'SHOW GLOBAL VARIABLES\G'
	capture mariadb-$MV-show-global-status-t.txt "${CLIENT[@]}" -t -e 'SHOW GLOBAL STATUS'
	capture mariadb-$MV-show-global-status-B.txt "${CLIENT[@]}" -B -e 'SHOW GLOBAL STATUS'
}

SIZE_QUERY="SELECT TABLE_NAME, ENGINE, TABLE_ROWS, AVG_ROW_LENGTH, DATA_LENGTH, INDEX_LENGTH,
  ROUND((DATA_LENGTH + INDEX_LENGTH) / 1024 / 1024, 2) AS total_mb
FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'sbtest' ORDER BY TABLE_NAME"

tables() {
	local engine=$1
	capture mariadb-$MV-show-table-status-$engine-t.txt "${CLIENT[@]}" -t -e 'SHOW TABLE STATUS'
	capture mariadb-$MV-show-table-status-$engine-G.txt "${CLIENT[@]}" -e 'SHOW TABLE STATUS\G'
	capture mariadb-$MV-information-schema-tables-$engine-t.txt "${CLIENT[@]}" -t -e "$SIZE_QUERY"
}

# --- sysbench OLTP --------------------------------------------------------------

oltp_engine() {
	local name=$1 engine=$2
	sysbench oltp_common "${CONN[@]}" "${SIZE[@]}" cleanup >/dev/null 2>&1 || true
	capture sysbench-$V-oltp_common-prepare-$name.txt \
		sysbench oltp_common "${CONN[@]}" "${SIZE[@]}" --mysql-storage-engine="$engine" prepare
	tables "$name"
	local w
	# oltp_insert last: it grows the tables the others read.
	for w in oltp_read_only oltp_read_write oltp_point_select oltp_update_index oltp_insert; do
		capture sysbench-$V-$w-$name-4thr.txt \
			sysbench $w --threads=4 --time=$TIME "${REPORT[@]}" "${CONN[@]}" "${SIZE[@]}" run
	done
	if [ "$name" = aria ]; then
		# Aria has no transactions: oltp_read_write's DELETE+INSERT pairs
		# collide across threads (FATAL error 1062 above) unless ignored.
		capture sysbench-$V-oltp_read_write-aria-4thr-ignore1062.txt \
			sysbench oltp_read_write --threads=4 --time=$TIME --mysql-ignore-errors=1062 "${REPORT[@]}" "${CONN[@]}" "${SIZE[@]}" run
	fi
}

oltp_special() {
	capture sysbench-$V-oltp_read_only-innodb-4thr-percentile0.txt \
		sysbench oltp_read_only --threads=4 --time=$TIME --report-interval=1 --percentile=0 "${CONN[@]}" "${SIZE[@]}" run
	# sysbench refuses this combination with a FATAL line and no run.
	capture sysbench-$V-oltp_read_only-innodb-4thr-percentile0-histogram.txt \
		sysbench oltp_read_only --threads=4 --time=$TIME --report-interval=1 --histogram=on --percentile=0 "${CONN[@]}" "${SIZE[@]}" run
	capture sysbench-$V-oltp_read_only-innodb-4thr-rate50.txt \
		sysbench oltp_read_only --threads=4 --time=$TIME --rate=50 "${REPORT[@]}" "${CONN[@]}" "${SIZE[@]}" run
	capture sysbench-$V-oltp_point_select-innodb-1thr.txt \
		sysbench oltp_point_select --threads=1 --time=$TIME "${REPORT[@]}" "${CONN[@]}" "${SIZE[@]}" run
	capture_signal sysbench-$V-oltp_read_write-innodb-4thr-sigkill.txt KILL 2.2 \
		sysbench oltp_read_write --threads=4 --time=30 "${REPORT[@]}" "${CONN[@]}" "${SIZE[@]}" run
	capture_signal sysbench-$V-oltp_read_write-innodb-4thr-sigint.txt INT 2.2 \
		sysbench oltp_read_write --threads=4 --time=30 "${REPORT[@]}" "${CONN[@]}" "${SIZE[@]}" run
	# A table dropped under a running benchmark.
	log "oltp_read_write with sbtest4 dropped after 2 s"
	local file=sysbench-$V-oltp_read_write-innodb-4thr-table-dropped.txt
	printf '$ %s\n' "$(quote sysbench oltp_read_write --threads=4 --time=10 "${REPORT[@]}" "${CONN[@]}" "${SIZE[@]}" run)" >"$OUT/$file"
	sysbench oltp_read_write --threads=4 --time=10 "${REPORT[@]}" "${CONN[@]}" "${SIZE[@]}" run >>"$OUT/$file" 2>&1 &
	local pid=$!
	sleep 2.2
	mariadb -h 127.0.0.1 -P "$PORT" -u sbtest -p"$PASSWORD" sbtest -e 'DROP TABLE sbtest4'
	wait "$pid" || true
}

# server_gone runs a benchmark against a throwaway second instance and shuts
# that instance down two seconds in.
server_gone() {
	local dir port=3398
	dir=$(mktemp -d /tmp/sbreport-gone.XXXXXX)
	SBREPORT_DB_DIR=$dir SBREPORT_DB_PORT=$port SB_PASSWORD=$PASSWORD "$ROOT/scripts/setup.sh" >/dev/null
	local conn=(--mysql-host=127.0.0.1 --mysql-port=$port --mysql-user=sbtest --mysql-password="$PASSWORD" --mysql-db=sbtest)
	sysbench oltp_common "${conn[@]}" --tables=2 --table-size="$ROWS" prepare >/dev/null
	log "oltp_read_write with the server shut down after 2 s"
	local file=sysbench-$V-oltp_read_write-innodb-4thr-server-shutdown.txt
	printf '$ %s\n' "$(quote sysbench oltp_read_write --threads=4 --time=10 "${REPORT[@]}" "${conn[@]}" --tables=2 --table-size="$ROWS" run)" >"$OUT/$file"
	sysbench oltp_read_write --threads=4 --time=10 "${REPORT[@]}" "${conn[@]}" --tables=2 --table-size="$ROWS" run >>"$OUT/$file" 2>&1 &
	local pid=$!
	sleep 2.2
	SBREPORT_DB_DIR=$dir "$ROOT/scripts/stop-db.sh" --purge 2>/dev/null
	wait "$pid" || true
}

# --- sysbench non-OLTP ----------------------------------------------------------

other_tests() {
	capture sysbench-$V-cpu-2thr.txt sysbench cpu --threads=2 --time=$TIME "${REPORT[@]}" run
	capture sysbench-$V-memory-2thr.txt sysbench memory --threads=2 --time=$TIME "${REPORT[@]}" run
	capture sysbench-$V-threads-4thr.txt sysbench threads --threads=4 --time=$TIME "${REPORT[@]}" run
	capture sysbench-$V-mutex-4thr.txt sysbench mutex --threads=4 --histogram=on --percentile=99 run
	local dir
	dir=$(mktemp -d /tmp/sbreport-fileio.XXXXXX)
	(
		cd "$dir"
		local f=(--file-total-size=256M --file-num=16)
		capture sysbench-$V-fileio-prepare.txt sysbench fileio "${f[@]}" prepare
		capture sysbench-$V-fileio-rndrw-2thr.txt sysbench fileio "${f[@]}" --file-test-mode=rndrw --threads=2 --time=$TIME "${REPORT[@]}" run
		capture sysbench-$V-fileio-seqwr-2thr.txt sysbench fileio "${f[@]}" --file-test-mode=seqwr --threads=2 --time=$TIME "${REPORT[@]}" run
		sysbench fileio "${f[@]}" cleanup >/dev/null
	)
	rm -rf "$dir"
}

main() {
	host
	server
	oltp_engine rocksdb ROCKSDB
	oltp_engine aria Aria
	oltp_engine innodb InnoDB
	oltp_special
	sysbench oltp_common "${CONN[@]}" "${SIZE[@]}" cleanup >/dev/null 2>&1 || true
	server_gone
	other_tests
	log "done: $(ls "$OUT" | wc -l) files in ${OUT#"$ROOT"/}"
}

main "$@"
