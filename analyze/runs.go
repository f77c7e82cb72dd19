package analyze

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/sbreport/sbreport/parse"
)

// Parts returns the runs behind the i-th run of c: the client runs it was
// merged from, else the run itself.
func (c *Cell) Parts(i int) []*parse.Run {
	if i < len(c.Clients) && len(c.Clients[i]) > 0 {
		return c.Clients[i]
	}
	return []*parse.Run{c.Runs[i]}
}

// Ref names the i-th run of c where its output starts: "file:line", or
// for a run merged from several clients every client's, joined by " + ".
func (c *Cell) Ref(i int) string {
	var refs []string
	for _, r := range c.Parts(i) {
		refs = append(refs, RunRef(r))
	}
	return strings.Join(refs, " + ")
}

// RunRef names a run by file and line ("file" when the line is unknown).
func RunRef(r *parse.Run) string {
	if r.Line > 0 {
		return r.Source + ":" + strconv.Itoa(r.Line)
	}
	return r.Source
}

// RunCount returns how many runs the dataset holds, a run merged from
// several clients counting once.
func (d *Dataset) RunCount() int {
	n := 0
	for _, c := range d.Cells {
		n += len(c.Runs)
	}
	return n
}

// BuiltinBy are the keys GroupOptions.By accepts besides labels: the
// sysbench banner's version, the input name and the tool.
var BuiltinBy = []string{"version", "source", "tool"}

// CheckBy returns an error when by names a key that no run has: a label
// none of the runs carries (or "version" when no run has a label or a
// banner version). Grouping by such a key would put every run in one
// system "?". The error names the key and the labels the runs do have.
func CheckBy(runs []*parse.Run, by string) error {
	if strings.Contains(by, ",") {
		// Several labels ("engine,clients"): each must name one.
		for _, k := range strings.Split(by, ",") {
			if k = strings.TrimSpace(k); k == "" {
				return fmt.Errorf("empty label in %q (want labels separated by commas, such as engine,clients)", by)
			} else if err := CheckBy(runs, k); err != nil {
				return err
			}
		}
		return nil
	}
	if by == "" || by == "source" || by == "tool" {
		return nil
	}
	labels := map[string]bool{}
	for _, r := range runs {
		if _, ok := r.Labels[by]; ok {
			return nil
		}
		if by == "version" && r.Version != "" {
			return nil
		}
		for k := range r.Labels {
			labels[k] = true
		}
	}
	keys := make([]string, 0, len(labels))
	for k := range labels {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	have := "no labels"
	if len(keys) > 0 {
		have = "the labels " + strings.Join(keys, ", ")
	}
	var alt []string
	for _, k := range BuiltinBy {
		if k != by {
			alt = append(alt, k)
		}
	}
	if by == "version" {
		return fmt.Errorf("no run has a version (neither a \"version\" label nor a sysbench banner): the runs have %s (or use %s)", have, strings.Join(alt, ", "))
	}
	return fmt.Errorf("no run has the label %q: the runs have %s (or use %s)", by, have, strings.Join(alt, ", "))
}
