package parse

import (
	"math"
	"path"
	"strconv"
	"strings"

	"github.com/sbreport/sbreport/parse/scan"
	"github.com/sbreport/sbreport/parse/tabular"
)

// This file is sbreport's one catalogue of sysbench and mysqlslap tests and
// options (SYSBENCH-OPTIONS.md, read from the sources of sysbench 0.4.12,
// the 0.4 branch, 0.5, 1.0.20 and 1.1, and mysqlslap): which tests exist,
// which options shape the experiment, and how their values are written.
// Everything that asks "is this a sysbench test?" or "do these two runs
// measure the same thing?" asks it here.

// An OptionClass says what an option changes (SYSBENCH-OPTIONS.md §0).
type OptionClass string

// Option classes. Runs that differ in an option of class Workload, Scale,
// Concurrency or Duration are different experiments; the others may be
// repeats.
const (
	ClassWorkload    OptionClass = "workload"    // what each event does, access pattern, schema, pacing
	ClassScale       OptionClass = "scale"       // data-set size or amount of work whose time is the result
	ClassConcurrency OptionClass = "concurrency" // client threads, connections, queue depth
	ClassDuration    OptionClass = "duration"    // how long the run lasts
	ClassReporting   OptionClass = "reporting"   // what is printed
	ClassConnection  OptionClass = "connection"  // where and how to connect
	ClassCredential  OptionClass = "credential"  // user, password
	ClassRandomness  OptionClass = "randomness"  // RNG seeding only
	ClassOther       OptionClass = "other"       // decided per option (Option.Split)
	ClassUnknown     OptionClass = "unknown"     // not in the catalogue: treated as shaping
)

// Value kinds of options, for normalisation.
const (
	kindString = iota
	kindSize   // SIZE: digits with an optional K/M/G/T suffix (×1024ⁿ)
	kindNum    // a number
	kindBool   // on/off
	kindLower  // a word compared case-insensitively
)

// An Option is one catalogued option.
type Option struct {
	Name  string      // canonical spelling: dashes, no leading "--"
	Class OptionClass //
	// Split says whether two runs that differ only in this option are
	// different experiments (never pooled as repeats).
	Split bool
	// Default is the value a run has when the option is not given, "" when
	// it depends on the generation or there is none worth comparing.
	Default string
	kind    int
	// Label names the run label the option sets instead of a setting
	// ("engine"), or "-" when another field holds it (threads, test).
	Label string
}

// split is the default Split of each class.
func (c OptionClass) split() bool {
	switch c {
	case ClassWorkload, ClassScale, ClassConcurrency, ClassDuration, ClassUnknown:
		// A run of one event and a run of 60 s, or of 10 s and of 300 s,
		// measure different things (the start of a run, a warm cache, the
		// span a rate is averaged over): a reader never takes them for
		// repeats, though each event does the same work.
		return true
	}
	return false
}

func opt(name string, class OptionClass, kind int, def string) Option {
	return Option{Name: name, Class: class, Split: class.split(), Default: def, kind: kind}
}

