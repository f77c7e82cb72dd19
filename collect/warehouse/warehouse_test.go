package warehouse

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/collect/warehouse/whtest"
	"github.com/sbreport/sbreport/parse"
)

// open opens the test database through its URL, as the CLI does.
func open(t *testing.T, d *whtest.DB) *Warehouse {
	t.Helper()
	cfg, err := ParseURL(d.URL(), d.Password)
	if err != nil {
		t.Fatal(err)
	}
	w, err := Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	return w
}

func docJSON(t *testing.T, d *parse.Document) []byte {
	t.Helper()
	b, err := json.MarshalIndent(d, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// sameDoc fails the test unless a and b marshal to the same JSON.
func sameDoc(t *testing.T, what string, a, b *parse.Document) {
	t.Helper()
	ja, jb := docJSON(t, a), docJSON(t, b)
	if bytes.Equal(ja, jb) {
		return
	}
	la, lb := bytes.Split(ja, []byte("\n")), bytes.Split(jb, []byte("\n"))
	for i := 0; i < len(la) && i < len(lb); i++ {
		if !bytes.Equal(la[i], lb[i]) {
			t.Fatalf("%s: documents differ at JSON line %d:\nfiles:     %s\nwarehouse: %s", what, i+1, la[i], lb[i])
		}
	}
	t.Fatalf("%s: documents differ in length: %d and %d JSON lines", what, len(la), len(lb))
}

// roundTripInputs are real captures of every kind: a campaign (runs,
// status snapshots, variables, table status, hosts, manifest), the real
// sysbench 1.0.20 and MariaDB 10.11 captures, and public pastes with
// HTML, escapes and input errors.
var roundTripInputs = []string{"../../examples/demo-campaign", "../../testdata/real", "../../testdata/public"}

// TestRoundTrip: files → Store → Load gives the Document that reading the
// files gives, and storing them again adds nothing.
func TestRoundTrip(t *testing.T) {
	d := whtest.New(t)
	w := open(t, d)
	ctx := context.Background()
	want, err := collect.Load(roundTripInputs)
	if err != nil {
		t.Fatal(err)
	}
	st, err := w.Store(ctx, roundTripInputs, StoreOptions{Sbreport: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if st.Runs != len(want.Runs) || st.Unchanged != 0 {
		t.Errorf("stored %d runs (%d unchanged files), the files have %d", st.Runs, st.Unchanged, len(want.Runs))
	}
	got, err := w.Load(ctx, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	sameDoc(t, "first import", want, got.Doc)

	counts := map[string]int{}
	for _, tb := range []string{"imports", "sources", "source_lines", "runs", "run_labels", "intervals", "captures", "input_errors", "campaigns"} {
		counts[tb] = d.Count(t, tb)
	}
	st2, err := w.Store(ctx, roundTripInputs, StoreOptions{Sbreport: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if st2.Files != 0 || st2.Unchanged != st.Files {
		t.Errorf("second import stored %d files, %d unchanged; want 0 and %d", st2.Files, st2.Unchanged, st.Files)
	}
	for tb, n := range counts {
		if m := d.Count(t, tb); m != n {
			t.Errorf("second import: %s has %d rows, had %d", tb, m, n)
		}
	}
	got2, err := w.Load(ctx, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	sameDoc(t, "after the second import", want, got2.Doc)
	t.Logf("stored %d files: %d runs, %d interim points, %d captures, %d problems, %d lines", st.Files, st.Runs, st.Intervals, st.Captures, st.Errors, st.Lines)
}

// TestLoadOptions: what LoadWith reads back with the options the reading
// commands use is what a walk of the files gives with the same options:
// status snapshots reduced to a few counters (report; from the reduced
// copies stored for the same counters, or from the whole snapshots for
// others), or not read at all (compare, scale, history), with runs that
// then name no snapshot.
func TestLoadOptions(t *testing.T) {
	d := whtest.New(t)
	w := open(t, d)
	ctx := context.Background()
	keep := []string{"Questions", "Com_commit", "Innodb_rows_inserted"}
	if _, err := w.Store(ctx, roundTripInputs, StoreOptions{Sbreport: "test", StatusKeep: keep}); err != nil {
		t.Fatal(err)
	}
	var kept, whole int
	if err := w.DB.QueryRow("SELECT COUNT(*), SUM(LENGTH(kept)) < SUM(LENGTH(doc)) / 50 FROM captures WHERE kept_key = ?", keptKey(keep)).Scan(&kept, &whole); err != nil {
		t.Fatal(err)
	}
	if kept != 538 || whole != 1 {
		t.Errorf("%d status snapshots stored reduced (want 538), reduced to less than 1/50 of their size: %d", kept, whole)
	}
	other := []string{"Innodb_rows_inserted", "Bytes_sent"}
	for _, c := range []struct {
		name string
		lo   LoadOptions
		co   collect.Options
	}{
		{"StatusKeep", LoadOptions{StatusKeep: keep, Compact: true}, collect.Options{StatusKeep: keep, Compact: true}},
		{"StatusKeep in another order", LoadOptions{StatusKeep: []string{keep[2], keep[0], keep[1]}}, collect.Options{StatusKeep: keep}},
		{"StatusKeep not stored", LoadOptions{StatusKeep: other, Compact: true}, collect.Options{StatusKeep: other, Compact: true}},
		{"SkipStatus", LoadOptions{SkipStatus: true, Compact: true}, collect.Options{SkipStatus: true, Compact: true}},
	} {
		want, err := collect.LoadWith(roundTripInputs, c.co)
		if err != nil {
			t.Fatal(err)
		}
		decoded := 0
		c.lo.RunRead = func() { decoded++ }
		got, err := w.LoadWith(ctx, Filter{}, c.lo)
		if err != nil {
			t.Fatal(err)
		}
		sameDoc(t, c.name, want, got.Doc)
		if decoded != len(got.Doc.Runs) || decoded == 0 {
			t.Errorf("%s: RunRead called %d times for %d runs read", c.name, decoded, len(got.Doc.Runs))
		}
		status, named := 0, 0
		for _, v := range got.Doc.Variables {
			if v.Kind == "status" {
				status++
			}
		}
		for _, r := range got.Doc.Runs {
			named += len(r.Captures)
		}
		t.Logf("%s: %d runs naming %d captures, %d status snapshots", c.name, len(got.Doc.Runs), named, status)
		// 538 snapshots, of which the campaigns' 536 are passed over by
		// SkipStatus; the 2 left are testdata/real's, outside a campaign.
		if want := map[bool]int{false: 538, true: 2}[c.lo.SkipStatus]; status != want {
			t.Errorf("%s: %d status snapshots read back, want %d", c.name, status, want)
		}
	}
	// A filter reads the reduced copies of its inputs' snapshots (and
	// their other captures whole) in the order of the whole ones.
	f := Filter{Where: map[string][]string{"workload": {"oltp_insert"}}}
	got, err := w.LoadWith(ctx, f, LoadOptions{StatusKeep: keep})
	if err != nil {
		t.Fatal(err)
	}
	want, err := w.LoadWith(ctx, f, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range want.Doc.Variables {
		v.KeepStatus(keep)
	}
	sameDoc(t, "StatusKeep with a filter", want.Doc, got.Doc)
	if n := len(got.Doc.Variables); n == 0 || len(got.Doc.Runs) == 0 {
		t.Errorf("the filter read %d runs and %d snapshots: want some of each", len(got.Doc.Runs), n)
	}
}
