package campaign

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/sbreport/sbreport/parse"
	"gopkg.in/yaml.v3"
)

// A Plan describes a benchmark campaign: the systems compared, and the
// sysbench workloads, thread counts and repeats run against each. It is
// read from YAML by ReadPlan; see examples/plan.yaml for every key.
//
// Factors. Threads, clients, tables, table_size, server variables and
// sysbench options may each be a list; so may the levels of a named
// Factor. The campaign runs their cross product (or the combinations
// that Only lists) for every system, workload and repeat, and every run
// carries each of them as a label, defaults included (clients=1).
//
// Clients. With N above 1, every measured run (and its warm-up) is N
// sysbench processes started at once against the same system. Threads is
// then the run's total concurrency, split evenly: each client runs
// threads/N threads. Stock sysbench OLTP scripts cannot start at a table
// offset, so the tables are split by database instead: client k (1..N)
// works in its own database DB_cK holding Tables/N tables, prepared,
// captured (SHOW TABLE STATUS FROM DB_cK) and cleaned up on its own. Both
// thread counts and tables must therefore be divisible by N. Each client
// writes its own output file; the manifest labels them client=K and
// client_group=RUN_ID, which analyze merges back into one run of the
// plan's threads. With one client the plan's database is used as it is.
// Each layout of tables a system's runs need (tables × table_size ×
// clients) is prepared once, before the first run, in databases of its
// own when there are several (see Plan.db).
//
// Server variables. Variables (of the plan, of a system, of a factor's
// level) are set before each run that needs them: with SET GLOBAL when
// the server can change them while it runs, else by the system's Restart
// command. Each is read back and captured with the run; every variable
// the campaign changed is put back at its end, and when it is
// interrupted.
type Plan struct {
	Systems   []System `yaml:"systems"`
	Workloads []string `yaml:"workloads"`
	Threads   Ints     `yaml:"threads"`
	// Repeats is how many times each combination runs (default 1); with
	// adaptive repeats (RepeatsSpec.Until), at most that many.
	Repeats     int         `yaml:"-"`
	RepeatsSpec RepeatsSpec `yaml:"repeats"`
	Duration    Seconds     `yaml:"duration"`   // sysbench --time of every measured run
	Warmup      Seconds     `yaml:"warmup"`     // a discarded run of this length before each measured run; 0: none
	Grace       Seconds     `yaml:"grace"`      // a run still going after warmup+duration+grace is killed; default 60s
	Tables      Ints        `yaml:"tables"`     // --tables (all clients together), default 1
	TableSize   Ints        `yaml:"table_size"` // --table-size, default 10000
	Sysbench    Options     `yaml:"sysbench"`
	// Clients is how many sysbench processes run at once for each run,
	// each on its own share of the threads and tables; default 1.
	Clients Ints `yaml:"clients"`
	// Variables are server variables set for every system; a list of
	// values is a factor.
	Variables Settings `yaml:"variables,omitempty"`
	// Factors are named factors whose levels set variables and options.
	Factors []Factor `yaml:"factors,omitempty"`
	// Only, when given, keeps the combinations of factor levels that
	// match one of its entries (factor or variable or option name, system
	// or workload → value); the others are not run.
	Only       []map[string]string `yaml:"only,omitempty"`
	Order      string              `yaml:"order"`       // OrderInterleaved (default) or OrderSequential
	KeepTables bool                `yaml:"keep_tables"` // skip the cleanup at the end
	Labels     map[string]string   `yaml:"labels"`      // added to every run

	// Name is the file the plan was read from, for messages only.
	Name string `yaml:"-"`
	// Digest identifies the plan's content (SHA-256 of the YAML bytes), so
	// that --resume can refuse a plan edited since the campaign started.
	Digest string `yaml:"-"`

	dims      []dim               // the factors of the cross product (see makeDims)
	steps     []step              // every run, in order (see expand)
	layoutsOf map[string][]layout // system → the layouts of its runs (see layouts)
	// createTableOptions says the sysbench run has --create_table_options
	// (1.1), for table_options at prepare; set by the runner's preflight.
	createTableOptions bool
}

