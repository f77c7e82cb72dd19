package analyze

import (
	"fmt"
	"math"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/sbreport/sbreport/parse"
)

// Run identity. Two runs are repeats of one experiment only when their
// identities are equal: tool generation, workload, threads, every label
// that is not a repeat marker, and every setting that shapes the workload
// (parse.Run.Settings, judged by parse's catalogue of options). The system
// key (GroupOptions.By) and threads have cells of their own; whatever else
// tells runs of one system and workload apart becomes the workload's
// variant, written after its name: "memory (memory-block-size=1MiB)".

// repeatKeys are labels that number repeats or clients, or say when a run
// was made: they never tell experiments apart.
var repeatKeys = map[string]bool{
	"run": true, "repeat": true, "rep": true, "iteration": true, "client": true, "client_group": true,
	"date": true, "time": true, "seed": true, "phase": true, "checkpoint": true, "status": true,
	"concurrency": true, "workload": true, "test": true, "threads": true,
	// The input a run was read from, when nothing else labels it: it
	// names systems when no label does (ChooseBy), and is never a
	// variant of one.
	"input": true,
}

// presenceKeys are labels whose absence tells a run apart as much as a
// value does: a run under a label line ("tmpfs:") and one under none are
// not repeats of each other.
var presenceKeys = map[string]bool{"heading": true, "loop_run": true}

// generation returns the sysbench generation of a banner version ("1.0",
// "0.4"), "" when unknown.
func generation(r *parse.Run) string {
	v := r.Version
	if v == "" {
		return ""
	}
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return v
	}
	return parts[0] + "." + parts[1]
}

