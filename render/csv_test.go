package render

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"
)

// TestCSVNamedMetrics: a LISAv2 memcached summary (microsoft/lisa #914)
// gives three runs whose ops rate no headline field certainly means; it
// is kept under its own name and unit, and runs.csv has a column for it
// with each run's value (10,024.99, 22,113.13, 51,091.53 ops/s). The
// demo's runs carry none and get no such column.
func TestCSVNamedMetrics(t *testing.T) {
	doc := load(t, "../parse/tabular/testdata/lisa914-memcached-key-value-excerpt.txt")
	var b bytes.Buffer
	if err := CSV(&b, doc, nil); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil || len(rows) != 4 {
		t.Fatalf("runs.csv: %d rows, %v", len(rows), err)
	}
	col := -1
	for i, h := range rows[0] {
		if h == "metric AverageOpsPerSec (/s)" {
			col = i
		}
	}
	if col < 0 {
		t.Fatalf("runs.csv header %q lacks the named metric", rows[0])
	}
	for i, want := range []string{"10024.99", "22113.13", "51091.53"} {
		if rows[i+1][col] != want {
			t.Errorf("run %d: %q, want %s", i+1, rows[i+1][col], want)
		}
	}
	b.Reset()
	if err := CSV(&b, load(t, "../examples/demo-campaign"), nil); err != nil {
		t.Fatal(err)
	}
	if head, _, _ := strings.Cut(b.String(), "\n"); strings.Contains(head, "metric ") {
		t.Errorf("demo runs.csv header %q has a named-metric column", head)
	}
}
