package render

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/parse"
)

// Workbook sheets, in order.
const (
	SheetSummary     = "Summary"
	SheetRuns        = "Runs"
	SheetIntervals   = "Intervals"
	SheetComparisons = "Comparisons"
	SheetScaling     = "Scaling"
	SheetHosts       = "Hosts"
	SheetVariables   = "Variables"
	SheetTables      = "Tables"
)

// A column of a sheet: header, Excel number format ("" for text).
type xcol struct {
	name   string
	format string
}

// A row cell is a float64 (NaN: empty), a string, or nil (empty).
type xrow []any

// workbook wraps an excelize file with one style per number format.
type workbook struct {
	f      *excelize.File
	styles map[string]int
	header int
	differ int
	tables int
}

// Workbook writes the XLSX workbook: every sheet is a table (filter
// buttons on its header) with a frozen header row, numeric cells with
// number formats, and columns sized to their content; the Summary and
// Scaling sheets carry native charts over their own cell ranges.
func Workbook(w io.Writer, doc *parse.Document, an *analyze.Analysis, v *View, pal *Palette) error {
	f := excelize.NewFile()
	defer f.Close()
	wb := &workbook{f: f, styles: map[string]int{}}
	var err error
	if wb.header, err = f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}}); err != nil {
		return err
	}
	if wb.differ, err = f.NewStyle(&excelize.Style{Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"FFF2CC"}}}); err != nil {
		return err
	}
	if err := f.SetSheetName("Sheet1", SheetSummary); err != nil {
		return err
	}
	for _, s := range []string{SheetRuns, SheetIntervals, SheetComparisons, SheetScaling, SheetHosts, SheetVariables, SheetTables} {
		if _, err := f.NewSheet(s); err != nil {
			return err
		}
	}
	steps := []func() error{
		func() error { return wb.summary(v, an, pal) },
		func() error { return wb.runs(doc, an) },
		func() error { return wb.intervals(doc, an) },
		func() error { return wb.comparisons(an) },
		func() error { return wb.scaling(an, v, pal) },
		func() error { return wb.hosts(v) },
		func() error { return wb.variables(doc, an, v) },
		func() error { return wb.tablesSheet(v) },
	}
	for _, s := range steps {
		if err := s(); err != nil {
			return err
		}
	}
	f.SetActiveSheet(0)
	return f.Write(w)
}

func (wb *workbook) style(format string) (int, error) {
	if format == "" {
		return 0, nil
	}
	if id, ok := wb.styles[format]; ok {
		return id, nil
	}
	fm := format
	id, err := wb.f.NewStyle(&excelize.Style{CustomNumFmt: &fm})
	if err != nil {
		return 0, err
	}
	wb.styles[format] = id
	return id, nil
}

// table streams a sheet: header row, rows, then extra rows (notes) below
// the table. rowStyle, when set, gives a style for a whole data row.
func (wb *workbook) table(sheet string, cols []xcol, rows func(yield func(xrow) error) error, rowStyle func(i int, r xrow) int, notes []string) (int, error) {
	// First pass: column widths.
	widths := make([]int, len(cols))
	for i, c := range cols {
		widths[i] = utf8.RuneCountInString(c.name) + 3 // room for the filter button
	}
	n := 0
	if err := rows(func(r xrow) error {
		n++
		for i, v := range r {
			if i >= len(widths) {
				break
			}
			var l int
			switch x := v.(type) {
			case string:
				l = utf8.RuneCountInString(x)
			case float64:
				l = len(FormatNum(x)) + 1
			}
			if l > widths[i] {
				widths[i] = l
			}
		}
		return nil
	}); err != nil {
		return 0, err
	}
	sw, err := wb.f.NewStreamWriter(sheet)
	if err != nil {
		return 0, err
	}
	for i, wd := range widths {
		if err := sw.SetColWidth(i+1, i+1, math.Min(float64(wd)+1, 60)); err != nil {
			return 0, err
		}
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return 0, err
	}
	head := make([]any, len(cols))
	for i, c := range cols {
		head[i] = excelize.Cell{StyleID: wb.header, Value: c.name}
	}
	if err := sw.SetRow("A1", head); err != nil {
		return 0, err
	}
	styles := make([]int, len(cols))
	for i, c := range cols {
		if styles[i], err = wb.style(c.format); err != nil {
			return 0, err
		}
	}
	row := 1
	cells := make([]any, len(cols))
	if err := rows(func(r xrow) error {
		row++
		rs := 0
		if rowStyle != nil {
			rs = rowStyle(row-2, r)
		}
		for i := range cells {
			var v any
			if i < len(r) {
				v = r[i]
			}
			st := styles[i]
			if rs != 0 {
				st = rs
			}
			switch x := v.(type) {
			case float64:
				if !finite(x) {
					v = nil
				}
			case string:
				if x == "" {
					v = nil
				}
			}
			cells[i] = excelize.Cell{StyleID: st, Value: v}
		}
		cell, _ := excelize.CoordinatesToCellName(1, row)
		return sw.SetRow(cell, cells)
	}); err != nil {
		return 0, err
	}
	last, _ := excelize.CoordinatesToCellName(len(cols), max(row, 2))
	wb.tables++
	if err := sw.AddTable(&excelize.Table{Range: "A1:" + last, Name: fmt.Sprintf("T%d_%s", wb.tables, sheet),
		StyleName: "TableStyleLight1"}); err != nil {
		return 0, err
	}
	for i, note := range notes {
		cell, _ := excelize.CoordinatesToCellName(1, max(row, 2)+2+i)
		if err := sw.SetRow(cell, []any{note}); err != nil {
			return 0, err
		}
	}
	return n, sw.Flush()
}

