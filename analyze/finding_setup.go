package analyze

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/sbreport/sbreport/parse"
)

// The codes of setup and caveat findings.
const (
	CodeHost          = "host"           // setup: the machine a system ran on
	CodeUntiedHost    = "host_untied"    // setup: a host capture no run can be tied to, listed apart
	CodeLoopback      = "loopback"       // setup: sysbench ran on the server's host
	CodeRunLength     = "run_length"     // setup: runs ended at their time limit
	CodeMeasuredTime  = "measured_time"  // setup: runs with neither limit shown, their total time
	CodeEventCap      = "event_cap"      // caveat: runs ended by an event cap, not the time limit
	CodeDataSize      = "data_size"      // setup: tables × rows per table
	CodeRepeats       = "repeats"        // setup: runs per system and thread count
	CodeThreads       = "threads"        // setup: the thread counts measured
	CodeToolVersion   = "tool_version"   // setup: sysbench or mysqlslap version
	CodeServerVersion = "server_version" // setup: a server's version
	CodeClients       = "clients"        // setup: benchmark clients run at once
	CodeEngineCache   = "engine_cache"   // setup: an engine's cache beside its data size
	CodeCacheFit      = "cache_fit"      // caveat: one engine's data fits its cache, another's does not
	CodeUnnamedTest   = "unnamed_test"   // caveat: runs whose input names no test, analysed as one workload
)

// setupFindings are the facts of how the runs were made (hosts, run
// lengths, data sizes, caches, versions) and the caveats they imply.
// Each rests on what the inputs say: a command, a banner, an options
// header, a capture or a line of prose (parse.Fact), named in its
// Sources.
func setupFindings(doc *parse.Document, ds *Dataset, rp *Report) Findings {
	var fs Findings
	fs = append(fs, hostFindings(rp)...)
	fs = append(fs, runLengthFindings(doc, ds)...)
	fs = append(fs, dataSizeFindings(doc, ds)...)
	if f := repeatsFinding(ds); f != nil {
		fs = append(fs, *f)
	}
	if f := threadsFinding(ds); f != nil {
		fs = append(fs, *f)
	}
	fs = append(fs, versionFindings(doc, ds, rp)...)
	fs = append(fs, clientFindings(doc, ds)...)
	fs = append(fs, cacheFindings(rp)...)
	if f := unnamedTestFinding(ds); f != nil {
		fs = append(fs, *f)
	}
	return fs
}

// unnamedTestFinding is the caveat on the runs whose input names no test
// (workload "?"): they are one workload only because nothing tells them
// apart, so a ratio or a curve over them holds only if they ran the same
// test. Nil when fewer than two such runs are analysed.
func unnamedTestFinding(ds *Dataset) *Finding {
	if ds == nil {
		return nil
	}
	runs := 0
	systems, workloads := map[string]bool{}, map[string]bool{}
	var refs []string
	for _, c := range ds.Cells {
		for _, r := range c.Runs {
			// The cell's workload may carry a variant ("? (file=…)"):
			// the run's own workload says whether a test was named.
			if WorkloadOf(r) != "?" {
				continue
			}
			runs++
			systems[c.System] = true
			workloads[c.Workload] = true
			refs = append(refs, RunRef(r))
		}
	}
	if runs < 2 {
		return nil
	}
	f := &Finding{Kind: KindCaveat, Code: CodeUnnamedTest, Workload: "?",
		Guard: Guard{Rule: "runs whose input names no sysbench test or mysqlslap load are analysed as one workload", Passed: true}}
	f.add("runs", float64(runs), "runs", nil, nil, refs...)
	f.add("systems", float64(len(systems)), "systems", nil, nil)
	f.add("workloads", float64(len(workloads)), "workloads", nil, nil)
	return f
}

// analysedRuns are the runs of the dataset (a merged run once), else
// every run of the document.
func analysedRuns(doc *parse.Document, ds *Dataset) []*parse.Run {
	if ds == nil {
		return doc.Runs
	}
	var out []*parse.Run
	for _, c := range ds.Cells {
		out = append(out, c.Runs...)
	}
	return out
}

func factRef(f *parse.Fact) string { return refOf(f.Source, f.Line) }

