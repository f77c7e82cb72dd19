package campaign

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sbreport/sbreport/analyze"
	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

// Every run records when it was measured, in the manifest and in the
// runs ingest reads (results.json); a vmstat -t log kept beside the
// whole campaign is cut to each run by those times: each run's CPU
// figures rest only on samples taken while it ran, and no two runs share
// one.
func TestCampaignMeasuredTimes(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test")
	}
	srv := needServer(t)
	vmstat, err := exec.LookPath("vmstat")
	if err != nil {
		t.Skip("no vmstat")
	}
	db := testDB(t, srv, "times")
	src := "systems:\n" + systemYAML("innodb", "127.0.0.1", dbPort(), db, "InnoDB") + `
workloads: [oltp_point_select]
threads: [1, 2]
repeats: 2
duration: 2s
tables: 1
table_size: 1000
`
	vars := map[string]string{"SB_PASSWORD": dbPassword()}
	plan := readPlanString(t, src, vars)
	log := filepath.Join(t.TempDir(), "vmstat.log")
	f, err := os.Create(log)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(vmstat, "-t", "1")
	cmd.Env = append(os.Environ(), "TZ=UTC", "LC_ALL=C")
	cmd.Stdout = f
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "campaign")
	r := &Runner{Plan: plan, Dir: dir, Getenv: env(vars)}
	m, err := r.Run(context.Background())
	time.Sleep(1100 * time.Millisecond)
	cmd.Process.Kill()
	cmd.Wait()
	f.Close()
	if err != nil {
		t.Fatalf("campaign: %v", err)
	}
	for _, e := range m.Runs {
		if e.MeasuredFrom == nil || e.MeasuredTo == nil {
			t.Fatalf("%s: no measured times in the manifest", e.ID)
		}
		if d := e.MeasuredTo.Sub(*e.MeasuredFrom); d < 2*time.Second || d > 10*time.Second {
			t.Errorf("%s: measured for %v, want about the 2s duration", e.ID, d)
		}
		if e.MeasuredFrom.Before(*e.Started) || e.Ended.Add(time.Second).Before(*e.MeasuredTo) {
			t.Errorf("%s: measured %v..%v outside the run %v..%v", e.ID, e.MeasuredFrom, e.MeasuredTo, e.Started, e.Ended)
		}
	}
	// The log beside every run, at the campaign's root.
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "vmstat.log"), append([]byte("$ vmstat -t 1\n"), data...), 0o644); err != nil {
		t.Fatal(err)
	}
	doc, err := collect.Load([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Runs) != 4 {
		t.Fatalf("%d runs read, errors %v", len(doc.Runs), doc.Errors)
	}
	var stat *parse.SysStat
	for _, s := range doc.SysStats {
		if s.Tool == parse.ToolVmstat {
			stat = s
		}
	}
	if stat == nil || len(stat.Samples) < 8 {
		t.Fatalf("vmstat log not read: %v", doc.Errors)
	}
	at := map[int]float64{} // sample line → its time stamp
	for _, x := range stat.Samples {
		at[x.Line] = x.T
	}
	used := map[int]string{}
	for _, run := range doc.Runs {
		if run.MeasuredFrom == nil || run.MeasuredTo == nil {
			t.Fatalf("%s: ingest kept no measured times", run.Source)
		}
		js, _ := json.Marshal(run)
		if !strings.Contains(string(js), `"measured_from":"`+run.MeasuredFrom.Format(time.RFC3339Nano)) {
			t.Errorf("%s: JSON lacks measured_from: %.200s", run.Source, js)
		}
		listed := false
		for _, id := range run.Captures {
			listed = listed || id == stat.ID()
		}
		if !listed {
			t.Fatalf("%s: the vmstat log is not among its captures %v", run.Source, run.Captures)
		}
		e, w := analyze.RunEfficiency(run, []*parse.SysStat{stat}, 2)
		if e == nil || e.Sources["cpu"].Capture != stat.ID() {
			t.Fatalf("%s: no CPU figures from vmstat: %v", run.Source, w)
		}
		lines := e.Sources["cpu"].Samples
		if len(lines) < 1 || len(lines) > 3 {
			t.Errorf("%s: %d vmstat samples for a 2s run, want 1 to 3", run.Source, len(lines))
		}
		from, to := float64(run.MeasuredFrom.UnixNano())/1e9, float64(run.MeasuredTo.UnixNano())/1e9
		for _, l := range lines {
			if mid := at[l] - 0.5; mid < from || mid > to {
				t.Errorf("%s: sample at line %d (%.0f) outside %.3f..%.3f", run.Source, l, at[l], from, to)
			}
			if o, ok := used[l]; ok {
				t.Errorf("sample at line %d used by %s and %s", l, o, run.Source)
			}
			used[l] = run.Source
		}
	}
	if len(used) >= len(stat.Samples) {
		t.Errorf("every one of %d samples went to a run; those between runs should not", len(stat.Samples))
	}
}
