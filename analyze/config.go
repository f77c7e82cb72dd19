package analyze

import "github.com/sbreport/sbreport/parse"

// A VarDiff is one server variable whose value differs between systems.
type VarDiff struct {
	Name string `json:"name"`
	// Values maps each system with a capture to its value (a system whose
	// capture lacks the variable is absent).
	Values map[string]string `json:"values"`
}

// A VarOnly is a variable present in only some systems' captures.
type VarOnly struct {
	Name   string            `json:"name"`
	Values map[string]string `json:"values"` // the systems that have it
}

// A ConfigDiff compares the SHOW VARIABLES captures of the systems.
type ConfigDiff struct {
	Systems  []string  `json:"systems"` // systems with a capture, in dataset order
	Differ   []VarDiff `json:"differ"`  // sorted by name
	Only     []VarOnly `json:"only"`    // sorted by name
	Warnings Warnings  `json:"warnings"`
}

// DiffConfig assigns each variables capture (Kind "variables") to the
// system of the runs read from the same input, or else from the closest
// directory, and lists the variables whose values differ between
// systems, and those present in only some of them.
func DiffConfig(vars []*parse.Variables, d *Dataset) *ConfigDiff { panic("todo") }