// sysbenchOptions lists every option of sysbench 0.4, 0.5, 1.0 and 1.1 by
// canonical name.
var sysbenchOptions = indexOptions([]Option{
	// General (§3.1, §4.1, §6.1, §7).
	{Name: "num-threads", Class: ClassConcurrency, Split: true, Label: "-"},
	{Name: "threads", Class: ClassConcurrency, Split: true, Label: "-"},
	{Name: "test", Class: ClassWorkload, Split: true, Label: "-"},
	opt("max-requests", ClassDuration, kindNum, ""),
	opt("events", ClassDuration, kindNum, ""),
	opt("max-time", ClassDuration, kindNum, "0"),
	opt("time", ClassDuration, kindNum, ""),
	opt("forced-shutdown", ClassDuration, kindString, "off"),
	opt("warmup-time", ClassDuration, kindNum, "0"),
	opt("thread-stack-size", ClassOther, kindSize, ""),
	opt("thread-init-timeout", ClassOther, kindNum, ""),
	opt("init-rng", ClassRandomness, kindBool, ""),
	opt("seed-rng", ClassRandomness, kindNum, ""),
	opt("rand-init", ClassRandomness, kindBool, ""),
	opt("rand-seed", ClassRandomness, kindNum, ""),
	opt("tx-rate", ClassWorkload, kindNum, "0"),
	opt("rate", ClassWorkload, kindNum, "0"),
	opt("tx-jitter", ClassWorkload, kindNum, "0"),
	opt("report-interval", ClassReporting, kindNum, ""),
	opt("report-checkpoints", ClassReporting, kindString, ""),
	opt("debug", ClassReporting, kindBool, ""),
	opt("verbosity", ClassReporting, kindNum, ""),
	opt("percentile", ClassReporting, kindNum, ""),
	opt("histogram", ClassReporting, kindBool, ""),
	opt("batch", ClassReporting, kindBool, ""),
	opt("batch-delay", ClassReporting, kindNum, ""),
	{Name: "validate", Class: ClassOther, Split: true, Default: "off", kind: kindBool},
	opt("help", ClassOther, kindBool, ""),
	opt("version", ClassOther, kindBool, ""),
	opt("config-file", ClassOther, kindString, ""),
	{Name: "luajit-cmd", Class: ClassOther, Split: true, kind: kindString},
	// Key distribution (§4.1, §6.1, §7).
	opt("rand-type", ClassWorkload, kindLower, ""),
	opt("rand-spec-iter", ClassWorkload, kindNum, "12"),
	opt("rand-spec-pct", ClassWorkload, kindNum, "1"),
	opt("rand-spec-res", ClassWorkload, kindNum, "75"),
	opt("rand-pareto-h", ClassWorkload, kindNum, "0.2"),
	opt("rand-zipfian-exp", ClassWorkload, kindNum, "0.8"),
	// DB layer and drivers (§3.3, §4.2, §6.2, §7).
	opt("db-driver", ClassWorkload, kindLower, ""),
	opt("db-ps-mode", ClassWorkload, kindLower, "auto"),
	opt("db-debug", ClassReporting, kindBool, ""),
	opt("mysql-host", ClassConnection, kindString, ""),
	opt("mysql-port", ClassConnection, kindString, ""),
	opt("mysql-socket", ClassConnection, kindString, ""),
	opt("mysql-db", ClassConnection, kindString, ""),
	opt("mysql-user", ClassCredential, kindString, ""),
	opt("mysql-password", ClassCredential, kindString, ""),
	{Name: "mysql-table-engine", Class: ClassWorkload, Split: true, kind: kindLower, Label: "engine"},
	{Name: "mysql-storage-engine", Class: ClassWorkload, Split: true, kind: kindLower, Label: "engine"},
	opt("mysql-engine-trx", ClassWorkload, kindLower, "auto"),
	{Name: "mysql-ssl", Class: ClassConnection, Split: true, Default: "off", kind: kindLower},
	{Name: "mysql-ssl-cipher", Class: ClassConnection, Split: true, kind: kindString},
	opt("mysql-ssl-key", ClassConnection, kindString, ""),
	opt("mysql-ssl-ca", ClassConnection, kindString, ""),
	opt("mysql-ssl-cert", ClassConnection, kindString, ""),
	{Name: "mysql-compression", Class: ClassConnection, Split: true, Default: "off", kind: kindBool},
	{Name: "mysql-compression-algorithms", Class: ClassConnection, Split: true, kind: kindString},
	opt("mysql-debug", ClassReporting, kindBool, ""),
	opt("mysql-ignore-errors", ClassOther, kindString, ""),
	{Name: "mysql-dry-run", Class: ClassOther, Split: true, Default: "off", kind: kindBool},
	opt("myisam-max-rows", ClassWorkload, kindNum, "1000000"),
	opt("mysql-create-options", ClassWorkload, kindString, ""),
	opt("mysql-table-options", ClassWorkload, kindString, ""),
	opt("create-table-options", ClassWorkload, kindString, ""),
	opt("pgsql-host", ClassConnection, kindString, ""),
	opt("pgsql-port", ClassConnection, kindString, ""),
	opt("pgsql-db", ClassConnection, kindString, ""),
	opt("pgsql-user", ClassCredential, kindString, ""),
	opt("pgsql-password", ClassCredential, kindString, ""),
	{Name: "pgsql-sslmode", Class: ClassConnection, Split: true, kind: kindLower},
	opt("pgsql-variant", ClassWorkload, kindLower, ""),
	opt("drizzle-host", ClassConnection, kindString, ""),
	opt("drizzle-port", ClassConnection, kindString, ""),
	opt("drizzle-socket", ClassConnection, kindString, ""),
	opt("drizzle-db", ClassConnection, kindString, ""),
	opt("drizzle-user", ClassCredential, kindString, ""),
	opt("drizzle-password", ClassCredential, kindString, ""),
	{Name: "drizzle-buffer", Class: ClassOther, Split: true, kind: kindLower},
	{Name: "drizzle-mysql", Class: ClassConnection, Split: true, kind: kindBool},
	opt("attachsql-host", ClassConnection, kindString, ""),
	opt("attachsql-port", ClassConnection, kindString, ""),
	opt("attachsql-socket", ClassConnection, kindString, ""),
	opt("attachsql-db", ClassConnection, kindString, ""),
	opt("attachsql-user", ClassCredential, kindString, ""),
	opt("attachsql-password", ClassCredential, kindString, ""),
	opt("oracle-db", ClassConnection, kindString, ""),
	opt("oracle-user", ClassCredential, kindString, ""),
	opt("oracle-password", ClassCredential, kindString, ""),
	// 0.4 OLTP (§3.2).
	opt("oltp-test-mode", ClassWorkload, kindLower, "complex"),
	opt("oltp-reconnect-mode", ClassWorkload, kindLower, "session"),
	opt("oltp-reconnect", ClassWorkload, kindString, ""),
	opt("oltp-sp-name", ClassWorkload, kindString, ""),
	opt("oltp-read-only", ClassWorkload, kindBool, "off"),
	opt("oltp-write-only", ClassWorkload, kindBool, "off"),
	opt("oltp-skip-trx", ClassWorkload, kindBool, "off"),
	opt("oltp-range-selects", ClassWorkload, kindBool, "on"),
	opt("oltp-range-size", ClassWorkload, kindNum, "100"),
	opt("oltp-point-selects", ClassWorkload, kindNum, "10"),
	opt("oltp-simple-ranges", ClassWorkload, kindNum, "1"),
	opt("oltp-sum-ranges", ClassWorkload, kindNum, "1"),
	opt("oltp-order-ranges", ClassWorkload, kindNum, "1"),
	opt("oltp-distinct-ranges", ClassWorkload, kindNum, "1"),
	opt("oltp-index-updates", ClassWorkload, kindNum, "1"),
	opt("oltp-non-index-updates", ClassWorkload, kindNum, "1"),
	opt("oltp-delete-inserts", ClassWorkload, kindNum, "1"),
	opt("oltp-nontrx-mode", ClassWorkload, kindLower, "select"),
	opt("oltp-auto-inc", ClassWorkload, kindBool, "on"),
	opt("oltp-connect-delay", ClassWorkload, kindNum, ""),
	opt("oltp-user-delay-min", ClassWorkload, kindNum, "0"),
	opt("oltp-user-delay-max", ClassWorkload, kindNum, "0"),
	opt("oltp-table-name", ClassOther, kindString, ""),
	opt("oltp-table-size", ClassScale, kindNum, "10000"),
	opt("oltp-tables-count", ClassScale, kindNum, "1"),
	opt("oltp-dist-type", ClassWorkload, kindLower, "special"),
	opt("oltp-dist-iter", ClassWorkload, kindNum, "12"),
	opt("oltp-dist-pct", ClassWorkload, kindNum, "1"),
	opt("oltp-dist-res", ClassWorkload, kindNum, "75"),
	opt("oltp-point-select-mysql-handler", ClassWorkload, kindBool, "off"),
	opt("oltp-point-select-all-cols", ClassWorkload, kindBool, "off"),
	opt("oltp-secondary", ClassWorkload, kindBool, "off"),
	opt("oltp-create-secondary", ClassWorkload, kindBool, ""),
	// 0.5 Lua scripts (§4.3).
	opt("random-points", ClassWorkload, kindNum, "10"),
	opt("number-of-ranges", ClassWorkload, kindNum, "10"),
	opt("random-ranges-delta", ClassWorkload, kindNum, "5"),
	// 1.x Lua scripts (§6.3, §7).
	opt("table-size", ClassScale, kindNum, "10000"),
	opt("tables", ClassScale, kindNum, "1"),
	opt("range-size", ClassWorkload, kindNum, "100"),
	opt("point-selects", ClassWorkload, kindNum, "10"),
	opt("simple-ranges", ClassWorkload, kindNum, "1"),
	opt("sum-ranges", ClassWorkload, kindNum, "1"),
	opt("order-ranges", ClassWorkload, kindNum, "1"),
	opt("distinct-ranges", ClassWorkload, kindNum, "1"),
	opt("index-updates", ClassWorkload, kindNum, "1"),
	opt("non-index-updates", ClassWorkload, kindNum, "1"),
	opt("delete-inserts", ClassWorkload, kindNum, "1"),
	opt("range-selects", ClassWorkload, kindBool, "on"),
	opt("auto-inc", ClassWorkload, kindBool, "on"),
	opt("skip-trx", ClassWorkload, kindBool, "off"),
	opt("secondary", ClassWorkload, kindBool, "off"),
	opt("create-secondary", ClassWorkload, kindBool, "on"),
	opt("delta", ClassWorkload, kindNum, "5"),
	opt("reconnect", ClassWorkload, kindNum, "0"),
	// Built-in C tests (§5).
	opt("cpu-max-prime", ClassWorkload, kindNum, "10000"),
	opt("thread-yields", ClassWorkload, kindNum, "1000"),
	opt("thread-locks", ClassWorkload, kindNum, "8"),
	opt("mutex-num", ClassWorkload, kindNum, "4096"),
	opt("mutex-locks", ClassWorkload, kindNum, "50000"),
	opt("mutex-loops", ClassWorkload, kindNum, "10000"),
	opt("memory-block-size", ClassWorkload, kindSize, "1KiB"),
	opt("memory-total-size", ClassDuration, kindSize, "100GiB"),
	opt("memory-scope", ClassWorkload, kindLower, "global"),
	opt("memory-hugetlb", ClassWorkload, kindBool, "off"),
	opt("memory-oper", ClassWorkload, kindLower, "write"),
	opt("memory-access-mode", ClassWorkload, kindLower, "seq"),
	opt("file-num", ClassScale, kindNum, "128"),
	opt("file-block-size", ClassWorkload, kindSize, "16KiB"),
	opt("file-total-size", ClassScale, kindSize, "2GiB"),
	opt("file-test-mode", ClassWorkload, kindLower, ""),
	opt("file-io-mode", ClassWorkload, kindLower, "sync"),
	opt("file-async-backlog", ClassConcurrency, kindNum, "128"),
	opt("file-extra-flags", ClassWorkload, kindLower, ""),
	opt("file-fsync-freq", ClassWorkload, kindNum, "100"),
	opt("file-fsync-all", ClassWorkload, kindBool, "off"),
	opt("file-fsync-end", ClassWorkload, kindBool, "on"),
	opt("file-fsync-mode", ClassWorkload, kindLower, "fsync"),
	opt("file-merged-requests", ClassWorkload, kindNum, "0"),
	opt("file-rw-ratio", ClassWorkload, kindNum, "1.5"),
})

