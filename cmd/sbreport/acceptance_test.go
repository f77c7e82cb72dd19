package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// expectations lists the headline numbers of testdata/public/SOURCES.md,
// checked on the output of `sbreport parse --json FILE`. Each line is
//
//	file | item | path=value; path=value ...
//
// where item is run#N, host#N, table#N (0-based, in input order) or
// vars (any variables capture of the file), and path walks the JSON
// (latency_ms.percentiles.95; "#intervals" counts the intervals). A value
// "null" means absent.
const expectations = `
sysbench-0.4/sb0.4.12-and-0.5-cpu-web-table-paste-mangled-issue231.txt | run#0 | total_time_s=34.415; events=10000; latency_ms.avg=41.27; latency_ms.percentiles.95=46.81; threads=12
sysbench-0.4/sb0.4.12-and-0.5-cpu-web-table-paste-mangled-issue231.txt | run#1 | total_time_s=18.3264; events=10000; latency_ms.avg=21.98; latency_ms.percentiles.95=22.04
sysbench-0.4/sb0.4.12-oltp-simple-ro-1thr.txt | run#0 | threads=1; tps=3535.5; qps=3535.5; sql.transactions=212131; sql.deadlocks=0; total_time_s=60.0003; events=212131; latency_ms.avg=0.28; latency_ms.percentiles.95=0.35; complete=true
sysbench-0.4/sb0.4.12-oltp-simple-ro-256thr.txt | run#0 | threads=256; tps=27836.59; sql.transactions=1670378; total_time_s=60.0066; events=1670378; latency_ms.avg=9.19; latency_ms.percentiles.95=22.65
sysbench-0.4/sb0.4.12-oltp-simple-ro-32thr-repeated-msg.txt | run#0 | threads=32; tps=22522.33; qps=22522.33; sql.transactions=1351359; total_time_s=60.0009; events=1351359; latency_ms.avg=1.42; latency_ms.percentiles.95=1.69
sysbench-0.4/sb0.4.12.10-cpu-general-statistics-layout-primer-typo.txt | run#0 | threads=1; test=cpu; total_time_s=3.6167; events=10000; latency_ms.avg=0.36; latency_ms.percentiles.95=0.59
sysbench-0.4/sb0.4.12.10-oltp-mixed-ro-4thr-general-statistics-layout.txt | run#0 | threads=4; tps=749.42; sql.transactions=44969; qps=10491.9; sql.rw_requests=629566; sql.other_ops_ps=1498.84; sql.deadlocks=0; total_time_s=60.005; events=44969; latency_ms.avg=5.33; latency_ms.percentiles.95=7.64
sysbench-0.5/sb0.5-2011-oltp-rw-16thr-nocomma-deadlocks-dup-lines.txt | run#0 | threads=16; tps=4404.08; sql.transactions=2642461; qps=79273.46; sql.deadlocks=0; total_time_s=600.0028; events=2642461; latency_ms.avg=3.63; latency_ms.percentiles.99=14.36
sysbench-0.5/sb0.5-2011-oltp-rw-32thr-3600s-deadlocks11-4digit-time.txt | run#0 | threads=32; tps=2896.68; sql.transactions=10428484; qps=52140.21; sql.deadlocks=11; total_time_s=3600.1556; events=10428484; latency_ms.avg=11.05; latency_ms.max=313015.91; latency_ms.percentiles.99=100.82; #intervals=360
sysbench-0.5/sb0.5-2012-oltp-ro-128thr-comma-p99.txt | run#0 | threads=128; tps=4327.93; sql.transactions=1307098; qps=60590.98; total_time_s=302.0148; events=1307098; latency_ms.avg=29.57; latency_ms.percentiles.99=38.36
sysbench-0.5/sb0.5-2014-oltp-rw-32thr-errors-reconnects.txt | run#0 | threads=32; tps=1528.57; sql.transactions=276702; qps=107000.75; sql.ignored_errors=3; sql.ignored_errors_ps=0.02; sql.reconnects=0; sql.deadlocks=null; total_time_s=181.0202; events=276702; latency_ms.avg=20.93; latency_ms.percentiles.95=33.93; #intervals=90
sysbench-0.5/sb0.5-oltp-10thr-p99-mixed-notes-tail-f-4digit-time.txt | run#0 | threads=10; tps=503.42; sql.transactions=906171; qps=9061.62; sql.ignored_errors=0; total_time_s=1800.0186; events=906171; latency_ms.avg=19.86; latency_ms.percentiles.99=48.04
sysbench-0.5/sb0.5-oltp-ro-16thr-2s-interval.txt | run#0 | threads=16; tps=9713.48; sql.transactions=495402; qps=97134.8; sql.ignored_errors=0; total_time_s=51.0015; events=495402; latency_ms.avg=1.65; latency_ms.percentiles.95=1.82; #intervals=25
sysbench-0.5/sb0.5-oltp-rw-1024thr-forcing-shutdown-ignored-errors-3198.txt | run#0 | threads=1024; tps=6645.96; sql.transactions=664906; qps=120107.66; sql.ignored_errors=3198; sql.ignored_errors_ps=31.97; sql.reconnects=0; total_time_s=100.0467; events=664906; latency_ms.avg=152.93; latency_ms.percentiles.95=297.23
sysbench-1.0/sb1.0.19-oltp-8thr-errs-no-colon-err-s.log | run#0 | threads=8; tps=346.07; sql.transactions=103832; qps=9910.63; sql.ignored_errors=433; sql.ignored_errors_ps=1.44; total_time_s=300.0278; events=103832; latency_ms.avg=23.11; latency_ms.percentiles.95=50.11; #intervals=60
sysbench-1.0/sb1.0.20-oltp-legacy-16thr-p99-mixed-notes-no-header.txt | run#0 | threads=16; tps=91.56; sql.transactions=164853; qps=1831.2; sql.ignored_errors=0; total_time_s=1800.4891; events=164853; latency_ms.avg=174.72; latency_ms.percentiles.99=569.67; #intervals=180
sysbench-1.0/sb1.0.20-oltp-rw-4thr-5s-interval-terminal-paste.txt | run#0 | threads=4; tps=139.27; sql.transactions=8364; qps=2785.42; total_time_s=60.0539; events=8364; latency_ms.avg=28.69; latency_ms.percentiles.95=52.89; #intervals=12; complete=true
sysbench-1.0/sb1.0.20-oltp_read_write-128thr.log | run#0 | threads=128; tps=3645.61; sql.transactions=109495; qps=72912.3; sql.ignored_errors=0; total_time_s=30.0336; events=109495; latency_ms.avg=35.09; latency_ms.percentiles.95=75.82; #intervals=30
sysbench-1.0/sb1.0.20-oltp_read_write-16thr.log | run#0 | threads=16; tps=3482.24; sql.transactions=104490; qps=69644.89; total_time_s=30.0055; events=104490; latency_ms.avg=4.59; latency_ms.percentiles.95=7.43; #intervals=30
sysbench-1.0/sb1.0.20-oltp_read_write-1thr.log | run#0 | threads=1; tps=568.75; sql.transactions=17064; qps=11375; total_time_s=30.0016; events=17064; latency_ms.avg=1.76; latency_ms.percentiles.95=1.89; #intervals=30
sysbench-1.0/sb1.0.20-oltp_read_write-32thr.log | run#0 | threads=32; tps=3580.95; sql.transactions=107466; qps=71619.04; total_time_s=30.0094; events=107466; latency_ms.avg=8.93; latency_ms.percentiles.95=13.95; #intervals=30
sysbench-1.0/sb1.0.20-oltp_read_write-64thr.log | run#0 | threads=64; tps=3630.66; sql.transactions=108991; qps=72613.17; total_time_s=30.0186; events=108991; latency_ms.avg=17.62; latency_ms.percentiles.95=32.53; #intervals=30
sysbench-1.0/sb1.0.20-oltp_read_write-8thr.log | run#0 | threads=8; tps=2905.92; sql.transactions=87192; qps=58118.47; total_time_s=30.0039; events=87192; latency_ms.avg=2.75; latency_ms.percentiles.95=3.96; #intervals=30
sysbench-1.0/sb1.0.20-two-runs-one-paste-disk-vs-tmpfs-labels-truncated.txt | run#0 | threads=10; tps=845.49; sql.transactions=12701; qps=845.49; total_time_s=15.0205; events=12701; latency_ms.avg=11.81; latency_ms.percentiles.95=26.2
sysbench-1.0/sb1.0.20-two-runs-one-paste-disk-vs-tmpfs-labels-truncated.txt | run#1 | tps=3366.33; sql.transactions=50532; qps=3366.33; total_time_s=15.0089; latency_ms.avg=null; complete=false
sysbench-1.0/sb1.0.3-oltp-rw-15thr-annotated-inline-comments-no-header.txt | run#0 | threads=15; tps=343.51; sql.transactions=41229; qps=6876.33; sql.queries=825317; sql.ignored_errors=45; sql.ignored_errors_ps=0.37; total_time_s=120.0214; events=41229; latency_ms.avg=43.66; latency_ms.percentiles.95=71.83; #intervals=12
sysbench-1.0/sb1.0.7-cpu-before-cpu-speed-section-issue140.txt | run#0 | threads=1; test=cpu; total_time_s=10.0005; events=9083; latency_ms.avg=1.1; latency_ms.percentiles.95=1.34
sysbench-1.0/sb1.0.11-rate-mode-target-tx-rate-truncated-issue305.txt | run#0 | threads=1; tps=30.94; sql.transactions=620; qps=495.03; sql.queries=9920; total_time_s=20.0378; events=620; latency_ms.min=47.84; latency_ms.avg=null; options.rate_target=100; complete=false
sysbench-1.1/sb1.1.0-afceaeb-yugabyte-fork-warmup-server-endpoint-truncated-issue12115.txt | run#0 | threads=64; tps=0.31; sql.transactions=64; qps=2.49; sql.queries=511; eps=0.3122; total_time_s=204.9643; events=64; options.warmup_s=120
sysbench-1.1/sb1.1.0-early-master-2017-general-statistics-layout-issue131.txt | run#0 | threads=1; total_time_s=10.0003; events=42530058; latency_ms.avg=0; latency_ms.percentiles.95=0
sysbench-1.1/sb1.1.0-nosha-oltp-update-non-index-4thr-terminal-paste.txt | run#0 | threads=4; tps=420.37; sql.transactions=25227; qps=420.37; eps=420.3673; total_time_s=60.0118; events=25227; latency_ms.avg=9.51; latency_ms.percentiles.95=16.12; #intervals=6
nondb/sb1.1.0-cpu-graviton2-1thr-annotated.txt | run#0 | threads=1; eps=114.0161; cpu_speed_eps=114.02; total_time_s=87.7069; events=10000; latency_ms.avg=8.77; latency_ms.percentiles.95=8.74
nondb/sb1.1.0-cpu-x86-1thr.txt | run#0 | threads=1; eps=45.3573; total_time_s=220.4715; events=10000; latency_ms.avg=22.05; latency_ms.percentiles.95=21.89
nondb/sb0.4.12-cpu-1thr.txt | run#0 | threads=1; test=cpu; total_time_s=31.174; events=10000; latency_ms.avg=3.12; latency_ms.percentiles.95=3.49
nondb/sb0.4.12-fileio-rndrd.txt | run#0 | threads=1; fileio.requests_ps=2150.66; fileio.total_mib_s=33.604; total_time_s=300.005; events=645210; latency_ms.avg=0.46; latency_ms.percentiles.95=0.96
nondb/sb0.4.12-fileio-rndwr.txt | run#0 | threads=1; fileio.requests_ps=68.33; fileio.total_mib_s=1.0677; total_time_s=300.0096; events=20500; latency_ms.avg=0.03; latency_ms.percentiles.95=0.03
nondb/sb0.4.12-memory-write-1thr.txt | run#0 | threads=1; memory.operations=104857600; memory.ops_ps=596447.76; memory.transferred_mib=102400; memory.mib_s=582.47; total_time_s=175.8035; latency_ms.percentiles.95=0
nondb/sb0.4.12-memory-zero-ops-uint64-min-latency-forum-paste-issue176.txt | run#0 | threads=1; memory.operations=0; memory.mib_s=0; total_time_s=0.0043; events=0; latency_ms.min=null
nondb/sb0.4.12-threads-64thr.txt | run#0 | threads=64; test=threads; total_time_s=8.2526; events=10000; latency_ms.avg=52.67; latency_ms.percentiles.95=144.13
nondb/sb0.4.12.10-fileio-rndrw-lowercase-reads-writes.txt | run#0 | threads=1; fileio.requests_ps=1829.89; fileio.total_mib_s=28.592; total_time_s=10.0006; events=18300; latency_ms.avg=0.09; latency_ms.percentiles.95=0.37
nondb/sb1.0-fileio-seqrewr-no-header-issue247.txt | run#0 | threads=1; fileio.reads_ps=0; fileio.writes_ps=2808.51; fileio.fsyncs_ps=3585.69; fileio.written_mib_s=43.88; total_time_s=10.0002; events=63976; latency_ms.avg=0.16; latency_ms.percentiles.95=0.62
nondb/sb1.0-prerelease-2016-fileio-rndrw-hybrid-layout-old-response-time-block-truncated-issue72.txt | run#0 | threads=8; fileio.reads_ps=8259.22; fileio.writes_ps=5499.26; fileio.fsyncs_ps=17610.85; fileio.read_mib_s=129.05; fileio.written_mib_s=85.93; total_time_s=0.7268; events=10000; latency_ms.avg=0.18; latency_ms.percentiles.95=0.54
nondb/sb1.0.11-fileio-seqrewr-histogram-tail-p99-partial-kellabyte-issue18.txt | run#0 | threads=4; fileio.reads_ps=0; fileio.writes_ps=15273; fileio.fsyncs_ps=19538.85; fileio.written_mib_s=238.64; total_time_s=10.003; events=348278; latency_ms.avg=0.11; latency_ms.percentiles.99=1.23
nondb/sb1.0.20-cpu-macos-m1-empty-histogram-p95-zero-issue479.txt | run#0 | threads=1; eps=13373155.28; total_time_s=10.0004; events=133738547; latency_ms.avg=0; latency_ms.percentiles.95=0
nondb/sb1.0.20-fileio-rndrd-direct-interim-reports-deprecated-test-warning.txt | run#0 | threads=4; fileio.reads_ps=1906.5; fileio.read_mib_s=29.79; total_time_s=10.0029; events=19074; latency_ms.avg=2.08; latency_ms.percentiles.95=1.37; #intervals=10
nondb/sb1.0.20-fileio-seqwr.txt | run#0 | threads=2; fileio.writes_ps=600.89; fileio.fsyncs_ps=12.07; fileio.written_mib_s=9.39; total_time_s=60.0028; events=36776; latency_ms.avg=3.26; latency_ms.percentiles.95=5.09
nondb/sb1.0.20-memory-16thr-zero-ops-2GiB-block-issue545.txt | run#0 | threads=16; memory.operations=0; memory.ops_ps=0; memory.mib_s=0; total_time_s=0.0008; events=0
nondb/sb1.1.0-fileio-rndrw-graviton2-iops-format.txt | run#0 | fileio.reads_ps=2366.91; fileio.read_mib_s=36.98; fileio.writes_ps=1577.94; fileio.written_mib_s=24.66; fileio.fsyncs_ps=5050.32; latency_ms.avg=0.11; latency_ms.percentiles.95=0.69
nondb/sb1.1.0-fileio-seqrd-then-seqwr-graviton2-two-reports.txt | run#0 | fileio.reads_ps=41755.7; fileio.read_mib_s=652.43; latency_ms.percentiles.95=0.02
nondb/sb1.1.0-fileio-seqrd-then-seqwr-graviton2-two-reports.txt | run#1 | fileio.writes_ps=25128.68; fileio.written_mib_s=392.64; latency_ms.percentiles.95=0.01
nondb/sb1.1.0-memory-8thr-graviton2-partial.txt | run#0 | memory.operations=89194940; memory.ops_ps=8919408.08; memory.transferred_mib=87104.43; memory.mib_s=8710.36
nondb/sb1.1.0-mutex-32thr-graviton2-p95-below-min.txt | run#0 | threads=32; eps=1.3442; total_time_s=23.8054; events=32; latency_ms.avg=23770.96; latency_ms.percentiles.95=23680.4
nondb/sb1.0.20-cpu-macos-m1-empty-histogram-p95-zero-issue479.txt | run#0 | #histogram=0
nondb/sb0.4.12-cpu-mem-fileio-multi-run-markdown-with-fio-noise.txt | run#0 | test=cpu; threads=1; total_time_s=46.2201; latency_ms.avg=4.62; latency_ms.percentiles.95=4.68
nondb/sb0.4.12-cpu-mem-fileio-multi-run-markdown-with-fio-noise.txt | run#1 | test=cpu; threads=16; total_time_s=23.1121; latency_ms.avg=36.86; latency_ms.percentiles.95=84.57
nondb/sb0.4.12-cpu-mem-fileio-multi-run-markdown-with-fio-noise.txt | run#2 | test=memory; memory.operations=10240; memory.mib_s=3875.99
nondb/sb0.4.12-cpu-mem-fileio-multi-run-markdown-with-fio-noise.txt | run#3 | test=fileio; total_time_s=300.0003; fileio.requests_ps=226.33; fileio.total_mib_s=3.5365; latency_ms.percentiles.95=0.71
sysbench-0.5/sb0.5-uint64-underflow-impossible-tps-issue14.txt | run#0 | #intervals=0; complete=false
sysbench-0.5/sb0.5-uint64-underflow-impossible-tps-issue14.txt | run#1 | intervals.0.t_s=12; intervals.0.tps=1385.03; intervals.0.reads_ps=19488.38; intervals.0.writes_ps=5540.11; intervals.0.lat_ms=15.76; intervals.0.lat_pct=95
sysbench-1.0/sb1.0-pkg-interim-lines-prefixed-with-sql-comment-dashes-readyset-issue1268.txt | run#0 | threads=32; #intervals=3; intervals.0.tps=105193.5; intervals.1.tps=105896.67; intervals.2.tps=105613.79; intervals.0.qps=105193.5; intervals.0.lat_ms=0.44; complete=false
sysbench-1.0/sb1.0-tpcc-lua-interim-err-s-no-colon-multi-second-lat-sysbench-tpcc-issue48.txt | run#0 | threads=56; intervals.0.lat_ms=2680.11; intervals.0.err_s=1; intervals.1.err_s=0; intervals.0.qps=1397.23; intervals.0.reads_ps=645.1
sysbench-1.0/sb1.0.11-report-json-hook-cumulative-invalid-json-threads0-issue194.txt | run#0 | tps=5440.06; qps=0; latency_ms.percentiles.95=1.89
sysbench-1.1/sb1.1.0-ead2689-tail-of-previous-run-then-new-run-p99-truncated-shardingsphere-issue10656.txt | run#0 | threads=12; tps=15621.88; sql.transactions=249979; qps=15621.88; intervals.0.tps=16120.65; intervals.1.tps=14966.04; intervals.2.tps=15760.83; intervals.0.lat_ms=1.44; intervals.1.lat_ms=1.64; intervals.2.lat_ms=1.42; intervals.0.lat_pct=99; complete=false
sysbench-1.1/sb1.1.0-faaff4f-oltp-ro-1thr-warmup-elided-truncated-issue311.txt | run#0 | threads=1; tps=259.39; sql.transactions=31128; qps=4150.16; sql.queries=498035; latency_ms.avg=null; complete=false
nondb/sb1.1.0-dcde0d9-2017-fileio-rndrw-warmup-interim-truncated-issue167.txt | run#0 | threads=1; options.warmup_s=30; intervals.0.read_mib_s=1.78; intervals.0.lat_ms=9.56; complete=false
nondb/sb1.0.11-fileio-histogram-head-rows-repeated-bucket-labels-truncated-kellabyte-issue18.txt | run#0 | histogram.0.value_ms=0.009; histogram.1.value_ms=0.009
mysqlslap/mysqlslap-4space-indent-inline-chinese-annotations.txt | run#0 | tool=mysqlslap; mysqlslap.avg_s=30.556; mysqlslap.min_s=30.556; mysqlslap.max_s=30.556; mysqlslap.clients=10; mysqlslap.queries_per_client=100000
mysqlslap/mysqlslap-5.7-running-for-engine-innodb-queries-per-client-zero-bingoohuang-issue118.txt | run#0 | labels.engine=innodb; mysqlslap.avg_s=0.522; mysqlslap.min_s=0.407; mysqlslap.max_s=1.165; mysqlslap.clients=100; mysqlslap.queries_per_client=0
mysqlslap/mysqlslap-5.7-tab-indented-single-run.txt | run#0 | mysqlslap.avg_s=465.992; mysqlslap.min_s=465.992; mysqlslap.max_s=465.992; mysqlslap.clients=6; mysqlslap.queries_per_client=50000
mysqlslap/mysqlslap-8.0-iterations100-min-max-differ-unknown-variable-warning.txt | run#0 | mysqlslap.avg_s=0.858; mysqlslap.min_s=0.832; mysqlslap.max_s=0.968; mysqlslap.clients=10; mysqlslap.queries_per_client=1
mysqlslap/mysqlslap-mariadb-spaces-then-tab-indent-zero-seconds-truncated-flynn-issue3291.txt | run#0 | mysqlslap.avg_s=0; mysqlslap.min_s=0; mysqlslap.max_s=0.001; mysqlslap.clients=1; mysqlslap.queries_per_client=null; complete=false
mysqlslap/mysqlslap-multi-concurrency-x-engine-6-blocks-debug-info-markdown-indented.txt | run#0 | labels.engine=myisam; mysqlslap.clients=50; mysqlslap.avg_s=0.015; mysqlslap.queries_per_client=4
mysqlslap/mysqlslap-multi-concurrency-x-engine-6-blocks-debug-info-markdown-indented.txt | run#2 | labels.engine=myisam; mysqlslap.clients=200; mysqlslap.avg_s=0.028; mysqlslap.queries_per_client=1
mysqlslap/mysqlslap-multi-concurrency-x-engine-6-blocks-debug-info-markdown-indented.txt | run#3 | labels.engine=innodb; mysqlslap.clients=50; mysqlslap.avg_s=0.112
mysqlslap/mysqlslap-multi-concurrency-x-engine-6-blocks-debug-info-markdown-indented.txt | run#5 | labels.engine=innodb; mysqlslap.clients=200; mysqlslap.avg_s=0.105
server/mysql-5.5.21-multi-resultset-ascii-show-variables-engines-table-status-myisam.txt | vars | version=5.5.21
server/mysql-5.6.5-multi-resultset-ascii-show-variables-table-status-innodb.txt | vars | version=5.6.5-m8
server/show-global-variables-like-several-mysql-prompts-query-ok.txt | vars | sync_binlog=1; innodb_flush_log_at_trx_commit=1
server/show-table-status-G-tab-mangled-indent-utf8-comment.txt | table#0 | rows=1030689; data_length=3105882112; index_length=78381056; data_free=6291456
server/show-variables-batch-tab-with-warning.txt | vars | innodb_buffer_pool_size=17179869184; innodb_flush_log_at_trx_commit=2
server/show-variables-like-version-aliyun-rds-extra-vars.txt | vars | version=5.7.25-log; innodb_version=5.7.25
server/show-variables-like-version-mysql-prompt-rows-in-set-empty-set.txt | vars | version=5.7.23-log; version_comment=MySQL Community Server (GPL)
hw/free-g-centos7-rounded-to-zero.txt | host#0 | mem_total_bytes=11811160064
hw/free-h-procps-3.2-old-with-buffers-cache-line.txt | host#0 | swap_total_bytes=2147483648
hw/free-kb-default-tab-indented-markdown-paste.txt | host#0 | mem_total_bytes=16659935232
hw/free-m-ol8-with-prompt.txt | host#0 | mem_total_bytes=2067791872; mem_available_bytes=1200619520
hw/free-m-s3-repeated-polling-blocks-truncated-issue420.txt | host#0 | mem_total_bytes=3860856832
hw/free-mlt-centos6-low-high-total-lines.txt | host#0 | mem_total_bytes=16861102080
hw/free-toybox-ohos-bytes-default-buffers-only.txt | host#0 | mem_total_bytes=2819652
hw/lscpu-J-json-flat-utillinux-2.3x-x86.json | host#0 | architecture=x86_64; cpus=4; threads_per_core=2; cores_per_socket=2; sockets=1
hw/lscpu-J-json-nested-children-utillinux-2.37-aarch64-truncated-ohai-issue1760.json | host#0 | architecture=aarch64; cpus=4; vendor=ARM
hw/lscpu-aarch64-neoverse-n1-80core.txt | host#0 | cpus=80; threads_per_core=1; cores_per_socket=80; sockets=1; cpu_model=Neoverse-N1
hw/lscpu-aarch64-neoverse-n1-cluster-socket-dash-gopsutil-pr2103.txt | host#0 | cpus=12; sockets=null
hw/lscpu-riscv64-hetero-nested-with-prompt.txt | host#0 | cpus=16; cores=16
hw/lscpu-x86-dual-socket-2numa-xeon-e5.txt | host#0 | cpus=40; threads_per_core=2; cores_per_socket=10; sockets=2; numa_nodes=2
hw/lscpu-x86-intel-n100-utillinux-2.38.txt | host#0 | cpus=4; threads_per_core=1; cores_per_socket=4; sockets=1
hw/lscpu-x86-kvm-flags-wrapped-at-terminal-width.txt | host#0 | cpus=36; threads_per_core=2; cores_per_socket=18; sockets=1
hw/lscpu-zh_CN-locale-and-free-h-mixed.txt | host#0 | cpus=48; threads_per_core=2; cores_per_socket=12; sockets=2
hw/lsblk-centos7-lvm-swap-rom-MOUNTPOINT.txt | host#0 | disks.0.name=sda; disks.0.size_bytes=42949672960
hw/lsblk-tree-mmc-zero-size-disks.txt | host#0 | disks.0.name=sda; disks.0.size_bytes=0
`

