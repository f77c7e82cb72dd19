package render

import (
	"fmt"
	"io"
	"strconv"
	"testing"

	"github.com/sbreport/sbreport/parse"
)

type discard struct{}

func (discard) Create(string) (io.WriteCloser, error) { return nopCloser{io.Discard}, nil }

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// campaign1000 copies the real runs of testdata/engines into a campaign of
// 3 systems × 4 workloads × 7 thread counts × 12 repeats = 1,008 runs,
// each keeping its interim series and histogram.
func campaign1000(b *testing.B) *parse.Document {
	src := load(b, "testdata/engines")
	doc := &parse.Document{Hosts: src.Hosts, Variables: src.Variables, Tables: src.Tables}
	var good []*parse.Run
	for _, r := range src.Runs {
		if r.TPS != nil && len(r.Intervals) > 0 {
			good = append(good, r)
		}
	}
	i := 0
	for _, sys := range []string{"innodb", "rocksdb", "aria"} {
		for _, w := range []string{"oltp_insert", "oltp_point_select", "oltp_read_only", "oltp_update_index"} {
			for _, t := range []int{1, 2, 4, 8, 16, 32, 64} {
				for rep := 0; rep < 12; rep++ {
					r := *good[i%len(good)]
					i++
					r.Labels = map[string]string{"engine": sys, "workload": w, "rep": strconv.Itoa(rep)}
					th := t
					r.Threads = &th
					r.Source = fmt.Sprintf("%s/%s/%d/%d.txt", sys, w, t, rep)
					doc.Runs = append(doc.Runs, &r)
				}
			}
		}
	}
	return doc
}

// BenchmarkReport1000 renders the whole report (every chart in PNG and
// SVG, workbook, JSON, CSV) of 1,008 runs; the analysis is done once
// outside the timing.
//
//	go test ./render -run '^$' -bench Report1000 -benchtime 3x -cpu 1
func BenchmarkReport1000(b *testing.B) {
	doc := campaign1000(b)
	an := analyzeDoc(b, doc)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := Report(discard{}, doc, an, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWorkbook1000 writes the workbook alone of the 1,008 runs of
// BenchmarkReport1000: its Runs and Intervals sheets, a row a run and a
// row an interim report, are most of its time.
//
//	go test ./render -run '^$' -bench Workbook1000 -benchtime 5x
func BenchmarkWorkbook1000(b *testing.B) {
	doc := campaign1000(b)
	an := analyzeDoc(b, doc)
	v := newView(doc, an, Options{})
	pal := NewPalette(v.Systems)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := Workbook(io.Discard, doc, an, v, pal); err != nil {
			b.Fatal(err)
		}
	}
}
