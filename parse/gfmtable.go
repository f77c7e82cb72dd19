package parse

import (
	"strings"
)

// GitHub-flavoured Markdown lets a table leave out the pipes at either
// end of its lines:
//
//	version | QPS
//	-- | --
//	master | 83498
//
// The delimiter row (cells of dashes with an optional colon at either
// end: "---", ":--", "--:", ":-:") is what makes the line above it a
// header; without it a line with pipes is prose. Body rows follow up to a
// blank line or a line without a pipe. A header of three columns or more
// is a header to the table readers as it stands; one of two columns has a
// single pipe, and one whose first cell is empty ("  | 8K | 32K" over "--
// | -- | --", as a spreadsheet's empty corner is pasted) begins with its
// pipe and so has a cell fewer than its delimiter row: the table readers
// pass over such a header, and it stays a line of text (c.headings), or
// a reader takes it a column short (a thread word in it). Its delimiter
// row then takes it back (gfmTable): from c.headings, or from the block
// that began with it (cornerRule: a line a block takes never reaches
// c.headings). The header, rule and rows are given to the table readers
// as the pipe table they are ("| version | QPS |", the corner cell
// empty), so that what a column holds is decided as for any pipe table.
// A table no reader takes (no results in it) stays text, its lines
// remembered as the stream would have.

// gfmTable holds the lines of a GFM table whose header no reader took.
type gfmTable struct {
	head       Line   // the header line
	remembered bool   // the header was remembered as text (c.headings)
	pipe       []Line // header, rule and rows written as a pipe table
	lines      []Line // the rule and rows as read
}

// detectBareRule starts a gfmTable at a delimiter row right under a
// remembered line with a pipe that has as many cells, or one fewer and a
// leading pipe (an empty corner cell).
func detectBareRule(l *Line, c *ctx) block {
	t := l.Text
	if t == "" || t[0] != '-' && t[0] != ':' && t[0] != '|' || len(c.headings) == 0 || c.blankRun > 0 {
		return nil // cheap tests first
	}
	h := c.headings[len(c.headings)-1]
	if !c.adjacent(h.No, l.No) {
		return nil
	}
	hl := Line{No: h.No, Raw: h.Raw, Text: h.Text}
	b := newGFMTable(&hl, l, false)
	if b == nil {
		return nil
	}
	b.remembered = true
	return b
}

// cornerRule starts a gfmTable at a delimiter row under the header a
// block began with just before, when that header is a cell short of the
// rule and begins with its pipe: the block read the header without its
// empty corner cell, and is left for the table.
func (c *ctx) cornerRule(l *Line) *gfmTable {
	t := l.Text
	if t == "" || t[0] != '-' && t[0] != ':' || !c.adjacent(c.started.No, l.No) {
		return nil
	}
	return newGFMTable(&c.started, l, true)
}

// adjacent reports whether line no is the line after line prev, the
// blank lines of a reprint left out.
func (c *ctx) adjacent(prev, no int) bool {
	return prev > 0 && (prev == no-1 || c.reprint && prev == no-2)
}

// newGFMTable returns the table a header and the delimiter row under it
// begin, nil when they begin none: the header must have the rule's
// cells, or one fewer and a leading pipe that closes an empty corner
// cell. Unless corner is set, a header of two pipes or more that has
// the rule's cells is none either: the table readers saw it as it
// stands and passed it over; corner asks for the empty corner alone.
func newGFMTable(h, rule *Line, corner bool) *gfmTable {
	n := gfmRuleCells(rule.Text)
	if n < 2 || strings.IndexByte(h.Text, '|') < 0 || gfmRuleCells(h.Text) > 0 {
		return nil
	}
	cells := gfmCells(h.Text)
	switch {
	case len(cells) == n-1 && strings.HasPrefix(h.Text, "|") && !strings.HasPrefix(strings.TrimSpace(rule.Text), "|"):
		cells = append([]string{""}, cells...) // an empty corner cell before the leading pipe
	case corner || len(cells) != n || strings.Count(h.Text, "|") >= 2:
		return nil
	}
	return &gfmTable{
		head:  *h,
		pipe:  []Line{pipeLine(h.No, cells), pipeLine(rule.No, ruleCells(n))},
		lines: []Line{*rule},
	}
}

func (b *gfmTable) feed(l *Line) status {
	if l.Text == "" || l.Prompt != "" || strings.IndexByte(l.Text, '|') < 0 || len(b.lines) > 10000 {
		return rejected
	}
	b.pipe = append(b.pipe, pipeLine(l.No, gfmCells(l.Text)))
	b.lines = append(b.lines, *l)
	return consumed
}

func (b *gfmTable) end(c *ctx) {
	// The header is the table's, no label of it: it leaves the lines
	// above while the readers look at them.
	var head Heading
	if n := len(c.headings); b.remembered && n > 0 && c.headings[n-1].No == b.head.No {
		head = c.headings[n-1]
		c.headings = c.headings[:n-1]
	}
	claimed := c.readTableLines(b.pipe)
	if claimed[0] {
		return
	}
	switch {
	case head.No > 0:
		c.headings = append(c.headings, head)
	case !b.remembered:
		c.remember(&b.head) // a block took it, then gave it up here
	}
	for i := range b.lines {
		if !claimed[i+1] {
			c.remember(&b.lines[i])
		}
	}
}

// gfmCells splits a GFM table row at its pipes, those at either end
// dropped; an escaped pipe ("\|") is a pipe in its cell.
func gfmCells(t string) []string {
	t = strings.TrimSpace(t)
	t = strings.TrimPrefix(t, "|")
	if strings.HasSuffix(t, "|") && !strings.HasSuffix(t, `\|`) {
		t = t[:len(t)-1]
	}
	var cells []string
	start := 0
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '\\':
			i++
		case '|':
			cells = append(cells, t[start:i])
			start = i + 1
		}
	}
	cells = append(cells, t[start:])
	for i, s := range cells {
		cells[i] = strings.TrimSpace(strings.ReplaceAll(s, `\|`, "|"))
	}
	return cells
}

// gfmRuleCells returns the number of cells of a GFM delimiter row: a line
// with a pipe whose every cell is dashes with an optional colon at
// either end ("-- | --", "|:---|--:|", "---|---"); 0 for any other line.
func gfmRuleCells(t string) int {
	if strings.IndexByte(t, '|') < 0 {
		return 0
	}
	cells := gfmCells(t)
	for _, s := range cells {
		s = strings.TrimSuffix(strings.TrimPrefix(s, ":"), ":")
		if s == "" || strings.Trim(s, "-") != "" {
			return 0
		}
	}
	return len(cells)
}
