package collect

import (
	"encoding/binary"
	"hash/maphash"
	"maps"
	"slices"
	"strings"

	"github.com/sbreport/sbreport/parse"
)

// interner keeps one copy of each string it is given, copied out of the
// text it was cut from: the runs of a year of campaigns repeat the same
// commands, labels and settings, and a string cut from the parser's text
// keeps the whole window of text it was cut from alive. It keeps one map
// of each set of labels, settings or values too: every copy of a campaign
// labels its runs and their snapshots alike. A map it returns is shared
// by every run or capture with the same entries in that field: a label
// set on one run is set on all that share its map.
type interner struct {
	str  map[string]string
	maps map[sharedKey]map[string]string
	seed maphash.Seed
}

// A sharedKey is the field a shared map is of (a run's labels, its
// settings, ...) and the hash of its entries (mapHash): a map is shared
// only by the values of one field, so that setting a run's label
// changes no capture's.
type sharedKey struct {
	field int
	hash  uint64
}

// The fields of shared maps.
const (
	runLabels = iota
	runSettings
	runLabelFrom
	capturesLabels
	variablesValues
)

func newInterner() *interner {
	return &interner{str: map[string]string{}, maps: map[sharedKey]map[string]string{}, seed: maphash.MakeSeed()}
}

func (in *interner) s(x string) string {
	if x == "" {
		return ""
	}
	if y, ok := in.str[x]; ok {
		return y
	}
	y := strings.Clone(x)
	in.str[y] = y
	return y
}

func (in *interner) strs(xs []string) {
	for i, x := range xs {
		xs[i] = in.s(x)
	}
}

// m returns a map with the entries of m, the one it returned before for
// the same entries of the same field.
func (in *interner) m(field int, m map[string]string) map[string]string {
	if m == nil {
		return nil
	}
	h := sharedKey{field, in.mapHash(m)}
	if y, ok := in.maps[h]; ok && maps.Equal(y, m) {
		return y
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[in.s(k)] = in.s(v)
	}
	if _, taken := in.maps[h]; !taken {
		in.maps[h] = out
	}
	return out
}

// mapHash hashes the entries of m in the order of their keys.
func (in *interner) mapHash(m map[string]string) uint64 {
	var buf [16]string
	keys := buf[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var h maphash.Hash
	h.SetSeed(in.seed)
	var n [binary.MaxVarintLen64]byte
	for _, k := range keys {
		h.Write(binary.AppendUvarint(n[:0], uint64(len(k))))
		h.WriteString(k)
		v := m[k]
		h.Write(binary.AppendUvarint(n[:0], uint64(len(v))))
		h.WriteString(v)
	}
	return h.Sum64()
}

// capture makes the labels and statement of a status snapshot or
// variables capture, and the labels of a table's status, shared copies;
// a SHOW VARIABLES capture's values are shared with every capture of the
// same values (the copies of one campaign).
func (in *interner) capture(it parse.Item) {
	switch v := it.(type) {
	case *parse.Variables:
		v.Statement, v.Kind = in.s(v.Statement), in.s(v.Kind)
		v.Labels = in.m(capturesLabels, v.Labels)
		if v.Values != nil && v.Kind != "status" {
			v.Values = in.m(variablesValues, v.Values)
		}
	case *parse.TableStatus:
		v.Labels = in.m(capturesLabels, v.Labels)
	}
}

// A Compactor makes the strings of the runs given to it shared copies,
// one for all runs (Options.Compact, for runs read otherwise: from the
// warehouse).
type Compactor struct{ in *interner }

// Compact makes every string of r a shared copy, and its maps of labels
// and settings shared with the runs that have the same; r is otherwise
// the same.
func (c *Compactor) Compact(r *parse.Run) {
	if c.in == nil {
		c.in = newInterner()
	}
	c.in.compact(r)
}

// CompactCapture does for a capture what Compact does for a run: its
// labels shared with the captures that have the same, its strings with
// all (status snapshots, variables and table status; other items are
// left alone).
func (c *Compactor) CompactCapture(it parse.Item) {
	if c.in == nil {
		c.in = newInterner()
	}
	c.in.capture(it)
}

// compact makes every string of r a shared copy (see interner); the run
// is otherwise the same.
func (in *interner) compact(r *parse.Run) {
	r.Tool, r.Version, r.Layout, r.Test = in.s(r.Tool), in.s(r.Version), in.s(r.Layout), in.s(r.Test)
	r.Command, r.ThreadsFrom = in.s(r.Command), in.s(r.ThreadsFrom)
	r.Labels, r.Settings, r.LabelFrom = in.m(runLabels, r.Labels), in.m(runSettings, r.Settings), in.m(runLabelFrom, r.LabelFrom)
	in.strs(r.Warnings)
	if c := r.Captures; cap(c) > len(c) {
		// Grown by appending (nine captures a run of a campaign: room
		// for sixteen).
		r.Captures = slices.Clone(c)
	}
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
