package analyze

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/sbreport/sbreport/parse"
	"github.com/sbreport/sbreport/parse/doc"
)

// Identity by difference, for the sections a run stands in. parse gives
// each run the path of headings above it (label "heading", titles joined
// by " / "), whatever words they use. Here, with every run in view, a
// title is dropped from a run's identity when it restates what the run
// already carries (its test, thread count, options: "### Memory",
// "## 16 threads", "#### 16MB" over --memory-block-size=16M), and a
// title that differs between otherwise alike runs of one cell only by a
// count of them ("Take 2" under "### CPU", "第2次", "r3") is dropped when
// it counts repeats. Any other difference tells experiments apart and
// names them. A count of things ("Server 1", "Server 2") is ambiguous:
// those runs are kept apart and a warning says so.

// headingSep joins the titles of a heading path (parse's section).
const headingSep = " / "

// repeatActs are the words a count of repeats is made with, in the
// languages read so far: a count of anything else ("Server 2", "node 3")
// may number systems.
var repeatActs = map[string]bool{"": true, "run": true, "take": true, "try": true, "round": true, "pass": true,
	"iteration": true, "iter": true, "repeat": true, "rep": true, "test": true, "trial": true, "attempt": true,
	"r": true, "t": true, "no": true, "次": true, "第": true, "回": true, "回目": true, "轮": true, "遍": true,
	"번": true, "번째": true, "회": true, "прогон": true, "попытка": true, "тест": true, "запуск": true,
	"versuch": true, "durchlauf": true, "essai": true, "prueba": true, "intento": true, "ejecución": true}

// exampleWords number the examples a text shows ("Example 2", "实例2",
// "示例2"): two examples of one workload are repeats of it when they run
// against one server (sameTarget), else they may be two servers (a
// "实例" is also a MySQL instance) and are kept apart.
var exampleWords = map[string]bool{"example": true, "examples": true, "ex": true, "sample": true, "demo": true,
	"实例": true, "示例": true, "例": true, "例子": true, "範例": true, "实验": true, "例題": true, "예": true, "예제": true,
	"пример": true, "beispiel": true, "exemple": true, "ejemplo": true, "exemplo": true, "esempio": true}

// countsExamples reports whether a counter's shape ("实例#", "example #")
// is made only of exampleWords.
func countsExamples(shape string) bool {
	n := 0
	for _, w := range strings.FieldsFunc(shape, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if !exampleWords[w] {
			return false
		}
		n++
	}
	return n > 0
}

// targetFlags are the options of sysbench and mysqlslap that name the
// server a command connects to.
var targetFlags = map[string]bool{"h": true, "host": true, "P": true, "port": true, "S": true, "socket": true,
	"mysql-host": true, "mysql-port": true, "mysql-socket": true, "pgsql-host": true, "pgsql-port": true}

// commandTarget returns the server options of a command line, in order
// ("h=127.0.0.1"), and whether the run has a command at all.
func commandTarget(cmd string) (string, bool) {
	if strings.TrimSpace(cmd) == "" {
		return "", false
	}
	var out []string
	fields := strings.Fields(cmd)
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		if !strings.HasPrefix(f, "-") {
			continue
		}
		name, val, eq := strings.Cut(strings.TrimLeft(f, "-"), "=")
		long := strings.HasPrefix(f, "--")
		if !long && len(name) > 1 && targetFlags[name[:1]] && !eq {
			name, val, eq = name[:1], name[1:], true // "-h127.0.0.1", "-P3307"
		}
		if !targetFlags[name] {
			continue
		}
		if !eq && i+1 < len(fields) && !strings.HasPrefix(fields[i+1], "-") {
			val = fields[i+1]
			i++
		}
		out = append(out, name+"="+val)
	}
	return strings.Join(out, " "), true
}

