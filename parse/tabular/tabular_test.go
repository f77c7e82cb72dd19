package tabular

import (
	"bufio"
	"math"
	"os"
	"strings"
	"testing"
)

// readLines returns the lines of a testdata file, 1-based by index+1.
func readLines(t *testing.T, name string) []string {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	s := bufio.NewScanner(strings.NewReader(string(b)))
	for s.Scan() {
		out = append(out, s.Text())
	}
	return out
}

// keyValueTable reads the key=value records of a file into one table:
// every record must name the same fields.
func keyValueTable(t *testing.T, name string) Table {
	t.Helper()
	var tab Table
	var first []Field
	for i, l := range readLines(t, name) {
		f, ok := KeyValues(l)
		if !ok {
			continue
		}
		if first == nil {
			first, tab.Header = f, Names(f)
		} else if !SameNames(first, f) {
			t.Fatalf("%s:%d: fields %v, want %v", name, i+1, Names(f), tab.Header)
		}
		tab.Rows = append(tab.Rows, Row{Line: i + 1, Cells: Texts(f)})
	}
	return tab
}

// listTable reads the list rows of a file under the header list above them.
func listTables(t *testing.T, name string) []Table {
	t.Helper()
	var out []Table
	for i, l := range readLines(t, name) {
		cells, quoted, ok := ListRow(l)
		switch {
		case !ok:
			continue
		case quoted && (len(out) == 0 || len(out[len(out)-1].Rows) > 0 && len(cells) != len(out[len(out)-1].Header) ||
			strings.Contains(l, "'System'")):
			out = append(out, Table{Header: cells})
		case len(out) > 0:
			out[len(out)-1].Rows = append(out[len(out)-1].Rows, Row{Line: i + 1, Cells: cells})
		}
	}
	return out
}

type wantCol struct {
	kind   Kind
	metric string
	stat   string
	unit   string
}

func checkColumns(t *testing.T, name string, tab Table, want map[string]wantCol) {
	t.Helper()
	cols := tab.Columns()
	if len(cols) != len(want) {
		t.Fatalf("%s: columns %v, want %d", name, tab.Header, len(want))
	}
	for _, c := range cols {
		w, ok := want[c.Name]
		if !ok {
			t.Errorf("%s: unexpected column %q", name, c.Name)
			continue
		}
		if c.Kind != w.kind || c.Metric != w.metric || c.Stat != w.stat || c.Unit != w.unit {
			t.Errorf("%s: column %q = kind %d metric %q stat %q unit %q, want kind %d metric %q stat %q unit %q",
				name, c.Name, c.Kind, c.Metric, c.Stat, c.Unit, w.kind, w.metric, w.stat, w.unit)
		}
	}
}

