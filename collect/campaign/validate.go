package campaign

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// variableName matches a server variable's name, which goes into SET
// GLOBAL as it is.
var variableName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// settingValue matches a value a plan may give a variable or an option:
// printable, no quotes or backslashes, not empty.
var settingValue = regexp.MustCompile(`^[A-Za-z0-9_.,:/+@%=-]+$`)

// tableOptionsText matches a system's table_options: the text after a
// CREATE TABLE's columns, one statement's worth (no ; or backquotes).
var tableOptionsText = regexp.MustCompile(`^[A-Za-z0-9_=' ,.()-]+$`)

// engineName matches a storage engine's name as a per_engine key.
var engineName = regexp.MustCompile(`^[A-Za-z0-9_]+$`)

func (v *validator) plan(p *Plan, getenv func(string) string) {
	if len(p.Systems) == 0 {
		v.add(v.line("systems"), "systems: at least one system is needed")
	}
	names := map[string]int{}
	for i := range p.Systems {
		v.system(p, i, getenv, names)
	}

	if len(p.Workloads) == 0 {
		v.add(v.line("workloads"), "workloads: at least one workload is needed (e.g. oltp_read_only)")
	}
	seenW := map[string]bool{}
	for i, w := range p.Workloads {
		switch {
		case !workloadName.MatchString(w):
			v.add(v.line("workloads", strconv.Itoa(i)), "workloads: %q is not a sysbench test name or script path", w)
		case seenW[w]:
			v.add(v.line("workloads", strconv.Itoa(i)), "workloads: %q listed twice", w)
		}
		seenW[w] = true
	}

	if len(p.Threads) == 0 {
		v.add(v.line("threads"), "threads: at least one thread count is needed (e.g. [1, 4, 16])")
	}
	v.levels(p.Threads, 1, MaxThreads, "threads")
	if !v.has("tables") {
		p.Tables = Ints{1}
	}
	v.levels(p.Tables, 1, MaxTables, "tables")
	if !v.has("table_size") {
		p.TableSize = Ints{10000}
	}
	v.levels(p.TableSize, 1, 1<<40, "table_size")
	if !v.has("clients") {
		p.Clients = Ints{1}
	}
	v.levels(p.Clients, 1, MaxClients, "clients")
	for i := range p.Systems {
		if p.Systems[i].Clients != nil {
			v.levels(p.Systems[i].Clients, 1, MaxClients, "systems", strconv.Itoa(i), "clients")
		}
	}

	rs := &p.RepeatsSpec
	switch {
	case !v.has("repeats"):
		p.Repeats, rs.N = 1, 1
	case rs.Adaptive():
		p.Repeats = rs.Max
		if rs.Min < 2 {
			v.add(v.line("repeats", "min"), "repeats.min: want 2 or more (an interval needs two repeats), got %d", rs.Min)
		}
		if rs.Max < rs.Min {
			v.add(v.line("repeats", "max"), "repeats.max: %d is less than min %d", rs.Max, rs.Min)
		}
	default:
		p.Repeats = rs.N
		if p.Repeats < 1 {
			v.add(v.line("repeats"), "repeats: want 1 or more, got %d", p.Repeats)
		}
	}
	if !v.has("duration") {
		v.add(0, "duration: missing (e.g. duration: 60s)")
	} else if p.Duration < 1 {
		v.add(v.line("duration"), "duration: want at least 1s")
	}
	if !v.has("grace") {
		p.Grace = 60
	}
	switch p.Order {
	case "":
		p.Order = OrderInterleaved
	case OrderInterleaved, OrderSequential:
	default:
		v.add(v.line("order"), "order: want %s or %s, got %q", OrderInterleaved, OrderSequential, p.Order)
	}
	v.labels(p.Labels, "labels")
	v.options(p)
	v.settings(p)
	if len(v.problems) > 0 {
		return // the cross product needs sound parts
	}
	p.dims = p.makeDims()
	v.only(p)
	if len(v.problems) > 0 || !v.runCount(p) {
		return
	}
	p.steps = p.expand()
	if len(p.steps) == 0 {
		v.add(v.line("only"), "only: no combination of the plan's factors matches")
		return
	}
	v.expanded(p)
}