// sameTarget reports whether every run shows its command and all name
// one server (the same host, port and socket options, or none).
func sameTarget(es []*parse.Run) bool {
	first := ""
	for i, r := range es {
		t, ok := commandTarget(r.Command)
		if !ok {
			return false
		}
		if i == 0 {
			first = t
		} else if t != first {
			return false
		}
	}
	return len(es) > 1
}

// restatingWords say nothing a run does not carry when they stand beside
// its test or thread count in a title ("CPU test", "16 threads",
// "sysbench memory benchmark", "16线程").
var restatingWords = map[string]bool{"test": true, "tests": true, "testing": true, "thread": true, "threads": true,
	"benchmark": true, "benchmarks": true, "bench": true, "sysbench": true, "mysqlslap": true, "with": true,
	"and": true, "the": true, "of": true, "on": true, "a": true, "for": true, "mode": true, "speed": true,
	"performance": true, "result": true, "results": true, "run": true, "t": true, "thr": true, "th": true,
	"concurrency": true, "clients": true, "client": true, "connections": true,
	// words that say how a text shows its runs, not what they are: the act
	// of running them, a sweep over levels, a sample of the output
	// ("Running a Simple Benchmark", "Testing Multiple Concurrency Levels",
	// "Sample output (repeated for each concurrency level)")
	"running": true, "runs": true, "simple": true, "basic": true, "multiple": true, "different": true,
	"various": true, "level": true, "levels": true, "each": true, "every": true, "sample": true,
	"output": true, "outputs": true,
	// words that say the runs below repeat one experiment
	"repeats": true, "repeated": true, "iterations": true, "rounds": true, "多轮": true, "多次": true, "重复": true,
	"测试": true, "线程": true, "線程": true, "并发": true, "並發": true, "性能": true, "结果": true, "測試": true,
	"テスト": true, "スレッド": true, "테스트": true, "스레드": true, "тест": true, "потоков": true, "потока": true}

// titleWords splits a title into lower-case words: runs of letters and
// digits, a CJK word of restatingWords cut out of the letters around it.
func titleWords(t string) []string {
	t = strings.ToLower(t)
	for w := range restatingWords {
		if w[0] >= 0x80 {
			t = strings.ReplaceAll(t, w, " "+w+" ")
		}
	}
	return strings.FieldsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' })
}

