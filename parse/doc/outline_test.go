package doc

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// outlineAt reads a fixture through an Outline and returns the titles
// of the path at each of the given lines (after reading that line).
func outlineAt(t *testing.T, path string, lines ...int) map[int]string {
	t.Helper()
	return outlineSeen(t, path, (*Outline).Titles, lines...)
}

// outlineSeen reads a fixture through an Outline and returns what see
// makes of it at each of the given lines (after reading that line).
func outlineSeen(t *testing.T, path string, see func(*Outline) string, lines ...int) map[int]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[int]bool{}
	for _, l := range lines {
		want[l] = true
	}
	got := map[int]string{}
	var o Outline
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for no := 1; sc.Scan(); no++ {
		o.Add(no, sc.Text())
		if want[no] {
			got[no] = see(&o)
		}
	}
	return got
}

const pub = "../../testdata/public/"

// The caprice-j course notes (identity/SOURCES.md): "### CPU" over three
// runs, "#### Take 2" over their repeats, "### Memory" with "#### 16MB"
// under it, sysbench's own "General statistics:" lines inside fences
// making no section.
func TestOutlineNestedATXFencedOutput(t *testing.T) {
	got := outlineAt(t, pub+"identity/sb1.1.0-memory-block-size-32M-16M-8M-128M-repeats-cpu-fileio-rndrw-takes.txt",
		24, 110, 199, 296, 380, 600, 800)
	want := map[int]string{
		24:  "CPU",
		110: "CPU / Take 2",
		199: "Memory",
		296: "Memory / 16MB",
		380: "Memory", // an empty "####" ends the 16MB group
		600: "File I/O",
		800: "Appendix",
	}
	for l, w := range want {
		if got[l] != w {
			t.Errorf("line %d: path %q, want %q", l, got[l], w)
		}
	}
}

// A YAML front matter ("---", "title: ...", "category: benchmark",
// "---") makes no setext heading; the ATX headings after it nest
// (TiDB in Kubernetes report, identity/SOURCES.md).
func TestOutlineFrontMatterThenATX(t *testing.T) {
	got := outlineAt(t, pub+"identity/tidb-3.0.1-k8s-sysbench-1.0.17-tables-under-labels-same-table-reused-zh.txt",
		5, 16, 76, 80, 105)
	const h1 = "TiDB in Kubernetes Sysbench 性能测试"
	want := map[int]string{5: "", 16: h1 + " / 环境", 76: h1 + " / 环境 / 硬件配置 / 机器型号",
		// a short prose line ending in '：' labels the table below it
		80:  h1 + " / 环境 / 硬件配置 / 机器型号 / 在单可用区测试中，我们选择了如下型号机器",
		105: h1 + " / 环境 / 硬件配置 / 磁盘"}
	for l, w := range want {
		if got[l] != w {
			t.Errorf("line %d: path %q, want %q", l, got[l], w)
		}
	}
}

// SHOW ENGINE INNODB STATUS prints its sections as upper-case titles
// framed by dashes ("-----------------", "BACKGROUND THREAD", ...): each
// is a banner that replaces the one before (sb0.5 notes with tail -f,
// sysbench-0.5/).
func TestOutlineFramedBanners(t *testing.T) {
	got := outlineAt(t, pub+"sysbench-0.5/sb0.5-oltp-10thr-p99-mixed-notes-tail-f-4digit-time.txt", 441, 447)
	if got[441] != "BACKGROUND THREAD" || got[447] != "SEMAPHORES" {
		t.Errorf("banners: %q at 441, %q at 447", got[441], got[447])
	}
}

// A dashed rule after a blank line separates runs of a loop's log; it
// underlines nothing (the Raspberry Pi nested-loop log, identity/: the
// output is not fenced, so sysbench's "Threads fairness:" is read here
// as a label line, which parse never gives the outline).
func TestOutlineRuleAfterBlankIsNoHeading(t *testing.T) {
	got := outlineAt(t, pub+"identity/sb0.4.12-cpu-rpi-11-thread-counts-x3-repeats-from-nested-loop-log.txt", 30, 60)
	if got[30] != "Threads fairness" || got[60] != "Running the test with following options" {
		t.Errorf("rules between runs made headings: %q, %q", got[30], got[60])
	}
}