// firstFact returns the text's first statement named name (with a
// number, when value), nil when it makes none.
func firstFact(doc *parse.Document, name string, value bool) *parse.Fact {
	for _, ft := range doc.Facts {
		if ft.Name == name && (!value || ft.Value != nil) {
			return ft
		}
	}
	return nil
}

// fromProse is the setup finding of code that the text's own statement
// gives where no run or capture shows the fact (rule says which): fill
// adds the statement's values and their line, and the finding says it
// is from the prose.
func fromProse(code, rule string, fill func(*Finding)) Finding {
	f := Finding{Kind: KindSetup, Code: code, Evidence: []Evidence{}, Guard: Guard{Rule: rule, Passed: true}}
	fill(&f)
	f.word("from", "prose")
	return f
}

// hostFindings state each system's host as merged (Report.Hosts): one
// finding per host, System "" for a host every system shares.
func hostFindings(rp *Report) Findings {
	var fs Findings
	for _, h := range rp.Hosts {
		if h.Host == nil {
			continue
		}
		f := Finding{Kind: KindSetup, Code: CodeHost, System: h.System,
			Guard: Guard{Rule: "captures merged only when they describe one machine (hostname, or CPU model, count and memory alike)", Passed: true}}
		src := hostSources(h.Host)
		if h.Host.CPUs != nil {
			f.add("cpus", float64(*h.Host.CPUs), "", nil, nil, src...)
		}
		if h.Host.MemTotalBytes != nil {
			f.add("memory_bytes", float64(*h.Host.MemTotalBytes), "bytes", nil, nil, src...)
		}
		if h.Host.CPUModel != "" {
			f.word("cpu_model", h.Host.CPUModel)
		}
		if h.Host.Hypervisor != "" {
			f.word("hypervisor", h.Host.Hypervisor)
		}
		if h.Host.Name != "" {
			f.word("name", h.Host.Name)
		}
		if len(f.Evidence) == 0 && len(f.Words) == 0 {
			continue
		}
		fs = append(fs, f)
	}
	for _, h := range rp.UntiedHosts {
		f := Finding{Kind: KindSetup, Code: CodeUntiedHost,
			Guard: Guard{Rule: "a capture is tied to runs by a campaign entry, its file or its directory, or a label naming a system; this one is not, so it is no system's host", Passed: true}}
		src := hostSources(h)
		if h.CPUs != nil {
			f.add("cpus", float64(*h.CPUs), "", nil, nil, src...)
		}
		if h.MemTotalBytes != nil {
			f.add("memory_bytes", float64(*h.MemTotalBytes), "bytes", nil, nil, src...)
		}
		if h.CPUModel != "" {
			f.word("cpu_model", h.CPUModel)
		}
		if h.Hypervisor != "" {
			f.word("hypervisor", h.Hypervisor)
		}
		if h.Name != "" {
			f.word("name", h.Name)
		}
		f.word("source", refOf(h.Source, h.Line))
		fs = append(fs, f)
	}
	if rp.Caveats.Loopback {
		fs = append(fs, Finding{Kind: KindSetup, Code: CodeLoopback, Evidence: []Evidence{},
			Guard: Guard{Rule: "every run command connects over a socket or the loopback address", Passed: true}})
	}
	return fs
}

func hostSources(h *parse.Host) []string {
	out := []string{refOf(h.Source, h.Line)}
	for _, c := range h.Captures {
		if i := strings.IndexByte(c, '@'); i >= 0 {
			out = append(out, c[i+1:])
		}
	}
	return out
}

// legacyEventCap is the event cap sysbench 0.4 and 0.5 apply when the
// command sets none (--max-requests, default 10000).
const legacyEventCap = 10000

// eventCap returns the number of events a run was capped at, the option
// that set it ("--events", "--max-requests", "header" for the cap 0.4's
// OLTP test prints, or "" for 0.4/0.5's default) and whether there is a
// cap at all.
func eventCap(r *parse.Run) (int64, string, bool) {
	if r.Tool != parse.ToolSysbench {
		return 0, "", false
	}
	var opts map[string]string
	if r.Command != "" {
		if c := parse.ParseCommand(r.Command); c != nil {
			opts = c.Opts
		}
	}
	legacy := legacySysbench(r, opts)
	get := func(k string) (int64, bool) {
		v, ok := opts[k]
		if !ok {
			return 0, false
		}
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		return n, err == nil
	}
	if n, ok := get("max-requests"); ok && (n > 0 || legacy) {
		return n, "--max-requests", n > 0
	}
	if n, ok := get("events"); ok {
		return n, "--events", n > 0
	}
	// Without the command, 0.4's OLTP test prints its cap before it
	// starts ("Maximum number of requests for OLTP test is limited to N").
	if n := r.Options.MaxRequests; n != nil && *n > 0 {
		return *n, "header", true
	}
	if !legacy {
		return 0, "", false
	}
	switch {
	case r.Test == "memory" || r.Test == "mutex":
		return 0, "", false
	case r.FileIO != nil && strings.HasPrefix(r.Settings["file-test-mode"], "seq") && !strings.Contains(r.Settings["file-test-mode"], "/"):
		return 0, "", false
	}
	return legacyEventCap, "", true
}

