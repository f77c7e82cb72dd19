package parse

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MySQL and MariaDB client captures (FORMATS.md §8): result sets printed
// as ASCII tables (interactive or -t), vertical \G rows, or tab-separated
// batch output (-B, with or without the -N header), with or without
// prompts, trailers and the SQL_command:/===Results=== harness.
//
// A result set is read into columns and rows, then classified by its
// columns:
//   - Variable_name, Value: one *Variables. Kind is "status" when the
//     statement says STATUS (SHOW GLOBAL STATUS prints the same header),
//     otherwise "variables". Each result set is its own item, with its
//     statement and line, even when a session prints several small
//     "LIKE" tables in a row: merging is left to the consumer, so every
//     value stays traceable to the table that printed it.
//   - Name, Engine and one of Rows, Avg_row_length, Data_length,
//     Index_length (SHOW TABLE STATUS), or TABLE_NAME and one of ENGINE,
//     TABLE_ROWS, AVG_ROW_LENGTH, DATA_LENGTH, INDEX_LENGTH (an
//     information_schema.TABLES query, any case): one *TableStatus a row.
//   - a single VERSION() / @@version column: a *Variables holding "version".
//   - anything else (SHOW ENGINES, ANALYZE, ...) is valid input that is not
//     used: it is consumed silently so that its lines do not become
//     headings of what follows.
//
// Values stay as printed: an empty cell stays "", NULL stays "NULL".
// Batch output escapes \t, \n, \\ and \0; they are unescaped so that the
// three forms of one result give the same values.

// A result is one result set of a client.
type result struct {
	line int // first line
	stmt string
	cols []string
	rows []resultRow
	errs []*Error
}

type resultRow struct {
	line  int
	cells []string          // a table or batch row, by column of result.cols
	vals  map[string]string // a vertical row, by column name
}

// get returns the row's value in the column called name: for a table row,
// that of the last column so called among those the row has cells for.
func (row *resultRow) get(cols []string, name string) (string, bool) {
	if row.vals != nil {
		v, ok := row.vals[name]
		return v, ok
	}
	for i := min(len(cols), len(row.cells)) - 1; i >= 0; i-- {
		if cols[i] == name {
			return row.cells[i], true
		}
	}
	return "", false
}

// addRow keeps a row's cells as they are: a SHOW GLOBAL STATUS result
// has some 670 rows, and a map a row cost more than the rest of reading
// them.
func (r *result) addRow(line int, cells []string) {
	r.rows = append(r.rows, resultRow{line: line, cells: cells})
}

// detectMySQL starts a block at an ASCII table border, a vertical row
// header, a batch header (or a headerless batch row after SHOW
// VARIABLES/STATUS), the SQL_command: harness, a client prompt, or a
// client trailer ("3 rows in set", "Query OK", "ERROR 1064 ...").
func detectMySQL(l *Line, c *ctx) block {
	t := l.Text
	switch {
	case isClientPrompt(l.Prompt):
		return &promptBlock{}
	case isBorder(t):
		return newASCIITable(l, c.takeStmt(l.No))
	case isVerticalRow(l):
		b := &verticalBlock{res: &result{line: l.No, stmt: c.takeStmt(l.No)}}
		b.startRow(l.No)
		return b
	case t == "SQL_command:":
		return &harnessBlock{c: c}
	case isTrailer(t):
		return &trailerBlock{}
	}
	if strings.IndexByte(t, '\t') >= 0 {
		return detectBatch(l, c)
	}
	if len(t) >= len("@@version") && len(t) <= len("@@global.version") && isVersionColumn(t) {
		// "VERSION()" alone: the header of a one-column batch result.
		return &batchBlock{res: &result{line: l.No, stmt: c.takeStmt(l.No), cols: []string{t}}}
	}
	return nil
}

