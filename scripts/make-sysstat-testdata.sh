#!/usr/bin/env bash
# make-sysstat-testdata.sh records the system-statistics captures in
# testdata/real/: vmstat, iostat and mpstat logs and a /proc snapshot series
# taken while one sysbench 1.0.20 OLTP run goes on against the private
# MariaDB started by scripts/setup.sh, plus the sysbench output itself.
#
# Every sampler starts with sysbench and takes one sample a second for the
# run's length, so each capture describes that run and nothing else (the
# first vmstat and iostat reports are averages since boot, as always).
#
# Each file starts with the command line as a shell transcript shows it
# ("$ vmstat ..."), followed by everything the command printed, verbatim.
#
# The /proc snapshot series is the format `sbreport run` captures: one block
# per sample, a line "# t=<unix seconds with fraction>" followed by the
# verbatim contents of /proc/stat and then /proc/diskstats.
#
# Usage: scripts/setup.sh && scripts/make-sysstat-testdata.sh [OUTDIR]
#        scripts/make-sysstat-testdata.sh procstat INTERVAL COUNT
set -euo pipefail

# procstat INTERVAL COUNT prints COUNT snapshots, INTERVAL seconds apart.
procstat() {
	local interval=$1 count=$2 i
	for ((i = 0; i < count; i++)); do
		((i == 0)) || sleep "$interval"
		printf '# t=%s\n' "$(date +%s.%N)"
		cat /proc/stat /proc/diskstats
	done
}

if [[ ${1:-} == procstat ]]; then
	procstat "$2" "$3"
	exit 0
fi

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${1:-$ROOT/testdata/real}
PORT=${SBREPORT_DB_PORT:-3307}
SOCK=${SBREPORT_DB_SOCK:-/tmp/sbreport-mariadb/mysqld.sock}
PASSWORD=${SB_PASSWORD:-sbtest}
DB=sbtest_sysstat
TIME=10
THREADS=4
V=1.0.20
TAG=oltp_read_write-innodb-${THREADS}thr-${TIME}s

cd "$ROOT"
mkdir -p "$OUT"
CONN=(--mysql-host=127.0.0.1 --mysql-port="$PORT" --mysql-user=sbtest --mysql-password="$PASSWORD" --mysql-db="$DB")
SIZE=(--tables=4 --table-size=10000)

log() { printf 'make-sysstat-testdata: %s\n' "$*" >&2; }

# start FILE CMD... runs CMD in the background, its output after "$ CMD" in FILE.
start() {
	local file=$OUT/$1
	shift
	log "$1 -> ${file#"$ROOT"/}"
	printf '$ %s\n' "$*" >"$file"
	"$@" >>"$file" 2>&1 &
}

command -v iostat >/dev/null || { echo "iostat not found in \$PATH (apt-get install sysstat)" >&2; exit 1; }
mariadb --socket="$SOCK" -e "CREATE DATABASE IF NOT EXISTS $DB"
sysbench oltp_common "${CONN[@]}" "${SIZE[@]}" cleanup >/dev/null 2>&1 || true
sysbench oltp_common "${CONN[@]}" "${SIZE[@]}" --mysql-storage-engine=innodb prepare >/dev/null

N=$((TIME + 1)) # one since-boot report, then TIME one-second reports
pids=()
start vmstat-procps-ng-4.0.2-t-1s-during-$TAG.txt vmstat -t 1 "$N"
pids+=($!)
start iostat-sysstat-12.6.1-dxkt-1s-during-$TAG.txt iostat -dxkt 1 "$N"
pids+=($!)
start mpstat-sysstat-12.6.1-P-ALL-1s-during-$TAG.txt mpstat -P ALL 1 "$TIME"
pids+=($!)
start procstat-1s-during-$TAG.txt scripts/make-sysstat-testdata.sh procstat 1 "$N"
pids+=($!)
start sysbench-$V-$TAG-with-sysstat.txt sysbench oltp_read_write --threads="$THREADS" --time="$TIME" \
	--report-interval=1 "${CONN[@]}" "${SIZE[@]}" run
pids+=($!)
wait "${pids[@]}"
sysbench oltp_common "${CONN[@]}" "${SIZE[@]}" cleanup >/dev/null 2>&1 || true