// levels checks the levels of a whole-number factor at path: in range,
// none listed twice.
func (v *validator) levels(l Ints, lo, hi int, path ...string) {
	key := strings.Join(path, ".")
	if len(path) == 3 {
		key = "systems[" + path[1] + "]." + path[2]
	}
	if len(l) == 0 && path[0] != "threads" {
		v.add(v.line(path...), "%s: at least one value is needed", key)
	}
	seen := map[int]bool{}
	for i, x := range l {
		at := v.line(append(path, strconv.Itoa(i))...)
		switch {
		case x < lo || x > hi:
			if path[0] == "threads" && x < 1 {
				v.add(at, "threads: %d is not a thread count (want 1 or more)", x)
			} else if hi == MaxThreads {
				v.add(at, "%s: %d is more than %d", key, x, hi)
			} else {
				v.add(at, "%s: want %d to %d, got %d", key, lo, hi, x)
			}
		case seen[x]:
			v.add(at, "%s: %d listed twice", key, x)
		}
		seen[x] = true
	}
}

// wholeNumberPaths are the plan's keys of whole numbers or lists of
// them; "*" stands for every item of a list.
var wholeNumberPaths = [][]string{
	{"threads"}, {"tables"}, {"table_size"}, {"clients"}, {"systems", "*", "clients"},
	{"repeats"}, {"repeats", "min"}, {"repeats", "max"}, {"systems", "*", "mysql", "port"}, {"sysbench", "percentile"},
}

// wholeNumbers refuses numbers with a fraction or an exponent where the
// plan wants a whole number: yaml.v3 would cut 1.5 to 1 silently. It
// runs before the plan is decoded, so that the message names the key.
func (v *validator) wholeNumbers() {
	var walk func(n *yaml.Node, path []string, key string)
	walk = func(n *yaml.Node, path []string, key string) {
		if n == nil {
			return
		}
		if len(path) == 0 {
			items := []*yaml.Node{n}
			if n.Kind == yaml.SequenceNode {
				items = n.Content
			}
			for _, it := range items {
				if it.Kind == yaml.ScalarNode && it.ShortTag() == "!!float" {
					v.add(it.Line, "%s: %s is not a whole number", key, it.Value)
				}
			}
			return
		}
		switch {
		case path[0] == "*" && n.Kind == yaml.SequenceNode:
			for _, it := range n.Content {
				walk(it, path[1:], key)
			}
		case n.Kind == yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == path[0] {
					walk(n.Content[i+1], path[1:], key)
				}
			}
		}
	}
	for _, p := range wholeNumberPaths {
		walk(v.root, p, p[len(p)-1])
	}
}

