package parse

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

func TestMaskPasswords(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"mysql-password equals", "sysbench oltp_read_only --mysql-password=s3cret --threads=4 run",
			"sysbench oltp_read_only --mysql-password=*** --threads=4 run"},
		{"mysql-password space", "sysbench --mysql-password 's3 cret' run", "sysbench --mysql-password *** run"},
		{"pgsql-password", "sysbench --pgsql-password=pw run", "sysbench --pgsql-password=*** run"},
		{"short -p", "mysqlslap -uroot -pSecret --concurrency=50", "mysqlslap -uroot -p*** --concurrency=50"},
		{"bare -p prompts", "mysqlslap -uroot -p --concurrency=50", "mysqlslap -uroot -p --concurrency=50"},
		{"MYSQL_PWD", "MYSQL_PWD=abc sysbench cpu run", "MYSQL_PWD=*** sysbench cpu run"},
		{"go DSN", "tool --dsn 'root:pw@tcp(127.0.0.1:3306)/sbtest'", "tool --dsn 'root:***@tcp(127.0.0.1:3306)/sbtest'"},
		{"URL DSN", "mysql://root:pw@db.example:3306/x", "mysql://root:***@db.example:3306/x"},
		{"nothing to mask", "sysbench cpu --threads=2 run", "sysbench cpu --threads=2 run"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := MaskPasswords(tt.in); got != tt.want {
				t.Errorf("MaskPasswords(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestParseCommand(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		tool   string
		test   string
		action string
		labels map[string]string
	}{
		{"1.0 style", "sysbench oltp_read_only --threads=16 --tables=4 --table-size=100000 --mysql-storage-engine=RocksDB --db-driver=mysql --mysql-password=x run",
			"sysbench", "oltp_read_only", "run",
			map[string]string{"test": "oltp_read_only", "threads": "16", "engine": "rocksdb", "db_driver": "mysql"}},
		{"0.4 style", "sysbench --test=oltp --num-threads=8 --oltp-table-size=1000000 --mysql-table-engine=innodb run",
			"sysbench", "oltp", "run",
			map[string]string{"test": "oltp", "threads": "8", "engine": "innodb"}},
		{"lua path and wrapper", "time /usr/local/bin/sysbench /usr/share/sysbench/oltp_insert.lua --threads 4 run | tee out.log",
			"sysbench", "oltp_insert", "run", map[string]string{"test": "oltp_insert", "threads": "4"}},
		{"prepare", "sysbench oltp_common --tables=2 prepare", "sysbench", "oltp_common", "prepare",
			map[string]string{"test": "oltp_common"}},
		{"mysqlslap", "mysqlslap --concurrency=50,100 --engine=myisam,innodb -uroot -px", "mysqlslap", "", "",
			map[string]string{"concurrency": "50,100", "engine": "myisam,innodb"}},
		{"banner is not a command", "sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)", "", "", "", map[string]string{}},
		{"0.4 banner", "sysbench 0.4.12:  multi-threaded system evaluation benchmark", "", "", "", map[string]string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := ParseCommand(tt.in)
			if c.Tool != tt.tool || c.Test != tt.test || c.Action != tt.action || !reflect.DeepEqual(c.Labels, tt.labels) {
				t.Errorf("ParseCommand(%q) = tool %q test %q action %q labels %v; want %q %q %q %v",
					tt.in, c.Tool, c.Test, c.Action, c.Labels, tt.tool, tt.test, tt.action, tt.labels)
			}
			if strings.Contains(c.Masked(), "-px") || strings.Contains(c.Masked(), "password=x") {
				t.Errorf("password left in %q", c.Masked())
			}
		})
	}
}