// A System is one server configuration under test; its name becomes the
// system label of its runs.
type System struct {
	Name   string            `yaml:"name"`
	MySQL  MySQL             `yaml:"mysql"`
	Engine string            `yaml:"engine"` // --mysql-storage-engine at prepare; "" keeps the server default
	Labels map[string]string `yaml:"labels"` // added to this system's runs
	// Clients replaces the plan's clients for this system.
	Clients Ints `yaml:"clients,omitempty"`
	// Variables are server variables set for this system's runs, one
	// value each.
	Variables Settings `yaml:"variables,omitempty"`
	// Restart is the command that restarts this system's server with the
	// variables that cannot change while it runs: the runner appends
	// --NAME=VALUE for each (none to put the server back as configured)
	// and waits until the server answers again.
	Restart []string `yaml:"restart,omitempty"`
	// TableOptions is text added to the definition of this system's
	// tables ("ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8"): given to
	// prepare as --create_table_options where the sysbench generation has
	// that option (1.1), else applied by ALTER TABLE to every table right
	// after prepare (sysbench 1.0 has no usable option for it).
	TableOptions string `yaml:"table_options,omitempty"`
	// Sysbench holds this system's sysbench options of the runs, merged
	// over the plan's sysbench.options (the system's value wins).
	Sysbench SystemSysbench `yaml:"sysbench,omitempty"`
	// Config holds server settings that only a restart changes and that
	// are not variables a restart can be given (log_bin: OFF): before a
	// run that needs them they are written, as name = value under
	// [mysqld], at the end of OptionFile, and the server restarted
	// through Restart. The file's own content comes back at the end of
	// the campaign (and when it is interrupted), with a last restart.
	Config Settings `yaml:"config,omitempty"`
	// ClientsOn are ssh destinations ([user@]host) the system's sysbench
	// processes run on instead of this host: client k (1..N) on entry
	// k-1 mod n, its prepare and cleanup too. SSH is the ssh command and
	// its options (default: ssh); sysbench gets the password on its
	// standard input, read into MYSQL_PWD by the remote shell.
	ClientsOn []string `yaml:"clients_on,omitempty"`
	SSH       []string `yaml:"ssh,omitempty"`
	// OptionFile is the option file the server reads when Restart
	// starts it (a file of an !includedir, say); needed with config.
	OptionFile string `yaml:"option_file,omitempty"`
}

// SystemSysbench are a system's own sysbench settings.
type SystemSysbench struct {
	// Options are sysbench options of this system's runs and warm-ups,
	// name: value, one value each.
	Options Settings `yaml:"options,omitempty"`
}

// MySQL says how sysbench and the captures reach a server. The password
// itself is never in the plan: PasswordEnv names the environment variable
// that holds it.
//
// Several endpoints: host and socket may each be a list. A run's client k
// (1..N) then connects to endpoint k-1 mod n, the hosts first, then the
// sockets; a host may carry its own port (HOST:PORT). They are meant as
// addresses of one database (TiDB's SQL servers, or one server's socket
// and TCP port): the captures, server variables and the check that the
// tables are in place use the first.
type MySQL struct {
	Host   string `yaml:"-"`    // default 127.0.0.1 unless Socket is set
	Port   int    `yaml:"port"` // default 3306
	Socket string `yaml:"-"`    // a unix socket; wins over Host and Port
	// Hosts and Sockets are the plan's host and socket, one or a list;
	// Host and Socket are set from their first.
	Hosts       Strings `yaml:"host,omitempty"`
	Sockets     Strings `yaml:"socket,omitempty"`
	User        string  `yaml:"user"`
	PasswordEnv string  `yaml:"password_env"` // "" connects without a password
	DB          string  `yaml:"db"`           // default sbtest; created when missing
}

// Strings is a string or a list of them.
type Strings []string

// UnmarshalYAML accepts a string or a list of strings.
func (v *Strings) UnmarshalYAML(n *yaml.Node) error {
	items, err := scalarItems(n, "a string")
	if err != nil {
		return err
	}
	out := Strings{}
	for _, it := range items {
		if it.ShortTag() == "!!null" {
			return typeError(it.Line, "want a string, got a %s", kindName(it))
		}
		out = append(out, it.Value)
	}
	*v = out
	return nil
}

// scalarItems returns the items of a value that may be one scalar or a
// list of scalars; want names one item ("a string") for the error.
func scalarItems(n *yaml.Node, want string) ([]*yaml.Node, error) {
	items := []*yaml.Node{n}
	switch n.Kind {
	case yaml.SequenceNode:
		items = n.Content
	case yaml.ScalarNode:
	default:
		return nil, typeError(n.Line, "want %s or a list of them, got a %s", want, kindName(n))
	}
	for _, it := range items {
		if it.Kind != yaml.ScalarNode {
			return nil, typeError(it.Line, "want %s, got a %s", want, kindName(it))
		}
	}
	return items, nil
}

