package campaign

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/collect"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

const goodPlan = `systems:
  - name: innodb
    mysql: {host: 127.0.0.1, port: 3307, user: sbtest, password_env: SB_PASSWORD, db: sbtest}
    engine: InnoDB
  - name: rocksdb
    mysql:
      socket: /tmp/x.sock
      user: sbtest
      password_env: SB_PASSWORD
    engine: ROCKSDB
workloads: [oltp_point_select, oltp_read_only]
threads: [1, 4]
repeats: 2
duration: 3s
`

func TestReadPlanDefaults(t *testing.T) {
	p, err := ReadPlan(strings.NewReader(goodPlan), "plan.yaml", env(map[string]string{"SB_PASSWORD": "x"}))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p.Tables, Ints{1}) || !reflect.DeepEqual(p.TableSize, Ints{10000}) || !reflect.DeepEqual(p.Clients, Ints{1}) || p.Order != OrderInterleaved || p.Grace != 60 {
		t.Errorf("defaults: tables %v, table_size %v, clients %v, order %q, grace %v", p.Tables, p.TableSize, p.Clients, p.Order, p.Grace)
	}
	if *p.Sysbench.ReportInterval != 1 || !*p.Sysbench.Histogram || *p.Sysbench.Percentile != 95 || p.Sysbench.Binary != "sysbench" {
		t.Errorf("sysbench defaults: %+v", p.Sysbench)
	}
	if p.Duration != 3 || p.Repeats != 2 {
		t.Errorf("duration %v, repeats %d", p.Duration, p.Repeats)
	}
	if m := p.Systems[1].MySQL; m.DB != "sbtest" || m.Host != "" || m.Port != 0 {
		t.Errorf("socket system: %+v", m)
	}
	if len(p.Digest) != 64 {
		t.Errorf("digest %q", p.Digest)
	}
}

func TestReadPlanDurations(t *testing.T) {
	for in, want := range map[string]Seconds{"90": 90, "90s": 90, "1m30s": 90, "2m": 120} {
		src := strings.Replace(goodPlan, "duration: 3s", "duration: "+in, 1)
		p, err := ReadPlan(strings.NewReader(src), "plan.yaml", env(map[string]string{"SB_PASSWORD": "x"}))
		if err != nil {
			t.Errorf("duration %s: %v", in, err)
			continue
		}
		if p.Duration != want {
			t.Errorf("duration %s = %v, want %v", in, p.Duration, want)
		}
	}
}

