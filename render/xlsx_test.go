package render

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

// A workbook under test: the file reopened with excelize, its chart
// parts parsed, and the analysis it was made from.
type testBook struct {
	f      *excelize.File
	raw    []byte
	charts []chartDoc
	an     *analyze.Analysis
	doc    *parse.Document
}

func openBook(t *testing.T, doc *parse.Document) testBook {
	t.Helper()
	an := analyzeDoc(t, doc)
	v := newView(doc, an, Options{Title: "Test report"})
	pal := NewPalette(v.Systems)
	planCharts(doc, an, v, pal)
	var buf bytes.Buffer
	if err := Workbook(&buf, doc, an, v, pal); err != nil {
		t.Fatal(err)
	}
	raw := buf.Bytes()
	f, err := excelize.OpenReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	b := testBook{f: f, raw: raw, an: an, doc: doc}
	for i := 1; ; i++ {
		part := b.part(t, fmt.Sprintf("xl/charts/chart%d.xml", i))
		if part == nil {
			break
		}
		var c chartDoc
		if err := xml.Unmarshal(part, &c); err != nil {
			t.Fatalf("chart%d.xml: %v", i, err)
		}
		b.charts = append(b.charts, c)
	}
	return b
}

// part returns a file of the workbook's zip, nil when absent.
func (b testBook) part(t *testing.T, name string) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(b.raw), int64(len(b.raw)))
	if err != nil {
		t.Fatal(err)
	}
	for _, zf := range zr.File {
		if zf.Name == name {
			rc, err := zf.Open()
			if err != nil {
				t.Fatal(err)
			}
			defer rc.Close()
			data, err := io.ReadAll(rc)
			if err != nil {
				t.Fatal(err)
			}
			return data
		}
	}
	return nil
}

// The parts of a DrawingML chart the tests read (element names match in
// any namespace).
type chartDoc struct {
	Title   string     `xml:"chart>title>tx>rich>p>r>t"`
	Bar     *plotChart `xml:"chart>plotArea>barChart"`
	Scatter *plotChart `xml:"chart>plotArea>scatterChart"`
	ValAx   []chartAx  `xml:"chart>plotArea>valAx"`
}

type plotChart struct {
	Ser []chartSer `xml:"ser"`
}

type chartSer struct {
	Name    chartStrRef  `xml:"tx>strRef"`
	Cat     chartStrRef  `xml:"cat>strRef"`
	Val     chartNumRef  `xml:"val>numRef"`
	XVal    chartNumRef  `xml:"xVal>numRef"`
	XValStr *chartStrRef `xml:"xVal>strRef"`
	YVal    chartNumRef  `xml:"yVal>numRef"`
	Plus    chartNumRef  `xml:"errBars>plus>numRef"`
	Minus   chartNumRef  `xml:"errBars>minus>numRef"`
}

type chartNumRef struct {
	F     string    `xml:"f"`
	Count chartVal  `xml:"numCache>ptCount"`
	Pts   []chartPt `xml:"numCache>pt"`
}

type chartStrRef struct {
	F   string    `xml:"f"`
	Pts []chartPt `xml:"strCache>pt"`
}

type chartPt struct {
	Idx int    `xml:"idx,attr"`
	V   string `xml:"v"`
}

type chartVal struct {
	Val string `xml:"val,attr"`
}

type chartAx struct {
	ID      chartVal  `xml:"axId"`
	LogBase *chartVal `xml:"scaling>logBase"`
	Min     *chartVal `xml:"scaling>min"`
	Max     *chartVal `xml:"scaling>max"`
	Major   *chartVal `xml:"majorUnit"`
}

var refRE = regexp.MustCompile(`^'([^']+)'!\$([A-Z]+)\$(\d+)(?::\$([A-Z]+)\$(\d+))?$`)

// cells returns the raw values of the cells a chart reference names.
func (b testBook) cells(t *testing.T, ref string) (sheet string, cells []string, values []string) {
	t.Helper()
	m := refRE.FindStringSubmatch(ref)
	if m == nil {
		t.Fatalf("reference %q is not an absolute column range", ref)
	}
	first, _ := strconv.Atoi(m[3])
	last := first
	if m[5] != "" {
		last, _ = strconv.Atoi(m[5])
		if m[4] != m[2] {
			t.Fatalf("reference %q spans columns", ref)
		}
	}
	for r := first; r <= last; r++ {
		c := m[2] + strconv.Itoa(r)
		v, err := b.f.GetCellValue(m[1], c, excelize.Options{RawCellValue: true})
		if err != nil {
			t.Fatal(err)
		}
		cells, values = append(cells, c), append(values, v)
	}
	return m[1], cells, values
}

