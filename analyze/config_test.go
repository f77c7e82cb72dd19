package analyze

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/sbreport/sbreport/parse"
)

// TestDiffConfig pairs two real SHOW VARIABLES captures with real runs in
// one directory per system: the plantegg batch capture
// (innodb_buffer_pool_size 17179869184, innodb_flush_log_at_trx_commit 2)
// and the dba_note session (sync_binlog 1, innodb_flush_log_at_trx_commit
// 1, innodb_io_capacity 5000, ...).
func TestDiffConfig(t *testing.T) {
	var runs []*parse.Run
	var vars []*parse.Variables
	for _, sys := range []struct{ name, vars, run string }{
		{"a", "show-variables-batch-tab-with-warning.txt", "../testdata/public/sysbench-1.0/sb1.0.20-oltp_read_write-8thr.log"},
		{"b", "show-global-variables-like-several-mysql-prompts-query-ok.txt", "../testdata/public/sysbench-1.0/sb1.0.20-oltp_read_write-16thr.log"},
	} {
		for _, f := range []string{"../testdata/public/server/" + sys.vars, sys.run} {
			fh, err := os.Open(f)
			if err != nil {
				t.Fatal(err)
			}
			src := filepath.Join("results", sys.name, filepath.Base(f))
			d, err := parse.All(fh, src)
			fh.Close()
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range d.Runs {
				r.SetLabel("system", sys.name)
				r.Test = "oltp_read_write"
			}
			runs = append(runs, d.Runs...)
			vars = append(vars, d.Variables...)
		}
	}
	ds := Group(runs, GroupOptions{By: "system"})
	cd := DiffConfig(vars, ds)
	if !reflect.DeepEqual(cd.Systems, []string{"a", "b"}) {
		t.Fatalf("systems = %v", cd.Systems)
	}
	want := []VarDiff{{Name: "innodb_flush_log_at_trx_commit", Values: map[string]string{"a": "2", "b": "1"}}}
	if !reflect.DeepEqual(cd.Differ, want) || cd.Compared != 1 {
		t.Errorf("differ = %+v, compared %d", cd.Differ, cd.Compared)
	}
	var only []string
	for _, o := range cd.Only {
		only = append(only, o.Name)
	}
	wantOnly := []string{"innodb_buffer_pool_size", "innodb_io_capacity", "innodb_io_capacity_max", "sync_binlog", "system_time_zone", "time_zone"}
	if !reflect.DeepEqual(only, wantOnly) {
		t.Errorf("only = %v, want %v", only, wantOnly)
	}
	if cd.Only[0].Values["a"] != "17179869184" {
		t.Errorf("only[0] = %+v", cd.Only[0])
	}
}