// Every bad plan is reported with its line, before anything runs.
func TestReadPlanErrors(t *testing.T) {
	pw := map[string]string{"SB_PASSWORD": "x"}
	tests := []struct {
		name string
		edit func(string) string
		env  map[string]string
		want []string // each must appear in the message
	}{
		{"unknown key", func(s string) string { return s + "tabels: 4\n" }, pw,
			[]string{`plan.yaml:15: unknown key "tabels" in the plan`}},
		{"unknown key in mysql", func(s string) string { return strings.Replace(s, "      user: sbtest\n", "      usr: sbtest\n", 1) }, pw,
			[]string{`plan.yaml:8: unknown key "usr" in mysql`}},
		{"password in plan", func(s string) string {
			return strings.Replace(s, "password_env: SB_PASSWORD, db", "password: secret, db", 1)
		}, pw,
			[]string{`plan.yaml:3: unknown key "password" in mysql: passwords are not written in plans`}},
		{"wrong type", func(s string) string { return strings.Replace(s, "repeats: 2", "repeats: two", 1) }, pw,
			[]string{`plan.yaml:13: want a whole number, got a string "two"`}},
		{"wrong type in list", func(s string) string { return strings.Replace(s, "threads: [1, 4]", "threads: [1, four]", 1) }, pw,
			[]string{`plan.yaml:12: want a whole number, got a string "four"`}},
		{"threads a mapping", func(s string) string { return strings.Replace(s, "threads: [1, 4]", "threads: {a: 4}", 1) }, pw,
			[]string{`plan.yaml:12: want a whole number or a list of them, got a mapping`}},
		{"empty threads", func(s string) string { return strings.Replace(s, "threads: [1, 4]", "threads: []", 1) }, pw,
			[]string{`plan.yaml:12: threads: at least one thread count is needed`}},
		{"zero threads", func(s string) string { return strings.Replace(s, "threads: [1, 4]", "threads: [1, 0]", 1) }, pw,
			[]string{`plan.yaml:12: threads: 0 is not a thread count`}},
		{"missing password env", nil, map[string]string{},
			[]string{`plan.yaml:3: systems[0].mysql.password_env: environment variable SB_PASSWORD is not set`,
				`plan.yaml:9: systems[1].mysql.password_env: environment variable SB_PASSWORD is not set`}},
		{"bad duration", func(s string) string { return strings.Replace(s, "duration: 3s", "duration: 3 minutes", 1) }, pw,
			[]string{`plan.yaml:14: bad duration "3 minutes"`}},
		{"fractional duration", func(s string) string { return strings.Replace(s, "duration: 3s", "duration: 1500ms", 1) }, pw,
			[]string{`plan.yaml:14: duration "1500ms" is not a whole number of seconds`}},
		{"missing duration", func(s string) string { return strings.Replace(s, "duration: 3s\n", "", 1) }, pw,
			[]string{`plan.yaml: duration: missing`}},
		{"duplicate system", func(s string) string { return strings.Replace(s, "name: rocksdb", "name: innodb", 1) }, pw,
			[]string{`plan.yaml:5: systems[1]: name "innodb" is already used on line 2`}},
		{"histogram without percentile", func(s string) string { return s + "sysbench: {percentile: 0}\n" }, pw,
			[]string{`plan.yaml:15: sysbench.percentile: 0 cannot be combined with histogram: true`}},
		{"extra sets threads", func(s string) string { return s + "sysbench:\n  extra: [--rand-type=uniform, --threads=8]\n" }, pw,
			[]string{`plan.yaml:16: sysbench.extra: --threads is set by the plan's threads`}},
		{"extra sets password", func(s string) string { return s + "sysbench:\n  extra: [--mysql-password=x]\n" }, pw,
			[]string{`plan.yaml:16: sysbench.extra: passwords are not written in plans`}},
		{"socket and host", func(s string) string {
			return strings.Replace(s, "      socket: /tmp/x.sock\n", "      socket: /tmp/x.sock\n      host: h\n", 1)
		}, pw,
			[]string{`plan.yaml:7: systems[1].mysql: give either socket or host/port, not both`}},
		{"bad order", func(s string) string { return s + "order: random\n" }, pw,
			[]string{`plan.yaml:15: order: want interleaved or sequential, got "random"`}},
		{"reserved label", func(s string) string { return s + "labels: {system: x}\n" }, pw,
			[]string{`plan.yaml:15: labels: "system" is set by the runner`}},
		{"threads not divisible by clients", func(s string) string {
			return strings.Replace(s, "threads: [1, 4]", "threads: [2, 3]", 1) + "clients: 2\ntables: 4\n"
		}, pw,
			[]string{`plan.yaml:12: threads: 3 is not divisible by clients 2`}},
		{"tables not divisible by clients", func(s string) string {
			return strings.Replace(s, "threads: [1, 4]", "threads: [2, 4]", 1) + "clients: 2\ntables: 3\n"
		}, pw,
			[]string{`plan.yaml:16: tables: 3 is not divisible by clients 2`}},
		{"default tables with clients", func(s string) string {
			return strings.Replace(s, "threads: [1, 4]", "threads: [2, 4]", 1) + "clients: 2\n"
		}, pw,
			[]string{`plan.yaml:15: clients: 2 needs tables divisible by it`}},
		{"zero clients", func(s string) string { return s + "clients: 0\n" }, pw,
			[]string{`plan.yaml:15: clients: want 1 to 1024, got 0`}},
		{"client database name too long", func(s string) string {
			return strings.Replace(strings.Replace(s, "threads: [1, 4]", "threads: [2, 4]", 1), "db: sbtest}", "db: "+strings.Repeat("d", 62)+"}", 1) + "clients: 2\ntables: 2\n"
		}, pw,
			[]string{`plan.yaml:3: systems[0].mysql.db: "` + strings.Repeat("d", 62) + `" is too long for the databases of its tables, such as ` + strings.Repeat("d", 62) + `_c1 (at most 64 characters)`}},
		{"reserved client label", func(s string) string { return s + "labels: {client_group: x}\n" }, pw,
			[]string{`plan.yaml:15: labels: "client_group" is set by the runner`}},
		{"no systems", func(s string) string { return "systems: []\n" + s[strings.Index(s, "workloads"):] }, pw,
			[]string{`plan.yaml:1: systems: at least one system is needed`}},
		{"not yaml", func(string) string { return "systems: [\n" }, pw,
			[]string{`plan.yaml:`}},
		{"empty", func(string) string { return "" }, pw, []string{`plan.yaml: empty plan`}},
		{"fractional threads", func(s string) string { return strings.Replace(s, "threads: [1, 4]", "threads: [1.5, 4]", 1) }, pw,
			[]string{`plan.yaml:12: threads: 1.5 is not a whole number`}},
		{"fractional repeats", func(s string) string { return strings.Replace(s, "repeats: 2", "repeats: 2.9", 1) }, pw,
			[]string{`plan.yaml:13: repeats: 2.9 is not a whole number`}},
		{"exponent tables", func(s string) string { return s + "tables: 1e3\n" }, pw,
			[]string{`plan.yaml:15: tables: 1e3 is not a whole number`}},
		{"fractional port", func(s string) string { return strings.Replace(s, "port: 3307", "port: 3307.5", 1) }, pw,
			[]string{`plan.yaml:3: port: 3307.5 is not a whole number`}},
		{"a billion repeats", func(s string) string { return strings.Replace(s, "repeats: 2", "repeats: 1000000000", 1) }, pw,
			[]string{`plan.yaml:13: the plan asks for more than 10000 runs (systems × workloads × repeats × tables × table_size × clients × threads = 2 × 2 × 1000000000 × 1 × 1 × 1 × 2); a campaign may have at most 10000`}},
		{"too many threads", func(s string) string { return strings.Replace(s, "threads: [1, 4]", "threads: [1, 100000]", 1) }, pw,
			[]string{`plan.yaml:12: threads: 100000 is more than 65536`}},
		{"too many clients", func(s string) string { return s + "clients: 100000\n" }, pw,
			[]string{`plan.yaml:15: clients: want 1 to 1024, got 100000`}},
		{"duration over a day", func(s string) string { return strings.Replace(s, "duration: 3s", "duration: 25h", 1) }, pw,
			[]string{`plan.yaml:14: duration 25h is longer than 24h0m0s`}},
		{"duration in seconds over a day", func(s string) string { return strings.Replace(s, "duration: 3s", "duration: 99999999999", 1) }, pw,
			[]string{`plan.yaml:14: duration 99999999999 is longer than 24h0m0s`}},
		{"binary with arguments", func(s string) string { return s + "sysbench: {binary: sysbench --verbosity=5}\n" }, pw,
			[]string{`plan.yaml:15: sysbench.binary: one program, without arguments`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := goodPlan
			if tt.edit != nil {
				src = tt.edit(src)
			}
			_, err := ReadPlan(strings.NewReader(src), "plan.yaml", env(tt.env))
			if err == nil {
				t.Fatalf("no error for\n%s", src)
			}
			var pe *PlanError
			if !errors.As(err, &pe) {
				t.Errorf("error %T, want *PlanError", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error\n%v\ndoes not contain\n%s", err, w)
				}
			}
		})
	}
}