func pf(p *float64) float64 {
	if p == nil {
		return math.NaN()
	}
	return *p
}

func pi(p *int) float64 {
	if p == nil {
		return math.NaN()
	}
	return float64(*p)
}

func pi64(p *int64) float64 {
	if p == nil {
		return math.NaN()
	}
	return float64(*p)
}

// summary writes the main comparison (every workload at its largest
// thread count, one column per system) with a clustered column chart, and
// the findings below it.
func (wb *workbook) summary(v *View, an *analyze.Analysis, pal *Palette) error {
	cols := []xcol{{"workload", ""}, {"threads", "0"}}
	for _, s := range v.Systems {
		cols = append(cols, xcol{s + " " + v.Metric, "#,##0.00"})
	}
	for _, s := range v.Systems {
		if s != v.Base {
			cols = append(cols, xcol{s + " / " + v.Base, "0.00\"×\""}, xcol{s + " p", "0.000"})
		}
	}
	type line struct {
		w     string
		t     int
		vals  map[string]float64
		ratio map[string]float64
		p     map[string]float64
	}
	var lines []line
	for _, w := range v.Workloads {
		if len(w.Threads) == 0 {
			continue
		}
		t := w.Threads[len(w.Threads)-1]
		l := line{w: w.Name, t: t, vals: map[string]float64{}, ratio: map[string]float64{}, p: map[string]float64{}}
		for _, r := range w.Results {
			if r.Threads == t {
				l.vals[r.System] = pf(r.Center)
			}
		}
		for _, r := range w.Ratios {
			if r.Threads == t {
				l.ratio[r.System], l.p[r.System] = pf(r.Ratio), pf(r.P)
			}
		}
		lines = append(lines, l)
	}
	get := func(m map[string]float64, k string) float64 {
		if x, ok := m[k]; ok {
			return x
		}
		return math.NaN()
	}
	notes := []string{v.Title, fmt.Sprintf("Metric: %s (%s over the repeats, %s confidence intervals); baseline: %s.", v.Metric, v.Center, FormatFixed(100*v.Confidence, 0)+"%", v.Base)}
	notes = append(notes, v.Summary...)
	_, err := wb.table(SheetSummary, cols, func(yield func(xrow) error) error {
		for _, l := range lines {
			r := xrow{l.w, float64(l.t)}
			for _, s := range v.Systems {
				r = append(r, get(l.vals, s))
			}
			for _, s := range v.Systems {
				if s != v.Base {
					r = append(r, get(l.ratio, s), get(l.p, s))
				}
			}
			if err := yield(r); err != nil {
				return err
			}
		}
		return nil
	}, nil, notes)
	if err != nil || len(lines) == 0 || len(v.Systems) == 0 {
		return err
	}
	ch := &excelize.Chart{Type: excelize.Col, Dimension: excelize.ChartDimension{Width: 720, Height: 400},
		Title:  excelize.ChartTitle{Paragraph: []excelize.RichTextRun{{Text: v.Metric + " by workload (largest thread count)"}}},
		Legend: excelize.ChartLegend{Position: "bottom"}}
	noVary := false
	ch.VaryColors = &noVary
	ch.YAxis.MajorGridLines = true
	ch.YAxis.Title = excelize.ChartTitle{Paragraph: []excelize.RichTextRun{{Text: metricLabel(an.Metric)}}}
	zero := 0.0
	ch.YAxis.Minimum = &zero
	for i, s := range v.Systems {
		col, _ := excelize.ColumnNumberToName(3 + i)
		ch.Series = append(ch.Series, excelize.ChartSeries{
			Name:       fmt.Sprintf("'%s'!$%s$1", SheetSummary, col),
			Categories: fmt.Sprintf("'%s'!$A$2:$A$%d", SheetSummary, len(lines)+1),
			Values:     fmt.Sprintf("'%s'!$%s$2:$%s$%d", SheetSummary, col, col, len(lines)+1),
			Fill:       excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{pal.Hex(s)}},
		})
	}
	anchor, _ := excelize.CoordinatesToCellName(len(cols)+2, 2)
	return wb.f.AddChart(SheetSummary, anchor, ch)
}

