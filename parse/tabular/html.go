package tabular

import (
	"html"
	"strconv"
	"strings"
)

// An HTMLLine is one input line of an HTML table, with its number.
type HTMLLine struct {
	No   int
	Text string
}

// A GridRow is one <tr> of an HTML table once its spanning cells are
// laid out: Cells has one text per column, a cell spanning rows or
// columns repeated in every row and column it covers.
type GridRow struct {
	Line  int  // the line of its <tr> (or of its first cell when no <tr> opens it)
	Head  bool // inside <thead>, or every cell of it a <th>
	Cells []string
}

// Limits on what one table may ask for: a span past them is read as
// this many rows or columns.
const (
	maxSpan    = 256
	maxColumns = 512
)

// HTMLTable lays out the rows of the HTML table in lines, from its
// <table> to its </table>: <tr> rows of <td> and <th> cells, <thead>
// and <tbody> sections, rowspan and colspan, tags and attributes that
// run over several lines. A cell's text loses its inner tags (<b>,
// <code>, <span>, a line break becomes a space), its entities are
// decoded (&nbsp;, &lt;, &#181;) and its white space is collapsed. A
// table nested in a cell is that cell's text. Every row has as many
// cells as the widest, padded with "".
func HTMLTable(lines []HTMLLine) []GridRow {
	p := htmlParser{}
	for _, l := range lines {
		p.line(l.No, l.Text)
	}
	if p.open {
		p.tag(p.tagLine, p.tagText)
	}
	p.endRow()
	return p.layout()
}

type htmlCell struct {
	text             strings.Builder
	th               bool
	rowspan, colspan int
}

type htmlRow struct {
	line  int
	head  bool
	cells []*htmlCell
}

type htmlParser struct {
	rows    []*htmlRow
	row     *htmlRow
	cell    *htmlCell
	depth   int  // <table> depth: 1 inside the table read
	inHead  bool // inside <thead>
	comment bool // inside <!-- ... -->
	// tagText is a tag begun on an earlier line and not closed yet
	// (attributes one a line), tagLine that line; open is set while one is.
	tagText string
	tagLine int
	open    bool
}

// line reads one line of markup.
func (p *htmlParser) line(no int, s string) {
	if p.open {
		j := strings.IndexByte(s, '>')
		if j < 0 {
			if len(p.tagText) < 4096 {
				p.tagText += " " + s
			}
			return
		}
		p.open = false
		p.tag(p.tagLine, p.tagText+" "+s[:j])
		s = s[j+1:]
	}
	for len(s) > 0 {
		if p.comment {
			i := strings.Index(s, "-->")
			if i < 0 {
				return
			}
			p.comment = false
			s = s[i+3:]
			continue
		}
		i := strings.IndexByte(s, '<')
		if i < 0 {
			p.text(s)
			return
		}
		p.text(s[:i])
		s = s[i:]
		if strings.HasPrefix(s, "<!--") {
			p.comment = true
			s = s[4:]
			continue
		}
		j := strings.IndexByte(s, '>')
		if j < 0 {
			// A tag continued on the next lines: read once it closes.
			p.open, p.tagText, p.tagLine = true, s[1:], no
			return
		}
		p.tag(no, s[1:j])
		s = s[j+1:]
	}
}

// text adds text to the open cell; text outside a cell is not the table's.
func (p *htmlParser) text(s string) {
	if p.cell == nil || s == "" {
		return
	}
	p.cell.text.WriteString(s)
	p.cell.text.WriteByte(' ')
}

