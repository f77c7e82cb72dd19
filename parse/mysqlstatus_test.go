package parse

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// statusKeep are counters a report reads, one of them (Rocksdb_rows_read)
// absent from an InnoDB-only server's snapshot.
var statusKeep = []string{"Questions", "Handler_read_key", "Innodb_buffer_pool_reads", "Rocksdb_rows_read", "Bytes_sent"}

// viaCapture is what MySQLStatus must give: MySQLCapture's items, status
// snapshots reduced to keep.
func viaCapture(t *testing.T, text []byte, keep []string) []Item {
	t.Helper()
	var items []Item
	if err := MySQLCapture(bytes.NewReader(text), "in.txt", func(it Item) {
		if v, ok := it.(*Variables); ok {
			v.KeepStatus(keep)
		}
		items = append(items, it)
	}); err != nil {
		t.Fatal(err)
	}
	return items
}

func viaStatus(t *testing.T, text []byte, keep []string) []Item {
	t.Helper()
	var items []Item
	if err := MySQLStatus(bytes.NewReader(text), "in.txt", keep, func(it Item) { items = append(items, it) }); err != nil {
		t.Fatal(err)
	}
	return items
}

func sameItems(t *testing.T, what string, text []byte) {
	t.Helper()
	for _, keep := range [][]string{nil, statusKeep} {
		want, got := viaCapture(t, text, keep), viaStatus(t, text, keep)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s (keep %v): MySQLStatus gives\n%s\nMySQLCapture\n%s", what, keep != nil, dumpItems(got), dumpItems(want))
		}
	}
}

func dumpItems(items []Item) string {
	var b strings.Builder
	for _, it := range items {
		switch v := it.(type) {
		case *Variables:
			b.WriteString(strings.Join([]string{v.Source, v.Statement, v.Kind}, " | "))
			b.WriteString(" line ")
			b.WriteString(string(rune('0' + v.Line%10)))
			for _, k := range statusKeep {
				x, _ := v.Value(k)
				b.WriteString(" " + k + "=" + x)
			}
		case *Error:
			b.WriteString("error: " + v.Error())
		}
		b.WriteString("\n")
	}
	return b.String()
}