// variantsOf returns, for each run, the parts of its identity that its
// system, workload and threads do not say ("" when none), for the
// workload and for the system side of its cell (dim.describesSystem):
// the labels, settings and captured server variables whose values differ
// between runs of one system and workload, and the sysbench generation
// when runs of one system and workload come from different ones. A key that varies within any system splits every
// system's runs of that workload, so that the cells of different systems
// still line up. Keys that differ only between systems are part of what
// is compared; they are named in a warning.
func variantsOf(runs []*parse.Run, by string, vars []*parse.Variables) (workload, system []string, splitLabels []string, warn Warnings) {
	splitSeen := map[string]bool{}
	byKeys := map[string]bool{}
	for _, k := range strings.Split(by, ",") {
		byKeys[strings.TrimSpace(k)] = true
	}
	// A dimension of identity: kind "label", "setting", "gen" or "var".
	byWorkload := map[string][]int{}
	var workloads []string
	for i, r := range runs {
		w := WorkloadOf(r)
		if _, ok := byWorkload[w]; !ok {
			workloads = append(workloads, w)
		}
		byWorkload[w] = append(byWorkload[w], i)
	}
	runVars := variablesOfRuns(runs, vars)
	fileNames := wholeFileNames(runs)
	headings, hw := headingIdentity(runs, by)
	warn = append(warn, hw...)
	// value returns a run's value of a dimension; known is false when the
	// run does not say.
	value := func(r *parse.Run, d dim) (v string, known bool) {
		switch d.kind {
		case "label":
			if d.name == "heading" {
				// What of the headings tells experiments apart
				// (headingIdentity); nothing of them is as no heading.
				if v = headings[r]; v == "" {
					return "-", true
				}
				return v, true
			}
			v, known = r.Labels[d.name]
			if known && d.name == "file" {
				v = fileNames[v]
			}
			if known && d.name == "column" && restates(v, r) {
				// "Sysbench CPU 1T" naming a crossed table's row of
				// cpu runs at 1 thread says what the run carries: as
				// no label. (Only a measurement's name: a client's
				// number "2" at 2 threads restates nothing.)
				return "-", true
			}
			if !known && presenceKeys[d.name] {
				return "-", true // no label line above it is a value too
			}
			return v, known
		case "gen":
			g := generation(r)
			return g, g != ""
		case "var":
			v, known = runVars[r][d.name]
			return v, known
		case "mix":
			v = queryMix(r)
			return v, v != ""
		}
		if v, ok := r.Settings[d.name]; ok {
			return v, true
		}
		// A run whose command line or header shows its options has the
		// catalogue's default for an option it does not give; a table row
		// only when it shows its command (a column giving one setting
		// says nothing of the others).
		if r.Command != "" || shownSettings(r) > 0 && r.Tool != parse.ToolTable {
			tool := r.Tool
			if tool == parse.ToolTable {
				tool = parse.ToolSysbench
			}
			if def := parse.OptionDefault(tool, r.Version, d.name); def != "" {
				return def, true
			}
		}
		return "", false
	}
	out := make([]string, len(runs))
	sysOut := make([]string, len(runs))
	for _, w := range workloads {
		idx := byWorkload[w]
		// The dimensions any run of the workload has.
		seen := map[dim]bool{}
		var dims []dim
		add := func(d dim) {
			if !seen[d] {
				seen[d] = true
				dims = append(dims, d)
			}
		}
		for _, i := range idx {
			r := runs[i]
			for k := range r.Labels {
				if !byKeys[k] && !repeatKeys[k] {
					add(dim{"label", k})
				}
			}
			for k := range r.Settings {
				add(dim{"setting", k})
			}
		}
		add(dim{"gen", "sysbench"})
		for _, name := range varyingVariables(runs, idx, runVars, by) {
			add(dim{"var", name})
		}
		if mixSplits(runs, idx) {
			add(dim{"mix", "queries"})
		}
		sort.Slice(dims, func(a, b int) bool {
			if dims[a].kind != dims[b].kind {
				return dims[a].kind < dims[b].kind
			}
			return dims[a].name < dims[b].name
		})
		var split []dim
		for _, d := range dims {
			within := false
			across := map[string]map[string]bool{} // system → known values
			for _, i := range idx {
				r := runs[i]
				v, known := value(r, d)
				if !known {
					continue
				}
				s := SystemOf(r, by)
				if d.kind == "label" && (d.name == "table" || d.name == "loop_run") {
					// A table's or a loop block's mark tells apart only
					// runs that would share a cell: the same hosts at 1
					// thread in one table and at 6 and 12 in the next are
					// one series.
					s += "\x00" + threadsKey(r)
				}
				if across[s] == nil {
					across[s] = map[string]bool{}
				}
				across[s][v] = true
				if len(across[s]) > 1 {
					within = true
				}
			}
			if within {
				split = append(split, d)
				if d.kind == "setting" {
					if _, ok := parse.LookupOption(runs[idx[0]].Tool, d.name); !ok {
						warn.addf("%s: runs differ in --%s, an option sbreport's catalogue does not know: kept apart as different experiments (%s)",
							w, d.name, runsWith(runs, idx, func(r *parse.Run) bool { _, ok := r.Settings[d.name]; return ok }))
					}
				}
				continue
			}
			if len(across) > 1 && d.kind == "setting" {
				vals := map[string]bool{}
				for _, vs := range across {
					for v := range vs {
						vals[v] = true
					}
				}
				if len(vals) > 1 {
					warn.addf("%s: systems differ in %s (%s): the comparison is between these configurations",
						w, dimName(d.kind, d.name), systemValues(across))
				}
			}
		}
		split = dropDetermined(split, dim{"label", "file"}, runs, idx, value)
		// The mix is named once when an option ("--oltp-read-only=on")
		// already tells the same runs apart.
		split = dropDetermined(split, dim{"mix", "queries"}, runs, idx, value)
		if len(split) == 0 {
			continue
		}
		for _, d := range split {
			if d.kind == "label" && d.describesSystem() && !splitSeen[d.name] {
				splitSeen[d.name] = true
				splitLabels = append(splitLabels, d.name)
			}
		}
		for _, i := range idx {
			r := runs[i]
			var sysParts, wlParts []string
			for _, d := range split {
				v, known := value(r, d)
				if d.kind == "label" && (presenceKeys[d.name] && v == "-" ||
					!known && (markerKeys[d.name] || d.name == "schema" || d.name == "script")) {
					// No heading, no table, no index change: no label. The
					// runs that have one are named by it, these by its
					// absence.
					continue
				}
				if !known {
					v = "?"
				}
				if d.describesSystem() {
					sysParts = append(sysParts, variantPart(d.kind, d.name, v))
				} else {
					wlParts = append(wlParts, variantPart(d.kind, d.name, v))
				}
			}
			out[i] = strings.Join(wlParts, ", ")
			sysOut[i] = strings.Join(sysParts, ", ")
		}
		for _, d := range split {
			var unknown []int
			for _, i := range idx {
				if _, known := value(runs[i], d); !known {
					unknown = append(unknown, i)
				}
			}
			if len(unknown) > 0 {
				warn.addf("%s: %s differs between runs, and %d %s not say it (%s): %s kept apart as %s=?",
					w, dimName(d.kind, d.name), len(unknown), plural(len(unknown), "run does", "runs do"),
					runsWith(runs, unknown, nil), plural(len(unknown), "it is", "they are"), d.name)
			}
		}
	}
	return out, sysOut, splitLabels, warn
}