// checkNumRef checks that a numeric reference names number cells and
// that its cache holds their values.
func (b testBook) checkNumRef(t *testing.T, what string, r chartNumRef) []float64 {
	t.Helper()
	sheet, cells, vals := b.cells(t, r.F)
	if r.Count.Val != strconv.Itoa(len(cells)) {
		t.Errorf("%s %s: cache counts %s points, range has %d", what, r.F, r.Count.Val, len(cells))
	}
	cache := map[int]string{}
	for _, p := range r.Pts {
		cache[p.Idx] = p.V
	}
	out := make([]float64, len(cells))
	for i, c := range cells {
		out[i] = math.NaN()
		if vals[i] == "" {
			if _, ok := cache[i]; ok {
				t.Errorf("%s: %s!%s is empty but cached as %s", what, sheet, c, cache[i])
			}
			continue
		}
		typ, _ := b.f.GetCellType(sheet, c)
		if typ != excelize.CellTypeNumber && typ != excelize.CellTypeUnset {
			t.Errorf("%s: %s!%s has type %v, want a number", what, sheet, c, typ)
		}
		x, err := strconv.ParseFloat(vals[i], 64)
		if err != nil {
			t.Errorf("%s: %s!%s = %q", what, sheet, c, vals[i])
			continue
		}
		y, err := strconv.ParseFloat(cache[i], 64)
		if err != nil || x != y {
			t.Errorf("%s: %s!%s = %v, cached %q", what, sheet, c, x, cache[i])
		}
		out[i] = x
	}
	return out
}

// checkStrRef checks that a text reference's cache holds its cells.
func (b testBook) checkStrRef(t *testing.T, what string, r chartStrRef) []string {
	t.Helper()
	_, cells, vals := b.cells(t, r.F)
	if len(r.Pts) != len(cells) {
		t.Errorf("%s %s: %d cached, %d cells", what, r.F, len(r.Pts), len(cells))
	}
	for _, p := range r.Pts {
		if p.Idx >= len(vals) || p.V != vals[p.Idx] {
			t.Errorf("%s %s: cached %q at %d, cells %q", what, r.F, p.V, p.Idx, vals)
		}
	}
	return vals
}

// column returns the 1-based column of a header in a sheet.
func (b testBook) column(t *testing.T, sheet, header string) int {
	t.Helper()
	rows, err := b.f.GetRows(sheet)
	if err != nil || len(rows) == 0 {
		t.Fatalf("%s: %v", sheet, err)
	}
	for i, h := range rows[0] {
		if h == header {
			return i + 1
		}
	}
	t.Fatalf("%s has no column %q (header %q)", sheet, header, rows[0])
	return 0
}