func TestExamplePlan(t *testing.T) {
	p, err := ReadPlanFile("../../examples/plan.yaml", os.Getenv)
	if os.Getenv("SB_PASSWORD") == "" {
		var pe *PlanError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), "SB_PASSWORD is not set") {
			t.Fatalf("without SB_PASSWORD: %v", err)
		}
		p, err = ReadPlan(strings.NewReader(mustRead(t, "../../examples/plan.yaml")), "plan.yaml", env(map[string]string{"SB_PASSWORD": "x"}))
	}
	if err != nil {
		t.Fatal(err)
	}
	if n := len(p.steps); n != 16 {
		t.Errorf("example plan has %d runs, want 16", n)
	}
}

func mustRead(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestStepsOrder(t *testing.T) {
	p, err := ReadPlan(strings.NewReader(goodPlan), "plan.yaml", env(map[string]string{"SB_PASSWORD": "x"}))
	if err != nil {
		t.Fatal(err)
	}
	ids := func() []string {
		var out []string
		for _, s := range p.expand()[:5] {
			out = append(out, p.id(s))
		}
		return out
	}
	want := []string{"innodb/oltp_point_select/1thr-r1", "rocksdb/oltp_point_select/1thr-r1",
		"innodb/oltp_point_select/4thr-r1", "rocksdb/oltp_point_select/4thr-r1", "innodb/oltp_point_select/1thr-r2"}
	if got := ids(); !reflect.DeepEqual(got, want) {
		t.Errorf("interleaved order\n got %q\nwant %q", got, want)
	}
	p.Order = OrderSequential
	want = []string{"innodb/oltp_point_select/1thr-r1", "innodb/oltp_point_select/1thr-r2",
		"innodb/oltp_point_select/4thr-r1", "innodb/oltp_point_select/4thr-r2", "innodb/oltp_read_only/1thr-r1"}
	if got := ids(); !reflect.DeepEqual(got, want) {
		t.Errorf("sequential order\n got %q\nwant %q", got, want)
	}
	if n := len(p.expand()); n != 16 {
		t.Errorf("%d steps, want 16", n)
	}
}

func TestDryRun(t *testing.T) {
	p, err := ReadPlan(strings.NewReader(goodPlan+"warmup: 2s\n"), "plan.yaml", env(map[string]string{"SB_PASSWORD": "s3cret-pw"}))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	r := &Runner{Plan: p, Dir: "out", Getenv: env(map[string]string{"SB_PASSWORD": "s3cret-pw"})}
	if err := r.DryRun(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.Contains(out, "s3cret-pw") || strings.Contains(out, "--mysql-password") {
		t.Errorf("dry run shows a password:\n%s", out)
	}
	for _, w := range []string{
		"= 16 runs, 1m20s of measurement",
		"sysbench oltp_point_select --threads=1 --tables=1 --table-size=10000 --db-driver=mysql --mysql-socket=/tmp/x.sock --mysql-user=sbtest --mysql-db=sbtest --mysql-storage-engine=ROCKSDB prepare\n",
		"sysbench oltp_read_only --threads=4 --time=2 --percentile=95 --tables=1 --table-size=10000 --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=3307 --mysql-user=sbtest --mysql-db=sbtest --mysql-storage-engine=InnoDB run  # warm-up, discarded\n",
		"sysbench oltp_read_only --threads=4 --time=3 --report-interval=1 --histogram=on --percentile=95 --tables=1 --table-size=10000 --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=3307 --mysql-user=sbtest --mysql-db=sbtest --mysql-storage-engine=InnoDB run  # innodb/oltp_read_only/4thr-r2.txt\n",
		"MYSQL_PWD from $SB_PASSWORD",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("dry run lacks %q:\n%s", w, out)
		}
	}
}

func TestShellQuote(t *testing.T) {
	got := shellQuote([]string{"sysbench", "--rand-type=uniform", "a b", "it's", ""})
	want := `sysbench --rand-type=uniform 'a b' 'it'\''s' ''`
	if got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestWorkloadDir(t *testing.T) {
	for in, want := range map[string]string{"oltp_read_only": "oltp_read_only", "/usr/share/sysbench/tpcc.lua": "tpcc", "./my test.lua": "my_test"} {
		if got := workloadDir(in); got != want {
			t.Errorf("workloadDir(%q) = %q, want %q", in, got, want)
		}
	}
}

// With clients 2, each run is two commands, each with half the threads,
// half the tables and a database of its own.
func TestDryRunClients(t *testing.T) {
	src := strings.Replace(goodPlan, "threads: [1, 4]", "threads: [2, 4]", 1) + "clients: 2\ntables: 4\nwarmup: 1s\n"
	p, err := ReadPlan(strings.NewReader(src), "plan.yaml", env(map[string]string{"SB_PASSWORD": "x"}))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := (&Runner{Plan: p, Dir: "out"}).DryRun(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, w := range []string{
		"= 16 runs, 1m4s of measurement\n",
		"# innodb: 4 table(s) of 10000 rows for 2 client(s)\n",
		"# system innodb: 127.0.0.1:3307 as sbtest, databases sbtest_c1, sbtest_c2, MYSQL_PWD from $SB_PASSWORD;",
		"sbtest_c2 --mysql-storage-engine=ROCKSDB prepare\n",
		"sysbench oltp_point_select --threads=2 --tables=2 --table-size=10000 --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=3307 --mysql-user=sbtest --mysql-db=sbtest_c1 --mysql-storage-engine=InnoDB prepare\n",
		"# innodb: SHOW TABLE STATUS FROM `sbtest_c1`; SHOW TABLE STATUS FROM `sbtest_c2`\n",
		"# innodb/oltp_read_only/4thr-r2: 2 clients at once\n" +
			"sysbench oltp_read_only --threads=2 --time=1 --percentile=95 --tables=2 --table-size=10000 --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=3307 --mysql-user=sbtest --mysql-db=sbtest_c1 --mysql-storage-engine=InnoDB run  # warm-up, discarded\n" +
			"sysbench oltp_read_only --threads=2 --time=1 --percentile=95 --tables=2 --table-size=10000 --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=3307 --mysql-user=sbtest --mysql-db=sbtest_c2 --mysql-storage-engine=InnoDB run  # warm-up, discarded\n" +
			"sysbench oltp_read_only --threads=2 --time=3 --report-interval=1 --histogram=on --percentile=95 --tables=2 --table-size=10000 --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=3307 --mysql-user=sbtest --mysql-db=sbtest_c1 --mysql-storage-engine=InnoDB run  # innodb/oltp_read_only/4thr-r2.c1.txt\n" +
			"sysbench oltp_read_only --threads=2 --time=3 --report-interval=1 --histogram=on --percentile=95 --tables=2 --table-size=10000 --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=3307 --mysql-user=sbtest --mysql-db=sbtest_c2 --mysql-storage-engine=InnoDB run  # innodb/oltp_read_only/4thr-r2.c2.txt\n",
		"sysbench oltp_point_select --threads=1 --time=3 --report-interval=1 --histogram=on --percentile=95 --tables=2 --table-size=10000 --db-driver=mysql --mysql-socket=/tmp/x.sock --mysql-user=sbtest --mysql-db=sbtest_c2 --mysql-storage-engine=ROCKSDB run  # rocksdb/oltp_point_select/2thr-r1.c2.txt\n",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("dry run lacks %q:\n%s", w, out)
		}
	}
	if n := strings.Count(out, " run  # rocksdb/"); n != 16 {
		t.Errorf("%d measured commands for rocksdb, want 16 (8 runs × 2 clients)", n)
	}
	if n := strings.Count(out, " cleanup\n"); n != 8 {
		t.Errorf("%d cleanup commands, want 8 (2 systems × 2 clients, before prepare and at the end)", n)
	}
}

func TestSplitKind(t *testing.T) {
	for _, tt := range []struct {
		kind   string
		base   string
		client int
	}{
		{"output", "output", 0}, {"output.c1", "output", 1}, {"warmup.c12", "warmup", 12},
		{"table_status.c2", "table_status", 2}, {"output.c0", "output.c0", 0}, {"lscpu_json", "lscpu_json", 0},
	} {
		if b, c := collect.SplitKind(tt.kind); b != tt.base || c != tt.client {
			t.Errorf("collect.SplitKind(%q) = %q, %d; want %q, %d", tt.kind, b, c, tt.base, tt.client)
		}
	}
}

// A password given in a plan, in any spelling sysbench accepts, is
// refused, and never repeated: not in the error, not by --dry-run.
func TestPlanSecrets(t *testing.T) {
	const secret = "S3cr3t-pw"
	for _, tt := range []struct{ name, yaml, want string }{
		{"dashes", `sysbench: {extra: ["--mysql-password=` + secret + `"]}`, "plan.yaml:15: sysbench.extra: passwords are not written in plans (--mysql-password)"},
		{"underscores", `sysbench: {extra: ["--mysql_password=` + secret + `"]}`, "plan.yaml:15: sysbench.extra: passwords are not written in plans (--mysql-password)"},
		{"pgsql", `sysbench: {extra: ["--pgsql-password=` + secret + `"]}`, "(--pgsql-password)"},
		{"pgsql underscores", `sysbench: {extra: ["--pgsql_password=` + secret + `"]}`, "(--pgsql-password)"},
		{"upper case", `sysbench: {extra: ["--MYSQL_PASSWORD=` + secret + `"]}`, "(--mysql-password)"},
		{"two items", "sysbench:\n  extra:\n    - --rand-type=uniform\n    - --mysql-password\n    - " + secret + "\n",
			"plan.yaml:19: sysbench.extra: this item is the value of the password option before it"},
		{"one dash", `sysbench: {extra: ["-mysql-password=` + secret + `"]}`, "(--mysql-password)"},
		{"not a list", `sysbench: {extra: "--mysql-password=` + secret + `"}`, "plan.yaml:15: want a list of strings, got a string"},
		{"as a workload", "", "workloads:"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := goodPlan + tt.yaml + "\n"
			if tt.name == "as a workload" {
				src = strings.Replace(goodPlan, "[oltp_point_select, oltp_read_only]", `[oltp_point_select, "--mysql-password=`+secret+`"]`, 1)
			}
			_, err := ReadPlan(strings.NewReader(src), "plan.yaml", env(map[string]string{"SB_PASSWORD": "x"}))
			if err == nil {
				t.Fatalf("no error for\n%s", src)
			}
			if strings.Contains(err.Error(), secret) {
				t.Errorf("the error repeats the password:\n%v", err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error\n%v\nlacks %q", err, tt.want)
			}
		})
	}
}

// endless is a reader that never ends, like /dev/zero.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

// A plan is read with a bound: an endless stream, a device or a huge file
// is refused without reading it all.
func TestReadPlanBounded(t *testing.T) {
	if _, err := ReadPlan(endless{}, "endless", nil); err == nil || !strings.Contains(err.Error(), "more than 1048576 bytes; a plan may have at most 1048576") {
		t.Errorf("endless reader: %v", err)
	}
	dir := t.TempDir()
	if _, err := ReadPlanFile(dir, nil); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("directory: %v", err)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		if _, err := ReadPlanFile("/dev/zero", nil); err == nil || !strings.Contains(err.Error(), "read plan /dev/zero: not a regular file") {
			t.Errorf("/dev/zero: %v", err)
		}
	}
	big := dir + "/big.yaml"
	if err := os.WriteFile(big, append([]byte(goodPlan), make([]byte, MaxPlanBytes)...), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadPlanFile(big, nil); err == nil || !strings.Contains(err.Error(), "; a plan may have at most 1048576") {
		t.Errorf("big file: %v", err)
	}
	// Without getenv (a dry run), password variables are not looked up.
	if _, err := ReadPlan(strings.NewReader(goodPlan), "plan.yaml", nil); err != nil {
		t.Errorf("no getenv: %v", err)
	}
}

// examples/study-plan.yaml: 2 engines × 2 workloads × 3 repeats × 2
// levels of bound × 2 client counts, interleaved.
func TestStudyPlan(t *testing.T) {
	p, err := ReadPlan(strings.NewReader(mustRead(t, "../../examples/study-plan.yaml")), "study-plan.yaml", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.steps) != 48 {
		t.Fatalf("%d runs, want 48", len(p.steps))
	}
	var first []string
	for _, st := range p.steps[:8] {
		first = append(first, p.id(st))
	}
	want := []string{"innodb/oltp_point_select/cpu-1cl-4thr-r1", "aria/oltp_point_select/cpu-1cl-4thr-r1",
		"innodb/oltp_point_select/cpu-4cl-4thr-r1", "aria/oltp_point_select/cpu-4cl-4thr-r1",
		"innodb/oltp_point_select/io-1cl-4thr-r1", "aria/oltp_point_select/io-1cl-4thr-r1",
		"innodb/oltp_point_select/io-4cl-4thr-r1", "aria/oltp_point_select/io-4cl-4thr-r1"}
	if !reflect.DeepEqual(first, want) {
		t.Errorf("order\n%q\nwant\n%q", first, want)
	}
	l := p.runLabels(p.steps[6])
	for k, v := range map[string]string{"system": "innodb", "engine": "InnoDB", "bound": "io", "clients": "4", "threads": "4", "tables": "8",
		"table_size": "50000", "innodb_buffer_pool_size": "8M", "aria_pagecache_buffer_size": "8M", "repeat": "1", "campaign": "study"} {
		if l[k] != v {
			t.Errorf("label %s = %q, want %q (%v)", k, l[k], v, l)
		}
	}
	if got := p.databases(&p.Systems[1]); !reflect.DeepEqual(got, []string{"sbtest_study_aria", "sbtest_study_aria_c1", "sbtest_study_aria_c2", "sbtest_study_aria_c3", "sbtest_study_aria_c4"}) {
		t.Errorf("aria databases %v", got)
	}
}

// A plan takes values from the environment: ${NAME}, ${NAME:-DEFAULT},
// $${ for a literal ${, comments untouched, lines kept.
func TestPlanEnvironment(t *testing.T) {
	src := strings.Replace(goodPlan, "port: 3307", "port: ${SBREPORT_DB_PORT:-3307}", 1) +
		"labels: {note: \"costs $${HOME}\", build: '${BUILD}'} # not ${EXPANDED}\n"
	vars := map[string]string{"SB_PASSWORD": "x", "BUILD": "a1b2"}
	p, err := ReadPlan(strings.NewReader(src), "plan.yaml", env(vars))
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Systems[0].MySQL.Port; got != 3307 {
		t.Errorf("SBREPORT_DB_PORT unset: port %d, want the default 3307", got)
	}
	if p.Labels["note"] != "costs ${HOME}" || p.Labels["build"] != "a1b2" {
		t.Errorf("labels %v", p.Labels)
	}
	vars["SBREPORT_DB_PORT"] = "3317"
	p2, err := ReadPlan(strings.NewReader(src), "plan.yaml", env(vars))
	if err != nil {
		t.Fatal(err)
	}
	if got := p2.Systems[0].MySQL.Port; got != 3317 {
		t.Errorf("SBREPORT_DB_PORT=3317: port %d", got)
	}
	if p2.Digest == p.Digest {
		t.Error("the digest does not change with the values the plan takes")
	}

	// Errors keep the plan's line numbers.
	for _, tt := range []struct{ name, old, edit, want string }{
		{"unset", "port: 3307", "port: ${DB_PORT}", `plan.yaml:3: ${DB_PORT}: environment variable DB_PORT is not set (export it, or give a default: ${DB_PORT:-VALUE})`},
		{"bad name", "port: 3307", "port: ${3DB}", `plan.yaml:3: ${3DB}: not a variable`},
		{"unclosed", "socket: /tmp/x.sock", "socket: ${SOCK", `plan.yaml:7: ${SOCK: no closing }`},
		{"not a number", "port: 3307", "port: ${BUILD}", `plan.yaml:3: `},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadPlan(strings.NewReader(strings.Replace(goodPlan, tt.old, tt.edit, 1)), "plan.yaml", env(vars))
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error %v, want one starting %q", err, tt.want)
			}
		})
	}
}

// The example plans point at scripts/setup.sh's server wherever
// SBREPORT_DB_PORT puts it.
func TestExamplePlansFollowTheServerPort(t *testing.T) {
	for _, f := range []string{"plan.yaml", "demo-plan.yaml", "study-plan.yaml", "sweep-plan.yaml", "clients-plan.yaml"} {
		for _, port := range []string{"", "3317"} {
			vars := map[string]string{"SB_PASSWORD": "x", "SBREPORT_DB_PORT": port}
			p, err := ReadPlan(strings.NewReader(mustRead(t, "../../examples/"+f)), f, env(vars))
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			want := 3307
			if port != "" {
				want = 3317
			}
			for _, s := range p.Systems {
				if s.MySQL.Port != want {
					t.Errorf("%s, SBREPORT_DB_PORT=%q: system %s on port %d, want %d", f, port, s.Name, s.MySQL.Port, want)
				}
			}
		}
	}
}
