package parse

import (
	"github.com/sbreport/sbreport/parse/scan"
	"os"
	"slices"
	"strings"
	"testing"
)

func fixtureSpan(t *testing.T, path string, from, to int) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	return lines[from-1 : to]
}

const meshPort = "../testdata/public/identity/sb1.0-oltp-ro-rw-wo-for-loop-threads-grep-transactions-mysql-vs-database-mesh-port.txt"

// The seven transactions lines a grep-filtered loop left (identity/
// SOURCES.md, lines 20-26), quoted without the command that filtered
// them: each is a run's result, a new run starting where the field
// repeats.
func TestFieldLinesAloneAreRuns(t *testing.T) {
	lines := fixtureSpan(t, meshPort, 20, 26)
	runs := runsOf(t, "Results:\n\n"+strings.Join(lines, "\n")+"\n")
	want := []float64{44.01, 79.10, 135.95, 200.70, 235.32, 271.85, 266.23}
	if len(runs) != len(want) {
		t.Fatalf("%d runs, want %d", len(runs), len(want))
	}
	for i, r := range runs {
		if r.TPS == nil || *r.TPS != want[i] || r.Line != 3+i {
			t.Errorf("run %d: line %d tps %v, want line %d tps %v", i, r.Line, r.TPS, 3+i, want[i])
		}
	}
}

// The same lines as a loop prints them when it echoes its thread count
// before grep's output (`echo -n "$i "; sysbench ... | grep
// transactions:`): the count glued in front is the run's thread count.
func TestFieldLinesWithThreadsGlued(t *testing.T) {
	lines := fixtureSpan(t, meshPort, 20, 26)
	threads := []string{"1", "2", "4", "8", "16", "32", "64"}
	var b strings.Builder
	for i, l := range lines {
		b.WriteString(threads[i] + " " + strings.TrimSpace(l) + "\n")
	}
	runs := runsOf(t, b.String())
	if len(runs) != len(lines) {
		t.Fatalf("%d runs, want %d", len(runs), len(lines))
	}
	for i, r := range runs {
		if r.Threads == nil || threads[i] != itoa(*r.Threads) || r.TPS == nil {
			t.Errorf("run %d: threads %v tps %v, want %s threads", i, r.Threads, r.TPS, threads[i])
		}
	}
	if *runs[6].TPS != 266.23 {
		t.Errorf("last run tps %v, want 266.23", *runs[6].TPS)
	}
}