// TestKeyValueRecords reads LISAv2 summaries (microsoft/lisa pull requests
// 60, 743, 914, 943, 973): the concurrency key is the threads dimension,
// a key naming a latency and a statistic with _ms is a latency in ms, a
// rate of anything but transactions, queries or events keeps its name,
// sizes, modes, depths and test names are dimensions, and a status word
// after the last " : " is no field.
func TestKeyValueRecords(t *testing.T) {
	mem := keyValueTable(t, "lisa914-memcached-key-value-excerpt.txt")
	if len(mem.Rows) != 3 || mem.Rows[0].Line != 2 || mem.Rows[2].Cells[2] != "51091.53" {
		t.Fatalf("memcached: %+v", mem.Rows)
	}
	checkColumns(t, "memcached", mem, map[string]wantCol{
		"TestConnections":   {Dimension, Threads, "", ""},
		"AverageLatency_ms": {Measurement, Latency, "avg", "ms"},
		"AverageOpsPerSec":  {Measurement, "", "", "/s"},
	})
	ab := keyValueTable(t, "lisa943-apache-key-value-excerpt.txt")
	if len(ab.Rows) != 5 {
		t.Fatalf("apache: %d rows, want 5", len(ab.Rows))
	}
	checkColumns(t, "apache", ab, map[string]wantCol{
		"Concurrency":           {Dimension, Threads, "", ""},
		"requestsPerSec":        {Measurement, "", "", "/s"},
		"meanConnectionTime_ms": {Measurement, "", "", "ms"}, // a mean time, but of connecting: not a latency
	})
	hb := keyValueTable(t, "lisa973-hackbench-key-value-excerpt.txt")
	if len(hb.Rows) != 6 || hb.Rows[5].Cells[2] != "10.470" {
		t.Fatalf("hackbench: %+v", hb.Rows)
	}
	checkColumns(t, "hackbench", hb, map[string]wantCol{
		"HackbenchType":  {Dimension, "", "", ""},
		"DataSize_bytes": {Dimension, "", "", ""},
		"Latency_sec":    {Measurement, "", "", "s"}, // a latency naming no statistic
	})
	fio := keyValueTable(t, "lisa743-fio-key-value-excerpt.txt")
	if len(fio.Rows) != 9 {
		t.Fatalf("fio: %d rows, want 9", len(fio.Rows))
	}
	checkColumns(t, "fio", fio, map[string]wantCol{
		"Mode":       {Dimension, "", "", ""},
		"block_size": {Dimension, "", "", ""},
		"q_depth":    {Dimension, "", "", ""},
		"iops":       {Measurement, "", "", "/s"}, // I/O operations per second: a rate, under its own name
	})
	sys := keyValueTable(t, "lisa60-syscall-key-value-status-excerpt.txt")
	if len(sys.Rows) != 7 || len(sys.Header) != 4 || sys.Rows[2].Cells[1] != "2.243" {
		t.Fatalf("syscall: header %v rows %+v", sys.Header, sys.Rows)
	}
	checkColumns(t, "syscall", sys, map[string]wantCol{
		"test":          {Dimension, "", "", ""},
		"AverageReal":   {Measurement, "", "", ""},
		"AverageUser":   {Measurement, "", "", ""},
		"AverageSystem": {Measurement, "", "", ""},
	})
}

// TestKeyValuesRejects: lines of the same texts that are no records.
func TestKeyValuesRejects(t *testing.T) {
	for _, l := range []string{
		"      ARMImageName: OpenLogic CentOS 8_1 latest, Networking: SRIOV, SetupType: TwoVM2Host, TestLocation: westus2",
		"      Hackbench test results : =======================================",
		"sysbench --threads=4 --time=60 oltp_read_write run",
		"THREADS=4",
	} {
		if f, ok := KeyValues(l); ok {
			t.Errorf("KeyValues(%q) = %v, want no record", l, f)
		}
	}
}

// TestListRows reads result tables printed as PowerShell arrays of
// strings (a paper's build script in the public code index, id
// 61610428172): a header list over rows, a text column naming the
// system, percentages, latencies with a unit after a space (mean, p50,
// p95, p99), N/A cells.
func TestListRows(t *testing.T) {
	tabs := listTables(t, "powershell-list-rows-latency-percent-na-excerpt.txt")
	if len(tabs) != 2 || len(tabs[0].Rows) != 3 || len(tabs[1].Rows) != 2 {
		t.Fatalf("tables %+v", tabs)
	}
	if r := tabs[1].Rows[1]; r.Line != 17 || r.Cells[0] != "LS-Face" || r.Cells[5] != "12.388 ms" {
		t.Fatalf("last row %+v", r)
	}
	checkColumns(t, "table 7", tabs[1], map[string]wantCol{
		"System":       {Dimension, "", "", ""},
		"Accuracy":     {Measurement, "", "", "%"},
		"Mean latency": {Measurement, Latency, "avg", "ms"},
		"p50":          {Measurement, Latency, "50", "ms"},
		"p95":          {Measurement, Latency, "95", "ms"},
		"p99":          {Measurement, Latency, "99", "ms"},
		"Dual inf.":    {Measurement, "", "", "%"},
		"Early exits":  {Measurement, "", "", "%"}, // one N/A cell
	})
	checkColumns(t, "table 6", tabs[0], map[string]wantCol{
		"System":           {Dimension, "", "", ""},
		"Clean retention":  {Measurement, "", "", "%"}, // 99.97% on every row, but with a unit: measured alike
		"41-mod retention": {Measurement, "", "", "%"},
		"37-mod (non-rot)": {Measurement, "", "", "%"},
		"SFace invoc.":     {Measurement, "", "", "%"},
		"Dual inf.":        {Measurement, "", "", "%"},
	})
	v, _ := ParseValue(tabs[1].Rows[0].Cells[2])
	if ms := ToMs(v, tabs[1].Columns()[2]); ms != 8.3 {
		t.Errorf("mean latency %q = %v ms, want 8.3", tabs[1].Rows[0].Cells[2], ms)
	}
	for _, l := range []string{
		"            Populate-LncsTable $document $t7 $t7Data @(60, 42, 45, 40, 40, 40, 42, 46)",
		"            $t7Data = @(",
		"[   5s] threads: 128, tps: 9195.03, reads/s: 128917.88, writes/s: 0.00, response time: 18.40ms (95%)",
		"[]",
	} {
		if c, _, ok := ListRow(l); ok {
			t.Errorf("ListRow(%q) = %q, want no list", l, c)
		}
	}
}

