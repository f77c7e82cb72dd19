package parse

import (
	"regexp"
	"strings"
)

// A shell assignment on a line of its own: "engine=rocksdb",
// "export THREADS=16", "size='10000000'".
var assignRe = regexp.MustCompile(`^(?:export\s+|local\s+|declare\s+)?([A-Za-z_][A-Za-z0-9_]*)=("[^"$` + "`" + `]*"|'[^']*'|[^\s;&|$` + "`" + `'"]+)\s*;?$`)

// assignVarRe is an assignment of another variable's value: "export
// sbtables=$sbthreads", "n=${threads}".
var assignVarRe = regexp.MustCompile(`^(?:export\s+|local\s+|declare\s+)?([A-Za-z_][A-Za-z0-9_]*)="?\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?"?\s*;?$`)

// noteAssignment records a shell variable the text assigns, for the
// commands after it that use the variable ($engine, ${threads}).
func (c *ctx) noteAssignment(l *Line) {
	t := l.Text // trimmed
	if l.win.lacks(needleEq) {
		return
	}
	eq := strings.IndexByte(t, '=')
	if len(t) < 3 || len(t) > 300 || eq < 0 || !(t[0] == '_' || t[0]|0x20 >= 'a' && t[0]|0x20 <= 'z') {
		return
	}
	// A command line has its first space before its first "=" ("sysbench
	// --threads=4"); an assignment has none, unless a keyword precedes it.
	if sp := strings.IndexAny(t, " \t"); sp >= 0 && sp < eq &&
		!strings.HasPrefix(t, "export ") && !strings.HasPrefix(t, "local ") && !strings.HasPrefix(t, "declare ") {
		return
	}
	m := assignRe.FindStringSubmatch(t)
	if m == nil {
		// "export sbtables=$sbthreads": a variable set from another the
		// text set before, which it holds now.
		m = assignVarRe.FindStringSubmatch(t)
		if m == nil {
			return
		}
		val, ok := c.shellVars[m[2]]
		if !ok {
			return
		}
		m[2] = val
	}
	// Copied on write: the runs read so far share the map they saw.
	vars := make(map[string]string, len(c.shellVars)+1)
	for k, v := range c.shellVars {
		vars[k] = v
	}
	vars[m[1]] = strings.Trim(m[2], `"'`)
	c.shellVars = vars
}

// expand substitutes the shell variables a command's value uses ($x,
// ${x}) with those the text assigned before the run. A value with a
// variable the text does not set is no value: ok is false and the run
// says so (what names it, what is left unknown), so that "$engine" never
// becomes a label.
func (r *Run) expand(what, v string) (string, bool) {
	out, names, ok := r.resolveVars(v)
	if !ok {
		r.Warn(r.Line, what+" is "+v+" in the command, and the text sets "+strings.Join(names, ", ")+
			" nowhere (no loop or assignment before the run): left unknown")
	}
	return out, ok
}

// expandEngine is expand for the engine a command names
// (--mysql-table-engine, --mysql_storage_engine): a variable the text
// never sets is the engine of the server configuration the text lists
// before the run (rocksdb_block_cache_size=...: rocksdb), when they all
// belong to one; else it is left unknown, naming the engines they set.
func (r *Run) expandEngine(v string) (string, bool) {
	out, names, ok := r.resolveVars(v)
	switch {
	case ok:
		return out, true
	case r.cnfEngine != "":
		r.SetLabelFrom("engine", r.cnfEngine, "server configuration the text lists ("+r.cnfFrom+")")
		r.Warn(r.Line, "engine is "+v+" in the command, and the text sets "+strings.Join(names, ", ")+
			" nowhere: "+r.cnfEngine+" taken from the server configuration the text lists ("+r.cnfFrom+")")
		return r.cnfEngine, true
	case len(r.cnfNamed) > 1:
		r.Warn(r.Line, "engine is "+v+" in the command, and the text sets "+strings.Join(names, ", ")+
			" nowhere; the server configurations it lists set variables of "+strings.Join(r.cnfNamed, " and ")+": left unknown")
		return "", false
	}
	return r.expand("label engine", v)
}

// resolveVars substitutes the shell variables v uses; ok is false when
// the text sets some of them nowhere, which names lists.
func (r *Run) resolveVars(v string) (out string, names []string, ok bool) {
	if strings.IndexByte(v, '$') < 0 {
		return v, nil, true
	}
	// ${x:-default} and ${x-default}: the default when the text sets no x.
	out = defaultVar.ReplaceAllStringFunc(v, func(m string) string {
		sm := defaultVar.FindStringSubmatch(m)
		if val, ok := r.shellEnv[sm[1]]; ok && (val != "" || !strings.HasPrefix(sm[2], ":")) {
			return val
		}
		return sm[3]
	})
	out = substitute(out, r.shellEnv)
	if strings.IndexByte(out, '$') >= 0 {
		names = shellVar.FindAllString(out, -1)
		if len(names) == 0 {
			names = []string{out}
		}
		return "", names, false
	}
	return out, nil, true
}

var defaultVar = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)(:?-)([^}$]*)\}`)
