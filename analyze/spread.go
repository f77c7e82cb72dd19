package analyze

import (
	"math"
	"sort"
)

// The spread of repeats that charts draw: computed here, as every other
// figure a report shows, so render only lays it out.

// A Trace is one run's values over time: seconds since its start and the
// value reported for the interval ending then.
type Trace struct {
	System string
	T, Y   []float64
}

// A Spread is one system's runs over time: at each time some run
// reported, the median of the runs' values there and the lowest and
// highest of them.
type Spread struct {
	System         string
	Runs           int
	T              []float64 // ascending
	Median, Lo, Hi []float64
}

// Spreads gathers traces by system, in order of first appearance.
// Interim reports come at the same offsets in runs with the same
// --report-interval, so values are matched by their time. Non-finite
// points are left out.
func Spreads(ts []Trace) []Spread {
	type acc struct {
		at   map[float64][]float64
		runs int
	}
	var order []string
	by := map[string]*acc{}
	for _, tr := range ts {
		a := by[tr.System]
		if a == nil {
			a = &acc{at: map[float64][]float64{}}
			by[tr.System] = a
			order = append(order, tr.System)
		}
		n := 0
		for i := range tr.T {
			if i < len(tr.Y) && !math.IsNaN(tr.T[i]) && !math.IsInf(tr.T[i], 0) && !math.IsNaN(tr.Y[i]) && !math.IsInf(tr.Y[i], 0) {
				a.at[tr.T[i]] = append(a.at[tr.T[i]], tr.Y[i])
				n++
			}
		}
		if n > 0 {
			a.runs++
		}
	}
	var out []Spread
	for _, sys := range order {
		a := by[sys]
		if a.runs == 0 {
			continue
		}
		s := Spread{System: sys, Runs: a.runs}
		for t := range a.at {
			s.T = append(s.T, t)
		}
		sort.Float64s(s.T)
		for _, t := range s.T {
			ys := a.at[t]
			lo, hi := ys[0], ys[0]
			for _, y := range ys {
				lo, hi = math.Min(lo, y), math.Max(hi, y)
			}
			s.Median = append(s.Median, SummarizeMedian(ys, 0.95).Center)
			s.Lo, s.Hi = append(s.Lo, lo), append(s.Hi, hi)
		}
		out = append(out, s)
	}
	return out
}

// RepeatRange returns the lowest and highest latency at the percentile
// rank ("95") printed by the runs of a cell, and how many printed it; NaN
// bounds when fewer than two did.
func RepeatRange(c *Cell, rank string) (lo, hi float64, n int) {
	lo, hi = math.NaN(), math.NaN()
	if c == nil {
		return lo, hi, 0
	}
	for _, r := range c.Runs {
		v, ok := r.LatencyPct(rank)
		if !ok || math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		if n == 0 || v < lo {
			lo = v
		}
		if n == 0 || v > hi {
			hi = v
		}
		n++
	}
	if n < 2 {
		return math.NaN(), math.NaN(), n
	}
	return lo, hi, n
}