// An input redirection is not a word of the command. A 2016 comparison of
// replication setups (testdata/public/train/t16) typed its mysqlslap
// command at a root prompt with "> " continuation lines, the second line
// cut by the terminal's horizontal scrolling to "<e-sql --engine=innodb
// ...", which a shell reads as input from the file "e-sql": the options
// after it still count, and the load type names the run's workload. A
// placeholder in angle brackets stays a word, as before.
func TestCommandInputRedirect(t *testing.T) {
	joined := "mysqlslap <e-sql --engine=innodb --auto-generate-sql-add-autoincrement --host=localhost --port=3306 -u root " +
		"--number-int-cols=10 --number-char-cols=10 --iterations=1 --concurrency=50 --auto-generate-sql-write-number=3000 " +
		"--number-of-queries=3000 --auto-generate-sql-load-type=write -u root -proot -h 172.17.0.2"
	c := ParseCommand(joined)
	if c.Tool != ToolMysqlslap || c.Opts["auto-generate-sql-load-type"] != "write" || c.Labels["concurrency"] != "50" ||
		c.Labels["engine"] != "innodb" || c.Labels["server"] != "172.17.0.2:3306" {
		t.Errorf("ParseCommand(%q) = tool %q opts %v labels %v", joined, c.Tool, c.Opts, c.Labels)
	}
	for _, in := range []string{"mysqlslap --concurrency=10 < queries.sql", "mysqlslap --concurrency=10 <<EOF"} {
		if c := ParseCommand(in); c.Tool != ToolMysqlslap || c.Labels["concurrency"] != "10" {
			t.Errorf("ParseCommand(%q) = tool %q labels %v", in, c.Tool, c.Labels)
		}
	}
	for _, in := range []string{"mysqlslap <options>", "sysbench <test> run"} {
		if c := ParseCommand(in); c.Tool != "" {
			t.Errorf("ParseCommand(%q) = tool %q, want a placeholder to stay a word", in, c.Tool)
		}
	}
	// A template of the runs of a page (train7/t80): the test is the
	// reader's to fill in, the options are the runs'.
	in := "sysbench <workload> --pgsql-host=<comma-separated-ips> --tables=20 --threads=60 run"
	if c := ParseCommand(in); c.Tool != ToolSysbench || c.Test != "" || c.Action != "run" || c.Labels["threads"] != "60" {
		t.Errorf("ParseCommand(%q) = tool %q test %q action %q labels %v", in, c.Tool, c.Test, c.Action, c.Labels)
	}
}

// TestStreamHugeLine puts a 10 MB line in front of a real run: the line is

// reported with its number and the run after it is still read.

// splitArgsReference is splitArgs as it was before words were taken as
// pieces of the line: every rune through one state machine.
func splitArgsReference(s string) []string {
	var args []string
	var b strings.Builder
	var quote rune
	inArg := false
	escaped := false
	for _, r := range s {
		switch {
		case escaped:
			b.WriteRune(r)
			escaped = false
			inArg = true
		case r == '\\' && quote != '\'':
			escaped = true
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				b.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote = r
			inArg = true
		case r == ' ' || r == '\t':
			if inArg {
				args = append(args, b.String())
				b.Reset()
				inArg = false
			}
		default:
			b.WriteRune(r)
			inArg = true
		}
	}
	if inArg {
		args = append(args, b.String())
	}
	return args
}

var splitArgsCases = []string{
	"", " ", "\t", "sysbench --threads=4 run", "  a  b\t c ", `--mysql-password='' --x=1`,
	`a\ b c`, `"quoted word" 'single \ one' x\`, `abc\`, `\`, `a""b`, `'it'"'"'s'`, "caf\u00e9 --x=\u00fc",
	"a\xffb c", "a\rb\fc", `--mysql-password="SEC RET" --mysql-db=sb`, `x\"y 'a\'b`,
	"sysbench /usr/local/share/sysbench/tests/include/oltp_legacy/oltp.lua --mysql-host=192.168.1.12 --mysql-password='' run >> log &",
}

func TestSplitArgsAsReference(t *testing.T) {
	for _, s := range splitArgsCases {
		got, want := splitArgs(s), splitArgsReference(s)
		if len(got) == 0 && len(want) == 0 {
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("splitArgs(%q) = %q, want %q", s, got, want)
		}
	}
}

