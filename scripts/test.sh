#!/usr/bin/env bash
# Runs the whole test suite on a fresh machine: installs and starts the
# project's MariaDB and sysbench (scripts/setup.sh), then vets and tests
# every package. The integration tests use that real server and the real
# sysbench. sbreport must also build for every platform it ships on.
set -euo pipefail
cd "$(dirname "$0")/.."
for target in linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64; do
	GOOS=${target%/*} GOARCH=${target#*/} go build ./... &&
		GOOS=${target%/*} GOARCH=${target#*/} go build -o /dev/null ./cmd/sbreport ||
		{ echo "test: sbreport does not build for $target" >&2; exit 1; }
done
bash scripts/setup.sh
export SBREPORT_DB_READY=1
go vet ./...
go install honnef.co/go/tools/cmd/staticcheck@v0.8.2 # 2026.2.2
gobin=$(go env GOBIN)
"${gobin:-$(go env GOPATH)/bin}/staticcheck" ./...
go test -count=1 ./...
