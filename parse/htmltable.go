package parse

import (
	"strings"

	"github.com/sbreport/sbreport/parse/tabular"
)

// An HTML table (<table> … </table>, its tags and cells over one line or
// many) is read by the same readers as a pipe table, not by a copy of
// them: tabular.HTMLTable lays its rows out, a spanning cell repeated in
// every row and column it covers, and the table is given to the table
// detectors as the pipe table it would be written as:
//
//   - the header is the rows before the first row of values: rows of
//     <th> cells or inside <thead>, and rows with no number in them
//     (a page that puts the column names in the first body row under a
//     header row of empty cells); a column's name joins its header cells
//     from the top ("Benchmark Statistics" over "Throughput
//     (txns/sec)"), a cell spanning several header rows once;
//   - every other row is a row of the table at the line of its <tr>;
//   - a row of <th> cells after rows of values starts a table of its
//     own, with its own header.
//
// So a column that is no measurement is a dimension of the rows, a
// numeric column a measurement named by its header, an empty cell is
// reported at its row's line, and a table that holds no results gives no
// runs, exactly as for a pipe table.

// maxHTMLTableLines bounds one table: past it, the table is read as far
// as it went.
const maxHTMLTableLines = 5000

// htmlTable collects the lines of one HTML table.
type htmlTable struct {
	lines []tabular.HTMLLine
	depth int  // open <table> tags
	open  bool // a <td> or <th> is open: a line of text is its text
	inTag bool // a tag's attributes go on to the next line
}

// detectHTMLTable starts a block at a line that opens a <table>.
func detectHTMLTable(l *Line, c *ctx) block {
	i := strings.IndexByte(l.Raw, '<')
	if i < 0 || !hasTag(l.Raw[i:], "table") {
		return nil
	}
	b := &htmlTable{}
	if b.feed(l) == done {
		b.end(c)
		return &doneBlock{}
	}
	return b
}

// doneBlock is a block that has ended at its first line.
type doneBlock struct{}

func (doneBlock) feed(*Line) status { return rejected }
func (doneBlock) end(*ctx)          {}

func (b *htmlTable) feed(l *Line) status {
	s := l.Raw
	if len(b.lines) > 0 && !b.open && !b.inTag && strings.TrimSpace(s) != "" && strings.IndexByte(s, '<') < 0 {
		return rejected // text outside any cell: the table was never closed
	}
	if len(b.lines) >= maxHTMLTableLines {
		return rejected
	}
	b.lines = append(b.lines, tabular.HTMLLine{No: l.No, Text: s})
	if lt, gt := strings.LastIndexByte(s, '<'), strings.LastIndexByte(s, '>'); lt > gt {
		b.inTag = true
	} else if gt >= 0 {
		b.inTag = false
	}
	b.scan(s)
	if b.depth <= 0 {
		return done
	}
	return consumed
}

// scan follows the tags of a line: <table> depth and whether a cell is
// open at its end.
func (b *htmlTable) scan(s string) {
	for {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			return
		}
		s = s[i+1:]
		end := strings.HasPrefix(s, "/")
		t := strings.TrimPrefix(s, "/")
		switch {
		case tagIs(t, "table"):
			if end {
				b.depth--
			} else {
				b.depth++
			}
			b.open = false
		case tagIs(t, "td"), tagIs(t, "th"):
			b.open = !end
		case tagIs(t, "tr"):
			b.open = false
		}
	}
}

// hasTag reports whether s holds the opening tag name ("<table>",
// "<table class=…>"), in any case.
func hasTag(s, name string) bool {
	for {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			return false
		}
		s = s[i+1:]
		if tagIs(s, name) {
			return true
		}
	}
}

// tagIs reports whether s begins with the tag name name, in any case,
// followed by '>', white space, '/' or the end of the line.
func tagIs(s, name string) bool {
	if len(s) < len(name) || !strings.EqualFold(s[:len(name)], name) {
		return false
	}
	if len(s) == len(name) {
		return true
	}
	switch s[len(name)] {
	case '>', ' ', '\t', '/':
		return true
	}
	return false
}

func (b *htmlTable) end(c *ctx) {
	rows := tabular.HTMLTable(b.lines)
	for len(rows) > 0 {
		n := headerRows(rows)
		if n == len(rows) {
			return // no row of values
		}
		m := n
		for m < len(rows) && !(rows[m].Head && m > n) {
			m++
		}
		lines, caption := pipeLines(rows[:n], rows[n:m])
		if caption != nil {
			c.remember(caption)
		}
		c.readTableLines(lines)
		rows = rows[m:]
	}
}

