package parse

import (
	"encoding/json"
	"math"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// sysbenchWants lists, per fixture and run, the values SOURCES.md gives
// (or, where it is silent, the values printed in the fixture file).
// Paths are JSON field paths of the run; "#intervals" and "#histogram"
// are lengths; "warn~text" asserts a warning containing text.
var sysbenchWants = []struct {
	file string
	run  int
	want string
}{
	// sysbench-0.4
	{"sysbench-0.4/sb0.4.12-and-0.5-cpu-web-table-paste-mangled-issue231.txt", 0, "total_time_s=34.415; events=10000; latency_ms.avg=41.27; latency_ms.percentiles.95=46.81; threads=12; threads_from=fairness; layout=0.5-general; complete=true"},
	{"sysbench-0.4/sb0.4.12-and-0.5-cpu-web-table-paste-mangled-issue231.txt", 1, "total_time_s=18.3264; events=10000; latency_ms.avg=21.98; latency_ms.percentiles.95=22.04; threads=12; layout=0.4-summary"},
	{"sysbench-0.4/sb0.4.12-oltp-simple-ro-1thr.txt", 0, "version=0.4.12; test=oltp; threads=1; threads_from=header; tps=3535.5; qps=3535.5; sql.transactions=212131; sql.rw_requests=212131; sql.rw_requests_ps=3535.5; sql.deadlocks=0; total_time_s=60.0003; events=212131; latency_ms.avg=0.28; latency_ms.percentiles.95=0.35; latency_ms.sum=59839.1; complete=true; layout=0.4-summary; #intervals=0"},
	{"sysbench-0.4/sb0.4.12-oltp-simple-ro-256thr.txt", 0, "threads=256; tps=27836.59; sql.transactions=1670378; total_time_s=60.0066; events=1670378; latency_ms.avg=9.19; latency_ms.percentiles.95=22.65"},
	{"sysbench-0.4/sb0.4.12-oltp-simple-ro-32thr-repeated-msg.txt", 0, "threads=32; tps=22522.33; qps=22522.33; sql.rw_requests_ps=22522.33; sql.transactions=1351359; total_time_s=60.0009; events=1351359; latency_ms.avg=1.42; latency_ms.percentiles.95=1.69; complete=true"},
	{"sysbench-0.4/sb0.4.12.10-cpu-general-statistics-layout-primer-typo.txt", 0, "version=0.4.12.10; threads=1; test=cpu; total_time_s=3.6167; events=10000; latency_ms.avg=0.36; latency_ms.percentiles.95=0.59; eps~2764.9; warn~eps derived; layout=0.5-general; command=sysbench --test=cpu --cpu-max-prime=10000 run"},
	{"sysbench-0.4/sb0.4.12.10-oltp-mixed-ro-4thr-general-statistics-layout.txt", 0, "threads=4; tps=749.42; sql.transactions=44969; qps=10491.9; sql.rw_requests=629566; sql.other_ops_ps=1498.84; sql.deadlocks=0; total_time_s=60.005; events=44969; latency_ms.avg=5.33; latency_ms.percentiles.95=7.64; layout=0.5-general"},
	// sysbench-0.5
	{"sysbench-0.5/sb0.5-2011-oltp-rw-16thr-nocomma-deadlocks-dup-lines.txt", 0, "version=0.5; threads=16; tps=4404.08; sql.transactions=2642461; qps=79273.46; sql.deadlocks=0; total_time_s=600.0028; events=2642461; latency_ms.avg=3.63; latency_ms.percentiles.99=14.36; #intervals=60; intervals.0.tps=4892.45; intervals.0.lat_ms=9.14; intervals.0.lat_pct=99; options.report_interval_s=10"},
	{"sysbench-0.5/sb0.5-2011-oltp-rw-32thr-3600s-deadlocks11-4digit-time.txt", 0, "threads=32; tps=2896.68; sql.transactions=10428484; qps=52140.21; sql.deadlocks=11; total_time_s=3600.1556; events=10428484; latency_ms.avg=11.05; latency_ms.max=313015.91; latency_ms.percentiles.99=100.82; #intervals=360; intervals.359.t_s=3600; options.seed=42; options.random_source=seed"},
	{"sysbench-0.5/sb0.5-2012-oltp-ro-128thr-comma-p99.txt", 0, "threads=128; tps=4327.93; sql.transactions=1307098; qps=60590.98; total_time_s=302.0148; events=1307098; latency_ms.avg=29.57; latency_ms.percentiles.99=38.36"},
	{"sysbench-0.5/sb0.5-2014-oltp-rw-32thr-errors-reconnects.txt", 0, "threads=32; tps=1528.57; sql.transactions=276702; qps=107000.75; sql.ignored_errors=3; sql.ignored_errors_ps=0.02; sql.reconnects=0; sql.deadlocks=null; total_time_s=181.0202; events=276702; latency_ms.avg=20.93; latency_ms.percentiles.95=33.93; #intervals=90"},
	{"sysbench-0.5/sb0.5-oltp-10thr-p99-mixed-notes-tail-f-4digit-time.txt", 0, "threads=10; threads_from=command; tps=503.42; sql.transactions=906171; qps=9061.62; sql.ignored_errors=0; total_time_s=1800.0186; events=906171; latency_ms.avg=19.86; latency_ms.percentiles.99=48.04"},
	{"sysbench-0.5/sb0.5-oltp-ro-16thr-2s-interval.txt", 0, "threads=16; tps=9713.48; sql.transactions=495402; qps=97134.8; sql.ignored_errors=0; total_time_s=51.0015; events=495402; latency_ms.avg=1.65; latency_ms.percentiles.95=1.82; #intervals=25; options.report_interval_s=2"},
	{"sysbench-0.5/sb0.5-oltp-rw-1024thr-forcing-shutdown-ignored-errors-3198.txt", 0, "threads=1024; tps=6645.96; sql.transactions=664906; qps=120107.66; sql.ignored_errors=3198; sql.ignored_errors_ps=31.97; sql.reconnects=0; total_time_s=100.0467; events=664906; latency_ms.avg=152.93; latency_ms.percentiles.95=297.23; options.forced_shutdown_s=160"},
	{"sysbench-0.5/sb0.5-uint64-underflow-impossible-tps-issue14.txt", 0, "#intervals=0; complete=false; warn~impossible tps 18446842801212211200.00"},
	{"sysbench-0.5/sb0.5-uint64-underflow-impossible-tps-issue14.txt", 1, "#intervals=1; intervals.0.t_s=12; intervals.0.tps=1385.03; intervals.0.reads_ps=19488.38; intervals.0.writes_ps=5540.11; intervals.0.lat_ms=15.76; intervals.0.lat_pct=95; threads=16; threads_from=command"},
	// sysbench-1.0
	{"sysbench-1.0/sb1.0-pkg-interim-lines-prefixed-with-sql-comment-dashes-readyset-issue1268.txt", 0, "threads=32; #intervals=3; intervals.0.tps=105193.5; intervals.1.tps=105896.67; intervals.2.tps=105613.79; intervals.2.qps=105613.79; intervals.0.lat_ms=0.44; complete=false"},
	{"sysbench-1.0/sb1.0-tpcc-lua-interim-err-s-no-colon-multi-second-lat-sysbench-tpcc-issue48.txt", 0, "threads=56; #intervals=10; intervals.0.lat_ms=2680.11; intervals.0.err_s=1; intervals.7.lat_ms=3151.62; intervals.8.tps=58.01; intervals.8.lat_ms=2362.72; intervals.4.tps=39"},
	{"sysbench-1.0/sb1.0.11-rate-mode-target-tx-rate-truncated-issue305.txt", 0, "version=1.0.11; threads=1; tps=30.94; sql.transactions=620; qps=495.03; sql.queries=9920; total_time_s=20.0378; events=620; latency_ms.min=47.84; latency_ms.avg=null; latency_ms.percentiles=null; options.rate_target=100; options.seed=1; complete=false; warn~no value after avg; warn~missing latency, threads fairness"},
	{"sysbench-1.0/sb1.0.19-oltp-8thr-errs-no-colon-err-s.log", 0, "threads=8; tps=346.07; sql.transactions=103832; qps=9910.63; sql.ignored_errors=433; sql.ignored_errors_ps=1.44; total_time_s=300.0278; events=103832; latency_ms.avg=23.11; latency_ms.percentiles.95=50.11; #intervals=60; intervals.0.err_s=1.2; layout=1.0-latency"},
	{"sysbench-1.0/sb1.0.20-oltp-legacy-16thr-p99-mixed-notes-no-header.txt", 0, "threads=16; tps=91.56; sql.transactions=164853; qps=1831.2; sql.ignored_errors=0; total_time_s=1800.4891; events=164853; latency_ms.avg=174.72; latency_ms.percentiles.99=569.67; #intervals=180; intervals.0.lat_pct=99; warn~--max-time is deprecated"},
	{"sysbench-1.0/sb1.0.20-oltp-rw-4thr-5s-interval-terminal-paste.txt", 0, "version=1.0.20; threads=4; tps=139.27; sql.transactions=8364; qps=2785.42; total_time_s=60.0539; events=8364; latency_ms.avg=28.69; latency_ms.percentiles.95=52.89; latency_ms.sum=239940.24; #intervals=12; complete=true; fairness.events_avg=2091; fairness.exec_time_avg_s=59.9851"},
	{"sysbench-1.0/sb1.0.20-oltp_read_write-128thr.log", 0, "threads=128; tps=3645.61; sql.transactions=109495; qps=72912.3; sql.ignored_errors=0; total_time_s=30.0336; events=109495; latency_ms.avg=35.09; latency_ms.percentiles.95=75.82; #intervals=30"},
	{"sysbench-1.0/sb1.0.20-oltp_read_write-16thr.log", 0, "threads=16; tps=3482.24; sql.transactions=104490; qps=69644.89; sql.ignored_errors=0; total_time_s=30.0055; events=104490; latency_ms.avg=4.59; latency_ms.percentiles.95=7.43; #intervals=30"},
	{"sysbench-1.0/sb1.0.20-oltp_read_write-1thr.log", 0, "threads=1; tps=568.75; sql.transactions=17064; qps=11375; sql.ignored_errors=0; total_time_s=30.0016; events=17064; latency_ms.min=1.53; latency_ms.avg=1.76; latency_ms.max=5.81; latency_ms.sum=29992.24; latency_ms.percentiles.95=1.89; #intervals=30"},
	{"sysbench-1.0/sb1.0.20-oltp_read_write-32thr.log", 0, "threads=32; tps=3580.95; sql.transactions=107466; qps=71619.04; sql.ignored_errors=0; total_time_s=30.0094; events=107466; latency_ms.avg=8.93; latency_ms.percentiles.95=13.95; #intervals=30"},
	{"sysbench-1.0/sb1.0.20-oltp_read_write-64thr.log", 0, "threads=64; tps=3630.66; sql.transactions=108991; qps=72613.17; sql.ignored_errors=0; total_time_s=30.0186; events=108991; latency_ms.avg=17.62; latency_ms.percentiles.95=32.53; #intervals=30"},
	{"sysbench-1.0/sb1.0.20-oltp_read_write-8thr.log", 0, "threads=8; tps=2905.92; sql.transactions=87192; qps=58118.47; sql.ignored_errors=0; total_time_s=30.0039; events=87192; latency_ms.avg=2.75; latency_ms.percentiles.95=3.96; #intervals=30"},
	{"sysbench-1.0/sb1.0.20-two-runs-one-paste-disk-vs-tmpfs-labels-truncated.txt", 0, "threads=10; tps=845.49; sql.transactions=12701; qps=845.49; total_time_s=15.0205; events=12701; latency_ms.avg=11.81; latency_ms.percentiles.95=26.2; complete=true; #intervals=5"},
	{"sysbench-1.0/sb1.0.20-two-runs-one-paste-disk-vs-tmpfs-labels-truncated.txt", 1, "tps=3366.33; sql.transactions=50532; qps=3366.33; total_time_s=15.0089; latency_ms.avg=null; complete=false; #intervals=4; intervals.3.t_s=12; line=34"},
	{"sysbench-1.0/sb1.0.3-oltp-rw-15thr-annotated-inline-comments-no-header.txt", 0, "threads=15; tps=343.51; sql.transactions=41229; qps=6876.33; sql.queries=825317; sql.read=577836; sql.ignored_errors=45; sql.ignored_errors_ps=0.37; total_time_s=120.0214; events=41229; latency_ms.avg=43.66; latency_ms.percentiles.95=71.83; #intervals=12; fairness.events_avg=2748.6"},
	{"sysbench-1.0/sb1.0.7-cpu-before-cpu-speed-section-issue140.txt", 0, "version=1.0.7; threads=1; test=cpu; total_time_s=10.0005; events=9083; eps~908.2; warn~eps derived; latency_ms.avg=1.1; latency_ms.percentiles.95=1.34"},
	// sysbench-1.1
	{"sysbench-1.1/sb1.1.0-afceaeb-yugabyte-fork-warmup-server-endpoint-truncated-issue12115.txt", 0, "version=1.1.0-afceaeb; threads=64; tps=0.31; sql.transactions=64; qps=2.49; sql.queries=511; eps=0.3122; total_time_s=204.9643; events=64; options.warmup_s=120; layout=1.1-throughput; complete=false; warn~no value after min"},
	{"sysbench-1.1/sb1.1.0-ead2689-tail-of-previous-run-then-new-run-p99-truncated-shardingsphere-issue10656.txt", 0, "version=1.1.0-ead2689; line=7; threads=12; #intervals=3; intervals.0.tps=16120.65; intervals.1.tps=14966.04; intervals.2.tps=15760.83; intervals.0.lat_ms=1.44; intervals.1.lat_ms=1.64; intervals.2.lat_ms=1.42; intervals.0.lat_pct=99; tps=15621.88; sql.transactions=249979; qps=15621.88; complete=false"},
	{"sysbench-1.1/sb1.1.0-early-master-2017-general-statistics-layout-issue131.txt", 0, "version=1.1.0; layout=1.0-latency; threads=1; total_time_s=10.0003; events=42530058; eps~4252878; latency_ms.avg=0; latency_ms.percentiles.95=0"},
	{"sysbench-1.1/sb1.1.0-faaff4f-oltp-ro-1thr-warmup-elided-truncated-issue311.txt", 0, "threads=1; threads_from=command; #intervals=1; intervals.0.t_s=117; intervals.0.tps=258.32; intervals.0.qps=4133.04; intervals.0.lat_ms=4.1; tps=259.39; sql.transactions=31128; qps=4150.16; sql.queries=498035; latency_ms.avg=null; complete=false"},
	{"sysbench-1.1/sb1.1.0-nosha-oltp-update-non-index-4thr-terminal-paste.txt", 0, "version=1.1.0; layout=1.1-throughput; threads=4; tps=420.37; sql.transactions=25227; qps=420.37; eps=420.3673; total_time_s=60.0118; events=25227; latency_ms.avg=9.51; latency_ms.percentiles.95=16.12; #intervals=6"},
	// nondb
	{"nondb/sb0.4.12-cpu-1thr.txt", 0, "threads=1; test=cpu; total_time_s=31.174; events=10000; latency_ms.avg=3.12; latency_ms.percentiles.95=3.49; layout=0.4-summary"},
	{"nondb/sb0.4.12-fileio-rndrd.txt", 0, "threads=1; test=fileio; fileio.requests_ps=2150.66; fileio.total_mib_s=33.604; fileio.read_ops=645210; fileio.write_ops=0; fileio.written_bytes=0; total_time_s=300.005; events=645210; latency_ms.avg=0.46; latency_ms.percentiles.95=0.96; eps=2150.66"},
	{"nondb/sb0.4.12-fileio-rndwr.txt", 0, "threads=1; fileio.requests_ps=68.33; fileio.total_mib_s=1.0677; fileio.written_bytes=335869378.56; fileio.other_ops=26239; total_time_s=300.0096; events=20500; latency_ms.avg=0.03; latency_ms.percentiles.95=0.03"},
	{"nondb/sb0.4.12-memory-write-1thr.txt", 0, "threads=1; test=memory; memory.operations=104857600; memory.ops_ps=596447.76; memory.transferred_mib=102400; memory.mib_s=582.47; total_time_s=175.8035; latency_ms.percentiles.95=0"},
	{"nondb/sb0.4.12-memory-zero-ops-uint64-min-latency-forum-paste-issue176.txt", 0, "threads=1; memory.operations=0; memory.mib_s=0; total_time_s=0.0043; events=0; latency_ms.min=null; latency_ms.max=0; latency_ms.percentiles=null; warn~18446744073709.55ms; complete=true"},
	{"nondb/sb0.4.12-threads-64thr.txt", 0, "threads=64; test=threads; total_time_s=8.2526; events=10000; latency_ms.avg=52.67; latency_ms.percentiles.95=144.13"},
	{"nondb/sb0.4.12.10-fileio-rndrw-lowercase-reads-writes.txt", 0, "threads=1; fileio.requests_ps=1829.89; fileio.total_mib_s=28.592; fileio.read_ops=10980; fileio.write_ops=7320; fileio.other_ops=23307; total_time_s=10.0006; events=18300; latency_ms.avg=0.09; latency_ms.percentiles.95=0.37"},
	{"nondb/sb1.0-fileio-seqrewr-no-header-issue247.txt", 0, "threads=1; fileio.reads_ps=0; fileio.writes_ps=2808.51; fileio.fsyncs_ps=3585.69; fileio.written_mib_s=43.88; total_time_s=10.0002; events=63976; latency_ms.avg=0.16; latency_ms.percentiles.95=0.62"},
	{"nondb/sb1.0-prerelease-2016-fileio-rndrw-hybrid-layout-old-response-time-block-truncated-issue72.txt", 0, "version=1.0; layout=1.0-prerelease; threads=8; fileio.reads_ps=8259.22; fileio.writes_ps=5499.26; fileio.fsyncs_ps=17610.85; fileio.read_mib_s=129.05; fileio.written_mib_s=85.93; total_time_s=0.7268; events=10000; latency_ms.avg=0.18; latency_ms.percentiles.95=0.54; complete=false"},
	{"nondb/sb1.0.11-fileio-histogram-head-rows-repeated-bucket-labels-truncated-kellabyte-issue18.txt", 0, "#histogram=22; histogram.0.value_ms=0.009; histogram.0.count=1526; histogram.1.value_ms=0.009; histogram.1.count=1996; histogram.5.count=3466; histogram.15.count=1127; histogram.21.value_ms=0.014; histogram.21.count=1912; complete=false; warn~no value after histogram row"},
	{"nondb/sb1.0.11-fileio-seqrewr-histogram-tail-p99-partial-kellabyte-issue18.txt", 0, "threads=4; threads_from=fairness; fileio.reads_ps=0; fileio.writes_ps=15273; fileio.fsyncs_ps=19538.85; fileio.written_mib_s=238.64; total_time_s=10.003; events=348278; latency_ms.avg=0.11; latency_ms.percentiles.99=1.23; #histogram=6; histogram.0.value_ms=12.752; histogram.1.count=5"},
	{"nondb/sb1.0.20-cpu-macos-m1-empty-histogram-p95-zero-issue479.txt", 0, "threads=1; test=cpu; eps=13373155.28; total_time_s=10.0004; events=133738547; latency_ms.avg=0; latency_ms.percentiles.95=0; #histogram=0; histogram=[]; warn~--test option is deprecated"},
	{"nondb/sb1.0.20-fileio-rndrd-direct-interim-reports-deprecated-test-warning.txt", 0, "threads=4; fileio.reads_ps=1906.5; fileio.read_mib_s=29.79; total_time_s=10.0029; events=19074; latency_ms.avg=2.08; latency_ms.percentiles.95=1.37; #intervals=10; intervals.0.read_mib_s=28.78; intervals.0.lat_ms=1.319"},
	{"nondb/sb1.0.20-fileio-seqwr.txt", 0, "threads=2; fileio.writes_ps=600.89; fileio.fsyncs_ps=12.07; fileio.written_mib_s=9.39; total_time_s=60.0028; events=36776; latency_ms.avg=3.26; latency_ms.percentiles.95=5.09"},
	{"nondb/sb1.0.20-memory-16thr-zero-ops-2GiB-block-issue545.txt", 0, "threads=16; test=memory; memory.operations=0; memory.ops_ps=0; memory.mib_s=0; total_time_s=0.0008; events=0; latency_ms.min=0; latency_ms.percentiles.95=0"},
	{"nondb/sb1.1.0-cpu-graviton2-1thr-annotated.txt", 0, "threads=1; test=cpu; eps=114.0161; total_time_s=87.7069; events=10000; latency_ms.avg=8.77; latency_ms.percentiles.95=8.74; latency_ms.min=8.76"},
	{"nondb/sb1.1.0-cpu-x86-1thr.txt", 0, "threads=1; eps=45.3573; total_time_s=220.4715; events=10000; latency_ms.avg=22.05; latency_ms.percentiles.95=21.89"},
	{"nondb/sb1.1.0-dcde0d9-2017-fileio-rndrw-warmup-interim-truncated-issue167.txt", 0, "threads=1; options.warmup_s=30; #intervals=5; intervals.0.read_mib_s=1.78; intervals.0.write_mib_s=1.19; intervals.0.fsyncs_ps=241.26; intervals.0.lat_ms=9.56; intervals.1.read_mib_s=1.58; intervals.1.lat_ms=9.734; complete=false"},
	{"nondb/sb1.1.0-fileio-rndrw-graviton2-iops-format.txt", 0, "layout=1.1-throughput; fileio.reads_ps=2366.91; fileio.read_mib_s=36.98; fileio.writes_ps=1577.94; fileio.written_mib_s=24.66; fileio.fsyncs_ps=5050.32; latency_ms.avg=0.11; latency_ms.percentiles.95=0.69; complete=true"},
	{"nondb/sb1.1.0-fileio-seqrd-then-seqwr-graviton2-two-reports.txt", 0, "fileio.reads_ps=41755.7; fileio.read_mib_s=652.43; latency_ms.percentiles.95=0.02"},
	{"nondb/sb1.1.0-fileio-seqrd-then-seqwr-graviton2-two-reports.txt", 1, "fileio.writes_ps=25128.68; fileio.written_mib_s=392.64; fileio.fsyncs_ps=32164.91; latency_ms.percentiles.95=0.01; line=14"},
	{"nondb/sb1.1.0-memory-8thr-graviton2-partial.txt", 0, "memory.operations=89194940; memory.ops_ps=8919408.08; memory.transferred_mib=87104.43; memory.mib_s=8710.36; complete=false"},
	{"nondb/sb1.1.0-mutex-32thr-graviton2-p95-below-min.txt", 0, "threads=32; threads_from=fairness; eps=1.3442; total_time_s=23.8054; events=32; latency_ms.avg=23770.96; latency_ms.percentiles.95=23680.4"},
	{"nondb/sb0.4.12-cpu-mem-fileio-multi-run-markdown-with-fio-noise.txt", 0, "threads=1; test=cpu; total_time_s=46.2201; latency_ms.avg=4.62; latency_ms.percentiles.95=4.68"},
	{"nondb/sb0.4.12-cpu-mem-fileio-multi-run-markdown-with-fio-noise.txt", 1, "threads=16; total_time_s=23.1121; latency_ms.avg=36.86; latency_ms.percentiles.95=84.57"},
	{"nondb/sb0.4.12-cpu-mem-fileio-multi-run-markdown-with-fio-noise.txt", 2, "test=memory; memory.operations=10240; memory.mib_s=3875.99"},
	{"nondb/sb0.4.12-cpu-mem-fileio-multi-run-markdown-with-fio-noise.txt", 3, "test=fileio; total_time_s=300.0003; fileio.requests_ps=226.33; fileio.total_mib_s=3.5365; latency_ms.percentiles.95=0.71"},
}

// sysbenchRuns parses a fixture and returns its sysbench runs.
func sysbenchRuns(t *testing.T, path string) (runs []*Run, d *Document) {
	t.Helper()
	d = parseFile(t, path)
	for _, r := range d.Runs {
		if r.Tool == ToolSysbench {
			runs = append(runs, r)
		}
	}
	return runs, d
}

func TestSysbenchFixtures(t *testing.T) {
	for _, w := range sysbenchWants {
		t.Run(w.file+"#"+strconv.Itoa(w.run), func(t *testing.T) {
			runs, _ := sysbenchRuns(t, filepath.Join("..", "testdata", "public", w.file))
			if w.run >= len(runs) {
				t.Fatalf("%d sysbench runs, want run #%d", len(runs), w.run)
			}
			checkRun(t, runs[w.run], w.want)
		})
	}
}

// checkRun asserts a want spec ("path=value; path~prefix; #list=n; warn~text").
func checkRun(t *testing.T, r *Run, spec string) {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, item := range strings.Split(spec, ";") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if strings.HasPrefix(item, "warn~") {
			text := item[len("warn~"):]
			found := false
			for _, w := range r.Warnings {
				if strings.Contains(w, text) {
					found = true
				}
			}
			if !found {
				t.Errorf("no warning containing %q in %q", text, r.Warnings)
			}
			continue
		}
		op := "="
		i := strings.Index(item, "=")
		if j := strings.Index(item, "~"); j >= 0 && (i < 0 || j < i) {
			i, op = j, "~"
		}
		path, want := item[:i], item[i+1:]
		count := strings.HasPrefix(path, "#")
		got, ok := lookupPath(m, strings.TrimPrefix(path, "#"))
		if count {
			n := 0
			if l, isList := got.([]any); isList {
				n = len(l)
			}
			if strconv.Itoa(n) != want {
				t.Errorf("len(%s) = %d, want %s", path[1:], n, want)
			}
			continue
		}
		if !ok {
			t.Errorf("%s: not found", path)
			continue
		}
		gs := showJSON(got)
		switch {
		case op == "~":
			if !strings.HasPrefix(gs, want) {
				t.Errorf("%s = %s, want prefix %s", path, gs, want)
			}
		case want == "[]":
			if l, isList := got.([]any); !isList || len(l) != 0 {
				t.Errorf("%s = %s, want []", path, gs)
			}
		default:
			if g, isNum := got.(float64); isNum {
				f, err := strconv.ParseFloat(want, 64)
				if err != nil || math.Abs(g-f) > 1e-9*math.Max(1, math.Abs(f)) {
					t.Errorf("%s = %s, want %s", path, gs, want)
				}
			} else if gs != want {
				t.Errorf("%s = %s, want %s", path, gs, want)
			}
		}
	}
}