func (b testBook) cell(t *testing.T, sheet string, col, row int) (excelize.CellType, string) {
	t.Helper()
	c, _ := excelize.CoordinatesToCellName(col, row)
	typ, err := b.f.GetCellType(sheet, c)
	if err != nil {
		t.Fatal(err)
	}
	v, err := b.f.GetCellValue(sheet, c, excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	return typ, v
}

func numberCell(typ excelize.CellType) bool {
	return typ == excelize.CellTypeNumber || typ == excelize.CellTypeUnset
}

// TestWorkbookTypes reopens the workbook of testdata/engines and checks
// that numbers, booleans and text land in cells of their type, with the
// values printed in the inputs.
func TestWorkbookTypes(t *testing.T) {
	b := openBook(t, load(t, "testdata/engines"))
	want := []string{SheetSummary, SheetRuns, SheetIntervals, SheetComparisons, SheetScaling, SheetFit, SheetHosts, SheetVariables, SheetTables, SheetFindings}
	if got := b.f.GetSheetList(); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("sheets %v, want %v", got, want)
	}

	// Runs: "transactions: ... (6280.14 per sec.)" of the rocksdb
	// oltp_insert run, and its completeness as a boolean.
	src, tps, complete := b.column(t, SheetRuns, "source"), b.column(t, SheetRuns, "tps"), b.column(t, SheetRuns, "complete")
	found := false
	for row := 2; row <= len(b.doc.Runs)+1; row++ {
		if _, s := b.cell(t, SheetRuns, src, row); !strings.HasSuffix(s, "engine=rocksdb/sysbench-1.0.20-oltp_insert-rocksdb-4thr.txt") {
			continue
		}
		found = true
		if typ, v := b.cell(t, SheetRuns, tps, row); !numberCell(typ) || v != "6280.14" {
			t.Errorf("Runs tps: %v %q, want the number 6280.14", typ, v)
		}
		if typ, v := b.cell(t, SheetRuns, complete, row); typ != excelize.CellTypeBool || v != "1" {
			t.Errorf("Runs complete: %v %q, want the boolean TRUE", typ, v)
		}
	}
	if !found {
		t.Fatal("rocksdb oltp_insert run not in the Runs sheet")
	}

	// Comparisons: flags are booleans and the repeats one per cell.
	if rows, _ := b.f.GetRows(SheetComparisons); strings.Contains(strings.Join(rows[0], ","), ",values,") {
		t.Errorf("Comparisons still packs the repeats into one column: %q", rows[0])
	}
	for i, r := range b.an.Comparison.Rows {
		row := i + 2
		for _, f := range []struct {
			name string
			want bool
		}{{"base", r.Base}, {"within_run", r.Within}, {"significant", r.Significant}, {"better", r.Better}} {
			typ, v := b.cell(t, SheetComparisons, b.column(t, SheetComparisons, f.name), row)
			if typ != excelize.CellTypeBool || (v == "1") != f.want {
				t.Errorf("Comparisons row %d %s: %v %q, want the boolean %v", row, f.name, typ, v, f.want)
			}
		}
		for k, x := range r.Values {
			typ, v := b.cell(t, SheetComparisons, b.column(t, SheetComparisons, fmt.Sprintf("value_%d", k+1)), row)
			if y, err := strconv.ParseFloat(v, 64); !numberCell(typ) || err != nil || y != x {
				t.Errorf("Comparisons row %d value_%d: %v %q, want %v", row, k+1, typ, v, x)
			}
		}
	}

	// Hosts: free printed "Mem: 24683652" KiB on every engine's host.
	hostRow := func(name string) int {
		rows, _ := b.f.GetRows(SheetHosts)
		for i, r := range rows {
			if len(r) > 0 && r[0] == name {
				return i + 1
			}
		}
		t.Fatalf("Hosts has no row %q", name)
		return 0
	}
	if typ, v := b.cell(t, SheetHosts, 2, hostRow("memory")); !numberCell(typ) || v != "25276059648" {
		t.Errorf("Hosts memory: %v %q, want the number 25276059648 (24683652 KiB)", typ, v)
	}
	if typ, v := b.cell(t, SheetHosts, 2, hostRow("memory (GiB)")); !numberCell(typ) || !strings.HasPrefix(v, "23.54") {
		t.Errorf("Hosts memory (GiB): %v %q, want 23.54…", typ, v)
	}
	if shown, _ := b.f.GetCellValue(SheetHosts, "B"+strconv.Itoa(hostRow("memory (GiB)"))); shown != "23.5 GiB" {
		t.Errorf("Hosts memory (GiB) shows %q, want 23.5 GiB", shown)
	}
	if typ, v := b.cell(t, SheetHosts, 2, hostRow("logical CPUs")); !numberCell(typ) || v == "" {
		t.Errorf("Hosts logical CPUs: %v %q, want a number", typ, v)
	}

	// Variables: plain numbers are numbers, the rest text as captured;
	// differs is a boolean on every row.
	rows, err := b.f.GetRows(SheetVariables)
	if err != nil {
		t.Fatal(err)
	}
	differs := len(rows[0])
	numbers, texts := 0, 0
	for i, r := range rows[1:] {
		row := i + 2
		if typ, v := b.cell(t, SheetVariables, differs, row); typ != excelize.CellTypeBool {
			t.Errorf("Variables row %d differs: %v %q, want a boolean", row, typ, v)
		}
		for col := 2; col < differs; col++ {
			typ, v := b.cell(t, SheetVariables, col, row)
			if v == "" {
				continue
			}
			_, num := variableNumber(v)
			switch {
			case num && numberCell(typ):
				numbers++
			case !num && (typ == excelize.CellTypeSharedString || typ == excelize.CellTypeInlineString):
				texts++
			default:
				t.Errorf("Variables %s on row %d: %q has type %v", r[0], row, v, typ)
			}
		}
		switch r[0] {
		case "innodb_buffer_pool_size":
			if typ, v := b.cell(t, SheetVariables, 2, row); !numberCell(typ) || v != "268435456" {
				t.Errorf("innodb_buffer_pool_size: %v %q, want the number 268435456", typ, v)
			}
		case "max_binlog_cache_size": // 20 digits: a double would round it
			if typ, v := b.cell(t, SheetVariables, 2, row); numberCell(typ) || v != "18446744073709547520" {
				t.Errorf("max_binlog_cache_size: %v %q, want the text 18446744073709547520", typ, v)
			}
		}
	}
	t.Logf("Variables: %d numbers, %d texts", numbers, texts)
	if numbers < 1000 || texts == 0 {
		t.Errorf("Variables: %d numbers and %d texts, want over 1,000 numbers (three captures of MariaDB 10.11) and some text", numbers, texts)
	}

	// The Summary chart: clustered columns of each engine's ratio to
	// the base on a log2 axis, error bars from the ratio's ci− and ci+
	// columns, everything cached.
	if len(b.charts) == 0 || b.charts[0].Bar == nil {
		t.Fatalf("chart1 is not the Summary bar chart: %+v", b.charts)
	}
	if sheet := b.part(t, "xl/worksheets/sheet1.xml"); !bytes.Contains(sheet, []byte("<drawing ")) {
		t.Error("the Summary sheet does not reference its drawing: its chart would not show")
	}
	if ax := b.charts[0].ValAx; len(ax) != 1 || ax[0].LogBase == nil || ax[0].LogBase.Val != "2" {
		t.Errorf("Summary value axis %+v, want a log2 axis", ax)
	}
	base := b.an.Comparison.Base
	if len(b.charts[0].Bar.Ser) != 2 {
		t.Errorf("%d Summary series, want 2 (every engine but the base, %s)", len(b.charts[0].Bar.Ser), base)
	}
	for _, s := range b.charts[0].Bar.Ser {
		name := b.checkStrRef(t, "Summary series name", s.Name)
		cats := b.checkStrRef(t, "Summary categories", s.Cat)
		if strings.Join(cats, ",") != "oltp_insert,oltp_point_select,oltp_read_only,oltp_read_write,oltp_update_index" {
			t.Errorf("Summary categories %q", cats)
		}
		sys := strings.TrimSuffix(name[0], " / "+base)
		vals := b.checkNumRef(t, name[0], s.Val)
		for i, w := range cats {
			r := comparisonRow(b.an, sys, w, 4)
			if r == nil || r.Ratio == nil || !close15(vals[i], *r.Ratio) {
				t.Errorf("%s %s: bar %v, analysis %+v", sys, w, vals[i], r)
			}
			// One run per engine, too short for batch means: no
			// interval, so no error bars.
			if r != nil && r.RatioLo != nil {
				t.Fatalf("%s %s has an interval: the test expects none", sys, w)
			}
		}
		if s.Minus.F != "" || s.Plus.F != "" {
			t.Errorf("%s: error bars %s %s without intervals", sys, s.Minus.F, s.Plus.F)
		}
	}
}