// MarshalYAML writes one string as it is, several as a list.
func (v Strings) MarshalYAML() (any, error) {
	if len(v) == 1 {
		return v[0], nil
	}
	return []string(v), nil
}

// An endpoint is one address of a system's server.
type endpoint struct {
	host   string
	port   int
	socket string
}

func (e endpoint) address() string {
	if e.socket != "" {
		return e.socket
	}
	return net.JoinHostPort(e.host, strconv.Itoa(e.port))
}

// endpoints are the addresses the clients of a system spread over: its
// hosts, then its sockets; Host or Socket alone when the plan gives no
// list (a MySQL made in code).
func (m *MySQL) endpoints() []endpoint {
	var out []endpoint
	for _, h := range m.Hosts {
		e := endpoint{host: h, port: m.Port}
		if host, port, err := net.SplitHostPort(h); err == nil {
			if n, err := strconv.Atoi(port); err == nil {
				e.host, e.port = host, n
			}
		}
		out = append(out, e)
	}
	for _, s := range m.Sockets {
		out = append(out, endpoint{socket: s})
	}
	if len(out) == 0 {
		out = append(out, endpoint{host: m.Host, port: m.Port, socket: m.Socket})
	}
	return out
}

// endpoint is the address of client k (1..clients).
func (m *MySQL) endpoint(k int) endpoint {
	eps := m.endpoints()
	return eps[(k-1)%len(eps)]
}

// Options are sysbench settings common to every run.
type Options struct {
	ReportInterval *Seconds `yaml:"report_interval"` // --report-interval, default 1s; 0 disables
	Histogram      *bool    `yaml:"histogram"`       // --histogram, default true
	Percentile     *int     `yaml:"percentile"`      // --percentile, default 95; 0 disables
	Extra          []string `yaml:"extra"`           // more arguments, e.g. --rand-type=uniform
	Binary         string   `yaml:"binary"`          // default "sysbench" from $PATH
	// Options are sysbench options of the runs and warm-ups (not of
	// prepare) as name: value, --NAME=VALUE on the command line; a list of
	// values is a factor.
	Options Settings `yaml:"options,omitempty"`
}

// RepeatsSpec is the plan's repeats: a count ("repeats: 3"), or adaptive
// ("repeats: {min: 3, max: 10, until: 2%}"): each cell (a system,
// workload and combination of factor levels) runs min times, then again,
// interleaved with the other cells as the plan's order says, until the
// 95% interval of the geometric mean of its throughput is within
// ±until of it, or it has run max times.
type RepeatsSpec struct {
	N     int     // a fixed count; 0 when adaptive
	Min   int     // adaptive: the repeats every cell runs
	Max   int     // adaptive: the most a cell runs
	Until float64 // adaptive: the half-width wanted, a fraction (0.02 for 2%)
	line  int
}

// Adaptive reports whether the repeats stop when a cell's interval is
// narrow enough.
func (r RepeatsSpec) Adaptive() bool { return r.Until > 0 }

// UnmarshalYAML accepts a whole number, or a mapping of min, max and
// until (a percentage such as 2%).
func (r *RepeatsSpec) UnmarshalYAML(n *yaml.Node) error {
	r.line = n.Line
	switch n.Kind {
	case yaml.ScalarNode:
		if n.ShortTag() != "!!int" {
			return typeError(n.Line, "want a whole number, got %s %q", yamlTags[n.ShortTag()], n.Value)
		}
		return n.Decode(&r.N)
	case yaml.MappingNode:
	default:
		return typeError(n.Line, "want a whole number or {min, max, until}, got a %s", kindName(n))
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		seen[k.Value] = true
		switch k.Value {
		case "min", "max":
			var x int
			if val.Kind != yaml.ScalarNode || val.ShortTag() != "!!int" || val.Decode(&x) != nil {
				return typeError(val.Line, "repeats.%s: want a whole number, got %q", k.Value, val.Value)
			}
			if k.Value == "min" {
				r.Min = x
			} else {
				r.Max = x
			}
		case "until":
			pct, ok := strings.CutSuffix(strings.TrimSpace(val.Value), "%")
			f, err := strconv.ParseFloat(strings.TrimSpace(pct), 64)
			if val.Kind != yaml.ScalarNode || !ok || err != nil || !(f > 0 && f < 100) {
				return typeError(val.Line, "repeats.until: want a percentage above 0 and below 100, such as 2%%, got %q", val.Value)
			}
			r.Until = f / 100
		default:
			return typeError(k.Line, "repeats: unknown key %q (min, max, until)", k.Value)
		}
	}
	for _, k := range []string{"min", "max", "until"} {
		if !seen[k] {
			return typeError(n.Line, "repeats: %s is missing (adaptive repeats: {min: 3, max: 10, until: 2%%})", k)
		}
	}
	return nil
}

