#!/bin/sh
# Regenerates cmd/sbreport/default.pgo, the CPU profile the Go compiler
# reads when it builds sbreport (profile-guided optimisation: hot calls
# are inlined, hot paths laid out first). The profile is the merge of
# three: `sbreport parse --json` on the two interim-heavy inputs of
# BENCH.md, the same over the demo campaign (many small files, gzipped
# status snapshots, a manifest), and `sbreport report` of the demo
# campaign (analysis, charts, workbook, results.json). Rerun this after
# changing the parsers, the encoders or the report's writers.
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d /tmp/sbreport-pgo.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
go test -pgo=off -c -o "$tmp/sbreport.test" ./cmd/sbreport
bench() { # NAME-REGEX ITERATIONS PROFILE
	(cd cmd/sbreport && "$tmp/sbreport.test" -test.run '^$' -test.bench "$1" \
		-test.benchtime "$2" -test.cpu 1 -test.cpuprofile "$3" > /dev/null)
}
bench 'ParseJSON(InterimHeavy|OneHourLog)$' 60x "$tmp/interim.prof"
bench 'ParseJSONDemoCampaign$' 60x "$tmp/campaign.prof"
bench 'ReportDemoCampaign$' 4x "$tmp/report.prof"
go tool pprof -proto "$tmp/interim.prof" "$tmp/campaign.prof" "$tmp/report.prof" > cmd/sbreport/default.pgo
ls -l cmd/sbreport/default.pgo
