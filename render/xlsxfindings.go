package render

import "strings"

// SheetFindings lists the report's findings: one row per piece of
// evidence, with the claim's kind, code, cell, guard and reason, so that
// every sentence of the report can be checked against its numbers.
const SheetFindings = "Findings"

func (wb *workbook) findingsSheet(v *View) error {
	cols := []xcol{{"kind", ""}, {"code", ""}, {"workload", ""}, {"system", ""}, {"threads", "0"},
		{"guard passed", ""}, {"reason", ""}, {"evidence", ""}, {"value", "#,##0.####"},
		{"lo", "#,##0.####"}, {"hi", "#,##0.####"}, {"unit", ""}, {"sources", ""}}
	_, err := wb.table(SheetFindings, cols, func(yield func(xrow) error) error {
		for _, f := range v.Report.Findings {
			threads := any(nil)
			if f.Threads > 0 {
				threads = float64(f.Threads)
			}
			if len(f.Evidence) == 0 {
				if err := yield(xrow{string(f.Kind), f.Code, f.Workload, f.System, threads, f.Guard.Passed, f.Guard.Reason}); err != nil {
					return err
				}
			}
			for _, e := range f.Evidence {
				if err := yield(xrow{string(f.Kind), f.Code, f.Workload, f.System, threads, f.Guard.Passed,
					f.Guard.Reason, e.Name, e.Value, pf(e.Lo), pf(e.Hi), e.Unit, strings.Join(e.Sources, " ")}); err != nil {
					return err
				}
			}
			for _, k := range sortedKeys(f.Words) {
				if err := yield(xrow{string(f.Kind), f.Code, f.Workload, f.System, threads, f.Guard.Passed,
					f.Guard.Reason, k, nil, nil, nil, f.Words[k]}); err != nil {
					return err
				}
			}
		}
		return nil
	}, nil, []string{"Each row is one number (or word) a finding rests on; the report's sentences phrase these findings, " +
		"and a claim whose guard did not pass (guard passed = FALSE) is said as what was measured."}, nil)
	return err
}