// takeStmt returns the statement that produced a result starting at line:
// the last statement typed at a client prompt, or the -e/--execute
// argument of a mysql/mariadb command line, whichever came last and is
// near enough. It is forgotten once taken: a statement has one result.
func (c *ctx) takeStmt(line int) string {
	const near = 60
	useStmt := c.stmt != "" && line-c.stmtLine <= near
	cmd := c.command
	useCmd := cmd != nil && isClientProgram(cmd.Tool) && line-c.cmdLine <= near
	switch {
	case useStmt && (!useCmd || c.stmtLine > c.cmdLine):
		s := c.stmt
		c.stmt = ""
		return s
	case useCmd:
		c.command = nil
		return executeArg(cmd.raw)
	}
	return ""
}

func isClientProgram(tool string) bool {
	return tool == "mysql" || tool == "mariadb"
}

// executeArg returns the -e/--execute statement of a client command line.
func executeArg(raw string) string {
	args := splitArgs(raw)
	for i, a := range args {
		switch {
		case a == "-e" || a == "--execute":
			if i+1 < len(args) {
				return args[i+1]
			}
		case strings.HasPrefix(a, "--execute="):
			return a[len("--execute="):]
		case strings.HasPrefix(a, "-e") && len(a) > 2 && a[2] != '-':
			return a[2:]
		}
	}
	return ""
}

func isClientPrompt(p string) bool {
	return p == "mysql>" || p == "->" || strings.HasSuffix(p, "]>")
}

// isBorder reports an ASCII table border: "+---+-----+".
func isBorder(t string) bool {
	if len(t) < 3 || t[0] != '+' || t[len(t)-1] != '+' {
		return false
	}
	for i := 1; i < len(t); i++ {
		if t[i] != '-' && t[i] != '+' {
			return false
		}
		if t[i] == '+' && t[i-1] == '+' {
			return false
		}
	}
	return true
}

// isVerticalRow reports "*************************** 1. row ***************************".
// It looks at the raw line: normalisation drops "**" as markdown bold.
func isVerticalRow(l *Line) bool {
	t := strings.TrimSpace(l.Raw)
	if strings.HasPrefix(t, "> ") {
		t = strings.TrimSpace(t[2:])
	}
	if !strings.HasPrefix(t, "***") || !strings.HasSuffix(t, "***") {
		return false
	}
	inner := strings.Trim(t, "* ")
	n, ok := strings.CutSuffix(inner, ". row")
	if !ok || n == "" {
		return false
	}
	_, err := strconv.ParseUint(n, 10, 32)
	return err == nil
}

var trailerRE = regexp.MustCompile(`^(\d+ rows? in set\b|Empty set\b|Query OK, |ERROR( \d+ \([0-9A-Z]+\))?:|Rows matched: |Records: |Database changed$|Enter password:|(mysql|mariadb|mysqlslap|mariadb-slap): \[(Warning|ERROR)\] |Warning: Using a password on the command line)`)

func isTrailer(t string) bool {
	if t == "" {
		return false
	}
	switch t[0] {
	case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'E', 'Q', 'R', 'D', 'm', 'W':
		return trailerRE.MatchString(t)
	}
	return false
}

func isVersionColumn(t string) bool {
	switch strings.ToLower(t) {
	case "version()", "@@version", "@@global.version", "select version()":
		return true
	}
	return false
}

// promptBlock consumes a statement typed at a client prompt and its
// continuation lines; the dispatcher has already recorded it in c.stmt.
type promptBlock struct{}

func (b *promptBlock) feed(l *Line) status {
	if l.Prompt == "->" || l.Prompt == "'>" || l.Prompt == "\">" {
		return consumed
	}
	return rejected
}

func (b *promptBlock) end(c *ctx) {}

// trailerBlock consumes one client status line.
type trailerBlock struct{}

func (b *trailerBlock) feed(l *Line) status { return rejected }
func (b *trailerBlock) end(c *ctx)          {}

// asciiTable reads "+---+" bordered output: top border, header, border,
// rows, bottom border. Cells are cut at the '+' positions of the border.
type asciiTable struct {
	res     *result
	cuts    []int // rune positions of the border's '+'
	borders int
	header  bool
	keep    bool // the header's columns are of a result emitResult reads
}

