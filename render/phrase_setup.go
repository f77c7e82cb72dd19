package render

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sbreport/sbreport/analyze"
)

// The setup and caveat findings of package analyze (Kind "setup" and
// "caveat") phrased: the caveat line under the headline and the facts of
// the appendix's test setup. Every number written here is one a finding
// carries.

// caveatLine states the host, the run length (or the event cap that
// ended the runs first), the data size and the repeats; then, as a
// sentence of its own, an engine whose data fits its cache beside one
// whose data does not.
func caveatLine(rp *analyze.Report) string {
	fs := rp.Findings
	var parts []string
	if s := hostPhrase(fs.Select(analyze.KindSetup, "", analyze.CodeHost), len(fs.Select(analyze.KindSetup, "", analyze.CodeLoopback)) > 0); s != "" {
		parts = append(parts, s)
	}
	parts = append(parts, durationPhrases(fs)...)
	if s := dataSizePhrase(fs.Select(analyze.KindSetup, "", analyze.CodeDataSize)); s != "" {
		parts = append(parts, s)
	}
	if rs := fs.Select(analyze.KindSetup, "", analyze.CodeRepeats); len(rs) > 0 {
		lo, hi := int(rs[0].Value("min_repeats")), int(rs[0].Value("max_repeats"))
		if lo == hi {
			parts = append(parts, fmt.Sprintf("%d %s per system and thread count", hi, plural(hi, "run", "runs")))
		} else {
			parts = append(parts, fmt.Sprintf("%d to %d runs per system and thread count", lo, hi))
		}
	}
	var out []string
	if len(parts) > 0 {
		s := strings.Join(parts, "; ")
		out = append(out, strings.ToUpper(s[:1])+s[1:]+".")
	}
	for _, f := range fs.Select(analyze.KindCaveat, "", analyze.CodeCacheFit) {
		out = append(out, cacheFitPhrase(f))
	}
	for _, f := range fs.Select(analyze.KindCaveat, "", analyze.CodeUnnamedTest) {
		out = append(out, unnamedTestPhrase(f))
	}
	return strings.Join(out, " ")
}

// unnamedTestPhrase says that runs for which no test name was read are one
// workload ("?") only for want of a name: what is said of it holds only
// if they ran the same test.
func unnamedTestPhrase(f *analyze.Finding) string {
	n := int(f.Value("runs"))
	what := "they are analysed as one workload, ?, and its ratios and curves hold only if they ran the same test."
	if int(f.Value("systems")) < 2 {
		what = "they are analysed as one workload, ?, and its curve holds only if they ran the same test."
	}
	if k := int(f.Value("workloads")); k > 1 {
		what = fmt.Sprintf("they are analysed as %d workloads named ?, told apart only by their settings or files, and what is said of each holds only if its runs ran the same test.", k)
	}
	return fmt.Sprintf("No test name was read for %d runs: %s", n, what)
}

