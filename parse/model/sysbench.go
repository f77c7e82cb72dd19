package model

import "math"

// The figures of sysbench's output that its grammar (parse/sysbench)
// fills in: the options header, the blocks of the cumulative report,
// interim report lines and --histogram rows. parse declares Interval as a
// type of its own over this one (it keeps the JSON encoding) and the
// others as aliases.

// A Bucket is one row of a --histogram table, kept in printed order (rows
// with equal printed values are distinct buckets).
type Bucket struct {
	ValueMs float64 `json:"value_ms"`
	Count   int64   `json:"count"`
}

// An Interval is one interim report line. Absent values are NaN and
// marshal as null. Rates are per second over the interval.
type Interval struct {
	Line        int     // source line
	T           float64 // seconds since start (cumulative, as printed)
	Threads     float64 // threads running in the interval
	TPS         float64
	QPS         float64
	Reads       float64 // reads/s
	Writes      float64 // writes/s
	Other       float64 // other/s
	LatMs       float64 // latency percentile (0.00 printed for an empty interval is kept)
	LatPct      float64 // which percentile LatMs is
	ErrS        float64
	ReconnS     float64
	EPS         float64 // events/s (cpu, threads, mutex, custom)
	ReadMiBs    float64 // fileio
	WriteMiBs   float64 // fileio
	FsyncS      float64 // fileio
	MiBs        float64 // memory
	QueueLength float64 // rate mode
	Concurrency float64 // rate mode
}

// NewInterval returns an Interval at time t with every value absent.
func NewInterval(line int, t float64) Interval {
	n := math.NaN()
	return Interval{Line: line, T: t, Threads: n, TPS: n, QPS: n, Reads: n, Writes: n, Other: n,
		LatMs: n, LatPct: n, ErrS: n, ReconnS: n, EPS: n, ReadMiBs: n, WriteMiBs: n, FsyncS: n,
		MiBs: n, QueueLength: n, Concurrency: n}
}

// Options holds the sysbench options header.
type Options struct {
	ReportIntervalS *float64 `json:"report_interval_s"`
	RateTarget      *float64 `json:"rate_target"` // "Target transaction rate: N/sec"
	Seed            *int64   `json:"seed"`        // "from seed (N)"
	RandomSource    string   `json:"random_source"`
	WarmupS         *float64 `json:"warmup_s"`
	ForcedShutdownS *float64 `json:"forced_shutdown_s"`
	TimeLimitS      *float64 `json:"time_limit_s"` // from the command line (--time, --max-time)
	// MaxRequests is the event cap sysbench 0.4's OLTP test prints
	// before it starts ("Maximum number of requests for OLTP test is
	// limited to N", only when --max-requests is above 0).
	MaxRequests *int64 `json:"max_requests,omitempty"`
}

// Latency holds the cumulative latency block, in milliseconds.
type Latency struct {
	Min *float64 `json:"min"`
	Avg *float64 `json:"avg"`
	Max *float64 `json:"max"`
	Sum *float64 `json:"sum"` // "sum:" or "total time taken by event execution" ×1000
	// Percentiles maps the rank as printed ("95", "99.9") to its value.
	Percentiles map[string]float64 `json:"percentiles"`
	// PercentileDisabled is set by "percentile stats: disabled".
	PercentileDisabled bool `json:"percentile_disabled"`
}

// SQLStats holds the OLTP/SQL statistics block. Counts are as printed,
// rates are the printed "per sec." values.
type SQLStats struct {
	Read           *int64   `json:"read"`
	Write          *int64   `json:"write"`
	Other          *int64   `json:"other"`
	Total          *int64   `json:"total"`
	Transactions   *int64   `json:"transactions"`
	TransactionsPS *float64 `json:"transactions_ps"`
	Queries        *int64   `json:"queries"`
	QueriesPS      *float64 `json:"queries_ps"`
	RWRequests     *int64   `json:"rw_requests"` // 0.4/0.5 "read/write requests"
	RWRequestsPS   *float64 `json:"rw_requests_ps"`
	OtherOps       *int64   `json:"other_ops"` // 0.4/0.5 "other operations"
	OtherOpsPS     *float64 `json:"other_ops_ps"`
	IgnoredErrors  *int64   `json:"ignored_errors"`
	IgnoredErrPS   *float64 `json:"ignored_errors_ps"`
	Reconnects     *int64   `json:"reconnects"`
	ReconnectsPS   *float64 `json:"reconnects_ps"`
	Deadlocks      *int64   `json:"deadlocks"`
	DeadlocksPS    *float64 `json:"deadlocks_ps"`
	Unfinished     *int64   `json:"unfinished_on_shutdown"`
}

// Fairness holds the "Threads fairness" block.
type Fairness struct {
	EventsAvg    *float64 `json:"events_avg"`
	EventsStddev *float64 `json:"events_stddev"`
	ExecAvgS     *float64 `json:"exec_time_avg_s"`
	ExecStddevS  *float64 `json:"exec_time_stddev_s"`
}

// FileIO holds fileio results. Throughputs are MiB/s (2^20 bytes).
type FileIO struct {
	ReadsPS      *float64 `json:"reads_ps"`
	WritesPS     *float64 `json:"writes_ps"`
	FsyncsPS     *float64 `json:"fsyncs_ps"`
	ReadMiBs     *float64 `json:"read_mib_s"`
	WrittenMiBs  *float64 `json:"written_mib_s"`
	RequestsPS   *float64 `json:"requests_ps"` // 0.4 "Requests/sec executed"
	TotalMiBs    *float64 `json:"total_mib_s"` // 0.4 "Total transferred ... (X/sec)"
	ReadBytes    *float64 `json:"read_bytes"`
	WrittenBytes *float64 `json:"written_bytes"`
	ReadOps      *int64   `json:"read_ops"`
	WriteOps     *int64   `json:"write_ops"`
	OtherOps     *int64   `json:"other_ops"`
}

// Memory holds memory test results.
type Memory struct {
	Operations   *int64   `json:"operations"`
	OpsPS        *float64 `json:"ops_ps"`
	TransferMiB  *float64 `json:"transferred_mib"`
	TransferMiBs *float64 `json:"mib_s"`
}