func newASCIITable(l *Line, stmt string) *asciiTable {
	b := &asciiTable{res: &result{line: l.No, stmt: stmt}, borders: 1}
	for i, r := range []rune(l.Text) {
		if r == '+' {
			b.cuts = append(b.cuts, i)
		}
	}
	return b
}

func (b *asciiTable) feed(l *Line) status {
	t := l.Text
	if l.Prompt != "" {
		return rejected
	}
	if isBorder(t) {
		b.borders++
		switch {
		case b.borders == 2 && b.header:
			return consumed
		case b.borders >= 3 || (b.borders == 2 && !b.header):
			return done
		}
		return consumed
	}
	if t == "" || t[0] != '|' {
		return rejected
	}
	cells, ok := cutRow(t, b.cuts)
	if !ok {
		b.res.errs = append(b.res.errs, &Error{Line: l.No,
			Message: "mysql table row: cells do not line up with the border (expected '|' at the border's '+' positions)"})
		return consumed
	}
	if !b.header {
		if b.borders != 1 {
			return rejected
		}
		b.header = true
		b.res.cols = cells
		b.keep = classify(cells) != ""
		return consumed
	}
	if b.borders != 2 {
		return rejected
	}
	if b.keep {
		// A processlist or a query's rows are read for their shape
		// (cells lined up with the border) and not kept.
		b.res.addRow(l.No, cells)
	}
	return consumed
}

func (b *asciiTable) end(c *ctx) {
	if !b.header {
		return // a lone border: a rule in prose, not a table
	}
	emitResult(c, b.res)
}

// cutRow splits a table row at the border's '+' positions. The client pads
// cells by display width, so a row with wide (CJK) characters has fewer
// runes than the border: a '|' counts as a boundary when either its rune
// index or its display column matches. If neither lines up, a row with
// exactly one '|' per boundary is split at them.
func cutRow(t string, cuts []int) ([]string, bool) {
	if len(cuts) < 2 {
		return nil, false
	}
	cells := make([]string, 0, len(cuts)-1)
	if last := cuts[len(cuts)-1]; last < len(t) && plainASCII(t[:last+1]) {
		// Every rune up to the last boundary is one byte of width one:
		// rune index, display column and byte index agree, so a boundary
		// is a '|' at the cut itself or the row does not line up (the
		// first cut without one ends the matching, as in the loop below).
		aligned := true
		for _, p := range cuts {
			if t[p] != '|' {
				aligned = false
				break
			}
		}
		if aligned {
			for k := 1; k < len(cuts); k++ {
				cells = append(cells, strings.TrimSpace(t[cuts[k-1]+1:cuts[k]]))
			}
			return cells, true
		}
	}
	return cutRowByRunes(t, cuts, cells)
}

// cutRowByRunes is cutRow by a walk over the runes of t, appending the
// cells to cells.
func cutRowByRunes(t string, cuts []int, cells []string) ([]string, bool) {
	k, ri, col, start := 0, 0, 0, 0
	for bi, r := range t {
		if r == '|' && k < len(cuts) && (ri == cuts[k] || col == cuts[k]) {
			if k > 0 {
				cells = append(cells, strings.TrimSpace(t[start:bi]))
			}
			start = bi + 1
			k++
		}
		ri++
		col += runeWidth(r)
	}
	if k == len(cuts) {
		return cells, true
	}
	if strings.Count(t, "|") == len(cuts) && strings.HasSuffix(t, "|") {
		parts := strings.Split(t, "|")
		cells = cells[:0]
		for _, p := range parts[1 : len(parts)-1] {
			cells = append(cells, strings.TrimSpace(p))
		}
		return cells, true
	}
	return nil, false
}

// runeWidth approximates the terminal width of r: 2 for East Asian wide
// and fullwidth characters, else 1.
func runeWidth(r rune) int {
	switch {
	case r < 0x1100:
		return 1
	case r <= 0x115F, r >= 0x2E80 && r <= 0xA4CF, r >= 0xAC00 && r <= 0xD7A3,
		r >= 0xF900 && r <= 0xFAFF, r >= 0xFE30 && r <= 0xFE4F, r >= 0xFF00 && r <= 0xFF60,
		r >= 0xFFE0 && r <= 0xFFE6, r >= 0x20000 && r <= 0x3FFFD:
		return 2
	}
	return 1
}

