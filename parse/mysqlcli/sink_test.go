package mysqlcli

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/parse/internal/blocktest"
	"github.com/sbreport/sbreport/parse/model"
)

// testSink is the input the grammar reads outside parse: a pending
// statement and command, and what the grammar gives back.
type testSink struct {
	stmt     string
	stmtLine int
	cmd      *model.Cmd
	vars     []testVars
	items    []model.Item
	problems []string
}

type testVars struct {
	line       int
	stmt, kind string
	values     map[string]string
}

func (s *testSink) Source() string                      { return "in" }
func (s *testSink) Add(it model.Item)                   { s.items = append(s.items, it) }
func (s *testSink) Errorf(line int, f string, a ...any) { s.problems = append(s.problems, f) }
func (s *testSink) Recognised()                         {}
func (s *testSink) Headings() []model.Heading           { return nil }
func (s *testSink) Statement() (string, int)            { return s.stmt, s.stmtLine }
func (s *testSink) ForgetStatement()                    { s.stmt = "" }
func (s *testSink) Malformed(line int, msg string)      { s.problems = append(s.problems, msg) }
func (s *testSink) Unclaimed(line int, text string)     {}
func (s *testSink) Command() (model.Cmd, bool) {
	if s.cmd == nil {
		return model.Cmd{}, false
	}
	return *s.cmd, true
}
func (s *testSink) TakeCommand(int) (model.Cmd, bool) {
	cmd, ok := s.Command()
	s.cmd = nil
	return cmd, ok
}
func (s *testSink) Variables(line int, stmt, kind string, values map[string]string) {
	s.vars = append(s.vars, testVars{line, stmt, kind, values})
}

// read offers lines (numbered from first) to Detect and the block it
// starts, as parse does, and ends the block.
func read(s *testSink, first int, lines ...string) { blocktest.Feed[Sink](s, Detect, first, lines...) }

// The first rows of testdata/real/mariadb-10.11-show-global-variables-B.txt
// (mariadb -B -e 'SHOW GLOBAL VARIABLES'): the result takes its statement
// from the command's -e, and the command is taken.
func TestStatementFromExecute(t *testing.T) {
	raw := "mariadb -h 127.0.0.1 -P 3307 -u sbtest -psbtest sbtest -B -e 'SHOW GLOBAL VARIABLES'"
	s := &testSink{cmd: &model.Cmd{Tool: "mariadb", Raw: raw, Line: 1}}
	read(s, 2, "Variable_name\tValue", "allow_suspicious_udfs\tOFF", "alter_algorithm\tDEFAULT", "analyze_max_length\t4294967295")
	want := []testVars{{2, "SHOW GLOBAL VARIABLES", "variables", map[string]string{
		"allow_suspicious_udfs": "OFF", "alter_algorithm": "DEFAULT", "analyze_max_length": "4294967295"}}}
	if !reflect.DeepEqual(s.vars, want) || s.cmd != nil {
		t.Errorf("variables %v, command left %v; want %v and the command taken", s.vars, s.cmd, want)
	}
}

// A headerless batch row (mysql -N) is a result only after SHOW
// VARIABLES or SHOW STATUS: the statement is looked at without being
// taken, and taken when the rows are its.
func TestHeaderlessBatchPeeksStatement(t *testing.T) {
	s := &testSink{stmt: "SELECT 1;", stmtLine: 1}
	read(s, 2, "allow_suspicious_udfs\tOFF")
	if len(s.vars) != 0 || s.stmt != "SELECT 1;" {
		t.Errorf("after SELECT: variables %v, statement left %q; want none and the statement kept", s.vars, s.stmt)
	}
	// Rows 648-651 of testdata/real/mariadb-10.11-show-global-status-B.txt.
	s = &testSink{stmt: "SHOW GLOBAL STATUS LIKE 'Threads%';", stmtLine: 1}
	read(s, 2, "Threads_cached\t4", "Threads_connected\t1", "Threads_created\t5", "Threads_running\t1")
	want := []testVars{{2, "SHOW GLOBAL STATUS LIKE 'Threads%';", "status", map[string]string{
		"Threads_cached": "4", "Threads_connected": "1", "Threads_created": "5", "Threads_running": "1"}}}
	if !reflect.DeepEqual(s.vars, want) || s.stmt != "" {
		t.Errorf("after SHOW STATUS: variables %v, statement left %q; want %v and the statement taken", s.vars, s.stmt, want)
	}
}

// A statement typed more than 60 lines above a table is not its: the
// table has none, and the statement stays pending. The table is the
// first of testdata/public/server/show-variables-like-version-mysql-prompt-rows-in-set-empty-set.txt,
// whose statement is moved 69 lines up; at 60 lines the statement is the
// table's.
func TestStatementTooFar(t *testing.T) {
	b, err := os.ReadFile("../../testdata/public/server/show-variables-like-version-mysql-prompt-rows-in-set-empty-set.txt")
	if err != nil {
		t.Fatal(err)
	}
	table := strings.Split(string(b), "\n")[1:14]
	for _, tt := range []struct {
		at   int
		stmt string
	}{{70, ""}, {61, "show variables like '%version%';"}} {
		s := &testSink{stmt: "show variables like '%version%';", stmtLine: 1}
		read(s, tt.at, table...)
		if len(s.vars) != 1 || s.vars[0].stmt != tt.stmt || s.vars[0].values["version"] != "5.7.23-log" || len(s.vars[0].values) != 8 ||
			(s.stmt == "") != (tt.stmt != "") {
			t.Errorf("table at line %d: variables %v, statement left %q; want the statement %q", tt.at, s.vars, s.stmt, tt.stmt)
		}
	}
}