func gunzip(t *testing.T, p string) []byte {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestMySQLStatusDemoSnapshots: every snapshot of the demo campaign (taken
// by sbreport run from MariaDB 10.11) is read in the fast form, and gives
// what the general reader gives.
func TestMySQLStatusDemoSnapshots(t *testing.T) {
	files, _ := filepath.Glob("../examples/demo-campaign/*/*/*.status.txt.gz")
	if len(files) != 180 {
		t.Fatalf("%d demo status files, want 180", len(files))
	}
	for i, p := range files {
		text := gunzip(t, p)
		items, ok := scanStatus(text, "in.txt", statusKeep)
		if !ok || len(items) != 2 {
			t.Fatalf("%s: fast form %v, %d snapshots", p, ok, len(items))
		}
		if i%15 == 0 { // the general reader is the slow one
			sameItems(t, p, text)
		}
	}
	// One snapshot by value: rocksdb/oltp_read_write/1thr-r1, after the run.
	text := gunzip(t, "../examples/demo-campaign/rocksdb/oltp_read_write/1thr-r1.status.txt.gz")
	items := viaStatus(t, text, statusKeep)
	after := items[1].(*Variables)
	want := &Variables{Source: "in.txt", Line: 675, Statement: "SHOW GLOBAL STATUS /* after the run */;", Kind: "status",
		Values: map[string]string{"Questions": "38772490", "Handler_read_key": "36972189", "Innodb_buffer_pool_reads": "170",
			"Rocksdb_rows_read": "109696081", "Bytes_sent": "38720643095"}}
	for k, x := range want.Values {
		if got, ok := after.Value(k); !ok || got != x {
			t.Errorf("after the run: %s = %q (%v), want %q", k, got, ok, x)
		}
	}
	if x, ok := after.Value("Uptime"); ok {
		t.Errorf("after the run: Uptime %q kept", x)
	}
	// Encoded as the map it was reduced from, by both encoders.
	wantJSON, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	if got := AppendVariablesJSON(nil, after); !bytes.Equal(got, wantJSON) {
		t.Errorf("after the run: JSON\n%s\nwant\n%s", got, wantJSON)
	}
	if got, err := json.Marshal(after); err != nil || !bytes.Equal(got, wantJSON) {
		t.Errorf("after the run: json.Marshal (%v)\n%s\nwant\n%s", err, got, wantJSON)
	}
}

// TestMySQLStatusSameAsCapture: forms the fast reader takes and forms it
// leaves to the general reader give the same items.
func TestMySQLStatusSameAsCapture(t *testing.T) {
	real, err := os.ReadFile("../testdata/real/mariadb-10.11-show-global-status-B.txt")
	if err != nil {
		t.Fatal(err)
	}
	// The batch rows of the real capture, without its command line.
	_, rows, _ := bytes.Cut(real, []byte("\n"))
	snap := func(prompt, stmt string, rows []byte) []byte {
		return append([]byte(prompt+stmt+"\n"), rows...)
	}
	maria := "MariaDB [sbtest]> "
	two := append(snap(maria, "SHOW GLOBAL STATUS /* before the run */;", rows), snap(maria, "SHOW GLOBAL STATUS /* after the run */;", rows)...)
	edit := func(old, new string) []byte { return bytes.Replace(two, []byte(old), []byte(new), 1) }
	cases := map[string][]byte{
		"real -B with its command":   real,
		"real -t":                    mustRead(t, "../testdata/real/mariadb-10.11-show-global-status-t.txt"),
		"two snapshots":              two,
		"mysql prompt":               snap("mysql> ", "SHOW GLOBAL STATUS;", rows),
		"no final line break":        bytes.TrimSuffix(two, []byte("\n")),
		"blank line at the end":      append(append([]byte{}, two...), '\n'),
		"CRLF":                       bytes.ReplaceAll(two, []byte("\n"), []byte("\r\n")),
		"empty value":                edit("Aborted_clients\t9\n", "Aborted_clients\t\n"),
		"kept counter repeated":      edit("Bytes_sent\t", "Bytes_sent\t1\nBytes_sent\t"),
		"escaped value":              edit("Aborted_clients\t9\n", "Aborted_clients\ta\\tb\n"),
		"value with a note":          edit("Questions\t", "Questions\t12 # note\nQ\t"),
		"trailing blank":             edit("Questions\t", "Questions\t12 \nQ\t"),
		"header missing":             bytes.Replace(two, []byte("Variable_name\tValue\n"), nil, 1),
		"statement without ;":        snap(maria, "SHOW GLOBAL STATUS", rows),
		"session status":             snap(maria, "SHOW SESSION STATUS;", rows),
		"status like":                snap(maria, "SHOW GLOBAL STATUS LIKE 'Questions';", []byte("Variable_name\tValue\nQuestions\t5\n")),
		"header only":                snap(maria, "SHOW GLOBAL STATUS;", []byte("Variable_name\tValue\n")),
		"no kept counter":            snap(maria, "SHOW GLOBAL STATUS;", []byte("Variable_name\tValue\nUptime\t5\n")),
		"empty":                      {},
		"a sysbench word in a value": edit("Aborted_clients\t9\n", "Aborted_clients\tsysbench\n"),
		"non-ASCII value":            edit("Aborted_clients\t9\n", "Aborted_clients\t9€\n"),
		"three-column row":           edit("Aborted_clients\t9\n", "Aborted_clients\t9\t1\n"),
	}
	var fast, asJSON []string
	for what, text := range cases {
		sameItems(t, what, text)
		if _, ok := scanStatus(text, "in.txt", statusKeep); ok {
			fast = append(fast, what)
		}
		if sameJSON(t, what, text) {
			asJSON = append(asJSON, what)
		}
	}
	sort.Strings(fast)
	want := []string{"empty value", "kept counter repeated", "mysql prompt", "no final line break", "no kept counter", "status like", "two snapshots"}
	if !reflect.DeepEqual(fast, want) {
		t.Errorf("read in the fast form: %q, want %q", fast, want)
	}
	// A counter given twice is left to the general reader (the last
	// value wins in its map) when every value is kept as JSON.
	sort.Strings(asJSON)
	want = []string{"empty value", "mysql prompt", "no final line break", "no kept counter", "status like", "two snapshots"}
	if !reflect.DeepEqual(asJSON, want) {
		t.Errorf("read as JSON: %q, want %q", asJSON, want)
	}
}

// sameJSON checks that MySQLStatusJSON gives what MySQLCapture gives,
// items encoded as json.Marshal encodes the general reader's, and reports
// whether every snapshot was held as JSON only (Values nil).
func sameJSON(t *testing.T, what string, text []byte) bool {
	t.Helper()
	want := viaCapture(t, text, nil)
	var got []Item
	if err := MySQLStatusJSON(bytes.NewReader(text), "in.txt", func(it Item) { got = append(got, it) }); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Errorf("%s: MySQLStatusJSON gives %d items, MySQLCapture %d", what, len(got), len(want))
		return false
	}
	onlyJSON := len(got) > 0
	for i := range got {
		g, ok := got[i].(*Variables)
		if !ok {
			if !reflect.DeepEqual(got[i], want[i]) {
				t.Errorf("%s: item %d: %v, want %v", what, i, got[i], want[i])
			}
			onlyJSON = false
			continue
		}
		g.Labels = map[string]string{"system": "innodb", "note": "<&>"}
		want[i].(*Variables).Labels = g.Labels
		w, err := json.Marshal(want[i])
		if err != nil {
			t.Fatal(err)
		}
		if b := AppendVariablesJSON(nil, g); !bytes.Equal(b, w) {
			t.Errorf("%s: snapshot %d encodes as\n%.300s\nwant\n%.300s", what, i, b, w)
		}
		if g.Values != nil {
			onlyJSON = false
		}
	}
	return onlyJSON
}

// TestMySQLStatusJSONDemo: every snapshot of the demo campaign is held
// as JSON only, and encodes as json.Marshal encodes the general reader's
// (with its map of 670 values).
func TestMySQLStatusJSONDemo(t *testing.T) {
	files, _ := filepath.Glob("../examples/demo-campaign/*/*/*.status.txt.gz")
	if len(files) != 180 {
		t.Fatalf("%d demo status files, want 180", len(files))
	}
	for i, p := range files {
		text := gunzip(t, p)
		if i%10 == 0 { // the general reader is the slow one
			if !sameJSON(t, p, text) {
				t.Errorf("%s: not held as JSON only", p)
			}
			continue
		}
		var got, want []Item
		MySQLStatusJSON(bytes.NewReader(text), p, func(it Item) { got = append(got, it) })
		MySQLStatus(bytes.NewReader(text), p, nil, func(it Item) { want = append(want, it) })
		if len(got) != 2 || len(want) != 2 {
			t.Fatalf("%s: %d and %d snapshots", p, len(got), len(want))
		}
		for j := range got {
			g, w := got[j].(*Variables), want[j].(*Variables)
			if g.Values != nil || len(w.Values) < 600 {
				t.Fatalf("%s: snapshot %d: %d values in a map as JSON, %d read whole", p, j, len(g.Values), len(w.Values))
			}
			wb, _ := json.Marshal(w)
			if b := AppendVariablesJSON(nil, g); !bytes.Equal(b, wb) {
				t.Fatalf("%s: snapshot %d: AppendVariablesJSON of the JSON form differs from json.Marshal of the map", p, j)
			}
			// Given back, as parse --json does once it is written: the
			// snapshots read next are made in its memory.
			g.ReleaseJSON()
			if b := AppendVariablesJSON(nil, g); !bytes.Contains(b, []byte(`"values":null`)) {
				t.Fatalf("%s: snapshot %d: values kept after ReleaseJSON", p, j)
			}
		}
	}
}

func mustRead(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// BenchmarkMySQLStatus: one demo status file (two snapshots of 670
// counters, 36 KB), reduced to the 21 counters a report reads, against
// the general reader.
func BenchmarkMySQLStatus(b *testing.B) {
	f, err := os.Open("../examples/demo-campaign/innodb/oltp_read_write/4thr-r1.status.txt.gz")
	if err != nil {
		b.Fatal(err)
	}
	z, err := gzip.NewReader(f)
	if err != nil {
		b.Fatal(err)
	}
	text, err := io.ReadAll(z)
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	keep := []string{"Questions", "Handler_read_key", "Handler_read_next", "Handler_write", "Handler_update", "Handler_delete",
		"Innodb_buffer_pool_read_requests", "Innodb_buffer_pool_reads", "Innodb_data_written", "Innodb_os_log_written",
		"Rocksdb_rows_read", "Rocksdb_rows_inserted", "Rocksdb_rows_updated", "Rocksdb_block_cache_miss", "Rocksdb_bytes_written",
		"Aria_pagecache_read_requests", "Aria_pagecache_reads", "Aria_pagecache_writes",
		"Binlog_bytes_written", "Bytes_sent", "Bytes_received"}
	var order KeyOrder // kept from file to file, as parse --json keeps it
	for _, bc := range []struct {
		name string
		read func(io.Reader, string, func(Item)) error
	}{
		{"fast", func(r io.Reader, n string, emit func(Item)) error { return MySQLStatus(r, n, keep, emit) }},
		{"all", func(r io.Reader, n string, emit func(Item)) error { return MySQLStatus(r, n, nil, emit) }},
		{"capture", MySQLCapture},
		// Read and encoded, as parse --json does: through the map (the
		// order of keys kept from one snapshot to the next), or as JSON.
		{"all+encode", func(r io.Reader, n string, emit func(Item)) error {
			return MySQLStatus(r, n, nil, func(it Item) { AppendVariablesJSONOrder(nil, it.(*Variables), &order); emit(it) })
		}},
		{"json+encode", func(r io.Reader, n string, emit func(Item)) error {
			return MySQLStatusJSON(r, n, func(it Item) { AppendVariablesJSON(nil, it.(*Variables)); emit(it) })
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				n := 0
				bc.read(bytes.NewReader(text), "in.txt", func(Item) { n++ })
				if n != 2 {
					b.Fatalf("%d items", n)
				}
			}
		})
	}
}

// TestMySQLStatusJSON: the demo's snapshots, every value kept, encode as
// json.Marshal encodes them.
func TestMySQLStatusJSON(t *testing.T) {
	files, _ := filepath.Glob("../examples/demo-campaign/innodb/oltp_read_write/*.status.txt.gz")
	if len(files) == 0 {
		t.Fatal("no demo status files")
	}
	var order KeyOrder
	reused := 0
	for _, p := range files {
		for _, it := range viaStatus(t, gunzip(t, p), nil) {
			v := it.(*Variables)
			v.Labels = map[string]string{"system": "innodb", "note": "<&>"}
			want, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			if got := AppendVariablesJSON(nil, v); !bytes.Equal(got, want) {
				t.Fatalf("%s:%d: AppendVariablesJSON differs from json.Marshal", p, v.Line)
			}
			if _, ok := order.byLen[len(v.Values)]; ok {
				reused++
			}
			if got := AppendVariablesJSONOrder(nil, v, &order); !bytes.Equal(got, want) {
				t.Fatalf("%s:%d: AppendVariablesJSONOrder differs from json.Marshal", p, v.Line)
			}
		}
	}
	if reused == 0 {
		t.Error("no snapshot was encoded with the keys of the one before")
	}
}

// TestKeyOrderOtherKeys: a snapshot with as many values as one before
// but other names (a counter gone, another come) is not written in the
// order kept for the first.
func TestKeyOrderOtherKeys(t *testing.T) {
	files, _ := filepath.Glob("../examples/demo-campaign/innodb/oltp_read_write/1thr-r1.status.txt.gz")
	if len(files) != 1 {
		t.Fatal("no demo status file")
	}
	items := viaStatus(t, gunzip(t, files[0]), nil)
	var order KeyOrder
	for i, it := range items {
		v := it.(*Variables)
		if i == 1 {
			delete(v.Values, "Uptime")
			v.Values["A_counter_not_in_the_first"] = "7"
		}
		want, _ := json.Marshal(v)
		if got := AppendVariablesJSONOrder(nil, v, &order); !bytes.Equal(got, want) {
			t.Fatalf("snapshot %d: AppendVariablesJSONOrder differs from json.Marshal", i)
		}
	}
}

// TestScanStatusToolWords: a snapshot naming a benchmark tool anywhere,
// even as a row's value, is left to the general reader, whichever byte
// of the word is looked for first.
func TestScanStatusToolWords(t *testing.T) {
	buf := gunzip(t, "../examples/demo-campaign/innodb/oltp_read_write/1thr-r1.status.txt.gz")
	if _, ok := scanStatus(buf, "s.txt", nil); !ok {
		t.Fatal("the demo's snapshot is not read by scanStatus")
	}
	for _, w := range toolWords {
		i := bytes.Index(buf, []byte("\nUptime\t"))
		if i < 0 {
			t.Fatal("no Uptime row")
		}
		edited := append(append(append([]byte{}, buf[:i+1]...), "Last_tool\trun_"+w.word+"_x\n"...), buf[i+1:]...)
		if _, ok := scanStatus(edited, "s.txt", nil); ok {
			t.Errorf("a snapshot naming %q read by scanStatus", w.word)
		}
	}
}

// TestMySQLStatusJSONGuessedRows: a snapshot's rows are first looked for
// where the snapshot before has its names; a second snapshot that lists
// other names, or the same in another order, or values the fast form
// does not take, is read as the general reader reads it all the same.
func TestMySQLStatusJSONGuessedRows(t *testing.T) {
	text := string(gunzip(t, "../examples/demo-campaign/innodb/oltp_read_write/4thr-r1.status.txt.gz"))
	at := strings.Index(text[1:], "MariaDB [") + 1 // the second snapshot's prompt
	if at <= 0 {
		t.Fatal("one snapshot in the demo file")
	}
	first, second := text[:at], text[at:]
	for _, c := range []struct {
		what     string
		old, new string
		fast     bool // still read in the fast form
	}{
		{"the same", "", "", true},
		{"a name renamed", "\nAborted_connects\t", "\nAborted_connectz\t", true},
		{"two rows swapped", "\nAcl_roles\t0\nAcl_table_grants\t1\n", "\nAcl_table_grants\t1\nAcl_roles\t0\n", true},
		{"a row more", "\nAcl_roles\t0\n", "\nAcl_roles\t0\nAcl_roles_extra\t7\n", true},
		{"a row less", "\nAcl_roles\t0\n", "\n", true},
		{"a name given twice", "\nAcl_roles\t0\n", "\nAcl_roles\t0\nAcl_roles\t1\n", false},
		{"a name cut short", "\nAcl_roles\t0\n", "\nAcl_role\t0\n", true},
		{"a name longer", "\nAcl_roles\t0\n", "\nAcl_roles_\t0\n", true},
		{"a value ending in a blank", "\nAcl_roles\t0\n", "\nAcl_roles\t0 \n", false},
		{"an empty value", "\nAcl_roles\t0\n", "\nAcl_roles\t\n", true},
		{"a value with a quote", "\nAcl_roles\t0\n", "\nAcl_roles\t\"0\"\n", false},
		{"a carriage return", "\nAcl_roles\t0\n", "\nAcl_roles\t0\r\n", false},
		{"a value and the next row on one line", "\nAcl_roles\t0\nAcl_table_grants\t1\n", "\nAcl_roles\t0=Acl_table_grants\t1\n", false},
		{"no final newline", "", "", true},
	} {
		s := second
		if c.old != "" {
			if !strings.Contains(s, c.old) {
				t.Fatalf("%s: %q not in the second snapshot", c.what, c.old)
			}
			s = strings.Replace(s, c.old, c.new, 1)
		}
		if c.what == "no final newline" {
			s = strings.TrimSuffix(s, "\n")
		}
		if fast := sameJSON(t, c.what, []byte(first+s)); fast != c.fast {
			t.Errorf("%s: read in the fast form %v, want %v", c.what, fast, c.fast)
		}
	}
}

// TestKeepStatusAgain: a snapshot reduced once is reduced again to fewer
// names from its reduced values, and left as it is when given the names
// it holds (collect reduces what MySQLStatus reduced).
func TestKeepStatusAgain(t *testing.T) {
	text := gunzip(t, "../examples/demo-campaign/rocksdb/oltp_read_write/1thr-r1.status.txt.gz")
	after := viaStatus(t, text, statusKeep)[1].(*Variables)
	values := after.keptValues
	after.KeepStatus(statusKeep)
	if after.keptValues != values {
		t.Errorf("reduced again to the same names: %q, was %q", after.keptValues, values)
	}
	after.KeepStatus([]string{"Rocksdb_rows_read", "Questions", "Uptime"})
	got := string(AppendVariablesJSON(nil, after))
	want := `{"source":"in.txt","line":675,"statement":"SHOW GLOBAL STATUS /* after the run */;","kind":"status","values":{"Questions":"38772490","Rocksdb_rows_read":"109696081"},"labels":null}`
	if got != want {
		t.Errorf("reduced to fewer names:\n%s\nwant\n%s", got, want)
	}
}