// settings checks the server variables and sysbench options of the
// plan, its systems and its factors' levels, and that no two of them set
// one thing for one system.
func (v *validator) settings(p *Plan) {
	labels := map[string]string{} // label key → where it comes from
	for k := range p.Labels {
		labels[k] = "labels"
	}
	for i := range p.Systems {
		for k := range p.Systems[i].Labels {
			labels[k] = "systems[" + strconv.Itoa(i) + "].labels"
		}
	}
	// claim records a label key, refusing one used twice.
	claim := func(line int, key, where string) {
		if reservedLabels[key] {
			v.add(line, "%s: %q is a label the runner sets; choose another name", where, key)
			return
		}
		if !labelKey.MatchString(key) {
			v.add(line, "%s: %q cannot be a label (letters, digits, '_', '.' or '-')", where, key)
			return
		}
		if old, ok := labels[key]; ok && old != where {
			v.add(line, "%s: %q is also given in %s", where, key, old)
			return
		}
		labels[key] = where
	}
	v.variables(p.Variables, "variables", true)
	for _, st := range p.Variables {
		claim(st.Line, st.Name, "variables")
	}
	v.sysbenchOptions(p.Sysbench.Options, "sysbench.options", true, p)
	for _, st := range p.Sysbench.Options {
		claim(st.Line, st.Name, "sysbench.options")
	}
	for i := range p.Systems {
		s := &p.Systems[i]
		where := "systems[" + strconv.Itoa(i) + "].variables"
		v.variables(s.Variables, where, false)
		for _, st := range s.Variables {
			if _, ok := find(p.Variables, st.Name); ok {
				v.add(st.Line, "%s: %s is also set by the plan's variables", where, st.Name)
			}
			if old, ok := labels[st.Name]; ok && !strings.HasSuffix(old, ".variables") {
				v.add(st.Line, "%s: %q is also given in %s", where, st.Name, old)
			}
		}
		for _, st := range s.Variables {
			if reservedLabels[st.Name] {
				v.add(st.Line, "%s: %q is a label the runner sets; choose another name", where, st.Name)
			}
			if _, ok := labels[st.Name]; !ok {
				labels[st.Name] = where
			}
		}
		if s.TableOptions != "" && !tableOptionsText.MatchString(s.TableOptions) {
			v.add(v.line("systems", strconv.Itoa(i), "table_options"), "systems[%d].table_options: %q: want table options such as ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8 (letters, digits, spaces and = , . _ ' ( ) -)", i, s.TableOptions)
		}
		ow := "systems[" + strconv.Itoa(i) + "].sysbench.options"
		v.sysbenchOptions(s.Sysbench.Options, ow, false, p)
		for _, st := range s.Sysbench.Options {
			if old, ok := labels[st.Name]; ok && old != "sysbench.options" && !strings.HasSuffix(old, ".sysbench.options") {
				v.add(st.Line, "%s: %q is also given in %s", ow, st.Name, old)
			} else if !ok {
				labels[st.Name] = ow
			}
			if po, ok := findOption(p.Sysbench.Options, st.Name); ok && po.List {
				v.add(st.Line, "%s: %s is a factor of the plan (sysbench.options gives it a list); a system cannot replace it", ow, st.Name)
			}
			for _, f := range p.Factors {
				for _, l := range f.Levels {
					if _, ok := find(l.Options, st.Name); ok {
						v.add(st.Line, "%s: %s is also set by factor %s", ow, st.Name, f.Name)
					}
				}
			}
		}
		for j, a := range s.Restart {
			at := v.line("systems", strconv.Itoa(i), "restart", strconv.Itoa(j))
			if a == "" {
				v.add(at, "systems[%d].restart: an empty argument", i)
			}
			if secretOption(strings.ToLower(a)) {
				v.add(at, "systems[%d].restart: passwords are not written in plans", i)
			}
		}
		v.config(p, i)
		if v.has("systems", strconv.Itoa(i), "restart") && len(s.Restart) == 0 {
			v.add(v.line("systems", strconv.Itoa(i), "restart"), "systems[%d].restart: want a command (a list: program, then arguments)", i)
		}
	}
	seenF := map[string]bool{}
	for i := range p.Factors {
		f := &p.Factors[i]
		at := v.line("factors", strconv.Itoa(i), "name")
		where := "factors[" + strconv.Itoa(i) + "]"
		switch {
		case f.Name == "":
			v.add(at, "%s: name is missing", where)
		case seenF[f.Name]:
			v.add(at, "%s: factor %q listed twice", where, f.Name)
		default:
			claim(at, f.Name, where)
		}
		seenF[f.Name] = true
		if len(f.Levels) < 2 {
			v.add(v.line("factors", strconv.Itoa(i), "levels"), "%s: want two levels or more (a factor compares them)", where)
		}
		seenL := map[string]bool{}
		stems := map[string]string{}
		for j := range f.Levels {
			l := &f.Levels[j]
			lw := fmt.Sprintf("%s.levels[%d]", where, j)
			lat := v.line("factors", strconv.Itoa(i), "levels", strconv.Itoa(j), "name")
			switch {
			case l.Name == "":
				v.add(lat, "%s: name is missing", lw)
			case !settingValue.MatchString(l.Name):
				v.add(lat, "%s: name %q must be letters, digits or . _ - (it becomes a label and part of file names)", lw, l.Name)
			case seenL[l.Name]:
				v.add(lat, "%s: level %q listed twice", lw, l.Name)
			default:
				stem := unsafeChars.ReplaceAllString(l.Name, "_")
				if other, ok := stems[stem]; ok {
					v.add(lat, "%s: level %q would share file names with level %q", lw, l.Name, other)
				}
				stems[stem] = l.Name
			}
			seenL[l.Name] = true
			v.variables(l.Variables, lw+".variables", false)
			v.sysbenchOptions(l.Options, lw+".options", false, p)
			for _, st := range l.Variables {
				if _, ok := find(p.Variables, st.Name); ok {
					v.add(st.Line, "%s.variables: %s is also set by the plan's variables", lw, st.Name)
				}
				for k := range p.Systems {
					if _, ok := find(p.Systems[k].Variables, st.Name); ok {
						v.add(st.Line, "%s.variables: %s is also set by system %s", lw, st.Name, p.Systems[k].Name)
					}
				}
				for k := range p.Factors[:i] {
					for _, ol := range p.Factors[k].Levels {
						if _, ok := find(ol.Variables, st.Name); ok {
							v.add(st.Line, "%s.variables: %s is also set by factor %s", lw, st.Name, p.Factors[k].Name)
						}
					}
				}
			}
			for _, st := range l.Options {
				if _, ok := find(p.Sysbench.Options, st.Name); ok {
					v.add(st.Line, "%s.options: %s is also set by sysbench.options", lw, st.Name)
				}
			}
			v.perEngine(p, i, j)
			v.variables(l.Config, lw+".config", false)
			for _, st := range l.Config {
				for k := range p.Systems {
					if _, ok := find(p.Systems[k].Config, st.Name); ok {
						v.add(st.Line, "%s.config: %s is also set by system %s's config", lw, st.Name, p.Systems[k].Name)
					}
				}
				for k := range p.Factors[:i] {
					for _, ol := range p.Factors[k].Levels {
						if _, ok := find(ol.Config, st.Name); ok {
							v.add(st.Line, "%s.config: %s is also set by factor %s", lw, st.Name, p.Factors[k].Name)
						}
					}
				}
			}
		}
	}
}