// legacySysbench reports whether a run is sysbench 0.4 or 0.5: by its
// banner, else by a command in their syntax (--test=, --num-threads).
func legacySysbench(r *parse.Run, opts map[string]string) bool {
	if r.Version != "" {
		return strings.HasPrefix(r.Version, "0.")
	}
	if opts == nil && r.Command != "" {
		if c := parse.ParseCommand(r.Command); c != nil {
			opts = c.Opts
		}
	}
	_, t := opts["test"]
	_, n := opts["num-threads"]
	return t || n
}

// stoppedAtCap reports whether a run ended by its event cap rather than
// its time limit: it counted the cap's events (0.4 overshoots it by up to
// a transaction a thread), no more, before the time limit, if any, was
// reached.
func stoppedAtCap(r *parse.Run) (int64, string, bool) {
	n, from, ok := eventCap(r)
	if !ok || r.Events == nil || *r.Events < n {
		return 0, "", false
	}
	// A run at its cap counts the cap's events, give or take the
	// transaction each thread had under way: many more and the cap was
	// not in force (a 0.4 paste without its --max-requests=0).
	threads := int64(1)
	if r.Threads != nil && *r.Threads > 0 {
		threads = int64(*r.Threads)
	}
	if *r.Events > n+n/100+threads {
		return 0, "", false
	}
	if r.Options.TimeLimitS != nil && *r.Options.TimeLimitS > 0 && r.TotalTimeS != nil &&
		*r.TotalTimeS >= 0.98**r.Options.TimeLimitS {
		return 0, "", false
	}
	return n, from, true
}

// runLengthFindings say how long the runs were: the time limit they ran
// to, or the event cap that ended them first (the duration then is the
// measured total time, the limit a cap), or else their measured time;
// without any of these, what the prose says.
func runLengthFindings(doc *parse.Document, ds *Dataset) Findings {
	type key struct {
		capped bool
		cap    int64
		from   string
		limit  float64 // -1: none
		tool   string
	}
	type group struct {
		runs  []*parse.Run
		times []float64
	}
	groups := map[key]*group{}
	var order []key
	all := 0 // sysbench runs, whether or not they show their length
	for _, r := range analysedRuns(doc, ds) {
		if r.Tool != parse.ToolSysbench {
			continue
		}
		all++
		k := key{limit: -1, tool: r.Tool}
		if r.Options.TimeLimitS != nil && *r.Options.TimeLimitS > 0 {
			k.limit = *r.Options.TimeLimitS
		}
		if n, from, ok := stoppedAtCap(r); ok {
			k.capped, k.cap, k.from = true, n, from
		} else if k.limit < 0 && r.TotalTimeS == nil {
			continue
		}
		g := groups[k]
		if g == nil {
			g = &group{}
			groups[k] = g
			order = append(order, k)
		}
		g.runs = append(g.runs, r)
		if r.TotalTimeS != nil {
			g.times = append(g.times, *r.TotalTimeS)
		}
	}
	var fs Findings
	for _, k := range order {
		g := groups[k]
		var src []string
		for _, r := range g.runs {
			src = append(src, RunRef(r))
		}
		f := Finding{Kind: KindSetup}
		switch {
		case k.capped:
			f.Kind, f.Code = KindCaveat, CodeEventCap
			f.Guard = Guard{Rule: "a run ended by its event cap when it counted the cap's events before its time limit", Passed: true}
			f.add("events_cap", float64(k.cap), "events", nil, nil, src...)
			if k.from == "" {
				f.word("cap_from", "default")
			} else {
				f.word("cap_from", k.from)
			}
			var vs []string
			for _, r := range g.runs {
				if r.Version != "" {
					vs = append(vs, r.Version)
				}
			}
			if vs = dedupe(vs); len(vs) > 0 {
				f.word("version", strings.Join(vs, " and "))
			}
		case k.limit >= 0:
			f.Code = CodeRunLength
			f.Guard = Guard{Rule: "runs that reached their time limit", Passed: true}
		default:
			f.Code = CodeMeasuredTime
			f.Guard = Guard{Rule: "neither a time limit nor an event cap shown: the measured total time", Passed: true}
		}
		if k.limit >= 0 {
			f.add("time_limit_s", k.limit, "s", nil, nil, src...)
		}
		if len(g.times) > 0 {
			lo, hi := minMax(g.times)
			f.add("total_time_s", median(g.times), "s", &lo, &hi, src...)
		}
		f.add("runs", float64(len(g.runs)), "", nil, nil)
		f.add("of_runs", float64(all), "", nil, nil)
		fs = append(fs, f)
	}
	if len(fs) > 0 {
		return fs
	}
	if ft := firstFact(doc, parse.FactDuration, true); ft != nil {
		return Findings{fromProse(CodeRunLength, "no run shows its length: the text's own statement", func(f *Finding) {
			f.add("time_limit_s", *ft.Value, "s", nil, nil, factRef(ft))
			f.word("text", ft.Text)
		})}
	}
	return nil
}