// TestParseAcceptance runs `sbreport parse --json` on each public fixture
// and checks the headline numbers that SOURCES.md lists for it.
func TestParseAcceptance(t *testing.T) {
	for _, line := range strings.Split(strings.TrimSpace(expectations), "\n") {
		parts := strings.Split(line, " | ")
		if len(parts) != 3 {
			t.Fatalf("bad expectation line %q", line)
		}
		file, item, checks := parts[0], parts[1], parts[2]
		t.Run(file+"/"+item, func(t *testing.T) {
			doc := parseJSON(t, filepath.Join("../../testdata/public", file))
			var target any
			kind, idx, _ := strings.Cut(item, "#")
			switch kind {
			case "vars":
				merged := map[string]any{}
				for _, v := range list(doc["variables"]) {
					for k, val := range v.(map[string]any)["values"].(map[string]any) {
						merged[k] = val
					}
				}
				target = merged
			default:
				key := map[string]string{"run": "runs", "host": "hosts", "table": "tables"}[kind]
				items := list(doc[key])
				n, _ := strconv.Atoi(idx)
				if n >= len(items) {
					t.Fatalf("%d %s found, want item #%d", len(items), key, n)
				}
				target = items[n]
			}
			for _, c := range strings.Split(checks, "; ") {
				path, want, _ := strings.Cut(c, "=")
				got, ok := lookup(target, path)
				if !ok {
					t.Errorf("%s: missing (want %s)", path, want)
					continue
				}
				if !sameValue(got, want) {
					t.Errorf("%s = %v, want %s", path, show(got), want)
				}
			}
		})
	}
}

