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
	Tool   string // "sysbench", "mysqlslap", or the program's base name
	Test   string // sysbench test name or script (base name, ".lua" dropped)
	Action string // sysbench command: prepare, run, cleanup, help
	// Opts holds every option by its canonical name (CanonicalOption; a
	// mysqlslap one-letter option by its long name), the value as given;
	// a flag without value maps to "".
	Opts   map[string]string
	Labels map[string]string // labels derived from the options: test, threads, engine, db_driver
	// Prompt is the shell prompt the command was typed at ("" when none).
	Prompt string

	masked string // the line with passwords replaced, read by ParseCommand
}

// Masked returns the command line with passwords replaced by ***: the
// line ParseCommand read its options from.
func (c *Command) Masked() string { return c.masked }

// wrappers are programs that run the command that follows them.
var wrappers = map[string]bool{"time": true, "sudo": true, "nohup": true, "env": true, "exec": true,
	"taskset": false, "numactl": false, "timeout": false}

// launchers are programs that run a command given among their own
// arguments, possibly elsewhere (a container, a pod, another host).
var launchers = map[string]bool{"docker": true, "podman": true, "nerdctl": true, "kubectl": true, "oc": true,
	"ssh": true, "numactl": true, "taskset": true, "timeout": true, "nice": true, "ionice": true,
	"chrt": true, "stdbuf": true, "perf": true, "strace": true, "valgrind": true, "cgexec": true, "systemd-run": true,
	"lxc": true, "incus": true}

// shells run the command line given after -c: "docker exec box sh -c
// 'sysbench ... run'", "bash -c \"sysbench ... prepare && sysbench ...
// run\"".
var shells = map[string]bool{"sh": true, "bash": true, "zsh": true, "dash": true, "ash": true, "ksh": true}

// shellCommand finds in args a shell given a command line by -c and
// returns the benchmark command of that line: of the commands it
// chains (";", "&&", "||", "|"), the last that runs one ("sysbench
// --test=fileio prepare && sysbench --test=fileio ... run": the second),
// else the last of the tool's. It returns nil when there is none.
func shellCommand(args []string) *Command {
	for k := 0; k+2 < len(args); k++ {
		if shellEnd(args[k]) {
			return nil
		}
		if !shells[path.Base(args[k])] || args[k+1] != "-c" {
			continue
		}
		var best *Command
		for _, seg := range shellSegments(args[k+2]) {
			c := ParseCommand(seg)
			if c.Tool != ToolSysbench && c.Tool != ToolMysqlslap {
				continue
			}
			if best == nil || c.Action == "run" || best.Action != "run" {
				best = c
			}
		}
		return best
	}
	return nil
}

// shellSegments cuts a shell command line into the commands it chains.
// A ")" left over from the command substitution the line was given in
// ("OUTPUT=$(lxc exec vm -- bash -c \"sysbench ... run\")") goes.
func shellSegments(s string) []string {
	segs := strings.FieldsFunc(s, func(r rune) bool { return r == ';' || r == '&' || r == '|' || r == '\n' })
	for i, seg := range segs {
		for strings.Count(seg, ")") > strings.Count(seg, "(") && strings.HasSuffix(strings.TrimSpace(seg), ")") {
			seg = strings.TrimSuffix(strings.TrimSpace(seg), ")")
		}
		segs[i] = seg
	}
	return segs
}

// commandIn returns the sysbench or mysqlslap command that text (a
// normalised line without a prompt) runs, or nil. A sysbench banner
// ("sysbench 1.0.20 (using bundled LuaJIT ...)", "sysbench 0.4.12:  ...")
// and a sentence that starts with the program's name ("sysbench is a
// scriptable benchmark tool") are not commands.
func commandIn(text string) *Command { return commandInLine(text, nil) }