// close15 reports whether a cell value is x to the 15 significant digits
// a spreadsheet keeps.
func close15(cell, x float64) bool { return math.Abs(cell-x) <= 5e-15*math.Abs(x) }

func comparisonRow(an *analyze.Analysis, sys, w string, threads int) *analyze.Row {
	for i, r := range an.Comparison.Rows {
		if r.System == sys && r.Workload == w && r.Threads != nil && *r.Threads == threads {
			return &an.Comparison.Rows[i]
		}
	}
	return nil
}

// TestWorkbookScalingChart checks the charts of a thread sweep: the
// thread counts plotted as numbers on a log2 axis, the fit drawn from the
// Fit sheet, and a latency chart.
func TestWorkbookScalingChart(t *testing.T) {
	b := openBook(t, load(t, "testdata/sweep"))
	if typ, v := b.cell(t, SheetScaling, 3, 3); !numberCell(typ) || v != "8" {
		t.Errorf("Scaling!C3 = %v %q, want the number 8 (the second thread count)", typ, v)
	}
	if typ, _ := b.cell(t, SheetScaling, b.column(t, SheetScaling, "peak_extrapolated"), 2); typ != excelize.CellTypeBool {
		t.Errorf("peak_extrapolated has type %v, want a boolean", typ)
	}
	if sheet := b.part(t, "xl/worksheets/sheet5.xml"); !bytes.Contains(sheet, []byte("<drawing ")) {
		t.Error("the Scaling sheet does not reference its drawing")
	}
	var tput, lat *chartDoc
	for i := range b.charts {
		switch b.charts[i].Title {
		case "oltp_read_write: tps vs threads":
			tput = &b.charts[i]
		case "oltp_read_write: p95 latency vs threads":
			lat = &b.charts[i]
		}
	}
	if tput == nil || lat == nil || tput.Scatter == nil || lat.Scatter == nil {
		t.Fatalf("no throughput and latency scatter charts among %d", len(b.charts))
	}
	for _, c := range []*chartDoc{tput, lat} {
		var x *chartAx
		for i := range c.ValAx {
			if c.ValAx[i].ID.Val == strconv.Itoa(axX) {
				x = &c.ValAx[i]
			}
		}
		// Six thread counts, 1 to 128: a log2 axis from 1 to 128.
		if x == nil || x.LogBase == nil || x.LogBase.Val != "2" || x.Min == nil || x.Min.Val != "1" || x.Max == nil || x.Max.Val != "128" || x.Major == nil || x.Major.Val != "2" {
			t.Errorf("%s: x axis %+v, want log2 from 1 to 128 by doubling", c.Title, x)
		}
	}
	// The measured series: threads and tps as numbers, cached.
	s := tput.Scatter.Ser[0]
	if s.XValStr != nil {
		t.Errorf("x values referenced as text (%s): Excel would number the points 1, 2, 3…", s.XValStr.F)
	}
	if s.XVal.F != "'Scaling'!$C$2:$C$7" || s.YVal.F != "'Scaling'!$E$2:$E$7" {
		t.Errorf("measured series x %s y %s, want 'Scaling'!$C$2:$C$7 and $E$2:$E$7", s.XVal.F, s.YVal.F)
	}
	threads := b.checkNumRef(t, "threads", s.XVal)
	if fmt.Sprint(threads) != "[1 8 16 32 64 128]" {
		t.Errorf("threads %v", threads)
	}
	tps := b.checkNumRef(t, "tps", s.YVal)
	c := b.an.Scaling.Curves[0]
	for i, p := range c.Points {
		if !close15(tps[i], p.Throughput.Center) {
			t.Errorf("%d threads: %v plotted, %v measured", p.Threads, tps[i], p.Throughput.Center)
		}
	}
	// One run per thread count: no interval, so no error bars.
	if s.Plus.F != "" {
		t.Errorf("error bars %s without an interval", s.Plus.F)
	}
	// The fit: a second series over the Fit sheet, fitSamples points of
	// the model from the first to the last thread count.
	if len(tput.Scatter.Ser) != 2 {
		t.Fatalf("%d series, want the points and the fit", len(tput.Scatter.Ser))
	}
	fit := tput.Scatter.Ser[1]
	if name := b.checkStrRef(t, "fit name", fit.Name); name[0] != "all USL fit" {
		t.Errorf("fit series named %q", name)
	}
	fx, fy := b.checkNumRef(t, "fit x", fit.XVal), b.checkNumRef(t, "fit y", fit.YVal)
	if len(fx) != fitSamples || fx[0] != 1 || math.Abs(fx[len(fx)-1]-128) > 1e-9 {
		t.Errorf("fit x from %v to %v in %d points", fx[0], fx[len(fx)-1], len(fx))
	}
	m := analyze.Model{Lambda: *c.Lambda, Sigma: *c.Sigma, Kappa: *c.Kappa}
	for i := range fx {
		if want := m.ThroughputAt(fx[i]); !close15(fy[i], want) {
			t.Errorf("fit at %v threads: %v, model %v", fx[i], fy[i], want)
		}
	}
	// The latency chart plots the p95 column.
	if l := lat.Scatter.Ser[0]; l.YVal.F != "'Scaling'!$J$2:$J$7" {
		t.Errorf("latency series y %s, want 'Scaling'!$J$2:$J$7 (p95_ms)", l.YVal.F)
	} else {
		b.checkNumRef(t, "p95", l.YVal)
	}
}