func FuzzSplitArgs(f *testing.F) {
	for _, s := range splitArgsCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, want := splitArgs(s), splitArgsReference(s)
		if len(got) == 0 && len(want) == 0 {
			return
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("splitArgs(%q) = %q, want %q", s, got, want)
		}
	})
}

// A log that writes its command after a label in a comment line:
// hikaru2003/sysbench_binary_mysql @ 26961f222e4ece9b617aacaefa17bdbb1e48dd68
// — ann/default/run1.txt, line 3 (test, threads and options are only
// there). Labels that are not about a command are left alone.
func TestCommandLabel(t *testing.T) {
	const line = "# cmd: taskset -c 1-15 sysbench oltp_read_write --mysql-db=sbtest --tables=1 --table_size=100 --threads=32 --time=60 --rand-type=pareto run"
	_, text, ok := splitPrompt(line)
	if !ok {
		t.Fatal("no prompt")
	}
	cmd := commandIn(text)
	if cmd == nil || cmd.Test != "oltp_read_write" || cmd.Action != "run" || cmd.Labels["threads"] != "32" {
		t.Fatalf("commandIn(%q) = %+v, want oltp_read_write run at 32 threads", text, cmd)
	}
	for _, s := range []string{"Note: sysbench oltp_read_write run", "cmd:sysbench", "sysbench: oltp_read_write run"} {
		if got := cutCommandLabel(s); got != s {
			t.Errorf("cutCommandLabel(%q) = %q, want it unchanged", s, got)
		}
	}
}

// TestParseCommandImageNamedAfterTool reads the docker commands of a
// public manual (testdata/public/commands): the image severalnines/sysbench
// is followed by the sysbench it runs, which is the program, not a test;
// the test is the Lua script's.
func TestParseCommandImageNamedAfterTool(t *testing.T) {
	b, err := os.ReadFile("../testdata/public/commands/sb-oltp-legacy-docker-image-named-sysbench-then-sysbench-continued-lines-zh-manual.md")
	if err != nil {
		t.Fatal(err)
	}
	var cmds []*Command
	cur := ""
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasSuffix(l, "\\") {
			cur += strings.TrimSuffix(l, "\\") + " "
			continue
		}
		if cur != "" {
			cmds = append(cmds, ParseCommand(cur+l))
			cur = ""
		}
	}
	want := []struct{ test, threads, action string }{{"parallel_prepare", "1", "run"}, {"oltp", "64", "run"}}
	if len(cmds) != len(want) {
		t.Fatalf("%d commands, want %d", len(cmds), len(want))
	}
	for i, w := range want {
		c := cmds[i]
		if c.Tool != ToolSysbench || c.Test != w.test || c.Labels["threads"] != w.threads || c.Action != w.action {
			t.Errorf("command %d: tool %q test %q threads %q action %q, want sysbench %q %q %q",
				i+1, c.Tool, c.Test, c.Labels["threads"], c.Action, w.test, w.threads, w.action)
		}
	}
}