// hostPhrase describes the host when every host finding agrees on it,
// with whatever its captures give (CPU count and model, hypervisor,
// memory, else its name) and saying when they give no CPU count; hosts
// that differ in CPU count are counted.
func hostPhrase(hs []*analyze.Finding, loopback bool) string {
	if len(hs) == 0 {
		return ""
	}
	// same is the value every finding gives, "" when they differ.
	same := func(get func(f *analyze.Finding) string) string {
		v := get(hs[0])
		for _, f := range hs[1:] {
			if get(f) != v {
				return ""
			}
		}
		return v
	}
	cpus := same(func(f *analyze.Finding) string { return evText(f, "cpus") })
	anyCPUs := false
	for _, f := range hs {
		anyCPUs = anyCPUs || f.Has("cpus")
	}
	if cpus == "" && anyCPUs {
		return fmt.Sprintf("%d different hosts (see the appendix)", len(hs))
	}
	model := same(func(f *analyze.Finding) string { return f.Word("cpu_model") })
	hyper := same(func(f *analyze.Finding) string { return f.Word("hypervisor") })
	var s string
	switch n, _ := strconv.Atoi(cpus); {
	case cpus != "":
		s = fmt.Sprintf("%d logical %s", n, plural(n, "CPU", "CPUs"))
	case model == "" && hyper != "":
		// "a KVM virtual machine with 11 GiB of memory" below
	case len(hs) == 1 && hs[0].Word("name") != "":
		s = "host " + hs[0].Word("name")
	default:
		s = "a host"
	}
	if model != "" {
		if s == "a host" {
			s = model
		} else {
			s += " (" + model + ")"
		}
	}
	if hyper != "" {
		if s == "" {
			s = "a " + hyper + " virtual machine"
		} else {
			s += " in a " + hyper + " virtual machine"
		}
	}
	if m := same(func(f *analyze.Finding) string { return evText(f, "memory_bytes") }); m != "" {
		v, _ := strconv.ParseFloat(m, 64)
		s += " with " + FormatBytes(v) + " of memory"
	}
	if cpus == "" {
		if s == "a host" {
			return "" // nothing the captures agree on
		}
		s += " (no CPU count captured)"
	}
	if loopback {
		s += ", sysbench on the same host as the server"
	}
	return s
}

// evText is an evidence's value as exact text, "" when absent.
func evText(f *analyze.Finding, name string) string {
	e, ok := f.Get(name)
	if !ok {
		return ""
	}
	return strconv.FormatFloat(e.Value, 'f', -1, 64)
}

// seconds writes a time in seconds to a tenth; a time under 0.05 s keeps
// two significant digits ("0.0008"): a run that took 0.8 ms did not take
// "0 s".
func seconds(v float64) string {
	if v > 0 && v < 0.05 {
		return trimZeros(strconv.FormatFloat(v, 'f', colPrec(&v), 64))
	}
	return trimZeros(strconv.FormatFloat(v, 'f', 1, 64))
}

// span is "9.2–40.8 s", or "60 s" when the bounds agree to a tenth.
func span(e analyze.Evidence) string {
	if e.Lo == nil || seconds(*e.Lo) == seconds(*e.Hi) {
		return seconds(e.Value) + " s"
	}
	return seconds(*e.Lo) + "–" + seconds(*e.Hi) + " s"
}