// headerRows counts the rows of the header: <th> rows and rows that are
// no row of values, up to the first row of values.
func headerRows(rows []tabular.GridRow) int {
	n := 0
	for n < len(rows) && (rows[n].Head || !valueRow(rows[n].Cells)) {
		n++
	}
	return n
}

// valueRow reports a row at least half of whose cells are values: a
// number, bare or with a unit of one word ("12.5ms", "1,234 qps"), not a
// phrase that begins with one ("95th percentile", "10 point selects").
func valueRow(cells []string) bool {
	values, filled := 0, 0
	for _, s := range cells {
		if s == "" {
			continue
		}
		filled++
		if v, ok := tabular.ParseValue(s); ok && !strings.ContainsAny(v.Unit, " \t") {
			values++
		}
	}
	return values > 0 && 2*values >= filled
}

// pipeLines writes a header and rows as the lines of a pipe table: the
// header at the line of its first row, a rule, then each row at its own
// line. A corner cell that names the test or the thread count of every
// row ("CPU 4 threads", "Fileio") over a column of names is the table's
// caption, not that column's name: it is given back as a line above the
// table, as a caption is written, and the column is left unnamed (a
// column of names, as summary tables read a first column with no name).
func pipeLines(head, rows []tabular.GridRow) (lines []Line, caption *Line) {
	width := len(rows[0].Cells)
	names := make([]string, width)
	for i := range names {
		var parts []string
		for _, h := range head {
			if i < len(h.Cells) {
				if t := h.Cells[i]; t != "" && (len(parts) == 0 || parts[len(parts)-1] != t) {
					parts = append(parts, t)
				}
			}
		}
		names[i] = strings.Join(parts, " ")
	}
	no := rows[0].Line
	if len(head) > 0 {
		no = head[0].Line
	}
	if cornerCaption(names[0], rows) {
		caption = &Line{No: no, Raw: names[0]}
		normalize(caption)
		names[0] = ""
	}
	out := []Line{pipeLine(no, names), pipeLine(no, ruleCells(width))}
	for _, r := range rows {
		empty := true
		for _, s := range r.Cells {
			empty = empty && s == ""
		}
		if !empty {
			out = append(out, pipeLine(r.Line, r.Cells))
		}
	}
	return out, caption
}

// cornerCaption reports whether a first column's name is a caption: it
// names a thread count or begins with a test's name, and every cell
// under it is a name, not a value.
func cornerCaption(name string, rows []tabular.GridRow) bool {
	if name == "" {
		return false
	}
	first := strings.ToLower(strings.FieldsFunc(name+" x", func(r rune) bool { return r == ' ' || r == '(' || r == ':' })[0])
	if _, test := LookupTest(first); !test && headingThreadCount(name) == 0 {
		return false
	}
	for _, r := range rows {
		if s := r.Cells[0]; s == "" || valueRow([]string{s}) {
			return false
		}
	}
	return true
}

func ruleCells(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = "---"
	}
	return out
}

// pipeLine is the line "| a | b |" at line no; a '|' inside a cell is
// written as '/'.
func pipeLine(no int, cells []string) Line {
	var sb strings.Builder
	sb.WriteString("|")
	for _, s := range cells {
		sb.WriteString(" ")
		sb.WriteString(strings.ReplaceAll(s, "|", "/"))
		sb.WriteString(" |")
	}
	l := Line{No: no, Raw: sb.String()}
	normalize(&l)
	return l
}

// readTableLines offers lines, one table written in another syntax, to
// the table detectors and the block they start, as the stream would. It
// reports which lines a block took.
func (c *ctx) readTableLines(lines []Line) (claimed []bool) {
	claimed = make([]bool, len(lines))
	var cur block
	for i := range lines {
		l := &lines[i]
		if cur != nil {
			switch cur.feed(l) {
			case consumed:
				claimed[i] = true
				continue
			case done:
				claimed[i] = true
				cur.end(c)
				cur = nil
				continue
			default:
				cur.end(c)
				cur = nil
			}
		}
		for _, d := range tableDetectors {
			if cur = d(l, c); cur != nil {
				claimed[i] = true
				break
			}
		}
	}
	if cur != nil {
		cur.end(c)
	}
	return claimed
}

// tableDetectors are the detectors a table of another syntax is offered
// to, in the stream's order.
var tableDetectors = []detector{detectCrossed, detectSummaryTable}