// Lines of the older fixtures, each alone: the form and title of the
// heading it makes, or none.
func TestLineHeadingForms(t *testing.T) {
	for _, c := range []struct {
		line  string
		form  Form
		title string
	}{
		{"**安裝步驟**", Emphasis, "安裝步驟"},              // identity/sb0.5-lua-scripts-...-zh-tw.txt:105
		{"**Dockerfile:**", Emphasis, "Dockerfile"}, // identity/sb-cpu-virtualbox-vm-vs-docker-...-es.txt:73
		{"## 并发测试", ATX, "并发测试"},                    // identity/mysqlslap-windows-cmd-prompts-...-zh.txt:14
		{"#### Take 2", ATX, "Take 2"},
		{"#####way1: resource-install", 0, ""}, // no space after the marks: no ATX heading
		{"####", ATX, ""},                      // an empty heading, which ends sections
		{"BACKGROUND THREAD", Banner, "BACKGROUND THREAD"},
		{"COMMIT", 0, ""}, // one upper-case word, unframed: output, not a banner
		{"Threads fairness:", Colon, "Threads fairness"},
		{"推薦使用源碼包安裝，在源碼包安裝不成功時，再使用rpm包安裝，但測試時仍舊需要使用到源碼包。", 0, ""},
		{"1. Test with 10 threads", Step, "Test with 10 threads"},
		{"<h3>Raspberry Pi 4 &amp; 5</h3>", HTML, "Raspberry Pi 4 & 5"},
		{"- graviton2", Item, "graviton2"},
		{"    events (avg/stddev):           323.0000/0.00", 0, ""},
		// psql's command tag and password prompt in a transcript:
		// identity/sb1.0-pgsql-oltp-legacy-lua-by-path-...-vi.txt:18, :26, :82
		{"    CREATE DATABASE", 0, ""},
		{"    Password for user sbtest: ", 0, ""},
		{"Enter password:", 0, ""},
		{"=== CREATE TABLES ===", Banner, "CREATE TABLES"}, // framed: the author's own banner
	} {
		h, ok := lineHeading(strings.TrimSpace(c.line), false)
		if !ok {
			h = Heading{}
		}
		if h.Form != c.form || h.Title != c.title {
			t.Errorf("%q: form %d title %q, want %d %q", c.line, h.Form, h.Title, c.form, c.title)
		}
	}
}

// A setext title: the line above "===" (level 1) or "---" (level 2).
func TestOutlineSetext(t *testing.T) {
	var o Outline
	lines := []string{"MySQL 8.0 on my laptop", "======================", "", "Read only", "---------", "", "text"}
	for i, l := range lines {
		o.Add(i+1, l)
	}
	if got := o.Titles(); got != "MySQL 8.0 on my laptop / Read only" {
		t.Errorf("setext path %q", got)
	}
	if p := o.Path(); len(p) != 2 || p[0].Level != 1 || p[1].Level != 2 || p[1].Line != 4 || p[0].Form != Setext {
		t.Errorf("setext headings %+v", p)
	}
}