// TestWorkbookDemo checks the charts of the demo campaign, whose three
// repeats per point give intervals and whose point-select fits are poor.
func TestWorkbookDemo(t *testing.T) {
	d := demoFigures(t)
	b := openBook(t, d.doc)
	byTitle := map[string]chartDoc{}
	for _, c := range b.charts {
		byTitle[c.Title] = c
	}
	// 1 summary + 4 workloads × (throughput, latency).
	if len(b.charts) != 9 {
		t.Errorf("%d charts, want 9", len(b.charts))
	}
	c, ok := byTitle["oltp_insert: tps vs threads"]
	if !ok {
		t.Fatal("no oltp_insert throughput chart")
	}
	checked := 0
	for _, s := range c.Scatter.Ser {
		if !strings.HasPrefix(s.XVal.F, "'Scaling'") {
			continue
		}
		name := b.checkStrRef(t, "series", s.Name)[0]
		y := b.checkNumRef(t, name, s.YVal)
		minus, plus := b.checkNumRef(t, name+" −", s.Minus), b.checkNumRef(t, name+" +", s.Plus)
		if !strings.HasPrefix(s.Minus.F, "'Scaling'!$H$") || !strings.HasPrefix(s.Plus.F, "'Scaling'!$I$") {
			t.Errorf("%s: error bars %s and %s, want the ci_minus (H) and ci_plus (I) columns", name, s.Minus.F, s.Plus.F)
		}
		for _, cu := range b.an.Scaling.Curves {
			if cu.System != name || cu.Workload != "oltp_insert" {
				continue
			}
			for i, p := range cu.Points {
				if !close15(y[i], p.Throughput.Center) || !close15(minus[i], p.Throughput.Center-p.Throughput.Lo) ||
					!close15(plus[i], p.Throughput.Hi-p.Throughput.Center) {
					t.Errorf("%s %d threads: %v −%v +%v, analysis %+v", name, p.Threads, y[i], minus[i], plus[i], p.Throughput)
				}
				checked++
			}
		}
	}
	if checked != 15 {
		t.Errorf("%d points checked, want 15 (3 engines × 5 thread counts)", checked)
	}
	// Poor fits are named so in the legend.
	var names []string
	for _, s := range byTitle["oltp_point_select: tps vs threads"].Scatter.Ser {
		names = append(names, b.checkStrRef(t, "series", s.Name)[0])
	}
	sort.Strings(names)
	poor := 0
	for _, n := range names {
		if strings.Contains(n, "USL fit (poor: R² ") {
			poor++
		}
	}
	if poor != 3 {
		t.Errorf("oltp_point_select series %q: want three poor fits named so", names)
	}
	// Three repeats, one per cell.
	if col := b.column(t, SheetComparisons, "value_3"); col == 0 {
		t.Error("no value_3 column")
	}
}

