package analyze

import (
	"github.com/sbreport/sbreport/parse"
)

// GroupOptions controls how runs are grouped.
type GroupOptions struct {
	// By is the label key that names the system ("engine", "version").
	// Besides labels it may be "version" (the sysbench banner), "source"
	// (the input name) or "tool". Empty: chosen by ChooseBy.
	By string
	// ClientGroup is the label key marking runs that drove one system at
	// the same time from several sysbench processes; runs sharing a value
	// are merged into one (MergeClients). Empty means "client_group".
	ClientGroup string
}

// A Key identifies a cell: the runs in one cell are repeats.
type Key struct {
	System   string `json:"system"`
	Workload string `json:"workload"`
	// Threads is the configured thread count (summed over the clients of
	// a merged run); 0 when unknown.
	Threads int `json:"threads"`
}

// A Cell holds the repeats of one system × workload × threads.
type Cell struct {
	Key
	Runs []*parse.Run `json:"-"`
	// Merged counts, for each run of Runs, how many client runs it was
	// merged from (1 for an ordinary run).
	Merged []int `json:"merged"`
	// PercentileUpperBound is set when a merged run's percentiles are the
	// maximum of its clients' (no histograms to merge): an upper bound.
	PercentileUpperBound bool     `json:"percentile_upper_bound"`
	Warnings             Warnings `json:"warnings"`
}

// A Dataset is the grouped runs of an analysis.
type Dataset struct {
	// By is the key that named the systems ("" when every run belongs to
	// one system, which is then called "all").
	By        string   `json:"by"`
	Systems   []string `json:"systems"`   // in order of first appearance
	Workloads []string `json:"workloads"` // in order of first appearance
	// Cells are ordered by workload, then threads, then system (each in
	// the orders above).
	Cells    []*Cell  `json:"cells"`
	Warnings Warnings `json:"warnings"`
}

// ByAutoKeys lists the label keys tried first, in order, when choosing
// the system key automatically.
var ByAutoKeys = []string{"system", "engine", "version", "build", "config", "host", "server"}

// nonSystemKeys are labels that vary within one system's campaign and
// never name it.
var nonSystemKeys = map[string]bool{
	"workload": true, "test": true, "threads": true, "run": true, "repeat": true,
	"rep": true, "iteration": true, "client": true, "client_group": true, "time": true,
	"date": true, "seed": true,
}

// ChooseBy returns the key that names systems when none is given: the
// first of ByAutoKeys whose label takes two or more values among the runs,
// else another label (not a workload, thread or repeat label) that does,
// the one with the fewest values, ties broken by name; else "version"
// when banners differ; else "" (one system).
func ChooseBy(runs []*parse.Run) string { panic("todo") }

// SystemOf returns the run's system under key by ("all" when by is "",
// "?" when the run lacks the key).
func SystemOf(r *parse.Run, by string) string { panic("todo") }

// WorkloadOf returns the run's workload: the "workload" label, else the
// test, else the mysqlslap load type, else "?".
func WorkloadOf(r *parse.Run) string { panic("todo") }

// Group merges multi-client runs, then sorts the runs into cells.
func Group(runs []*parse.Run, opts GroupOptions) *Dataset { panic("todo") }

// Cell returns the cell with key k, or nil.
func (d *Dataset) Cell(k Key) *Cell { panic("todo") }

// MergeClients merges runs made at the same time by several sysbench
// processes against one system into one run: throughputs and counts are
// summed, the average latency is the sum of the latency sums over the sum
// of events, min and max are the extremes, and percentiles come from the
// merged histograms when every client printed one; otherwise they are the
// maximum of the clients' percentiles and upperBound is true. Interim
// intervals are summed where every client reported the same time.
func MergeClients(runs []*parse.Run) (merged *parse.Run, upperBound bool, warn Warnings) {
	panic("todo")
}