// durationPhrases say how long the runs were. When one finding covers
// every run: the time limit they ran to, the event cap that ended them
// first, or their measured time. Otherwise the range of the runs' times
// with how many runs it covers, then each group with its own count: a
// length one file gives is never said of every run.
func durationPhrases(fs analyze.Findings) []string {
	lens := fs.Select(analyze.KindSetup, "", analyze.CodeRunLength)
	caps := fs.Select(analyze.KindCaveat, "", analyze.CodeEventCap)
	meas := fs.Select(analyze.KindSetup, "", analyze.CodeMeasuredTime)
	n, of := 0, 0
	for _, g := range [][]*analyze.Finding{lens, caps, meas} {
		for _, f := range g {
			if f.Has("runs") {
				n += int(f.Value("runs"))
			}
			if f.Has("of_runs") {
				of = max(of, int(f.Value("of_runs")))
			}
		}
	}
	if len(lens)+len(caps)+len(meas) == 1 && n >= of {
		switch {
		case len(lens) == 1:
			s := "runs of " + seconds(lens[0].Value("time_limit_s")) + " s"
			if lens[0].Word("from") == "prose" {
				s += " (as the text says)"
			}
			return []string{s}
		case len(caps) == 1:
			return []string{eventCapPhrase(caps[0], false)}
		default:
			if e, ok := meas[0].Get("total_time_s"); ok {
				return []string{"runs took " + span(e)}
			}
			return nil
		}
	}
	if n == 0 {
		return nil
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, g := range [][]*analyze.Finding{lens, caps, meas} {
		for _, f := range g {
			if e, ok := f.Get("total_time_s"); ok {
				l, h := e.Value, e.Value
				if e.Lo != nil {
					l, h = *e.Lo, *e.Hi
				}
				lo, hi = math.Min(lo, l), math.Max(hi, h)
			} else if f.Has("time_limit_s") {
				lo, hi = math.Min(lo, f.Value("time_limit_s")), math.Max(hi, f.Value("time_limit_s"))
			}
		}
	}
	count := fmt.Sprintf("%d %s", n, plural(n, "run", "runs"))
	if of > n {
		count = fmt.Sprintf("%d of %d runs", n, of)
	}
	var out []string
	if lo <= hi {
		out = append(out, "runs of "+span(analyze.Evidence{Value: lo, Lo: &lo, Hi: &hi})+" ("+count+")")
	}
	for _, f := range lens {
		k := int(f.Value("runs"))
		out = append(out, fmt.Sprintf("%d %s to a %s s limit", k, plural(k, "run", "runs"), seconds(f.Value("time_limit_s"))))
	}
	for _, f := range caps {
		out = append(out, eventCapPhrase(f, true))
	}
	for _, f := range meas {
		if e, ok := f.Get("total_time_s"); ok {
			k := int(f.Value("runs"))
			out = append(out, fmt.Sprintf("%d %s with no limit shown took %s", k, plural(k, "run", "runs"), span(e)))
		}
	}
	return out
}

// eventCapPhrase: "stopped at 10,000 requests after 9.2–40.8 s; the 60 s
// limit was a cap".
func eventCapPhrase(f *analyze.Finding, others bool) string {
	unit := "requests"
	if f.Word("cap_from") == "--events" {
		unit = "events"
	}
	s := "runs stopped at " + FormatFixed(f.Value("events_cap"), 0) + " " + unit
	if others {
		n := int(f.Value("runs"))
		s = fmt.Sprintf("%d %s stopped at %s %s", n, plural(n, "run", "runs"), FormatFixed(f.Value("events_cap"), 0), unit)
	}
	if f.Word("cap_from") == "default" {
		s += " (sysbench's default cap)"
	}
	if e, ok := f.Get("total_time_s"); ok {
		s += " after " + span(e)
	}
	if e, ok := f.Get("time_limit_s"); ok {
		s += "; the " + seconds(e.Value) + " s limit was a cap"
	}
	return s
}

// dataSizePhrase: "4 tables of 10,000 rows", "16 tables of 10,000,000
// rows (as the text says)"; pairs as the runs give them, each with its
// runs unless it holds for every run: "15 tables of 2,000,000 rows (1
// of 9 runs), 500 tables of 1,000,000 rows (1 of 9 runs)".
func dataSizePhrase(fs []*analyze.Finding) string {
	if len(fs) == 0 {
		return ""
	}
	pair := func(f *analyze.Finding) string {
		s := "tables of " + FormatFixed(f.Value("table_size"), 0) + " rows"
		if e, ok := f.Get("tables"); ok {
			s = FormatFixed(e.Value, 0) + " " + plural(int(e.Value), "table", "tables") + " of " + FormatFixed(f.Value("table_size"), 0) + " rows"
		}
		if f.Word("from") == "prose" {
			s += " (as the text says)"
		}
		return s
	}
	if len(fs) == 1 && !(fs[0].Has("runs") && fs[0].Value("runs") < fs[0].Value("of_runs")) {
		return pair(fs[0])
	}
	n, of := 0, 0
	for _, f := range fs {
		n += int(f.Value("runs"))
		of = max(of, int(f.Value("of_runs")))
	}
	var parts []string
	for _, f := range fs {
		k := int(f.Value("runs"))
		if of > n {
			parts = append(parts, fmt.Sprintf("%s (%d of %d runs)", pair(f), k, of))
		} else {
			parts = append(parts, fmt.Sprintf("%s (%d %s)", pair(f), k, plural(k, "run", "runs")))
		}
	}
	return strings.Join(parts, ", ")
}

// cacheFitPhrase: "Data and indexes fit the engine's cache for innodb
// (138 MiB in 256 MiB) but not for aria (134 MiB in 128 MiB): the
// comparison measures the configuration as much as the engines."
func cacheFitPhrase(f *analyze.Finding) string {
	part := func(engines string) string {
		var out []string
		for _, e := range strings.Split(engines, ",") {
			out = append(out, fmt.Sprintf("%s (%s in %s)", e,
				FormatBytes(f.Value("data_bytes."+e)), FormatBytes(f.Value("cache_bytes."+e))))
		}
		return joinAnd(out)
	}
	return "Data and indexes fit the engine's cache for " + part(f.Word("fit")) + " but not for " + part(f.Word("exceed")) +
		": the comparison measures the configuration as much as the engines."
}

// setupFacts are the appendix's list of what the inputs say about the
// setup, one line a fact.
func setupFacts(rp *analyze.Report) []string {
	fs := rp.Findings
	var out []string
	said := func(f *analyze.Finding) string {
		if f.Word("from") == "prose" {
			return " (stated in the text)"
		}
		return ""
	}
	for _, f := range fs.Select(analyze.KindSetup, "", analyze.CodeToolVersion) {
		s := f.Word("tool") + " " + f.Word("version") + said(f)
		if f.Has("runs") && f.Value("runs") < f.Value("of_runs") {
			s += fmt.Sprintf(" (%d of %d runs)", int(f.Value("runs")), int(f.Value("of_runs")))
		}
		out = append(out, s)
	}
	servers := fs.Select(analyze.KindSetup, "", analyze.CodeServerVersion)
	if len(servers) > 1 && servers[0].System != "" {
		same := true
		for _, f := range servers[1:] {
			same = same && f.System != "" && f.Word("version") == servers[0].Word("version")
		}
		if same {
			out = append(out, "server on every system: "+servers[0].Word("version"))
			servers = nil
		}
	}
	for _, f := range servers {
		switch {
		case f.Word("server") != "":
			out = append(out, "server: "+f.Word("server")+" "+f.Word("version")+said(f))
		case f.System != "":
			out = append(out, "server of "+f.System+": "+f.Word("version"))
		default:
			out = append(out, "server: "+f.Word("version"))
		}
	}
	if s := dataSizePhrase(fs.Select(analyze.KindSetup, "", analyze.CodeDataSize)); s != "" {
		out = append(out, s)
	}
	out = append(out, durationPhrases(fs)...)
	for _, f := range fs.Select(analyze.KindSetup, "", analyze.CodeThreads) {
		lo, hi, n := f.Value("min_threads"), f.Value("max_threads"), int(f.Value("thread_counts"))
		if n == 1 {
			out = append(out, FormatFixed(lo, 0)+" "+plural(int(lo), "thread", "threads"))
		} else {
			out = append(out, fmt.Sprintf("%s to %s threads (%d thread counts)", FormatFixed(lo, 0), FormatFixed(hi, 0), n))
		}
	}
	for _, f := range fs.Select(analyze.KindSetup, "", analyze.CodeClients) {
		n := int(f.Value("clients"))
		if f.Has("min_clients") {
			out = append(out, fmt.Sprintf("%d to %d sysbench clients at once, each run their sum", int(f.Value("min_clients")), n))
			continue
		}
		out = append(out, fmt.Sprintf("%d sysbench %s at once%s", n, plural(n, "client", "clients"), said(f)))
	}
	hosts := fs.Select(analyze.KindSetup, "", analyze.CodeHost)
	if len(hosts) > 1 {
		s := hostPhrase(hosts[:1], false)
		for _, f := range hosts[1:] {
			if hostPhrase([]*analyze.Finding{f}, false) != s {
				s = ""
			}
		}
		if s != "" {
			out = append(out, "host of every system: "+s)
			hosts = nil
		}
	}
	for _, f := range hosts {
		s := hostPhrase([]*analyze.Finding{f}, false)
		if s == "" {
			continue
		}
		if f.System != "" {
			s = "host of " + f.System + ": " + s
		} else if len(hosts) > 1 {
			s = "a host: " + s
		} else {
			s = "host: " + s
		}
		out = append(out, s)
	}
	for _, f := range fs.Select(analyze.KindSetup, "", analyze.CodeUntiedHost) {
		s := hostPhrase([]*analyze.Finding{f}, false)
		if s == "" && f.Has("memory_bytes") {
			s = FormatBytes(f.Value("memory_bytes")) + " of memory"
		}
		if n := f.Word("name"); n != "" {
			s = strings.TrimPrefix(strings.TrimSuffix("host "+n+", "+s, ", "), "")
		}
		if s == "" {
			s = "no CPU, memory or host name read"
		}
		out = append(out, "capture not tied to any run ("+f.Word("source")+"): "+s)
	}
	if len(fs.Select(analyze.KindSetup, "", analyze.CodeLoopback)) > 0 {
		out = append(out, "sysbench connected over a socket or the loopback address: client and server shared the host")
	}
	for _, f := range fs.Select(analyze.KindSetup, "", analyze.CodeEngineCache) {
		s := f.Word("engine")
		if f.System != "" && !strings.EqualFold(f.System, f.Word("engine")) {
			s += " on " + f.System
		}
		s += ": " + FormatBytes(f.Value("data_bytes")) + " of data and indexes"
		if f.Has("cache_bytes") {
			s += ", " + f.Word("variable") + " " + FormatBytes(f.Value("cache_bytes"))
		} else {
			s += ", no " + f.Word("variable") + " captured"
		}
		out = append(out, s)
	}
	return out
}

// TrimPhrase says that a cell's value is the steady state after a
// trimmed warm-up (a CodeTrimmedWarmup caveat), not the printed figure:
// for one run "warm-up of 50 s trimmed (5 of 60 interim samples, --skip
// auto): printed 4404.08", for several "warm-up trimmed in 3 of 3 runs
// (10–50 s, 1–5 interim samples): not the printed figures".
func TrimPhrase(f *analyze.Finding) string {
	num := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	rng := func(name string) string {
		e, _ := f.Get(name)
		if e.Lo == nil || *e.Lo == *e.Hi {
			return num(e.Value)
		}
		return num(*e.Lo) + "–" + num(*e.Hi)
	}
	runs := int(f.Value("runs"))
	if runs == 1 {
		how := "--skip"
		if f.Word("skip") == "auto" {
			how = "--skip auto"
		}
		n := int(f.Value("intervals"))
		s := fmt.Sprintf("warm-up of %s s trimmed (%s of %d interim %s, %s)", rng("warmup_s"), rng("dropped_intervals"),
			n, plural(n, "sample", "samples"), how)
		if f.Has("printed") {
			s += ": printed " + num(f.Value("printed"))
		}
		return s
	}
	return fmt.Sprintf("warm-up trimmed in %d of %d runs (%s s, %s interim samples): not the printed figures",
		int(f.Value("runs_trimmed")), runs, rng("warmup_s"), rng("dropped_intervals"))
}

// TrimRunPhrase says what was trimmed of one run: TrimPhrase of that run
// alone.
func TrimRunPhrase(t analyze.Trim) string {
	return TrimPhrase(analyze.TrimFinding("", "", 0, 1, []analyze.Trim{t}))
}

// trimNote is TrimPhrase of a comparison row's trimmed runs, "" when
// nothing was trimmed.
func trimNote(r analyze.Row) string {
	th := 0
	if r.Threads != nil {
		th = *r.Threads
	}
	if f := analyze.TrimFinding(r.Workload, r.System, th, r.N, r.Trimmed); f != nil {
		return TrimPhrase(f)
	}
	return ""
}