// TestParseValue reads cells as the texts print them.
func TestParseValue(t *testing.T) {
	// "# Consultas: 17,581 QPS" (identity fixture, Spanish shell comments).
	b, err := os.ReadFile("../../testdata/public/identity/sb1.0-oltp-rw-mariadb-32-threads-result-in-shell-comments-tps-qps-comma-thousands-es.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "17,581 QPS") {
		t.Fatal("fixture no longer holds 17,581 QPS")
	}
	for _, c := range []struct {
		cell string
		num  float64
		unit string
		ok   bool
	}{
		{"17,581 QPS", 17581, "QPS", true},
		{"47596.628564", 47596.628564, "", true},
		{"16K", 16000, "", true}, // a count suffix; a size column is told by its name
		{"8.300 ms", 8.3, "ms", true},
		{"'99.97%'", 99.97, "%", true},
		{"N/A", 0, "", false},
		{"1,156 (64.08%)", 0, "", false}, // a number and a share: no one value
		// The unit in parentheses (train11/t91, a Kunpeng 920 report).
		{"214313.30 (Events/sec)", 214313.30, "Events/sec", true},
		{" 8.3887  (ms)", 8.3887, "ms", true},
		{"33.3802 (Sec)", 33.3802, "Sec", true},
		// The output's own line in a cell (train12/t95, a table of EC2
		// instances); other labels are no unit ("tps:  367635" of a
		// harness's result line, train/t49, is left to its reader).
		{"events per second:  874.78", 874.78, "events/s", true},
		{"events per second:  874.78 ms", 0, "", false},
		{"tps:  367635", 0, "", false},
		// A share and its parts in parentheses (holdout3, Korean MySQL
		// 8.0 tables): not a unit.
		{"94.42 (user: 64.61, iowait: 5.58)", 0, "", false},
		{"12,34", 0, "", false},
		{"bench_00_null_call_regs", 0, "", false},
		{"process.pipe", 0, "", false},
	} {
		v, ok := ParseValue(c.cell)
		if ok != c.ok || ok && (math.Abs(v.Num-c.num) > 1e-9 || v.Unit != c.unit) {
			t.Errorf("ParseValue(%q) = %+v, %v; want %v %q, %v", c.cell, v, ok, c.num, c.unit, c.ok)
		}
	}
}

// pipeTable reads the markdown table whose header is at line no (1-based)
// of a file of the repository's public fixtures.
func pipeTable(t *testing.T, file string, no int) Table {
	t.Helper()
	path := "../../testdata/public/" + file
	if strings.HasPrefix(file, "testdata/") {
		path = file // a fixture of this package
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	split := func(s string) []string {
		c := strings.Split(strings.Trim(strings.TrimSpace(s), "|"), "|")
		for i := range c {
			c[i] = strings.TrimSpace(c[i])
		}
		return c
	}
	tab := Table{Header: split(lines[no-1])}
	for i := no + 1; i < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i]), "|"); i++ {
		tab.Rows = append(tab.Rows, Row{Line: i + 1, Cells: split(lines[i])})
	}
	if len(tab.Rows) == 0 {
		t.Fatalf("%s:%d: no table", file, no)
	}
	return tab
}