// The demo's Summary chart: each engine's tps relative to innodb at 16
// threads, on a log2 axis from 0.25× to 4× (the intervals reach 0.28×
// and 1.29×), error bars the ratio's interval.
func TestWorkbookDemoSummaryChart(t *testing.T) {
	d := demoFigures(t)
	b := openBook(t, d.doc)
	c := b.charts[0]
	if c.Bar == nil || c.Title != "tps relative to innodb (largest thread count)" {
		t.Fatalf("chart1 %q is not the Summary's ratio chart", c.Title)
	}
	if len(c.ValAx) != 1 || c.ValAx[0].LogBase == nil || c.ValAx[0].LogBase.Val != "2" || c.ValAx[0].Min == nil || c.ValAx[0].Min.Val != "0.25" || c.ValAx[0].Max == nil || c.ValAx[0].Max.Val != "4" {
		t.Errorf("value axis %+v, want log2 from 0.25 to 4", c.ValAx)
	}
	checked := 0
	for _, s := range c.Bar.Ser {
		name := b.checkStrRef(t, "series", s.Name)[0]
		sys := strings.TrimSuffix(name, " / innodb")
		cats := b.checkStrRef(t, "categories", s.Cat)
		vals, minus, plus := b.checkNumRef(t, name, s.Val), b.checkNumRef(t, name+" −", s.Minus), b.checkNumRef(t, name+" +", s.Plus)
		for i, w := range cats {
			r := comparisonRow(b.an, sys, w, 16)
			if r == nil || r.Ratio == nil || r.RatioLo == nil || r.RatioHi == nil {
				t.Fatalf("%s %s: no ratio with an interval in the analysis", sys, w)
			}
			if !close15(vals[i], *r.Ratio) || !close15(minus[i], *r.Ratio-*r.RatioLo) || !close15(plus[i], *r.RatioHi-*r.Ratio) {
				t.Errorf("%s %s: %v −%v +%v, analysis %v [%v, %v]", sys, w, vals[i], minus[i], plus[i], *r.Ratio, *r.RatioLo, *r.RatioHi)
			}
			checked++
		}
	}
	// rocksdb's oltp_read_write at 16 threads, as the README shows it:
	// 0.44× [0.28, 0.70].
	if r := comparisonRow(b.an, "rocksdb", "oltp_read_write", 16); FormatFixed(*r.Ratio, 2) != "0.44" || FormatFixed(*r.RatioLo, 2) != "0.28" {
		t.Errorf("rocksdb oltp_read_write: %v [%v, …]", *r.Ratio, *r.RatioLo)
	}
	if checked != 8 {
		t.Errorf("%d bars checked, want 8 (2 engines × 4 workloads)", checked)
	}
}