func minMax(xs []float64) (float64, float64) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, x := range xs {
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	return lo, hi
}

// dataSizeFindings state the tables and rows per table the runs used
// (--tables, --table-size and their 0.4/0.5 names), else those the prose
// states.
func dataSizeFindings(doc *parse.Document, ds *Dataset) Findings {
	type key struct{ tables, size int64 }
	srcs := map[key][]string{}
	var order []key
	runs := analysedRuns(doc, ds)
	for _, r := range runs {
		size, err := strconv.ParseInt(firstSetting(r, "table-size", "oltp-table-size"), 10, 64)
		if err != nil || size <= 0 {
			continue
		}
		tables := int64(-1)
		if n, err := strconv.ParseInt(firstSetting(r, "tables", "oltp-tables-count"), 10, 64); err == nil && n > 0 {
			tables = n
		} else if legacySysbench(r, nil) {
			tables = 1 // 0.4's and 0.5's OLTP tests default to one table
		}
		k := key{tables, size}
		if _, ok := srcs[k]; !ok {
			order = append(order, k)
		}
		srcs[k] = append(srcs[k], RunRef(r))
	}
	var fs Findings
	for _, k := range order {
		f := Finding{Kind: KindSetup, Code: CodeDataSize,
			Guard: Guard{Rule: "the runs' --tables and --table-size", Passed: true}}
		if k.tables > 0 {
			f.add("tables", float64(k.tables), "", nil, nil, srcs[k]...)
		}
		f.add("table_size", float64(k.size), "rows", nil, nil, srcs[k]...)
		// The pair holds for these runs only: of_runs says how many were
		// analysed, so a size one file gives is not said of every run.
		f.add("runs", float64(len(srcs[k])), "", nil, nil)
		f.add("of_runs", float64(len(runs)), "", nil, nil)
		fs = append(fs, f)
	}
	if len(fs) > 0 {
		return fs
	}
	tables, size := firstFact(doc, parse.FactTables, true), firstFact(doc, parse.FactTableSize, true)
	if size == nil {
		return nil
	}
	return Findings{fromProse(CodeDataSize, "no run shows its data size: the text's own statement", func(f *Finding) {
		if tables != nil {
			f.add("tables", *tables.Value, "", nil, nil, factRef(tables))
		}
		f.add("table_size", *size.Value, "rows", nil, nil, factRef(size))
	})}
}

// firstSetting returns the first of the named settings the run has: 1.x
// names and their 0.4/0.5 forms.
func firstSetting(r *parse.Run, names ...string) string {
	for _, n := range names {
		if v, ok := r.Settings[n]; ok {
			return v
		}
	}
	return ""
}

