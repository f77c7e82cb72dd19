package parse

import (
	"github.com/sbreport/sbreport/parse/model"
	"github.com/sbreport/sbreport/parse/mysqlcli"
)

// The mysql client grammar (parse/mysqlcli) reads the statement context
// this package keeps and emits its *Variables through mysqlcli.Sink,
// implemented here.

// detectMySQL is the client grammar's detector, given this package's
// sink.
func detectMySQL(l *model.Line, s model.Sink) model.Block {
	return mysqlcli.Detect(l, s.(*sink))
}

// isStatusStatement reports SHOW [GLOBAL|SESSION] STATUS [LIKE ...].
func isStatusStatement(stmt string) bool { return mysqlcli.IsStatusStatement(stmt) }

// Statement returns the last statement typed at a client prompt
// (mysqlcli.Sink).
func (s *sink) Statement() (string, int) { return s.stmt, s.stmtLine }

// ForgetStatement forgets it (mysqlcli.Sink).
func (s *sink) ForgetStatement() { s.stmt = "" }

// Variables emits a SHOW VARIABLES or SHOW STATUS result (mysqlcli.Sink).
func (s *sink) Variables(line int, stmt, kind string, values map[string]string) {
	(*ctx)(s).add(&Variables{Source: s.name, Line: line, Statement: stmt, Kind: kind, Values: values})
}

// Malformed reports a row the client grammar could not read
// (mysqlcli.Sink).
func (s *sink) Malformed(line int, msg string) {
	(*ctx)(s).add(&Error{Source: s.name, Line: line, Message: msg})
}
