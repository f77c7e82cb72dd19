package campaign

import (
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Ints is a whole number or a list of them, the levels of a factor such
// as threads: "threads: 4" is one level, "threads: [1, 4, 16]" three.
type Ints []int

// UnmarshalYAML accepts a whole number or a list of whole numbers; 1.5
// and 1e3 are errors (yaml.v3 alone would cut them to 1 and 1000).
func (v *Ints) UnmarshalYAML(n *yaml.Node) error {
	items, err := scalarItems(n, "a whole number")
	if err != nil {
		return err
	}
	out := Ints{}
	for _, it := range items {
		if it.ShortTag() == "!!float" {
			return typeError(it.Line, "%s is not a whole number", it.Value)
		}
		var i int
		if it.ShortTag() != "!!int" || it.Decode(&i) != nil {
			return typeError(it.Line, "want a whole number, got %s %q", yamlTags[it.ShortTag()], it.Value)
		}
		out = append(out, i)
	}
	*v = out
	return nil
}

// MarshalYAML writes one level as a number, several as a list.
func (v Ints) MarshalYAML() (any, error) {
	if len(v) == 1 {
		return v[0], nil
	}
	return []int(v), nil
}

// A Setting is a server variable or a sysbench option set by a plan, with
// its value, or with the values of a factor when the plan gives a list.
type Setting struct {
	Name   string
	Values []string // as written in the plan ("8M", "uniform")
	List   bool     // given as a list: a factor, one level per value
	Line   int      // in the plan, for messages
}

// Settings are settings in plan order, written in YAML as a mapping of
// names to a value or a list of values.
type Settings []Setting

// UnmarshalYAML reads a mapping of names to scalars or lists of scalars.
func (s *Settings) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.MappingNode {
		return typeError(n.Line, "want a mapping of names to values, got a %s", kindName(n))
	}
	out := Settings{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		st := Setting{Name: k.Value, Line: k.Line}
		switch {
		case val.Kind == yaml.ScalarNode && val.ShortTag() != "!!null":
			st.Values = []string{val.Value}
		case val.Kind == yaml.SequenceNode && len(val.Content) > 0:
			st.List = true
			for _, it := range val.Content {
				if it.Kind != yaml.ScalarNode || it.ShortTag() == "!!null" {
					return typeError(it.Line, "%s: want a value, got a %s", k.Value, kindName(it))
				}
				st.Values = append(st.Values, it.Value)
			}
		default:
			return typeError(val.Line, "%s: want a value or a list of values", k.Value)
		}
		out = append(out, st)
	}
	*s = out
	return nil
}

// MarshalYAML writes the settings back as a mapping, in order.
func (s Settings) MarshalYAML() (any, error) {
	m := &yaml.Node{Kind: yaml.MappingNode}
	for _, st := range s {
		m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: st.Name})
		if !st.List {
			m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: st.Values[0]})
			continue
		}
		l := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
		for _, v := range st.Values {
			l.Content = append(l.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: v})
		}
		m.Content = append(m.Content, l)
	}
	return m, nil
}

func typeError(line int, format string, args ...any) error {
	return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: ", line) + fmt.Sprintf(format, args...)}}
}

// A Factor is a named factor of a study whose levels each set server
// variables and sysbench options together: "bound" with the levels cpu
// (a buffer pool that holds the data) and io (one that does not). Its
// name becomes a label of every run, its level the label's value.
type Factor struct {
	Name   string  `yaml:"name"`
	Levels []Level `yaml:"levels"`
}

// A Level is one level of a Factor.
type Level struct {
	Name      string   `yaml:"name"`
	Variables Settings `yaml:"variables,omitempty"` // server variables, one value each
	Options   Settings `yaml:"options,omitempty"`   // sysbench options of the runs, one value each
	// PerEngine holds server variables by storage engine: each map
	// applies only to the systems of that engine (InnoDB: a buffer
	// pool, RocksDB: a block cache), so that a level means one thing
	// ("IO-bound") with the settings each engine needs for it.
	PerEngine map[string]Settings `yaml:"per_engine,omitempty"`
	// Config holds option file settings of this level's runs (see
	// System.Config), one value each.
	Config Settings `yaml:"config,omitempty"`
}

// engineSettings returns the settings of m for engine, whose key is
// matched without regard to case; nil for none (or no engine).
func engineSettings(m map[string]Settings, engine string) Settings {
	if engine == "" {
		return nil
	}
	for k, s := range m {
		if strings.EqualFold(k, engine) {
			return s
		}
	}
	return nil
}

// Kinds of dimensions of a plan's cross product, outermost first: the
// runs of one level of a named factor come together, threads vary
// fastest (then the systems, in interleaved order).
const (
	dimNamed     = iota // a Factor
	dimVariable         // a server variable given a list of values
	dimOption           // a sysbench option given a list of values
	dimTables           // tables
	dimTableSize        // table_size
	dimClients          // clients
	dimThreads          // threads
)

// A dim is one factor of the plan's cross product.
type dim struct {
	kind   int
	key    string   // its label ("threads", "bound", "innodb_buffer_pool_size")
	levels []string // label values, in plan order (a union over systems for clients)
	factor *Factor  // dimNamed
	line   int      // where the plan gives it
}

// stemPart is how a level shows in the run's file name.
func (d *dim) stemPart(level string) string {
	switch d.kind {
	case dimThreads:
		return level + "thr"
	case dimClients:
		return level + "cl"
	case dimTables:
		return level + "tab"
	case dimTableSize:
		return level + "rows"
	}
	return unsafeChars.ReplaceAllString(level, "_")
}

// intLevels writes whole-number levels as labels.
func intLevels(v Ints) []string {
	out := make([]string, len(v))
	for i, x := range v {
		out[i] = strconv.Itoa(x)
	}
	return out
}