func TestCounter(t *testing.T) {
	for _, c := range []struct {
		in    string
		shape string
		n     int
		ok    bool
	}{
		{"Take 2", "take #", 2, true},
		{"第2次", "第#次", 2, true},
		{"r3", "r#", 3, true},
		{"16MB", "#mb", 16, true},
		{"1.5 GHz", "", 0, false},
		{"node 2 of 3", "", 0, false},
		{"CPU", "", 0, false},
	} {
		s, n, ok := Counter(c.in)
		if s != c.shape || n != c.n || ok != c.ok {
			t.Errorf("Counter(%q) = %q %d %v, want %q %d %v", c.in, s, n, ok, c.shape, c.n, c.ok)
		}
	}
	for _, c := range []struct {
		in   []string
		want bool
	}{
		{[]string{"", "Take 2"}, true}, // the caprice-j notes: the first take has no heading
		{[]string{"Take 1", "Take 2", "Take 3"}, true},
		{[]string{"16MB", "128MB"}, false}, // sizes, not a count
		{[]string{"", "16MB"}, false},
		{[]string{"Take 1", "Take 1"}, false},
		{[]string{"Take 1", "Round 2"}, false},
		{[]string{""}, false},
	} {
		if got := Enumerates(c.in); got != c.want {
			t.Errorf("Enumerates(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

// A real output with a blank line after every line is spaced; the output
// as printed, and Markdown prose, are not.
func TestSpaced(t *testing.T) {
	b, err := os.ReadFile("../../testdata/real/sysbench-1.0.20-cpu-2thr.txt")
	if err != nil {
		t.Fatal(err)
	}
	if Spaced(string(b)) {
		t.Error("the output as printed taken for a reprint")
	}
	if !Spaced(strings.ReplaceAll(string(b), "\n", "\n\n")) {
		t.Error("the reprint not recognised")
	}
	if !Spaced("> " + strings.ReplaceAll(strings.TrimSuffix(string(b), "\n"), "\n", "\n>\n> ") + "\n") {
		t.Error("the reprint quoted in Markdown, '>' between its lines, not recognised")
	}
	if Spaced("> " + strings.ReplaceAll(strings.TrimSuffix(string(b), "\n"), "\n", "\n> ") + "\n") {
		t.Error("the output quoted as printed taken for a reprint")
	}
	p, err := os.ReadFile(pub + "identity/tidb-3.0.1-k8s-sysbench-1.0.17-tables-under-labels-same-table-reused-zh.txt")
	if err != nil {
		t.Fatal(err)
	}
	if Spaced(string(p)) {
		t.Error("a Markdown page taken for a reprint")
	}
	// A Chinese note on MySQL tools exported with a blank line after
	// every line but its code fences, which stand next to the lines they
	// enclose (train/SOURCES.md).
	n, err := os.ReadFile(pub + "train/t27-blank-line-reprint.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !Spaced(string(n)) {
		t.Error("a reprint whose fences are not spaced not recognised")
	}
	if Spaced(strings.ReplaceAll(string(n), "\n\n", "\n")) {
		t.Error("the same note without its blank lines taken for a reprint")
	}
}

// The Spanish VM-vs-Docker write-up (identity/SOURCES.md) uses the title
// "### 🌟 Objetivo" twice, with different text under each (the aim of the
// sysbench test in section 4, of the 2048 game in section 5): named a
// second time, the title takes the first line of its text the first one
// lacks. "#### En Docker:" twice, with only code under each, keeps its
// name; so does "### mysql" under three tests of the mesh-port notes.
func TestOutlineNameRepeatedTitle(t *testing.T) {
	names := func(path string, lines ...int) map[int]string {
		return outlineSeen(t, path, func(o *Outline) string {
			var parts []string
			for k := range o.Path() {
				parts = append(parts, o.Name(k))
			}
			return strings.Join(parts, " / ")
		}, lines...)
	}
	const es = "identity/sb-cpu-virtualbox-vm-vs-docker-table-hilos-eventos-s-total-eventos-comma-thousands-average-of-5-es.txt"
	got := names(pub+es, 37, 67, 45, 108)
	if !strings.HasSuffix(got[37], " / 🌟 Objetivo") {
		t.Errorf("first Objetivo: %q", got[37])
	}
	// (an intro line is kept to MaxTitle runes)
	if !strings.HasSuffix(got[67], " / 🌟 Objetivo (Observar y comparar el uso de recursos del sistema al ejecutar una aplicación in)") {
		t.Errorf("second Objetivo: %q", got[67])
	}
	if !strings.HasSuffix(got[45], " / En Docker") || !strings.HasSuffix(got[108], " / En Docker") {
		t.Errorf("En Docker: %q, %q", got[45], got[108])
	}
	mesh := names(pub+"identity/sb1.0-oltp-ro-rw-wo-for-loop-threads-grep-transactions-mysql-vs-database-mesh-port.txt", 20, 50, 75)
	for _, l := range []int{20, 50, 75} {
		if !strings.HasSuffix(mesh[l], " / mysql") {
			t.Errorf("line %d: %q", l, mesh[l])
		}
	}
}

// TestAssignmentItem: a list item that sets one setting is a section
// of the block below it, as a README tuning haproxy labels each
// mysqlslap block with "* maxconn=80" (testdata/public/holdout6, already
// scored); an option, a shell variable, a list of values and prose are
// not settings.
func TestAssignmentItem(t *testing.T) {
	for in, want := range map[string]bool{
		"maxconn=80": true, "innodb_flush_log_at_trx_commit = 0": true, "sync_binlog=1": true, "net.core.somaxconn=4096": true,
		"--threads=8": false, "$N=4": false, "maxconn=100,120,140,180": false, "a = b = c": false, "the result = good": false, "=1": false,
	} {
		if got := Assignment(in); got != want {
			t.Errorf("Assignment(%q) = %v, want %v", in, got, want)
		}
	}
	if title, ok := listItem("* maxconn=80"); !ok || title != "maxconn=80" {
		t.Errorf("listItem(\"* maxconn=80\") = %q, %v", title, ok)
	}
}

// TestRepeatParent: notes benchmarking machines one after another
// (testdata/public/holdout, already scored) give each machine a "##"
// section with "### CPU", "### 内存" and "### 硬盘" under it: the second
// "### CPU" is named by its machine too, and so is every later one; the
// first is not.
func TestRepeatParent(t *testing.T) {
	got := outlineSeen(t, pub+"holdout/sb1.0.20-cpu-memory-fileio-machines-only-in-headings-same-heading-twice-different-image-zh.txt",
		func(o *Outline) string { return o.RepeatParent(len(o.Path()) - 1) }, 15, 51, 149, 185, 498, 702)
	want := map[int]string{15: "", 51: "", 149: "AMD 7900 台式机", 185: "AMD 7900 台式机", 498: "阿里云 ECS e-c1m1.large", 702: "阿里云 ECS e-c1m1.large"}
	for line, w := range want {
		if got[line] != w {
			t.Errorf("line %d: RepeatParent %q, want %q", line, got[line], w)
		}
	}
}

// A heading's table-of-contents anchor is no part of its name: "## 5.1 -
// Benchmark 💪🏻 <a name="5.1"></a>" over a sysbench cpu run in a
// Raspberry Pi carrier board's README (code index file id 45254538285,
// the README behind train/t25) is "5.1 - Benchmark 💪🏻".
func TestOutlineATXAnchorsDropped(t *testing.T) {
	for in, want := range map[string]string{
		`## 5.1 - Benchmark 💪🏻 <a name="5.1"></a>`: "5.1 - Benchmark 💪🏻",
		`# 5 - TIPS <a name="5"></a>`:              "5 - TIPS",
	} {
		h, ok := lineHeading(in, false)
		if !ok || h.Title != want {
			t.Errorf("%q: %q (%v), want %q", in, h.Title, ok, want)
		}
	}
}

// TestOutlineInsideBlockQuote reads headings, captions and fences behind
// block quote markers as it reads them without: a reply quoting a post
// (t71, a Chinese post whose outputs are all quoted) and a mail quoting
// a patch's cover letter (t94, linux-mm). Before, the quoted output's
// lines were taken for titles ("> Latency (ms)") and the marker was part
// of a title ("> Run sysbench in oltp complex mode for 1 hour").
func TestOutlineInsideBlockQuote(t *testing.T) {
	const t71 = "../../testdata/public/train4/t71-quoted-outputs-under-headings-mysql-builds-and-ceph-zh.txt"
	const t94 = "../../testdata/public/train12/t94-sb0.4-oltp-complex-16-threads-without-vs-with-columns-side-by-side-wrapped-lines-quoted-reply-linux-mm-mail.txt"
	for path, want := range map[string]map[int]string{
		t71: {
			30: "mysql base / 测试结果",                // "> SQL statistics:" and what follows are a quoted fence's output
			45: "mysql base / 测试结果",                // "> Latency (ms):" too
			70: "mysql base / mysql 8 编译安装 / 测试结果", // the next section's quoted output
		},
		t94: {
			32:  "OLTP test statistics",                                 // the unquoted output above the quote
			133: "Setup",                                                // "> Setup" over "> ========": a setext heading
			184: "Setup / Run sysbench in oltp complex mode for 1 hour", // a quoted label, without its marker
			193: "Sysbench result / OLTP test statistics",
		},
	} {
		got := outlineAt(t, path, keys(want)...)
		for no, w := range want {
			if got[no] != w {
				t.Errorf("%s line %d: %q, want %q", path[strings.LastIndexByte(path, '/')+1:][:4], no, got[no], w)
			}
		}
	}
}

// TestOutlineQuotedFenceEndsWithTheQuote: a fence opened inside a block
// quote ends where the quote does, as in Markdown, so that the text of a
// reply below a quoted, unclosed fence is read as text. The lines are
// t71's: its quoted label and the opening of its quoted output fence,
// then (as a reply that quotes no more of it would go on) its next
// heading.
func TestOutlineQuotedFenceEndsWithTheQuote(t *testing.T) {
	var o Outline
	for no, l := range []string{"> 测试结果", ">", "> ```", "> SQL statistics:", "", "#### mysql 8 编译安装"} {
		o.Add(no+1, l)
	}
	if got := o.Titles(); got != "测试结果 / mysql 8 编译安装" && got != "mysql 8 编译安装" {
		t.Errorf("after the quoted fence: %q, want the heading below it", got)
	}
	o = Outline{}
	for no, l := range []string{"```", "> SQL statistics:", "", "#### mysql 8 编译安装"} {
		o.Add(no+1, l)
	}
	if got := o.Titles(); got != "" {
		t.Errorf("inside an unquoted fence: %q, want no heading (a fence opened outside a quote goes on)", got)
	}
}

func keys(m map[int]string) []int {
	var k []int
	for n := range m {
		k = append(k, n)
	}
	return k
}
