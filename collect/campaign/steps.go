package campaign

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// A step is one measured run of the plan.
type step struct {
	sys      *System
	workload string
	repeat   int
	levels   []string // one per dim of the plan, in order
	// The whole-number factors, from levels.
	threads, clients, tables, tableSize int
}

// A layout is the tables one run works on: tables × table_size rows in
// all, split between clients. Each layout a system's runs use is
// prepared once.
type layout struct{ tables, tableSize, clients int }

func (s step) layout() layout { return layout{s.tables, s.tableSize, s.clients} }

// makeDims lists the factors of the plan's cross product, outermost
// first: named factors, variables given as lists, options given as
// lists, then tables, table_size, clients and threads, so that threads
// vary fastest as they always have.
func (p *Plan) makeDims() []dim {
	var out []dim
	for i := range p.Factors {
		f := &p.Factors[i]
		d := dim{kind: dimNamed, key: f.Name, factor: f}
		for _, l := range f.Levels {
			d.levels = append(d.levels, l.Name)
		}
		out = append(out, d)
	}
	for _, st := range p.Variables {
		if st.List {
			out = append(out, dim{kind: dimVariable, key: st.Name, levels: st.Values, line: st.Line})
		}
	}
	for _, st := range p.Sysbench.Options {
		if st.List {
			out = append(out, dim{kind: dimOption, key: st.Name, levels: st.Values, line: st.Line})
		}
	}
	clients := intLevels(p.Clients)
	for _, s := range p.Systems {
		for _, c := range intLevels(s.Clients) {
			if !slices.Contains(clients, c) {
				clients = append(clients, c)
			}
		}
	}
	return append(out,
		dim{kind: dimTables, key: "tables", levels: intLevels(p.Tables)},
		dim{kind: dimTableSize, key: "table_size", levels: intLevels(p.TableSize)},
		dim{kind: dimClients, key: "clients", levels: clients},
		dim{kind: dimThreads, key: "threads", levels: intLevels(p.Threads)},
	)
}

// dimLevels are the levels of d that system s runs: its own clients, when
// it gives them; every level otherwise.
func (p *Plan) dimLevels(d *dim, s *System) []string {
	if d.kind == dimClients && s.Clients != nil {
		return intLevels(s.Clients)
	}
	if d.kind == dimClients {
		return intLevels(p.Clients)
	}
	return d.levels
}

// expand returns the plan's runs in execution order.
//
// Interleaved: workloads one after the other, in plan order, so that one
// that writes (oltp_insert grows the tables) changes nothing under the
// workloads before it; within a workload, repeat by repeat, every
// combination of factor levels, each run by every system in turn, so that
// drift over the campaign hits every system and every level alike.
// Sequential: system by system, workload by workload, combination by
// combination, its repeats one after the other.
func (p *Plan) expand() []step {
	combos := p.combinations()
	var out []step
	add := func(s *System, w string, r int, c []string) {
		if st, ok := p.makeStep(s, w, r, c); ok {
			out = append(out, st)
		}
	}
	if p.Order == OrderSequential {
		for i := range p.Systems {
			for _, w := range p.Workloads {
				for _, c := range combos {
					for r := 1; r <= p.Repeats; r++ {
						add(&p.Systems[i], w, r, c)
					}
				}
			}
		}
		return out
	}
	for _, w := range p.Workloads {
		for r := 1; r <= p.Repeats; r++ {
			for _, c := range combos {
				for i := range p.Systems {
					add(&p.Systems[i], w, r, c)
				}
			}
		}
	}
	return out
}

// combinations lists the cross product of the dims' levels, the last dim
// varying fastest.
func (p *Plan) combinations() [][]string {
	out := [][]string{{}}
	for _, d := range p.dims {
		var next [][]string
		for _, c := range out {
			for _, l := range d.levels {
				next = append(next, append(slices.Clip(c), l))
			}
		}
		out = next
	}
	return out
}

// makeStep is the run of system s for one combination, if s runs it and
// only keeps it.
func (p *Plan) makeStep(s *System, w string, r int, levels []string) (step, bool) {
	st := step{sys: s, workload: w, repeat: r, levels: levels}
	for i := range p.dims {
		d := &p.dims[i]
		if !slices.Contains(p.dimLevels(d, s), levels[i]) {
			return step{}, false
		}
		n, _ := strconv.Atoi(levels[i])
		switch d.kind {
		case dimThreads:
			st.threads = n
		case dimClients:
			st.clients = n
		case dimTables:
			st.tables = n
		case dimTableSize:
			st.tableSize = n
		}
	}
	if len(p.Only) == 0 {
		return st, true
	}
	for _, o := range p.Only {
		if p.matches(st, o) {
			return st, true
		}
	}
	return step{}, false
}