// verticalBlock reads \G output: "*** N. row ***" then "label: value"
// lines (labels right-aligned, or tab-mangled by an editor; the line is
// already trimmed). A line without a label continues the previous value.
type verticalBlock struct {
	res  *result
	cur  *resultRow
	last string // label of the last value, for continuation lines
	seen map[string]bool
}

func (b *verticalBlock) startRow(line int) {
	b.res.rows = append(b.res.rows, resultRow{line: line, vals: map[string]string{}})
	b.cur = &b.res.rows[len(b.res.rows)-1]
	b.last = ""
}

func (b *verticalBlock) feed(l *Line) status {
	t := l.Text
	switch {
	case l.Prompt != "", t == "":
		return rejected
	case isVerticalRow(l):
		b.startRow(l.No)
		return consumed
	case isTrailer(t):
		if strings.HasPrefix(t, "ERROR") {
			return rejected // "ERROR: No query specified" after "\G;"
		}
		return done
	}
	label, val, ok := strings.Cut(t, ":")
	if ok && label != "" && len(label) <= 64 && !strings.HasSuffix(label, " ") &&
		(val == "" || val[0] == ' ' || val[0] == '\t') {
		label = strings.TrimSpace(label)
		if b.seen == nil {
			b.seen = map[string]bool{}
		}
		if !b.seen[label] {
			b.seen[label] = true
			b.res.cols = append(b.res.cols, label)
		}
		b.cur.vals[label] = strings.TrimSpace(val)
		b.last = label
		return consumed
	}
	if b.last != "" {
		// A multi-line value (Create Table, Comment).
		b.cur.vals[b.last] += "\n" + t
		return consumed
	}
	return rejected
}

func (b *verticalBlock) end(c *ctx) {
	// Row lines: the first labelled line would be as good; the "N. row"
	// line is where the row starts.
	emitResult(c, b.res)
}

// batchBlock reads tab-separated output: a header (or a headerless first
// row, cols set to Variable_name/Value) then rows with as many fields.
type batchBlock struct {
	res *result
}

// detectBatch starts a batch block at a header naming known columns, or
// at a headerless Variable_name/Value row when the statement before it
// is SHOW VARIABLES or SHOW STATUS (mysql -N).
func detectBatch(l *Line, c *ctx) block {
	fields := strings.Split(l.Text, "\t")
	if kind := classify(fields); kind != "" {
		return &batchBlock{res: &result{line: l.No, stmt: c.takeStmt(l.No), cols: fields}}
	}
	if len(fields) != 2 || !isIdentifier(fields[0]) || c.stmt == "" && c.command == nil {
		return nil
	}
	stmt := c.takeStmtPeek(l.No)
	u := strings.ToUpper(stmt)
	if !strings.HasPrefix(u, "SHOW ") || !(strings.Contains(u, " VARIABLES") || strings.Contains(u, " STATUS")) ||
		strings.Contains(u, "TABLE STATUS") {
		return nil
	}
	b := &batchBlock{res: &result{line: l.No, stmt: c.takeStmt(l.No), cols: []string{"Variable_name", "Value"}}}
	b.feed(l)
	return b
}

// takeStmtPeek returns what takeStmt would return, without taking it.
func (c *ctx) takeStmtPeek(line int) string {
	stmt, sl, cmd := c.stmt, c.stmtLine, c.command
	s := c.takeStmt(line)
	c.stmt, c.stmtLine, c.command = stmt, sl, cmd
	return s
}

func isIdentifier(s string) bool {
	if s == "" || len(s) > 128 {
		return false
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if !(ch == '_' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || i > 0 && ch >= '0' && ch <= '9') {
			return false
		}
	}
	return true
}

