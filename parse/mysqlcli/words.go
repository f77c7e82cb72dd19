package mysqlcli

import "regexp"

// The words of the client's output the grammar looks for, in one place.

// clientPrograms are the client's names on a command line.
var clientPrograms = []string{"mysql", "mariadb"}

// The client's prompts, as parse strips them from a line: MySQL's, the
// continuation of a statement (and inside a quoted string), and the end of
// MariaDB's ("MariaDB [(none)]>").
const (
	promptMySQL       = "mysql>"
	promptMore        = "->"
	promptQuote       = "'>"
	promptDoubleQuote = "\">"
	promptMariaDBEnd  = "]>"
)

// trailerRE matches a status line the client prints around a result
// ("3 rows in set", "Query OK", "ERROR 1064 ..."), a password prompt or a
// client's warning. isTrailer tries it on lines starting with one of
// the bytes these start with.
var trailerRE = regexp.MustCompile(`^(\d+ rows? in set\b|Empty set\b|Query OK, |ERROR( \d+ \([0-9A-Z]+\))?:|Rows matched: |Records: |Database changed$|Enter password:|(mysql|mariadb|mysqlslap|mariadb-slap): \[(Warning|ERROR)\] |Warning: Using a password on the command line)`)

// versionColumns are the headers of a one-column version result, in
// lower case.
var versionColumns = []string{"version()", "@@version", "@@global.version", "select version()"}

// The harness dump's markers: the line above its statements, and the
// line above their results.
const (
	harnessCommands = "SQL_command:"
	harnessResults  = "===Results==="
)

// resultStatements are the statements that print a result set.
var resultStatements = []string{"select", "show", "analyze", "check", "optimize", "repair", "explain", "describe", "desc", "checksum", "call", "with", "values", "table"}

// Result kinds, named by their columns (classify).
const (
	resVariables   = "variables"
	resTableStatus = "tablestatus"
	resSchema      = "schema"
	resVersion     = "version"
)

// The columns of SHOW TABLE STATUS and of an information_schema.TABLES
// query that make a result one of them (besides Name and Engine, or
// TABLE_NAME), in lower case.
var (
	tableStatusCols = []string{"rows", "avg_row_length", "data_length", "index_length"}
	schemaCols      = []string{"engine", "table_rows", "avg_row_length", "data_length", "index_length"}
)

// The columns a table status row's fields are read from, in lower case:
// the first a result has (SHOW TABLE STATUS's name, then
// information_schema's). Problems name a field by its first column.
var (
	colsSchema       = []string{"table_schema"}
	colsName         = []string{"name", "table_name"}
	colsEngine       = []string{"engine"}
	colsRowFormat    = []string{"row_format"}
	colsRows         = []string{"rows", "table_rows"}
	colsAvgRowLength = []string{"avg_row_length"}
	colsDataLength   = []string{"data_length"}
	colsIndexLength  = []string{"index_length"}
	colsDataFree     = []string{"data_free"}
)