// config checks the option file settings of system i and that, when it
// or any level has some, the system can apply them: a restart command and
// an option file, the same as any other system's on its server.
func (v *validator) config(p *Plan, i int) {
	s := &p.Systems[i]
	where := "systems[" + strconv.Itoa(i) + "]"
	v.variables(s.Config, where+".config", false)
	for _, st := range s.Config {
		if _, ok := find(s.Variables, st.Name); ok {
			v.add(st.Line, "%s.config: %s is also set by the system's variables", where, st.Name)
		}
		if _, ok := find(p.Variables, st.Name); ok {
			v.add(st.Line, "%s.config: %s is also set by the plan's variables", where, st.Name)
		}
	}
	levels := false
	for _, f := range p.Factors {
		for _, l := range f.Levels {
			levels = levels || len(l.Config) > 0
		}
	}
	if len(s.Config) == 0 && !levels {
		if s.OptionFile != "" && !filepath.IsAbs(s.OptionFile) {
			v.add(v.line("systems", strconv.Itoa(i), "option_file"), "%s.option_file: %q is not an absolute path", where, s.OptionFile)
		}
		return
	}
	why := "its config"
	if len(s.Config) == 0 {
		why = "the config of the factors' levels"
	}
	at := v.line("systems", strconv.Itoa(i))
	switch {
	case s.OptionFile == "":
		v.add(at, "%s: %s needs option_file, the option file the server reads when restart starts it (with scripts/restart-db.sh: $SBREPORT_DB_DIR/conf.d/sbreport.cnf)", where, why)
	case !filepath.IsAbs(s.OptionFile) || strings.ContainsAny(s.OptionFile, "\n\r"):
		v.add(v.line("systems", strconv.Itoa(i), "option_file"), "%s.option_file: %q is not an absolute path", where, s.OptionFile)
	}
	if len(s.Restart) == 0 {
		v.add(at, "%s: %s needs a restart command (restart:) that starts the server with option_file", where, why)
	}
	for k := range p.Systems[:i] {
		o := &p.Systems[k]
		if o.MySQL.address() == s.MySQL.address() && o.OptionFile != "" && s.OptionFile != "" && o.OptionFile != s.OptionFile {
			v.add(v.line("systems", strconv.Itoa(i), "option_file"), "%s.option_file: system %s on the same server gives %s", where, o.Name, o.OptionFile)
		}
	}
}

// perEngine checks the per_engine maps of level j of factor i: engines
// that some system has, variables set once for each system.
func (v *validator) perEngine(p *Plan, i, j int) {
	l := &p.Factors[i].Levels[j]
	lw := fmt.Sprintf("factors[%d].levels[%d].per_engine", i, j)
	for _, engine := range sortedKeys(l.PerEngine) {
		at := v.line("factors", strconv.Itoa(i), "levels", strconv.Itoa(j), "per_engine", engine)
		where := lw + "." + engine
		if !engineName.MatchString(engine) {
			v.add(at, "%s: %q is not a storage engine name", lw, engine)
			continue
		}
		var systems []*System
		for k := range p.Systems {
			if strings.EqualFold(p.Systems[k].Engine, engine) {
				systems = append(systems, &p.Systems[k])
			}
		}
		if len(systems) == 0 {
			var engines []string
			for _, s := range p.Systems {
				if s.Engine != "" && !slices.Contains(engines, s.Engine) {
					engines = append(engines, s.Engine)
				}
			}
			v.add(at, "%s: no system of the plan has engine %s (the systems' engines: %s)", lw, engine, strings.Join(engines, ", "))
		}
		for _, other := range sortedKeys(l.PerEngine) {
			if other < engine && strings.EqualFold(other, engine) {
				v.add(at, "%s: engine %s is also given as %s", lw, engine, other)
			}
		}
		v.variables(l.PerEngine[engine], where, false)
		for _, st := range l.PerEngine[engine] {
			if _, ok := find(l.Variables, st.Name); ok {
				v.add(st.Line, "%s: %s is also set by the level's variables", where, st.Name)
			}
			if _, ok := find(p.Variables, st.Name); ok {
				v.add(st.Line, "%s: %s is also set by the plan's variables", where, st.Name)
			}
			for _, s := range systems {
				if _, ok := find(s.Variables, st.Name); ok {
					v.add(st.Line, "%s: %s is also set by system %s", where, st.Name, s.Name)
				}
			}
			for k := range p.Factors[:i] {
				for _, ol := range p.Factors[k].Levels {
					_, ok := find(ol.Variables, st.Name)
					if _, ok2 := find(engineSettings(ol.PerEngine, engine), st.Name); ok || ok2 {
						v.add(st.Line, "%s: %s is also set by factor %s", where, st.Name, p.Factors[k].Name)
					}
				}
			}
		}
	}
}

