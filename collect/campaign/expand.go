package campaign

import (
	"bytes"
	"fmt"
)

// expandEnv replaces ${NAME} and ${NAME:-DEFAULT} in a plan's text with
// values of getenv, the way a shell does: ${NAME} is NAME's value and an
// error when NAME is unset or empty; ${NAME:-DEFAULT} is DEFAULT then.
// $${ stands for a literal ${. Comments (a # at the start of a line or
// after a blank, outside quotes) are left as they are. A value may not
// hold a line break, so every line keeps its number and the plan's
// messages point at the line written.
func expandEnv(data []byte, getenv func(string) string) ([]byte, []PlanProblem) {
	if !bytes.Contains(data, []byte("${")) {
		return data, nil
	}
	var out bytes.Buffer
	var problems []PlanProblem
	for n, line := range bytes.SplitAfter(data, []byte("\n")) {
		problems = append(problems, expandLine(&out, line, n+1, getenv)...)
	}
	return out.Bytes(), problems
}

func expandLine(out *bytes.Buffer, line []byte, n int, getenv func(string) string) []PlanProblem {
	var problems []PlanProblem
	var quote byte // the quote a scalar is in, or 0
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote == 0 && c == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
			out.Write(line[i:])
			return problems
		case quote == 0 && (c == '"' || c == '\'') && scalarStart(line[:i]):
			quote = c
		case quote == '"' && c == '\\' && i+1 < len(line):
			out.WriteByte(c)
			i++
			c = line[i]
		case quote != 0 && c == quote:
			quote = 0
		case c == '$' && bytes.HasPrefix(line[i:], []byte("$${")):
			out.WriteString("${")
			i += 2
			continue
		case c == '$' && bytes.HasPrefix(line[i:], []byte("${")):
			end := bytes.IndexByte(line[i:], '}')
			if end < 0 {
				problems = append(problems, PlanProblem{Line: n, Msg: fmt.Sprintf("%s: no closing }; write ${NAME} or ${NAME:-DEFAULT}, or $${ for a literal ${", bytes.TrimRight(line[i:], "\r\n"))})
				out.Write(line[i:])
				return problems
			}
			ref := string(line[i : i+end+1])
			v, msg := lookupRef(ref[2:len(ref)-1], getenv)
			if msg != "" {
				problems = append(problems, PlanProblem{Line: n, Msg: ref + ": " + msg})
				v = ref
			}
			out.WriteString(v)
			i += end
			continue
		}
		out.WriteByte(c)
	}
	return problems
}

// lookupRef gives the value of NAME or NAME:-DEFAULT, or why there is none.
func lookupRef(ref string, getenv func(string) string) (string, string) {
	name, def, hasDef := ref, "", false
	for i := 0; i+1 < len(ref); i++ {
		if ref[i] == ':' && ref[i+1] == '-' {
			name, def, hasDef = ref[:i], ref[i+2:], true
			break
		}
	}
	if !validEnvName(name) {
		return "", "not a variable; write ${NAME} or ${NAME:-DEFAULT} (NAME of letters, digits and _), or $${ for a literal ${"
	}
	v := getenv(name)
	switch {
	case v == "" && hasDef:
		v = def
	case v == "":
		return "", fmt.Sprintf("environment variable %s is not set (export it, or give a default: ${%s:-VALUE})", name, name)
	}
	if bytes.ContainsAny([]byte(v), "\r\n") {
		return "", fmt.Sprintf("the value of %s holds a line break", name)
	}
	return v, ""
}

func validEnvName(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		if c != '_' && (c < 'A' || c > 'Z') && (c < 'a' || c > 'z') && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// scalarStart reports whether a quote after before opens a quoted
// scalar: at the start of a line, or after a key's colon, a list's dash,
// or a flow collection's [, { or comma (an apostrophe inside a word does
// not).
func scalarStart(before []byte) bool {
	b := bytes.TrimRight(before, " \t")
	if len(b) == 0 {
		return true
	}
	switch b[len(b)-1] {
	case ':', '-', '[', '{', ',', '?':
		return true
	}
	return false
}