// mysqlslapOptions lists mysqlslap's options (§10.2) by long name.
var mysqlslapOptions = indexOptions([]Option{
	opt("auto-generate-sql", ClassWorkload, kindBool, "off"),
	opt("auto-generate-sql-load-type", ClassWorkload, kindString, "mixed"),
	opt("auto-generate-sql-add-autoincrement", ClassWorkload, kindBool, "off"),
	opt("auto-generate-sql-guid-primary", ClassWorkload, kindBool, "off"),
	opt("auto-generate-sql-secondary-indexes", ClassWorkload, kindNum, "0"),
	opt("auto-generate-sql-unique-query-number", ClassWorkload, kindNum, "10"),
	opt("auto-generate-sql-unique-write-number", ClassWorkload, kindNum, "10"),
	opt("auto-generate-sql-write-number", ClassScale, kindNum, "100"),
	opt("auto-generate-sql-execute-number", ClassScale, kindNum, "0"),
	opt("number-of-queries", ClassScale, kindNum, "0"),
	opt("number-int-cols", ClassWorkload, kindString, "1"),
	opt("number-char-cols", ClassWorkload, kindString, "1"),
	{Name: "engine", Class: ClassWorkload, Split: true, kind: kindLower, Label: "engine"},
	{Name: "concurrency", Class: ClassConcurrency, Split: true, Label: "-"},
	opt("iterations", ClassOther, kindNum, ""),
	opt("query", ClassWorkload, kindString, ""),
	opt("create", ClassWorkload, kindString, ""),
	opt("delimiter", ClassWorkload, kindString, ""),
	opt("commit", ClassWorkload, kindNum, "0"),
	opt("detach", ClassWorkload, kindNum, "0"),
	{Name: "pre-query", Class: ClassOther, Split: true, kind: kindString},
	{Name: "post-query", Class: ClassOther, Split: true, kind: kindString},
	{Name: "pre-system", Class: ClassOther, Split: true, kind: kindString},
	{Name: "post-system", Class: ClassOther, Split: true, kind: kindString},
	{Name: "init-command", Class: ClassOther, Split: true, kind: kindString},
	{Name: "sql-mode", Class: ClassOther, Split: true, kind: kindString},
	opt("create-schema", ClassOther, kindString, ""),
	opt("no-drop", ClassOther, kindBool, ""),
	opt("only-print", ClassOther, kindBool, ""),
	{Name: "compress", Class: ClassConnection, Split: true, Default: "off", kind: kindBool},
	opt("host", ClassConnection, kindString, ""),
	opt("port", ClassConnection, kindString, ""),
	opt("socket", ClassConnection, kindString, ""),
	opt("protocol", ClassConnection, kindString, ""),
	opt("pipe", ClassConnection, kindBool, ""),
	opt("shared-memory-base-name", ClassConnection, kindString, ""),
	opt("ssl", ClassConnection, kindString, ""),
	opt("ssl-mode", ClassConnection, kindString, ""),
	opt("user", ClassCredential, kindString, ""),
	opt("password", ClassCredential, kindString, ""),
	opt("default-auth", ClassCredential, kindString, ""),
	opt("plugin-dir", ClassCredential, kindString, ""),
	opt("enable-cleartext-plugin", ClassCredential, kindBool, ""),
	opt("csv", ClassReporting, kindString, ""),
	opt("silent", ClassReporting, kindBool, ""),
	opt("verbose", ClassReporting, kindBool, ""),
	opt("debug-info", ClassReporting, kindBool, ""),
	opt("debug", ClassReporting, kindString, ""),
	opt("debug-check", ClassReporting, kindBool, ""),
	opt("defaults-file", ClassOther, kindString, ""),
	opt("defaults-extra-file", ClassOther, kindString, ""),
	opt("no-defaults", ClassOther, kindBool, ""),
	opt("login-path", ClassOther, kindString, ""),
})