// MarshalYAML writes the repeats as the plan gives them.
func (r RepeatsSpec) MarshalYAML() (any, error) {
	if !r.Adaptive() {
		return r.N, nil
	}
	return map[string]any{"min": r.Min, "max": r.Max, "until": strconv.FormatFloat(r.Until*100, 'g', -1, 64) + "%"}, nil
}

// Orders of a campaign's runs.
const (
	// OrderInterleaved alternates systems run by run (workload, then
	// repeat, then threads, then system) so that drift over the campaign
	// hits every system alike.
	OrderInterleaved = "interleaved"
	// OrderSequential finishes one system before starting the next.
	OrderSequential = "sequential"
)

// Seconds is a whole number of seconds, written in YAML as a Go duration
// ("60s", "1m30s") or a plain number of seconds.
type Seconds int

// MaxSeconds is the longest duration, warm-up or grace a plan may give:
// 24 hours. With MaxRuns, it keeps every total a time.Duration can hold.
const MaxSeconds Seconds = 24 * 60 * 60

// Duration returns s as a time.Duration.
func (s Seconds) Duration() time.Duration { return time.Duration(s) * time.Second }

func (s Seconds) String() string { return s.Duration().String() }

// UnmarshalYAML accepts "90s", "1m30s" and 90.
func (s *Seconds) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode {
		return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: want a duration such as 60s, got a %s", n.Line, kindName(n))}}
	}
	var d time.Duration
	if i, err := strconv.ParseInt(n.Value, 10, 64); err == nil {
		if i < 0 {
			return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: negative duration %s", n.Line, n.Value)}}
		}
		d = MaxSeconds.Duration() + time.Second
		if i <= int64(MaxSeconds) {
			d = time.Duration(i) * time.Second
		}
	} else {
		d, err = time.ParseDuration(n.Value)
		if err != nil {
			return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: bad duration %q (want e.g. 60s or 1m30s)", n.Line, n.Value)}}
		}
		if d < 0 || d%time.Second != 0 {
			return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: duration %q is not a whole number of seconds (sysbench counts in seconds)", n.Line, n.Value)}}
		}
	}
	if d > MaxSeconds.Duration() {
		return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: duration %s is longer than %s, the most a plan may give", n.Line, n.Value, MaxSeconds)}}
	}
	*s = Seconds(d / time.Second)
	return nil
}

// MarshalYAML writes s as a duration string.
func (s Seconds) MarshalYAML() (any, error) { return s.String(), nil }

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "mapping"
	case yaml.SequenceNode:
		return "list"
	}
	return "value"
}

// A PlanError lists everything wrong with a plan, each problem with its
// line in the YAML.
type PlanError struct {
	File     string
	Problems []PlanProblem
}

// A PlanProblem is one mistake in a plan.
type PlanProblem struct {
	Line int // 1-based; 0 when the key is missing altogether
	Msg  string
}

func (e *PlanError) Error() string {
	var b strings.Builder
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteByte('\n')
		}
		if p.Line > 0 {
			fmt.Fprintf(&b, "%s:%d: %s", e.File, p.Line, p.Msg)
		} else {
			fmt.Fprintf(&b, "%s: %s", e.File, p.Msg)
		}
	}
	return b.String()
}

// Limits of a plan, checked before anything is expanded or run.
const (
	// MaxPlanBytes is the largest plan file read: 1 MiB.
	MaxPlanBytes = 1 << 20
	// MaxRuns is the most runs a campaign may have (systems × workloads ×
	// threads × repeats): 10,000, a week of one-minute runs.
	MaxRuns = 10000
	// MaxThreads, MaxClients and MaxTables bound the counts a plan gives.
	MaxThreads = 65536
	MaxClients = 1024
	MaxTables  = 100000
)

