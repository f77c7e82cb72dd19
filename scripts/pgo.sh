#!/bin/sh
# Regenerates cmd/sbreport/default.pgo, the CPU profile the Go compiler
# reads when it builds sbreport (profile-guided optimisation: hot calls
# are inlined, hot paths laid out first). The profile is that of
# `sbreport parse --json` on the two interim-heavy inputs of BENCH.md;
# rerun this after changing the parsers or the encoder.
set -eu
cd "$(dirname "$0")/.."
bin=$(mktemp /tmp/sbreport-pgo.XXXXXX)
go test -pgo=off -c -o "$bin" ./cmd/sbreport
(cd cmd/sbreport && "$bin" -test.run '^$' -test.bench 'ParseJSON(InterimHeavy|OneHourLog)$' \
	-test.benchtime 60x -test.cpu 1 -test.cpuprofile "$PWD/default.pgo" > /dev/null)
rm -f "$bin"
ls -l cmd/sbreport/default.pgo