// repeatOptions repeat a measurement without changing it: a command that
// differs from an earlier one only by them reruns that experiment
// (mysqlslap's --iterations runs the same load again and averages).
var repeatOptions = map[string]bool{"iterations": true}

// runLengthAliases are 1.x's deprecated spellings of its run-length
// options: --max-time and --max-requests, when above 0, set --time and
// --events (SYSBENCH-OPTIONS.md §6.1).
var runLengthAliases = map[string]string{"max-time": "time", "max-requests": "events"}

// foldRunLength writes a 1.x run's --max-time and --max-requests as the
// --time and --events they set, so that "--max-time=60" and "--time=60"
// are one setting; a 0 (no limit) leaves the option it aliases as it is.
func foldRunLength(settings map[string]string, version string) {
	if !strings.HasPrefix(version, "1.") {
		return
	}
	for alias, name := range runLengthAliases {
		v, ok := settings[alias]
		if !ok {
			continue
		}
		delete(settings, alias)
		if v != "0" {
			settings[name] = v
		}
	}
}

// mysqlslapShort maps mysqlslap's one-letter options to long names.
var mysqlslapShort = map[string]string{
	"a": "auto-generate-sql", "c": "concurrency", "e": "engine", "i": "iterations",
	"x": "number-char-cols", "y": "number-int-cols", "q": "query", "F": "delimiter",
	"C": "compress", "h": "host", "P": "port", "S": "socket", "W": "pipe", "u": "user",
	"p": "password", "s": "silent", "v": "verbose", "T": "debug-info", "#": "debug",
}