// A value with a note after it, as the sb1.0.3 annotated report writes
// them ("--总事务数(...)"), and the shapes of notes a reader adds; a
// command's options and prose keep theirs.
func TestStripNote(t *testing.T) {
	ann := fixtureSpan(t, "../testdata/public/sysbench-1.0/sb1.0.3-oltp-rw-15thr-annotated-inline-comments-no-header.txt", 29, 29)[0]
	for _, c := range [][2]string{
		{strings.TrimSpace(ann), "transactions:                        41229  (343.51 per sec.)"},
		{"transactions: 2641 (44.01 per sec.)   # best of three", "transactions: 2641 (44.01 per sec.)"},
		{"events per second: 337.06 // warm cache", "events per second: 337.06"},
		{"total time: 149.37s -- after reboot", "total time: 149.37s"},
		{"sysbench cpu --threads=4 --time=60 run", "sysbench cpu --threads=4 --time=60 run"},
		{"sysbench --time=60 --threads=4 run", "sysbench --time=60 --threads=4 run"},
		{"We ran it 3 times # and kept the best", "We ran it 3 times # and kept the best"}, // prose
		{"see issue #12", "see issue #12"},
	} {
		if got := stripNote(c[0]); got != c[1] {
			t.Errorf("stripNote(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}

// A reprint of real output with a blank line after every line (as pages
// that set each line as a paragraph do): read as the output itself.
func TestReprintBlankAfterEveryLine(t *testing.T) {
	b, err := os.ReadFile("../testdata/real/sysbench-1.0.20-cpu-2thr.txt")
	if err != nil {
		t.Fatal(err)
	}
	spaced := strings.ReplaceAll(string(b), "\n", "\n  \n")
	runs := runsOf(t, spaced)
	if len(runs) != 1 || runs[0].EPS == nil || *runs[0].EPS != 5043.49 || !runs[0].Complete {
		t.Fatalf("%d runs %+v", len(runs), runs)
	}
	// The same output as printed is not taken for a reprint.
	runs = runsOf(t, string(b))
	if len(runs) != 1 || runs[0].EPS == nil || *runs[0].EPS != 5043.49 {
		t.Fatalf("plain: %d runs", len(runs))
	}
}

// A prompt sign glued to the tool's name is a prompt: a Raspberry Pi 4
// characterisation README (public code index file id 36814694849)
// writes "```$sysbench cpu --threads=2 run```" and "```$sysbench
// --test=cpu --cpu-max-prime=10000 run```"; mysqlslap is typed so too. A
// shell variable is not, nor a hashtag without a command after it.
func TestPromptGluedToTool(t *testing.T) {
	for _, c := range [][3]string{
		{"$sysbench cpu --threads=2 run", "$", "sysbench cpu --threads=2 run"},
		{"$sysbench --test=cpu --cpu-max-prime=10000 run", "$", "sysbench --test=cpu --cpu-max-prime=10000 run"},
		{"$mysqlslap -a --concurrency=50", "$", "mysqlslap -a --concurrency=50"},
		// Root's prompt, from a Chinese mysqlslap tutorial whose commands
		// are bold lines (testdata/public/train/t26, "**#mysqlslap ...**").
		{"#mysqlslap -h127.0.0.1 -uroot -p123456789 --concurrency=100 --iterations=1 --create-schema=rudao --query=/tmp/query.sql",
			"#", "mysqlslap -h127.0.0.1 -uroot -p123456789 --concurrency=100 --iterations=1 --create-schema=rudao --query=/tmp/query.sql"},
		{"#mysqlslap", "", "#mysqlslap"},
		{"$mysqlslap", "", "$mysqlslap"},
		{"$MYSQLSLAP_OPTS -a", "", "$MYSQLSLAP_OPTS -a"},
	} {
		p, rest, _ := splitPrompt(c[0])
		if p != c[1] || rest != c[2] {
			t.Errorf("splitPrompt(%q) = %q, %q; want %q, %q", c[0], p, rest, c[1], c[2])
		}
	}
}

// A zsh theme's prompt draws a symbol and the directory, two spaces
// after each: lines of public Markdown notes (code index file ids
// 7894201656, 15628577917, 8185611302; found with find_string on "☁  ~  ").
// A symbol over a line with one space after its first word is no prompt.
func TestGlyphPrompt(t *testing.T) {
	for _, c := range [][3]string{
		{"☁  ~  brew install kettle", "☁  ~", "brew install kettle"},
		{"☁  8.2.0.0-342  cd libexec", "☁  8.2.0.0-342", "cd libexec"},
		{"☁  ~  docker login registry.gitlab.xxxx.com      ", "☁  ~", "docker login registry.gitlab.xxxx.com      "},
		{"(base) ☁  ~  python3 -m venv envs/env3.7.3", "(base) ☁  ~", "python3 -m venv envs/env3.7.3"},
		{"(env3.7.3) (base) ☁  ~  which python", "(env3.7.3) (base) ☁  ~", "which python"},
		// systemctl's status line in public notes (testdata/public/holdout6,
		// the aliyun cpu notes): one space after the unit's name.
		{"● mysqld.service - MySQL Server", "", "● mysqld.service - MySQL Server"},
	} {
		p, rest, _ := splitPrompt(c[0])
		if p != c[1] || rest != c[2] {
			t.Errorf("splitPrompt(%q) = %q, %q; want %q, %q", c[0], p, rest, c[1], c[2])
		}
	}
}

// Output that does not name its test, shown without a command after a
// run that had one: a heading naming another test between them ("*
// threads benchmark", as Occlum's sysbench demo README heads its threads
// command, public code index file id 5312051112) says the earlier
// command is not this run's.
func TestHeadingNamesTestOfOutputWithoutCommand(t *testing.T) {
	mutex, err := os.ReadFile("../testdata/real/sysbench-1.0.20-mutex-4thr.txt")
	if err != nil {
		t.Fatal(err)
	}
	threads, err := os.ReadFile("../testdata/real/sysbench-1.0.20-threads-4thr.txt")
	if err != nil {
		t.Fatal(err)
	}
	out := string(threads)
	out = out[strings.Index(out, "sysbench 1.0.20"):] // the output without its command
	runs := runsOf(t, string(mutex)+"\n* threads benchmark\n\n"+out)
	if len(runs) != 2 || runs[0].Test != "mutex" || runs[1].Test != "threads" {
		for _, r := range runs {
			t.Logf("line %d test %q", r.Line, r.Test)
		}
		t.Fatalf("%d runs, want mutex then threads", len(runs))
	}
	// Neither shown with its command, the first under a heading naming
	// mutex: the later heading names the second.
	m := string(mutex)
	m = m[strings.Index(m, "sysbench 1.0.20"):]
	runs = runsOf(t, "* mutex benchmark\n\n"+m+"\n* threads benchmark\n\n"+out)
	if len(runs) != 2 || runs[0].Test != "mutex" || runs[1].Test != "threads" {
		t.Errorf("without commands: %d runs, tests %q, %q", len(runs), runs[0].Test, runs[len(runs)-1].Test)
	}
	// Without the heading, the output is taken for the mutex command's.
	runs = runsOf(t, string(mutex)+"\n\n"+out)
	if len(runs) != 2 || runs[1].Test != "mutex" {
		t.Errorf("no heading: second run test %q", runs[len(runs)-1].Test)
	}
}

// A Markdown title naming sysbench is not a root prompt's command: the
// MariaDB 5.1 vs 5.2-wl86 notes open with "# sysbench v0.5 - 3x Five
// Minute Runs on work with 5.1 vs. 5.2-wl86"; "# sysbench cpu help" (the
// Lua-scripts transcript) stays a command.
func TestMarkdownTitleNamingSysbench(t *testing.T) {
	for _, c := range []struct {
		line string
		cmd  bool
	}{
		{"# sysbench v0.5 - 3x Five Minute Runs on work with 5.1 vs. 5.2-wl86", false},
		{"# sysbench cpu help", true},
		{"# sysbench --test=cpu run", true},
	} {
		l := Line{No: 1, Raw: c.line}
		normalize(&l)
		cmd := commandInLine(l.Text, &l)
		if got := cmd != nil && !(l.Prompt == "#" && markdownTitle(cmd)); got != c.cmd {
			t.Errorf("%q: command %v, want %v", c.line, got, c.cmd)
		}
	}
}

// Outputs whose lines carry a note after the value or after a block's
// title, as write-ups annotate them (testdata/public/train, SOURCES.md):
// a '# note' after titles and values (t44), '#note' glued to the value
// without a space (t45), and '// note' on lines that each end in a stray
// backtick (t46). Each output is one run with every block read and no
// fragment left over.
func TestAnnotatedOutputsOneRunEach(t *testing.T) {
	for _, c := range []struct {
		file           string
		tps, eps       float64
		avg, pct       float64
		execAvg        float64
		threads, lines int
	}{
		{"t44-oltp-log-hash-notes-zh.txt", 106.53, 0, 37.53, 51.94, 60.0099, 4, 51},
		{"t45-point-select-notes-glued-no-space-zh.txt", 26382.71, 26382.7081, 4.85, 25.74, 99.9699, 128, 58},
		{"t46-cpu-slash-notes-backtick-lines-zh.txt", 0, 650.74, 3.07, 3.13, 10.0, 2, 21},
	} {
		text := readText(t, "../testdata/public/train/"+c.file)
		d, err := All(strings.NewReader(text), "in.txt")
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Errors) != 0 || len(d.Runs) != 1 {
			t.Errorf("%s: %d runs, errors %v; want one run, no error", c.file, len(d.Runs), d.Errors)
			continue
		}
		r := d.Runs[0]
		if c.tps != 0 && (r.TPS == nil || *r.TPS != c.tps) || c.eps != 0 && (r.EPS == nil || *r.EPS != c.eps) {
			t.Errorf("%s: tps %v eps %v, want %v %v", c.file, r.TPS, r.EPS, c.tps, c.eps)
		}
		if r.Latency.Avg == nil || *r.Latency.Avg != c.avg || len(r.Latency.Percentiles) != 1 {
			t.Errorf("%s: latency %+v, want avg %v and one percentile %v", c.file, r.Latency, c.avg, c.pct)
		}
		for _, v := range r.Latency.Percentiles {
			if v != c.pct {
				t.Errorf("%s: percentile %v, want %v", c.file, v, c.pct)
			}
		}
		if r.Fairness == nil || r.Fairness.ExecAvgS == nil || *r.Fairness.ExecAvgS != c.execAvg {
			t.Errorf("%s: fairness %+v, want execution time avg %v", c.file, r.Fairness, c.execAvg)
		}
		if r.Threads == nil || *r.Threads != c.threads || r.EndLine-r.Line < c.lines-1 {
			t.Errorf("%s: threads %v, lines %d-%d; want %d threads over %d lines", c.file, r.Threads, r.Line, r.EndLine, c.threads, c.lines)
		}
	}
}

// The notes of those texts, one line each, and what is left of the line.
// A colon of prose, an option, a URL or a hashtag glued to ASCII keeps
// what follows.
func TestStripNoteAfterTitlesAndGlued(t *testing.T) {
	line := func(file string, n int) string {
		return strings.TrimSpace(fixtureSpan(t, "../testdata/public/train/"+file, n, n)[0])
	}
	for _, c := range [][2]string{
		{line("t44-oltp-log-hash-notes-zh.txt", 83), "SQL statistics:"},
		{line("t44-oltp-log-hash-notes-zh.txt", 94), "General statistics:"},
		{line("t43-oltp-hash-notes-glued-zh.txt", 69), "Latency (ms):"},
		{line("t43-oltp-hash-notes-glued-zh.txt", 55), "queries performed:"},
		{line("t45-point-select-notes-glued-no-space-zh.txt", 64), "execution time (avg/stddev):   99.9699/0.00"},
		{line("t45-point-select-notes-glued-no-space-zh.txt", 45), "transactions:                        2638920 (26382.71 per sec.)"},
		{"Results: # see below", "Results: # see below"},
		// testdata/real/uname-a.txt: a kernel's build number is no note
		{"Linux vm 6.18.44-fc-v857 #1 SMP PREEMPT_DYNAMIC @0 x86_64 GNU/Linux", "Linux vm 6.18.44-fc-v857 #1 SMP PREEMPT_DYNAMIC @0 x86_64 GNU/Linux"},
		{"version 1.0.20#1", "version 1.0.20#1"},
		{"see http://example.com/a//b", "see http://example.com/a//b"},
	} {
		if got := stripNote(c[0]); got != c[1] {
			t.Errorf("stripNote(%q) = %q, want %q", c[0], got, c[1])
		}
	}
	for _, c := range [][2]string{
		{line("t46-cpu-slash-notes-backtick-lines-zh.txt", 41), "CPU speed:"},
		{"run `sysbench cpu run`", "run `sysbench cpu run`"},
		{"`", "`"},
	} {
		if got := dropLoneBacktick(c[0]); got != c[1] {
			t.Errorf("dropLoneBacktick(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}

// A run command whose output went to a log ("oltp_read_write.lua …
// run >> /tmp/sysbench.log", wrapped over lines 10-20 of
// testdata/public/train/t44), then a cleanup of the tables every Lua OLTP
// test shares (oltp_common.lua … cleanup, wrapped too, with its own
// output), then the log two sections below: the log is the run
// command's, which the wrapped cleanup does not make the text forget.
func TestLogShownAfterCleanupTakesRunCommand(t *testing.T) {
	runs := runsOf(t, readText(t, "../testdata/public/train/t44-oltp-log-hash-notes-zh.txt"))
	if len(runs) != 1 {
		t.Fatalf("%d runs, want 1", len(runs))
	}
	r := runs[0]
	if r.Test != "oltp_read_write" || r.Threads == nil || *r.Threads != 4 || r.Options.TimeLimitS == nil || *r.Options.TimeLimitS != 60 {
		t.Errorf("test %q threads %v options %+v, want oltp_read_write, 4 threads, 60 s from the command", r.Test, r.Threads, r.Options)
	}
	want := "line 57: no command line right above this run: the one at line 20 is taken for it"
	if !slices.Contains(r.Warnings, want) {
		t.Errorf("warnings %q, want %q", r.Warnings, want)
	}
}

// A real mysqlslap output (six blocks of two engines by three
// concurrencies) quoted in Markdown as a reprint, a ">" line between
// every two lines it quotes, reads as the output itself: the same six
// runs with the same clients and averages.
func TestQuotedReprint(t *testing.T) {
	text := readText(t, "../testdata/public/mysqlslap/mysqlslap-multi-concurrency-x-engine-6-blocks-debug-info-markdown-indented.txt")
	want := runsOf(t, text)
	var b strings.Builder
	b.WriteString("The same command on the new server:\n\n")
	for _, line := range strings.SplitAfter(text, "\n") {
		if line != "" {
			b.WriteString("> " + line + ">\n")
		}
	}
	got := runsOf(t, b.String())
	if len(want) != 6 || len(got) != len(want) {
		t.Fatalf("quoted reprint: %d runs, the output %d (want 6)", len(got), len(want))
	}
	for i, r := range got {
		w := want[i]
		if r.Threads == nil || w.Threads == nil || *r.Threads != *w.Threads || *r.Mysqlslap.AvgS != *w.Mysqlslap.AvgS ||
			r.Labels["engine"] != w.Labels["engine"] || !r.Complete {
			t.Errorf("run %d: threads %v avg %v engine %q complete %v, want %v %v %q", i, r.Threads, *r.Mysqlslap.AvgS,
				r.Labels["engine"], r.Complete, *w.Threads, *w.Mysqlslap.AvgS, w.Labels["engine"])
		}
	}
}

// The memory test's result line kept after its command, the rest of the
// output elided ("..."), is a run of what it gives: a real sysbench
// 1.0.20 memory run cut so (testdata/real), alone and with its general
// statistics.
func TestMemoryTransferLineAlone(t *testing.T) {
	out := readText(t, "../testdata/real/sysbench-1.0.20-memory-2thr.txt")
	cmd := out[:strings.Index(out, "\n")+1]
	i := strings.Index(out, "MiB transferred")
	line := out[strings.LastIndex(out[:i], "\n")+1 : i+strings.Index(out[i:], "\n")+1]
	stats := out[strings.Index(out, "General statistics:"):strings.Index(out, "Latency (ms):")]
	want, _, _ := scan.LeadingNum(line[strings.Index(line, "(")+1:])
	for _, in := range []string{cmd + "...\n" + line, cmd + "...\n" + line + "\n" + stats} {
		runs := runsOf(t, "```\n"+in+"```\n")
		if len(runs) != 1 || runs[0].Memory == nil || runs[0].Memory.TransferMiBs == nil || *runs[0].Memory.TransferMiBs != want ||
			runs[0].Test != "memory" || runs[0].Threads == nil || *runs[0].Threads != 2 {
			t.Errorf("%q: %d runs, want one memory run of 2 threads at %g MiB/s", in, len(runs), want)
		}
	}
}

// 0.4's fileio result line copied alone under a label is a run of what it
// gives: the line of a real 0.4 rndrw output (testdata/public/train/t19).
func TestFileio04LineAlone(t *testing.T) {
	out := readText(t, "../testdata/public/train/t19-sb04-sections.txt")
	i := strings.Index(out, "Read 7.3215Gb")
	line := out[i : i+strings.Index(out[i:], "\n")+1]
	runs := runsOf(t, "Recorded result:\n\n\t"+line)
	if len(runs) != 1 || runs[0].Test != "fileio" || runs[0].FileIO == nil || runs[0].FileIO.TotalMiBs == nil || *runs[0].FileIO.TotalMiBs != 41.65 {
		t.Errorf("%q: %d runs, want one fileio run of 41.65 MiB/s", line, len(runs))
	}
}

// A line of an output copied under a label after it is listed as a run
// that restates the output, not counted as another: a real sysbench
// 1.0.20 memory run of two threads (testdata/real) and its transfer line
// set apart below it. The transfer line of another real run (one thread,
// another rate) below the same output copies nothing.
func TestCopiedLineRestatesOutput(t *testing.T) {
	out := readText(t, "../testdata/real/sysbench-1.0.20-memory-2thr.txt")
	lineOf := func(text string) string {
		i := strings.Index(text, "MiB transferred")
		return text[strings.LastIndex(text[:i], "\n")+1 : i+strings.Index(text[i:], "\n")+1]
	}
	runs := runsOf(t, out+"\nRecorded result:\n\n\t"+lineOf(out))
	if len(runs) != 2 || runs[1].Restates != runs[0].Line || runs[0].Restates != 0 {
		t.Fatalf("%d runs, restates %v", len(runs), []int{runs[0].Restates, runs[len(runs)-1].Restates})
	}
	other := readText(t, "../testdata/real/sysbench-1.0.20-memory-1thr-interim.txt")
	runs = runsOf(t, out+"\nOn the other machine:\n\n\t"+lineOf(other))
	if len(runs) != 2 || runs[1].Restates != 0 {
		t.Errorf("another run's line taken for a copy: %d runs, restates %d", len(runs), runs[len(runs)-1].Restates)
	}
}