func (wb *workbook) runs(doc *parse.Document, an *analyze.Analysis) error {
	rc := runColumns(doc, an.Dataset)
	cols := make([]xcol, len(rc))
	for i, c := range rc {
		cols[i] = xcol{c.name, c.format}
	}
	_, err := wb.table(SheetRuns, cols, func(yield func(xrow) error) error {
		r := make(xrow, len(rc))
		for _, run := range doc.Runs {
			for i, c := range rc {
				if c.text != nil {
					r[i] = c.text(run)
				} else if x, ok := c.num(run); ok {
					r[i] = x
				} else {
					r[i] = math.NaN()
				}
			}
			if err := yield(r); err != nil {
				return err
			}
		}
		return nil
	}, nil, nil)
	return err
}

func (wb *workbook) intervals(doc *parse.Document, an *analyze.Analysis) error {
	cols := []xcol{{"run", ""}, {"system", ""}, {"workload", ""}, {"threads", "0"}, {"line", "0"}, {"t_s", "0"},
		{"tps", "#,##0.00"}, {"qps", "#,##0.00"}, {"eps", "#,##0.00"}, {"lat_ms", "0.00"}, {"lat_pct", "0.##"},
		{"reads_ps", "#,##0.00"}, {"writes_ps", "#,##0.00"}, {"other_ps", "#,##0.00"}, {"err_s", "0.00"}, {"reconn_s", "0.00"}}
	_, err := wb.table(SheetIntervals, cols, func(yield func(xrow) error) error {
		r := make(xrow, len(cols))
		for _, run := range doc.Runs {
			id := ref(run.Source, run.Line)
			k := keyOf(an.Dataset, run)
			sys, wl := k.System, k.Workload
			for _, iv := range run.Intervals {
				r[0], r[1], r[2], r[3] = id, sys, wl, pi(run.Threads)
				r[4], r[5], r[6], r[7], r[8] = float64(iv.Line), iv.T, iv.TPS, iv.QPS, iv.EPS
				r[9], r[10], r[11], r[12], r[13], r[14], r[15] = iv.LatMs, iv.LatPct, iv.Reads, iv.Writes, iv.Other, iv.ErrS, iv.ReconnS
				if err := yield(r); err != nil {
					return err
				}
			}
		}
		return nil
	}, nil, nil)
	return err
}

