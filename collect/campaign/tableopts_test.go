package campaign

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/collect"
)

// Two InnoDB systems on the project's MariaDB, one with compressed
// tables (table_options) and a sysbench option of its own over the
// plan's: sysbench 1.0.20 has no usable option for table options, so
// they are applied by ALTER TABLE right after prepare; SHOW TABLE STATUS
// then says Compressed for that system's tables only, SHOW CREATE TABLE
// shows the options, and each system's runs carry its own --rand-type.
func TestCampaignTableOptions(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test")
	}
	srv := needServer(t)
	db1, db2 := testDB(t, srv, "plain"), testDB(t, srv, "zip")
	src := "systems:\n" + systemYAML("plain", "127.0.0.1", dbPort(), db1, "InnoDB") +
		systemYAML("zip", "127.0.0.1", dbPort(), db2, "InnoDB") + `    table_options: ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8
    sysbench: {options: {rand-type: uniform}}
workloads: [oltp_point_select]
threads: 2
duration: 2s
tables: 2
table_size: 2000
clients: 2
sysbench: {options: {rand-type: pareto}}
`
	vars := map[string]string{"SB_PASSWORD": dbPassword()}
	plan := readPlanString(t, src, vars)
	dir := filepath.Join(t.TempDir(), "campaign")
	m, err := (&Runner{Plan: plan, Dir: dir, Getenv: env(vars)}).Run(context.Background())
	if err != nil {
		t.Fatalf("campaign: %v", err)
	}
	for _, se := range m.Systems {
		if se.Name == "zip" {
			if se.TableOptions != "ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8" || se.TableOptionsBy != "ALTER TABLE after prepare" {
				t.Errorf("zip: table options %q by %q", se.TableOptions, se.TableOptionsBy)
			}
			for k, kind := range []string{"create_table.c1", "create_table.c2"} {
				data, err := os.ReadFile(filepath.Join(dir, se.Files[kind]))
				if err != nil || !strings.Contains(string(data), "ROW_FORMAT=COMPRESSED") || !strings.Contains(string(data), "KEY_BLOCK_SIZE=8") ||
					!strings.Contains(string(data), "SHOW CREATE TABLE `"+db2+"_c"+string(rune('1'+k))+"`.`sbtest1`") {
					t.Errorf("zip: %s: %v\n%s", kind, err, data)
				}
			}
		} else if se.TableOptions != "" || se.Files["create_table.c1"] != "" {
			t.Errorf("%s: table options %q, files %v", se.Name, se.TableOptions, se.Files)
		}
	}
	for _, e := range m.Runs {
		want := "--rand-type=pareto"
		if e.Labels["system"] == "zip" {
			want = "--rand-type=uniform"
		}
		if len(e.Commands) != 2 || !strings.Contains(e.Commands[0], want) || !strings.Contains(e.Commands[1], want) || e.Labels["rand-type"] != strings.TrimPrefix(want, "--rand-type=") {
			t.Errorf("%s: commands %v, labels %v; want %s", e.ID, e.Commands, e.Labels, want)
		}
		if e.Status != collect.RunOK {
			t.Errorf("%s: %s %s", e.ID, e.Status, e.Error)
		}
	}
	doc, err := collect.Load([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	formats := map[string]map[string]bool{} // system → row formats of its tables
	for _, ts := range doc.Tables {
		sys := ts.Labels["system"]
		if formats[sys] == nil {
			formats[sys] = map[string]bool{}
		}
		formats[sys][ts.RowFormat] = true
	}
	if len(formats["zip"]) != 1 || !formats["zip"]["Compressed"] || len(formats["plain"]) != 1 || formats["plain"]["Compressed"] {
		t.Errorf("row formats by system: %v; want Compressed for zip only", formats)
	}
}