func repeatsFinding(ds *Dataset) *Finding {
	if ds == nil || len(ds.Cells) == 0 {
		return nil
	}
	lo, hi := math.MaxInt, 0
	for _, c := range ds.Cells {
		lo, hi = min(lo, len(c.Runs)), max(hi, len(c.Runs))
	}
	f := &Finding{Kind: KindSetup, Code: CodeRepeats, Guard: Guard{Rule: "runs per system, workload and thread count", Passed: true}}
	f.add("min_repeats", float64(lo), "", nil, nil)
	f.add("max_repeats", float64(hi), "", nil, nil)
	return f
}

func threadsFinding(ds *Dataset) *Finding {
	if ds == nil {
		return nil
	}
	set := map[int]bool{}
	for _, c := range ds.Cells {
		if c.Threads > 0 {
			set[c.Threads] = true
		}
	}
	if len(set) == 0 {
		return nil
	}
	var ts []int
	for t := range set {
		ts = append(ts, t)
	}
	sort.Ints(ts)
	f := &Finding{Kind: KindSetup, Code: CodeThreads, Guard: Guard{Rule: "the thread counts of the analysed cells", Passed: true}}
	f.add("min_threads", float64(ts[0]), "threads", nil, nil)
	f.add("max_threads", float64(ts[len(ts)-1]), "threads", nil, nil)
	f.add("thread_counts", float64(len(ts)), "", nil, nil)
	return f
}

// versionFindings state the benchmark tools' versions (banners, else
// prose) and each server's (its version variable, else prose).
func versionFindings(doc *parse.Document, ds *Dataset, rp *Report) Findings {
	var fs Findings
	type tv struct{ tool, version string }
	seen := map[tv][]string{}
	count := map[tv]int{}
	ofTool := map[string]int{} // runs of each tool, with a banner or not
	var order []tv
	for _, r := range analysedRuns(doc, ds) {
		if r.Tool == parse.ToolTable {
			continue
		}
		ofTool[r.Tool]++
		if r.Version == "" {
			continue
		}
		k := tv{r.Tool, r.Version}
		if _, ok := seen[k]; !ok {
			order = append(order, k)
		}
		count[k]++
		if len(seen[k]) < 1 {
			seen[k] = append(seen[k], RunRef(r))
		}
	}
	for _, k := range order {
		f := Finding{Kind: KindSetup, Code: CodeToolVersion, Evidence: []Evidence{},
			Guard: Guard{Rule: "the version the tool's banner printed", Passed: true}}
		// A version holds for the runs whose banner shows it.
		f.add("runs", float64(count[k]), "", nil, nil)
		f.add("of_runs", float64(ofTool[k.tool]), "", nil, nil)
		f.word("tool", k.tool)
		f.word("version", k.version)
		f.word("source", seen[k][0])
		fs = append(fs, f)
	}
	hasSysbench := false
	for _, k := range order {
		hasSysbench = hasSysbench || k.tool == parse.ToolSysbench
	}
	if ft := firstFact(doc, parse.FactSysbenchVersion, false); ft != nil && !hasSysbench {
		fs = append(fs, fromProse(CodeToolVersion, "no banner shows the version: the text's own statement", func(f *Finding) {
			f.word("tool", parse.ToolSysbench)
			f.word("version", ft.Text)
			f.word("source", factRef(ft))
		}))
	}
	servers := 0
	for _, sv := range rp.Servers {
		v := sv.Values["version"]
		if v == "" {
			continue
		}
		f := Finding{Kind: KindSetup, Code: CodeServerVersion, System: sv.System, Evidence: []Evidence{},
			Guard: Guard{Rule: "the server's version variable", Passed: true}}
		f.word("version", v)
		if c := sv.Values["version_comment"]; c != "" {
			f.word("comment", c)
		}
		fs = append(fs, f)
		servers++
	}
	if servers == 0 {
		for _, ft := range doc.Facts {
			if ft.Name != parse.FactServerVersion {
				continue
			}
			fs = append(fs, fromProse(CodeServerVersion, "no capture shows the server's version: the text's own statement", func(f *Finding) {
				f.word("server", ft.Subject)
				f.word("version", ft.Text)
				f.word("source", factRef(ft))
			}))
		}
	}
	return fs
}