func (wb *workbook) comparisons(an *analyze.Analysis) error {
	cols := []xcol{{"workload", ""}, {"threads", "0"}, {"metric", ""}, {"system", ""}, {"base", ""}, {"n", "0"},
		{"center", "#,##0.00"}, {"lo", "#,##0.00"}, {"hi", "#,##0.00"}, {"within_run", ""},
		{"ratio", "0.000"}, {"ratio_lo", "0.000"}, {"ratio_hi", "0.000"}, {"p_value", "0.0000"}, {"test", ""},
		{"significant", ""}, {"better", ""}, {"verdict", ""}, {"values", ""}, {"warnings", ""}}
	_, err := wb.table(SheetComparisons, cols, func(yield func(xrow) error) error {
		if an.Comparison == nil {
			return nil
		}
		for _, r := range an.Comparison.Rows {
			vals := ""
			for i, x := range r.Values {
				if i > 0 {
					vals += " "
				}
				vals += strconv.FormatFloat(x, 'f', -1, 64)
			}
			if err := yield(xrow{r.Workload, pi(r.Threads), string(r.Metric), r.System, strconv.FormatBool(r.Base), float64(r.N),
				pf(r.Center), pf(r.Lo), pf(r.Hi), strconv.FormatBool(r.Within),
				pf(r.Ratio), pf(r.RatioLo), pf(r.RatioHi), pf(r.PValue), r.Test,
				strconv.FormatBool(r.Significant), strconv.FormatBool(r.Better), string(r.Verdict), vals, joinWarnings(r.Warnings)}); err != nil {
				return err
			}
		}
		return nil
	}, nil, nil)
	return err
}

func joinWarnings(w analyze.Warnings) string {
	s := ""
	for i, x := range w.Strings() {
		if i > 0 {
			s += "; "
		}
		s += x
	}
	return s
}

// scaling writes one row per measured point with its curve's fit, sorted
// by workload, then system, then threads, so that each curve is a
// contiguous range; a scatter chart per workload plots those ranges.
func (wb *workbook) scaling(an *analyze.Analysis, v *View, pal *Palette) error {
	cols := []xcol{{"workload", ""}, {"system", ""}, {"threads", "0"}, {"n", "0"}, {"throughput", "#,##0.00"},
		{"lo", "#,##0.00"}, {"hi", "#,##0.00"}, {"p95_ms", "0.00"}, {"efficiency", "0.0%"}, {"fitted", "#,##0.00"},
		{"lambda", "#,##0.00"}, {"sigma", "0.00000"}, {"kappa", "0.0000000"}, {"r2", "0.000"},
		{"peak_threads", "#,##0"}, {"peak_throughput", "#,##0.00"}, {"peak_extrapolated", ""}, {"cpus", "0"}}
	type span struct {
		workload, system string
		first, last      int
	}
	var spans []span
	var curves []*analyze.Curve
	if an.Scaling != nil {
		byW := map[string][]*analyze.Curve{}
		for _, c := range an.Scaling.Curves {
			byW[c.Workload] = append(byW[c.Workload], c)
		}
		for _, w := range v.Workloads {
			curves = append(curves, orderCurves(byW[w.Name], v.Systems)...)
		}
	}
	row := 2
	for _, c := range curves {
		if len(c.Points) == 0 {
			continue
		}
		spans = append(spans, span{c.Workload, c.System, row, row + len(c.Points) - 1})
		row += len(c.Points)
	}
	_, err := wb.table(SheetScaling, cols, func(yield func(xrow) error) error {
		for _, c := range curves {
			for _, p := range c.Points {
				lo, hi := math.NaN(), math.NaN()
				if p.Throughput.Finite() {
					lo, hi = p.Throughput.Lo, p.Throughput.Hi
				}
				if err := yield(xrow{c.Workload, c.System, float64(p.Threads), float64(p.N), p.Throughput.Center, lo, hi,
					pf(p.P95Ms), pf(p.Efficiency), pf(p.Fitted), pf(c.Lambda), pf(c.Sigma), pf(c.Kappa), pf(c.R2),
					pf(c.PeakThreads), pf(c.PeakThroughput), strconv.FormatBool(c.PeakExtrapolated), pi(c.CPUs)}); err != nil {
					return err
				}
			}
		}
		return nil
	}, nil, nil)
	if err != nil {
		return err
	}
	// One chart per workload with two or more thread counts.
	chartRow := 2
	for _, w := range v.Workloads {
		if len(w.Threads) < 2 {
			continue
		}
		ch := &excelize.Chart{Type: excelize.Scatter, Dimension: excelize.ChartDimension{Width: 640, Height: 360},
			Title:  excelize.ChartTitle{Paragraph: []excelize.RichTextRun{{Text: w.Name + ": " + string(an.Metric) + " vs threads"}}},
			Legend: excelize.ChartLegend{Position: "bottom"}}
		noVary := false
		ch.VaryColors = &noVary
		ch.XAxis.Title = excelize.ChartTitle{Paragraph: []excelize.RichTextRun{{Text: "threads"}}}
		ch.YAxis.Title = excelize.ChartTitle{Paragraph: []excelize.RichTextRun{{Text: metricLabel(an.Metric)}}}
		ch.YAxis.MajorGridLines = true
		zero := 0.0
		ch.YAxis.Minimum = &zero
		// excelize writes a log base only for the value (y) axis, so
		// the thread axis stays linear here; the PNG charts use log2.
		for _, s := range spans {
			if s.workload != w.Name {
				continue
			}
			ch.Series = append(ch.Series, excelize.ChartSeries{
				Name:       fmt.Sprintf("'%s'!$B$%d", SheetScaling, s.first),
				Categories: fmt.Sprintf("'%s'!$C$%d:$C$%d", SheetScaling, s.first, s.last),
				Values:     fmt.Sprintf("'%s'!$E$%d:$E$%d", SheetScaling, s.first, s.last),
				Line:       excelize.LineOptions{Width: 1.5},
				Marker:     excelize.ChartMarker{Symbol: "circle", Size: 6, Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{pal.Hex(s.system)}}},
				Fill:       excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{pal.Hex(s.system)}},
			})
		}
		if len(ch.Series) == 0 {
			continue
		}
		anchor, _ := excelize.CoordinatesToCellName(len(cols)+2, chartRow)
		if err := wb.f.AddChart(SheetScaling, anchor, ch); err != nil {
			return err
		}
		chartRow += 20
	}
	return nil
}

