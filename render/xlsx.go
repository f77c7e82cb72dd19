package render

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/klauspost/compress/flate"
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
	SheetFit         = "Fit"
	SheetHosts       = "Hosts"
	SheetVariables   = "Variables"
	SheetTables      = "Tables"
)

// A column of a sheet: header, Excel number format ("" for text).
type xcol struct {
	name   string
	format string
}

// A row cell is a float64 (NaN: empty), a string ("": empty), a bool, or
// nil (empty).
type xrow []any

// workbook wraps an excelize file with one style per number format.
type workbook struct {
	f      *excelize.File
	styles map[string]int
	header int
	differ int
	// boolStyle gives, for the style of a cell, the same style with the
	// number format "TRUE";"TRUE";"FALSE": Excel shows a boolean cell as
	// TRUE or FALSE whatever its format, LibreOffice only with this one.
	boolStyle map[int]int
	tables    int
	// cells keeps the values written to the sheets that charts plot, so
	// that each chart carries them as its cache (previewers that do not
	// recalculate, such as Quick Look, draw the cache).
	cells  map[string]map[cellAt]any
	charts int // charts added so far; excelize numbers them from 1
	// parts names, for a table longer than a sheet holds, the sheets
	// that carry it on: "Intervals", "Intervals (2)", ...
	parts map[string][]string
}

// sheetRows is the most rows a sheet holds, its header included: a
// spreadsheet opens no more (Excel's limit, which excelize enforces).
var sheetRows = excelize.TotalRows

// sheetParts names the sheets a table of n data rows takes: the sheet
// itself and, when the rows do not fit under one header, "NAME (2)",
// "NAME (3)", ..., each with the header again.
func sheetParts(sheet string, n int) []string {
	per := sheetRows - 1
	names := []string{sheet}
	for i := 2; n > per*(i-1); i++ {
		names = append(names, fmt.Sprintf("%s (%d)", sheet, i))
	}
	return names
}

type cellAt struct{ col, row int }

// Workbook writes the XLSX workbook: every sheet is a table (filter
// buttons on its header) with a frozen header row, numbers and booleans
// as typed cells with number formats, and columns sized to their content.
// The Summary and Scaling sheets carry native charts over their own cell
// ranges, with error bars from the interval columns, thread counts on a
// log2 axis, the USL fit from the Fit sheet, and the plotted values
// cached in the chart so that previewers show them.
func Workbook(w io.Writer, doc *parse.Document, an *analyze.Analysis, v *View, pal *Palette) error {
	f := excelize.NewFile()
	defer f.Close()
	f.SetZipWriter(fastZip)
	wb := &workbook{f: f, styles: map[string]int{}, cells: map[string]map[cellAt]any{
		SheetSummary: {}, SheetScaling: {}, SheetFit: {}}}
	// A year of runs holds more interim reports than a sheet has rows:
	// their table goes on over as many sheets as it takes, each named
	// and placed after the first, rather than failing the workbook.
	intervals := 0
	for _, r := range doc.Runs {
		intervals += r.NumIntervals()
	}
	wb.parts = map[string][]string{
		SheetRuns:      sheetParts(SheetRuns, len(doc.Runs)),
		SheetIntervals: sheetParts(SheetIntervals, intervals),
	}
	var err error
	if wb.header, err = f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}}); err != nil {
		return err
	}
	differFill := excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"FFF2CC"}}
	if wb.differ, err = f.NewStyle(&excelize.Style{Fill: differFill}); err != nil {
		return err
	}
	boolFmt := `"TRUE";"TRUE";"FALSE"`
	wb.boolStyle = map[int]int{}
	if wb.boolStyle[0], err = f.NewStyle(&excelize.Style{CustomNumFmt: &boolFmt}); err != nil {
		return err
	}
	if wb.boolStyle[wb.differ], err = f.NewStyle(&excelize.Style{Fill: differFill, CustomNumFmt: &boolFmt}); err != nil {
		return err
	}
	if err := f.SetSheetName("Sheet1", SheetSummary); err != nil {
		return err
	}
	for _, s := range []string{SheetRuns, SheetIntervals, SheetComparisons, SheetScaling, SheetFit, SheetHosts, SheetVariables, SheetTables, SheetFindings} {
		for _, name := range wb.sheets(s) {
			if _, err := f.NewSheet(name); err != nil {
				return err
			}
		}
	}
	steps := []func() error{
		func() error { return wb.summary(v, an, pal) },
		func() error { return wb.runsAndIntervals(doc, an) },
		func() error { return wb.comparisons(an) },
		func() error { return wb.fit(an, v) }, // before Scaling, whose charts plot it
		func() error { return wb.scaling(an, v, pal) },
		func() error { return wb.hosts(v) },
		func() error { return wb.variables(doc, an, v) },
		func() error { return wb.tablesSheet(v) },
		func() error { return wb.findingsSheet(v) },
	}
	for _, s := range steps {
		if err := s(); err != nil {
			return err
		}
	}
	// The Summary sheet, the first, is the active one as NewFile made it:
	// SetActiveSheet(0) would read every streamed sheet back into memory
	// (the Runs and Intervals sheets: a row a run and a row an interim
	// report) to mark the others unselected, and write them out again.
	return f.Write(w)
}