func indexOptions(list []Option) map[string]Option {
	m := make(map[string]Option, len(list))
	for _, o := range list {
		m[o.Name] = o
	}
	return m
}

// CanonicalOption returns an option name as the catalogue spells it:
// without leading dashes, "_" written "-" (sysbench from 0.5 on and
// mysqlslap treat them alike; SYSBENCH-OPTIONS.md §1).
func CanonicalOption(name string) string {
	name = strings.TrimLeft(name, "-")
	return strings.ReplaceAll(name, "_", "-")
}

// LookupOption returns the catalogue entry of tool's option name (any
// spelling); an option the catalogue does not know comes back with class
// ClassUnknown and Split set, so that different values split cells rather
// than pool them.
func LookupOption(tool, name string) (Option, bool) {
	name = CanonicalOption(name)
	table := sysbenchOptions
	if tool == ToolMysqlslap {
		table = mysqlslapOptions
		if long, ok := mysqlslapShort[name]; ok {
			name = long
		}
	}
	if o, ok := table[name]; ok {
		return o, true
	}
	if c := connectionClass(name); c != "" {
		return Option{Name: name, Class: c}, false
	}
	return Option{Name: name, Class: ClassUnknown, Split: true}, false
}

// connectionWords are the last words of option names that only say where
// to connect: a script's own --mysql-dsn, --pgsql-url, --target-host.
var connectionWords = map[string]bool{"dsn": true, "url": true, "uri": true, "host": true, "hostname": true,
	"hosts": true, "socket": true, "port": true, "db": true, "database": true, "dbname": true,
	"connstr": true, "endpoint": true, "addr": true, "address": true}

// credentialWords are the last words of option names that name a login.
var credentialWords = map[string]bool{"user": true, "username": true, "login": true, "token": true,
	"credentials": true}

// connectionClass returns the class of an option the catalogue does not
// know whose name says it only names a connection or a login
// (ClassConnection, ClassCredential), or "". Neither is a workload
// dimension: two runs that differ in them may be repeats.
func connectionClass(name string) OptionClass {
	if secretName(name) {
		return ClassCredential
	}
	last := strings.ToLower(name)
	if i := strings.LastIndexAny(last, "-_."); i >= 0 {
		last = last[i+1:]
	}
	switch {
	case credentialWords[last]:
		return ClassCredential
	case connectionWords[last]:
		return ClassConnection
	}
	return ""
}

// CredentialValue reports whether an option value carries a login: a URL
// with user information (scheme://user:pw@host), a Go driver DSN
// (user:pw@tcp(addr)/db), or a password parameter (password=…), masked or
// not. Such an option names a connection, whatever its name.
func CredentialValue(v string) bool {
	if i := strings.Index(v, "://"); i > 0 {
		rest := v[i+3:]
		if j := strings.IndexAny(rest, "/?#"); j >= 0 {
			rest = rest[:j]
		}
		if strings.Contains(rest, "@") {
			return true
		}
	}
	if _, n := dsnPassword(v); n > 0 {
		return true
	}
	return len(paramPasswords(v)) > 0
}