func (wb *workbook) hosts(v *View) error {
	cols := []xcol{{"property", ""}}
	for _, s := range v.Setup.HostSystems {
		cols = append(cols, xcol{s, ""})
	}
	_, err := wb.table(SheetHosts, cols, func(yield func(xrow) error) error {
		for _, r := range v.Setup.Hosts {
			x := xrow{r.Name}
			for _, val := range r.Values {
				if n, err := strconv.ParseFloat(val, 64); err == nil && finite(n) {
					x = append(x, n)
				} else {
					x = append(x, val)
				}
			}
			if err := yield(x); err != nil {
				return err
			}
		}
		return nil
	}, nil, nil)
	return err
}

// variables writes every captured server variable, one column per system,
// highlighting the rows whose values differ. Values stay text, as
// captured.
func (wb *workbook) variables(doc *parse.Document, an *analyze.Analysis, v *View) error {
	vals, systems := variablesBySystem(doc, an.Dataset, v.Systems)
	names := map[string]bool{}
	for _, m := range vals {
		for k := range m {
			names[k] = true
		}
	}
	sorted := sortedKeys(names)
	cols := []xcol{{"variable", ""}}
	for _, s := range systems {
		cols = append(cols, xcol{s, ""})
	}
	cols = append(cols, xcol{"differs", ""})
	differs := func(name string) bool {
		first, seen := "", false
		for _, s := range systems {
			x, ok := vals[s][name]
			if !ok {
				return len(systems) > 1
			}
			if !seen {
				first, seen = x, true
			} else if x != first {
				return true
			}
		}
		return false
	}
	_, err := wb.table(SheetVariables, cols, func(yield func(xrow) error) error {
		for _, n := range sorted {
			r := xrow{n}
			for _, s := range systems {
				r = append(r, vals[s][n])
			}
			d := ""
			if differs(n) {
				d = "yes"
			}
			if err := yield(append(r, d)); err != nil {
				return err
			}
		}
		return nil
	}, func(_ int, r xrow) int {
		if r[len(r)-1] == "yes" {
			return wb.differ
		}
		return 0
	}, nil)
	return err
}

func (wb *workbook) tablesSheet(v *View) error {
	cols := []xcol{{"system", ""}, {"engine", ""}, {"tables", "0"}, {"rows", "#,##0"}, {"data_bytes", "#,##0"},
		{"index_bytes", "#,##0"}, {"bytes_per_row", "#,##0.0"}}
	_, err := wb.table(SheetTables, cols, func(yield func(xrow) error) error {
		for _, t := range v.Setup.Tables {
			if err := yield(xrow{t.System, t.Engine, float64(t.Tables), pi64(t.Rows), pi64(t.DataBytes), pi64(t.IndexBytes), pf(t.BytesPerRow)}); err != nil {
				return err
			}
		}
		return nil
	}, nil, nil)
	return err
}