// commandInLine is commandIn for the text of l, or for text alone when l
// is nil.
func commandInLine(text string, l *Line) *Command {
	if len(text) < 9 || l != nil && l.win.lacks(needleTool) {
		// Most lines: no tool's name anywhere in their window.
		return nil
	}
	text = cutCommandLabel(text)
	if text == "" {
		return nil
	}
	if !commandFirst[text[0]] {
		// Only after a label: labelledCommand's colon is one byte
		// search, where looking for each tool's name in an interim line
		// of a window that names one was four.
		t, ok := labelledCommand(text)
		if !ok {
			return nil
		}
		text = t // it starts with the tool's name
	} else if !mentionsTool(text) {
		return nil
	}
	if strings.Contains(text, "{%") {
		text = dropTemplateTags(text)
	}
	if strings.Contains(text, "``") {
		// An empty command substitution, which the shell replaces by
		// nothing: what a page's empty inline code spans leave in a
		// command copied from it ("--``time``=60", "oltp``.lua").
		text = strings.ReplaceAll(text, "``", "")
	}
	if cmd := ParseCommand(text); cmd.Tool == "sysbench" || cmd.Tool == "mysqlslap" {
		return cmd
	}
	// A label whose first letter a command could start with
	// ("SysBenchCpu: sysbench cpu --threads=64 run").
	if t, ok := labelledCommand(text); ok {
		if cmd := ParseCommand(t); cmd.Tool == "sysbench" || cmd.Tool == "mysqlslap" {
			return cmd
		}
	}
	return nil
}

// dropTemplateTags removes the tags of a page template ("{% raw %}",
// "{% endraw %}" of Liquid and Jinja), which the page's reader never
// sees, from a command written in its source: "--user={% raw %}{{{%
// endraw %}RDS_USERNAME…" is "--user={{RDS_USERNAME…".
func dropTemplateTags(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "{%")
		if i < 0 {
			break
		}
		j := strings.Index(s[i+2:], "%}")
		if j < 0 {
			break
		}
		b.WriteString(s[:i])
		s = s[i+2+j+2:]
	}
	b.WriteString(s)
	return b.String()
}

// toolWords are what a line that runs a benchmark holds: a tool's name
// (mysqlslap in any case of its letters but the 'y', as pages capitalise
// it after the server: "MySQLslap", see holdsTool) or a script's extension, each with the index of a byte of it that is
// rare in benchmark output (a window of lines is searched by that byte).
var toolWords = [...]struct {
	word string
	rare int
}{{"sysbench", 1}, {"mysqlslap", 1}, {"mariadb-slap", 6}, {".lua", 2}}

// mentionsTool reports whether s holds one of toolWords.
func mentionsTool(s string) bool {
	for _, w := range toolWords {
		if strings.Contains(s, w.word) {
			return true
		}
	}
	return containsFoldBy(s, "mysqlslap", 1)
}

// containsFoldBy is containsBy comparing the letters of sub, lower-case
// ASCII, in any case but that of sub[k]: "MySQLslap" holds "mysqlslap"
// by its 'y'. Looking for the word by one more byte would search every
// window once more.
func containsFoldBy(s, sub string, k int) bool {
	c := sub[k]
	for i := k; i < len(s); i++ {
		j := strings.IndexByte(s[i:], c)
		if j < 0 {
			return false
		}
		i += j
		if i-k+len(sub) <= len(s) && strings.EqualFold(s[i-k:i-k+len(sub)], sub) {
			return true
		}
	}
	return false
}

// commandFirst marks the bytes commandIn lets a command start with: the
// first letters of the programs, wrappers and launchers it knows, and of
// paths (one table lookup instead of nineteen comparisons a line).
var commandFirst = func() (t [256]bool) {
	for _, c := range []byte("s./mtneMSob~$dpkicv") {
		t[c] = true
	}
	return t
}()

// commandLabels are words that, followed by a colon, label the command
// written after them in a log or a note ("# cmd: taskset -c 1-15 sysbench
// oltp_read_write ... run", "Command: sysbench cpu run").
var commandLabels = map[string]bool{"cmd": true, "command": true, "commandline": true, "exec": true,
	"executing": true, "running": true, "run": true}

// cutCommandLabel returns text without a leading command label ("cmd: ",
// "Command: "); other text is returned as it is. Only the first 13 bytes
// are looked at.
func cutCommandLabel(text string) string {
	if c := text[0] | 0x20; c != 'c' && c != 'e' && c != 'r' {
		return text // every label starts cmd, command, exec, executing, run or running
	}
	head := text
	if len(head) > 13 {
		head = head[:13]
	}
	i := strings.IndexByte(head, ':')
	if i < 3 || i+2 >= len(text) || text[i+1] != ' ' || !commandLabels[strings.ToLower(text[:i])] {
		return text
	}
	return strings.TrimLeft(text[i+2:], " ")
}

