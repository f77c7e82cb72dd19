package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// versionedRuns lays out real runs as a release history: each of the
// versions 1.0.0 to 1.0.7 holds verbatim copies of one of the demo
// campaign's oltp_insert runs at 8 threads on innodb and on rocksdb. The
// runs name their engine (from their database), so each engine is a
// series of its own.
func versionedRuns(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for i := 0; i < 8; i++ {
		for _, sys := range []string{"innodb", "rocksdb"} {
			src := filepath.Join(demo, sys, "oltp_insert", "8thr-r"+string(rune('1'+i%3))+".txt")
			b, err := os.ReadFile(src)
			if err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(dir, "version=1.0."+itoa(i), sys+".txt")
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

type historyJSON struct {
	Order     string `json:"order"`
	OrderKind string `json:"order_kind"`
	Series    []struct {
		Labels map[string]string `json:"labels"`
		Points []struct {
			Key   string  `json:"key"`
			Value float64 `json:"value"`
		} `json:"points"`
		ChangePoints []struct {
			Index int      `json:"index"`
			After string   `json:"after"`
			Ratio *float64 `json:"ratio"`
			Lo    *float64 `json:"lo"`
			Hi    *float64 `json:"hi"`
			P     float64  `json:"p"`
		} `json:"change_points"`
	} `json:"series"`
}

// TestHistoryRealSeries: the real runs form one series per engine, in
// version order, and repeats of the same runs show no change point.
func TestHistoryRealSeries(t *testing.T) {
	dir := versionedRuns(t)
	out, errOut, err := sbreport(t, "history", "--order", "version", "--json", "--skip", "0", dir)
	if err != nil {
		t.Fatalf("history: %v\n%s", err, errOut)
	}
	var h historyJSON
	if err := json.Unmarshal([]byte(out), &h); err != nil {
		t.Fatal(err)
	}
	if h.Order != "version" || h.OrderKind != "version" || len(h.Series) != 2 {
		t.Fatalf("%+v", h)
	}
	for _, s := range h.Series {
		if len(s.Points) != 8 || s.Points[0].Key != "1.0.0" || s.Points[7].Key != "1.0.7" {
			t.Errorf("points %+v", s.Points)
		}
		if s.Labels["workload"] != "oltp_insert" || s.Labels["threads"] != "8" || s.Labels["engine"] == "" {
			t.Errorf("labels %v", s.Labels)
		}
		if len(s.ChangePoints) != 0 {
			t.Errorf("%s: change points %+v in repeats of the same runs", s.Labels["engine"], s.ChangePoints)
		}
	}
	// The order as given.
	out, _, err = sbreport(t, "history", "--order", "version=1.0.7,1.0.6,1.0.5,1.0.4,1.0.3,1.0.2,1.0.1,1.0.0", "--json", "--skip", "0", dir)
	if err != nil {
		t.Fatal(err)
	}
	var g historyJSON
	json.Unmarshal([]byte(out), &g)
	if len(g.Series) != 2 || g.OrderKind != "given" || g.Series[0].Points[0].Key != "1.0.7" {
		t.Errorf("given order: %+v", g)
	}
	text, _, err := sbreport(t, "history", "--order", "version", "--skip", "0", dir)
	if err != nil || strings.Count(text, "no change point") != 2 {
		t.Errorf("text: %v\n%s", err, text)
	}
	if _, _, err := sbreport(t, "history", dir); !errors.Is(err, errUsage) {
		t.Errorf("no --order: %v", err)
	}
}

// TestHistoryReportAndDB: report adds a History section with its chart,
// and history --db gives what history gives on the files.
func TestHistoryReportAndDB(t *testing.T) {
	dir := versionedRuns(t)
	out := filepath.Join(t.TempDir(), "r")
	if _, errOut, err := sbreport(t, "report", "-o", out, dir); err != nil {
		t.Fatalf("report: %v\n%s", err, errOut)
	}
	md, err := os.ReadFile(filepath.Join(out, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(md), "## History") || !strings.Contains(string(md), "8 points, 1.0.0 to 1.0.7: no change point.") {
		t.Errorf("report.md has no History section with the change:\n%s", md)
	}
	if _, err := os.Stat(filepath.Join(out, "charts", "history-2-oltp_insert.png")); err != nil {
		t.Error(err)
	}
	// The demo campaign has 3 runs per series by campaign time: no section.
	demoOut := filepath.Join(t.TempDir(), "d")
	if _, _, err := sbreport(t, "report", "-o", demoOut, demo); err != nil {
		t.Fatal(err)
	}
	if md, _ := os.ReadFile(filepath.Join(demoOut, "report.md")); strings.Contains(string(md), "## History") {
		t.Error("History section without enough points")
	}

	d := warehouseDB(t)
	mustStore(t, d.URL(), dir)
	want, _, err := sbreport(t, "history", "--order", "version", "--json", dir)
	if err != nil {
		t.Fatal(err)
	}
	got, errOut, err := sbreport(t, "history", "--order", "version", "--json", "--db", d.URL())
	if err != nil || got != want {
		t.Errorf("history --db differs: %v %s\n%s\nfiles:\n%s", err, errOut, got, want)
	}
}

// TestHistoryEachWorkloadMetric: a history holding sysbench runs and a
// mysqlslap run at each version follows each workload in its own
// metric: the oltp_insert runs in tps, the mysqlslap run in its average
// seconds (465.992 s as printed), lower is better.
func TestHistoryEachWorkloadMetric(t *testing.T) {
	dir := versionedRuns(t)
	slap, err := os.ReadFile("../../testdata/public/mysqlslap/mysqlslap-5.7-tab-indented-single-run.txt")
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 8; i++ {
		if err := os.WriteFile(filepath.Join(dir, "version=1.0."+itoa(i), "slap.txt"), slap, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, errOut, err := sbreport(t, "history", "--order", "version", "--json", "--skip", "0", dir)
	if err != nil {
		t.Fatalf("history: %v\n%s", err, errOut)
	}
	var h struct {
		Metric  string            `json:"metric"`
		Metrics map[string]string `json:"metrics"`
		Series  []struct {
			Labels        map[string]string `json:"labels"`
			Metric        string            `json:"metric"`
			LowerIsBetter bool              `json:"lower_is_better"`
			Points        []struct {
				Value float64 `json:"value"`
			} `json:"points"`
		} `json:"series"`
	}
	if err := json.Unmarshal([]byte(out), &h); err != nil {
		t.Fatal(err)
	}
	if h.Metric != "" || len(h.Series) != 3 || h.Metrics["oltp_insert"] != "tps" {
		t.Fatalf("metric %q, metrics %v, %d series", h.Metric, h.Metrics, len(h.Series))
	}
	slapSeries := 0
	for _, s := range h.Series {
		if s.Labels["tool"] != "mysqlslap" {
			if s.Metric != "tps" || s.LowerIsBetter {
				t.Errorf("%v: %s", s.Labels, s.Metric)
			}
			continue
		}
		slapSeries++
		if s.Metric != "slap_avg_s" || !s.LowerIsBetter || len(s.Points) != 8 || s.Points[0].Value != 465.992 {
			t.Errorf("mysqlslap series %+v", s)
		}
		if h.Metrics[s.Labels["workload"]] != "slap_avg_s" {
			t.Errorf("metrics %v", h.Metrics)
		}
	}
	if slapSeries != 1 {
		t.Errorf("%d mysqlslap series", slapSeries)
	}
	text, _, err := sbreport(t, "history", "--order", "version", "--skip", "0", dir)
	if err != nil || !strings.Contains(text, "of slap_avg_s (lower is better)") || !strings.Contains(text, "of tps (higher is better)") {
		t.Errorf("%v\n%s", err, text)
	}
}