// matches reports whether st has every level that o names.
func (p *Plan) matches(st step, o map[string]string) bool {
	for k, want := range o {
		var got string
		switch k {
		case "system":
			got = st.sys.Name
		case "workload":
			got = st.workload
		default:
			i := slices.IndexFunc(p.dims, func(d dim) bool { return d.key == k })
			if i < 0 {
				return false
			}
			got = st.levels[i]
		}
		if got != want {
			return false
		}
	}
	return true
}

// id is the run's identity in the manifest and the stem of its files:
// SYSTEM/WORKLOAD/4thr-r1, with the level of every factor that has more
// than one (SYSTEM/WORKLOAD/io-4cl-4thr-r1).
func (p *Plan) id(st step) string {
	var parts []string
	for i := range p.dims {
		d := &p.dims[i]
		if d.kind == dimThreads || len(d.levels) > 1 {
			parts = append(parts, d.stemPart(st.levels[i]))
		}
	}
	return path.Join(st.sys.Name, workloadDir(st.workload), strings.Join(parts, "-")+"-r"+strconv.Itoa(st.repeat))
}

var unsafeChars = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// workloadDir names a workload's directory: a script path becomes its base
// name without .lua.
func workloadDir(w string) string {
	b := strings.TrimSuffix(path.Base(w), ".lua")
	if b = unsafeChars.ReplaceAllString(b, "_"); b == "" || b == "." || b == ".." {
		b = "workload"
	}
	return b
}

// runLength is the planned time of one run, warm-up included.
func (p *Plan) runLength() time.Duration { return (p.Warmup + p.Duration).Duration() }

// builtinTests are sysbench tests that use no database.
var builtinTests = map[string]bool{"cpu": true, "memory": true, "fileio": true, "threads": true, "mutex": true}

// prepareWorkload is the workload whose prepare and cleanup commands make
// the tables; every oltp_* test shares oltp_common's. "" when no workload
// uses the database.
func (p *Plan) prepareWorkload() string {
	for _, w := range p.Workloads {
		if !builtinTests[w] {
			return w
		}
	}
	return ""
}

// layouts lists the layouts of system s's runs, in order of first use.
func (p *Plan) layouts(s *System) []layout {
	if p.layoutsOf == nil {
		p.layoutsOf = map[string][]layout{}
		for _, st := range p.steps {
			if l := p.layoutsOf[st.sys.Name]; !slices.Contains(l, st.layout()) {
				p.layoutsOf[st.sys.Name] = append(l, st.layout())
			}
		}
	}
	return p.layoutsOf[s.Name]
}

// db is the database of client k (1..clients) of layout l on system s:
// the system's database (mysql.db) for one client, DB_cK for several.
// When the system's runs use several tables × table_size layouts, each
// has databases of its own, DB_TxS (DB_4x10000_c2); when they use several
// client counts above 1, DB_nN_cK.
func (p *Plan) db(s *System, l layout, k int) string {
	db := s.MySQL.DB
	var sizes, clients []string
	for _, o := range p.layouts(s) {
		if ts := fmt.Sprintf("%dx%d", o.tables, o.tableSize); !slices.Contains(sizes, ts) {
			sizes = append(sizes, ts)
		}
		if c := strconv.Itoa(o.clients); o.clients > 1 && !slices.Contains(clients, c) {
			clients = append(clients, c)
		}
	}
	if len(sizes) > 1 {
		db += fmt.Sprintf("_%dx%d", l.tables, l.tableSize)
	}
	if l.clients > 1 {
		if len(clients) > 1 {
			db += "_n" + strconv.Itoa(l.clients)
		}
		db += "_c" + strconv.Itoa(k)
	}
	return db
}

// databases lists every database of system s's tables.
func (p *Plan) databases(s *System) []string {
	var out []string
	for _, l := range p.layouts(s) {
		for k := 1; k <= l.clients; k++ {
			if db := p.db(s, l, k); !slices.Contains(out, db) {
				out = append(out, db)
			}
		}
	}
	return out
}

// layoutTag names layout l in the files and kinds of system s's prepare,
// table status and cleanup: "" when the system has one layout, else
// "-4x10000-4cl" (files prepare-4x10000-4cl.c2.txt, kinds
// prepare@4x10000-4cl.c2).
func (p *Plan) layoutTag(s *System, l layout) string {
	if len(p.layouts(s)) < 2 {
		return ""
	}
	return fmt.Sprintf("%dx%d-%dcl", l.tables, l.tableSize, l.clients)
}