// TestClassifyPublicTables classifies the columns of summary tables in
// the identity fixtures: a rate word alone is that rate (QPS, TPS,
// events/s:), a part of one is not (Read QPS), Spanish threads and
// events per second, a byte rate named in the header over bare numbers,
// events per second as a cell unit (ev/sec).
// A "Result" column whose every cell is in seconds is the runs' total
// time (sysbench mutex, train11/t91); a "Result" column of figures in
// several units lists a run's statistics one a row (train3/t72) and
// measures nothing as a whole.
func TestClassifyResultInSeconds(t *testing.T) {
	const t91 = "train11/t91-sb-cpu-memory-threads-mutex-64-and-512-threads-numa-balancing-rows-result-unit-in-parentheses-font-bold-commands-kunpeng-920.txt"
	checkColumns(t, "t91 mutex", pipeTable(t, t91, 88), map[string]wantCol{
		"Test":   {Dimension, "", "", ""},
		"Result": {Measurement, TotalTime, "", "Sec"},
	})
	checkColumns(t, "t91 cpu", pipeTable(t, t91, 61), map[string]wantCol{
		"Test":   {Dimension, "", "", ""},
		"Result": {Measurement, EPS, "", "Events/sec"},
	})
	checkColumns(t, "t72 statistics", pipeTable(t, "train3/t72-cpu-proxmox-vs-vmware-metric-result-tables-under-html-headings-then-transposed-comparison-readme.md", 39), map[string]wantCol{
		"Sysbench Metric": {Dimension, "", "", ""},
		"Result":          {Measurement, "", "", "s"},
	})
}

// TestClassifyEventCount: a row or column named as sysbench's "total
// number of events" is the run's count of events (train9/t90, a
// transposed table of threads runs, one column a kernel); the events
// each thread ran, "Events (avg/stddev)", are not.
func TestClassifyEventCount(t *testing.T) {
	for _, c := range []struct {
		name  string
		cells []string
		want  string
	}{
		{"Total Events", []string{"850074", "811952"}, Events},
		{"Total number of events", []string{"6846"}, Events},
		{"Events (avg/stddev)", []string{"53129.6250/620.02", "50747.0000/584.61"}, ""},
		{"Total Events", []string{"850074", "1.5"}, ""}, // a count is whole
		{"Events/s", []string{"1453.98"}, EPS},
	} {
		if got := Classify(c.name, c.cells).Metric; got != c.want {
			t.Errorf("Classify(%q, %q).Metric = %q, want %q", c.name, c.cells, got, c.want)
		}
	}
}

