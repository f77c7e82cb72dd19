package campaign

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

// Adaptive repeats. Every cell runs RepeatsSpec.Min times; each further
// repeat of a cell runs only while the 95% interval of the geometric mean
// of the cell's throughputs so far (analyze.SummarizeGeoMean, as the
// report computes it) is wider than ±Until. The runs stay in the plan's
// order, so a cell's extra repeats come interleaved with the other
// cells'; the runs not needed are recorded as skipped.

// cell names the cell of step st: its run ID without the repeat.
func (p *Plan) cell(st step) string {
	return strings.TrimSuffix(p.id(st), "-r"+strconv.Itoa(st.repeat))
}

// cellSteps returns the steps of each cell in the plan's order, indexed
// once: the plan does not change while it runs.
func (r *Runner) cellSteps() map[string][]step {
	if r.byCell == nil {
		r.byCell = map[string][]step{}
		for _, st := range r.steps {
			c := r.Plan.cell(st)
			r.byCell[c] = append(r.byCell[c], st)
		}
	}
	return r.byCell
}

// cellInterval returns the half-width of the interval of st's cell from
// its completed runs, as a fraction of the geometric mean; ok is false
// when there is none (fewer than two runs with a throughput).
func (r *Runner) cellInterval(st step) (float64, bool) {
	p := r.Plan
	var xs []float64
	for _, o := range r.cellSteps()[p.cell(st)] {
		if e := r.entry(p.id(o)); e.Status == collect.RunOK {
			if x, ok := r.rate(e); ok {
				xs = append(xs, x)
			}
		}
	}
	if len(xs) < 2 {
		return 0, false
	}
	hw := analyze.SummarizeGeoMean(xs, 0.95).PctRange()
	return hw, hw >= 0 && hw < 1e300
}

// rate is a completed run's throughput: transactions per second (events
// per second for tests without transactions), summed over its clients.
func (r *Runner) rate(e *collect.RunEntry) (float64, bool) {
	if x, ok := r.rates[e.ID]; ok {
		return x, true
	}
	sum, n := 0.0, 0
	for kind, rel := range e.Files {
		if base, _ := collect.SplitKind(kind); base != collect.FileOutput {
			continue
		}
		f, err := os.Open(filepath.Join(r.Dir, rel))
		if err != nil {
			return 0, false
		}
		var x *float64
		parse.Stream(f, rel, func(it parse.Item) {
			if run, ok := it.(*parse.Run); ok && x == nil {
				if x = run.TPS; x == nil {
					x = run.EPS
				}
			}
		})
		f.Close()
		if x == nil {
			return 0, false
		}
		sum += *x
		n++
	}
	if n == 0 {
		return 0, false
	}
	if r.rates == nil {
		r.rates = map[string]float64{}
	}
	r.rates[e.ID] = sum
	return sum, true
}

// cellRepeats sums up every cell of the campaign for the manifest.
func (r *Runner) cellRepeats() []collect.CellRepeats {
	p := r.Plan
	var out []collect.CellRepeats
	at := map[string]int{}
	for _, st := range r.steps {
		c := p.cell(st)
		i, ok := at[c]
		if !ok {
			i = len(out)
			at[c] = i
			out = append(out, collect.CellRepeats{Cell: c, Max: p.RepeatsSpec.Max, Until: p.RepeatsSpec.Until})
		}
		if e := r.entry(p.id(st)); e.Status == collect.RunOK {
			out[i].Runs = append(out[i].Runs, e.ID)
			out[i].Repeats++
		}
	}
	for i := range out {
		steps := r.cellSteps()[out[i].Cell]
		if hw, ok := r.cellInterval(steps[len(steps)-1]); ok {
			out[i].HalfWidth = &hw
			out[i].Converged = hw <= p.RepeatsSpec.Until
		}
	}
	return out
}
