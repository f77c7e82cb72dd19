package parse

import (
	"path"
	"regexp"
	"strings"
)

// A Command is a command line found before a run, e.g.
// "sysbench oltp_read_only --threads=16 --mysql-password=x run".
type Command struct {
	raw    string
	Tool   string            // "sysbench", "mysqlslap", or the program's base name
	Test   string            // sysbench test name or script (base name, ".lua" dropped)
	Action string            // sysbench command: prepare, run, cleanup, help
	Opts   map[string]string // --name=value options (names without dashes); flags map to ""
	Labels map[string]string // labels derived from the options
}

// Masked returns the command line with passwords replaced by ***. It is
// computed on demand: most command lines of a transcript are never kept.
func (c *Command) Masked() string { return MaskPasswords(c.raw) }

// wrappers are programs that run the command that follows them.
var wrappers = map[string]bool{"time": true, "sudo": true, "nohup": true, "env": true, "exec": true,
	"taskset": false, "numactl": false, "timeout": false}

// commandIn returns the sysbench or mysqlslap command that text (a
// normalised line without a prompt) runs, or nil. A sysbench banner
// ("sysbench 1.0.20 (using bundled LuaJIT ...)", "sysbench 0.4.12:  ...")
// is not a command.
func commandIn(text string) *Command {
	if len(text) < 9 {
		return nil
	}
	c := text[0]
	if c != 's' && c != '.' && c != '/' && c != 'm' && c != 't' && c != 'n' && c != 'e' && c != 'M' && c != 'S' {
		return nil
	}
	if !strings.Contains(text, "sysbench") && !strings.Contains(text, "mysqlslap") && !strings.Contains(text, "mariadb-slap") {
		return nil
	}
	if cmd := ParseCommand(text); cmd.Tool == "sysbench" || cmd.Tool == "mysqlslap" {
		return cmd
	}
	return nil
}

var versionArg = regexp.MustCompile(`^v?\d+\.\d+(\.\d+)*(-[0-9a-f]+)?:?$`)

// ParseCommand splits a command line and derives labels from it: test,
// threads, tables, table_size, engine, db_driver, and for mysqlslap
// concurrency and engine.
func ParseCommand(line string) *Command {
	cmd := &Command{raw: line, Opts: map[string]string{}, Labels: map[string]string{}}
	args := splitArgs(line)
	// Skip environment assignments and wrappers.
	i := 0
	for i < len(args) {
		a := args[i]
		if strings.Contains(a, "=") && !strings.HasPrefix(a, "-") && !strings.Contains(a, "/") {
			i++
			continue
		}
		if wrappers[path.Base(a)] {
			i++
			continue
		}
		break
	}
	if i >= len(args) {
		return cmd
	}
	prog := path.Base(args[i])
	switch {
	case prog == "sysbench":
		cmd.Tool = "sysbench"
	case prog == "mysqlslap" || prog == "mariadb-slap":
		cmd.Tool = "mysqlslap"
	default:
		cmd.Tool = prog
		return cmd
	}
	rest := args[i+1:]
	if cmd.Tool == "sysbench" && len(rest) > 0 && versionArg.MatchString(rest[0]) {
		cmd.Tool = "" // a banner, not a command
		return cmd
	}
	var positional []string
	for j := 0; j < len(rest); j++ {
		a := rest[j]
		if strings.HasPrefix(a, "--") {
			name, val, hasVal := strings.Cut(a[2:], "=")
			if !hasVal && j+1 < len(rest) && !strings.HasPrefix(rest[j+1], "-") && takesValue(name) {
				val = rest[j+1]
				j++
			}
			cmd.Opts[name] = val
			continue
		}
		if strings.HasPrefix(a, "-") && len(a) > 1 {
			cmd.Opts[a[1:2]] = a[2:]
			continue
		}
		if a == "|" || a == ">" || a == ">>" || a == "2>&1" || a == "&&" || a == ";" || a == "|&" || a == "tee" {
			break
		}
		positional = append(positional, a)
	}
	o := cmd.Opts
	first := func(names ...string) string {
		for _, n := range names {
			if v, ok := o[n]; ok && v != "" {
				return v
			}
		}
		return ""
	}
	if cmd.Tool == "mysqlslap" {
		if v := first("concurrency", "c"); v != "" {
			cmd.Labels["concurrency"] = v
		}
		if v := first("engine", "e"); v != "" {
			cmd.Labels["engine"] = v
		}
		if v := first("number-of-queries"); v != "" {
			cmd.Labels["number_of_queries"] = v
		}
		return cmd
	}
	for _, p := range positional {
		switch p {
		case "prepare", "run", "cleanup", "help", "warmup", "prewarm":
			cmd.Action = p
		default:
			if cmd.Test == "" {
				cmd.Test = testName(p)
			}
		}
	}
	if t := first("test"); t != "" && cmd.Test == "" {
		cmd.Test = testName(t)
	}
	if cmd.Test != "" {
		cmd.Labels["test"] = cmd.Test
	}
	if v := first("threads", "num-threads"); v != "" {
		cmd.Labels["threads"] = v
	}
	if v := first("tables", "oltp-tables-count", "oltp_tables_count"); v != "" {
		cmd.Labels["tables"] = v
	}
	if v := first("table-size", "table_size", "oltp-table-size", "oltp_table_size"); v != "" {
		cmd.Labels["table_size"] = v
	}
	if v := first("mysql-storage-engine", "mysql-table-engine", "mysql_storage_engine"); v != "" {
		cmd.Labels["engine"] = strings.ToLower(v)
	}
	if v := first("db-driver"); v != "" {
		cmd.Labels["db_driver"] = v
	}
	return cmd
}