// clientFindings state how many benchmark clients ran at once: the
// client runs merged into one run (a campaign's clients), else what the
// prose says.
func clientFindings(doc *parse.Document, ds *Dataset) Findings {
	if ds != nil {
		lo, hi := 0, 0
		for _, c := range ds.Cells {
			for _, n := range c.Merged {
				if lo == 0 || n < lo {
					lo = n
				}
				hi = max(hi, n)
			}
		}
		if hi > 1 {
			f := Finding{Kind: KindSetup, Code: CodeClients,
				Guard: Guard{Rule: "client runs of one campaign entry merged into one run", Passed: true}}
			f.add("clients", float64(hi), "", nil, nil)
			if lo != hi {
				f.add("min_clients", float64(lo), "", nil, nil)
			}
			return Findings{f}
		}
	}
	if ft := firstFact(doc, parse.FactClients, true); ft != nil {
		return Findings{fromProse(CodeClients, "the text's own statement", func(f *Finding) {
			f.add("clients", *ft.Value, "", nil, nil, factRef(ft))
		})}
	}
	return nil
}

// EngineCaches names the variable that sizes each storage engine's
// cache of data pages.
var EngineCaches = map[string]string{
	"innodb":  "innodb_buffer_pool_size",
	"xtradb":  "innodb_buffer_pool_size",
	"rocksdb": "rocksdb_block_cache_size",
	"tokudb":  "tokudb_cache_size",
	"aria":    "aria_pagecache_buffer_size",
	"myisam":  "key_buffer_size",
}

// cacheFindings put each engine's cache beside its data size (data and
// indexes, from table status), and say when one engine's data fits its
// cache and another's does not: the comparison then measures the
// configuration as much as the engines.
func cacheFindings(rp *Report) Findings {
	var fs Findings
	lookup := func(system, name string) (string, string) {
		for _, sv := range rp.Servers {
			if sv.System == system {
				if v, ok := sv.Values[name]; ok {
					return v, sv.System
				}
			}
		}
		// A value every server capture agrees on (one server ran every
		// engine) is the engine's too.
		val, n := "", 0
		for _, sv := range rp.Servers {
			if v, ok := sv.Values[name]; ok {
				if n > 0 && v != val {
					return "", ""
				}
				val, n = v, n+1
			}
		}
		return val, ""
	}
	type fit struct {
		engine      string
		fits        bool
		data, cache float64
	}
	var fits []fit
	for _, t := range rp.Tables {
		e := strings.ToLower(t.Engine)
		name := EngineCaches[e]
		if name == "" || t.DataBytes == nil {
			continue
		}
		data := float64(*t.DataBytes)
		if t.IndexBytes != nil {
			data += float64(*t.IndexBytes)
		}
		raw, _ := lookup(t.System, name)
		cache, ok := parse.SizeBytes(raw)
		f := Finding{Kind: KindSetup, Code: CodeEngineCache, System: t.System,
			Guard: Guard{Rule: "the engine's cache variable from its server's SHOW VARIABLES, its size from SHOW TABLE STATUS", Passed: ok}}
		f.word("engine", e)
		f.word("variable", name)
		f.add("data_bytes", data, "bytes", nil, nil)
		if t.Rows != nil {
			f.add("rows", float64(*t.Rows), "rows", nil, nil)
		}
		if ok {
			f.add("cache_bytes", cache, "bytes", nil, nil)
			fits = append(fits, fit{e, data <= cache, data, cache})
		} else {
			f.Guard.Reason = "no " + name + " captured for this engine's server"
		}
		fs = append(fs, f)
	}
	var in, out []fit
	for _, x := range fits {
		if x.fits {
			in = append(in, x)
		} else {
			out = append(out, x)
		}
	}
	if len(in) > 0 && len(out) > 0 {
		f := Finding{Kind: KindCaveat, Code: CodeCacheFit,
			Guard: Guard{Rule: "one engine's data and indexes fit its cache while another's do not", Passed: true}}
		var ins, outs []string
		for _, x := range in {
			ins = append(ins, x.engine)
			f.add("data_bytes."+x.engine, x.data, "bytes", nil, nil)
			f.add("cache_bytes."+x.engine, x.cache, "bytes", nil, nil)
		}
		for _, x := range out {
			outs = append(outs, x.engine)
			f.add("data_bytes."+x.engine, x.data, "bytes", nil, nil)
			f.add("cache_bytes."+x.engine, x.cache, "bytes", nil, nil)
		}
		f.word("fit", strings.Join(dedupe(ins), ","))
		f.word("exceed", strings.Join(dedupe(outs), ","))
		fs = append(fs, f)
	}
	return fs
}
