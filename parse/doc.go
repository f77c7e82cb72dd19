// Package parse turns benchmark text into typed records. It is the second
// stage of sbreport's flow (collect → parse → analyze → render) and owns
// the data model: Run, Interval, Bucket, Host, Disk, Variables,
// TableStatus and Error (model.go). Parsers read an io.Reader and do no
// other I/O; the name they are given is used only in messages.
//
// Stream reads one input line by line. Each line is normalised (white
// space, markdown quote markers, SQL "-- " prefixes, code fences, the
// markers of a diff fence, **bold**, shell and client prompts, the
// fullwidth colon) and offered to the block
// that holds the current record; a line no block holds is offered to the
// detectors, which start a block when the line begins a record of their
// kind. So one input — a log, a terminal transcript, a page copied out of a
// blog — can hold any number of runs and captures, with prose between
// them. The command line typed before a run (sysbench, mysqlslap) is
// attached to it, passwords masked, and labels derived from its options.
//
// Stream is for text of unknown kind: every detector is tried, in a fixed
// order. When the kind of an input is known (a file sbreport run captured,
// listed by kind in its campaign manifest), a typed entry point reads it
// with that format's detectors alone (kind.go): Sysbench,
// MysqlslapOutput, MySQLCapture, Lscpu, Lsblk, Free, Meminfo, Uname,
// Vmstat, Iostat, Mpstat and Procstat.
//
// Formats (see shared/FORMATS.md in the project's workspace for every
// variant and its pitfalls):
//
//   - sysbench 0.4 to 1.1 reports, the layout decided from the block
//     labels, never from the version string; interim report lines of
//     every shape; --histogram tables (parse/sysbench, whose runs this
//     package fills through sysbench.go); report_csv and report_json hook
//     output (hook.go);
//   - mysqlslap Benchmark blocks and --csv lines (parse/mysqlslap, whose
//     runs this package fills through slap.go);
//   - hand-made summary tables: a header naming a threads column and a
//     throughput or latency column, rows until the table ends (table.go);
//   - blocks harnesses print: list rows under a header list and key=value
//     records, read as tables by parse/tabular (harness.go): every column
//     a dimension or a measurement, measurements no headline field
//     certainly means kept in Run.Metrics;
//   - lscpu text, tree and -J, lsblk text, -P and -J, free, /proc/meminfo
//     and uname -a (parse/host); vmstat, iostat, mpstat and /proc/stat
//     series (parse/sysstat);
//   - MySQL and MariaDB client output: ASCII tables, \G rows and batch
//     output of SHOW VARIABLES, SHOW GLOBAL STATUS, SHOW TABLE STATUS and
//     information_schema size queries (parse/mysqlcli, which reads the
//     statement context and emits *Variables through client.go); SHOW
//     GLOBAL STATUS snapshots of a campaign's own form are read by
//     MySQLStatus (mysqlstatus.go).
//
// Numbers are kept as printed; absent values are nil pointers (NaN inside
// an Interval) and never 0. Units are converted when parsing: latencies to
// milliseconds, sizes to bytes, throughputs are per second. Every record
// carries its source and line. Text a parser cannot read where it expects
// a value becomes an *Error naming the line and what was expected, and the
// rest of the input is still read; no input makes a parser panic (each
// has a fuzz test, with its corpus in testdata/fuzz).
package parse
