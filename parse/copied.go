package parse

import (
	"fmt"
	"math"
)

// A line or two copied out of an output and set apart under a label
// ("记录结果", "Result:") after the output itself — "Read 515.62Mb
// Written 343.75Mb Total transferred 859.38Mb (2.8644Mb/sec)" below the
// fileio run that printed it — is read as a run, since it stands as one,
// but it measured nothing new: counted beside the output it copies it
// would make one measurement two repeats. copiedOutput finds the output a
// sysbench run r copies: an earlier complete output of the same test (and
// thread count, where both say one) whose figures equal every figure the
// copy gives, as printed, with enough of them to tell runs apart: two
// rates, or one of at least five significant digits. Fixed quantities
// (the total time, the events, the bytes transferred, which options set)
// must agree but tell nothing apart by themselves. A complete output is
// never a copy.
func copiedOutput(r *Run, outputs []*Run) *Run {
	if r.Complete {
		return nil
	}
	rates, fixed := copiedFigures(r)
	if len(rates) == 0 {
		return nil
	}
	digits := 0
	for _, v := range rates {
		digits = max(digits, significantDigits(v.v))
	}
	if len(rates) < 2 && digits < 5 {
		return nil
	}
	// A copy stands after its output, with a few outputs between at most:
	// the search goes back copiedReach outputs, not over a whole long log.
	for i := len(outputs) - 1; i >= max(0, len(outputs)-copiedReach); i-- {
		o := outputs[i]
		if r.Test != "" && o.Test != "" && r.Test != o.Test || r.Threads != nil && o.Threads != nil && *r.Threads != *o.Threads {
			continue
		}
		orates, ofixed := copiedFigures(o)
		if agrees(rates, orates, true) && agrees(fixed, ofixed, false) {
			return o
		}
	}
	return nil
}

// copiedReach is how many outputs back a copy is looked for.
const copiedReach = 16

// agrees reports whether every figure of a is b's as printed; with all,
// every one of them must be in b too.
func agrees(a, b []namedValue, all bool) bool {
	for _, x := range a {
		y, ok := valueNamed(b, x.name)
		if !ok {
			if all {
				return false
			}
			continue
		}
		if !sameAsPrinted(x.v, y) {
			return false
		}
	}
	return true
}

// copiedFigures lists a run's rates and its fixed quantities.
func copiedFigures(r *Run) (rates, fixed []namedValue) {
	for _, v := range restatedValues(r) {
		if v.name == "time" {
			fixed = append(fixed, v)
		} else {
			rates = append(rates, v)
		}
	}
	add := func(to *[]namedValue, name string, p *float64) {
		if p != nil && !math.IsNaN(*p) {
			*to = append(*to, namedValue{name, *p})
		}
	}
	if m := r.Memory; m != nil {
		add(&rates, "memory MiB/s", m.TransferMiBs)
		add(&fixed, "memory MiB", m.TransferMiB)
	}
	if f := r.FileIO; f != nil {
		add(&rates, "read MiB/s", f.ReadMiBs)
		add(&rates, "written MiB/s", f.WrittenMiBs)
		add(&rates, "total MiB/s", f.TotalMiBs)
	}
	if r.Events != nil {
		fixed = append(fixed, namedValue{"events", float64(*r.Events)})
	}
	return rates, fixed
}

// markCopied marks a run that copies an earlier output (copiedOutput), or
// keeps a complete sysbench output for the runs after it.
func (c *ctx) markCopied(r *Run) {
	if r.Tool != ToolSysbench {
		return
	}
	if o := copiedOutput(r, c.outputsRead); o != nil {
		r.Restates = o.Line
		r.Warn(r.Line, fmt.Sprintf("copies the figures of the output at line %d: listed, not counted as another run of it", o.Line))
		return
	}
	if r.Complete {
		if len(c.outputsRead) >= 2*copiedReach {
			c.outputsRead = append(c.outputsRead[:0], c.outputsRead[len(c.outputsRead)-copiedReach+1:]...)
		}
		c.outputsRead = append(c.outputsRead, r)
	}
}
