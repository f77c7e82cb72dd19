package analyze

import (
	"math"
	"strconv"
	"strings"

	"github.com/sbreport/sbreport/parse"
)

// ServerCounters are the SHOW GLOBAL STATUS counters that say how a server
// did the work of a transaction, in the order reports list them. Only the
// ones a capture holds, and that moved, are reported.
var ServerCounters = []string{
	"Questions", "Handler_read_key", "Handler_read_next", "Handler_write", "Handler_update", "Handler_delete",
	"Innodb_buffer_pool_read_requests", "Innodb_buffer_pool_reads", "Innodb_data_written", "Innodb_os_log_written",
	"Rocksdb_rows_read", "Rocksdb_rows_inserted", "Rocksdb_rows_updated", "Rocksdb_block_cache_miss", "Rocksdb_bytes_written",
	"Aria_pagecache_read_requests", "Aria_pagecache_reads", "Aria_pagecache_writes",
	"Binlog_bytes_written", "Bytes_sent", "Bytes_received",
}

// A CounterRow is the mean change of each server counter per transaction
// (per event for non-transactional tests) over the runs of one system and
// workload that have a SHOW GLOBAL STATUS snapshot before and after them.
type CounterRow struct {
	System   string             `json:"system"`
	Workload string             `json:"workload"`
	Runs     int                `json:"runs"`
	PerTx    map[string]float64 `json:"per_transaction"`
}

// Counters pairs the before and after SHOW GLOBAL STATUS captures of each
// run (the two snapshots of one file, told apart by their statements'
// "before"/"after", else by order) with the run whose labels they carry
// (system, workload, threads, repeat), and averages the counters' changes
// per transaction by system and workload, in dataset order. A counter
// that went down (a server restart) drops that run, with a warning.
func Counters(vars []*parse.Variables, d *Dataset) ([]CounterRow, Warnings) {
	var warns Warnings
	type pair struct{ before, after *parse.Variables }
	pairs := map[string]*pair{}
	var order []string
	for _, v := range vars {
		if v.Kind != "status" {
			continue
		}
		p := pairs[v.Source]
		if p == nil {
			p = &pair{}
			pairs[v.Source] = p
			order = append(order, v.Source)
		}
		stmt := strings.ToLower(v.Statement)
		switch {
		case strings.Contains(stmt, "before"):
			p.before = v
		case strings.Contains(stmt, "after"):
			p.after = v
		case p.before == nil:
			p.before = v
		default:
			p.after = v
		}
	}
	// The run each snapshot pair belongs to, by its labels.
	key := func(l map[string]string, system string) string {
		return system + "\x00" + l["workload"] + "\x00" + l["threads"] + "\x00" + l["repeat"]
	}
	runs := map[string]*parse.Run{}
	for _, c := range d.Cells {
		for _, r := range c.Runs {
			if r.Labels["repeat"] != "" {
				runs[key(r.Labels, c.System)] = r
			}
		}
	}
	type acc struct {
		n    int
		sums map[string]float64
	}
	accs := map[Key]*acc{}
	for _, src := range order {
		p := pairs[src]
		if p.before == nil || p.after == nil {
			continue
		}
		r := runs[key(p.after.Labels, systemLabel(p.after.Labels, d.By))]
		if r == nil {
			continue
		}
		tx := transactions(r)
		if !(tx > 0) {
			continue
		}
		deltas := map[string]float64{}
		ok := true
		for _, name := range ServerCounters {
			b, okb := counterValue(p.before, name)
			a, oka := counterValue(p.after, name)
			if !okb || !oka {
				continue
			}
			if a < b {
				warns.addf("%s: %s went down from %g to %g (server restarted?): run left out of the counters", src, name, b, a)
				ok = false
				break
			}
			deltas[name] = (a - b) / tx
		}
		if !ok || len(deltas) == 0 {
			continue
		}
		k := d.KeyOf(r)
		k.Threads = 0
		ac := accs[k]
		if ac == nil {
			ac = &acc{sums: map[string]float64{}}
			accs[k] = ac
		}
		ac.n++
		for n, v := range deltas {
			ac.sums[n] += v
		}
	}
	var rows []CounterRow
	for _, w := range d.Workloads {
		for _, s := range d.Systems {
			ac := accs[Key{System: s, Workload: w}]
			if ac == nil {
				continue
			}
			row := CounterRow{System: s, Workload: w, Runs: ac.n, PerTx: map[string]float64{}}
			for n, sum := range ac.sums {
				row.PerTx[n] = sum / float64(ac.n)
			}
			rows = append(rows, row)
		}
	}
	return rows, warns
}

// systemLabel names the system of a capture's labels under key by.
func systemLabel(l map[string]string, by string) string {
	if by == "" {
		return "all"
	}
	if v := l[by]; v != "" {
		return v
	}
	return "?"
}

// transactions is what a run's counters are divided by: its transactions,
// else its events.
func transactions(r *parse.Run) float64 {
	if r.SQL != nil && r.SQL.Transactions != nil {
		return float64(*r.SQL.Transactions)
	}
	if r.Events != nil {
		return float64(*r.Events)
	}
	return math.NaN()
}

// counterValue reads a numeric status value ("12345").
func counterValue(vars *parse.Variables, name string) (float64, bool) {
	s, ok := vars.Value(name)
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, false
	}
	return v, true
}