func (b *batchBlock) feed(l *Line) status {
	if l.Prompt != "" || l.Text == "" {
		return rejected
	}
	// Use the raw line: a trailing tab is an empty last field.
	raw := strings.TrimLeft(l.Raw, " ")
	raw = strings.TrimRight(raw, " \r")
	fields := strings.Split(raw, "\t")
	if len(fields) != len(b.res.cols) {
		return rejected
	}
	if len(fields) == 1 && b.res.rows != nil {
		return rejected // a one-column result (VERSION()) has one row
	}
	for i, f := range fields {
		fields[i] = unescapeBatch(f)
	}
	b.res.addRow(l.No, fields)
	return consumed
}

func (b *batchBlock) end(c *ctx) {
	if len(b.res.rows) == 0 && len(b.res.cols) == 1 {
		c.remember(&Line{No: b.res.line, Text: b.res.cols[0]})
		return
	}
	emitResult(c, b.res)
}

// unescapeBatch undoes the client's batch escaping of \t, \n, \\ and \0.
func unescapeBatch(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case 't':
				sb.WriteByte('\t')
				i++
				continue
			case 'n':
				sb.WriteByte('\n')
				i++
				continue
			case '\\':
				sb.WriteByte('\\')
				i++
				continue
			case '0':
				sb.WriteByte(0)
				i++
				continue
			}
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// harnessBlock reads the benchmark harness dump
//
//	SQL_command:
//	use dbt3; select version(); show variables; ...
//
//	===Results===
//	+---...  (one table per statement that returns rows, back to back)
//
// and gives each table the statement that printed it.
type harnessBlock struct {
	c       *ctx
	stmts   []string // statements that return a result set, in order
	results bool     // "===Results===" seen
	inner   block
	next    int
}

// resultStatements are the statements that print a result set.
var resultStatements = []string{"select", "show", "analyze", "check", "optimize", "repair", "explain", "describe", "desc", "checksum", "call", "with", "values", "table"}

func (b *harnessBlock) feed(l *Line) status {
	t := l.Text
	if !b.results {
		switch {
		case t == "===Results===":
			b.results = true
		case t != "":
			for _, s := range strings.Split(t, ";") {
				s = strings.TrimSpace(s)
				w, _, _ := strings.Cut(strings.ToLower(s), " ")
				for _, rs := range resultStatements {
					if w == rs {
						b.stmts = append(b.stmts, s)
						break
					}
				}
			}
		}
		return consumed
	}
	if b.inner != nil {
		switch b.inner.feed(l) {
		case consumed, skipped:
			return consumed
		case done:
			b.inner.end(b.c)
			b.inner = nil
			return consumed
		case rejected:
			b.inner.end(b.c)
			b.inner = nil
		}
	}
	if isBorder(t) {
		stmt := ""
		if b.next < len(b.stmts) {
			stmt = b.stmts[b.next]
		}
		b.next++
		b.inner = newASCIITable(l, stmt)
		return consumed
	}
	if t == "" || isTrailer(t) {
		return consumed
	}
	return rejected
}

func (b *harnessBlock) end(c *ctx) {
	if b.inner != nil {
		b.inner.end(c)
		b.inner = nil
	}
}

// Result kinds.
const (
	resVariables   = "variables"
	resTableStatus = "tablestatus"
	resSchema      = "schema"
	resVersion     = "version"
)

var (
	tableStatusCols = []string{"rows", "avg_row_length", "data_length", "index_length"}
	schemaCols      = []string{"engine", "table_rows", "avg_row_length", "data_length", "index_length"}
)

// classify names the kind of a result from its columns, or "".
func classify(cols []string) string {
	has := make(map[string]bool, len(cols))
	for _, c := range cols {
		has[strings.ToLower(c)] = true
	}
	any := func(names []string) bool {
		for _, n := range names {
			if has[n] {
				return true
			}
		}
		return false
	}
	switch {
	case len(cols) == 2 && has["variable_name"] && has["value"]:
		return resVariables
	case has["name"] && has["engine"] && any(tableStatusCols):
		return resTableStatus
	case has["table_name"] && any(schemaCols):
		return resSchema
	case len(cols) == 1 && isVersionColumn(cols[0]):
		return resVersion
	}
	return ""
}

