package parse

import (
	"regexp"
	"strings"
)

// A shell assignment on a line of its own: "engine=rocksdb",
// "export THREADS=16", "size='10000000'".
var assignRe = regexp.MustCompile(`^(?:export\s+|local\s+|declare\s+)?([A-Za-z_][A-Za-z0-9_]*)=("[^"$` + "`" + `]*"|'[^']*'|[^\s;&|$` + "`" + `'"]+)\s*;?$`)

// noteAssignment records a shell variable the text assigns, for the
// commands after it that use the variable ($engine, ${threads}).
func (c *ctx) noteAssignment(l *Line) {
	t := strings.TrimSpace(l.Text)
	if len(t) < 3 || len(t) > 300 || strings.IndexByte(t, '=') < 0 || strings.HasPrefix(t, "-") {
		return
	}
	m := assignRe.FindStringSubmatch(t)
	if m == nil {
		return
	}
	v := strings.Trim(m[2], `"'`)
	if c.shellVars == nil {
		c.shellVars = map[string]string{}
	}
	c.shellVars[m[1]] = v
}

// shellEnv returns a copy of the variables assigned so far, nil when none.
func (c *ctx) shellEnv() map[string]string {
	if len(c.shellVars) == 0 {
		return nil
	}
	out := make(map[string]string, len(c.shellVars))
	for k, v := range c.shellVars {
		out[k] = v
	}
	return out
}

// expand substitutes the shell variables a command's value uses ($x,
// ${x}) with those the text assigned before the run. A value with a
// variable the text does not set is no value: ok is false and the run
// says so (what names it, what is left unknown), so that "$engine" never
// becomes a label.
func (r *Run) expand(what, v string) (string, bool) {
	if strings.IndexByte(v, '$') < 0 {
		return v, true
	}
	// ${x:-default} and ${x-default}: the default when the text sets no x.
	out := defaultVar.ReplaceAllStringFunc(v, func(m string) string {
		sm := defaultVar.FindStringSubmatch(m)
		if val, ok := r.shellEnv[sm[1]]; ok && (val != "" || !strings.HasPrefix(sm[2], ":")) {
			return val
		}
		return sm[3]
	})
	out = substitute(out, r.shellEnv)
	if strings.IndexByte(out, '$') >= 0 {
		names := shellVar.FindAllString(out, -1)
		if len(names) == 0 {
			names = []string{out}
		}
		r.Warn(r.Line, what+" is "+v+" in the command, and the text sets "+strings.Join(names, ", ")+
			" nowhere (no loop or assignment before the run): left unknown")
		return "", false
	}
	return out, true
}

var defaultVar = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)(:?-)([^}$]*)\}`)
