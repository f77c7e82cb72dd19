package parse

import "strings"

// A command written as a YAML list, one argument an item, as Kubernetes
// pods and jobs and compose files give it:
//
//	containers:
//	  - command:
//	    - sysbench
//	    args:
//	    - cpu
//	    - --threads=4
//	    - run
//
// The items from "- sysbench" on, across an "args:" key, are the words
// of one command line; it is the command of the results below it, as a
// command typed at a prompt is.

// yamlArgs reads l as the next line of a command given as a YAML list and
// returns the command read so far once it names sysbench's test, nil
// otherwise.
func (c *ctx) yamlArgs(l *Line) *Command {
	if c.yamlArgv == nil && (l.win.lacks(needleTool) || !listItem(l.Raw)) {
		return nil // no list begun, and no "- sysbench" to begin one
	}
	t := strings.TrimSpace(l.Raw)
	item, isItem := yamlItem(t)
	switch {
	case isItem && (item == "sysbench" || strings.HasSuffix(item, "/sysbench")):
		c.yamlArgv, c.yamlLine = []string{"sysbench"}, l.No
		return nil
	case c.yamlArgv == nil || l.No != c.yamlLine+1:
		c.yamlArgv = nil
		return nil
	case t == "args:" || t == "- args:" || t == "command:":
		c.yamlLine = l.No
		return nil
	case !isItem || item == "" || strings.ContainsAny(item, " \t") && !quoted(t[2:]):
		c.yamlArgv = nil // the list ended ("image: …", "- name: …")
		return nil
	}
	c.yamlArgv, c.yamlLine = append(c.yamlArgv, item), l.No
	cmd := ParseCommand(strings.Join(c.yamlArgv, " "))
	if cmd.Tool != ToolSysbench || cmd.Test == "" || len(cmd.Opts) == 0 && cmd.Action == "" {
		return nil // "- sysbench" / "- cpu" in a list of tool names, no command yet
	}
	return cmd
}

// yamlItem returns the value of a YAML list item ("- --threads=4",
// `- "cpu"`), unquoted.
func yamlItem(t string) (string, bool) {
	if !strings.HasPrefix(t, "- ") {
		return "", false
	}
	v := strings.TrimSpace(t[2:])
	if quoted(v) {
		v = v[1 : len(v)-1]
	}
	return v, true
}

func quoted(v string) bool {
	v = strings.TrimSpace(v)
	return len(v) >= 2 && (v[0] == '"' && v[len(v)-1] == '"' || v[0] == '\'' && v[len(v)-1] == '\'')
}

// listItem reports a line whose first non-blank byte is a list item's
// dash.
func listItem(raw string) bool {
	for i := 0; i < len(raw); i++ {
		switch raw[i] {
		case ' ', '\t':
			continue
		case '-':
			return true
		}
		return false
	}
	return false
}
