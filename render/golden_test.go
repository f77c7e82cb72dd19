package render

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

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
			checkGoldenFile(t, name+".appendix.md", s[AppendixFile].Bytes())
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
				kind := base
				if i := strings.LastIndex(base, "-oltp"); i > 0 {
					kind = base[:i]
				}
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
				"engines": "bars histogram relative timeline",
				"sweep":   "bars latency-throughput p95 scaling timeline",
			}[name]
			if got := strings.Join(kinds, " "); got != wantKinds {
				t.Errorf("chart kinds %q, want %q", got, wantKinds)
			}
		})
	}
}