// ReadPlanFile reads and validates the plan in file, which must be a
// regular file of at most MaxPlanBytes. getenv reads the password
// variables; nil leaves them unchecked (sbreport run --dry-run connects
// to nothing).
func ReadPlanFile(file string, getenv func(string) string) (*Plan, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("read plan: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("read plan: %w", err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("read plan %s: not a regular file (a plan is a YAML file)", file)
	}
	if st.Size() > MaxPlanBytes {
		return nil, fmt.Errorf("read plan %s: %d bytes; a plan may have at most %d", file, st.Size(), MaxPlanBytes)
	}
	return ReadPlan(f, file, getenv)
}

// ReadPlan reads a plan from r and validates it: unknown keys, wrong
// types, numbers that are not whole, missing or impossible values,
// passwords written in the plan, a campaign over MaxRuns, and password
// variables that getenv does not know (nil: not checked) are all
// reported at once, each with its line. A password is never repeated in
// a message. name is used in messages only. At most MaxPlanBytes are
// read.
//
// Values may come from the environment: ${NAME} and ${NAME:-DEFAULT} in
// the plan's text (not in its comments) are replaced by getenv's value
// (nil: the process's environment) before it is read; see expandEnv.
// Digest is that of the text after the replacement, the plan as run.
func ReadPlan(r io.Reader, name string, getenv func(string) string) (*Plan, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxPlanBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read plan %s: %w", name, err)
	}
	if len(data) > MaxPlanBytes {
		return nil, fmt.Errorf("read plan %s: more than %d bytes; a plan may have at most %d", name, MaxPlanBytes, MaxPlanBytes)
	}
	lookup := getenv
	if lookup == nil {
		lookup = os.Getenv
	}
	data, problems := expandEnv(data, lookup)
	if len(problems) > 0 {
		for i := range problems {
			problems[i].Msg = maskSecrets(problems[i].Msg)
		}
		return nil, &PlanError{File: name, Problems: problems}
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, &PlanError{File: name, Problems: yamlProblems(err)}
	}
	if root.Kind == 0 || len(root.Content) == 0 {
		return nil, &PlanError{File: name, Problems: []PlanProblem{{Msg: "empty plan"}}}
	}
	// Numbers with a fraction, before yaml.v3 cuts them to whole ones.
	pre := validator{root: root.Content[0]}
	if pre.wholeNumbers(); len(pre.problems) > 0 {
		return nil, &PlanError{File: name, Problems: pre.problems}
	}
	var p Plan
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&p); err != nil {
		return nil, &PlanError{File: name, Problems: yamlProblems(err)}
	}
	p.Name = name
	sum := sha256.Sum256(data)
	p.Digest = hex.EncodeToString(sum[:])
	v := validator{root: root.Content[0]}
	v.plan(&p, getenv)
	if len(v.problems) > 0 {
		for i := range v.problems {
			v.problems[i].Msg = maskSecrets(v.problems[i].Msg)
		}
		return nil, &PlanError{File: name, Problems: v.problems}
	}
	return &p, nil
}

var yamlLine = regexp.MustCompile(`^line (\d+): (.*)$`)

// yamlProblems turns yaml.v3's messages into problems with lines, and its
// Go type names into plan words.
func yamlProblems(err error) []PlanProblem {
	var msgs []string
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msgs = te.Errors
	} else {
		msgs = []string{strings.TrimPrefix(err.Error(), "yaml: ")}
	}
	var out []PlanProblem
	for _, m := range msgs {
		p := PlanProblem{Msg: m}
		if sub := yamlLine.FindStringSubmatch(m); sub != nil {
			p.Line, _ = strconv.Atoi(sub[1])
			p.Msg = sub[2]
		}
		p.Msg = maskSecrets(friendlier(p.Msg))
		out = append(out, p)
	}
	return out
}

var (
	notFound  = regexp.MustCompile(`^field (\S+) not found in type campaign\.(\w+)$`)
	cannotSet = regexp.MustCompile("^cannot unmarshal (!!\\w+) `(.*)` into (.+)$")
)

var goTypes = map[string]string{
	"int": "a whole number", "bool": "true or false", "string": "a string",
	"[]int": "a list of whole numbers", "[]string": "a list of strings", "[]campaign.Factor": "a list of factors",
	"[]campaign.Level": "a list of levels", "campaign.Factor": "a mapping (name, levels)", "campaign.Level": "a mapping (name, variables, options, per_engine, config)",
	"[]map[string]string": "a list of mappings",
	"[]campaign.System":   "a list of systems", "map[string]string": "a mapping of labels",
	"campaign.MySQL":   "a mapping (host, port, socket, user, password_env, db)",
	"campaign.Strings": "a string or a list of strings",
	"campaign.Options": "a mapping (report_interval, histogram, percentile, extra, options, binary)",
	"campaign.System":  "a mapping (name, mysql, engine, labels, clients, variables, restart, table_options, sysbench, config, option_file, clients_on, ssh)", "campaign.Plan": "a mapping",
	"campaign.SystemSysbench": "a mapping (options)",
}