func TestClassifyPublicTables(t *testing.T) {
	checkColumns(t, "centminmod", pipeTable(t, "centminmod/centminmod-sysbench-1.0.20-cpu-condensed-json-lines-metric-csv-markdown-restated.md", 158),
		map[string]wantCol{
			"cpu sysbench": {Dimension, "", "", ""},
			"threads:":     {Dimension, Threads, "", ""},
			"events/s:":    {Measurement, EPS, "", "/s"},
			"time:":        {Measurement, TotalTime, "", "s"},
			"min:":         {Measurement, "", "", ""}, // bare numbers: ms only by sysbench's habit, not certain
			"avg:":         {Measurement, "", "", ""},
			"max:":         {Measurement, "", "", ""},
			"95th:":        {Measurement, "", "", ""},
		})
	checkColumns(t, "tidb", pipeTable(t, "tables/tidb-3.0-vs-2.1-sysbench-markdown-tables-bold-version-headings-commented-table.md", 148),
		map[string]wantCol{
			"Threads":         {Dimension, Threads, "", ""},
			"QPS":             {Measurement, QPS, "", ""},
			"95% latency(ms)": {Measurement, Latency, "95", "ms"},
		})
	checkColumns(t, "docker vs vm", pipeTable(t, "identity/sb-cpu-virtualbox-vm-vs-docker-table-hilos-eventos-s-total-eventos-comma-thousands-average-of-5-es.txt", 56),
		map[string]wantCol{
			"Entorno":       {Dimension, "", "", ""},
			"Hilos":         {Dimension, Threads, "", ""},
			"Eventos/s":     {Measurement, EPS, "", "/s"},
			"Tiempo (s)":    {Measurement, "", "", "s"}, // Spanish "tiempo" is not among the time words
			"Latencia (ms)": {Measurement, "", "", "ms"},
			"Total Eventos": {Measurement, "", "", ""},
		})
	checkColumns(t, "rpi5 memory", pipeTable(t, "identity/sb1.0.20-cpu-memory-fileio-rpi5-aws-r7g-macbook-model-column-disk-type-rows-mode-mib-columns-oltp-method-tables.txt", 43),
		map[string]wantCol{
			"Model":                {Dimension, "", "", ""},
			"Memory type":          {Dimension, "", "", ""},
			"Transfer speed MiB/s": {Measurement, Transfer, "", "MiB/s"},
		})
	mem := pipeTable(t, "identity/sb1.0.20-cpu-memory-fileio-rpi5-aws-r7g-macbook-model-column-disk-type-rows-mode-mib-columns-oltp-method-tables.txt", 43)
	v, _ := ParseValue(mem.Rows[0].Cells[2])
	if mib, ok := ToMiBs(v, mem.Columns()[2]); !ok || mib != v.Num || v.Num == 0 {
		t.Errorf("transfer speed %q = %v MiB/s (%v), want the cell's number", mem.Rows[0].Cells[2], mib, ok)
	}
	// sysbench 0.4 prints MiB/s as "Mb/sec" (sb0.4.12-fileio-rndrd.txt:
	// "Read 9.8451Gb  Written 0b  Total transferred 9.8451Gb  (33.604Mb/sec)")
	// and GiB as "Gb".
	b, err := os.ReadFile("../../testdata/public/nondb/sb0.4.12-fileio-rndrd.txt")
	if err != nil || !strings.Contains(string(b), "(33.604Mb/sec)") {
		t.Fatalf("fixture no longer holds (33.604Mb/sec): %v", err)
	}
	if v, _ := ParseValue("33.604Mb/sec"); v.Unit != "Mb/sec" {
		t.Errorf("33.604Mb/sec: unit %q", v.Unit)
	} else if mib, ok := ToMiBs(v, Column{}); !ok || mib != 33.604 {
		t.Errorf("33.604Mb/sec = %v MiB/s (%v)", mib, ok)
	}
	if mib, ok := ToMiBs(Value{Num: 1, Unit: "Gb/sec"}, Column{}); !ok || mib != 1024 {
		t.Errorf("1 Gb/sec = %v MiB/s, want 1024", mib)
	}
	checkColumns(t, "rpi5 oltp", pipeTable(t, "identity/sb1.0.20-cpu-memory-fileio-rpi5-aws-r7g-macbook-model-column-disk-type-rows-mode-mib-columns-oltp-method-tables.txt", 111),
		map[string]wantCol{
			"Method":          {Dimension, "", "", ""},
			"Read QPS":        {Measurement, "", "", ""},
			"Write QPS":       {Measurement, "", "", ""},
			"Transaction QPS": {Measurement, "", "", ""},
		})
	checkColumns(t, "korean", pipeTable(t, "identity/sb0.4.12-and-1.0-cpu-fileio-seven-hosts-prompts-korean-table.txt", 29),
		map[string]wantCol{
			"머신":     {Dimension, "", "", ""},
			"cpu 속도": {Measurement, EPS, "", "ev/sec"},
			"추가 정보":  {Dimension, "", "", ""},
		})
}