// find returns the setting of that name.
func find(s Settings, name string) (Setting, bool) {
	for _, st := range s {
		if st.Name == name {
			return st, true
		}
	}
	return Setting{}, false
}

// variables checks server variable settings; lists (factors) only where
// lists is true.
func (v *validator) variables(s Settings, where string, lists bool) {
	seen := map[string]bool{}
	for _, st := range s {
		switch {
		case !variableName.MatchString(st.Name):
			v.add(st.Line, "%s: %q is not a server variable name", where, st.Name)
		case seen[strings.ToLower(st.Name)]:
			v.add(st.Line, "%s: %s listed twice", where, st.Name)
		case secretOption(strings.ToLower(st.Name)):
			v.add(st.Line, "%s: %s: passwords are not written in plans", where, st.Name)
		case st.List && !lists:
			v.add(st.Line, "%s: %s: one value here (a list of values is a factor: give it in the plan's variables, or as the levels of a factor)", where, st.Name)
		}
		seen[strings.ToLower(st.Name)] = true
		v.values(st, where)
	}
}

// sysbenchOptions checks sysbench option settings.
func (v *validator) sysbenchOptions(s Settings, where string, lists bool, p *Plan) {
	seen := map[string]bool{}
	extra := map[string]bool{}
	for _, a := range p.Sysbench.Extra {
		extra[optionName(a)] = true
	}
	for _, st := range s {
		name := optionName(st.Name)
		switch {
		case secretOption(name):
			v.add(st.Line, "%s: passwords are not written in plans (--%s); use mysql.password_env", where, name)
			continue
		case strings.HasPrefix(st.Name, "-") || !labelKey.MatchString(st.Name):
			v.add(st.Line, "%s: %q: give the option's name without dashes (rand-type: uniform)", where, st.Name)
		case reservedArgs["--"+name] != "" || name == "db-driver":
			v.add(st.Line, "%s: --%s is set by the plan's %s", where, name, reservedArgs["--"+name])
		case seen[name]:
			v.add(st.Line, "%s: %s listed twice", where, st.Name)
		case extra[name]:
			v.add(st.Line, "%s: --%s is also given in sysbench.extra", where, name)
		case st.List && !lists:
			v.add(st.Line, "%s: %s: one value here (a list of values is a factor: give it in sysbench.options)", where, st.Name)
		}
		seen[name] = true
		v.values(st, where)
	}
}

// values checks the values of one setting.
func (v *validator) values(st Setting, where string) {
	seen := map[string]bool{}
	stems := map[string]string{}
	for _, val := range st.Values {
		if !settingValue.MatchString(val) {
			v.add(st.Line, "%s: %s: value %q must be letters, digits or . , : / + @ %% = _ -", where, st.Name, val)
			continue
		}
		if seen[val] {
			v.add(st.Line, "%s: %s: %s listed twice", where, st.Name, val)
		}
		seen[val] = true
		stem := unsafeChars.ReplaceAllString(val, "_")
		if other, ok := stems[stem]; ok {
			v.add(st.Line, "%s: %s: values %q and %q would share file names", where, st.Name, val, other)
		}
		stems[stem] = val
	}
}