// labelledCommand returns the command written after a short label and a
// colon on one line ("5) 测试 mutex：sysbench –test=mutex ... run": the
// full-width colon is ':' by then); ok is false for other text.
func labelledCommand(text string) (string, bool) {
	i := strings.IndexByte(text, ':')
	if i <= 0 || i > 60 {
		return "", false
	}
	rest := strings.TrimLeft(text[i+1:], " ")
	if !strings.HasPrefix(rest, "sysbench ") && !strings.HasPrefix(rest, "mysqlslap ") ||
		strings.ContainsAny(text[:i], "=`") {
		return "", false
	}
	return rest, true
}

var versionArg = regexp.MustCompile(`^v?\d+\.\d+(\.\d+)*(-[0-9a-f]+)?:?$`)

// shellEnds are the tokens after which a command's own arguments end.
func shellEnd(a string) bool {
	switch a {
	case "|", ">", ">>", "2>&1", "&&", ";", "|&", "tee", "&", "||", "2>", "1>", "&>":
		return true
	}
	// A word starting with '#' starts a comment.
	return strings.HasPrefix(a, ">") || strings.HasPrefix(a, "2>") || strings.HasPrefix(a, "1>") ||
		strings.HasPrefix(a, "&>") || strings.HasPrefix(a, "|") || strings.HasPrefix(a, "#")
}

// inputRedirect reports a word that redirects the command's input ("<",
// "<file", "<<EOF"); a placeholder written in angle brackets ("<user>",
// "<options>") is not one.
func inputRedirect(a string) bool {
	return strings.HasPrefix(a, "<") && !strings.HasSuffix(a, ">")
}

// anglePlaceholder reports a word written in angle brackets for a value
// the reader fills in ("<workload>", "<test_name>"): letters, digits, '_'
// and '-' only.
func anglePlaceholder(a string) bool {
	if len(a) < 3 || a[0] != '<' || a[len(a)-1] != '>' {
		return false
	}
	for i := 1; i < len(a)-1; i++ {
		if c := a[i]; !(isWordChar(c) || c == '-') {
			return false
		}
	}
	return true
}

// elision reports an argument that stands for arguments left out of a
// command as shown: "...", "…", "[...]".
func elision(p string) bool {
	return strings.Trim(p, ".…[]()<>") == "" && strings.ContainsAny(p, ".…")
}

// sysbenchActions are the commands sysbench takes after its options.
var sysbenchActions = map[string]bool{"prepare": true, "run": true, "cleanup": true, "help": true,
	"warmup": true, "prewarm": true, "version": true}

// trimPasswordPrompt cuts the prompt a MySQL client prints after a
// command given -p without a value, where the cursor stands: a copied
// transcript has it on the command's own line, after a space or glued to
// the last word ("mysqlslap -uroot -p --auto-generate-sqlEnter
// password:"), with the stars a Windows console echoes.
func trimPasswordPrompt(line string) string {
	t := strings.TrimRight(line, " \t*")
	const prompt = "Enter password:"
	if !strings.HasSuffix(t, prompt) {
		return line
	}
	return strings.TrimRight(t[:len(t)-len(prompt)], " \t")
}