// layoutFile is the file of one client's part of a system's layout:
// SYSTEM/prepare.txt, SYSTEM/prepare.c2.txt, SYSTEM/prepare-4x10000-2cl.c2.txt.
func (p *Plan) layoutFile(s *System, l layout, name string, k int) string {
	if t := p.layoutTag(s, l); t != "" {
		name += "-" + t
	}
	return path.Join(s.Name, clientName(name, l.clients, k)+".txt")
}

// layoutKind is the manifest kind of one client's part of a layout:
// prepare, prepare.c2, prepare@4x10000-2cl.c2.
func (p *Plan) layoutKind(s *System, l layout, kind string, k int) string {
	if t := p.layoutTag(s, l); t != "" {
		kind += "@" + t
	}
	return clientName(kind, l.clients, k)
}

// clientName suffixes a file stem or kind with ".cK" when a run has
// several clients: 4thr-r1 becomes 4thr-r1.c2, output becomes output.c2.
func clientName(name string, clients, k int) string {
	if clients <= 1 {
		return name
	}
	return name + ".c" + strconv.Itoa(k)
}

// connArgs are the connection options of client k of a layout of system s.
func (p *Plan) connArgs(s *System, l layout, k int) []string {
	m := s.MySQL
	a := []string{"--db-driver=mysql"}
	if e := m.endpoint(k); e.socket != "" {
		a = append(a, "--mysql-socket="+e.socket)
	} else {
		a = append(a, "--mysql-host="+e.host, "--mysql-port="+strconv.Itoa(e.port))
	}
	a = append(a, "--mysql-user="+m.User, "--mysql-db="+p.db(s, l, k))
	if s.Engine != "" {
		// Used by prepare only; kept on every command so that each raw
		// file says which engine it measured.
		a = append(a, "--mysql-storage-engine="+s.Engine)
	}
	return a
}

// tableArgs are one client's --tables and --table-size.
func tableArgs(l layout) []string {
	return []string{"--tables=" + strconv.Itoa(l.tables/l.clients), "--table-size=" + strconv.Itoa(l.tableSize)}
}

// options are the sysbench options of a step's runs, --NAME=VALUE: the
// plan's (the system's value in place of the plan's where it gives the
// same option), the system's own, then its factors' levels'.
func (p *Plan) options(st step) []string {
	var out []string
	own := st.sys.Sysbench.Options
	for _, o := range p.Sysbench.Options {
		v := o.Values[0]
		if o.List {
			v = st.levels[p.dimIndex(dimOption, o.Name)]
		}
		if so, ok := findOption(own, o.Name); ok {
			v = so.Values[0]
		}
		out = append(out, "--"+o.Name+"="+v)
	}
	for _, o := range own {
		if _, ok := findOption(p.Sysbench.Options, o.Name); !ok {
			out = append(out, "--"+o.Name+"="+o.Values[0])
		}
	}
	for i, f := range p.Factors {
		l := f.Levels[slices.IndexFunc(f.Levels, func(l Level) bool { return l.Name == st.levels[i] })]
		for _, o := range l.Options {
			out = append(out, "--"+o.Name+"="+o.Values[0])
		}
	}
	return out
}

// findOption returns the sysbench option of that name as sysbench reads
// it (rand_type is rand-type).
func findOption(s Settings, name string) (Setting, bool) {
	for _, st := range s {
		if optionName(st.Name) == optionName(name) {
			return st, true
		}
	}
	return Setting{}, false
}

// dimIndex is the index of the dim of that kind and key.
func (p *Plan) dimIndex(kind int, key string) int {
	return slices.IndexFunc(p.dims, func(d dim) bool { return d.kind == kind && d.key == key })
}

// A variable is a server variable a run sets.
type variable struct{ name, value string }

// variables are the server variables of a step, in plan order: the
// plan's, the system's, its factors' levels' (each level's own, then
// those its per_engine gives the system's engine).
func (p *Plan) variables(st step) []variable {
	var out []variable
	for _, v := range p.Variables {
		val := v.Values[0]
		if v.List {
			val = st.levels[p.dimIndex(dimVariable, v.Name)]
		}
		out = append(out, variable{v.Name, val})
	}
	for _, v := range st.sys.Variables {
		out = append(out, variable{v.Name, v.Values[0]})
	}
	for i, f := range p.Factors {
		l := f.Levels[slices.IndexFunc(f.Levels, func(l Level) bool { return l.Name == st.levels[i] })]
		for _, v := range l.Variables {
			out = append(out, variable{v.Name, v.Values[0]})
		}
		for _, v := range engineSettings(l.PerEngine, st.sys.Engine) {
			out = append(out, variable{v.Name, v.Values[0]})
		}
	}
	return out
}

