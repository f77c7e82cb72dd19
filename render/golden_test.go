package render

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
	"gonum.org/v1/plot/cmpimg"
)

// reportOf renders the report of a testdata directory in memory.
func reportOf(t *testing.T, dir string) memSink {
	t.Helper()
	doc := load(t, dir)
	s := memSink{}
	if err := Report(s, doc, analyzeDoc(t, doc), Options{Title: "Test report"}); err != nil {
		t.Fatal(err)
	}
	return s
}

// checkGoldenFile compares got with testdata/golden/name, rewriting it
// under -update.
func checkGoldenFile(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render -update)", err)
	}
	if !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(gl) || i < len(wl); i++ {
			var g, w string
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Fatalf("%s differs from the golden file at line %d:\n got: %q\nwant: %q\n(go test ./render -update rewrites it)", name, i+1, g, w)
			}
		}
	}
}

func TestGolden(t *testing.T) {
	for _, name := range []string{"engines", "sweep"} {
		t.Run(name, func(t *testing.T) {
			s := reportOf(t, "testdata/"+name)
			checkGoldenFile(t, name+".report.md", s[MarkdownFile].Bytes())
			checkGoldenFile(t, name+".runs.csv", s[CSVFile].Bytes())
			// The first chart of each kind, compared as an image with a
			// tolerance (fonts rasterise slightly differently across
			// platforms) and as SVG text.
			seen := map[string]bool{}
			for _, n := range s.names() {
				if !strings.HasSuffix(n, ".png") || strings.HasSuffix(n, HiDPISuffix+".png") {
					continue
				}
				base := strings.TrimSuffix(filepath.Base(n), ".png")
				kind := base[:strings.LastIndex(base, "-oltp")]
				if seen[kind] {
					continue
				}
				seen[kind] = true
				golden := filepath.Join("testdata", "golden", name+"."+base+".png")
				svgName := strings.TrimSuffix(n, ".png") + ".svg"
				checkGoldenFile(t, name+"."+base+".svg", s[svgName].Bytes())
				if *update {
					os.WriteFile(golden, s[n].Bytes(), 0o644)
					continue
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Errorf("%v (run go test ./render -update)", err)
					continue
				}
				ok, err := cmpimg.EqualApprox("png", s[n].Bytes(), want, 0.01)
				if err != nil || !ok {
					t.Errorf("%s differs from %s (err %v)", n, golden, err)
				}
			}
			var kinds []string
			for k := range seen {
				kinds = append(kinds, k)
			}
			sort.Strings(kinds)
			wantKinds := map[string]string{
				"engines": "bars histogram timeline",
				"sweep":   "bars latency-throughput p95 scaling timeline",
			}[name]
			if got := strings.Join(kinds, " "); got != wantKinds {
				t.Errorf("chart kinds %q, want %q", got, wantKinds)
			}
		})
	}
}

// TestWorkbook reopens the workbook and checks that cells are numbers
// with the values printed in the inputs, and that charts reference the
// ranges that hold their data.
func TestWorkbook(t *testing.T) {
	s := reportOf(t, "testdata/engines")
	raw := s[WorkbookFile].Bytes()
	f, err := excelize.OpenReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := []string{SheetSummary, SheetRuns, SheetIntervals, SheetComparisons, SheetScaling, SheetHosts, SheetVariables, SheetTables}
	if got := f.GetSheetList(); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("sheets %v, want %v", got, want)
	}
	rows, err := f.GetRows(SheetRuns)
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	// sysbench-1.0.20-oltp_insert-rocksdb-4thr.txt: "transactions: 27675 (5531.66 per sec.)"?
	// No: the rocksdb oltp_insert run printed 6280.14 tps; check the cell.
	found := false
	for i, r := range rows[1:] {
		if !strings.HasSuffix(r[col["source"]], "sysbench-1.0.20-oltp_insert-rocksdb-4thr.txt") {
			continue
		}
		found = true
		cellName, _ := excelize.CoordinatesToCellName(col["tps"]+1, i+2)
		typ, err := f.GetCellType(SheetRuns, cellName)
		if err != nil {
			t.Fatal(err)
		}
		if typ != excelize.CellTypeNumber && typ != excelize.CellTypeUnset {
			t.Errorf("Runs!%s type %v, want a number", cellName, typ)
		}
		v, _ := f.GetCellValue(SheetRuns, cellName, excelize.Options{RawCellValue: true})
		if v != "6280.14" {
			t.Errorf("Runs!%s = %q, want 6280.14", cellName, v)
		}
	}
	if !found {
		t.Fatal("rocksdb oltp_insert run not in the Runs sheet")
	}
	// Raw XML: numeric cells carry no t="s" / t="str", and the chart
	// series point at the Summary columns of the systems.
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		t.Fatal(err)
	}
	var chart string
	for _, zf := range zr.File {
		if zf.Name == "xl/charts/chart1.xml" {
			rc, _ := zf.Open()
			b, _ := io.ReadAll(rc)
			rc.Close()
			chart = string(b)
		}
	}
	for _, ref := range []string{"Summary!$A$2:$A$6", "Summary!$C$2:$C$6", "Summary!$E$2:$E$6"} {
		if !strings.Contains(strings.NewReplacer("'", "", "&#39;", "").Replace(chart), ref) {
			t.Errorf("chart1.xml does not reference %s", ref)
		}
	}
	head, _ := f.GetRows(SheetSummary)
	if len(head) < 6 || head[0][2] != "aria tps" || head[1][0] != "oltp_insert" {
		t.Errorf("Summary header/first row = %v / %v", head[0], head[1])
	}
}

// TestWorkbookScalingChart checks that the scaling chart of a thread sweep
// plots the threads and throughput columns of its own rows.
func TestWorkbookScalingChart(t *testing.T) {
	s := reportOf(t, "testdata/sweep")
	raw := s[WorkbookFile].Bytes()
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		t.Fatal(err)
	}
	var all string
	for _, zf := range zr.File {
		if strings.HasPrefix(zf.Name, "xl/charts/chart") {
			rc, _ := zf.Open()
			b, _ := io.ReadAll(rc)
			rc.Close()
			all += strings.NewReplacer("'", "", "&#39;", "").Replace(string(b))
		}
	}
	// Six thread counts (1, 8, 16, 32, 64, 128): rows 2 to 7.
	for _, ref := range []string{"Scaling!$C$2:$C$7", "Scaling!$E$2:$E$7"} {
		if !strings.Contains(all, ref) {
			t.Errorf("scaling chart lacks %s", ref)
		}
	}
	f, err := excelize.OpenReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if v, _ := f.GetCellValue(SheetScaling, "C3"); v != "8" {
		t.Errorf("Scaling!C3 = %q, want 8 (the second thread count)", v)
	}
	if typ, _ := f.GetCellType(SheetScaling, "E3"); typ != excelize.CellTypeNumber && typ != excelize.CellTypeUnset {
		t.Errorf("Scaling!E3 has type %v, want a number", typ)
	}
}
