package collect

import (
	"bufio"
	"bytes"
	"encoding/json"
	"html"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/parse"
)

func TestPathLabels(t *testing.T) {
	tests := []struct {
		in   string
		want map[string]string
	}{
		{"results/engine=rocksdb/run1.log", map[string]string{"engine": "rocksdb"}},
		{"results/engine=innodb/threads=16/repeat=2/out.txt", map[string]string{"engine": "innodb", "threads": "16", "repeat": "2"}},
		{"a/version=v3.0.log", map[string]string{"version": "v3.0"}},
		{"plain/dir/file.log", map[string]string{}},
		{"odd/=x/y=/file", map[string]string{}},
	}
	for _, tt := range tests {
		if got := PathLabels(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("PathLabels(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestParseInput(t *testing.T) {
	dir := t.TempDir()
	withEq := filepath.Join(dir, "engine=rocksdb")
	if err := os.Mkdir(withEq, 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		arg  string
		want Input
	}{
		{"-", Input{Path: "-"}},
		{"innodb=results/a", Input{Name: "innodb", Path: "results/a"}},
		{withEq, Input{Path: withEq}},
		{"x/y=z", Input{Path: "x/y=z"}},
	}
	for _, tt := range tests {
		if got := ParseInput(tt.arg); got != tt.want {
			t.Errorf("ParseInput(%q) = %+v, want %+v", tt.arg, got, tt.want)
		}
	}
}

func readFixture(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func cleanString(t *testing.T, s string) (string, string) {
	t.Helper()
	r, kind, err := Clean(bufio.NewReader(strings.NewReader(s)))
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), kind
}

// TestCleanPage wraps a real sysbench transcript the way blog pages carry
// it and checks that cleaning gives back the original text.
func TestCleanPage(t *testing.T) {
	orig := readFixture(t, "../testdata/public/sysbench-1.0/sb1.0.20-oltp-rw-4thr-5s-interval-terminal-paste.txt")
	lines := strings.Split(strings.TrimRight(orig, "\n"), "\n")

	t.Run("plain text passes through", func(t *testing.T) {
		got, kind := cleanString(t, orig)
		if kind != "" || got != orig {
			t.Errorf("plain text changed (kind %q)", kind)
		}
	})
	t.Run("html pre with br", func(t *testing.T) {
		var b strings.Builder
		b.WriteString("<!DOCTYPE html><html><head><style>p{}</style><script>var a='<br>';</script></head><body><pre><code>")
		for _, l := range lines {
			b.WriteString(html.EscapeString(l) + "<br/>")
		}
		b.WriteString("</code></pre></body></html>")
		got, kind := cleanString(t, b.String())
		if kind != "HTML tags and entities" {
			t.Fatalf("kind = %q", kind)
		}
		if !strings.Contains(got, strings.Join(lines, "\n")) {
			t.Errorf("cleaned HTML does not hold the original lines:\n%s", got)
		}
		if strings.Contains(got, "var a") {
			t.Errorf("script content kept")
		}
	})
	t.Run("json page source", func(t *testing.T) {
		body := strings.Join(lines, `\r\n`)
		body = strings.ReplaceAll(body, "/", `\/`)
		page := `{"post":{"title":"sysbench","content":"` + body + `"}}`
		got, kind := cleanString(t, page)
		if kind != "JSON string escapes" {
			t.Fatalf("kind = %q", kind)
		}
		if !strings.Contains(got, strings.Join(lines, "\n")) {
			t.Errorf("cleaned JSON does not hold the original lines:\n%s", got)
		}
	})
}

// TestCleanMarkdownTableBreaks checks that <br> inside the cells of a
// markdown table (a README's environment table) does not make the file
// an HTML page: it is passed through unchanged, so that line numbers are
// the file's.
func TestCleanMarkdownTableBreaks(t *testing.T) {
	md := "## Entorno\n\n| Componente | Especificaciones |\n| --- | --- |\n" +
		"| **VM** | Ubuntu Server 22.04<br>VirtualBox 7.0.16<br>Disco: 10 GB<br>RAM: 2 GB<br>CPU: 2 núcleos |\n" +
		"| **Docker** | Imagen base: Ubuntu 22.04<br>Docker 28.0.4<br>RAM: 2 GB<br>CPU: 2 núcleos |\n\n" +
		"| Entorno | Hilos | Eventos/s |\n| --- | --- | --- |\n| VM | 2 | 6721 |\n"
	if got, kind := cleanString(t, md); kind != "" || got != md {
		t.Errorf("markdown with <br> in table cells cleaned as %q:\n%s", kind, got)
	}
	// The same breaks outside a table row still mark a page.
	page := strings.ReplaceAll(md, "|", "")
	if _, kind := cleanString(t, page); kind != "HTML tags and entities" {
		t.Errorf("<br> outside table rows: kind %q, want HTML", kind)
	}
}

func TestUnescapeJSONText(t *testing.T) {
	got := string(unescapeJSONText([]byte(`a\r\nb\nc\t\"d\"\/e\\f\u00e9\u4e2d\x`)))
	want := "a\nb\nc\t\"d\"/e\\fé中\\x"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestStripHTMLEntities(t *testing.T) {
	got := string(stripHTML([]byte(`<p>a &amp; b &lt;c&gt; &#39;d&#39; &#x4e2d; &unknown; x</p><table><tr><td>1</td><td>2</td></tr></table>`)))
	// Block tags break lines, but never add a break where the text
	// already has one: line numbers stay those of the page. A table is
	// kept as written, for parse to lay out its rows and spans.
	want := "a & b <c> 'd' 中 &unknown; x\n<table><tr><td>1</td><td>2</td></tr></table>"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestStripHTMLKeepsTextAndLines: a Markdown page with HTML tables
// (train16/t108, a blog post's source) holds heredocs ("<<EOF") and
// placeholders ("<db_host>") in its commands: text, not tags, which
// swallowed the sixteen lines up to the next '>'. Its tags stand on
// lines of their own, so every line keeps its number and the runs say
// so; a tag that breaks a line of text renumbers the lines after it.
func TestStripHTMLKeepsTextAndLines(t *testing.T) {
	raw, err := os.ReadFile("../testdata/public/train16/t108-md-qps-tables-threads-by-four-systems-three-read-write-mixes-latency-and-improvement-tables-html-tables-front-matter.txt")
	if err != nil {
		t.Fatal(err)
	}
	r, kind, renumbered, err := cleanText(bufio.NewReader(bytes.NewReader(raw)))
	if err != nil || kind != "HTML tags and entities" {
		t.Fatalf("kind %q, err %v", kind, err)
	}
	got, _ := io.ReadAll(r)
	if renumbered || bytes.Count(got, []byte{'\n'}) != bytes.Count(raw, []byte{'\n'}) {
		t.Errorf("renumbered %v: %d lines, the page has %d", renumbered, bytes.Count(got, []byte{'\n'}), bytes.Count(raw, []byte{'\n'}))
	}
	for _, s := range []string{"kubectl create -f - <<EOF\napiVersion: v1\n", "host:<db_host>,user:root,password:<db_password>,"} {
		if !bytes.Contains(got, []byte(s)) {
			t.Errorf("cleaned text lost %q", s)
		}
	}
	if lines := strings.Split(string(got), "\n"); len(lines) < 167 || !strings.HasPrefix(lines[166], "| 25      | 10516.35") {
		t.Errorf("line 167 of the cleaned text is not the page's first QPS row")
	}
	_, _, renumbered, _ = cleanText(bufio.NewReader(strings.NewReader(strings.Repeat("<p>a</p><p>b</p><div>c</div>\n", 3))))
	if !renumbered {
		t.Error("tags breaking lines of text: renumbered false")
	}
}

// TestWalkErrorsAndOrder checks that missing inputs become errors naming
// them, that the other inputs are still read, and that files a directory
// walk must pass over (images, plans, hidden files) are passed over, and
// that a README with no results in it is read without complaint.
func TestWalkErrorsAndOrder(t *testing.T) {
	dir := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "engine=rocksdb"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "engine=rocksdb", "notes.txt"), []byte("just prose\n"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "chart.png"), []byte("\x89PNG\r\n\x1a\n\x00\x00"), 0o644))
	must(os.WriteFile(filepath.Join(dir, ".hidden.log"), []byte("x\n"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "plan.yaml"), []byte("threads: [1]\n"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "README.md"), []byte("# Results\nSee the logs.\n"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "run.sysbench"), []byte("#!/bin/sh\nsysbench --test=oltp run | tee out.res\n"), 0o644))
	var items []parse.Item
	err := Walk([]string{filepath.Join(dir, "missing.log"), dir}, func(it parse.Item) { items = append(items, it) })
	if err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, it := range items {
		e, ok := it.(*parse.Error)
		if !ok {
			t.Fatalf("unexpected item %T", it)
		}
		msgs = append(msgs, strings.TrimPrefix(e.Error(), dir+"/"))
	}
	want := []string{
		"missing.log: cannot read input: no such file or directory",
		"engine=rocksdb/notes.txt: no benchmark output or capture found in 1 line (expected sysbench, mysqlslap, a summary table, lscpu, lsblk, free, /proc/meminfo or mysql client output)",
	}
	if !reflect.DeepEqual(msgs, want) {
		t.Errorf("errors:\n%q\nwant\n%q", msgs, want)
	}
}

func TestWalkGzip(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "bad.log.gz")
	if err := os.WriteFile(p, []byte("not gzip"), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := Load([]string{p})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Errors) != 1 || !strings.HasPrefix(d.Errors[0].Message, "not a gzip file") {
		t.Errorf("errors = %+v", d.Errors)
	}
}

func TestTestFromPath(t *testing.T) {
	tests := []struct{ in, want string }{
		{"report.example/oltp_read_write_128threads.log", "oltp_read_write"},
		{"testdata/public/sysbench-1.0/sb1.0.20-oltp_read_write-8thr.log", "oltp_read_write"},
		{"runs/oltp_point_select-4.txt", "oltp_point_select"},
		{"runs/test=custom/x.log", "custom"},
		{"cpuinfo.txt", ""},
		{"sb0.4.12-cpu-1thr.txt", "cpu"},
		{"results/run1.log", ""},
		// A thread count, not the threads test.
		{"tidb-oltp-table-threads-128x3.txt", ""},
		{"cpu-16-threads.log", "cpu"},
		{"sb0.5-grep-filtered-threads-column.txt", ""},
		{"cpu-vs-mutex.log", ""},
		{"runs/test=threads/x.log", "threads"},
	}
	for _, tt := range tests {
		if got := testFromPath(tt.in); got != tt.want {
			t.Errorf("testFromPath(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestWalkInsideCampaign: a system folder or one file of the embedded
// demo campaign, named on its own, still gets the manifest's labels.
func TestWalkInsideCampaign(t *testing.T) {
	for _, in := range []string{"../examples/demo-campaign/rocksdb", "../examples/demo-campaign/rocksdb/oltp_insert/4thr-r2.txt"} {
		d, err := Load([]string{in})
		if err != nil || len(d.Errors) > 0 || len(d.Runs) == 0 {
			t.Fatalf("%s: %v %v %d runs", in, err, d.Errors, len(d.Runs))
		}
		for _, r := range d.Runs {
			if r.Labels["system"] != "rocksdb" || r.Labels["campaign"] != "demo" || r.Labels["repeat"] == "" {
				t.Errorf("%s:%d: labels %v", r.Source, r.Line, r.Labels)
			}
		}
	}
	d, err := Load([]string{"../examples/demo-campaign/rocksdb"})
	if err != nil || len(d.Runs) != 60 {
		t.Errorf("rocksdb folder: %d runs (want 4 workloads × 5 thread counts × 3 repeats), %v", len(d.Runs), err)
	}
}

// TestInputLabel: a run that nothing else labels carries the input it
// was read from: its directory below a directory given as input, the
// file itself when given, named below what the inputs have in common; a
// run whose path labels it carries none.
func TestInputLabel(t *testing.T) {
	dir := t.TempDir()
	log, err := os.ReadFile("../testdata/public/legacy-archive/series15/res01/sysbench.ro.8.res")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"top.res", "res01/a.res", "old/res02/a.res", "engine=aria/a.res"} {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), log, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	walk := func(inputs ...string) map[string]string {
		got := map[string]string{}
		if err := Walk(inputs, func(it parse.Item) {
			if r, ok := it.(*parse.Run); ok {
				rel, _ := filepath.Rel(dir, r.Source)
				got[filepath.ToSlash(rel)] = r.Labels[InputLabel] + "|" + r.LabelFrom[InputLabel]
			}
		}); err != nil {
			t.Fatal(err)
		}
		return got
	}
	const from = "|the input it was read from"
	got := walk(dir)
	want := map[string]string{"top.res": filepath.Base(dir) + from, "res01/a.res": "res01" + from,
		"old/res02/a.res": "old/res02" + from, "engine=aria/a.res": "|"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("one directory: %v, want %v", got, want)
	}
	// Two directories, as "compare old/ new/" names them.
	got = walk(filepath.Join(dir, "res01"), filepath.Join(dir, "old", "res02"))
	want = map[string]string{"res01/a.res": "res01" + from, "old/res02/a.res": "old/res02" + from}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("two directories: %v, want %v", got, want)
	}
	// Two files, as benchstat names them.
	got = walk(filepath.Join(dir, "res01", "a.res"), filepath.Join(dir, "top.res"))
	want = map[string]string{"res01/a.res": "res01/a.res" + from, "top.res": "top.res" + from}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("two files: %v, want %v", got, want)
	}
}

// TestFileStem checks the names that tell experiments of one directory
// apart: words differ (long and short ranges in hgxl64/mariadb-benchmarks
// MDEV-16413), not numbers (thread counts, repeat counters, copies).
func TestFileStem(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"sysbench.ro.long.16.res", "sysbench.ro.long.res"},
		{"sysbench.ro.short.256.res", "sysbench.ro.short.res"},
		{"sysbench.rw.80.32.res", "sysbench.rw.res"},
		{"oltp_read_write_8threads.log", "oltp_read_write.log"},
		{"oltp_8thr_run2.log", "oltp.log"},
		{"oltp.log.1", "oltp.log"},
		{"oltp (1).log", "oltp.log"},
		{"128.txt", "txt"},
		{"before.log", "before.log"},
	} {
		if got := FileStem(tt.in); got != tt.want {
			t.Errorf("FileStem(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestFileLabel checks that a run read in a directory walk carries the
// stem of its file's name, and a file given as an input does not (its
// input label names it).
func TestFileLabel(t *testing.T) {
	dir := "../testdata/public/legacy-archive/mdev16413-utf8-general"
	got := map[string]string{}
	if err := Walk([]string{dir, dir + "/res01/sysbench.ro.long.8.res"}, func(it parse.Item) {
		if r, ok := it.(*parse.Run); ok {
			rel, _ := filepath.Rel(dir, r.Source)
			got[filepath.ToSlash(rel)] += r.Labels[FileLabel] + "|"
		}
	}); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"res01/sysbench.ro.long.8.res":   "sysbench.ro.long.res||",
		"res01/sysbench.ro.long.64.res":  "sysbench.ro.long.res|",
		"res01/sysbench.ro.short.8.res":  "sysbench.ro.short.res|",
		"res01/sysbench.ro.short.64.res": "sysbench.ro.short.res|",
		"res02/sysbench.ro.long.8.res":   "sysbench.ro.long.res|",
		"res02/sysbench.ro.long.64.res":  "sysbench.ro.long.res|",
		"res02/sysbench.ro.short.8.res":  "sysbench.ro.short.res|",
		"res02/sysbench.ro.short.64.res": "sysbench.ro.short.res|",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("file labels %v, want %v", got, want)
	}
}

// TestHTMLSectionHeadings: a page's <h2> sections naming two servers, each
// above a <pre> of a real 1.0.20 run, give two systems, as the Markdown
// "## MariaDB 10.6" sections do (the runs were pooled as repeats).
func TestHTMLSectionHeadings(t *testing.T) {
	data, err := os.ReadFile("../testdata/public/sysbench-1.0/sb1.0.20-oltp-legacy-16thr-p99-mixed-notes-no-header.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	out := strings.Join(lines[226:453], "\n") // the banner to the fairness block
	page := "<html><body><h1>Benchmarks</h1><h2>MariaDB 10.6</h2><p>With the packaged defaults.</p><pre>\n" + out +
		"</pre><h2>MySQL 8.0</h2><p>The same machine.</p><pre>\n" + out + "</pre></body></html>"
	r, kind, err := Clean(bufio.NewReader(strings.NewReader(page)))
	if err != nil || kind == "" {
		t.Fatalf("Clean: kind %q, err %v", kind, err)
	}
	doc, err := parse.All(r, "page.html")
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Runs) != 2 || doc.Runs[0].Labels["heading"] != "MariaDB 10.6" || doc.Runs[1].Labels["heading"] != "MySQL 8.0" ||
		doc.Runs[0].TPS == nil || *doc.Runs[0].TPS != 91.56 {
		t.Fatalf("%d runs; headings %v", len(doc.Runs), doc.Runs)
	}
}

// TestCampaignCopiesKeepTheirCaptures: two campaigns side by side with the
// same systems and run IDs (the demo campaign copied, as nightly campaigns
// are kept): each run is tied to the captures of its own campaign — its
// two status snapshots, its system's table status, variables and version,
// the host's free — never to those of the other campaign.
func TestCampaignCopiesKeepTheirCaptures(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []string{"night1", "night2"} {
		if err := os.CopyFS(filepath.Join(dir, c), os.DirFS("../examples/demo-campaign")); err != nil {
			t.Fatal(err)
		}
	}
	d, err := LoadWith([]string{dir}, Options{StatusKeep: []string{"Questions"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 360 {
		t.Fatalf("%d runs, want 360", len(d.Runs))
	}
	for _, r := range d.Runs {
		night := strings.Split(filepath.ToSlash(strings.TrimPrefix(r.Source, dir)), "/")[1]
		if len(r.Captures) != 9 {
			t.Errorf("%s: %d captures, want 9: %v", r.Source, len(r.Captures), r.Captures)
			continue
		}
		for _, id := range r.Captures {
			if !strings.HasPrefix(id, filepath.Join(dir, night)+string(filepath.Separator)) {
				t.Errorf("%s names %s, of another campaign", r.Source, id)
			}
		}
	}
	r := d.Runs[0]
	stem := strings.TrimSuffix(r.Source, ".txt")
	if r.Captures[0] != stem+".status.txt.gz:2" || r.Captures[1] != stem+".status.txt.gz:675" {
		t.Errorf("%s: snapshots %v, want its own status file's two", r.Source, r.Captures[:2])
	}
}

// TestSkipStatus: with SkipStatus the demo campaign's 360 status
// snapshots are not read, and its 180 runs are the same, each naming its
// 7 other captures (the 9 less its two snapshots).
func TestSkipStatus(t *testing.T) {
	all, err := Load([]string{"../examples/demo-campaign"})
	if err != nil {
		t.Fatal(err)
	}
	d, err := LoadWith([]string{"../examples/demo-campaign"}, Options{SkipStatus: true})
	if err != nil {
		t.Fatal(err)
	}
	status := 0
	for _, v := range all.Variables {
		if v.Kind == "status" {
			status++
		}
	}
	if status != 360 {
		t.Fatalf("%d snapshots read without SkipStatus, want 360", status)
	}
	for _, v := range d.Variables {
		if v.Kind == "status" {
			t.Fatalf("%s:%d: a status snapshot read with SkipStatus", v.Source, v.Line)
		}
	}
	if len(d.Variables) != len(all.Variables)-360 {
		t.Errorf("%d captures of variables, want %d", len(d.Variables), len(all.Variables)-360)
	}
	if len(d.Runs) != 180 || len(all.Runs) != 180 {
		t.Fatalf("%d and %d runs, want 180", len(d.Runs), len(all.Runs))
	}
	for i, r := range d.Runs {
		a := all.Runs[i]
		if len(r.Captures) != 7 || !reflect.DeepEqual(r.Captures, a.Captures[2:]) {
			t.Errorf("%s: captures %v, want %v", r.Source, r.Captures, a.Captures[2:])
		}
		r.Captures, a.Captures = nil, nil
		x, _ := json.Marshal(r)
		y, _ := json.Marshal(a)
		if string(x) != string(y) {
			t.Errorf("%s: the run differs with SkipStatus:\n%s\n%s", r.Source, x, y)
		}
	}
}

// An HTML page's output without banner or options header, under a list
// of commands in <li><code> items whose last is memory's (train11/t93),
// is read once the page is cleaned as the cpu run its own "CPU speed:"
// section says, with a warning naming the command set aside.
func TestCleanedPageOutputUnderAnotherTestsCommand(t *testing.T) {
	b, err := os.ReadFile("../testdata/public/train11/t93-sb1.0-cpu-8-threads-html-pre-code-in-blockquote-under-list-of-cpu-and-memory-commands-rpi-notes-excerpt.txt")
	if err != nil {
		t.Fatal(err)
	}
	text, kind := cleanString(t, string(b))
	if kind != "HTML tags and entities" {
		t.Fatalf("kind %q, want HTML", kind)
	}
	d, err := parse.All(strings.NewReader(text), "t93")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(d.Runs))
	}
	r := d.Runs[0]
	if r.Test != "cpu" || r.EPS == nil || *r.EPS != 500.60 || r.Threads == nil || *r.Threads != 8 || r.Command != "" ||
		!strings.Contains(strings.Join(r.Warnings, "\n"), `test cpu as the output's "CPU speed:" section says, not the memory of the command it was given: sysbench memory --threads=8 run`) {
		t.Errorf("test %q, eps %v, threads %v, command %q, warnings %q", r.Test, r.EPS, r.Threads, r.Command, r.Warnings)
	}
}

// TestStringLiteralOutputNotDecodedWhole: a script whose escaped line
// breaks all stand in string literals holding sysbench's output
// (train14 t100, t102: nearly all of its bytes escaped text) is passed to
// the reader as it is, not decoded whole as a page's JSON source: its
// runs keep the script's line numbers and t100 its banner's version.
// Text that is all escaped otherwise is still decoded (TestCleanPage).
func TestStringLiteralOutputNotDecodedWhole(t *testing.T) {
	for path, want := range map[string]struct {
		line    int
		version string
	}{
		"../testdata/public/train14/t100-sb1.0.17-cpu-1-thread-prime-5000-stdout-in-python-bytes-literal-with-escaped-newlines-deploy-script-excerpt.txt": {2, "1.0.17"},
		"../testdata/public/train14/t102-sb1.0.8-oltp-legacy-1-thread-interim-every-1s-stdout-in-python-bytes-literal-argument-excerpt.txt":               {2, "1.0.8"},
	} {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text, kind := cleanString(t, string(b))
		if kind != "" || text != string(b) {
			t.Errorf("%s: cleaned as %q", path[len(path)-30:], kind)
		}
		d, err := parse.All(strings.NewReader(text), "t")
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Runs) != 1 || d.Runs[0].Line != want.line || d.Runs[0].Version != want.version {
			t.Errorf("%s: runs %d, want one at line %d of %s", path[len(path)-30:], len(d.Runs), want.line, want.version)
		}
	}
}

// FuzzStripHTML: cleaning never fails and never loses a line break:
// every line of a page is still there, at its number or after the
// breaks its tags became.
func FuzzStripHTML(f *testing.F) {
	for _, s := range []string{
		"<p>a &amp; b</p><table><tr><td>1</td></tr></table>",
		"kubectl create -f - <<EOF\napiVersion: v1\n  value: \"host:<db_host>,user:root\"\nEOF\n",
		"<script>\nx<y\n</script>\n<h2>MySQL 8.0</h2>\n<!-- a\ncomment -->\n<pre>\n[ 1s ] thds: 8\n</pre>",
		"<div\nclass=\"a\">b</div><br/><<< <1> </ >",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		out := stripHTML(b)
		if got, want := bytes.Count(out, []byte{'\n'}), bytes.Count(b, []byte{'\n'}); got < want {
			t.Errorf("%d line breaks after cleaning, %d before", got, want)
		}
	})
}
