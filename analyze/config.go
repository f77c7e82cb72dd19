package analyze

import (
	"sort"
	"strings"

	"github.com/sbreport/sbreport/parse"
)

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
	Systems []string  `json:"systems"` // systems with a capture, in dataset order
	Differ  []VarDiff `json:"differ"`  // sorted by name
	Only    []VarOnly `json:"only"`    // sorted by name
	// Compared counts the variables captured on every system, so that a
	// report can say how many were found equal.
	Compared int      `json:"compared"`
	Warnings Warnings `json:"warnings"`
}

// DiffConfig assigns each variables capture (Kind "variables") to its
// systems (Dataset.CaptureSystems) and lists the variables whose values
// differ between systems, and those present in only some of them.
func DiffConfig(vars []*parse.Variables, d *Dataset) *ConfigDiff {
	cd := &ConfigDiff{}
	values := map[string]map[string]string{} // system → name → value
	for _, v := range vars {
		if v.Kind != "" && v.Kind != "variables" {
			continue
		}
		systems := d.CaptureSystems(parse.CaptureID(v.Source, v.Line), v.Labels, v.Source)
		if len(systems) == 0 {
			cd.Warnings.addf("%s:%d: variables capture matches no system", v.Source, v.Line)
			continue
		}
		for _, sys := range systems {
			m := values[sys]
			if m == nil {
				m = map[string]string{}
				values[sys] = m
			}
			for k, val := range v.Values {
				k = strings.ToLower(k)
				if old, ok := m[k]; ok && old != val {
					cd.Warnings.addf("%s: two captures disagree on %s (%q, %q): keeping the first", sys, k, old, val)
					continue
				}
				m[k] = val
			}
		}
	}
	for _, s := range d.Systems {
		if values[s] != nil {
			cd.Systems = append(cd.Systems, s)
		}
	}
	if len(cd.Systems) < 2 {
		return cd
	}
	names := map[string]bool{}
	for _, m := range values {
		for k := range m {
			names[k] = true
		}
	}
	var sorted []string
	for k := range names {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		vals := map[string]string{}
		distinct := map[string]bool{}
		for _, s := range cd.Systems {
			if v, ok := values[s][k]; ok {
				vals[s] = v
				distinct[v] = true
			}
		}
		switch {
		case len(vals) < len(cd.Systems):
			cd.Only = append(cd.Only, VarOnly{Name: k, Values: vals})
			continue
		}
		cd.Compared++
		switch {
		case len(distinct) > 1:
			cd.Differ = append(cd.Differ, VarDiff{Name: k, Values: vals})
		}
	}
	return cd
}