// ParseCommand splits a command line and derives what it says about the
// run: test (the name, or a script given by path in any generation's form),
// action, options by canonical name, and the labels test, threads, engine
// and db_driver. Tool is "" for a line that is not a command: a banner, or
// prose that merely starts with the program's name (more words than a
// sysbench or mysqlslap command line can hold).
//
// Everything is read from the masked line (Masked): an option value that
// held a password holds "***" instead, in Opts and in all that is derived
// from it.
func ParseCommand(line string) *Command {
	line = trimPasswordPrompt(line)
	masked := MaskPasswords(line)
	cmd := &Command{raw: line, masked: masked, Opts: map[string]string{}, Labels: map[string]string{}}
	args := splitArgs(masked)
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
	if launchers[prog] || shells[prog] {
		// "docker run img bash -c '...; /src/tmp/benchmark1.lua run'",
		// "lxc exec vm -- bash -c \"sysbench fileio ... prepare\"": the
		// command is the one the shell is given.
		if sub := shellCommand(args[i:]); sub != nil {
			sub.raw, sub.masked = line, masked
			return sub
		}
	}
	if launchers[prog] {
		// "docker run -it img /usr/local/bin/sysbench ...", "ssh db1
		// sysbench ...", "kubectl exec pod -- sysbench ...": the command
		// is the one launched.
		for j := i + 1; j < len(args); j++ {
			if shellEnd(args[j]) {
				break
			}
			if b := path.Base(args[j]); b == "sysbench" || b == "mysqlslap" || b == "mariadb-slap" {
				i, prog = j, b
				break
			}
		}
		// "docker run severalnines/sysbench sysbench ...": an image named
		// after the tool, then the tool it runs.
		for i+1 < len(args) && path.Base(args[i+1]) == prog {
			i++
		}
	}
	rest := args[i+1:]
	if strings.EqualFold(prog, "mysqlslap") {
		// "MySQLslap -concurrency=100 ...", "MYSQLSLAP -uroot ...": the
		// program's name capitalised as the server's is, or typed at a
		// Windows prompt, where case does not matter.
		prog = "mysqlslap"
	}
	switch {
	case prog == "sysbench":
		cmd.Tool = "sysbench"
	case prog == "mysqlslap" || prog == "mariadb-slap":
		cmd.Tool = "mysqlslap"
	case strings.HasSuffix(prog, ".lua"):
		// 1.x scripts start with "#!/usr/bin/env sysbench": the script
		// path can be the first word of the command.
		t, ok := ScriptTest(args[i])
		if !ok {
			cmd.Tool = prog
			return cmd
		}
		cmd.Tool, cmd.Test = "sysbench", t
	default:
		cmd.Tool = prog
		return cmd
	}
	if cmd.Tool == "sysbench" && len(rest) > 0 && versionArg.MatchString(rest[0]) {
		cmd.Tool = "" // a banner, not a command
		return cmd
	}
	var positional []string
	placeholders := 0
	for j := 0; j < len(rest); j++ {
		a := typographicOption(rest[j])
		if cmd.Tool == ToolMysqlslap {
			a = slapLongOption(a)
		}
		if shellEnd(a) {
			break
		}
		if inputRedirect(a) {
			// "< queries.sql", "<<EOF", or what a terminal's horizontal
			// scrolling leaves of a cut line ("<e-sql --engine=..."): the
			// shell reads it as an input redirection, not as a word of
			// the command.
			if a == "<" || a == "<<" || a == "<<<" {
				j++
			}
			continue
		}
		if strings.HasPrefix(a, "--") && len(a) > 2 {
			name, val, hasVal := strings.Cut(a[2:], "=")
			// "--host= {{RDS_ENDPOINT}}": a value written after a space
			// that follows the '=' is the option's, as "--host VALUE" is.
			if (!hasVal || val == "" && name != "") && j+1 < len(rest) && !strings.HasPrefix(rest[j+1], "-") && !shellEnd(rest[j+1]) && takesValue(cmd.Tool, name) {
				val = rest[j+1]
				j++
			}
			if cmd.Tool == ToolMysqlslap {
				name = mysqlslapLong(name)
			}
			cmd.Opts[CanonicalOption(name)] = val
			continue
		}
		if strings.HasPrefix(a, "-") && len(a) > 1 {
			name, val := a[1:2], a[2:]
			if cmd.Tool == ToolMysqlslap {
				if val == "" && name != "p" && j+1 < len(rest) && !strings.HasPrefix(rest[j+1], "-") && !shellEnd(rest[j+1]) && shortTakesValue(name) {
					val = rest[j+1]
					j++
				}
				if long, ok := mysqlslapShort[name]; ok {
					name = long
				}
			}
			cmd.Opts[name] = val
			continue
		}
		a = strings.TrimSuffix(a, ";")
		if a == "" {
			break
		}
		if cmd.Tool == ToolMysqlslap && j > 0 && rest[j-1] == "-p" && allDigits(a) {
			// "-p 3306": a port written after the bare -p that prompts for
			// the password (for -P 3306). mysqlslap runs and the word says
			// nothing of the run; no prose is written so.
			continue
		}
		if anglePlaceholder(a) {
			// "sysbench <workload> --threads=60 run": a template's
			// word for what each run fills in; the test is not known.
			placeholders++
			continue
		}
		positional = append(positional, a)
	}
	if placeholders > 0 && len(cmd.Opts) == 0 && !strings.HasSuffix(strings.TrimSpace(line), "\\") {
		// "mysqlslap <options>", "sysbench <test> run": a usage line
		// that sets nothing, not a command (one going on over the next
		// lines, "sysbench <workload> \", sets them there).
		cmd.Tool = ""
		return cmd
	}
	if !commandShaped(cmd.Tool, positional, cmd.Test != "") {
		cmd.Tool = "" // prose, not a command
		return cmd
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
		if v := first("concurrency"); v != "" {
			cmd.Labels["concurrency"] = v
		}
		if v := first("engine"); v != "" {
			cmd.Labels["engine"] = strings.ToLower(v)
		}
		if v := serverOf(first("host"), first("port"), first("socket")); v != "" {
			cmd.Labels["server"] = v
		}
		return cmd
	}
	for _, p := range positional {
		if sysbenchActions[p] {
			cmd.Action = p
			continue
		}
		if strings.HasSuffix(p, ".") || strings.HasSuffix(p, ",") || strings.HasSuffix(p, ":") {
			continue // "sysbench result.": a sentence's word, no test's name
		}
		if elision(p) || strings.HasPrefix(p, "$") && first("test") != "" {
			// "sysbench --test=memory ... run", "sysbench --test=memory
			// $OPTS run": options left out or set elsewhere, no test.
			continue
		}
		if shellScript(p) {
			// "docker compose run sysbench scripts/run_test.sh fileio
			// --file-test-mode=seqwr": a wrapper that passes the test on,
			// not a sysbench script (those are Lua).
			continue
		}
		if cmd.Test == "" {
			if t, ok := ScriptTest(p); ok {
				cmd.Test = t
			} else {
				cmd.Test = testName(p)
			}
		}
	}
	if t := first("test"); t != "" && cmd.Test == "" {
		if n, ok := ScriptTest(t); ok {
			cmd.Test = n
		} else {
			cmd.Test = testName(t)
		}
	}
	if cmd.Test != "" {
		cmd.Labels["test"] = cmd.Test
	}
	if v := first("threads", "num-threads"); v != "" {
		cmd.Labels["threads"] = v
	}
	if v := first("mysql-storage-engine", "mysql-table-engine"); v != "" {
		cmd.Labels["engine"] = strings.ToLower(v)
	}
	if v := first("db-driver"); v != "" {
		cmd.Labels["db_driver"] = v
	}
	if v := serverOf(first("mysql-host", "pgsql-host"), first("mysql-port", "pgsql-port"), first("mysql-socket")); v != "" {
		cmd.Labels["server"] = v
	}
	return cmd
}