// emitResult turns a result set into items.
func emitResult(c *ctx, r *result) {
	for _, e := range r.errs {
		e.Source = c.name
		c.add(e)
	}
	switch classify(r.cols) {
	case resVariables:
		v := &Variables{Source: c.name, Line: r.line, Statement: r.stmt, Kind: "variables", Values: map[string]string{}}
		if isStatusStatement(r.stmt) {
			v.Kind = "status"
		}
		name, value := colName(r.cols, "variable_name"), colName(r.cols, "value")
		for _, row := range r.rows {
			k, ok := row.get(r.cols, name)
			if !ok || k == "" {
				continue
			}
			v.Values[k], _ = row.get(r.cols, value)
		}
		if len(v.Values) > 0 {
			c.add(v)
		}
	case resVersion:
		if len(r.rows) == 0 {
			return
		}
		ver, _ := r.rows[0].get(r.cols, r.cols[0])
		c.add(&Variables{Source: c.name, Line: r.line, Statement: r.stmt, Kind: "variables",
			Values: map[string]string{"version": ver}})
	case resTableStatus, resSchema:
		for _, row := range r.rows {
			c.add(tableStatus(c, r, row))
		}
	}
}

// isStatusStatement reports SHOW [GLOBAL|SESSION] STATUS [LIKE ...].
func isStatusStatement(stmt string) bool {
	f := strings.Fields(strings.ToUpper(stmt))
	if len(f) < 2 || f[0] != "SHOW" {
		return false
	}
	i := 1
	if f[i] == "GLOBAL" || f[i] == "SESSION" {
		i++
	}
	return i < len(f) && strings.HasPrefix(f[i], "STATUS")
}

// colName returns the column of cols whose lower-case name is lower.
func colName(cols []string, lower string) string {
	for _, c := range cols {
		if strings.ToLower(c) == lower {
			return c
		}
	}
	return ""
}

func tableStatus(c *ctx, r *result, row resultRow) *TableStatus {
	get := func(names ...string) (string, bool) {
		for _, n := range names {
			if col := colName(r.cols, n); col != "" {
				return row.get(r.cols, col)
			}
		}
		return "", false
	}
	ts := &TableStatus{Source: c.name, Line: row.line}
	ts.Schema, _ = get("table_schema")
	ts.Name, _ = get("name", "table_name")
	ts.Engine, _ = get("engine")
	ts.RowFormat, _ = get("row_format")
	for _, f := range []struct {
		dst   **int64
		names []string
	}{
		{&ts.Rows, []string{"rows", "table_rows"}},
		{&ts.AvgRowLength, []string{"avg_row_length"}},
		{&ts.DataLength, []string{"data_length"}},
		{&ts.IndexLength, []string{"index_length"}},
		{&ts.DataFree, []string{"data_free"}},
	} {
		v, ok := get(f.names...)
		if !ok || v == "" || v == "NULL" {
			continue
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil && isWrapped(v) {
			// An unsigned counter that went below zero and wrapped
			// (TokuDB's Data_free 18446744065817975570): not available.
			ts.Warnings = append(ts.Warnings, fmt.Sprintf("line %d: %s %s is above 2^63, a wrapped unsigned value: kept as not available", row.line, f.names[0], v))
			continue
		}
		if err != nil || n < 0 {
			c.errorf(row.line, "table status %s: bad value %q (expected a non-negative integer or NULL)", f.names[0], clip(v))
			continue
		}
		*f.dst = i64ptr(n)
	}
	for _, p := range []*string{&ts.Schema, &ts.Name, &ts.Engine, &ts.RowFormat} {
		if *p == "NULL" {
			*p = ""
		}
	}
	return ts
}

// clip shortens a quoted value in a message.
func clip(s string) string {
	if len(s) <= 40 {
		return s
	}
	i := 40
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "..."
}

// isWrapped reports a decimal integer of 2^63 or more that fits in 64
// bits unsigned: a counter that wrapped below zero.
func isWrapped(v string) bool {
	u, err := strconv.ParseUint(v, 10, 64)
	return err == nil && u >= 1<<63
}