// fastZip is the workbook's archive, deflated at the fastest level of
// klauspost/compress: the Runs and Intervals sheets grow with the runs
// (a row a run, a row an interim report: 115 MB of XML for 12,600 runs),
// and archive/zip's default level took more of a report's time than
// every chart together. The archive is some 30% larger.
func fastZip(w io.Writer) excelize.ZipWriter {
	zw := zip.NewWriter(w)
	zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(out, flate.BestSpeed)
	})
	return zw
}

// sheets returns the sheets a table takes: its own and those it goes on
// over.
func (wb *workbook) sheets(sheet string) []string {
	if p := wb.parts[sheet]; len(p) > 0 {
		return p
	}
	return []string{sheet}
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
// charts, when set, adds the sheet's charts once its cells are written:
// a streamed sheet takes its drawing only before it is flushed. It
// returns the number of data rows.
func (wb *workbook) table(sheet string, cols []xcol, rows func(yield func(xrow) error) error, rowStyle func(i int, r xrow) int, notes []string, charts func() error) (int, error) {
	t := &tableStream{wb: wb, sheet: sheet, cols: cols, rows: rows, rowStyle: rowStyle}
	if err := t.measure(); err != nil {
		return 0, err
	}
	if err := t.begin(); err != nil {
		return 0, err
	}
	if err := t.stream(nil, nil); err != nil {
		return 0, err
	}
	return t.n, t.finish(notes, charts)
}

// A tableStream writes one table in steps, for a table whose rows are
// written while other sheets are (Workbook): measure its columns (reads
// the rows only), begin its sheet (the file's styles, print setup and
// stream), stream its rows (its own stream only, until a sheet is full),
// finish it (the file's table, print titles, charts). The file's steps
// are taken in the order of the sheets, whichever goroutine streams the
// rows: a workbook is the same whatever ran alongside.
type tableStream struct {
	wb       *workbook
	sheet    string
	cols     []xcol
	rows     func(yield func(xrow) error) error
	rowStyle func(i int, r xrow) int

	widths []int
	total  float64 // the sum of the column widths as set
	n      int     // data rows, counted by measure

	names  []string // the sheets the table takes (workbook.sheets)
	part   int      // the sheet of names being written
	sw     *excelize.StreamWriter
	head   []any
	styles []int
	row    int // the current sheet's last row
}

// measure sets the column widths from the header and every row.
func (t *tableStream) measure() error {
	t.widths = make([]int, len(t.cols))
	for i, c := range t.cols {
		t.widths[i] = utf8.RuneCountInString(c.name) + 3 // room for the filter button
	}
	if err := t.rows(func(r xrow) error {
		t.n++
		for i, v := range r {
			if i >= len(t.widths) {
				break
			}
			var l int
			if c, ok := v.(excelize.Cell); ok {
				v = c.Value
			}
			switch x := v.(type) {
			case string:
				l = utf8.RuneCountInString(x)
			case float64:
				l = numLen(x) + 4 // room for a unit
			case bool:
				l = 5
			}
			if l > t.widths[i] {
				t.widths[i] = l
			}
		}
		return nil
	}); err != nil {
		return err
	}
	for _, wd := range t.widths {
		t.total += math.Min(float64(wd)+1, 60)
	}
	return nil
}

// begin starts the table's first sheet and makes its columns' styles.
func (t *tableStream) begin() error {
	t.head = make([]any, len(t.cols))
	for i, c := range t.cols {
		t.head[i] = excelize.Cell{StyleID: t.wb.header, Value: c.name}
	}
	t.names = t.wb.sheets(t.sheet)
	if err := t.startPart(); err != nil {
		return err
	}
	t.styles = make([]int, len(t.cols))
	for i, c := range t.cols {
		var err error
		if t.styles[i], err = t.wb.style(c.format); err != nil {
			return err
		}
	}
	if keep := t.wb.cells[t.sheet]; keep != nil {
		for i, c := range t.cols {
			keep[cellAt{i + 1, 1}] = c.name
		}
	}
	return nil
}

// startPart starts the stream of names[part]: its print setup, column
// widths, frozen header row and the header.
func (t *tableStream) startPart() error {
	if err := t.wb.printSetup(t.names[t.part], t.total); err != nil {
		return err
	}
	var err error
	if t.sw, err = t.wb.f.NewStreamWriter(t.names[t.part]); err != nil {
		return err
	}
	for i, wd := range t.widths {
		if err := t.sw.SetColWidth(i+1, i+1, math.Min(float64(wd)+1, 60)); err != nil {
			return err
		}
	}
	if err := t.sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	t.row = 1
	return t.sw.SetRow("A1", t.head)
}

// endPart makes rows 1 to last of the current sheet a table, and its
// first row the one printed atop each page.
func (t *tableStream) endPart(last int) error {
	wb := t.wb
	cell, _ := excelize.CoordinatesToCellName(len(t.cols), max(last, 2))
	wb.tables++
	name := fmt.Sprintf("T%d_%s", wb.tables, t.sheet)
	if t.part > 0 {
		name += fmt.Sprintf("_%d", t.part+1)
	}
	if err := t.sw.AddTable(&excelize.Table{Range: "A1:" + cell, Name: name, StyleName: "TableStyleLight1"}); err != nil {
		return err
	}
	sheet := t.names[t.part]
	return wb.f.SetDefinedName(&excelize.DefinedName{Name: "_xlnm.Print_Titles", RefersTo: "'" + sheet + "'!$1:$1", Scope: sheet})
}

// stream writes the rows. A table longer than a sheet goes on in the
// next; await, when set, is called before the first such change, which
// takes the file's steps (endPart, startPart). It stops with stop's
// error once stop returns one.
func (t *tableStream) stream(await func(), stop func() error) error {
	written := 0 // data rows so far
	// Each row's cells point into one array of excelize.Cell: a Cell
	// stored in an interface is a copy on the heap, two million of them
	// in the interim sheet of a year of runs.
	cells, cellOf := make([]any, len(t.cols)), make([]excelize.Cell, len(t.cols))
	keep := t.wb.cells[t.sheet]
	return t.rows(func(r xrow) error {
		if stop != nil {
			if err := stop(); err != nil {
				return err
			}
		}
		if t.row == sheetRows { // this sheet is full: go on in the next
			if await != nil {
				await()
				await = nil
			}
			if err := t.endPart(t.row); err != nil {
				return err
			}
			if err := t.sw.Flush(); err != nil {
				return err
			}
			t.part, keep = t.part+1, nil
			if t.part == len(t.names) { // more rows than counted
				t.names = append(t.names, fmt.Sprintf("%s (%d)", t.sheet, t.part+1))
				if _, err := t.wb.f.NewSheet(t.names[t.part]); err != nil {
					return err
				}
			}
			if err := t.startPart(); err != nil {
				return err
			}
		}
		t.row++
		row := t.row
		rs := 0
		if t.rowStyle != nil {
			rs = t.rowStyle(written, r)
		}
		written++
		for i := range cells {
			var v any
			if i < len(r) {
				v = r[i]
			}
			st := t.styles[i]
			if rs != 0 {
				st = rs
			}
			switch x := v.(type) {
			case float64:
				if !finite(x) {
					v = nil
					break
				}
				f := round15(x)
				v = f
				// A whole number is written as an integer: the digits
				// excelize writes for the float, without its shortest-float
				// formatting (a run's threads, interim line and time are
				// three of an interim row's cells). −0 stays a float.
				if f == math.Trunc(f) && math.Abs(f) < 1e15 && (f != 0 || !math.Signbit(f)) {
					cellOf[i] = excelize.Cell{StyleID: st, Value: int64(f)}
					cells[i] = &cellOf[i]
					if keep != nil {
						keep[cellAt{i + 1, row}] = f
					}
					continue
				}
			case string:
				if x == "" {
					v = nil
				}
			case bool:
				st = t.wb.boolStyle[st]
			}
			if c, ok := v.(excelize.Cell); ok { // a cell with its own style
				cellOf[i], v = c, c.Value
			} else {
				cellOf[i] = excelize.Cell{StyleID: st, Value: v}
			}
			cells[i] = &cellOf[i]
			if keep != nil && v != nil {
				keep[cellAt{i + 1, row}] = v
			}
		}
		cell, _ := excelize.CoordinatesToCellName(1, row)
		return t.sw.SetRow(cell, cells)
	})
}

// finish ends the table's last sheet: the table, the notes below it,
// the charts, the stream.
func (t *tableStream) finish(notes []string, charts func() error) error {
	if err := t.endPart(t.row); err != nil {
		return err
	}
	for i, note := range notes {
		cell, _ := excelize.CoordinatesToCellName(1, max(t.row, 2)+2+i)
		if err := t.sw.SetRow(cell, []any{note}); err != nil {
			return err
		}
	}
	if charts != nil {
		if err := charts(); err != nil {
			return err
		}
	}
	return t.sw.Flush()
}

// printWidth is how many characters of column width one landscape page
// takes at 40%: about 135 at full size on A4 or Letter.
const printWidth = 330

// printSetup makes a sheet print as a reader wants it: landscape, its
// columns fitted to the page's width (as many pages down as it takes);
// the header row repeated at the top of every page is set with its table
// (tableStream.endPart). A sheet wider
// than printWidth (the Runs sheet's 60 columns) is fitted to as many
// pages across as keep it at 40% or more, rather than shrunk to a
// tenth. width is the sum of the column widths, in characters. A
// streamed sheet takes these before its stream starts.
func (wb *workbook) printSetup(sheet string, width float64) error {
	landscape, across, auto, yes := "landscape", max(1, int(math.Ceil(width/printWidth))), 0, true
	if err := wb.f.SetPageLayout(sheet, &excelize.PageLayoutOptions{Orientation: &landscape, FitToWidth: &across, FitToHeight: &auto}); err != nil {
		return err
	}
	return wb.f.SetSheetProps(sheet, &excelize.SheetPropsOptions{FitToPage: &yes})
}

// round15 rounds x to the 15 significant digits a spreadsheet keeps (and
// excelize writes, truncating), so that a chart's cache holds what its
// cells hold.
func round15(x float64) float64 {
	y, err := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 15, 64), 64)
	if err != nil {
		return x
	}
	return y
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
// thread count, one column per system, then each system's interval as
// the distances down and up from the centre) with a clustered column
// chart whose error bars are those distances, and the findings below it.
func (wb *workbook) summary(v *View, an *analyze.Analysis, pal *Palette) error {
	// Each workload in its own metric: when they differ, a workload's
	// name carries its metric and no chart puts them on one axis.
	mixed := v.Unit == "" && v.Report != nil && v.Report.Metric == ""
	cols := []xcol{{"workload", ""}, {"threads", "0"}}
	for _, s := range v.Systems {
		if mixed {
			cols = append(cols, xcol{s, "#,##0.000"})
		} else {
			cols = append(cols, xcol{s + " " + v.Metric, "#,##0.00"})
		}
	}
	for _, s := range v.Systems {
		cols = append(cols, xcol{s + " ci−", "#,##0.00"}, xcol{s + " ci+", "#,##0.00"})
	}
	var others []string // the systems compared with the base
	for _, s := range v.Systems {
		if s != v.Base {
			others = append(others, s)
			cols = append(cols, xcol{s + " / " + v.Base, "0.00\"×\""}, xcol{s + " / " + v.Base + " ci−", "0.00\"×\""},
				xcol{s + " / " + v.Base + " ci+", "0.00\"×\""}, xcol{s + " p", "0.000"})
		}
	}
	type line struct {
		w                  string
		t                  int
		vals, lo, hi       map[string]float64
		ratio, rlo, rhi, p map[string]float64
	}
	var lines []line
	for _, w := range v.Workloads {
		if len(w.Threads) == 0 {
			continue
		}
		t := w.Threads[len(w.Threads)-1]
		name := w.Name
		if mixed {
			name += " (" + w.Metric + ")"
		}
		l := line{w: name, t: t, vals: map[string]float64{}, lo: map[string]float64{}, hi: map[string]float64{},
			ratio: map[string]float64{}, rlo: map[string]float64{}, rhi: map[string]float64{}, p: map[string]float64{}}
		for _, r := range w.Results {
			if r.Threads == t {
				l.vals[r.System], l.lo[r.System], l.hi[r.System] = pf(r.Center), pf(r.Lo), pf(r.Hi)
			}
		}
		for _, r := range w.Ratios {
			if r.Threads == t {
				l.ratio[r.System], l.rlo[r.System], l.rhi[r.System], l.p[r.System] = pf(r.Ratio), pf(r.Lo), pf(r.Hi), pf(r.P)
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
	conf := FormatFixed(100*v.Confidence, 0) + "%"
	metricNote := fmt.Sprintf("Metric: %s (%s over the repeats, %s confidence intervals); baseline: %s.", v.Metric, v.Center, conf, v.Base)
	if mixed {
		metricNote = fmt.Sprintf("Each workload in its own metric, named after it (%s; %s over the repeats, %s confidence intervals); baseline: %s.", v.Metric, v.Center, conf, v.Base)
	}
	notes := []string{v.Title, metricNote,
		fmt.Sprintf("ci− and ci+: how far the %s confidence interval reaches below and above the %s; the chart draws them as error bars.", conf, v.Center)}
	if len(others) > 0 {
		notes = append(notes, fmt.Sprintf("The chart shows each system's ratio to %s on a log scale (bars from 1×, down when lower), its %s interval as error bars.", v.Base, conf))
	}
	notes = append(notes, v.Summary...)
	n := len(v.Systems)
	charts := func() error {
		if len(lines) == 0 || n == 0 {
			return nil
		}
		// Below the notes, so that the sheet prints as wide as its table.
		anchor, _ := excelize.CoordinatesToCellName(1, max(len(lines)+1, 2)+2+len(notes)+1)
		if len(others) > 0 {
			// The extent of every ratio and its interval, for the axis.
			lo, hi := math.Inf(1), math.Inf(-1)
			for _, l := range lines {
				for _, m := range []map[string]float64{l.ratio, l.rlo, l.rhi} {
					for _, x := range m {
						if finite(x) && x > 0 {
							lo, hi = math.Min(lo, x), math.Max(hi, x)
						}
					}
				}
			}
			return wb.addChart(SheetSummary, anchor, 720, 400, ratioChart(v, others, len(lines), pal, lo, hi))
		}
		if mixed { // no axis holds values of several metrics; ratios have none
			return nil
		}
		title := v.Metric + " by workload (largest thread count of each)"
		same := true
		for _, l := range lines {
			same = same && l.t == lines[0].t
		}
		if same {
			title = v.Metric + " by workload at " + threadsLabel(lines[0].t)
		}
		ch := xchart{bar: true, title: title, yTitle: metricLabel(metricID(v.Metric)), yMin0: true}
		for i, s := range v.Systems {
			ch.series = append(ch.series, xseries{
				name:  xref{SheetSummary, 3 + i, 1, 1},
				x:     xref{SheetSummary, 1, 2, len(lines) + 1},
				y:     xref{SheetSummary, 3 + i, 2, len(lines) + 1},
				minus: xref{SheetSummary, 3 + n + 2*i, 2, len(lines) + 1},
				plus:  xref{SheetSummary, 4 + n + 2*i, 2, len(lines) + 1},
				color: pal.Hex(s),
			})
		}
		return wb.addChart(SheetSummary, anchor, 720, 400, ch)
	}
	_, err := wb.table(SheetSummary, cols, func(yield func(xrow) error) error {
		for _, l := range lines {
			r := xrow{l.w, float64(l.t)}
			for _, s := range v.Systems {
				r = append(r, get(l.vals, s))
			}
			for _, s := range v.Systems {
				c, lo, hi := get(l.vals, s), get(l.lo, s), get(l.hi, s)
				r = append(r, c-lo, hi-c)
			}
			for _, s := range others {
				ra := get(l.ratio, s)
				r = append(r, ra, ra-get(l.rlo, s), get(l.rhi, s)-ra, get(l.p, s))
			}
			if err := yield(r); err != nil {
				return err
			}
		}
		return nil
	}, nil, notes, charts)
	return err
}

// ratioChart is the Summary's chart of ratios to the base: one series per
// system compared, one bar per workload growing from 1× on a log2 axis
// (so that 0.5× and 2× are as long, and a workload of 49k tps weighs no
// more than one of 1k), error bars from the ratio's ci− and ci+ columns.
// lo and hi are the extent of the ratios and their intervals; the axis
// spans the powers of 2 around them, symmetric about 1×.
func ratioChart(v *View, others []string, rows int, pal *Palette, lo, hi float64) xchart {
	k := 1.0
	if lo > 0 && hi > 0 && finite(lo) && finite(hi) {
		k = math.Max(k, math.Max(math.Ceil(-math.Log2(lo)-1e-9), math.Ceil(math.Log2(hi)-1e-9)))
	}
	ch := xchart{bar: true, title: v.Metric + " relative to " + v.Base + " (largest thread count)", yTitle: "ratio to " + v.Base + " (log scale)",
		yLog2: true, yMin: math.Exp2(-k), yMax: math.Exp2(k), yFormat: `0.###"×"`}
	n := len(v.Systems)
	for j, s := range others {
		col := 3 + 3*n + 4*j
		ch.series = append(ch.series, xseries{
			name:  xref{SheetSummary, col, 1, 1},
			x:     xref{SheetSummary, 1, 2, rows + 1},
			y:     xref{SheetSummary, col, 2, rows + 1},
			minus: xref{SheetSummary, col + 1, 2, rows + 1},
			plus:  xref{SheetSummary, col + 2, 2, rows + 1},
			color: pal.Hex(s),
		})
	}
	return ch
}

// runsAndIntervals writes the Runs sheet, a row a run, and the
// Intervals sheet, a row an interim report: the two that grow with the
// runs (a year of the demo plan run nightly: 65,000 and some 640,000
// rows), most of a workbook's time. The interim reports' rows are
// measured and written on a goroutine of their own while the runs' are;
// the steps either takes on the file are taken in the order of the
// sheets (tableStream), so the workbook is the same as when one is
// written after the other.
func (wb *workbook) runsAndIntervals(doc *parse.Document, an *analyze.Analysis) error {
	runs, ivs := wb.runs(doc, an), wb.intervals(doc, an)
	measured := make(chan error, 1)
	go func() { measured <- ivs.measure() }()
	err := runs.measure()
	if merr := <-measured; err == nil {
		err = merr
	}
	if err == nil {
		err = runs.begin()
	}
	if err == nil {
		err = ivs.begin()
	}
	if err != nil {
		return err
	}
	// The interim rows go on until they fill a sheet (a million rows),
	// where the next sheet's steps wait for the runs' sheet to be done.
	turn, streamed := make(chan struct{}), make(chan error, 1)
	var failed atomic.Bool
	go func() {
		streamed <- ivs.stream(func() { <-turn }, func() error {
			if failed.Load() {
				return errStopped
			}
			return nil
		})
	}()
	err = runs.stream(nil, nil)
	if err == nil {
		err = runs.finish(nil, nil)
	}
	failed.Store(err != nil)
	close(turn)
	if serr := <-streamed; err == nil {
		err = serr
	}
	if err != nil {
		return err
	}
	return ivs.finish(nil, nil)
}

// errStopped ends a table's rows written alongside one that failed.
var errStopped = errors.New("stopped: another sheet failed")

// runs is the Runs sheet's table: a row a run, every column runColumns
// gives.
func (wb *workbook) runs(doc *parse.Document, an *analyze.Analysis) *tableStream {
	rc := runColumns(doc, an)
	cols := make([]xcol, len(rc))
	for i, c := range rc {
		cols[i] = xcol{c.name, c.format}
	}
	return &tableStream{wb: wb, sheet: SheetRuns, cols: cols, rows: func(yield func(xrow) error) error {
		r := make(xrow, len(rc))
		for _, run := range doc.Runs {
			for i, c := range rc {
				if c.text != nil {
					r[i] = c.text(run)
				} else if c.flag != nil {
					r[i] = c.flag(run)
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
	}}
}

// intervals is the Intervals sheet's table: a row an interim report.
func (wb *workbook) intervals(doc *parse.Document, an *analyze.Analysis) *tableStream {
	cols := []xcol{{"run", ""}, {"system", ""}, {"workload", ""}, {"threads", "0"}, {"line", "0"}, {"t_s", "0"},
		{"tps", "#,##0.00"}, {"qps", "#,##0.00"}, {"eps", "#,##0.00"}, {"lat_ms", "0.00"}, {"lat_pct", "0.##"},
		{"reads_ps", "#,##0.00"}, {"writes_ps", "#,##0.00"}, {"other_ps", "#,##0.00"}, {"err_s", "0.00"}, {"reconn_s", "0.00"}}
	return &tableStream{wb: wb, sheet: SheetIntervals, cols: cols, rows: func(yield func(xrow) error) error {
		r := make(xrow, len(cols))
		for _, run := range doc.Runs {
			id := ref(run.Source, run.Line)
			k := keyOf(an.Dataset, run)
			sys, wl := k.System, k.Workload
			for _, iv := range run.Interim() {
				r[0], r[1], r[2], r[3] = id, sys, wl, pi(run.Threads)
				r[4], r[5], r[6], r[7], r[8] = float64(iv.Line), iv.T, iv.TPS, iv.QPS, iv.EPS
				r[9], r[10], r[11], r[12], r[13], r[14], r[15] = iv.LatMs, iv.LatPct, iv.Reads, iv.Writes, iv.Other, iv.ErrS, iv.ReconnS
				if err := yield(r); err != nil {
					return err
				}
			}
		}
		return nil
	}}
}

// comparisons writes one row per system and cell with the repeats one
// per cell (value_1, value_2, ...) after the summary columns.
func (wb *workbook) comparisons(an *analyze.Analysis) error {
	cols := []xcol{{"workload", ""}, {"threads", "0"}, {"metric", ""}, {"system", ""}, {"base", ""}, {"n", "0"},
		{"center", "#,##0.00"}, {"lo", "#,##0.00"}, {"hi", "#,##0.00"}, {"within_run", ""}, {"trimmed", ""},
		{"ratio", "0.000"}, {"ratio_lo", "0.000"}, {"ratio_hi", "0.000"}, {"p_value", "0.0000"}, {"test", ""},
		{"significant", ""}, {"better", ""}, {"verdict", ""}, {"warnings", ""}}
	repeats := 0
	if an.Comparison != nil {
		for _, r := range an.Comparison.Rows {
			repeats = max(repeats, len(r.Values))
		}
	}
	for i := 1; i <= repeats; i++ {
		cols = append(cols, xcol{fmt.Sprintf("value_%d", i), "#,##0.00"})
	}
	_, err := wb.table(SheetComparisons, cols, func(yield func(xrow) error) error {
		if an.Comparison == nil {
			return nil
		}
		for _, r := range an.Comparison.Rows {
			x := xrow{r.Workload, pi(r.Threads), string(r.Metric), r.System, r.Base, float64(r.N),
				pf(r.Center), pf(r.Lo), pf(r.Hi), r.Within, trimNote(r),
				pf(r.Ratio), pf(r.RatioLo), pf(r.RatioHi), pf(r.PValue), r.Test,
				r.Significant, r.Better, string(r.Verdict), joinWarnings(r.Warnings)}
			for _, v := range r.Values {
				x = append(x, v)
			}
			if err := yield(x); err != nil {
				return err
			}
		}
		return nil
	}, nil, nil, nil)
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
// contiguous range. Each workload with two or more thread counts gets a
// throughput chart (points with interval error bars, the USL fit of the
// Fit sheet as a line) and a p95 latency chart, both on a log2 thread
// axis when the counts double.
func (wb *workbook) scaling(an *analyze.Analysis, v *View, pal *Palette) error {
	cols := []xcol{{"workload", ""}, {"system", ""}, {"threads", "0"}, {"n", "0"}, {"throughput", "#,##0.00"},
		{"lo", "#,##0.00"}, {"hi", "#,##0.00"}, {"ci_minus", "#,##0.00"}, {"ci_plus", "#,##0.00"},
		{"p95_ms", "0.00"}, {"p95_min_ms", "0.00"}, {"p95_max_ms", "0.00"}, {"efficiency", "0.0%"}, {"fitted", "#,##0.00"},
		{"lambda", "#,##0.00"}, {"sigma", "0.00000"}, {"kappa", "0.0000000"}, {"r2", "0.000"},
		{"peak_threads", "#,##0"}, {"peak_throughput", "#,##0.00"}, {"peak_extrapolated", ""}, {"cpus", "0"}}
	const (
		colThreads    = 3
		colThroughput = 5
		colMinus      = 8
		colPlus       = 9
		colP95        = 10
	)
	curves := scalingCurves(an, v)
	cellOf := map[analyze.Key]*analyze.Cell{}
	if an.Dataset != nil {
		for _, c := range an.Dataset.Cells {
			cellOf[c.Key] = c
		}
	}
	type span struct {
		c           *analyze.Curve
		first, last int
	}
	var spans []span
	row := 2
	for _, c := range curves {
		spans = append(spans, span{c, row, row + len(c.Points) - 1})
		row += len(c.Points)
	}
	charts := func() error {
		fits := wb.fitSpans(an, v)
		chartRow := 2
		for _, w := range v.Workloads {
			if len(w.Threads) < 2 {
				continue
			}
			ts := make([]float64, len(w.Threads))
			for i, t := range w.Threads {
				ts[i] = float64(t)
			}
			rate := metricID(w.Rate)
			if rate == "" {
				rate = metricID(w.Metric)
			}
			tput := xchart{title: w.Name + ": " + string(rate) + " vs threads", xTitle: "threads", yTitle: metricLabel(rate), yMin0: true}
			lat := xchart{title: w.Name + ": p95 latency vs threads", xTitle: "threads", yTitle: "p95 latency (ms)", yMin0: true}
			if geometric(ts) {
				tput.xLog2, lat.xLog2 = true, true
				tput.xTitle, lat.xTitle = "threads (log2 scale)", "threads (log2 scale)"
			}
			tput.xMin, tput.xMax = threadBounds(ts, tput.xLog2)
			lat.xMin, lat.xMax = tput.xMin, tput.xMax
			for _, sp := range spans {
				if sp.c.Workload != w.Name {
					continue
				}
				col := pal.Hex(sp.c.System)
				x := xref{SheetScaling, colThreads, sp.first, sp.last}
				tput.series = append(tput.series, xseries{name: xref{SheetScaling, 2, sp.first, sp.first}, x: x,
					y:     xref{SheetScaling, colThroughput, sp.first, sp.last},
					minus: xref{SheetScaling, colMinus, sp.first, sp.last}, plus: xref{SheetScaling, colPlus, sp.first, sp.last},
					color: col, marker: true, lineWidth: 1})
				lat.series = append(lat.series, xseries{name: xref{SheetScaling, 2, sp.first, sp.first}, x: x,
					y: xref{SheetScaling, colP95, sp.first, sp.last}, color: col, marker: true, lineWidth: 1})
			}
			for _, fs := range fits {
				if fs.workload != w.Name {
					continue
				}
				s := xseries{name: xref{SheetFit, 6, fs.first, fs.first}, x: xref{SheetFit, 3, fs.first, fs.last},
					y: xref{SheetFit, 4, fs.first, fs.last}, color: pal.Hex(fs.system), lineWidth: 1.5, dash: true}
				if fs.poor {
					s.color, s.lineWidth = lighterHex(pal.Color(fs.system)), 1
				}
				tput.series = append(tput.series, s)
			}
			if len(tput.series) == 0 {
				continue
			}
			anchor, _ := excelize.CoordinatesToCellName(len(cols)+2, chartRow)
			if err := wb.addChart(SheetScaling, anchor, 640, 360, tput); err != nil {
				return err
			}
			chartRow += 20
			anchor, _ = excelize.CoordinatesToCellName(len(cols)+2, chartRow)
			if err := wb.addChart(SheetScaling, anchor, 640, 360, lat); err != nil {
				return err
			}
			chartRow += 20
		}
		return nil
	}
	_, err := wb.table(SheetScaling, cols, func(yield func(xrow) error) error {
		for _, c := range curves {
			// A peak whose guard failed is not a figure of the workbook.
			peakN, peakX := pf(c.PeakThreads), pf(c.PeakThroughput)
			if v.Report != nil && v.Report.Findings.Refused(c.Workload, c.System, analyze.CodeUSLPeak) {
				peakN, peakX = math.NaN(), math.NaN()
			}
			for _, p := range c.Points {
				lo, hi := math.NaN(), math.NaN()
				if p.Throughput.Finite() && p.Throughput.N > 1 {
					lo, hi = p.Throughput.Lo, p.Throughput.Hi
				}
				c95 := cellOf[analyze.Key{System: c.System, Workload: c.Workload, Threads: p.Threads}]
				plo, phi, _ := p95Range(c95)
				x := p.Throughput.Center
				if err := yield(xrow{c.Workload, c.System, float64(p.Threads), float64(p.N), x, lo, hi, x - lo, hi - x,
					pf(p.P95Ms), plo, phi, pf(p.Efficiency), pf(p.Fitted), pf(c.Lambda), pf(c.Sigma), pf(c.Kappa), pf(c.R2),
					peakN, peakX, c.PeakExtrapolated, pi(c.CPUs)}); err != nil {
					return err
				}
			}
		}
		return nil
	}, nil, nil, charts)
	return err
}

// scalingCurves returns the curves with points, by workload in view order
// and then by system, the baseline first.
func scalingCurves(an *analyze.Analysis, v *View) []*analyze.Curve {
	if an.Scaling == nil {
		return nil
	}
	byW := map[string][]*analyze.Curve{}
	for _, c := range an.Scaling.Curves {
		if len(c.Points) > 0 {
			byW[c.Workload] = append(byW[c.Workload], c)
		}
	}
	var out []*analyze.Curve
	for _, w := range v.Workloads {
		out = append(out, orderCurves(byW[w.Name], v.Systems)...)
	}
	return out
}

// threadBounds returns the ends of a thread axis: powers of two around
// the counts on a log2 axis, zero and a little past the last otherwise.
func threadBounds(ts []float64, log2 bool) (lo, hi float64) {
	if len(ts) == 0 {
		return 0, 1
	}
	if log2 {
		return math.Pow(2, math.Floor(math.Log2(ts[0]))), math.Pow(2, math.Ceil(math.Log2(ts[len(ts)-1])))
	}
	return 0, niceMax(ts[len(ts)-1])
}

// fitSamples is the number of points of a fitted USL curve in the Fit
// sheet: enough for a smooth line between the measured thread counts.
const fitSamples = 25

// A fitSpan is the rows of one fitted curve in the Fit sheet.
type fitSpan struct {
	workload, system string
	poor             bool
	first, last      int
}

// fitCurves returns the curves that have a USL fit, in the order of
// scalingCurves.
func fitCurves(an *analyze.Analysis, v *View) []*analyze.Curve {
	var out []*analyze.Curve
	for _, c := range scalingCurves(an, v) {
		if c.Lambda != nil && c.Sigma != nil && c.Kappa != nil && len(c.Points) >= 2 {
			out = append(out, c)
		}
	}
	return out
}

// fitSpans returns where fit writes each curve.
func (wb *workbook) fitSpans(an *analyze.Analysis, v *View) []fitSpan {
	var out []fitSpan
	row := 2
	for _, c := range fitCurves(an, v) {
		out = append(out, fitSpan{c.Workload, c.System, c.R2 != nil && *c.R2 < poorFitR2, row, row + fitSamples - 1})
		row += fitSamples
	}
	return out
}

// fit writes each USL fit sampled at fitSamples thread counts between the
// first and last measured (log-spaced when the counts double), for the
// charts' fitted lines; the series name says when the fit is poor.
func (wb *workbook) fit(an *analyze.Analysis, v *View) error {
	cols := []xcol{{"workload", ""}, {"system", ""}, {"threads", "0.00"}, {"fitted", "#,##0.00"}, {"r2", "0.000"}, {"series", ""}, {"poor_fit", ""}}
	_, err := wb.table(SheetFit, cols, func(yield func(xrow) error) error {
		for _, c := range fitCurves(an, v) {
			m := analyze.Model{Lambda: *c.Lambda, Sigma: *c.Sigma, Kappa: *c.Kappa}
			ts := make([]float64, len(c.Points))
			for i, p := range c.Points {
				ts[i] = float64(p.Threads)
			}
			lo, hi, logx := ts[0], ts[len(ts)-1], geometric(ts)
			poor := c.R2 != nil && *c.R2 < poorFitR2
			name := c.System + " USL fit"
			if poor {
				name += " (poor: R² " + FormatFixed(*c.R2, 2) + " < " + trimZeros(FormatFixed(poorFitR2, 2)) + ")"
			}
			for i := 0; i < fitSamples; i++ {
				f := float64(i) / (fitSamples - 1)
				x := lo + (hi-lo)*f
				if logx {
					x = lo * math.Pow(hi/lo, f)
				}
				if err := yield(xrow{c.Workload, c.System, x, m.ThroughputAt(x), pf(c.R2), name, poor}); err != nil {
					return err
				}
			}
		}
		return nil
	}, nil, nil, nil)
	return err
}

// hosts writes the hardware, one column per system: counts and sizes as
// numbers, memory as bytes with a GiB row beside it (a number format
// cannot divide by 2³⁰).
func (wb *workbook) hosts(v *View) error {
	cols := []xcol{{"property", ""}}
	for _, s := range v.Setup.HostSystems {
		cols = append(cols, xcol{s, ""})
	}
	bytesSt, err := wb.style("#,##0\" B\"")
	if err != nil {
		return err
	}
	gibSt, err := wb.style("0.0\" GiB\"")
	if err != nil {
		return err
	}
	mhzSt, err := wb.style("#,##0\" MHz\"")
	if err != nil {
		return err
	}
	styled := func(x float64, st int) excelize.Cell { return excelize.Cell{StyleID: st, Value: x} }
	_, err = wb.table(SheetHosts, cols, func(yield func(xrow) error) error {
		for _, r := range v.Setup.Hosts {
			x := xrow{r.Name}
			gib := xrow{r.Name + " (GiB)"}
			for i, val := range r.Values {
				var n *float64
				if i < len(r.Nums) {
					n = r.Nums[i]
				}
				switch {
				case n == nil:
					x = append(x, val)
					gib = append(gib, nil)
				case r.Unit == "bytes":
					x = append(x, styled(*n, bytesSt))
					gib = append(gib, styled(*n/(1<<30), gibSt))
				case r.Unit == "MHz":
					x = append(x, styled(*n, mhzSt))
				default:
					x = append(x, *n)
				}
			}
			if err := yield(x); err != nil {
				return err
			}
			if r.Unit == "bytes" {
				if err := yield(gib); err != nil {
					return err
				}
			}
		}
		return nil
	}, nil, nil, nil)
	return err
}

// variables writes every captured server variable, one column per system,
// and whether its values differ (highlighted). A value that is a plain
// decimal number is a number cell; the rest stay text, as captured.
func (wb *workbook) variables(doc *parse.Document, an *analyze.Analysis, v *View) error {
	vals, systems := variablesOf(v.Report)
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
				val, ok := vals[s][n]
				switch x, num := variableNumber(val); {
				case !ok:
					r = append(r, nil)
				case num:
					r = append(r, x)
				default:
					r = append(r, val)
				}
			}
			if err := yield(append(r, differs(n))); err != nil {
				return err
			}
		}
		return nil
	}, func(_ int, r xrow) int {
		if r[len(r)-1] == true {
			return wb.differ
		}
		return 0
	}, nil, nil)
	return err
}

// variableNumber reads a server variable's value as a number when it is a
// plain decimal ("4", "0.75", "-1") that a spreadsheet holds exactly: at
// most 15 significant digits, no leading zero, no exponent. Values such
// as "18446744073709551615", "0022" or "1e3" stay text.
func variableNumber(s string) (float64, bool) {
	if s == "" || len(s) > 24 {
		return 0, false
	}
	digits, dot := 0, false
	for i, c := range s {
		switch {
		case c == '-' && i == 0:
		case c == '.' && !dot && i > 0 && s[i-1] >= '0' && s[i-1] <= '9' && i < len(s)-1:
			dot = true
		case c >= '0' && c <= '9':
			digits++
		default:
			return 0, false
		}
	}
	t := strings.TrimPrefix(s, "-")
	if digits == 0 || digits > 15 || (len(t) > 1 && t[0] == '0' && t[1] != '.') {
		return 0, false
	}
	x, err := strconv.ParseFloat(s, 64)
	return x, err == nil && finite(x)
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
	}, nil, nil, nil)
	return err
}