// threadsKey is a run's thread count as a key, "?" when unknown.
func threadsKey(r *parse.Run) string {
	if r.Threads == nil {
		return "?"
	}
	return strconv.Itoa(*r.Threads)
}

// shownSettings counts the settings a run's command or options header
// shows, leaving out those parse inferred from the output (a fileio mode
// from what the run did), which say nothing of the other options.
func shownSettings(r *parse.Run) int {
	n := len(r.Settings)
	for k := range r.Settings {
		if _, inferred := r.LabelFrom[k]; inferred {
			n--
		}
	}
	return n
}

// markerKeys are labels sbreport adds only to tell runs apart (a table's
// line, a loop's block, a label line): they stay in the names of cells,
// never become part of the system key.
var markerKeys = map[string]bool{"table": true, "loop_run": true, "heading": true}

// configurationKeys returns, of the labels that tell runs of one system
// apart, those that name the configuration beside by: shortest names
// first, each kept only when the labels kept so far do not determine it
// (a factor's level names the variables it sets: "bound" stays,
// "innodb_buffer_pool_size" goes).
func configurationKeys(runs []*parse.Run, by string, split []string) []string {
	var cands []string
	for _, k := range split {
		if !markerKeys[k] {
			cands = append(cands, k)
		}
	}
	sort.Slice(cands, func(i, j int) bool {
		if len(cands[i]) != len(cands[j]) {
			return len(cands[i]) < len(cands[j])
		}
		return cands[i] < cands[j]
	})
	var kept []string
	for _, k := range cands {
		determined := true
		seen := map[string]string{}
		for _, r := range runs {
			joint := SystemOf(r, by)
			for _, kk := range kept {
				joint += "\x00" + r.Labels[kk]
			}
			v := r.Labels[k]
			if old, ok := seen[joint]; ok && old != v {
				determined = false
				break
			}
			seen[joint] = v
		}
		if !determined {
			kept = append(kept, k)
		}
	}
	return kept
}

// A dim is a dimension of identity: kind "label", "setting", "gen"
// (sysbench generation) or "var" (server variable), and its name.
type dim struct{ kind, name string }

// describesSystem says on which side of a cell a dimension is written:
// labels (but the loop block number) and server variables describe the
// system under test ("innodb (@@innodb_buffer_pool_size=128M)"), options
// and the sysbench generation the workload ("memory
// (memory-block-size=1MiB)").
func (d dim) describesSystem() bool {
	return d.kind == "var" || d.kind == "label" && !workloadLabels[d.name]
}

// workloadLabels are labels that tell runs apart by what they ran, not
// on what: the loop's block, the file, the index change made before a
// run ("schema", an SQL statement), the Lua script shown above it. They
// are written on the workload's side, never in a system's name. (The
// table a row was read from stays on the system's side: two tables of
// one text are most often two machines or setups.)
var workloadLabels = map[string]bool{"loop_run": true, "file": true, "schema": true, "script": true}

// wholeFileNames maps each value of the "file" label (a file's name,
// numbers left out: collect.FileStem) to the name a reader knows the
// file by: its whole name when the runs of that value come from one
// file, else the shared stem. Two stems never map to one name.
func wholeFileNames(runs []*parse.Run) map[string]string {
	sources := map[string]string{}
	many := map[string]bool{}
	for _, r := range runs {
		v, ok := r.Labels["file"]
		if !ok {
			continue
		}
		if s, seen := sources[v]; seen && s != r.Source {
			many[v] = true
		}
		sources[v] = r.Source
	}
	out := map[string]string{}
	for v, src := range sources {
		out[v] = v
		if !many[v] && src != "" {
			out[v] = path.Base(filepath.ToSlash(src))
		}
	}
	return out
}