// OptionDefault returns the value a run of the given sysbench version
// ("0.4.12", "1.1.0", "" when unknown) has for an option it was not given,
// or "" when the catalogue cannot say. The key distribution's default
// changed in 1.1 (special → uniform, §7).
func OptionDefault(tool, version, name string) string {
	o, _ := LookupOption(tool, name)
	if tool != ToolMysqlslap {
		// The run length's defaults changed in 1.0 (SYSBENCH-OPTIONS.md
		// §6.1): 10000 events and no time limit in 0.4 and 0.5, no event
		// cap and 10 s since. --time and --events are 1.x names; a run of
		// unknown version given them is of 1.x.
		legacy := strings.HasPrefix(version, "0.")
		switch o.Name {
		case "time":
			if !legacy {
				return "10"
			}
			return ""
		case "events":
			if !legacy {
				return "0"
			}
			return ""
		case "max-requests":
			if legacy {
				return "10000"
			}
			return "" // 1.x reads it as --events (runLengthAliases)
		}
	}
	if o.Name == "rand-type" && tool != ToolMysqlslap {
		switch {
		case strings.HasPrefix(version, "0.5"), strings.HasPrefix(version, "1.0"):
			return "special"
		case strings.HasPrefix(version, "1.1"):
			return "uniform"
		}
	}
	return o.Default
}

// NormalizeOption returns the value of an option in the form the
// catalogue compares: sizes in IEC units ("1K" and "1KiB" are "1KiB"),
// numbers without trailing zeros ("1.50" is "1.5"), flags "on" or "off"
// (a bare flag is on), words lower-cased where case does not matter.
// version decides the flag rules that differ by generation: in 0.4 only
// "on" (or a bare flag) means on (§1).
func NormalizeOption(tool, version, name, value string) string {
	o, _ := LookupOption(tool, name)
	v := strings.TrimSpace(value)
	if o.Name == "auto-generate-sql-load-type" && tool == ToolMysqlslap {
		// Only the first letter counts (SYSBENCH-OPTIONS.md §10.2).
		switch strings.ToLower(v + " ")[0] {
		case 'r':
			return "read"
		case 'k':
			return "key"
		case 'w':
			return "write"
		case 'u':
			return "update"
		}
		return "mixed"
	}
	switch o.kind {
	case kindSize:
		if b, ok := SizeBytes(v); ok {
			return IECSize(b)
		}
	case kindNum:
		if f, err := strconv.ParseFloat(v, 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
			return strconv.FormatFloat(f, 'f', -1, 64)
		}
	case kindBool:
		if strings.HasPrefix(version, "0.4") && tool != ToolMysqlslap {
			if v == "" || v == "on" {
				return "on"
			}
			return "off"
		}
		switch strings.ToLower(v) {
		case "", "on", "true", "1", "yes":
			return "on"
		case "off", "false", "0", "no":
			return "off"
		}
	case kindLower:
		return strings.ToLower(v)
	}
	return v
}

// SizeBytes reads a SIZE value: digits with an optional K, M, G or T
// (×1024ⁿ), optionally followed by "B", "b" or "iB" ("16K", "16Kb",
// "16KiB", "2G", "16384"); see scan.SizeBytes.
func SizeBytes(s string) (float64, bool) { return scan.SizeBytes(strings.TrimSpace(s)) }

// IECSize writes a byte count in the largest IEC unit that divides it
// exactly ("1KiB", "2GiB", "1536B").
func IECSize(b float64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB"}
	u := 0
	for u < len(units)-1 && b >= 1024 && math.Mod(b, 1024) == 0 {
		b /= 1024
		u++
	}
	return strconv.FormatFloat(b, 'f', -1, 64) + units[u]
}

// Test families (SYSBENCH-OPTIONS.md §2).
const (
	FamilyBuiltin = "builtin" // cpu, memory, fileio, threads, mutex
	FamilyOLTP04  = "oltp-0.4"
	FamilyLua05   = "lua-0.5"
	FamilyLua1    = "lua-1.x"
)

// A Test is one catalogued sysbench test.
type Test struct {
	Name   string
	Family string
	// Rate names the per-second figure the test's throughput is read from:
	// "tps" for OLTP scripts, "eps" for the others.
	Rate string
}

