package collect

import (
	"strings"

	"github.com/sbreport/sbreport/parse"
)

// interner keeps one copy of each string it is given, copied out of the
// text it was cut from: the runs of a year of campaigns repeat the same
// commands, labels and settings, and a string cut from the parser's text
// keeps the whole window of text it was cut from alive.
type interner map[string]string

func (in interner) s(x string) string {
	if x == "" {
		return ""
	}
	if y, ok := in[x]; ok {
		return y
	}
	y := strings.Clone(x)
	in[y] = y
	return y
}

func (in interner) strs(xs []string) {
	for i, x := range xs {
		xs[i] = in.s(x)
	}
}

func (in interner) m(m map[string]string) map[string]string {
	if m == nil {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[in.s(k)] = in.s(v)
	}
	return out
}

// A Compactor makes the strings of the runs given to it shared copies,
// one for all runs (Options.Compact, for runs read otherwise: from the
// warehouse).
type Compactor struct{ in interner }

// Compact makes every string of r a shared copy; r is otherwise the same.
func (c *Compactor) Compact(r *parse.Run) {
	if c.in == nil {
		c.in = interner{}
	}
	c.in.compact(r)
}

// compact makes every string of r a shared copy (see interner); the run
// is otherwise the same.
func (in interner) compact(r *parse.Run) {
	r.Tool, r.Version, r.Layout, r.Test = in.s(r.Tool), in.s(r.Version), in.s(r.Layout), in.s(r.Test)
	r.Command, r.ThreadsFrom = in.s(r.Command), in.s(r.ThreadsFrom)
	r.Labels, r.Settings, r.LabelFrom = in.m(r.Labels), in.m(r.Settings), in.m(r.LabelFrom)
	in.strs(r.Warnings)
	in.strs(r.Captures)
	for i := range r.Columns {
		r.Columns[i].Name, r.Columns[i].Value = in.s(r.Columns[i].Name), in.s(r.Columns[i].Value)
	}
	for i := range r.Metrics {
		r.Metrics[i].Name, r.Metrics[i].Unit = in.s(r.Metrics[i].Name), in.s(r.Metrics[i].Unit)
	}
	if p := r.Latency.Percentiles; p != nil {
		q := make(map[string]float64, len(p))
		for k, v := range p {
			q[in.s(k)] = v
		}
		r.Latency.Percentiles = q
	}
	if h := r.Histogram; cap(h) > len(h) {
		// Grown by appending: up to twice the buckets' memory.
		r.Histogram = make([]parse.Bucket, len(h))
		copy(r.Histogram, h)
	}
	r.Options.RandomSource = in.s(r.Options.RandomSource)
	if m := r.Mysqlslap; m != nil {
		m.Engine, m.LoadType = in.s(m.Engine), in.s(m.LoadType)
	}
}
