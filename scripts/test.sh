#!/usr/bin/env bash
# Runs the whole test suite on a fresh machine: installs and starts the
# project's MariaDB and sysbench (scripts/setup.sh), then vets and tests
# every package. The integration tests use that real server and the real
# sysbench.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export SBREPORT_DB_READY=1
go vet ./...
go test -count=1 ./...
