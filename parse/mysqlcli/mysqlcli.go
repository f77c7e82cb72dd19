// Package mysqlcli reads what the MySQL and MariaDB clients print
// (FORMATS.md §8): result sets printed as ASCII tables (interactive or
// -t), vertical \G rows, or tab-separated batch output (-B, with or
// without the -N header), with or without prompts, trailers and the
// SQL_command:/===Results=== harness.
//
// A result set is read into columns and rows, then classified by its
// columns:
//   - Variable_name, Value: one SHOW VARIABLES or SHOW STATUS capture
//     (parse's *Variables, emitted through Sink.Variables). Its kind is
//     "status" when the statement says STATUS (SHOW GLOBAL STATUS prints
//     the same header), otherwise "variables". Each result set is its
//     own item, with its statement and line, even when a session prints
//     several small "LIKE" tables in a row: merging is left to the
//     consumer, so every value stays traceable to the table that printed
//     it.
//   - Name, Engine and one of Rows, Avg_row_length, Data_length,
//     Index_length (SHOW TABLE STATUS), or TABLE_NAME and one of ENGINE,
//     TABLE_ROWS, AVG_ROW_LENGTH, DATA_LENGTH, INDEX_LENGTH (an
//     information_schema.TABLES query, any case): one *model.TableStatus
//     a row.
//   - a single VERSION() / @@version column: variables holding "version".
//   - anything else (SHOW ENGINES, ANALYZE, ...) is valid input that is not
//     used: it is consumed silently so that its lines do not become
//     headings of what follows.
//
// Values stay as printed: an empty cell stays "", NULL stays "NULL".
// Batch output escapes \t, \n, \\ and \0; they are unescaped so that the
// three forms of one result give the same values.
//
// The package reads lines given by parse through the contract of
// parse/model, and the statement a result answers through its Sink; it
// imports neither parse nor any other reader. The words it looks for are
// in words.go.
package mysqlcli

import "github.com/sbreport/sbreport/parse/model"

// A Sink is what the grammar sees of the input being read: model.Sink,
// the statement context parse keeps, and the captures it emits.
type Sink interface {
	model.Sink
	// Statement returns the last SQL statement typed at a client prompt
	// and not taken yet, with the line it was typed at; "" when none.
	Statement() (stmt string, line int)
	// ForgetStatement forgets that statement: it has its result.
	ForgetStatement()
	// Variables emits a SHOW VARIABLES or SHOW STATUS result (kind
	// "variables" or "status") that starts at line, after stmt. The item
	// is parse's *Variables: parse keeps that type, with KeepStatus, the
	// reduction of a status snapshot to the counters a report reads.
	Variables(line int, stmt, kind string, values map[string]string)
	// Malformed reports a row that could not be read.
	Malformed(line int, msg string)
	// Unclaimed gives back a line that began no block after all (a
	// "VERSION()" header with no row), as context for what follows.
	Unclaimed(line int, text string)
}
