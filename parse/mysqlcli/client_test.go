package mysqlcli_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/parse"
	"github.com/sbreport/sbreport/parse/internal/fixture"
)

var parseFile = fixture.File

var checkGolden = fixture.Golden

// tsWant is what a test expects of one TableStatus; -1 means absent.
type tsWant struct {
	line                             int
	schema, name, engine             string
	rows, avg, data, index, dataFree int64
}

func checkTables(t *testing.T, got []*parse.TableStatus, want []tsWant) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d tables, want %d", len(got), len(want))
	}
	val := func(p *int64) int64 {
		if p == nil {
			return -1
		}
		return *p
	}
	for i, w := range want {
		g := got[i]
		gw := tsWant{g.Line, g.Schema, g.Name, g.Engine, val(g.Rows), val(g.AvgRowLength), val(g.DataLength), val(g.IndexLength), val(g.DataFree)}
		if gw != w {
			t.Errorf("table %d: got %+v, want %+v", i, gw, w)
		}
	}
}

// varWant is what a test expects of one Variables item.
type varWant struct {
	line      int
	kind      string
	statement string
	n         int               // number of values
	values    map[string]string // a selection
}

func checkVars(t *testing.T, got []*parse.Variables, want []varWant) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d variables items, want %d", len(got), len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.Line != w.line || g.Kind != w.kind || g.Statement != w.statement || len(g.Values) != w.n {
			t.Errorf("variables %d: line %d kind %q statement %q %d values, want line %d kind %q statement %q %d values",
				i, g.Line, g.Kind, g.Statement, len(g.Values), w.line, w.kind, w.statement, w.n)
		}
		for k, v := range w.values {
			if gv, ok := g.Values[k]; !ok || gv != v {
				t.Errorf("variables %d: %s = %q (present %v), want %q", i, k, gv, ok, v)
			}
		}
	}
}