// TestParseCommandGivenToAShell reads the commands of a public script
// (testdata/public/commands) that runs sysbench in an LXC container by
// "lxc exec $VM_NAME -- bash -c \"sysbench fileio ... prepare\"", the run
// inside a command substitution ("OUTPUT=$(sudo lxc exec ... run\")"):
// each is sysbench's fileio test with its action and options, not a
// command of lxc. A shell given "sysbench --test=fileio prepare && sysbench
// --test=fileio ... run" by docker (a public script's line) runs the
// second.
func TestParseCommandGivenToAShell(t *testing.T) {
	b, err := os.ReadFile("../testdata/public/commands/sb-fileio-lxc-exec-bash-c-prepare-run-cleanup-script.sh")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range strings.Split(string(b), "\n") {
		if !strings.Contains(l, "lxc exec") {
			continue
		}
		c := ParseCommand(strings.TrimSpace(l))
		if c.Tool != ToolSysbench || c.Test != "fileio" || c.Opts["file-test-mode"] != "rndrd" || c.Opts["file-num"] != "128" || c.Labels["threads"] != "$THREAD_COUNT" {
			t.Errorf("%q: tool %q test %q options %v labels %v", l, c.Tool, c.Test, c.Opts, c.Labels)
		}
		got = append(got, c.Action)
	}
	if want := []string{"prepare", "run", "cleanup"}; !reflect.DeepEqual(got, want) {
		t.Errorf("actions %q, want %q", got, want)
	}
	c := ParseCommand(`docker run --runtime=${low_level_runtime[i]} --name=${low_level_runtime[i]}$j paipoi/sysbench_"$(uname -p)" sh -c "sysbench --test=fileio prepare && sysbench --test=fileio --file-test-mode=$container_image --num-threads=1 run"`)
	if c.Tool != ToolSysbench || c.Test != "fileio" || c.Action != "run" || c.Labels["threads"] != "1" {
		t.Errorf("docker sh -c: tool %q test %q action %q labels %v", c.Tool, c.Test, c.Action, c.Labels)
	}
	if c := ParseCommand(`docker exec -it box sh -c "kill $(cat /tmp/ql_load.pid)"`); c.Tool == ToolSysbench {
		t.Errorf("a shell given no benchmark: %+v", c)
	}
}

