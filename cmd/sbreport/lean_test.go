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