// typographicOption undoes a publishing tool's typography on an option:
// "–test=cpu" with an en or em dash, as a blog renders "--test=cpu", is
// that option. A dash alone or before anything but a letter is left as
// it is.
func typographicOption(a string) string {
	// "–-concurrency=50", "-–number-of-queries=200": a page that set one
	// of the two hyphens as a dash.
	for _, d := range [...]string{"–-", "-–", "—-", "-—"} {
		if rest, ok := strings.CutPrefix(a, d); ok && rest != "" && (rest[0]|0x20 >= 'a' && rest[0]|0x20 <= 'z') {
			return "--" + rest
		}
	}
	for _, d := range []string{"–", "—"} {
		if rest, ok := strings.CutPrefix(a, d); ok && rest != "" && (rest[0]|0x20 >= 'a' && rest[0]|0x20 <= 'z') {
			return "--" + rest
		}
	}
	return a
}

// slapLongOption returns a mysqlslap option written with one dash where
// its long name needs two ("-concurrency=50,100", "-auto-generate-sql":
// a page that set "--" as a dash, or a writer who typed one) in its
// two-dash form. Only a whole long name counts, with its value after '='
// or none: "-c50" and "-uroot" are short options, and "-concurrency=50"
// read as one would be -c with the value "oncurrency=50".
func slapLongOption(a string) string {
	if len(a) < 4 || a[0] != '-' || a[1] == '-' {
		return a
	}
	name, _, _ := strings.Cut(a[1:], "=")
	if len(name) < 3 {
		return a
	}
	if _, ok := mysqlslapOptions[CanonicalOption(name)]; !ok {
		return a
	}
	return "-" + a
}

