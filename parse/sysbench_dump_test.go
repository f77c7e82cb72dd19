package parse

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSysbenchSummary prints a one-line summary of every run in the files
// named by SBDUMP (a glob); a development aid, skipped otherwise.
func TestSysbenchSummary(t *testing.T) {
	g := os.Getenv("SBDUMP")
	if g == "" {
		t.Skip()
	}
	files, _ := filepath.Glob(g)
	f := func(p *float64) string {
		if p == nil {
			return "-"
		}
		return fmt.Sprint(*p)
	}
	for _, p := range files {
		d := parseFile(t, p)
		fmt.Printf("== %s\n", filepath.Base(p))
		for _, r := range d.Runs {
			if r.Tool != ToolSysbench {
				continue
			}
			th := "-"
			if r.Threads != nil {
				th = fmt.Sprint(*r.Threads, "/", r.ThreadsFrom)
			}
			ev := "-"
			if r.Events != nil {
				ev = fmt.Sprint(*r.Events)
			}
			fmt.Printf("  L%d-%d v=%s lay=%s test=%s thr=%s cmpl=%v tps=%s qps=%s eps=%s tt=%s ev=%s lat=%s/%s/%s/%s p=%v iv=%d hist=%d lab=%v\n",
				r.Line, r.EndLine, r.Version, r.Layout, r.Test, th, r.Complete, f(r.TPS), f(r.QPS), f(r.EPS), f(r.TotalTimeS), ev,
				f(r.Latency.Min), f(r.Latency.Avg), f(r.Latency.Max), f(r.Latency.Sum), r.Latency.Percentiles, len(r.Intervals), len(r.Histogram), r.Labels)
			for _, w := range r.Warnings {
				fmt.Printf("     W %s\n", w)
			}
		}
		for _, e := range d.Errors {
			fmt.Printf("  E %s\n", strings.TrimSpace(e.Error()))
		}
	}
}