// Every sheet prints landscape, fitted to the page's width (or, for the
// 60 columns of Runs, to as many pages across as keep it legible), with
// its header row repeated on every page.
func TestWorkbookPrintSetup(t *testing.T) {
	d := demoFigures(t)
	b := openBook(t, d.doc)
	titles := map[string]string{}
	for _, dn := range b.f.GetDefinedName() {
		if dn.Name == "_xlnm.Print_Titles" {
			titles[dn.Scope] = dn.RefersTo
		}
	}
	for _, sheet := range b.f.GetSheetList() {
		pl, err := b.f.GetPageLayout(sheet)
		if err != nil {
			t.Fatal(err)
		}
		if pl.Orientation == nil || *pl.Orientation != "landscape" {
			t.Errorf("%s: orientation %v, want landscape", sheet, pl.Orientation)
		}
		wantAcross := 1
		if sheet == SheetRuns {
			wantAcross = 3
		}
		if pl.FitToWidth == nil || *pl.FitToWidth != wantAcross || pl.FitToHeight == nil || *pl.FitToHeight != 0 {
			t.Errorf("%s: fit to %d pages across, %d down; want %d across, any number down", sheet, pageCount(pl.FitToWidth), pageCount(pl.FitToHeight), wantAcross)
		}
		props, err := b.f.GetSheetProps(sheet)
		if err != nil {
			t.Fatal(err)
		}
		if props.FitToPage == nil || !*props.FitToPage {
			t.Errorf("%s: fitToPage not set: the fit is ignored", sheet)
		}
		if want := "'" + sheet + "'!$1:$1"; titles[sheet] != want {
			t.Errorf("%s: print titles %q, want %q", sheet, titles[sheet], want)
		}
	}
}

func pageCount(p *int) int {
	if p == nil {
		return -1
	}
	return *p
}

// A table longer than a sheet holds goes on over sheets named after it,
// each with the header again, a table and print titles of its own: a
// year of runs has more interim reports than a spreadsheet's 1,048,576
// rows, and the workbook failed ("cannot convert cell") with nothing of
// the report written. The demo campaign's 180 runs and 1,788 interim
// reports, with sheets made to hold 1,000 rows.
func TestWorkbookTableOverSheets(t *testing.T) {
	d := demoFigures(t)
	whole := openBook(t, d.doc)
	defer func(n int) { sheetRows = n }(sheetRows)
	sheetRows = 1000
	split := openBook(t, d.doc)

	intervals := 0
	for _, r := range d.doc.Runs {
		intervals += r.NumIntervals()
	}
	if len(d.doc.Runs) != 180 || intervals != 1788 {
		t.Fatalf("demo: %d runs, %d interim reports; want 180 and 1,788", len(d.doc.Runs), intervals)
	}
	want := []string{SheetSummary, SheetRuns, SheetIntervals, "Intervals (2)", // 999 + 789 rows
		SheetComparisons, SheetScaling, SheetFit, SheetHosts, SheetVariables, SheetTables, SheetFindings}
	if got := split.f.GetSheetList(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("sheets %q,\nwant %q", got, want)
	}
	titles := map[string]string{}
	for _, dn := range split.f.GetDefinedName() {
		if dn.Name == "_xlnm.Print_Titles" {
			titles[dn.Scope] = dn.RefersTo
		}
	}
	for _, c := range []struct {
		sheet string
		parts []string
		rows  int
	}{
		{SheetRuns, want[1:2], 180},
		{SheetIntervals, want[2:4], 1788},
	} {
		all, err := whole.f.GetRows(c.sheet)
		if err != nil {
			t.Fatal(err)
		}
		if len(all) != c.rows+1 {
			t.Fatalf("%s: %d rows in one sheet, want %d and the header", c.sheet, len(all), c.rows)
		}
		var joined [][]string
		for i, p := range c.parts {
			rows, err := split.f.GetRows(p)
			if err != nil {
				t.Fatal(err)
			}
			if len(rows) > 1000 || (i < len(c.parts)-1 && len(rows) != 1000) {
				t.Errorf("%s: %d rows, want 1,000 on every sheet but the last and no more on that", p, len(rows))
			}
			if strings.Join(rows[0], "|") != strings.Join(all[0], "|") {
				t.Errorf("%s: header %q, want %q", p, rows[0], all[0])
			}
			joined = append(joined, rows[1:]...)
			tables, err := split.f.GetTables(p)
			if err != nil || len(tables) != 1 {
				t.Fatalf("%s: tables %v (%v), want one", p, tables, err)
			}
			last, _ := excelize.CoordinatesToCellName(len(all[0]), len(rows))
			if tables[0].Range != "A1:"+last {
				t.Errorf("%s: table over %s, want A1:%s", p, tables[0].Range, last)
			}
			if want := "'" + p + "'!$1:$1"; titles[p] != want {
				t.Errorf("%s: print titles %q, want %q", p, titles[p], want)
			}
		}
		if len(joined) != c.rows {
			t.Fatalf("%s: %d rows over %d sheets, want %d", c.sheet, len(joined), len(c.parts), c.rows)
		}
		for i, r := range joined {
			if strings.Join(r, "|") != strings.Join(all[i+1], "|") {
				t.Fatalf("%s: row %d is %q over sheets, %q in one", c.sheet, i+1, r, all[i+1])
			}
		}
	}
}