var yamlTags = map[string]string{"!!str": "a string", "!!int": "a number", "!!seq": "a list", "!!map": "a mapping", "!!bool": "a boolean", "!!float": "a number", "!!null": "nothing"}

func friendlier(msg string) string {
	if m := notFound.FindStringSubmatch(msg); m != nil {
		where := map[string]string{"Plan": "the plan", "System": "a system", "MySQL": "mysql", "Options": "sysbench", "Factor": "a factor", "Level": "a level", "SystemSysbench": "a system's sysbench"}[m[2]]
		if where == "" {
			where = m[2]
		}
		if m[1] == "password" {
			return fmt.Sprintf("unknown key %q in %s: passwords are not written in plans; name an environment variable with password_env", m[1], where)
		}
		return fmt.Sprintf("unknown key %q in %s", m[1], where)
	}
	if m := cannotSet.FindStringSubmatch(msg); m != nil {
		want := goTypes[m[3]]
		if want == "" {
			want = m[3]
		}
		got := yamlTags[m[1]]
		if got == "" {
			got = m[1]
		}
		if secretText.MatchString(m[2]) {
			return fmt.Sprintf("want %s, got %s (a password option, not repeated here)", want, got)
		}
		return fmt.Sprintf("want %s, got %s %q", want, got, m[2])
	}
	return msg
}

// validator checks a decoded plan and fills in defaults. root is the
// plan's mapping node, for line numbers.
type validator struct {
	root     *yaml.Node
	problems []PlanProblem
}

// walk follows path (mapping keys and list indexes) from the plan's root.
// It returns the node at the end of path, or nil when some part of path
// does not exist, and the line of the deepest part that does (a mapping
// key's line, a list item's line).
func (v *validator) walk(path ...string) (*yaml.Node, int) {
	n := v.root
	line := n.Line
	for _, k := range path {
		var next *yaml.Node
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == k {
					next = n.Content[i+1]
					line = n.Content[i].Line
					break
				}
			}
		case yaml.SequenceNode:
			if i, err := strconv.Atoi(k); err == nil && i >= 0 && i < len(n.Content) {
				next = n.Content[i]
				line = next.Line
			}
		}
		if next == nil {
			return nil, line
		}
		n = next
	}
	return n, line
}

// line returns the line of the value at path (mapping keys and list
// indexes), or of the deepest part of path that exists.
func (v *validator) line(path ...string) int {
	n, line := v.walk(path...)
	if n != nil && (n.Kind == yaml.ScalarNode || n.Kind == yaml.SequenceNode && len(n.Content) == 0) {
		return n.Line
	}
	return line
}

// isList reports whether the value at path is a YAML list.
func (v *validator) isList(path ...string) bool {
	n, _ := v.walk(path...)
	return n != nil && n.Kind == yaml.SequenceNode
}

// has reports whether the plan gives a value at path.
func (v *validator) has(path ...string) bool {
	n, _ := v.walk(path...)
	return n != nil
}

func (v *validator) add(line int, format string, args ...any) {
	v.problems = append(v.problems, PlanProblem{Line: line, Msg: fmt.Sprintf(format, args...)})
}

