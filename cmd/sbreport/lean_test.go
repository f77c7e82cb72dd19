package main

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/analyze"
)

// TestLeanReadKeepsClientHistograms: compare, scale and history let a
// run's latency histogram go as it is read unless the analysis merges it
// with the other clients of one run. The demo campaign's runs (one client
// each) lose theirs and compare the same; the clients campaign's runs
// (two sysbench processes a run, tied by client_group) keep theirs, and
// the merged runs' percentiles still come from the merged histograms, as
// when everything is kept.
func TestLeanReadKeepsClientHistograms(t *testing.T) {
	clients := filepath.Join("..", "..", "testdata", "real", "clients-campaign")
	for _, c := range []struct {
		dir        string
		histograms bool // the lean read keeps every run's
	}{{demoCampaign, false}, {clients, true}} {
		var in inputFlags
		full, _, err := in.read("report", nil, []string{c.dir})
		if err != nil {
			t.Fatal(err)
		}
		lean, _, err := in.read("compare", nil, []string{c.dir})
		if err != nil {
			t.Fatal(err)
		}
		if len(lean.Runs) != len(full.Runs) || len(full.Runs) == 0 {
			t.Fatalf("%s: %d runs read for compare, %d for report", c.dir, len(lean.Runs), len(full.Runs))
		}
		for i, r := range lean.Runs {
			if len(full.Runs[i].Histogram) == 0 {
				t.Fatalf("%s: run %s:%d has no histogram to begin with", c.dir, r.Source, r.Line)
			}
			if got := len(r.Histogram) > 0; got != c.histograms {
				t.Errorf("%s: run %s:%d keeps its histogram: %v, want %v", c.dir, r.Source, r.Line, got, c.histograms)
			}
		}
		opts := analyze.CompareOptions{Confidence: 0.95, Alpha: 0.05}
		a := analyze.CompareWorkloads(analyze.Group(full.Runs, analyze.GroupOptions{}), opts)
		b := analyze.CompareWorkloads(analyze.Group(lean.Runs, analyze.GroupOptions{}), opts)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: the comparison of the lean read differs from the full one", c.dir)
		}
		if c.histograms {
			for _, w := range b.Warnings.Strings() {
				if strings.Contains(w, "without histograms") {
					t.Errorf("%s: %s", c.dir, w)
				}
			}
		}
	}
}

// TestLoadSpoolsSeries: compare and scale keep the runs' interim reports
// (and the clients campaign's histograms) in a spool as they are read,
// as report does, not in memory; the comparison made from the runs read
// so is the one made from runs that hold their series.
func TestLoadSpoolsSeries(t *testing.T) {
	clients := filepath.Join("..", "..", "testdata", "real", "clients-campaign")
	for _, verb := range []string{"compare", "scale"} {
		for _, dir := range []string{demoCampaign, clients} {
			var whole inputFlags
			full, _, err := whole.read(verb, nil, []string{dir})
			if err != nil {
				t.Fatal(err)
			}
			var in inputFlags
			var stderr strings.Builder
			doc, spool, err := load(verb, nil, &in, []string{dir}, &stderr)
			if err != nil {
				t.Fatal(err)
			}
			kept := 0
			for i, r := range doc.Runs {
				if n := len(full.Runs[i].Intervals); n > 0 {
					if r.Intervals != nil || r.NumIntervals() != n {
						t.Fatalf("%s %s: run %s:%d holds %d interim reports in memory, NumIntervals %d, want none and %d",
							verb, dir, r.Source, r.Line, len(r.Intervals), r.NumIntervals(), n)
					}
					kept++
				}
			}
			if kept == 0 {
				t.Fatalf("%s %s: no run with interim reports", verb, dir)
			}
			opts := analyze.CompareOptions{Confidence: 0.95, Alpha: 0.05}
			a := analyze.CompareWorkloads(analyze.Group(full.Runs, analyze.GroupOptions{}), opts)
			b := analyze.CompareWorkloads(analyze.Group(doc.Runs, analyze.GroupOptions{}), opts)
			if !reflect.DeepEqual(a, b) {
				t.Errorf("%s %s: the comparison of the runs read through the spool differs", verb, dir)
			}
			if err := spool.Err(); err != nil {
				t.Fatal(err)
			}
			spool.Close()
		}
	}
}
