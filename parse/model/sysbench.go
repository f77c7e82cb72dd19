package model

import "math"

// The figures of sysbench's output that its grammar (parse/sysbench)
// reads line by line: interim report lines and --histogram rows. parse
// declares Interval as a type of its own over this one (it keeps the JSON
// encoding) and Bucket as an alias.

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