// The Runs and Intervals sheets are written at once (runsAndIntervals),
// each on its own goroutine; what either does to the file is done in the
// order the sheets are written, one after another. The demo campaign's
// workbook: its tables are numbered in that order (T1_Summary,
// T2_Runs, T3_Intervals, T4_Comparisons, ...), the print titles are
// listed in it, and two writes give the same bytes in every part of the
// archive.
func TestWorkbookSheetsInOrder(t *testing.T) {
	d := demoFigures(t)
	a, b := openBook(t, d.doc), openBook(t, d.doc)
	written := map[int]string{} // table number: sheet
	for _, s := range a.f.GetSheetList() {
		tables, err := a.f.GetTables(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, tb := range tables {
			var n int
			if _, err := fmt.Sscanf(tb.Name, "T%d_", &n); err != nil || tb.Name != fmt.Sprintf("T%d_%s", n, s) || written[n] != "" {
				t.Fatalf("%s: table %q", s, tb.Name)
			}
			written[n] = s
		}
	}
	var order []string
	for n := 1; n <= len(written); n++ {
		order = append(order, written[n])
	}
	if len(order) < 4 || strings.Join(order[:4], "|") != strings.Join([]string{SheetSummary, SheetRuns, SheetIntervals, SheetComparisons}, "|") {
		t.Fatalf("tables written in the order %q", order)
	}
	var titles []string
	for _, dn := range a.f.GetDefinedName() {
		if dn.Name == "_xlnm.Print_Titles" {
			titles = append(titles, dn.Scope)
		}
	}
	if strings.Join(titles, "|") != strings.Join(order, "|") {
		t.Errorf("print titles of %q, want those of %q in that order", titles, order)
	}
	za, err := zip.NewReader(bytes.NewReader(a.raw), int64(len(a.raw)))
	if err != nil {
		t.Fatal(err)
	}
	parts := 0
	for _, zf := range za.File {
		if zf.Name == "[Content_Types].xml" { // its entries' order varies
			continue
		}
		parts++
		if pa, pb := a.part(t, zf.Name), b.part(t, zf.Name); !bytes.Equal(pa, pb) {
			t.Errorf("%s: %d bytes, then %d other bytes", zf.Name, len(pa), len(pb))
		}
	}
	if parts < 10 {
		t.Fatalf("%d parts in the workbook", parts)
	}
}

// TestNumLen: numLen is the length of FormatNum's string for every value
// of the demo campaign's interim reports and for the values at its
// precision steps, where rounding adds a digit (9,999.96 → 10,000.0).
func TestNumLen(t *testing.T) {
	doc, err := collect.Load([]string{"../examples/demo-campaign"})
	if err != nil {
		t.Fatal(err)
	}
	vals := []float64{0, math.Copysign(0, -1), 0.004, -0.004, 0.005, 0.0099999, 0.01, -0.01, 0.999, 99.994, 99.996, -99.996,
		999.96, 9999.94, 9999.96, -9999.96, 10000, 999999.5, 1e15, -1234567.89, 1e-300, math.NaN(), math.Inf(1)}
	for _, r := range doc.Runs {
		for _, iv := range r.Interim() {
			for _, x := range []float64{iv.T, iv.TPS, iv.QPS, iv.LatMs, iv.Reads, iv.Writes, iv.Other, iv.ErrS, iv.ReconnS} {
				vals = append(vals, x, -x)
			}
		}
	}
	if len(vals) < 1000 {
		t.Fatalf("%d values from the demo campaign", len(vals))
	}
	for _, v := range vals {
		if got, want := numLen(v), len(FormatNum(v)); got != want {
			t.Errorf("numLen(%v) = %d, FormatNum gives %q", v, got, FormatNum(v))
		}
	}
}