var (
	safeName     = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)
	workloadName = regexp.MustCompile(`^[A-Za-z0-9_./-]+$`)
	labelKey     = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.-]*$`)
)

// reservedArgs are sysbench options the plan sets through its own keys.
// Keys are as optionName gives them ("--table_size" is table-size).
var reservedArgs = map[string]string{
	"--threads": "threads", "--num-threads": "threads", "--time": "duration", "--max-time": "duration",
	"--tables": "tables", "--table-size": "table_size",
	"--report-interval": "sysbench.report_interval", "--histogram": "sysbench.histogram",
	"--percentile": "sysbench.percentile", "--mysql-host": "mysql.host", "--mysql-port": "mysql.port",
	"--mysql-socket": "mysql.socket", "--mysql-user": "mysql.user",
	"--mysql-db": "mysql.db", "--mysql-storage-engine": "engine",
	"--db-driver": "", "--events": "duration", "--max-requests": "duration",
}

// reservedLabels are set by the runner for every run.
var reservedLabels = map[string]bool{"system": true, "workload": true, "threads": true, "repeat": true, "engine": true, "phase": true,
	"client": true, "client_group": true, "clients": true, "tables": true, "table_size": true, "endpoint": true, "client_host": true}

func (v *validator) system(p *Plan, i int, getenv func(string) string, names map[string]int) {
	s := &p.Systems[i]
	at := func(k ...string) int { return v.line(append([]string{"systems", strconv.Itoa(i)}, k...)...) }
	switch {
	case s.Name == "":
		v.add(at("name"), "systems[%d]: name is missing", i)
	case !safeName.MatchString(s.Name):
		v.add(at("name"), "systems[%d]: name %q must be letters, digits, '.', '_' or '-' (it names a directory)", i, s.Name)
	case names[s.Name] > 0:
		v.add(at("name"), "systems[%d]: name %q is already used on line %d", i, s.Name, names[s.Name])
	case s.Name == "host":
		v.add(at("name"), "systems[%d]: name %q is reserved for the host captures", i, s.Name)
	default:
		names[s.Name] = at("name")
	}
	m := &s.MySQL
	if !v.has("systems", strconv.Itoa(i), "mysql") {
		v.add(at(), "systems[%d]: mysql is missing (host/port or socket, user, password_env, db)", i)
		return
	}
	// Several endpoints: a list given for host or socket (host: h and
	// socket: s alone are one server given twice).
	several := v.isList("systems", strconv.Itoa(i), "mysql", "host") || v.isList("systems", strconv.Itoa(i), "mysql", "socket")
	for j, h := range m.Hosts {
		if h == "" || strings.ContainsAny(h, " \t\n/") {
			v.add(at("mysql", "host", strconv.Itoa(j)), "systems[%d].mysql.host: %q is not a host name or address", i, h)
		}
		if _, _, err := net.SplitHostPort(h); err == nil && !several {
			v.add(at("mysql", "host"), "systems[%d].mysql.host: %q: give the port as port (HOST:PORT is for several endpoints)", i, h)
		}
	}
	for j, sk := range m.Sockets {
		if sk == "" || strings.ContainsAny(sk, "\n") {
			v.add(at("mysql", "socket", strconv.Itoa(j)), "systems[%d].mysql.socket: %q is not a socket path", i, sk)
		}
	}
	if len(m.Hosts) > 0 {
		m.Host = m.Hosts[0]
		if h, port, err := net.SplitHostPort(m.Host); err == nil {
			if n, err := strconv.Atoi(port); err == nil {
				m.Host = h
				if m.Port == 0 {
					m.Port = n
				}
			}
		}
	}
	if len(m.Sockets) > 0 && !(several && len(m.Hosts) > 0) {
		m.Socket = m.Sockets[0] // else the first endpoint is a host
	}
	if m.Socket == "" && m.Host == "" {
		m.Host = "127.0.0.1"
	}
	if m.Socket != "" && (m.Host != "" || m.Port != 0) && !several {
		v.add(at("mysql", "socket"), "systems[%d].mysql: give either socket or host/port, not both", i)
	}
	if m.Port == 0 && m.Socket == "" {
		m.Port = 3306
	}
	if m.Port < 0 || m.Port > 65535 {
		v.add(at("mysql", "port"), "systems[%d].mysql.port: %d is not a TCP port", i, m.Port)
	}
	if m.User == "" {
		v.add(at("mysql"), "systems[%d].mysql.user is missing", i)
	}
	if m.DB == "" {
		m.DB = "sbtest"
	} else if !regexp.MustCompile(`^[A-Za-z0-9_$]+$`).MatchString(m.DB) {
		v.add(at("mysql", "db"), "systems[%d].mysql.db: %q must be letters, digits, '_' or '$'", i, m.DB)
	} else if len(m.DB) > maxDBName {
		v.add(at("mysql", "db"), "systems[%d].mysql.db: %q is longer than %d characters", i, m.DB, maxDBName)
	}
	if m.PasswordEnv != "" && getenv != nil && getenv(m.PasswordEnv) == "" {
		v.add(at("mysql", "password_env"), "systems[%d].mysql.password_env: environment variable %s is not set (or empty)", i, m.PasswordEnv)
	}
	if s.Engine != "" && !regexp.MustCompile(`^[A-Za-z0-9_]+$`).MatchString(s.Engine) {
		v.add(at("engine"), "systems[%d].engine: %q is not a storage engine name", i, s.Engine)
	}
	v.labels(s.Labels, "systems", strconv.Itoa(i), "labels")
	for j, h := range s.ClientsOn {
		if h == "" || strings.HasPrefix(h, "-") || strings.ContainsAny(h, " \t\n'\"") {
			v.add(at("clients_on", strconv.Itoa(j)), "systems[%d].clients_on: %q is not an ssh destination ([user@]host)", i, h)
		}
	}
	if v.has("systems", strconv.Itoa(i), "ssh") && (len(s.SSH) == 0 || s.SSH[0] == "") {
		v.add(at("ssh"), "systems[%d].ssh: want the ssh command, then its options (ssh, -p, 2222)", i)
	}
	if len(s.SSH) > 0 && len(s.ClientsOn) == 0 {
		v.add(at("ssh"), "systems[%d].ssh: given without clients_on", i)
	}
}

func (v *validator) labels(m map[string]string, path ...string) {
	for k := range m {
		switch {
		case !labelKey.MatchString(k):
			v.add(v.line(append(path, k)...), "labels: key %q must be letters, digits, '_', '.' or '-'", k)
		case reservedLabels[k]:
			v.add(v.line(append(path, k)...), "labels: %q is set by the runner for every run", k)
		}
	}
}

func (v *validator) options(p *Plan) {
	o := &p.Sysbench
	if o.ReportInterval == nil {
		ri := Seconds(1)
		o.ReportInterval = &ri
	}
	if o.Histogram == nil {
		h := true
		o.Histogram = &h
	}
	if o.Percentile == nil {
		pc := 95
		o.Percentile = &pc
	}
	if *o.Percentile < 0 || *o.Percentile > 100 {
		v.add(v.line("sysbench", "percentile"), "sysbench.percentile: want 0 (off) to 100, got %d", *o.Percentile)
	}
	if *o.Percentile == 0 && *o.Histogram {
		// sysbench 1.0.20: "FATAL: --histogram cannot be used with --percentile=0".
		v.add(v.line("sysbench", "percentile"), "sysbench.percentile: 0 cannot be combined with histogram: true (sysbench refuses it)")
	}
	if o.Binary == "" {
		o.Binary = "sysbench"
	} else if strings.ContainsAny(o.Binary, " \t\n") {
		v.add(v.line("sysbench", "binary"), "sysbench.binary: one program, without arguments (options go in sysbench.extra)")
	}
	afterSecret := false // the item before was a password option with no =value
	for i, a := range o.Extra {
		name := optionName(a)
		at := v.line("sysbench", "extra", strconv.Itoa(i))
		secret := secretOption(name) || secretText.MatchString(a)
		switch {
		case afterSecret && !strings.HasPrefix(a, "-"):
			v.add(at, "sysbench.extra: this item is the value of the password option before it: passwords are not written in plans; use mysql.password_env")
		case secret:
			v.add(at, "sysbench.extra: passwords are not written in plans (--%s); use mysql.password_env", name)
		case !strings.HasPrefix(a, "--"):
			v.add(at, "sysbench.extra: %q is not a --option (commands such as run are added by the runner)", a)
		default:
			if key, ok := reservedArgs["--"+name]; ok {
				if key == "" {
					v.add(at, "sysbench.extra: --%s is set by the runner", name)
				} else {
					v.add(at, "sysbench.extra: --%s is set by the plan's %s", name, key)
				}
			}
		}
		afterSecret = secret && !strings.Contains(a, "=")
	}
}

// optionName is a sysbench option's name as sysbench reads it: without
// its dashes and value, "_" read as "-" ("--mysql_password=x" is
// mysql-password), in lower case.
func optionName(arg string) string {
	name, _, _ := strings.Cut(strings.TrimLeft(arg, "-"), "=")
	return strings.ToLower(strings.ReplaceAll(name, "_", "-"))
}

// secretOption reports whether an option (as optionName gives it) sets a
// password: --mysql-password, --pgsql-password and any other.
func secretOption(name string) bool {
	return strings.Contains(name, "password") || strings.Contains(name, "passwd")
}

// secretText matches text that gives a password option a value.
var secretText = regexp.MustCompile(`(?i)pass(?:word|wd)[A-Za-z0-9_-]*=`)

// maskSecrets hides the value of any password option in a message, with
// the one masking function of sbreport.
func maskSecrets(msg string) string { return parse.MaskPasswords(msg) }