// compact lower-cases s and keeps its letters and digits: "File I/O" and
// "fileio", "Read-only" and "read_only" compare equal.
func compact(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// numberUnit splits "16mb" into "16" and "m" (a unit's first letter), "8"
// into "8" and "".
func numberUnit(w string) (string, string) {
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	if i == 0 {
		return "", ""
	}
	if i < len(w) {
		return w[:i], w[i : i+1]
	}
	return w, ""
}

// restates reports whether a title says only what run r carries: its
// test or workload (whole, "File I/O" for fileio, or by its words,
// "Read-only" for oltp_read_only), its thread count, the values of its
// options ("16MB" for --memory-block-size=16M), and restatingWords.
func restates(title string, r *parse.Run) bool {
	words := titleWords(title)
	if len(words) == 0 {
		return false
	}
	test := compact(WorkloadOf(r))
	if test != "" && compact(title) == test {
		return true
	}
	testParts := map[string]bool{}
	for _, p := range strings.FieldsFunc(strings.ToLower(WorkloadOf(r)), func(r rune) bool { return r == '_' || r == '-' || r == ' ' }) {
		testParts[p] = true
	}
	values := map[string]bool{}
	if n := threadsOf(r); n > 0 {
		values[strconv.Itoa(n)] = true
	}
	for _, v := range r.Settings {
		n, u := numberUnit(strings.ToLower(v))
		values[n+u] = true
		values[strings.ToLower(v)] = true
	}
	for _, w := range words {
		n, u := numberUnit(w)
		switch {
		case testParts[w] || test != "" && w == test:
		case values[w] || n != "" && values[n+u]:
		case n != "" && strings.TrimLeft(w[len(n):], "t") == "" && values[n]: // "16t", "16" for 16 threads
		case restatingWords[w]: // a title of these alone ("并发测试") says nothing either
		default:
			return false
		}
	}
	return true
}

// countsRepeats reports whether a counter's shape ("take #", "第#次",
// "#.") is made only of repeatActs.
func countsRepeats(shape string) bool {
	for _, w := range strings.FieldsFunc(shape, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if !repeatActs[w] {
			return false
		}
	}
	return true
}

// headingIdentity returns, for each run labelled with a heading path,
// the part of it that tells experiments apart (see above), and warnings
// for counts that may number systems.
func headingIdentity(runs []*parse.Run, by string) (map[*parse.Run]string, Warnings) {
	var warn Warnings
	out := map[*parse.Run]string{}
	type entry struct {
		r       *parse.Run
		rest    []string // titles that neither restate nor count
		counter string   // the title that counts, "" if none
	}
	groups := map[string][]*entry{}
	var order []string
	// A title that restates what one run under it carries is about that
	// setting for every run under the same headings ("## fsync" over a
	// run at --file-fsync-mode=fsync and one at fdatasync): it names none
	// of them.
	restated := map[string]map[string]bool{} // heading path → titles
	for _, r := range runs {
		h, ok := r.Labels["heading"]
		if !ok {
			continue
		}
		for _, t := range strings.Split(h, headingSep) {
			if t = strings.TrimSpace(t); t != "" && restates(t, r) {
				if restated[h] == nil {
					restated[h] = map[string]bool{}
				}
				restated[h][t] = true
			}
		}
	}
	for _, r := range runs {
		h, ok := r.Labels["heading"]
		if !ok {
			continue
		}
		e := &entry{r: r}
		for _, t := range strings.Split(h, headingSep) {
			t = strings.TrimSpace(t)
			if t == "" || restated[h][t] {
				continue
			}
			if shape, _, ok := doc.Counter(t); ok && doc.CountsOnly(shape) && e.counter == "" {
				e.counter = t
				continue
			}
			e.rest = append(e.rest, t)
		}
		k := fmt.Sprintf("%s\x00%s\x00%d\x00%s", SystemOf(r, by), WorkloadOf(r), threadsOf(r), strings.Join(e.rest, headingSep))
		if _, seen := groups[k]; !seen {
			order = append(order, k)
		}
		groups[k] = append(groups[k], e)
	}
	for _, k := range order {
		es := groups[k]
		// The counter numbers blocks of runs ("#### Take 2" over two
		// runs): its distinct values enumerate.
		var labels []string
		seenLabel := map[string]bool{}
		for _, e := range es {
			if !seenLabel[e.counter] {
				seenLabel[e.counter] = true
				labels = append(labels, e.counter)
			}
		}
		pooled := false
		if doc.Enumerates(labels) {
			shape := ""
			for _, l := range labels {
				if l != "" {
					shape, _, _ = doc.Counter(l)
					break
				}
			}
			var rs []*parse.Run
			for _, e := range es {
				rs = append(rs, e.r)
			}
			if countsRepeats(shape) || countsExamples(shape) && sameTarget(rs) {
				pooled = true
			} else {
				var refs []string
				for _, e := range es {
					refs = append(refs, fmt.Sprintf("%s:%d (%q)", e.r.Source, e.r.Line, e.counter))
				}
				sort.Strings(refs)
				warn.addf("%s: headings number runs that are otherwise alike (%s): they may be repeats or different systems; kept apart",
					WorkloadOf(es[0].r), strings.Join(refs, ", "))
			}
		}
		for _, e := range es {
			parts := e.rest
			if !pooled && e.counter != "" {
				parts = append(append([]string(nil), parts...), e.counter)
			}
			out[e.r] = strings.Join(parts, headingSep)
		}
	}
	return out, warn
}