// TestMySQLFixtures checks the SOURCES.md values of the public server
// captures.
func TestMySQLFixtures(t *testing.T) {
	tests := []struct {
		file   string
		vars   []varWant
		tables []tsWant
	}{
		{"mysql-5.5.21-multi-resultset-ascii-show-variables-engines-table-status-myisam.txt",
			[]varWant{
				{5, "variables", "select version()", 1, map[string]string{"version": "5.5.21"}},
				{10, "variables", "show variables", 326, map[string]string{"version": "5.5.21", "ft_boolean_syntax": `+ -><()~*:""&|`,
					"external_user": "", "sync_binlog": "0", "version_comment": "MySQL Community Server (GPL)"}},
			},
			[]tsWant{
				{356, "", "customer", "MyISAM", 4500000, 165, 745353192, 97207296, 0},
				{357, "", "lineitem", "MyISAM", 179998372, 111, 20098070800, 19686514688, 0},
				{358, "", "nation", "MyISAM", 25, 92, 2308, 3072, 0},
				{359, "", "orders", "MyISAM", 45000000, 100, 4509161928, 1431084032, 0},
				{360, "", "part", "MyISAM", 6000000, 125, 751302992, 61574144, 0},
				{361, "", "partsupp", "MyISAM", 24000000, 150, 3623537384, 917640192, 0},
				{362, "", "region", "MyISAM", 5, 86, 432, 2048, 0},
				{363, "", "supplier", "MyISAM", 300000, 145, 43774912, 6483968, 0},
				{364, "", "time_statistics", "MyISAM", 25, 30, 760, 1024, 0},
			}},
		{"mysql-5.6.5-multi-resultset-ascii-show-variables-table-status-innodb.txt",
			[]varWant{
				{5, "variables", "select version()", 1, map[string]string{"version": "5.6.5-m8"}},
				{10, "variables", "show variables", 390, map[string]string{"version": "5.6.5-m8"}},
			},
			[]tsWant{
				{429, "", "customer", "InnoDB", 4496592, 194, 873463808, 66699264, 5242880},
				{430, "", "lineitem", "InnoDB", 179807717, 153, 27663532032, 26916945920, 4194304},
				{431, "", "nation", "InnoDB", 25, 655, 16384, 16384, 0},
				{432, "", "orders", "InnoDB", 44847295, 133, 5986320384, 1275068416, 5242880},
				{433, "", "part", "InnoDB", 5983029, 163, 980418560, 0, 6291456},
				{434, "", "partsupp", "InnoDB", 27118200, 232, 6298796032, 656113664, 5242880},
				{435, "", "region", "InnoDB", 5, 3276, 16384, 0, 0},
				{436, "", "supplier", "InnoDB", 302985, 178, 54083584, 4734976, 4194304},
				{437, "", "time_statistics", "InnoDB", 23, 712, 16384, 0, 0},
			}},
		{"show-global-variables-like-several-mysql-prompts-query-ok.txt",
			[]varWant{
				{8, "variables", "show global variables like '%sync_binlog%';", 1, map[string]string{"sync_binlog": "1"}},
				{16, "variables", "show global variables like '%innodb_flush_log_at_trx_commit%';", 1, map[string]string{"innodb_flush_log_at_trx_commit": "1"}},
				{24, "variables", "show global variables like '%innodb_io_capacity%';", 2, map[string]string{"innodb_io_capacity": "5000", "innodb_io_capacity_max": "20000"}},
				{33, "variables", "show global variables like '%time_zone%';", 2, map[string]string{"system_time_zone": "CST", "time_zone": "SYSTEM"}},
			}, nil},
		{"show-table-status-G-tab-mangled-indent-utf8-comment.txt", nil,
			[]tsWant{
				{3, "", "table_abcdgameabc", "InnoDB", 1030689, 3013, 3105882112, 78381056, 6291456},
				{27, "", "table_abcdgameabc", "InnoDB", 518498, 3096, 1605369856, 38420480, 7340032},
			}},
		{"show-variables-batch-tab-with-warning.txt",
			[]varWant{{2, "variables", "", 2, map[string]string{"innodb_buffer_pool_size": "17179869184", "innodb_flush_log_at_trx_commit": "2"}}}, nil},
		{"show-variables-like-version-aliyun-rds-extra-vars.txt",
			[]varWant{{2, "variables", "show variables like '%version%';", 10, map[string]string{
				"version": "5.7.25-log", "innodb_version": "5.7.25", "slave_type_conversions": "", "rds_version": "25", "tls_version": "TLSv1,TLSv1.1,TLSv1.2"}}}, nil},
		{"show-variables-like-version-mysql-prompt-rows-in-set-empty-set.txt",
			[]varWant{{2, "variables", "show variables like '%version%';", 8, map[string]string{
				"version": "5.7.23-log", "version_comment": "MySQL Community Server (GPL)"}}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			d := checkGolden(t, filepath.Join("..", "..", "testdata", "public", "server", tt.file))
			if len(d.Errors) != 0 || len(d.Runs) != 0 || len(d.Hosts) != 0 {
				t.Errorf("errors %v, %d runs, %d hosts", d.Errors, len(d.Runs), len(d.Hosts))
			}
			checkVars(t, d.Variables, tt.vars)
			checkTables(t, d.Tables, tt.tables)
		})
	}
	d := parseFile(t, filepath.Join("..", "..", "testdata", "public", "server", "show-table-status-G-tab-mangled-indent-utf8-comment.txt"))
	if ts := d.Tables[0]; ts.RowFormat != "Dynamic" {
		t.Errorf("row format %q, want Dynamic", ts.RowFormat)
	}
}

