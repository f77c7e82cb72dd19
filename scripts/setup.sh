#!/usr/bin/env bash
# setup.sh installs sysbench and MariaDB from Debian's packages and starts a
# private MariaDB instance for sbreport's tests and demos.
#
# The instance has its own datadir and listens only on a unix socket and on
# 127.0.0.1. It never touches the system's MariaDB service or /etc/mysql.
# Running the script again while the instance answers only re-checks the
# database and the user, then prints where to connect.
#
# Arguments, if any, are mariadbd options for this start of the server
# (scripts/restart-db.sh passes them: a campaign changing a variable that
# is not dynamic, such as aria_pagecache_buffer_size, restarts the server
# with --aria-pagecache-buffer-size=8M).
#
# Environment (all optional):
#   SBREPORT_DB_DIR   instance directory      (default /tmp/sbreport-mariadb)
#   SBREPORT_DB_PORT  TCP port on 127.0.0.1   (default 3307)
#   SB_PASSWORD       password of user sbtest (default sbtest)
#   SBREPORT_NO_INSTALL=1  never call apt-get (fail if something is missing)
#
# Layout of SBREPORT_DB_DIR: data/ (datadir), my.cnf, mysqld.sock,
# mysqld.pid, error.log, conf.d/ (option files read after my.cnf, which is
# written anew at every start: a campaign's config settings go in
# conf.d/sbreport.cnf, its option_file).
set -euo pipefail

DIR=${SBREPORT_DB_DIR:-/tmp/sbreport-mariadb}
PORT=${SBREPORT_DB_PORT:-3307}
PASSWORD=${SB_PASSWORD:-sbtest}
SOCK=$DIR/mysqld.sock
CNF=$DIR/my.cnf