func variantPart(kind, name, v string) string {
	switch kind {
	case "mix":
		return v
	case "gen":
		return "sysbench " + v
	case "var":
		return "@@" + name + "=" + v
	case "setting":
		return name + "=" + v
	case "label":
		switch {
		case name == "table" && strings.HasPrefix(v, "line "):
			return "table at " + v // where the rows were read, not a label of the text
		case name == "schema":
			return "after " + v // the statement run before it
		case name == "script":
			return v // "Lua script at line 43"
		case name == "heading":
			// The title the runs stand under is the name a reader
			// knows them by: "DigitalOcean", "innodb (内存磁盘)", not
			// "heading=DigitalOcean".
			return v
		}
	}
	return name + "=" + v
}

func dimName(kind, name string) string {
	switch kind {
	case "mix":
		return "the mix of queries"
	case "setting":
		return "--" + name
	case "gen":
		return "sysbench generation"
	case "var":
		return "server variable " + name
	}
	return "label " + name
}

// systemValues writes "innodb: 1000000; rocksdb: 10000".
func systemValues(m map[string]map[string]bool) string {
	var systems []string
	for s := range m {
		systems = append(systems, s)
	}
	sort.Strings(systems)
	var parts []string
	for _, s := range systems {
		var vs []string
		for v := range m[s] {
			vs = append(vs, v)
		}
		sort.Strings(vs)
		parts = append(parts, s+": "+strings.Join(vs, ", "))
	}
	return strings.Join(parts, "; ")
}