func parseJSON(t *testing.T, path string) map[string]any {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run([]string{"parse", "--json", path}, &out, &errOut)
	if err != nil && !strings.Contains(err.Error(), errPartial.Error()) {
		t.Fatalf("parse: %v\n%s", err, errOut.String())
	}
	var doc map[string]any
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatalf("output is not one JSON document: %v\n%s", err, out.String())
	}
	return doc
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}

// lookup walks a dotted path; "#name" is the length of a list.
func lookup(v any, path string) (any, bool) {
	count := strings.HasPrefix(path, "#")
	path = strings.TrimPrefix(path, "#")
	for _, k := range strings.Split(path, ".") {
		switch x := v.(type) {
		case map[string]any:
			val, ok := x[k]
			if !ok {
				// "latency_ms.percentiles.95" keys may hold a dot ("99.9"); ours don't.
				return nil, false
			}
			v = val
		case []any:
			i, err := strconv.Atoi(k)
			if err != nil || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	if count {
		return float64(len(list(v))), true
	}
	return v, true
}

func sameValue(got any, want string) bool {
	switch g := got.(type) {
	case nil:
		return want == "null"
	case float64:
		w, err := strconv.ParseFloat(want, 64)
		return err == nil && math.Abs(g-w) <= 1e-9*math.Max(1, math.Abs(w))
	case bool:
		return fmt.Sprint(g) == want
	case string:
		return g == want
	}
	return false
}

func show(v any) string {
	if f, ok := v.(float64); ok {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}