// TestParseCommandTypographicDashes reads the command of a blog whose
// typography made every "--" an en dash (testdata/public/commands, the
// disbauxes.upc.es post): "sysbench –test=cpu –cpu-max-prime=20000
// –num-threads=1 run" is sysbench's cpu test at one thread.
func TestParseCommandTypographicDashes(t *testing.T) {
	b, err := os.ReadFile("../testdata/public/commands/sb0.4-cpu-command-en-dashes-for-double-hyphens-blog-disbauxes-excerpt.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	c := ParseCommand(lines[8])
	if c.Tool != ToolSysbench || c.Test != "cpu" || c.Labels["threads"] != "1" || c.Opts["cpu-max-prime"] != "20000" || c.Action != "run" {
		t.Errorf("%q: tool %q test %q threads %q cpu-max-prime %q action %q, want sysbench cpu 1 20000 run",
			lines[8], c.Tool, c.Test, c.Labels["threads"], c.Opts["cpu-max-prime"], c.Action)
	}
}

// A blog on disk throughput with sysbench in Docker
// (testdata/public/train/t36) runs its tests through a wrapper script,
// "docker compose run sysbench scripts/run_test.sh fileio
// --file-test-mode=seqwr --threads=1": the test is the one the script is
// given, not the script's name.
func TestCommandWrapperScriptPassesTestOn(t *testing.T) {
	in := "docker compose run sysbench scripts/run_test.sh fileio --file-test-mode=seqwr --threads=1"
	c := ParseCommand(in)
	if c.Tool != ToolSysbench || c.Test != "fileio" || c.Labels["threads"] != "1" {
		t.Errorf("ParseCommand(%q) = tool %q test %q labels %v; want sysbench fileio threads 1", in, c.Tool, c.Test, c.Labels)
	}
}

// A 51CTO blog export (testdata/public/train/t40) writes its mutex command
// after a numbered label and a full-width colon, with every "--" set as an
// en dash by the page: "5) 测试 mutex：sysbench –test=mutex
// –num-threads=100 ... run". It is a command with its test and threads; a
// label without a tool after it, or an option before the colon, is not.
func TestCommandAfterLabelWithTypesetDashes(t *testing.T) {
	l := &Line{Raw: "5) 测试 mutex：sysbench –test=mutex –num-threads=100 –mutex-num=1000 –mutex-locks=100000 –mutex-loops=10000 run"}
	normalize(l)
	c := commandIn(l.Text)
	if c == nil || c.Tool != ToolSysbench || c.Test != "mutex" || c.Action != "run" || c.Labels["threads"] != "100" ||
		c.Opts["mutex-locks"] != "100000" {
		t.Fatalf("commandIn(%q) = %+v", l.Text, c)
	}
	for _, in := range []string{"结果: 平均 3.2 秒", "--mysql-host=db1: sysbench oltp_read_only run", "Note: sysbench is a benchmark tool that runs many tests"} {
		if c := commandIn(in); c != nil {
			t.Errorf("commandIn(%q) = %+v, want none", in, c)
		}
	}
}

// TestYAMLListCommand reads a command given as a YAML list, one argument
// an item: a Kubernetes pod's container command in a public script
// (testdata/public/commands, gwdg/pub-2025-ksi) is sysbench cpu at 56
// threads; the list ends at "image:". A Job's command split by an "args:"
// key (train t08, sysbench issue #363) is read likewise.
func TestYAMLListCommand(t *testing.T) {
	for _, tt := range []struct {
		file, threads, prime string
	}{
		{"../testdata/public/commands/sb-cpu-kubernetes-pod-command-as-yaml-list-gwdg-ksi.sh", "56", "20000"},
		{"../testdata/public/train/t08-yaml-args-prose.txt", "4", ""},
	} {
		b, err := os.ReadFile(tt.file)
		if err != nil {
			t.Fatal(err)
		}
		c := &ctx{}
		var last *Command
		for i, raw := range strings.Split(string(b), "\n") {
			if cmd := c.yamlArgs(&Line{No: i + 1, Raw: raw, Text: raw}); cmd != nil {
				last = cmd
			}
		}
		if last == nil || last.Tool != ToolSysbench || last.Test != "cpu" || last.Labels["threads"] != tt.threads ||
			last.Opts["cpu-max-prime"] != tt.prime || last.Action != "run" {
			t.Errorf("%s: %+v, want sysbench cpu at %s threads, cpu-max-prime %q, run", tt.file, last, tt.threads, tt.prime)
		}
	}
}

// TestMysqlslapPortAfterBareP: a note on an NDB cluster types "-p 3306"
// (the port after the bare -p that prompts for the password, for -P) in
// mysqlslap commands continued over '>' prompts; mysqlslap ran them and
// printed their Benchmark blocks, so the commands are the runs': write load
// at 1 and 64 clients. A second bare word is still prose.
func TestMysqlslapPortAfterBareP(t *testing.T) {
	cmd := ParseCommand("mysqlslap -h 11.160.43.168 -p 3306 -u root --auto-generate-sql --auto-generate-sql-load-type=write --engine=ndbcluster --concurrency=64")
	if cmd.Tool != ToolMysqlslap || cmd.Opts["auto-generate-sql-load-type"] != "write" || cmd.Opts["concurrency"] != "64" {
		t.Errorf("-p 3306: tool %q, options %v; want mysqlslap with its load type and clients", cmd.Tool, cmd.Opts)
	}
	for _, s := range []string{"mysqlslap -p 3306 and then some words", "mysqlslap -u root 3306"} {
		if cmd := ParseCommand(s); cmd.Tool != "" {
			t.Errorf("%q read as a %s command", s, cmd.Tool)
		}
	}
	b, err := os.ReadFile("../testdata/public/train2/t62-mysqlslap-glued-prompt-continuations-ndb.txt")
	if err != nil {
		t.Fatal(err)
	}
	runs := runsOf(t, string(b))
	if len(runs) != 2 {
		t.Fatalf("%d runs, want 2", len(runs))
	}
	for i, clients := range []int{1, 64} {
		r := runs[i]
		if r.Command == "" || r.Settings["auto-generate-sql-load-type"] != "write" || r.Threads == nil || *r.Threads != clients {
			t.Errorf("run at line %d: command %q, settings %v, threads %v; want the write load at %d clients", r.Line, r.Command, r.Settings, r.Threads, clients)
		}
	}
}

// TestCommandEmptyCodeSpans reads a command copied from a rendered page
// whose empty inline code spans left two backquotes in it
// (testdata/public/commands, a PostgreSQL course assignment: the time
// option and the script's name each hold a pair). The shell replaces an
// empty command substitution by nothing, and so does the reader: the
// legacy oltp script for 60 s, not a test named with the backquotes.
func TestCommandEmptyCodeSpans(t *testing.T) {
	var words []string
	for _, l := range strings.Split(readText(t, "../testdata/public/commands/sb-pgsql-oltp-legacy-empty-code-spans-in-continued-command-list-item-fence-homework-ru.md"), "\n") {
		if l = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(l), "\\")); strings.HasPrefix(l, "sysbench") || strings.HasPrefix(l, "--") || strings.HasPrefix(l, "/") || l == "run" {
			words = append(words, l)
		}
	}
	line := strings.Join(words, " ")
	c := commandIn(line)
	if c == nil || c.Test != "oltp" || c.Opts["time"] != "60" || c.Labels["threads"] != "64" || c.Action != "run" {
		t.Fatalf("commandIn(%q) = %+v; want the oltp test, time 60, 64 threads, run", line, c)
	}
}