// runsWith names the runs (file:line) among idx that pass keep (all when
// keep is nil), at most five.
func runsWith(runs []*parse.Run, idx []int, keep func(*parse.Run) bool) string {
	var refs []string
	n := 0
	for _, i := range idx {
		r := runs[i]
		if keep != nil && !keep(r) {
			continue
		}
		n++
		if len(refs) < 5 {
			refs = append(refs, fmt.Sprintf("%s:%d", r.Source, r.Line))
		}
	}
	s := strings.Join(refs, ", ")
	if n > len(refs) {
		s += fmt.Sprintf(" and %d more", n-len(refs))
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// volatileVariables change on every capture without changing the
// experiment.
var volatileVariables = map[string]bool{
	"timestamp": true, "pseudo_thread_id": true, "rand_seed1": true, "rand_seed2": true,
	"last_insert_id": true, "insert_id": true, "identity": true, "warning_count": true, "error_count": true,
	"gtid_executed": true, "gtid_purged": true, "gtid_current_pos": true, "gtid_binlog_pos": true,
	"gtid_binlog_state": true, "gtid_slave_pos": true, "gtid_io_pos": true, "server_uuid": true,
	"pid_file": true, "log_error": true, "general_log_file": true, "slow_query_log_file": true,
	"socket": true, "port": true, "datadir": true, "tmpdir": true, "hostname": true, "report_host": true,
	"version_compile_time": true, "session_track_system_variables": true,
}

// variablesOfRuns returns, for each run that names SHOW VARIABLES
// captures (Run.Captures), the variables they hold (names lower-cased).
func variablesOfRuns(runs []*parse.Run, vars []*parse.Variables) map[*parse.Run]map[string]string {
	out := map[*parse.Run]map[string]string{}
	if len(vars) == 0 {
		return out
	}
	byID := map[string]*parse.Variables{}
	for _, v := range vars {
		if v.Kind == "" || v.Kind == "variables" {
			byID[parse.CaptureID(v.Source, v.Line)] = v
		}
	}
	for _, r := range runs {
		for _, id := range r.Captures {
			v := byID[id]
			if v == nil {
				continue
			}
			m := out[r]
			if m == nil {
				m = map[string]string{}
				out[r] = m
			}
			for k, val := range v.Values {
				k = strings.ToLower(k)
				if !volatileVariables[k] {
					m[k] = val
				}
			}
		}
	}
	return out
}

// varyingVariables returns the variables whose captured values differ
// between runs of one system among idx, sorted.
func varyingVariables(runs []*parse.Run, idx []int, runVars map[*parse.Run]map[string]string, by string) []string {
	if len(runVars) == 0 {
		return nil
	}
	seen := map[string]map[string]string{} // system → variable → first value
	vary := map[string]bool{}
	for _, i := range idx {
		r := runs[i]
		vs := runVars[r]
		if len(vs) == 0 {
			continue
		}
		s := SystemOf(r, by)
		if seen[s] == nil {
			seen[s] = map[string]string{}
		}
		for k, v := range vs {
			if old, ok := seen[s][k]; ok && old != v {
				vary[k] = true
			} else if !ok {
				seen[s][k] = v
			}
		}
	}
	out := make([]string, 0, len(vary))
	for k := range vary {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// queryMix says what a run's queries did, from its counts: "read-only"
// (reads and no writes), "write-only" or "read-write" with its share of
// writes; "" when the run
// does not say (no query counts, or none of either). sysbench's OLTP
// tests print these counts in every generation, and a read-only run is a
// different experiment from a read-write one whatever its command said,
// or whether it showed one at all: a legacy log named sysbench.ro.8.res
// has neither test name nor command.
func queryMix(r *parse.Run) string {
	var read, write float64
	if q := r.SQL; q != nil && q.Read != nil && q.Write != nil {
		read, write = float64(*q.Read), float64(*q.Write)
	} else if r.NumIntervals() > 0 {
		// Interim lines only: their reads and writes a second, in the
		// same proportion.
		for _, iv := range r.Interim() {
			if iv.Reads != iv.Reads || iv.Writes != iv.Writes {
				return ""
			}
			read += iv.Reads
			write += iv.Writes
		}
	} else {
		return ""
	}
	switch {
	case read > 0 && write == 0:
		return "read-only"
	case read == 0 && write > 0:
		return "write-only"
	case read > 0 && write > 0:
		// The share of writes is fixed by the test's script (oltp.lua:
		// 4 of 18 queries, 22 %); runs that write 22 % and 50 % of their
		// queries ran different scripts or options.
		// Aborted transactions move it by a point or two between repeats:
		// it is kept to the nearest 10 %.
		return fmt.Sprintf("read-write, ~%d%% writes", 10*int(math.Round(10*write/(read+write))))
	}
	return ""
}

// mixSplits reports whether the runs idx of one workload, whose test is
// unknown, differ in their mix of queries, every one of them saying it: a
// run that does not (a table row, a report without query counts) leaves
// the mix out of its workload's identity rather than keeping it apart.
// A 0.4/0.5 log without its command is named oltp by its "OLTP test
// statistics" heading alone, which says nothing of its mode (read-only
// or not): its mix still tells. A known test says what its queries do; its share of writes moves with
// aborted transactions (rocksdb oltp_read_write in the demo campaign: 22.2 %
// at 1 thread, 19.7 % at 16) and is no identity.
func mixSplits(runs []*parse.Run, idx []int) bool {
	first := ""
	for _, i := range idx {
		if r := runs[i]; r.Test != "" && !(r.Test == "oltp" && r.Command == "") {
			return false // the test says what its queries do
		}
		m := queryMix(runs[i])
		if m == "" {
			return false
		}
		if first == "" {
			first = m
		} else if m != first {
			return true
		}
	}
	return false
}

// dropDetermined removes the dimension drop from those that split a
// workload when the others already tell the same runs apart. The name of
// the file a run was read from (collect.FileLabel) is dropped first: a
// legacy log named sysbench.ro.8.res is told apart from sysbench.rw.8.res
// by its mix of queries, which says more than the file name.
func dropDetermined(split []dim, drop dim, runs []*parse.Run, idx []int, value func(*parse.Run, dim) (string, bool)) []dim {
	at := -1
	for j, d := range split {
		if d == drop {
			at = j
		}
	}
	if at < 0 || len(split) == 1 {
		return split
	}
	seen := map[string]string{}
	for _, i := range idx {
		r := runs[i]
		var key []string
		for j, d := range split {
			if j != at {
				v, _ := value(r, d)
				key = append(key, v)
			}
		}
		k := strings.Join(key, "\x00")
		m, _ := value(r, split[at])
		if old, ok := seen[k]; ok && old != m {
			return split // the mix tells apart runs the others do not
		}
		seen[k] = m
	}
	return append(split[:at:at], split[at+1:]...)
}
