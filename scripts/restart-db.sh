#!/usr/bin/env bash
# restart-db.sh restarts the private MariaDB instance of scripts/setup.sh,
# passing its arguments to mariadbd for this start (with none, the server
# starts with its own configuration again). SBREPORT_DB_DIR and
# SBREPORT_DB_PORT select the instance, as for setup.sh. Users, grants
# and data stay as they are.
#
# It is the restart command of a campaign whose plan sets a variable that
# is not dynamic: sbreport run appends --NAME=VALUE for each such variable,
# e.g. scripts/restart-db.sh --aria-pagecache-buffer-size=8M, and none
# when it puts the server back at the end.
set -euo pipefail
here=$(dirname "$0")
# shellcheck source=setup.sh
source "$here/setup.sh"
set_options "$@"
find_bins
bash "$here/stop-db.sh"
start_server