// A command between double backticks after a label that starts as a
// command could ("SysBenchCpu: sysbench cpu …"), on a bold line of a
// generated report (train11/t91): the code span is read as CommonMark
// reads it, and the label before the colon is not the program.
func TestCommandInDoubleBacktickSpanAfterLabel(t *testing.T) {
	b, err := os.ReadFile("../testdata/public/train11/t91-sb-cpu-memory-threads-mutex-64-and-512-threads-numa-balancing-rows-result-unit-in-parentheses-font-bold-commands-kunpeng-920.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	for _, c := range []struct {
		line    int
		test    string
		threads string
	}{{59, "cpu", "64"}, {68, "memory", "64"}, {77, "threads", "64"}, {86, "mutex", "512"}} {
		text := strings.TrimSpace(lines[c.line-1])
		cmd := inlineCommand(text)
		if cmd == nil || cmd.Tool != ToolSysbench || cmd.Test != c.test || cmd.Action != "run" || cmd.Labels["threads"] != c.threads {
			t.Errorf("line %d %q: %+v, want sysbench %s run at %s threads", c.line, text, cmd, c.test, c.threads)
		}
	}
	// The perf bench commands of the same report are no command of ours.
	if cmd := inlineCommand(strings.TrimSpace(lines[22])); cmd != nil {
		t.Errorf("line 23 %q: %+v, want none", lines[22], cmd)
	}
}

// A MySQL client given -p without a value prints "Enter password: " where
// the cursor stands, and a transcript copied from a flattened page keeps
// it on the command's own line, after a space or glued to the last word;
// a Windows console echoes a star for each character typed. The lines
// are from public texts: code index files 10139388363, 11912477117,
// 21714701385 and 29446154043 (the last with an instruction after the
// prompt: no bare prompt, left as it is), and a gist of jamesattard's
// (ce86abcb09254387ebba), whose mysqlslap command gives its password.
func TestPasswordPromptOnCommandLine(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"mysqldump -uroot -p sys > sys.sqlEnter password:", "mysqldump -uroot -p sys > sys.sql"},
		{"mysql -u root -p Enter password: **********", "mysql -u root -p"},
		{"mysqldump -uroot -p SQL_Learning Customers > ~/mysql/sql.sqlEnter password:", "mysqldump -uroot -p SQL_Learning Customers > ~/mysql/sql.sql"},
		{"mysql -uroot -p Enter password: 输入临时生成的密码", "mysql -uroot -p Enter password: 输入临时生成的密码"},
		{"mysqlslap --auto-generate-sql --concurrency=50 --number-of-queries=1000 --iterations=10 -umycoolapp -ppassword -h10.250.10.101",
			"mysqlslap --auto-generate-sql --concurrency=50 --number-of-queries=1000 --iterations=10 -umycoolapp -ppassword -h10.250.10.101"},
	} {
		if got := trimPasswordPrompt(c.in); got != c.want {
			t.Errorf("trimPasswordPrompt(%q) = %q, want %q", c.in, got, c.want)
		}
		if got := ParseCommand(c.in).Masked(); strings.Contains(got, "Enter password:") != strings.Contains(c.want, "Enter password:") {
			t.Errorf("ParseCommand(%q): %q, the prompt kept or cut where it should not be", c.in, got)
		}
	}
}