// TestMySQLRealCaptures checks the MariaDB 10.11 captures made on this
// machine: the three forms of one result give the same values.
func TestMySQLRealCaptures(t *testing.T) {
	real := func(name string) string {
		return filepath.Join("..", "..", "testdata", "real", "mariadb-10.11-"+name+".txt")
	}
	get := func(name string) *parse.Document {
		t.Helper()
		d := checkGolden(t, real(name))
		if len(d.Errors) != 0 || len(d.Runs) != 0 {
			t.Errorf("%s: errors %v, %d runs", name, d.Errors, len(d.Runs))
		}
		return d
	}
	checkVars(t, get("version").Variables, []varWant{{2, "variables", "SELECT VERSION()", 1,
		map[string]string{"version": "10.11.19-MariaDB-0+deb12u1"}}})

	vt, vb, vg := get("show-global-variables-t"), get("show-global-variables-B"), get("show-global-variables-G")
	checkVars(t, vt.Variables, []varWant{{2, "variables", "SHOW GLOBAL VARIABLES", 801, map[string]string{
		"version": "10.11.19-MariaDB-0+deb12u1", "version_comment": "Debian 12", "ssl_ca": "", "innodb_buffer_pool_size": "268435456"}}})
	checkVars(t, vg.Variables, []varWant{{2, "variables", `SHOW GLOBAL VARIABLES\G`, 801, nil}})
	if !reflect.DeepEqual(vt.Variables[0].Values, vb.Variables[0].Values) || !reflect.DeepEqual(vt.Variables[0].Values, vg.Variables[0].Values) {
		t.Errorf("SHOW GLOBAL VARIABLES: -t, -B and \\G forms differ")
	}

	st, sb := get("show-global-status-t"), get("show-global-status-B")
	checkVars(t, st.Variables, []varWant{{2, "status", "SHOW GLOBAL STATUS", 671, map[string]string{"Aborted_connects": "2"}}})
	// Counters move between the two captures: compare the names only.
	keys := func(m map[string]string) map[string]bool {
		k := map[string]bool{}
		for n := range m {
			k[n] = true
		}
		return k
	}
	if len(sb.Variables) != 1 || sb.Variables[0].Kind != "status" || !reflect.DeepEqual(keys(st.Variables[0].Values), keys(sb.Variables[0].Values)) {
		t.Errorf("SHOW GLOBAL STATUS: -t and -B forms name different counters")
	}

	for _, tt := range []struct {
		engine string
		want   []tsWant
	}{
		{"innodb", []tsWant{
			{5, "", "sbtest1", "InnoDB", 9936, 265, 2637824, 163840, 4194304},
			{6, "", "sbtest2", "InnoDB", 9680, 272, 2637824, 163840, 4194304},
			{7, "", "sbtest3", "InnoDB", 9936, 265, 2637824, 163840, 4194304},
			{8, "", "sbtest4", "InnoDB", 9680, 272, 2637824, 163840, 4194304},
		}},
		{"aria", []tsWant{
			{5, "", "sbtest1", "Aria", 10000, 217, 2170880, 221184, 0},
			{6, "", "sbtest2", "Aria", 10000, 217, 2170880, 221184, 0},
			{7, "", "sbtest3", "Aria", 10000, 217, 2170880, 221184, 0},
			{8, "", "sbtest4", "Aria", 10000, 217, 2170880, 221184, 0},
		}},
		{"rocksdb", []tsWant{
			{5, "", "sbtest1", "ROCKSDB", 14091, 743, 10469613, 63952, 0},
			{6, "", "sbtest2", "ROCKSDB", 12003, 743, 8918229, 63916, 0},
			{7, "", "sbtest3", "ROCKSDB", 5295, 743, 3934185, 63845, 0},
			{8, "", "sbtest4", "ROCKSDB", 8954, 743, 6652822, 63904, 0},
		}},
	} {
		t.Run(tt.engine, func(t *testing.T) {
			checkTables(t, get("show-table-status-"+tt.engine+"-t").Tables, tt.want)
			// \G: one row every 21 lines from line 2; Data_free as printed.
			vert := append([]tsWant(nil), tt.want...)
			for i := range vert {
				vert[i].line = 2 + 21*i
			}
			checkTables(t, get("show-table-status-"+tt.engine+"-G").Tables, vert)
			// information_schema: no Data_free column; rows on lines 7-10.
			is := append([]tsWant(nil), tt.want...)
			for i := range is {
				is[i].line, is[i].dataFree = 7+i, -1
			}
			checkTables(t, get("information-schema-tables-"+tt.engine+"-t").Tables, is)
		})
	}
}

