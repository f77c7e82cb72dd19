package mysqlcli

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sbreport/sbreport/parse/model"
	"github.com/sbreport/sbreport/parse/scan"
)

// A result is one result set of a client.
type result struct {
	line int // first line
	stmt string
	cols []string
	rows []resultRow
	errs []rowError
}

// A rowError is a row that could not be read, reported when the result
// is emitted.
type rowError struct {
	line int
	msg  string
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

// Detect starts a block at an ASCII table border, a vertical row
// header, a batch header (or a headerless batch row after SHOW
// VARIABLES/STATUS), the SQL_command: harness, a client prompt, or a
// client trailer ("3 rows in set", "Query OK", "ERROR 1064 ...").
func Detect(l *model.Line, s Sink) model.Block {
	t := l.Text
	switch {
	case isClientPrompt(l.Prompt):
		return &promptBlock{}
	case isBorder(t):
		return newASCIITable(s, l, takeStatement(s, l.No, true))
	case isVerticalRow(l):
		b := &verticalBlock{s: s, res: &result{line: l.No, stmt: takeStatement(s, l.No, true)}}
		b.startRow(l.No)
		return b
	case t == harnessCommands:
		return &harnessBlock{s: s}
	case isTrailer(t):
		return &trailerBlock{}
	}
	if strings.IndexByte(t, '\t') >= 0 {
		return detectBatch(l, s)
	}
	if len(t) >= len("@@version") && len(t) <= len("@@global.version") && isVersionColumn(t) {
		// "VERSION()" alone: the header of a one-column batch result.
		return &batchBlock{s: s, res: &result{line: l.No, stmt: takeStatement(s, l.No, true), cols: []string{t}}}
	}
	return nil
}

// takeStatement returns the statement that produced a result starting at
// line: the last statement typed at a client prompt, or the -e/--execute
// argument of a mysql/mariadb command line, whichever came last and is
// near enough. When take is set it is forgotten: a statement has one
// result.
func takeStatement(s Sink, line int, take bool) string {
	const near = 60
	stmt, stmtLine := s.Statement()
	useStmt := stmt != "" && line-stmtLine <= near
	cmd, ok := s.Command()
	useCmd := ok && isClientProgram(cmd.Tool) && line-cmd.Line <= near
	switch {
	case useStmt && (!useCmd || stmtLine > cmd.Line):
		if take {
			s.ForgetStatement()
		}
		return stmt
	case useCmd:
		if take {
			s.TakeCommand(line)
		}
		return executeArg(cmd.Raw)
	}
	return ""
}

func isClientProgram(tool string) bool {
	for _, p := range clientPrograms {
		if tool == p {
			return true
		}
	}
	return false
}

// executeArg returns the -e/--execute statement of a client command line.
func executeArg(raw string) string {
	args := scan.SplitArgs(raw)
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
	return p == promptMySQL || p == promptMore || strings.HasSuffix(p, promptMariaDBEnd)
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
func isVerticalRow(l *model.Line) bool {
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
	lower := strings.ToLower(t)
	for _, c := range versionColumns {
		if lower == c {
			return true
		}
	}
	return false
}

// promptBlock consumes a statement typed at a client prompt and its
// continuation lines; parse has already recorded it as the statement
// (Sink.Statement).
type promptBlock struct{}

func (b *promptBlock) Feed(l *model.Line) model.Status {
	if l.Prompt == promptMore || l.Prompt == promptQuote || l.Prompt == promptDoubleQuote {
		return model.Consumed
	}
	return model.Rejected
}

func (b *promptBlock) End(model.Sink) {}

// trailerBlock consumes one client status line.
type trailerBlock struct{}

func (b *trailerBlock) Feed(l *model.Line) model.Status { return model.Rejected }
func (b *trailerBlock) End(model.Sink)                  {}

// asciiTable reads "+---+" bordered output: top border, header, border,
// rows, bottom border. Cells are cut at the '+' positions of the border.
type asciiTable struct {
	s       Sink
	res     *result
	cuts    []int // rune positions of the border's '+'
	borders int
	header  bool
	keep    bool // the header's columns are of a result emitResult reads
}

func newASCIITable(s Sink, l *model.Line, stmt string) *asciiTable {
	b := &asciiTable{s: s, res: &result{line: l.No, stmt: stmt}, borders: 1}
	for i, r := range []rune(l.Text) {
		if r == '+' {
			b.cuts = append(b.cuts, i)
		}
	}
	return b
}

func (b *asciiTable) Feed(l *model.Line) model.Status {
	t := l.Text
	if l.Prompt != "" {
		return model.Rejected
	}
	if isBorder(t) {
		b.borders++
		switch {
		case b.borders == 2 && b.header:
			return model.Consumed
		case b.borders >= 3 || (b.borders == 2 && !b.header):
			return model.Done
		}
		return model.Consumed
	}
	if t == "" || t[0] != '|' {
		return model.Rejected
	}
	cells, ok := cutRow(t, b.cuts)
	if !ok {
		b.res.errs = append(b.res.errs, rowError{l.No,
			"mysql table row: cells do not line up with the border (expected '|' at the border's '+' positions)"})
		return model.Consumed
	}
	if !b.header {
		if b.borders != 1 {
			return model.Rejected
		}
		b.header = true
		b.res.cols = cells
		b.keep = classify(cells) != ""
		return model.Consumed
	}
	if b.borders != 2 {
		return model.Rejected
	}
	if b.keep {
		// A processlist or a query's rows are read for their shape
		// (cells lined up with the border) and not kept.
		b.res.addRow(l.No, cells)
	}
	return model.Consumed
}

func (b *asciiTable) End(model.Sink) {
	if !b.header {
		return // a lone border: a rule in prose, not a table
	}
	emit(b.s, b.res)
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
	if last := cuts[len(cuts)-1]; last < len(t) && scan.PlainASCII(t[:last+1]) {
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
	s    Sink
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

func (b *verticalBlock) Feed(l *model.Line) model.Status {
	t := l.Text
	switch {
	case l.Prompt != "", t == "":
		return model.Rejected
	case isVerticalRow(l):
		b.startRow(l.No)
		return model.Consumed
	case isTrailer(t):
		if strings.HasPrefix(t, "ERROR") {
			return model.Rejected // "ERROR: No query specified" after "\G;"
		}
		return model.Done
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
		return model.Consumed
	}
	if b.last != "" {
		// A multi-line value (Create Table, Comment).
		b.cur.vals[b.last] += "\n" + t
		return model.Consumed
	}
	return model.Rejected
}

func (b *verticalBlock) End(model.Sink) {
	// Row lines: the first labelled line would be as good; the "N. row"
	// line is where the row starts.
	emit(b.s, b.res)
}

// batchBlock reads tab-separated output: a header (or a headerless first
// row, cols set to Variable_name/Value) then rows with as many fields.
type batchBlock struct {
	s   Sink
	res *result
}

// detectBatch starts a batch block at a header naming known columns, or
// at a headerless Variable_name/Value row when the statement before it
// is SHOW VARIABLES or SHOW STATUS (mysql -N).
func detectBatch(l *model.Line, s Sink) model.Block {
	fields := strings.Split(l.Text, "\t")
	if kind := classify(fields); kind != "" {
		return &batchBlock{s: s, res: &result{line: l.No, stmt: takeStatement(s, l.No, true), cols: fields}}
	}
	if len(fields) != 2 || !scan.IsIdentifier(fields[0]) || !pending(s) {
		return nil
	}
	stmt := takeStatement(s, l.No, false)
	u := strings.ToUpper(stmt)
	if !strings.HasPrefix(u, "SHOW ") || !(strings.Contains(u, " VARIABLES") || strings.Contains(u, " STATUS")) ||
		strings.Contains(u, "TABLE STATUS") {
		return nil
	}
	b := &batchBlock{s: s, res: &result{line: l.No, stmt: takeStatement(s, l.No, true), cols: []string{"Variable_name", "Value"}}}
	b.Feed(l)
	return b
}

// pending reports a statement or a command line not taken yet.
func pending(s Sink) bool {
	if stmt, _ := s.Statement(); stmt != "" {
		return true
	}
	_, ok := s.Command()
	return ok
}

func (b *batchBlock) Feed(l *model.Line) model.Status {
	if l.Prompt != "" || l.Text == "" {
		return model.Rejected
	}
	// Use the raw line: a trailing tab is an empty last field.
	raw := strings.TrimLeft(l.Raw, " ")
	raw = strings.TrimRight(raw, " \r")
	fields := strings.Split(raw, "\t")
	if len(fields) != len(b.res.cols) {
		return model.Rejected
	}
	if len(fields) == 1 && b.res.rows != nil {
		return model.Rejected // a one-column result (VERSION()) has one row
	}
	for i, f := range fields {
		fields[i] = unescapeBatch(f)
	}
	b.res.addRow(l.No, fields)
	return model.Consumed
}

func (b *batchBlock) End(model.Sink) {
	if len(b.res.rows) == 0 && len(b.res.cols) == 1 {
		b.s.Unclaimed(b.res.line, b.res.cols[0])
		return
	}
	emit(b.s, b.res)
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
	s       Sink
	stmts   []string // statements that return a result set, in order
	results bool     // "===Results===" seen
	inner   model.Block
	next    int
}

func (b *harnessBlock) Feed(l *model.Line) model.Status {
	t := l.Text
	if !b.results {
		switch {
		case t == harnessResults:
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
		return model.Consumed
	}
	if b.inner != nil {
		switch b.inner.Feed(l) {
		case model.Consumed, model.Skipped:
			return model.Consumed
		case model.Done:
			b.inner.End(b.s)
			b.inner = nil
			return model.Consumed
		case model.Rejected:
			b.inner.End(b.s)
			b.inner = nil
		}
	}
	if isBorder(t) {
		stmt := ""
		if b.next < len(b.stmts) {
			stmt = b.stmts[b.next]
		}
		b.next++
		b.inner = newASCIITable(b.s, l, stmt)
		return model.Consumed
	}
	if t == "" || isTrailer(t) {
		return model.Consumed
	}
	return model.Rejected
}

func (b *harnessBlock) End(s model.Sink) {
	if b.inner != nil {
		b.inner.End(s)
		b.inner = nil
	}
}

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

// emit turns a result set into items.
func emit(s Sink, r *result) {
	for _, e := range r.errs {
		s.Malformed(e.line, e.msg)
	}
	switch classify(r.cols) {
	case resVariables:
		kind, values := "variables", map[string]string{}
		if IsStatusStatement(r.stmt) {
			kind = "status"
		}
		name, value := colName(r.cols, "variable_name"), colName(r.cols, "value")
		for _, row := range r.rows {
			k, ok := row.get(r.cols, name)
			if !ok || k == "" {
				continue
			}
			values[k], _ = row.get(r.cols, value)
		}
		if len(values) > 0 {
			s.Variables(r.line, r.stmt, kind, values)
		}
	case resVersion:
		if len(r.rows) == 0 {
			return
		}
		ver, _ := r.rows[0].get(r.cols, r.cols[0])
		s.Variables(r.line, r.stmt, "variables", map[string]string{"version": ver})
	case resTableStatus, resSchema:
		for _, row := range r.rows {
			s.Add(tableStatus(s, r, row))
		}
	}
}

// IsStatusStatement reports SHOW [GLOBAL|SESSION] STATUS [LIKE ...].
func IsStatusStatement(stmt string) bool {
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

func tableStatus(s Sink, r *result, row resultRow) *model.TableStatus {
	get := func(names ...string) (string, bool) {
		for _, n := range names {
			if col := colName(r.cols, n); col != "" {
				return row.get(r.cols, col)
			}
		}
		return "", false
	}
	ts := &model.TableStatus{Source: s.Source(), Line: row.line}
	ts.Schema, _ = get(colsSchema...)
	ts.Name, _ = get(colsName...)
	ts.Engine, _ = get(colsEngine...)
	ts.RowFormat, _ = get(colsRowFormat...)
	for _, f := range []struct {
		dst   **int64
		names []string
	}{
		{&ts.Rows, colsRows},
		{&ts.AvgRowLength, colsAvgRowLength},
		{&ts.DataLength, colsDataLength},
		{&ts.IndexLength, colsIndexLength},
		{&ts.DataFree, colsDataFree},
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
			s.Errorf(row.line, "table status %s: bad value %q (expected a non-negative integer or NULL)", f.names[0], clip(v))
			continue
		}
		*f.dst = &n
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