// config are the option file settings of a step: the system's, then its
// factors' levels'.
func (p *Plan) config(st step) []variable {
	var out []variable
	for _, v := range st.sys.Config {
		out = append(out, variable{v.Name, v.Values[0]})
	}
	for i, f := range p.Factors {
		l := f.Levels[slices.IndexFunc(f.Levels, func(l Level) bool { return l.Name == st.levels[i] })]
		for _, v := range l.Config {
			out = append(out, variable{v.Name, v.Values[0]})
		}
	}
	return out
}

// configBlock is what a step's config adds to its server's option file;
// "" when it sets nothing. A boolean word for log_bin, which takes a file
// name, becomes skip-log-bin or log-bin.
func configBlock(vars []variable) string {
	if len(vars) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n# Added by sbreport run for the runs of a campaign; removed when it ends.\n[mysqld]\n")
	for _, v := range vars {
		name := strings.ReplaceAll(v.name, "-", "_")
		if name == "log_bin" && sameValue(v.value, "OFF") {
			b.WriteString("skip-log-bin\n")
			continue
		}
		if name == "log_bin" && sameValue(v.value, "ON") {
			b.WriteString("log-bin\n")
			continue
		}
		b.WriteString(v.name + " = " + v.value + "\n")
	}
	return b.String()
}

// runArgs is the sysbench argv (without the binary) of client k of a
// measured run or, with measured false, of its warm-up. The step's
// threads are the run's total, split between the clients.
func (p *Plan) runArgs(st step, k int, measured bool) []string {
	a := []string{st.workload, "--threads=" + strconv.Itoa(st.threads/st.clients)}
	o := p.Sysbench
	if measured {
		a = append(a, "--time="+strconv.Itoa(int(p.Duration)))
		if *o.ReportInterval > 0 {
			a = append(a, "--report-interval="+strconv.Itoa(int(*o.ReportInterval)))
		}
		if *o.Histogram {
			a = append(a, "--histogram=on")
		}
	} else {
		a = append(a, "--time="+strconv.Itoa(int(p.Warmup)))
	}
	a = append(a, "--percentile="+strconv.Itoa(*o.Percentile))
	a = append(a, tableArgs(st.layout())...)
	a = append(a, p.connArgs(st.sys, st.layout(), k)...)
	a = append(a, p.options(st)...)
	a = append(a, o.Extra...)
	return append(a, "run")
}

// tablesArgs is the argv of prepare or cleanup (command) of client k's
// tables of layout l on system s.
func (p *Plan) tablesArgs(s *System, l layout, k int, command string) []string {
	threads := min(l.tables/l.clients, 8)
	a := []string{p.prepareWorkload(), "--threads=" + strconv.Itoa(threads)}
	a = append(a, tableArgs(l)...)
	a = append(a, p.connArgs(s, l, k)...)
	if command == "prepare" && s.TableOptions != "" && p.createTableOptions {
		a = append(a, "--create_table_options="+s.TableOptions)
	}
	a = append(a, p.Sysbench.Extra...)
	return append(a, command)
}

// runLabels returns the labels of one run: the system's, workload and
// repeat, every factor (threads and clients always; tables and
// table_size when the workloads use tables; named factors, variables and
// options), and every server variable and sysbench option the run sets.
// threads and tables are the run's totals, over its clients.
func (p *Plan) runLabels(st step) map[string]string {
	l := p.systemLabels(st.sys)
	l["workload"] = st.workload
	l["repeat"] = strconv.Itoa(st.repeat)
	for i, d := range p.dims {
		if (d.kind == dimTables || d.kind == dimTableSize) && p.prepareWorkload() == "" {
			continue
		}
		l[d.key] = st.levels[i]
	}
	for _, v := range p.variables(st) {
		l[v.name] = v.value
	}
	for _, v := range p.config(st) {
		l[v.name] = v.value
	}
	for _, o := range p.options(st) {
		name, val, _ := strings.Cut(strings.TrimPrefix(o, "--"), "=")
		l[name] = val
	}
	return l
}

// describe names a run in words, for progress lines: system and
// workload, threads, then every other factor with more than one level,
// then the repeat.
func (p *Plan) describe(st step) string {
	d := fmt.Sprintf("%s %s, %d thread", st.sys.Name, st.workload, st.threads)
	if st.threads != 1 {
		d += "s"
	}
	for i, dm := range p.dims {
		if dm.kind == dimThreads || len(dm.levels) < 2 {
			continue
		}
		switch dm.kind {
		case dimClients:
			d += ", " + st.levels[i] + " client"
			if st.clients != 1 {
				d += "s"
			}
		case dimTables:
			d += ", " + st.levels[i] + " tables"
		case dimTableSize:
			d += ", " + st.levels[i] + " rows"
		default:
			d += ", " + dm.key + " " + st.levels[i]
		}
	}
	return d + fmt.Sprintf(", repeat %d", st.repeat)
}
