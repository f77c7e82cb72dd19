package analyze

import (
	"math"
	"sort"
)

// A Finding is one claim a report may make, with the numbers it rests on
// and the rule that allowed it. Package render phrases findings and
// writes no sentence of its own: a claim whose guard failed is phrased
// as a description of what was measured (its Evidence), never as the
// claim, so that a test can assert a guard on a real input without
// parsing prose, and results.json carries the same findings for anyone
// who wants to check them.
type Finding struct {
	Kind FindingKind `json:"kind"`
	// Code names the claim within its kind ("highest_measured",
	// "usl_peak", "superlinear_step", "ignored_errors", ...); render
	// phrases a finding by its code.
	Code     string `json:"code"`
	Workload string `json:"workload,omitempty"`
	System   string `json:"system,omitempty"`
	Threads  int    `json:"threads,omitempty"`
	// Evidence are the numbers the claim rests on, by name.
	Evidence []Evidence `json:"evidence"`
	// Guard is the rule checked before the claim may be made.
	Guard Guard `json:"guard"`
	// Hint is a context-dependent reading of the finding (what may have
	// caused it, given what else the inputs say); "" when none applies.
	Hint string `json:"hint,omitempty"`
	// Words are the non-numeric facts a claim names (a variable, an
	// engine, a workload list), by name.
	Words map[string]string `json:"words,omitempty"`
}

// FindingKind is the type of a claim.
type FindingKind string

// The kinds of findings.
const (
	KindComparison FindingKind = "comparison" // one system against the base
	KindScaling    FindingKind = "scaling"    // the shape of a measured curve
	KindPeak       FindingKind = "peak"       // a fitted peak
	KindCeiling    FindingKind = "ceiling"    // a fitted ceiling
	KindAnomaly    FindingKind = "anomaly"    // a measurement signal to check
	KindCaveat     FindingKind = "caveat"     // what qualifies every result
	KindSetup      FindingKind = "setup"      // a fact about how the runs were made
)

// An Evidence is one number a finding rests on: its value, the interval
// around it when there is one (both bounds or none), its unit and the
// inputs (file:line) it came from.
type Evidence struct {
	Name    string   `json:"name"`
	Value   float64  `json:"value"`
	Lo      *float64 `json:"lo,omitempty"`
	Hi      *float64 `json:"hi,omitempty"`
	Unit    string   `json:"unit,omitempty"`
	Sources []string `json:"sources,omitempty"`
}

// A Guard is the rule a finding was checked against. Passed says the
// claim may be made; otherwise Reason says why not, and the finding is
// phrased as what was measured.
type Guard struct {
	Rule   string `json:"rule"`
	Passed bool   `json:"passed"`
	Reason string `json:"reason,omitempty"`
}

// Findings are a report's claims in a deliberate order: caveats and
// setup first, then by workload in report order.
type Findings []Finding

// Get returns the named evidence and whether the finding has it.
func (f *Finding) Get(name string) (Evidence, bool) {
	for _, e := range f.Evidence {
		if e.Name == name {
			return e, true
		}
	}
	return Evidence{}, false
}

// Value returns the named evidence's value, NaN when absent.
func (f *Finding) Value(name string) float64 {
	if e, ok := f.Get(name); ok {
		return e.Value
	}
	return math.NaN()
}

// Has reports whether the finding carries the named evidence.
func (f *Finding) Has(name string) bool {
	_, ok := f.Get(name)
	return ok
}

// Word returns the named word, "" when absent.
func (f *Finding) Word(name string) string { return f.Words[name] }

// add appends evidence; a NaN or infinite value is left out, and an
// interval with one bound undefined is left out whole.
func (f *Finding) add(name string, v float64, unit string, lo, hi *float64, sources ...string) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return
	}
	if lo == nil || hi == nil {
		lo, hi = nil, nil
	}
	f.Evidence = append(f.Evidence, Evidence{Name: name, Value: v, Lo: lo, Hi: hi, Unit: unit, Sources: sources})
}

func (f *Finding) word(name, v string) {
	if f.Words == nil {
		f.Words = map[string]string{}
	}
	f.Words[name] = v
}

// Select returns the findings of kind k (any kind when k is "") on
// workload w (any when w is "") with one of the codes (any when none).
func (fs Findings) Select(k FindingKind, w string, codes ...string) []*Finding {
	var out []*Finding
	for i := range fs {
		f := &fs[i]
		if k != "" && f.Kind != k || w != "" && f.Workload != w {
			continue
		}
		if len(codes) > 0 {
			ok := false
			for _, c := range codes {
				ok = ok || f.Code == c
			}
			if !ok {
				continue
			}
		}
		out = append(out, f)
	}
	return out
}

// Numbers returns every number the findings carry: values and interval
// bounds. A test of the report checks that every number of its prose is
// among them.
func (fs Findings) Numbers() []float64 {
	var out []float64
	for _, f := range fs {
		for _, e := range f.Evidence {
			out = append(out, e.Value)
			if e.Lo != nil {
				out = append(out, *e.Lo, *e.Hi)
			}
		}
	}
	sort.Float64s(out)
	return out
}

// Refused reports whether a claim of code (CodeUSLPeak, CodeUSLCeiling)
// about system on workload was checked and its guard failed, or the fit
// it would come from describes the points poorly (CodeUSLPoorFit): its
// figure is then not to be printed or drawn, only what was measured and
// why.
func (fs Findings) Refused(workload, system, code string) bool {
	for _, f := range fs.Select("", workload, code, CodeUSLPoorFit) {
		if f.System == system && (f.Code == CodeUSLPoorFit || !f.Guard.Passed) {
			return true
		}
	}
	return false
}