// only checks the combinations listed in only: known factors, known
// levels.
func (v *validator) only(p *Plan) {
	if v.has("only") && len(p.Only) == 0 {
		v.add(v.line("only"), "only: want a list of combinations (factor: level)")
	}
	levels := map[string][]string{"workload": p.Workloads}
	for _, s := range p.Systems {
		levels["system"] = append(levels["system"], s.Name)
	}
	for _, d := range p.dims {
		levels[d.key] = d.levels
	}
	for i, o := range p.Only {
		at := v.line("only", strconv.Itoa(i))
		if len(o) == 0 {
			v.add(at, "only[%d]: an empty combination", i)
		}
		for _, k := range sortedKeys(o) {
			l, ok := levels[k]
			switch {
			case !ok:
				v.add(at, "only[%d]: %q is not a factor of the plan (%s)", i, k, strings.Join(sortedKeys(levels), ", "))
			case !slices.Contains(l, o[k]):
				v.add(at, "only[%d]: %s has no level %q (%s)", i, k, o[k], strings.Join(l, ", "))
			}
		}
	}
}

// runCount refuses a campaign of more than MaxRuns runs, counted without
// expanding it (and without overflowing: repeats: 1000000000 is refused
// at once). The count is of the whole cross product, before only.
func (v *validator) runCount(p *Plan) bool {
	total := 0
	var parts []int
	for i := range p.Systems {
		fs := []int{len(p.Workloads), p.Repeats}
		for _, d := range p.dims {
			fs = append(fs, len(p.dimLevels(&d, &p.Systems[i])))
		}
		n := 1
		for _, f := range fs {
			if f > 0 && n > MaxRuns/f {
				n = MaxRuns + 1
				break
			}
			n *= f
		}
		total = min(total+n, MaxRuns+1)
		if i == 0 {
			parts = fs
		}
	}
	if total <= MaxRuns {
		return true
	}
	var what []string
	var counts []int
	what = append(what, "systems", "workloads", "repeats")
	counts = append(counts, len(p.Systems), parts[0], parts[1])
	for j, d := range p.dims {
		what = append(what, d.key)
		counts = append(counts, parts[2+j])
	}
	v.add(v.line("repeats"), "the plan asks for more than %d runs (%s = %s); a campaign may have at most %d",
		MaxRuns, strings.Join(what, " × "), product(counts...), MaxRuns)
	return false
}

// product writes a product of counts, e.g. "2 × 4 × 5 × 1000000000".
func product(fs ...int) string {
	var parts []string
	for _, f := range fs {
		parts = append(parts, strconv.Itoa(f))
	}
	return strings.Join(parts, " × ")
}

// maxDBName is the longest database name MySQL and MariaDB accept.
const maxDBName = 64

// expanded checks what only the runs themselves tell: threads and tables
// that clients cannot split, database names too long.
func (v *validator) expanded(p *Plan) {
	type pair struct{ x, n int }
	badThreads, badTables := map[pair]bool{}, map[pair]bool{}
	longDB := map[string]bool{} // by system
	for _, st := range p.steps {
		if st.threads%st.clients != 0 && !badThreads[pair{st.threads, st.clients}] {
			badThreads[pair{st.threads, st.clients}] = true
			v.add(v.line("threads", strconv.Itoa(slices.Index(p.Threads, st.threads))),
				"threads: %d is not divisible by clients %d (threads is a run's total, split evenly between its sysbench processes)", st.threads, st.clients)
		}
		if p.prepareWorkload() != "" && st.tables%st.clients != 0 && !badTables[pair{st.tables, st.clients}] {
			badTables[pair{st.tables, st.clients}] = true
			if v.has("tables") {
				v.add(v.line("tables", strconv.Itoa(slices.Index(p.Tables, st.tables))), "tables: %d is not divisible by clients %d (each client works on tables/clients tables of its own)", st.tables, st.clients)
			} else {
				v.add(v.line("clients"), "clients: %d needs tables divisible by it (each client works on tables of its own), but tables is 1 by default", st.clients)
			}
		}
		for k := 1; k <= st.clients; k++ {
			if db := p.db(st.sys, st.layout(), k); len(db) > maxDBName && !longDB[st.sys.Name] {
				longDB[st.sys.Name] = true
				i := slices.IndexFunc(p.Systems, func(s System) bool { return s.Name == st.sys.Name })
				v.add(v.line("systems", strconv.Itoa(i), "mysql", "db"), "systems[%d].mysql.db: %q is too long for the databases of its tables, such as %s (at most %d characters)", i, st.sys.MySQL.DB, db, maxDBName)
			}
		}
	}
}
