package main

import (
	"fmt"
	"math"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/sbreport/sbreport/analyze"
)

// demoCampaign is the campaign sbreport demo reports on.
var demoCampaign = filepath.Join("..", "..", "examples", "demo-campaign")

// copiesOf copies the demo campaign n times into one new directory, as
// a year of identical nightly campaigns would be kept: dir/c1, dir/c2...
func copiesOf(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	for i := 1; i <= n; i++ {
		copyTree(t, demoCampaign, filepath.Join(dir, fmt.Sprint("c", i)))
	}
	return dir
}

// analyseDir reads dir as report does and analyses it with the defaults.
func analyseDir(t *testing.T, verb, dir string) *analyze.Analysis {
	t.Helper()
	var in inputFlags
	doc, timeOf, err := in.read(verb, nil, []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Errors) > 0 {
		t.Fatalf("%s: %d errors, the first %v", dir, len(doc.Errors), doc.Errors[0])
	}
	return analyze.Analyze(doc, analyze.Options{History: &analyze.HistoryOptions{TimeOf: timeOf}})
}

// TestCopiesGiveTheSameCells: the demo campaign copied seven times is
// seven times the runs of the same cells, and each cell's centre is the
// one of a single copy (the copies are identical runs). The counters'
// deltas per transaction, taken from the status snapshots reduced as
// they are read, are the ones of the whole snapshots.
func TestCopiesGiveTheSameCells(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the demo campaign eight times")
	}
	one := analyseDir(t, "report", demoCampaign)
	whole := analyseDir(t, "parse", demoCampaign) // every status value kept
	if len(one.Counters) == 0 {
		t.Fatal("no counters from the demo campaign's status snapshots")
	}
	if !reflect.DeepEqual(one.Counters, whole.Counters) {
		t.Errorf("counters from reduced snapshots differ from the whole ones:\n%+v\n%+v", one.Counters, whole.Counters)
	}
	seven := analyseDir(t, "report", copiesOf(t, 7))
	if got, want := seven.Dataset.RunCount(), 7*one.Dataset.RunCount(); got != want || want != 7*180 {
		t.Fatalf("%d runs from 7 copies, want 7 × %d (180)", got, one.Dataset.RunCount())
	}
	r1, r7 := one.Comparison.Rows, seven.Comparison.Rows
	if len(r1) != len(r7) || len(r1) == 0 {
		t.Fatalf("%d rows from 7 copies, %d from one", len(r7), len(r1))
	}
	for i := range r1 {
		a, b := r1[i], r7[i]
		if a.Workload != b.Workload || *a.Threads != *b.Threads || a.System != b.System || b.N != 7*a.N {
			t.Fatalf("row %d: %s %d %s n=%d from 7 copies, %s %d %s n=%d from one", i,
				b.Workload, *b.Threads, b.System, b.N, a.Workload, *a.Threads, a.System, a.N)
		}
		if a.Center == nil || b.Center == nil || math.Abs(*a.Center-*b.Center) > 1e-9*math.Abs(*a.Center) {
			t.Errorf("%s %d %s: centre %v from 7 copies, %v from one", a.Workload, *a.Threads, a.System, *b.Center, *a.Center)
		}
	}
	if len(seven.Counters) != len(one.Counters) {
		t.Fatalf("%d counter rows from 7 copies, %d from one", len(seven.Counters), len(one.Counters))
	}
	for i, c := range one.Counters {
		for k, v := range c.PerTx {
			if w := seven.Counters[i].PerTx[k]; math.Abs(w-v) > 1e-9*math.Abs(v) {
				t.Errorf("%s %s %s: %g per transaction from 7 copies, %g from one", c.System, c.Workload, k, w, v)
			}
		}
	}
}

// TestCopiesFromTheWarehouse: the demo campaign copied seven times and
// stored gives, read back as report and as compare read it (--db), the
// cells the files give: the same rows with the same runs and centres,
// and the same counters per transaction (from the status snapshots
// stored reduced).
func TestCopiesFromTheWarehouse(t *testing.T) {
	if testing.Short() {
		t.Skip("stores the demo campaign seven times")
	}
	d := warehouseDB(t)
	dir := copiesOf(t, 7)
	mustStore(t, d.URL(), dir)
	for _, verb := range []string{"report", "compare"} {
		files := analyseDir(t, verb, dir)
		in := inputFlags{db: d.URL()}
		doc, timeOf, err := in.read(verb, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		db := analyze.Analyze(doc, analyze.Options{History: &analyze.HistoryOptions{TimeOf: timeOf}})
		if got := db.Dataset.RunCount(); got != 7*180 || got != files.Dataset.RunCount() {
			t.Fatalf("%s: %d runs from the warehouse, %d from the files, want 1260", verb, got, files.Dataset.RunCount())
		}
		rf, rd := files.Comparison.Rows, db.Comparison.Rows
		if len(rf) != len(rd) || len(rf) == 0 {
			t.Fatalf("%s: %d rows from the warehouse, %d from the files", verb, len(rd), len(rf))
		}
		for i := range rf {
			a, b := rf[i], rd[i]
			if a.Workload != b.Workload || *a.Threads != *b.Threads || a.System != b.System || a.N != b.N || a.N%7 != 0 {
				t.Fatalf("%s row %d: %s %d %s n=%d from the warehouse, %s %d %s n=%d from the files", verb, i,
					b.Workload, *b.Threads, b.System, b.N, a.Workload, *a.Threads, a.System, a.N)
			}
			if a.Center == nil || b.Center == nil || *a.Center != *b.Center {
				t.Errorf("%s %s %d %s: centre %v from the warehouse, %v from the files", verb, a.Workload, *a.Threads, a.System, b.Center, a.Center)
			}
		}
		if verb == "compare" {
			continue // no server counter read
		}
		if len(files.Counters) == 0 || len(db.Counters) != len(files.Counters) {
			t.Fatalf("%d counter rows from the warehouse, %d from the files", len(db.Counters), len(files.Counters))
		}
		for i, c := range files.Counters {
			if !reflect.DeepEqual(c.PerTx, db.Counters[i].PerTx) {
				t.Errorf("%s %s: per transaction %v from the warehouse, %v from the files", c.System, c.Workload, db.Counters[i].PerTx, c.PerTx)
			}
		}
	}
}