// serverOf names the server a command connects to: "db1:3307",
// "db1", or a socket path; "" when the command does not say. Runs against
// different servers are different systems under test, whatever else
// they share (a primary and its read replica).
func serverOf(host, port, socket string) string {
	switch {
	case host != "" && port != "":
		return host + ":" + port
	case host != "":
		return host
	case socket != "":
		return socket
	case port != "":
		return ":" + port
	}
	return ""
}

// commandShaped tells a command line from a sentence that starts with the
// program's name. sysbench takes at most two words that are not options
// (1.x: the test and the command; 0.4 and 0.5: the command alone, the test
// coming from --test), the test a name or script path and the command one
// of sysbenchActions; mysqlslap takes none. Shell redirections and pipes
// end the command's own words before this is asked.
func commandShaped(tool string, positional []string, scriptFirst bool) bool {
	if tool == ToolMysqlslap {
		return len(positional) == 0
	}
	max := 2
	if scriptFirst {
		max = 1
	}
	if len(positional) > max {
		return false
	}
	for _, p := range positional {
		if sysbenchActions[p] {
			continue
		}
		if _, ok := ScriptTest(p); ok {
			continue
		}
		// A test of the user's own: a plain name (my_test, tpcc, $test).
		for k := 0; k < len(p); k++ {
			c := p[k]
			if !(isWordChar(c) || c == '-' || c == '.' || c == '/' || c == '$' || c == '{' || c == '}') {
				return false
			}
		}
	}
	return true
}

// mysqlslapLong expands a unique prefix of a mysqlslap long option, which
// MariaDB and MySQL up to 5.6 accept (SYSBENCH-OPTIONS.md §10.1).
func mysqlslapLong(name string) string {
	c := CanonicalOption(name)
	if _, ok := mysqlslapOptions[c]; ok {
		return c
	}
	match := ""
	for n := range mysqlslapOptions {
		if strings.HasPrefix(n, c) {
			if match != "" {
				return c // ambiguous
			}
			match = n
		}
	}
	if match != "" {
		return match
	}
	return c
}

// takesValue lists long options that are commonly written "--name value".
// sysbench itself never reads them so (the value becomes the test or the
// command, SYSBENCH-OPTIONS.md §1), but write-ups do; mysqlslap does.
func takesValue(tool, name string) bool {
	if tool == ToolMysqlslap {
		o, ok := LookupOption(tool, mysqlslapLong(name))
		return ok && o.kind != kindBool
	}
	switch CanonicalOption(name) {
	case "threads", "num-threads", "time", "max-time", "test", "tables", "table-size", "mysql-host",
		"mysql-port", "mysql-user", "mysql-password", "mysql-db", "db-driver", "report-interval",
		"percentile", "rate", "events", "mysql-socket", "concurrency", "engine", "iterations":
		return true
	}
	// A script's own connection option: --mysql-dsn mysql://...
	return connectionClass(name) != ""
}

// shortTakesValue lists mysqlslap's one-letter options that take a value
// ("-c 50"); -p never takes the next word (a bare -p prompts).
func shortTakesValue(name string) bool {
	switch name {
	case "c", "e", "i", "x", "y", "q", "F", "h", "P", "S", "u":
		return true
	}
	return false
}

// shellScript reports a word naming a shell or Python script.
func shellScript(p string) bool {
	return strings.HasSuffix(p, ".sh") || strings.HasSuffix(p, ".bash") || strings.HasSuffix(p, ".py")
}

// testName turns "/usr/share/sysbench/oltp_read_only.lua" into "oltp_read_only".
func testName(p string) string {
	p = strings.TrimSuffix(path.Base(p), ".lua")
	if l := strings.ToLower(p); l != p {
		if t, ok := LookupTest(l); ok && t.Family == FamilyBuiltin {
			return t.Name // "sysbench CPU" in a text: the built-in cpu test
		}
	}
	return p
}

// allDigits reports a non-empty word of ASCII digits only.
func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