// TestMySQLVariants covers client output shapes without a fixture of
// their own.
func TestMySQLVariants(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		vars   []varWant
		tables []tsWant
		errors []parse.Error
	}{
		{"mariadb prompt and status kind",
			"MariaDB [sbtest]> SHOW GLOBAL STATUS LIKE 'Threads%';\n" +
				"+-------------------+-------+\n| Variable_name     | Value |\n+-------------------+-------+\n" +
				"| Threads_connected | 1     |\n| Threads_running   | 1     |\n+-------------------+-------+\n2 rows in set (0.001 sec)\n",
			[]varWant{{2, "status", "SHOW GLOBAL STATUS LIKE 'Threads%';", 2, map[string]string{"Threads_connected": "1"}}}, nil, nil},
		{"statement over two lines",
			"mysql> show global\n    -> status like 'Uptime';\n" +
				"+---------------+-------+\n| Variable_name | Value |\n+---------------+-------+\n| Uptime        | 42    |\n+---------------+-------+\n",
			[]varWant{{3, "status", "show global status like 'Uptime';", 1, map[string]string{"Uptime": "42"}}}, nil, nil},
		{"null and empty values stay as printed",
			"+---------------+-------+\n| Variable_name | Value |\n+---------------+-------+\n| a             | NULL  |\n| b             |       |\n+---------------+-------+\n",
			[]varWant{{1, "variables", "", 2, map[string]string{"a": "NULL", "b": ""}}}, nil, nil},
		{"wide characters padded by display width",
			"+------+--------+--------+------+\n| Name | Engine | Rows   | 注释 |\n+------+--------+--------+------+\n| t1   | InnoDB | 12     | 表一 |\n+------+--------+--------+------+\n",
			nil, []tsWant{{4, "", "t1", "InnoDB", 12, -1, -1, -1, -1}}, nil},
		{"headerless batch after show variables",
			"mysql> show variables like 'sync%';\nsync_binlog\t1\nsync_frm\tON\n",
			[]varWant{{2, "variables", "show variables like 'sync%';", 2, map[string]string{"sync_binlog": "1", "sync_frm": "ON"}}}, nil, nil},
		{"batch escapes undone",
			"Variable_name\tValue\nsecure_file_priv\tC:\\\\tmp\\\\\nmulti\ta\\nb\n",
			[]varWant{{1, "variables", "", 2, map[string]string{"secure_file_priv": `C:\tmp\`, "multi": "a\nb"}}}, nil, nil},
		{"information_schema lower case with schema and NULL",
			"+--------------+------------+--------+------------+-------------+\n" +
				"| table_schema | table_name | engine | table_rows | data_length |\n" +
				"+--------------+------------+--------+------------+-------------+\n" +
				"| sbtest       | sbtest1    | InnoDB |      10000 |     2637824 |\n" +
				"| sbtest       | v1         | NULL   |       NULL |        NULL |\n" +
				"+--------------+------------+--------+------------+-------------+\n",
			nil, []tsWant{{4, "sbtest", "sbtest1", "InnoDB", 10000, -1, 2637824, -1, -1}, {5, "sbtest", "v1", "", -1, -1, -1, -1, -1}}, nil},
		{"bad table status value",
			"+------+--------+------+\n| Name | Engine | Rows |\n+------+--------+------+\n| t1   | InnoDB | many |\n+------+--------+------+\n",
			nil, []tsWant{{4, "", "t1", "InnoDB", -1, -1, -1, -1, -1}},
			[]parse.Error{{Source: "in.txt", Line: 4, Message: `table status rows: bad value "many" (expected a non-negative integer or NULL)`}}},
		{"row that does not line up",
			"+------+-------+\n| Variable_name | Value |\n+------+-------+\n| a | 1 | 2 |\n+------+-------+\n",
			nil, nil,
			[]parse.Error{{Source: "in.txt", Line: 4, Message: "mysql table row: cells do not line up with the border (expected '|' at the border's '+' positions)"}}},
		{"show engines skipped, trailers and errors consumed",
			"mysql> show engines;\n+--------+---------+\n| Engine | Support |\n+--------+---------+\n| InnoDB | DEFAULT |\n+--------+---------+\n" +
				"1 row in set (0.00 sec)\n\nmysql> select 1 from nope;\nERROR 1146 (42S02): Table 'test.nope' doesn't exist\n" +
				"mysql> show variables like 'x';\nEmpty set (0.00 sec)\n\nmysql> select version()\\G\n" +
				"*************************** 1. row ***************************\nversion(): 8.0.32\n1 row in set (0.00 sec)\n\nERROR: \nNo query specified\n",
			[]varWant{{15, "variables", `select version()\G`, 1, map[string]string{"version": "8.0.32"}}}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := parse.All(strings.NewReader(tt.in), "in.txt")
			if err != nil {
				t.Fatal(err)
			}
			checkVars(t, d.Variables, tt.vars)
			checkTables(t, d.Tables, tt.tables)
			var errs []parse.Error
			for _, e := range d.Errors {
				if e.Line == 0 {
					continue // "nothing found" for inputs that only hold skipped tables
				}
				errs = append(errs, *e)
			}
			if !reflect.DeepEqual(errs, tt.errors) {
				t.Errorf("errors %v, want %v", errs, tt.errors)
			}
		})
	}
}

// TestMySQLNoHeadingLeak checks that a skipped result set does not
// become the heading of a summary table that follows.
func TestMySQLNoHeadingLeak(t *testing.T) {
	in := "InnoDB:\n+--------+---------+\n| Engine | Support |\n+--------+---------+\n| InnoDB | DEFAULT |\n+--------+---------+\n\n" +
		"Threads QPS\n8 100.5\n"
	d, err := parse.All(strings.NewReader(in), "in.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 1 || d.Runs[0].Labels["system"] != "InnoDB" {
		t.Fatalf("runs %d, labels %v", len(d.Runs), d.Runs[0].Labels)
	}
}

// FuzzMySQL checks that no input makes the client-capture parser panic.
func FuzzMySQL(f *testing.F) {
	var files []string
	for _, g := range []string{"../../testdata/public/server/*", "../../testdata/real/mariadb-10.11-*"} {
		m, _ := filepath.Glob(g)
		files = append(files, m...)
	}
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := parse.All(strings.NewReader(string(b)), "fuzz")
		if err != nil {
			t.Fatal(err)
		}
		for _, ts := range d.Tables {
			for _, p := range []*int64{ts.Rows, ts.AvgRowLength, ts.DataLength, ts.IndexLength, ts.DataFree} {
				if p != nil && *p < 0 {
					t.Fatalf("negative size %d", *p)
				}
			}
		}
		for _, v := range d.Variables {
			if v.Kind != "variables" && v.Kind != "status" {
				t.Fatalf("kind %q", v.Kind)
			}
		}
	})
}

// TestTableStatusWrappedUnsigned: TokuDB reports a Data_free that wrapped
// below zero as an unsigned 64-bit number; it is kept as not available,
// with a warning, and the capture is still read without error.
func TestTableStatusWrappedUnsigned(t *testing.T) {
	in := "mysql> show table status like 'sbtest1'\\G\n" +
		"*************************** 1. row ***************************\n" +
		"           Name: sbtest1\n" +
		"         Engine: TokuDB\n" +
		"           Rows: 1000000\n" +
		"    Data_length: 189000000\n" +
		"      Data_free: 18446744065817975570\n" +
		"1 row in set (0.00 sec)\n"
	d, err := parse.All(strings.NewReader(in), "tokudb.txt")
	if err != nil || len(d.Errors) != 0 || len(d.Tables) != 1 {
		t.Fatalf("%v %v %d tables", err, d.Errors, len(d.Tables))
	}
	ts := d.Tables[0]
	if ts.DataFree != nil || ts.Rows == nil || *ts.Rows != 1000000 || ts.Engine != "TokuDB" {
		t.Errorf("data_free %v rows %v engine %q", ts.DataFree, ts.Rows, ts.Engine)
	}
	want := "line 2: data_free 18446744065817975570 is above 2^63, a wrapped unsigned value: kept as not available"
	if len(ts.Warnings) != 1 || ts.Warnings[0] != want {
		t.Errorf("warnings %q", ts.Warnings)
	}
}