// TestRateSpellings: "/s", "/sec" and "/second" name a rate only where
// they end a word ("events/s:", "MiB/sec"); "/sum" and "/size" do not.
func TestRateSpellings(t *testing.T) {
	for in, want := range map[string]string{
		"events/s:":     "events persec :",
		"MiB/sec":       "MiB persec ",
		"ops/second":    "ops persec ",
		"latency/sum":   "latency/sum",
		"block/size":    "block/size",
		"reads/s/10s":   "reads persec /10s",
		"no slash here": "no slash here",
	} {
		if got := rateSpellings(in); got != want {
			t.Errorf("rateSpellings(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestOrdinalColumn: a rank column numbering the rows 1, 2, 3, ... (an EC2
// cost ranking, tabular/testdata) is an ordinal dimension, not a
// measurement; a column of counts that does not number its rows stays a
// measurement, and "3+" after 1 and 2 makes the column text.
func TestOrdinalColumn(t *testing.T) {
	tab := pipeTable(t, "testdata/cost-efficiency-rank-column-excerpt.md", 5)
	cols := tab.Columns()
	if cols[0].Name != "Rank" || cols[0].Kind != Dimension || cols[0].Metric != Ordinal {
		t.Errorf("Rank: %+v, want an ordinal dimension", cols[0])
	}
	for _, c := range cols[1:] {
		if c.Kind != Dimension {
			t.Errorf("%s: %+v, want a dimension (names, prices with $, prose)", c.Name, c)
		}
	}
	if c := Classify("Rank", []string{"1", "2", "4"}); c.Kind != Measurement {
		t.Errorf("1, 2, 4: %+v, want a measurement (no row numbering)", c)
	}
	if c := Classify("Rank", []string{"1", "2", "3+"}); c.Kind != Dimension || c.Metric == Ordinal {
		t.Errorf("1, 2, 3+: %+v, want a text dimension", c)
	}
}

// A space-aligned table printed by a fileio wrapper (iobench.sh's README,
// testdata/public/train/t41, header at line 81): what each run is
// (blockSize, testMode, threads) beside abbreviated measurements, the
// units glued to them ("rdMiBps": MiB per second; "rdIOps": requests per
// second) or named after them ("latMs95th").
func TestClassifySpaceAlignedAbbreviations(t *testing.T) {
	b, err := os.ReadFile("../../testdata/public/train/t41-fileio-space-table-block-mode-threads.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	var tab Table
	tab.Header = strings.Fields(lines[80]) // every cell of it is one word
	for _, l := range lines[81:101] {
		tab.Rows = append(tab.Rows, Row{Cells: strings.Fields(l)})
	}
	checkColumns(t, "iobench", tab, map[string]wantCol{
		"blockSize": {Dimension, "", "", ""},
		"testMode":  {Dimension, "", "", ""},
		"threads":   {Dimension, Threads, "", ""},
		"rdIOps":    {Measurement, "", "", "/s"},
		"wrIOps":    {Measurement, "", "", "/s"},
		"rdMiBps":   {Measurement, Transfer, "", "MiB/s"},
		"wrMiBps":   {Measurement, Transfer, "", "MiB/s"},
		"latMsAvg":  {Measurement, Latency, "avg", "ms"},
		"latMs95th": {Measurement, Latency, "95", "ms"},
	})
	for _, c := range [][2]string{{"wrMiBps", "MiB/s"}, {"readMBps", "MB/s"}, {"KBps", "KB/s"}, {"Mbps", ""}, {"Bps", ""}, {"rdIOps", ""}} {
		if got := gluedByteRate(c[0]); got != c[1] {
			t.Errorf("gluedByteRate(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}

// TestBaselineColumn: a normalised table gives its reference system 1 on
// every row of unitless scores and a rate on the one row that has a unit
// (the shape of a Chinese cloud-host report whose table is headed
// 序号 | 测试项 | 台式机A | 云主机B; no other public text of this shape
// was found). The bare 1s are no rate printed once: the column restates a
// reference and is no measurement. A unit printed once over other
// numbers still carries ("35.58M" beside "203.11M ops/sec"), and a header
// that names a rate keeps its column a measurement.
func TestBaselineColumn(t *testing.T) {
	if c := Classify("台式机A", []string{"1", "1", "1", "1", "1", "100MB/s"}); c.Kind == Measurement {
		t.Errorf("baseline column: %+v, want no measurement", c)
	}
	if c := Classify("ops", []string{"35.58M", "203.11M ops/sec"}); c.Kind != Measurement {
		t.Errorf("unit printed once: %+v, want a measurement", c)
	}
	if c := Classify("MB/s", []string{"1", "1", "100MB/s"}); c.Kind != Measurement {
		t.Errorf("a header naming the rate: %+v, want a measurement", c)
	}
}

// TestChineseRateHeaders: Chinese headers name a rate by "每秒" (a
// second) before the count, or by "秒" after it ("事务数/秒": transactions
// a second), as an Oracle book's translated tables print them
// (testdata/public/headers, with their figures) and the glossaries of
// performance tests do ("每秒查询数"); "秒" after no count is a time's
// unit ("CPU 时间（秒）", "已用时间（秒）", the same tables' times).
func TestChineseRateHeaders(t *testing.T) {
	for h, c := range map[string]struct {
		cells []string
		want  string
	}{
		"每秒事务数":     {[]string{"55.0", "55.0"}, TPS},
		"事务数/秒":     {[]string{"82.2", "82.2"}, TPS},
		"每秒查询数":     {[]string{"55.0", "82.2"}, QPS},
		"CPU 时间（秒）": {[]string{"0.80", "0.77"}, ""},
		"已用时间（秒）":   {[]string{"0.79", "0.75"}, ""},
	} {
		if got := Classify(h, c.cells).Metric; got != c.want {
			t.Errorf("Classify(%q) metric %q, want %q", h, got, c.want)
		}
	}
}
