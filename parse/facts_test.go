package parse

import (
	"reflect"
	"strings"
	"testing"
)

// TestFactsTiDBWriteups reads the setup a published TiDB report states in
// prose, in its English and its Chinese version.
func TestFactsTiDBWriteups(t *testing.T) {
	type want struct {
		line    int
		name    string
		value   float64 // 0: text only
		text    string
		subject string
	}
	for _, tc := range []struct {
		path string
		want []want
	}{
		{"../testdata/public/writeups/tidb-3.0-vs-2.1-sysbench-1.0.17-prose-setup-16-tables-lasts-5-minutes-en.md", []want{
			{14, FactServerVersion, 0, "v3.0.0-rc.2 vs. v2.1.8", "TiDB"},
			{30, FactSysbenchVersion, 0, "1.0.17", ""},
			{34, FactTables, 16, "16", ""},
			{34, FactTableSize, 10000000, "10,000,000", ""},
			{34, FactDuration, 300, "5 minutes", ""},
			{34, FactClients, 3, "three", ""},
		}},
		{"../testdata/public/tables/tidb-3.0-vs-2.1-sysbench-markdown-tables-bold-version-headings-commented-table.md", []want{
			{15, FactServerVersion, 0, "v3.0.0 vs. v2.1.13", "TiDB"},
			{31, FactSysbenchVersion, 0, "1.0.17", ""},
			{35, FactTables, 16, "16", ""},
			{35, FactTableSize, 10000000, "1000万", ""},
			{35, FactDuration, 300, "5 分钟", ""},
			{35, FactClients, 3, "3", ""},
		}},
	} {
		d := parseFile(t, tc.path)
		if len(d.Facts) != len(tc.want) {
			for _, f := range d.Facts {
				t.Logf("%d %s %v %q", f.Line, f.Name, f.Value, f.Text)
			}
			t.Fatalf("%s: %d facts, want %d", tc.path, len(d.Facts), len(tc.want))
		}
		for i, w := range tc.want {
			f := d.Facts[i]
			if f.Line != w.line || f.Name != w.name || f.Text != w.text || f.Subject != w.subject {
				t.Errorf("%s fact %d: %d %s %q %q, want %d %s %q %q", tc.path, i, f.Line, f.Name, f.Text, f.Subject, w.line, w.name, w.text, w.subject)
			}
			if (w.value == 0) != (f.Value == nil) || f.Value != nil && *f.Value != w.value {
				t.Errorf("%s fact %d (%s): value %v, want %v", tc.path, i, w.name, f.Value, w.value)
			}
		}
		if len(d.Runs) != 48 {
			t.Errorf("%s: %d runs, want 48", tc.path, len(d.Runs))
		}
	}
}

// TestFactsIn checks the phrasings of other published write-ups.
func TestFactsIn(t *testing.T) {
	for _, tc := range []struct {
		line, name string
		value      float64
	}{
		// pingcap/docs benchmark/sysbench-v4.md, "Test results".
		{"32 tables are tested, each with 10M of data. ", FactTableSize, 10e6},
		// smalldatum.blogspot.com 2017-08 "Sysbench, a large server and fast SSD".
		{"The test used 8 tables with 100M rows/table.", FactTableSize, 100e6},
		{"- Sysbench version: 1.0.17", FactSysbenchVersion, 0},
		{"- MySQL version: 5.7.27-log", FactServerVersion, 0},
	} {
		fs := factsIn(tc.line)
		var got *Fact
		for _, f := range fs {
			if f.Name == tc.name {
				got = f
			}
		}
		if got == nil {
			t.Errorf("%q: no %s fact in %v", tc.line, tc.name, fs)
			continue
		}
		if tc.value != 0 && (got.Value == nil || *got.Value != tc.value) {
			t.Errorf("%q: %s = %v, want %v", tc.line, tc.name, got.Value, tc.value)
		}
	}
	for _, s := range []string{"The version of the table is 3", "Threads started!", "sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)"} {
		if fs := factsIn(s); len(fs) != 0 {
			t.Errorf("%q: facts %v, want none", s, fs)
		}
	}
}

// TestFactsInWordsNeeded: the words a rule needs before its patterns
// run pass every line the patterns read a fact from. Every line of the
// text fixtures, and lines written to match, are read with and without
// them.
func TestFactsInWordsNeeded(t *testing.T) {
	lines := []string{
		"16 tables, with 10,000,000 pieces of data in each table",
		"32 tables and 10M rows of data on each table", "8 TABLES WITH 100M ROWS/TABLE",
		"4 tables of 1000000 records", "16 张表，每张数据 1000 万",
		"A single concurrent test lasts 5 minutes", "each test runs for 300 seconds",
		"The run ran for 2 hours", "TESTS LASTED 90 SECS", "单次测试时间 5 分钟",
		"Start three sysbench to add pressure", "We STARTED 4 sysbench processes", "起 3 个 sysbench",
	}
	eachFixture(t, func(_ string, data []byte) error {
		for _, l := range strings.Split(string(data), "\n") {
			if l = strings.TrimSpace(l); len(l) >= 8 && len(l) <= 600 {
				lines = append(lines, l)
			}
		}
		return nil
	})
	found := 0
	for _, l := range lines {
		var all []*Fact
		for _, r := range factRules {
			all = append(all, r.read(l)...)
		}
		got := factsIn(l)
		if !reflect.DeepEqual(got, all) && !(len(got) == 0 && len(all) == 0) {
			t.Errorf("%q: facts %v, want %v", l, got, all)
		}
		found += len(all)
	}
	if found < 13 {
		t.Errorf("%d facts in %d lines, want at least the 13 lines written to match", found, len(lines))
	}
}