// takesValue lists long options that are commonly written "--name value".
func takesValue(name string) bool {
	switch name {
	case "threads", "num-threads", "time", "max-time", "test", "tables", "table-size", "mysql-host",
		"mysql-port", "mysql-user", "mysql-password", "mysql-db", "db-driver", "report-interval",
		"percentile", "rate", "events", "mysql-socket", "concurrency", "engine", "iterations":
		return true
	}
	return false
}

// testName turns "/usr/share/sysbench/oltp_read_only.lua" into "oltp_read_only".
func testName(p string) string {
	p = path.Base(p)
	return strings.TrimSuffix(p, ".lua")
}

// splitArgs splits a command line on white space, honouring single and
// double quotes.
func splitArgs(s string) []string {
	var args []string
	var b strings.Builder
	var quote rune
	inArg := false
	for _, r := range s {
		switch {
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

var passwordPatterns = []*regexp.Regexp{
	// --mysql-password=x, --pgsql-password x, --password=x, --pass=x
	regexp.MustCompile(`(--[A-Za-z_-]*pass(?:word)?[=\s]\s*)("[^"]*"|'[^']*'|\S+)`),
	// -pSECRET (mysql, mysqlslap); "-p" alone prompts and is left as is
	regexp.MustCompile(`(^|\s)(-p)("[^"]*"|'[^']*'|[^\s-]\S*)`),
	// MYSQL_PWD=x, PASSWORD=x environment assignments
	regexp.MustCompile(`(\b[A-Z_]*(?:PWD|PASSWORD|PASS)=)("[^"]*"|'[^']*'|\S+)`),
	// user:password@host DSNs (mysql://u:p@h, u:p@tcp(h))
	regexp.MustCompile(`([A-Za-z0-9_.-]+:)([^@\s/:]+)(@(?:tcp\(|unix\(|[A-Za-z0-9_.\[-]))`),
}

// MaskPasswords replaces passwords in a command line or DSN by ***.
func MaskPasswords(s string) string {
	if !strings.Contains(s, "pass") && !strings.Contains(s, "-p") && !strings.Contains(s, "PWD") &&
		!strings.Contains(s, "PASS") && !strings.Contains(s, "@") {
		return s
	}
	s = passwordPatterns[0].ReplaceAllString(s, "${1}***")
	s = passwordPatterns[1].ReplaceAllString(s, "${1}${2}***")
	s = passwordPatterns[2].ReplaceAllString(s, "${1}***")
	s = passwordPatterns[3].ReplaceAllString(s, "${1}***${3}")
	return s
}