func lookupPath(v any, path string) (any, bool) {
	for _, k := range strings.Split(path, ".") {
		switch x := v.(type) {
		case map[string]any:
			// Percentile ranks such as "99.9" contain dots; they are the last key.
			var ok bool
			v, ok = x[k]
			if !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

func showJSON(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// TestSysbenchReal checks the captures made with sysbench 1.0.20 against
// MariaDB 10.11 (testdata/real); values are read from the files.
func TestSysbenchReal(t *testing.T) {
	tests := []struct {
		file string
		runs int
		want string
	}{
		{"sysbench-1.0.20-oltp_read_write-innodb-4thr.txt", 1, "version=1.0.20; test=oltp_read_write; threads=4; tps=711.24; qps=14224.73; total_time_s=5.0106; events=3564; latency_ms.percentiles.99=17.63; latency_ms.sum=20020.87; #intervals=5; intervals.0.lat_pct=99; #histogram=168; complete=true; layout=1.0-latency"},
		{"sysbench-1.0.20-oltp_read_only-innodb-4thr-percentile0.txt", 1, "tps=1627.73; latency_ms.percentiles=null; latency_ms.percentile_disabled=true; complete=true"},
		// Refused at start: no result, reported instead of counted.
		{"sysbench-1.0.20-oltp_read_only-innodb-4thr-percentile0-histogram.txt", 0, ""},
		{"sysbench-1.0.20-oltp_read_only-innodb-4thr-rate50.txt", 1, "options.rate_target=50; tps=46.45"},
		{"sysbench-1.0.20-oltp_read_write-innodb-4thr-sigkill.txt", 1, "complete=false; #intervals=2; warn~cumulative report (interim lines only)"},
		{"sysbench-1.0.20-oltp_read_write-innodb-4thr-sigint.txt", 1, "complete=false; #intervals=2"},
		{"sysbench-1.0.20-oltp_read_write-innodb-4thr-server-shutdown.txt", 1, "complete=false; warn~Lost connection to server during query"},
		{"sysbench-1.0.20-oltp_read_write-innodb-4thr-table-dropped.txt", 1, "complete=false; warn~doesn't exist"},
		{"sysbench-1.0.20-cpu-1thr-rate2000-queue-length.txt", 1, "test=cpu; eps=1986.37; #intervals=2; intervals.0.eps=1935.69; intervals.0.queue_length=1; intervals.0.concurrency=1; intervals.1.queue_length=0; options.rate_target=2000"},
		{"sysbench-1.0.20-cpu-2thr.txt", 1, "test=cpu; threads=2; eps=5043.49; #histogram=157; latency_ms.percentiles.99=4.25"},
		{"sysbench-1.0.20-memory-2thr.txt", 1, "test=memory; threads=2; total_time_s=5.001; events=40002378; latency_ms.percentiles.99=0"},
		{"sysbench-1.0.20-mutex-4thr.txt", 1, "test=mutex; threads=4; events=4; warn~eps derived"},
		{"sysbench-1.0.20-threads-4thr.txt", 1, "test=threads; threads=4; events=7489"},
		{"sysbench-1.0.20-fileio-rndrw-2thr.txt", 1, "test=fileio; threads=2; total_time_s=5.0039; events=231406; #intervals=5"},
		{"sysbench-1.0.20-fileio-prepare.txt", 0, ""},
		{"sysbench-1.0.20-oltp_common-prepare-innodb.txt", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			runs, _ := sysbenchRuns(t, filepath.Join("..", "testdata", "real", tt.file))
			if len(runs) != tt.runs {
				t.Fatalf("%d sysbench runs, want %d", len(runs), tt.runs)
			}
			if tt.runs > 0 {
				checkRun(t, runs[0], tt.want)
			}
		})
	}
}

func sbParseText(t *testing.T, text string) *Document {
	t.Helper()
	d, err := All(strings.NewReader(text), "in.txt")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestSysbenchErrors checks the exact errors for malformed or partial input.
func TestSysbenchErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []*Error
	}{
		{"latency value not a number", "Latency (ms):\n         min:   abc\n         avg:  1.00\n", []*Error{
			{Source: "in.txt", Line: 2, Message: `sysbench latency min: bad value "abc" (expected a number of milliseconds)`}}},
		{"transactions without rate", "SQL statistics:\n    transactions:   12701\n", []*Error{
			{Source: "in.txt", Line: 2, Message: `sysbench statistics transactions: bad value "12701" (expected a count and a rate such as 12701  (845.49 per sec.))`}}},
		{"total time without unit", "General statistics:\n    total time:   15.0205\n", []*Error{
			{Source: "in.txt", Line: 2, Message: `sysbench total time: bad value "15.0205" (expected seconds such as 60.0003s)`}}},
		{"fairness without stddev", "Threads fairness:\n    events (avg/stddev):   1270.1000\n", []*Error{
			{Source: "in.txt", Line: 1, Message: `sysbench report fragment without its beginning (lines 1-2) skipped: expected a banner, options header or statistics heading before "Threads fairness:"`}}},
		{"value missing mid-block", "Latency (ms):\n         min:\n         avg:  1.00\n", []*Error{
			{Source: "in.txt", Line: 2, Message: `sysbench min: value missing (expected a number)`}}},
		{"value missing at the end is a cut, not an error", "Latency (ms):\n         min:  1.00\n         avg:", nil},
		{"tail of an earlier run", "         sum:      191801.43\n\nThreads fairness:\n    events (avg/stddev):           20021.1667/67.89\n\nsysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)\n", []*Error{
			{Source: "in.txt", Line: 1, Message: `sysbench report fragment without its beginning (lines 1-4) skipped: expected a banner, options header or statistics heading before "sum:      191801.43"`}}},
		{"fileio ops malformed", "Operations performed:  645210 Read, x Write\n", []*Error{
			{Source: "in.txt", Line: 1, Message: `sysbench fileio operations performed: bad value "645210 Read, x Write" (expected <n> Read, <n> Write, <n> Other = <n> Total)`}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := sbParseText(t, tt.in)
			var got []*Error
			for _, e := range d.Errors {
				if strings.HasPrefix(e.Message, "no benchmark output") {
					continue
				}
				got = append(got, e)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("errors:\n got %s\nwant %s", showJSON(got), showJSON(tt.want))
			}
		})
	}
}

// TestSysbenchSegments checks where runs start and end in inline inputs.
func TestSysbenchSegments(t *testing.T) {
	const v10 = "sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)\n\nRunning the test with following options:\nNumber of threads: 4\n\nThreads started!\n\n"
	const report = "SQL statistics:\n    transactions:                        8364   (139.27 per sec.)\n    queries:                             167280 (2785.42 per sec.)\n\nGeneral statistics:\n    total time:                          60.0539s\n    total number of events:              8364\n\nLatency (ms):\n         min:                                    4.58\n         avg:                                   28.69\n         max:                                  149.94\n         95th percentile:                       52.89\n         sum:                               239940.24\n\nThreads fairness:\n    events (avg/stddev):           2091.0000/15.48\n    execution time (avg/stddev):   59.9851/0.03\n"
	const iv = "[ 5s ] thds: 4 tps: 148.64 qps: 2984.93 (r/w/o: 2089.91/596.95/298.07) lat (ms,95%): 50.11 err/s: 0.00 reconn/s: 0.00\n"
	const iv2 = "[ 10s ] thds: 4 tps: 150.29 qps: 3006.34 (r/w/o: 2105.22/600.55/300.57) lat (ms,95%): 50.11 err/s: 0.00 reconn/s: 0.00\n"
	tests := []struct {
		name  string
		in    string
		lines [][2]int // start and end line of each run
		want  []string // checkRun spec per run
	}{
		{"one run", v10 + iv + report, [][2]int{{1, 26}}, []string{"complete=true; #intervals=1"}},
		{"two runs separated by prose", v10 + iv + report + "\nthe same on tmpfs:\n" + v10 + iv + report,
			[][2]int{{1, 26}, {29, 54}}, []string{"complete=true", "complete=true; threads=4"}},
		{"interim line after a finished report starts a run", v10 + report + iv,
			[][2]int{{1, 25}, {26, 26}}, []string{"complete=true", "complete=false; #intervals=1"}},
		{"banner without a report is not a run", "sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)\n\nCreating table 'sbtest1'...\n", nil, nil},
		{"duplicated interim line kept with a warning", v10 + iv + iv2 + iv + report, [][2]int{{1, 28}},
			[]string{"#intervals=3; warn~line 10: interim line repeats line 8"}},
		{"out-of-order interim line kept with a warning", v10 + iv2 + iv + report, [][2]int{{1, 27}},
			[]string{"#intervals=2; intervals.0.t_s=10; warn~line 9: interim line out of order: 5s after 10s"}},
		{"checkpoint report is its own run", v10 + iv + "[ 10s ] Checkpoint report:\n" + report + iv2 + report,
			[][2]int{{9, 27}, {1, 46}}, []string{"labels.checkpoint=10; threads=4; complete=true", "#intervals=2; complete=true"}},
		{"FATAL in a run", v10 + iv + "FATAL: `thread_run' function failed: /usr/share/sysbench/oltp_common.lua:419: SQL error, errno = 1146\n",
			[][2]int{{1, 9}}, []string{"complete=false; warn~line 9: sysbench: FATAL"}},
		{"threads from interim when the header is missing", iv + iv2 + report, [][2]int{{1, 20}}, []string{"threads=4; threads_from=interim"}},
		{"threads from fairness", report, [][2]int{{1, 18}}, []string{"threads=4; threads_from=fairness"}},
		{"threads from the command line", "$ sysbench oltp_read_write --threads=8 --mysql-password=secret run\n" + report, [][2]int{{2, 19}},
			[]string{"threads=8; threads_from=command; test=oltp_read_write; command=sysbench oltp_read_write --threads=8 --mysql-password=*** run"}},
		{"percentile lines of a fork", "Latency (ms):\n         min:  1.00\n         avg:  2.00\n         max:  9.00\n         95th percentile:  3.00\n         99th percentile:  4.00\n         99.9th percentile:  5.50\n         sum:  100.00\n",
			[][2]int{{1, 8}}, []string{"latency_ms.percentiles.95=3; latency_ms.percentiles.99=4; complete=false"}},
		{"percentile disabled", "Latency (ms):\n         min:  1.00\n         avg:  2.00\n         max:  9.00\n         percentile stats:               disabled\n         sum:  100.00\n",
			[][2]int{{1, 6}}, []string{"latency_ms.percentile_disabled=true; latency_ms.percentiles=null"}},
		{"gen A latencies in seconds", "Test execution summary:\n    total time:                          60.0003s\n    total number of events:              212131\n    total time taken by event execution: 59.8391s\n    per-request statistics:\n         min:                            0.0002s\n         avg:                            0.0003s\n         max:                            0.0099s\n         approx.  95 percentile:         0.0004s\n",
			[][2]int{{1, 9}}, []string{"layout=0.4-seconds; latency_ms.min=0.2; latency_ms.max=9.9; latency_ms.percentiles.95=0.4; latency_ms.sum=59839.1"}},
		{"underflow interim line dropped", "[  11s] threads: 16, tps: 18446842801212211200.00, reads: 18446842801212035072.00, writes: 18446842801212170240.00, response time: 60.10ms (95%), errors: 0.00, reconnects:  0.00\n[  12s] threads: 16, tps: 1385.03, reads: 19488.38, writes: 5540.11, response time: 15.76ms (95%), errors: 0.00, reconnects:  0.00\n",
			[][2]int{{1, 2}}, []string{"#intervals=1; intervals.0.tps=1385.03; warn~line 1: interim line dropped: impossible tps 18446842801212211200.00"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := sbParseText(t, tt.in)
			var runs []*Run
			for _, r := range d.Runs {
				if r.Tool == ToolSysbench {
					runs = append(runs, r)
				}
			}
			if len(runs) != len(tt.lines) {
				t.Fatalf("%d runs, want %d (errors %v)", len(runs), len(tt.lines), d.Errors)
			}
			for i, r := range runs {
				if r.Line != tt.lines[i][0] || r.EndLine != tt.lines[i][1] {
					t.Errorf("run %d: lines %d-%d, want %d-%d", i, r.Line, r.EndLine, tt.lines[i][0], tt.lines[i][1])
				}
				checkRun(t, r, tt.want[i])
			}
		})
	}
}

// A 0.4.12 cpu run whose clock went backwards for one operation prints a
// max latency of 2^64 ns less a little. Verbatim from
// amandarito/coen241-hw1 @ 531da1ec73176fb771e9deff58fb056998132880 —
// docker_cpu_test.txt, lines 28-56 (the second of fifteen runs).
const sb0412CPUBackwardsClock = `sysbench 0.4.12:  multi-threaded system evaluation benchmark

Running the test with following options:
Number of threads: 1

Doing CPU performance benchmark

Threads started!
WARNING: Operation time (18446744073688156160.000000) is greater than maximal counted value, counting as 10000000000000.000000
WARNING: Percentile statistics will be inaccurate
Done.

Maximum prime number checked in CPU test: 5000


Test execution summary:
    total time:                          6.1257s
    total number of events:              10000
    total time taken by event execution: 6.1200
    per-request statistics:
         min:                                  0.40ms
         avg:                                  0.61ms
         max:                            18446744073688.26ms
         approx.  95 percentile:               1.06ms

Threads fairness:
    events (avg/stddev):           10000.0000/0.00
    execution time (avg/stddev):   6.1200/0.00
`

func TestSysbenchMaxLatencyUnderflow(t *testing.T) {
	d, err := All(strings.NewReader(sb0412CPUBackwardsClock), "docker_cpu_test.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 1 || len(d.Errors) != 0 {
		t.Fatalf("%d runs, errors %v; want 1 run, no error", len(d.Runs), d.Errors)
	}
	r := d.Runs[0]
	if r.Latency.Max != nil {
		t.Errorf("latency max %v, want absent: 18446744073688.26ms is underflow garbage", *r.Latency.Max)
	}
	if r.Latency.Min == nil || *r.Latency.Min != 0.40 || r.Latency.Avg == nil || *r.Latency.Avg != 0.61 ||
		r.Latency.Percentiles["95"] != 1.06 {
		t.Errorf("latency %+v, want min 0.40, avg 0.61, p95 1.06 as printed", r.Latency)
	}
	if !r.Complete || r.EPS == nil || math.Abs(*r.EPS-10000/6.1257) > 1e-9 {
		t.Errorf("complete %v, eps %v; want a complete run, eps 10000/6.1257", r.Complete, r.EPS)
	}
	want := "line 23: latency max 18446744073688.26ms is unsigned-underflow garbage (an operation timed with a clock that went backwards); left absent"
	found := false
	for _, w := range r.Warnings {
		found = found || w == want
	}
	if !found {
		t.Errorf("warnings %q, want %q", r.Warnings, want)
	}
}

// A threads output pasted again under the fileio step (train t20, line
// 84): its own "Doing thread subsystem performance test" and "Number of
// threads: 64" say what it ran, not the fileio command above it.
func TestBannerTestOverridesCommandOfAnotherRun(t *testing.T) {
	d := parseFile(t, "../testdata/public/train/t20-sb04-duplicate-paste-zh.txt")
	var r *Run
	for _, x := range d.Runs {
		if x.Line == 84 {
			r = x
		}
	}
	if r == nil {
		t.Fatal("no run at line 84")
	}
	if r.Test != "threads" || r.Threads == nil || *r.Threads != 64 || r.Command != "" || r.Settings["file-test-mode"] != "" ||
		r.TotalTimeS == nil || *r.TotalTimeS != 0.6215 {
		t.Errorf("line 84: test %q threads %v command %q settings %v total time %v; want threads 64, no command, 0.6215 s",
			r.Test, r.Threads, r.Command, r.Settings, r.TotalTimeS)
	}
	found := false
	for _, w := range r.Warnings {
		found = found || strings.Contains(w, "not the fileio test of the command above")
	}
	if !found {
		t.Errorf("no warning naming the command set aside: %q", r.Warnings)
	}
}

// sysbench 0.4.12 outputs re-flowed by a page into paragraphs, fields
// and values split across lines (train t18): each run is read with its
// test, the threads of its own header and its figures.
func TestReflowedOutputs(t *testing.T) {
	d := parseFile(t, "../testdata/public/train/t18-reflowed-outputs.txt")
	want := []struct {
		test    string
		threads int
		total   float64
		mibs    float64
	}{{"cpu", 2, 14.1474, 0}, {"threads", 1, 2.4065, 0}, {"mutex", 64, 1.7035, 0}, {"memory", 4, 81.9545, 1249.47},
		{"fileio", 1, 300.0057, 7.2762}, {"fileio", 1, 0, 90.209}}
	if len(d.Runs) != len(want) {
		t.Fatalf("%d runs, want %d", len(d.Runs), len(want))
	}
	for i, w := range want {
		r := d.Runs[i]
		mibs := 0.0
		if r.Memory != nil && r.Memory.TransferMiBs != nil {
			mibs = *r.Memory.TransferMiBs
		}
		if r.FileIO != nil && r.FileIO.TotalMiBs != nil {
			mibs = math.Round(*r.FileIO.TotalMiBs*1e4) / 1e4
		}
		total := 0.0
		if r.TotalTimeS != nil && w.total != 0 {
			total = *r.TotalTimeS
		}
		if r.Test != w.test || r.Threads == nil || *r.Threads != w.threads || total != w.total || mibs != w.mibs {
			t.Errorf("run %d (line %d): test %q threads %v total %v MiB/s %v; want %s %d %v %v",
				i, r.Line, r.Test, r.Threads, total, mibs, w.test, w.threads, w.total, w.mibs)
		}
	}
}