// sysbenchTests lists the tests sysbench ships: built-in C tests, the 0.4
// OLTP test, the 0.5 scripts (also run by 1.0 as oltp_legacy) and the 1.x
// scripts.
var sysbenchTests = func() map[string]Test {
	m := map[string]Test{}
	add := func(family, rate string, names ...string) {
		for _, n := range names {
			if _, ok := m[n]; !ok {
				m[n] = Test{Name: n, Family: family, Rate: rate}
			}
		}
	}
	add(FamilyBuiltin, "eps", "cpu", "memory", "fileio", "threads", "mutex")
	add(FamilyLua1, "tps", "oltp_read_write", "oltp_read_only", "oltp_write_only", "oltp_point_select",
		"oltp_update_index", "oltp_update_non_index", "oltp_delete", "oltp_insert", "bulk_insert",
		"select_random_points", "select_random_ranges", "oltp_common")
	add(FamilyLua1, "eps", "prime-test", "empty-test")
	add(FamilyOLTP04, "tps", "oltp")
	add(FamilyLua05, "tps", "oltp_simple", "select", "insert", "delete", "update_index", "update_non_index",
		"parallel_prepare")
	return m
}()

// singleQueryTests are the 1.x scripts whose every transaction is one
// query and nothing else (no BEGIN/COMMIT): oltp_point_select sets
// --point-selects to 1 itself, select_random_points and
// select_random_ranges run one SELECT an event, oltp_insert one INSERT.
// sysbench prints the same number as their transactions and queries per
// second. oltp_update_index and oltp_update_non_index are not here: their
// count of updates an event is an option.
var singleQueryTests = map[string]bool{"oltp_point_select": true, "select_random_points": true,
	"select_random_ranges": true, "oltp_insert": true}

// SingleQuery reports a test whose TPS and QPS are one number.
func SingleQuery(name string) bool { return singleQueryTests[name] }

// LookupTest returns the catalogue entry of a test name.
func LookupTest(name string) (Test, bool) {
	t, ok := sysbenchTests[name]
	return t, ok
}

// TestNames returns the catalogued test names, longest first, so that a
// search for a name in text finds oltp_read_write before oltp_read. The
// slice is shared: callers must not change it.
func TestNames() []string { return testNames }

var testNames = func() []string {
	out := make([]string, 0, len(sysbenchTests))
	for n := range sysbenchTests {
		if n != "oltp_common" {
			out = append(out, n)
		}
	}
	sortLongestFirst(out)
	return out
}()