// tag handles one tag, t its text between '<' and '>'.
func (p *htmlParser) tag(no int, t string) {
	end := strings.HasPrefix(t, "/")
	t = strings.TrimPrefix(t, "/")
	n := 0
	for n < len(t) && (t[n] >= 'a' && t[n] <= 'z' || t[n] >= 'A' && t[n] <= 'Z' || t[n] >= '0' && t[n] <= '9') {
		n++
	}
	name, attrs := strings.ToLower(t[:n]), t[n:]
	if name == "table" {
		if end {
			p.depth--
		} else {
			p.depth++
		}
		if p.depth > 1 || end && p.depth == 1 {
			p.text(" ")
		}
		return
	}
	if p.depth > 1 {
		if name == "br" || name == "td" || name == "th" || name == "tr" {
			p.text(" ")
		}
		return // a table inside a cell: its cells are the cell's text
	}
	switch name {
	case "thead":
		p.inHead = !end
	case "tbody", "tfoot":
		if !end {
			p.inHead = false
		}
	case "tr":
		p.endRow()
		if !end {
			p.row = &htmlRow{line: no, head: p.inHead}
		}
	case "td", "th":
		p.cell = nil
		if end {
			return
		}
		if p.row == nil {
			p.row = &htmlRow{line: no, head: p.inHead}
		}
		c := &htmlCell{th: name == "th", rowspan: spanAttr(attrs, "rowspan"), colspan: spanAttr(attrs, "colspan")}
		p.row.cells = append(p.row.cells, c)
		p.cell = c
	case "br", "p", "div", "li":
		p.text(" ")
	}
}

// endRow closes the open row.
func (p *htmlParser) endRow() {
	p.cell = nil
	if p.row != nil && len(p.row.cells) > 0 {
		p.rows = append(p.rows, p.row)
	}
	p.row = nil
}

// spanAttr reads rowspan="2", colspan=3 or colspan='4' from a tag's
// attributes: 1 when absent or not a number, at most maxSpan.
func spanAttr(attrs, name string) int {
	low := strings.ToLower(attrs)
	for off := 0; ; {
		i := strings.Index(low[off:], name)
		if i < 0 {
			return 1
		}
		i += off + len(name)
		off = i
		s := strings.TrimLeft(low[i:], " \t")
		if !strings.HasPrefix(s, "=") {
			continue
		}
		s = strings.TrimLeft(s[1:], " \t\"'")
		k := 0
		for k < len(s) && s[k] >= '0' && s[k] <= '9' {
			k++
		}
		n, err := strconv.Atoi(s[:k])
		switch {
		case err != nil || n < 1:
			return 1
		case n > maxSpan:
			return maxSpan
		}
		return n
	}
}

// layout places every cell in the grid, a spanning cell in each place
// it covers.
func (p *htmlParser) layout() []GridRow {
	out := make([]GridRow, len(p.rows))
	taken := make([]map[int]bool, len(p.rows))
	for r, row := range p.rows {
		out[r] = GridRow{Line: row.line, Head: row.head}
		taken[r] = map[int]bool{}
	}
	width := 0
	for r, row := range p.rows {
		allTH := true
		c := 0
		for _, cell := range row.cells {
			allTH = allTH && cell.th
			for taken[r][c] {
				c++
			}
			text := cellText(cell.text.String())
			for dr := 0; dr < cell.rowspan && r+dr < len(p.rows); dr++ {
				for dc := 0; dc < cell.colspan && c+dc < maxColumns; dc++ {
					rr := &out[r+dr]
					for len(rr.Cells) <= c+dc {
						rr.Cells = append(rr.Cells, "")
					}
					rr.Cells[c+dc] = text
					taken[r+dr][c+dc] = true
				}
			}
			c += cell.colspan
		}
		out[r].Head = out[r].Head || allTH
		for col := range taken[r] {
			if col+1 > width {
				width = col + 1
			}
		}
	}
	for r := range out {
		for len(out[r].Cells) < width {
			out[r].Cells = append(out[r].Cells, "")
		}
	}
	return out
}

// cellText decodes a cell's entities and collapses its white space,
// the no-break space included.
func cellText(s string) string {
	if strings.IndexByte(s, '&') >= 0 {
		s = html.UnescapeString(s)
	}
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\u00a0' || r == '\u2009' || r == '\u202f'
	}), " ")
}