log() { printf 'setup: %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

# --- packages -----------------------------------------------------------------

# Capture output before matching: with pipefail, grep -q closing the pipe
# early would fail the pipeline through SIGPIPE.
installed() { [[ $(dpkg-query -W -f='${Status}' "$1" 2>/dev/null) == *'install ok installed'* ]]; }
candidate() { [[ $(apt-cache policy "$1" 2>/dev/null) == *'Candidate: '[0-9]* ]]; }
have_lists() { [ -n "$(ls -A /var/lib/apt/lists 2>/dev/null | grep -v -e lock -e partial)" ]; }

# apt_install installs packages. A failure is retried once after
# apt-get update: package lists older than the mirror name versions it no
# longer has, and the download fails with 404 Not Found.
apt_install() {
	log "apt-get install $*"
	apt-get install -y -qq --no-install-recommends "$@" >/dev/null && return 0
	log "apt-get install $* failed; updating the package lists and retrying"
	apt-get update -qq && apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

install_packages() {
	local required=() p
	for p in sysbench mariadb-server mariadb-client; do installed "$p" || required+=("$p"); done
	# MyRocks gives a second transactional engine. It is optional: without
	# it the tests that need it skip, and the rest use InnoDB and Aria.
	local rocks=mariadb-plugin-rocksdb want_rocks=
	installed "$rocks" || want_rocks=1
	[ ${#required[@]} -eq 0 ] && [ -z "$want_rocks" ] && return 0
	local why=
	if [ "${SBREPORT_NO_INSTALL:-}" = 1 ]; then
		why="SBREPORT_NO_INSTALL=1"
	elif [ "$(id -u)" != 0 ]; then
		why="run as root to install them"
	fi
	if [ -n "$why" ]; then
		[ ${#required[@]} -eq 0 ] || die "missing packages: ${required[*]} ($why)"
		log "optional package $rocks is not installed ($why): tests that need MyRocks will skip"
		return 0
	fi
	export DEBIAN_FRONTEND=noninteractive
	if ! have_lists; then
		log "apt-get update"
		apt-get update -qq
	fi
	if [ ${#required[@]} -gt 0 ]; then
		apt_install "${required[@]}" || die "cannot install ${required[*]}"
	fi
	if [ -n "$want_rocks" ]; then
		if ! candidate "$rocks"; then
			log "$rocks is not in the package lists; updating them"
			apt-get update -qq || true
		fi
		if ! candidate "$rocks"; then
			log "$rocks is not available here; continuing with InnoDB and Aria only (tests that need MyRocks will skip)"
		elif ! apt_install "$rocks"; then
			log "could not install $rocks; continuing with InnoDB and Aria only (tests that need MyRocks will skip)"
		fi
	fi
}

# --- server -------------------------------------------------------------------

find_bin() {
	local b
	for b in "$@"; do
		if command -v "$b" >/dev/null 2>&1; then command -v "$b"; return 0; fi
		if [ -x "/usr/sbin/$b" ]; then echo "/usr/sbin/$b"; return 0; fi
	done
	return 1
}

MARIADBD=
CLIENT=
ADMIN=
INSTALL_DB=

find_bins() {
	MARIADBD=$(find_bin mariadbd mysqld) || die "mariadbd not found"
	CLIENT=$(find_bin mariadb mysql) || die "mariadb client not found"
	ADMIN=$(find_bin mariadb-admin mysqladmin) || die "mariadb-admin not found"
	INSTALL_DB=$(find_bin mariadb-install-db mysql_install_db) || die "mariadb-install-db not found"
}

plugin_dir() { "$MARIADBD" --no-defaults --verbose --help 2>/dev/null | awk '$1 == "plugin-dir" {print $2}'; }

alive() { "$ADMIN" --no-defaults --protocol=socket --socket="$SOCK" -uroot ping >/dev/null 2>&1; }

# sql runs statements as root over the socket (unix_socket authentication).
sql() { "$CLIENT" --no-defaults --protocol=socket --socket="$SOCK" -uroot -N -B -e "$1"; }

write_config() {
	local rocks=
	local pdir
	pdir=$(plugin_dir || true)
	if [ -n "$pdir" ] && [ -f "$pdir/ha_rocksdb.so" ]; then
		rocks='plugin_load_add = ha_rocksdb'
	fi
	local tmp=$CNF.tmp
	cat >"$tmp" <<EOF
# Written by scripts/setup.sh for sbreport; private instance, not the system service.
[mariadbd]
datadir = $DIR/data
# A server removes the #sql files it finds in its tmpdir when it starts:
# one of its own, so that a second instance (the campaign tests start
# one) does not delete this one's temporary tables under /tmp.
tmpdir = $DIR/tmp
socket = $SOCK
pid-file = $DIR/mysqld.pid
log-error = $DIR/error.log
port = $PORT
bind-address = 127.0.0.1
skip-name-resolve
character-set-server = utf8mb4
collation-server = utf8mb4_general_ci
max_connections = 500
innodb_buffer_pool_size = 256M
innodb_log_file_size = 128M
$rocks

[client]
socket = $SOCK
port = $PORT

!includedir $DIR/conf.d
EOF
	mv "$tmp" "$CNF"
}

# rocks_pending reports whether MyRocks is installed but the running
# server's config predates it.
rocks_pending() {
	local pdir
	pdir=$(plugin_dir || true)
	[ -n "$pdir" ] && [ -f "$pdir/ha_rocksdb.so" ] && ! grep -q '^plugin_load_add = ha_rocksdb' "$CNF" 2>/dev/null
}

owner_args() {
	# mariadbd refuses to run as root unless told to; run it as mysql instead.
	if [ "$(id -u)" = 0 ] && getent passwd mysql >/dev/null; then
		echo "--user=mysql"
	fi
}

# unreachable prints why user $1 cannot reach path $2: the first existing
# directory on the way that the user may not enter, its mode and owner,
# and the chmod that would open it; nothing when every one is searchable.
# Modes only (no ACLs): what mariadb-install-db and mariadbd, running as
# that user, need to reach the instance's directory.
unreachable() {
	local user=$1 path=$2 uid gids d parts=() mode ou og on gn bit who fix
	uid=$(id -u "$user" 2>/dev/null) || return 0
	[ "$uid" = 0 ] && return 0
	gids=" $(id -G "$user") "
	[[ $path == /* ]] || path=$PWD/$path
	d=$path
	while [ "$d" != / ] && [ -n "$d" ]; do
		parts=("$d" "${parts[@]}")
		d=$(dirname "$d")
	done
	for d in / "${parts[@]}"; do
		[ -d "$d" ] || return 0 # the rest is created by this script, mode 755
		read -r mode ou og on gn < <(stat -L -c '%a %u %g %U %G' "$d")
		mode=$((8#$mode))
		if [ "$ou" = "$uid" ]; then
			bit=$((mode & 8#100)) who="its owner" fix=u+x
		elif [[ $gids == *" $og "* ]]; then
			bit=$((mode & 8#010)) who="in its group" fix=g+x
		else
			bit=$((mode & 8#001)) who="neither its owner nor in its group" fix=o+x
		fi
		if [ "$bit" = 0 ]; then
			printf '%s has mode %04o (owner %s, group %s): %s, %s, may not enter it (chmod %s %s)' \
				"$d" "$mode" "$on" "$gn" "$user" "$who" "$fix" "$d"
			return 0
		fi
	done
}

start_server() {
	local user
	user=$(owner_args)
	if [ -n "$user" ]; then
		local why
		# Only the directories above: DIR itself is made mode 755 and
		# given to mysql below (a mktemp -d as DIR is fine).
		why=$(unreachable mysql "$(dirname "$DIR")")
		[ -z "$why" ] || die "cannot use SBREPORT_DB_DIR=$DIR: mariadbd runs as user mysql, but $why.
setup: choose a directory mysql can reach (the default is /tmp/sbreport-mariadb), or open that one"
	fi
	mkdir -p "$DIR" "$DIR/tmp" "$DIR/conf.d"
	chmod 755 "$DIR" "$DIR/conf.d"
	chmod 700 "$DIR/tmp"
	write_config
	if [ -n "$user" ]; then chown mysql: "$DIR" "$DIR/tmp"; fi
	if [ ! -d "$DIR/data/mysql" ]; then
		log "initialising $DIR/data"
		rm -rf "$DIR/data"
		"$INSTALL_DB" --defaults-file="$CNF" $user --auth-root-authentication-method=socket \
			--auth-root-socket-user="$(id -un)" --skip-test-db >"$DIR/install.log" 2>&1 ||
			{ cat "$DIR/install.log" >&2; die "mariadb-install-db failed"; }
	fi
	rm -f "$SOCK"
	log "starting $MARIADBD on $SOCK and 127.0.0.1:$PORT${OPTIONS[*]:+ with ${OPTIONS[*]}}"
	# setsid + nohup: the server outlives this shell and its terminal.
	setsid nohup "$MARIADBD" --defaults-file="$CNF" $user "${OPTIONS[@]}" >>"$DIR/error.log" 2>&1 </dev/null &
	local i
	for i in $(seq 1 120); do
		alive && return 0
		if ! kill -0 $! 2>/dev/null; then
			tail -n 30 "$DIR/error.log" >&2
			die "mariadbd exited during start-up (log: $DIR/error.log)"
		fi
		sleep 0.5
	done
	tail -n 30 "$DIR/error.log" >&2
	die "mariadbd did not answer within 60 s (log: $DIR/error.log)"
}

ensure_schema() {
	local pw=${PASSWORD//\'/\'\'}
	sql "CREATE DATABASE IF NOT EXISTS sbtest;
CREATE USER IF NOT EXISTS 'sbtest'@'localhost' IDENTIFIED BY '$pw';
CREATE USER IF NOT EXISTS 'sbtest'@'127.0.0.1' IDENTIFIED BY '$pw';
ALTER USER 'sbtest'@'localhost' IDENTIFIED BY '$pw';
ALTER USER 'sbtest'@'127.0.0.1' IDENTIFIED BY '$pw';
GRANT ALL PRIVILEGES ON \`sbtest%\`.* TO 'sbtest'@'localhost';
GRANT ALL PRIVILEGES ON \`sbtest%\`.* TO 'sbtest'@'127.0.0.1';
GRANT PROCESS, RELOAD, SUPER ON *.* TO 'sbtest'@'localhost';
GRANT PROCESS, RELOAD, SUPER ON *.* TO 'sbtest'@'127.0.0.1';"
}

# OPTIONS are the mariadbd options given as arguments.
OPTIONS=()

# set_options takes the mariadbd options of this start.
set_options() {
	OPTIONS=("$@")
	local o
	for o in "${OPTIONS[@]}"; do
		[[ $o == --[a-z]* ]] || die "not a mariadbd option: $o"
	done
}

main() {
	set_options "$@"
	install_packages
	find_bins
	if alive && rocks_pending; then
		# INSTALL SONAME 'ha_rocksdb' on a running 10.11 server crashes it
		# (ignore_db_dirs_append); MyRocks must be loaded at start-up.
		log "restarting to load MyRocks"
		"$ADMIN" --no-defaults --protocol=socket --socket="$SOCK" -uroot shutdown
		local i
		for i in $(seq 1 120); do [ -e "$SOCK" ] || break; sleep 0.5; done
	fi
	if alive; then
		log "already running"
	else
		start_server
	fi
	ensure_schema
	local engines
	engines=$(sql "SELECT GROUP_CONCAT(ENGINE ORDER BY ENGINE) FROM information_schema.ENGINES WHERE SUPPORT IN ('YES','DEFAULT') AND TRANSACTIONS IS NOT NULL AND ENGINE IN ('InnoDB','ROCKSDB','Aria','MyISAM')")
	cat <<EOF
MariaDB $(sql 'SELECT VERSION()') is running
  socket:   $SOCK
  tcp:      127.0.0.1:$PORT
  user:     sbtest (password from SB_PASSWORD, default sbtest), database sbtest
            (sbtest may create and use any database whose name starts with sbtest)
  engines:  $engines
  stop:     SBREPORT_DB_DIR=$DIR scripts/stop-db.sh
EOF
}

# Sourced (by the tests of this script), only the functions are defined.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	main "$@"
fi