func sortLongestFirst(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && (len(s[j]) > len(s[j-1]) || len(s[j]) == len(s[j-1]) && s[j] < s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// ScriptTest returns the test a sysbench test argument names: a built-in
// test or script name ("cpu", "oltp_read_only"), or a script path in any
// generation's form ("tests/db/oltp.lua", "/usr/share/sysbench/
// oltp_read_only.lua", "./oltp_point_select.lua",
// "…/tests/include/oltp_legacy/select.lua"). ok is false for a word that
// is neither a catalogued test nor a path to a .lua script.
func ScriptTest(arg string) (name string, ok bool) {
	a := strings.Trim(arg, `"'`)
	if a == "" {
		return "", false
	}
	base := path.Base(strings.ReplaceAll(a, `\`, "/"))
	isScript := strings.HasSuffix(base, ".lua")
	base = strings.TrimSuffix(base, ".lua")
	if _, known := sysbenchTests[base]; known {
		return base, true
	}
	if isScript && base != "" {
		return base, true // a script of the user's own
	}
	return "", false
}

// headingTests map words of a heading above a summary table (or a section
// of a write-up) to the 1.x test they name, most specific first.
var headingTests = []struct {
	test  string
	words [][]string // any of these word sets, all words present
}{
	{"oltp_update_non_index", [][]string{{"update", "non", "index"}, {"update", "nonindex"}, {"update_non_index"}, {"非索引", "更新"}, {"update", "non-index"}}},
	{"oltp_update_index", [][]string{{"update", "index"}, {"update_index"}, {"索引", "更新"}}},
	{"oltp_point_select", [][]string{{"point", "select"}, {"point_select"}, {"点查"}, {"point", "query"}}},
	{"oltp_read_write", [][]string{{"read", "write"}, {"read_write"}, {"读写"}, {"read/write"}, {"rw"}, {"r/w"}, {"r+w"}}},
	{"oltp_read_only", [][]string{{"read", "only"}, {"read_only"}, {"read-only"}, {"只读"}, {"ro"}}},
	{"oltp_write_only", [][]string{{"write", "only"}, {"write_only"}, {"write-only"}, {"只写"}, {"wo"}}},
	{"oltp_insert", [][]string{{"insert"}, {"插入"}}},
	{"oltp_delete", [][]string{{"delete"}, {"删除"}}},
	{"select_random_points", [][]string{{"random", "points"}, {"random_points"}}},
	{"select_random_ranges", [][]string{{"random", "ranges"}, {"random_ranges"}}},
}

// HeadingTest returns the sysbench test a heading names in words ("Point
// Select test" → oltp_point_select, "Update Non-Index" →
// oltp_update_non_index, "只读" → oltp_read_only, "oltp_read_write" →
// itself), or "" when it names none. A heading naming several gives the
// most specific it names (the order of headingTests).
func HeadingTest(heading string) string {
	h := strings.ToLower(heading)
	for _, n := range TestNames() {
		if t := sysbenchTests[n]; t.Family == FamilyLua1 && containsWord(h, n) {
			return n
		}
	}
	if !mayNameTest(h) {
		return ""
	}
	tests := headingTestsIn(headingHas(h))
	if len(tests) != 1 {
		// "point_select:update_index 4:1": two tests side by side, a
		// mix of them; none is the heading's.
		return ""
	}
	return tests[0]
}

// HeadingMix reports a heading that names two tests or more in words
// ("point_select:update_index 4:1", a mix of the two): a workload of its
// own, of no one test.
func HeadingMix(heading string) bool {
	h := strings.ToLower(heading)
	return mayNameTest(h) && len(headingTestsIn(headingHas(h))) > 1
}

// headingFirstWords are the first word of each word set of headingTests:
// a heading holding none of them names no test.
var headingFirstWords = func() []string {
	seen := map[string]bool{}
	var out []string
	for _, ht := range headingTests {
		for _, set := range ht.words {
			if !seen[set[0]] {
				seen[set[0]] = true
				out = append(out, set[0])
			}
		}
	}
	return out
}()

// mayNameTest reports whether the lower-cased heading h holds one of
// headingFirstWords anywhere: a cheap test before its words are split.
func mayNameTest(h string) bool {
	f := tabular.FoldHan(h)
	for _, w := range headingFirstWords {
		if strings.Contains(f, w) {
			return true
		}
	}
	return false
}

// headingHas returns whether the lower-cased heading h holds a word of
// headingTests: a whole word, or anywhere for a CJK word (CJK words are
// not separated by spaces), traditional characters matched in their
// simplified forms ("只讀" is "只读").
func headingHas(h string) func(string) bool {
	words := headingWords(h)
	folded, done := h, false
	return func(w string) bool {
		if words[w] {
			return true
		}
		if w[0] < 0x80 {
			return false
		}
		if !done {
			folded, done = tabular.FoldHan(h), true
		}
		// headingTests' words are written in simplified characters.
		return strings.Contains(folded, w)
	}
}

// headingTestsIn returns the tests of headingTests whose words has finds,
// in its order; a test whose words are those of one found before ("update
// index" in "update non-index") is no other.
func headingTestsIn(has func(string) bool) []string {
	var tests []string
	var sets [][]string
next:
	for _, ht := range headingTests {
		for _, set := range ht.words {
			all := true
			for _, w := range set {
				if !has(w) {
					all = false
					break
				}
			}
			if !all {
				continue
			}
			for _, f := range sets {
				if !disjoint(f, set) {
					continue next
				}
			}
			tests, sets = append(tests, ht.test), append(sets, set)
			continue next
		}
	}
	return tests
}

// disjoint reports two word sets with no word in common, nor one word
// inside another.
func disjoint(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if strings.Contains(x, y) || strings.Contains(y, x) {
				return false
			}
		}
	}
	return true
}

// headingWords splits lower-cased text into words at anything that is not
// a letter, digit, '_', '/', '-' or '+' ("Non-Index" gives "non" and
// "index", and "non-index" is kept whole as well; "R+W", read+write, is
// kept whole beside "r" and "w").
func headingWords(h string) map[string]bool {
	words := map[string]bool{}
	for _, f := range strings.FieldsFunc(h, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '/' || r == '-' || r == '+' || r >= 0x80)
	}) {
		words[f] = true
		for _, p := range strings.FieldsFunc(f, func(r rune) bool { return r == '-' || r == '/' || r == '+' }) {
			words[p] = true
		}
	}
	return words
}

// containsWord reports whether w occurs in s as a whole word.
func containsWord(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		j += i
		before := j == 0 || !isWordChar(s[j-1])
		k := j + len(w)
		after := k == len(s) || !isWordChar(s[k])
		if before && after {
			return true
		}
		i = j + 1
	}
}

func isWordChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// prepareOptions are the options read by prepare (SYSBENCH-OPTIONS.md,
// phase P): a run inherits their effect through the data set, so a run's
// command line often does not show them.
var prepareOptions = map[string]bool{
	"table-size": true, "tables": true, "oltp-table-size": true, "oltp-tables-count": true,
	"secondary": true, "create-secondary": true, "auto-inc": true, "oltp-auto-inc": true,
	"oltp-secondary": true, "oltp-create-secondary": true, "mysql-table-options": true,
	"create-table-options": true, "mysql-create-options": true, "myisam-max-rows": true,
	"file-num": true, "file-total-size": true, "file-extra-flags": true,
	"mysql-storage-engine": true, "mysql-table-engine": true,
}
