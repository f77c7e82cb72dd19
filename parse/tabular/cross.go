package tabular

import (
	"strconv"
	"strings"

	"github.com/sbreport/sbreport/parse/scan"
)

// Cells splits one line of a table into its cells: a Markdown pipe row
// (| a | b |, the outer pipes optional), a tab-separated row, or a
// space-aligned row (cells apart by two spaces or more, else by one when
// every cell after the first is a number). Bold and code markers stay on
// the cells; ParseValue drops them. ok is false for a line of fewer than
// two cells.
func Cells(line string) (cells []string, ok bool) {
	t := strings.TrimSpace(line)
	switch {
	case strings.Count(t, "|") >= 2 || strings.HasPrefix(t, "|") && strings.Count(t, "|") >= 1:
		t = strings.TrimSuffix(strings.TrimPrefix(t, "|"), "|")
		cells = strings.Split(t, "|")
	case strings.Contains(t, "\t"):
		cells = strings.Split(t, "\t")
	default:
		cells = splitAligned(t)
	}
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells, len(cells) >= 2
}

// splitAligned splits a space-aligned row: a row that ends in two numbers
// or more is its leading words, one cell that names the row ("w/  patch",
// "innodb"), then one cell per number; a row of one space between its
// fields that begins with two numbers or more is one cell per number,
// then its trailing words, one cell naming the row ("2250 3944 7312
// myrocks.8may18.none"); any other row is split at runs of two spaces or
// more.
func splitAligned(t string) []string {
	var cells []string
	for _, f := range strings.Split(t, "  ") {
		if f = strings.TrimSpace(f); f != "" {
			cells = append(cells, f)
		}
	}
	words := strings.Fields(t)
	// The leading words name the row; the numbers after them are cells.
	i := len(words)
	for i > 0 {
		if _, ok := ParseValue(words[i-1]); !ok {
			break
		}
		i--
	}
	if len(words)-i >= 2 {
		out := []string{}
		if i > 0 {
			out = append(out, strings.Join(words[:i], " "))
		}
		return append(out, words[i:]...)
	}
	if len(cells) == 1 {
		j := 0
		for j < len(words) {
			if _, ok := ParseValue(words[j]); !ok {
				break
			}
			j++
		}
		if j >= 2 && j < len(words) {
			return append(words[:j:j], strings.Join(words[j:], " "))
		}
	}
	return cells
}

// IsRule reports the rule line under a Markdown header (|---|:---:|) or a
// line of dashes or equals signs under a space-aligned one.
func IsRule(cells []string) bool {
	if len(cells) == 0 {
		return false
	}
	for _, c := range cells {
		c = strings.Trim(strings.TrimSpace(c), ":")
		if c == "" || strings.Trim(c, "-=+") != "" {
			return false
		}
	}
	return true
}

// Crossed reports a table whose header, after its first cell, is a row of
// numbers (| threads | 1 | 2 | 4 | 8 |, or numbers alone over rows that
// begin with a name): its columns are values of one dimension, named by
// the header's first cell, and every number under them is one
// measurement of the row's thing at the column's value. cols are the
// header cells that hold a value of the dimension; header cells after
// them that no row fills (a header restating the row names) are not
// columns. ok is false for any other table.
func (t *Table) Crossed() (cols []int, ok bool) {
	if len(t.Header) < 3 {
		return nil, false
	}
	sizes := 0
	for i := max(t.Lead, 1); i < len(t.Header); i++ {
		if _, ok := HeaderSize(t.Header[i]); ok {
			sizes++
		} else if _, _, ok := HeaderNumber(t.Header[i]); !ok {
			if len(cols) >= 2 && !t.filled(i) {
				continue // a header cell over nothing
			}
			return nil, false
		}
		cols = append(cols, i)
	}
	if len(cols) < 2 || sizes > 0 && sizes < len(cols) {
		return nil, false // sizes beside bare numbers are no one dimension
	}
	return cols, true
}

// HeaderSize reads a crossed table's column header that is a size, a
// number with its byte unit ("8K", "128K", "2M", "4 KiB", "16KB"), in
// bytes: a memory or file block size swept along the columns. ok is
// false for any other header, a bare number among them.
func HeaderSize(cell string) (bytes float64, ok bool) {
	s := strings.TrimSpace(strings.Trim(strings.TrimSpace(cell), "*`_"))
	if strings.HasSuffix(s, "t") || strings.HasSuffix(s, "T") {
		return 0, false // "4t", "64T": threads, as HeaderNumber reads them, not TiB
	}
	n := strings.IndexFunc(s, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	if n <= 0 {
		return 0, false // a bare number, or no number: no size
	}
	// "4 KiB" as "4KiB"; the unit is scan.SizeBytes's.
	return scan.SizeBytes(s[:n] + strings.TrimLeft(s[n:], " "))
}

// HeaderValue is the number a crossed table's column header stands for:
// its size in bytes, else its number (a thread count, a bare number).
func HeaderValue(cell string) (float64, bool) {
	if b, ok := HeaderSize(cell); ok {
		return b, true
	}
	n, _, ok := HeaderNumber(cell)
	return n, ok
}

// HeaderNumber reads a crossed table's column header: a number ("16"),
// or a count of threads written with its word ("1 thread", "8 Threads",
// "64 clients", "8线程" with the word glued on), in which case threads is
// true. ok is false for any
// other header.
func HeaderNumber(cell string) (n float64, threads, ok bool) {
	s := strings.TrimSpace(strings.Trim(strings.TrimSpace(cell), "*`_"))
	if v, err := strconv.ParseFloat(s, 64); err == nil {
		return v, false, true
	}
	num, word, found := strings.Cut(s, " ")
	if !found {
		// The word glued to the number ("8线程", "16threads"): the
		// digits, then the rest.
		i := strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' })
		if i <= 0 {
			return 0, false, false
		}
		num, word = s[:i], s[i:]
	}
	v, err := strconv.Atoi(num)
	if !found && (word == "t" || word == "T") && err == nil && v > 0 {
		return float64(v), true, true // "4t", "64T", glued: threads
	}
	if err != nil || v <= 0 || !contains(threadWords, strings.ToLower(strings.TrimSpace(word))) {
		return 0, false, false
	}
	return float64(v), true, true
}

// key is the value of the dimension a column header gives: the number
// of "8 threads", else the header as printed.
func key(header string) string {
	if n, threads, ok := HeaderNumber(header); ok && threads {
		return strconv.Itoa(int(n))
	}
	return strings.Trim(header, "*` ")
}

// filled reports whether some row holds a cell in column i.
func (t *Table) filled(i int) bool {
	for _, r := range t.Rows {
		if i < len(r.Cells) && !Absent(r.Cells[i]) {
			return true
		}
	}
	return false
}

// An Entry is one measurement of a crossed table: the row it is on, the
// column's value of the dimension, and the cell.
type Entry struct {
	Line int
	Row  string // the row's first cell: what was measured
	// Names are the row's cells in the columns after the first that
	// name it (Table.Lead), as printed; nil for one name column.
	Names []string
	Key   string // the column's header: the value of the dimension
	Text  string // the cell as printed
	Value Value
}

// Unroll reads a crossed table into its measurements, row by row, column
// by column. A row that restates the header's numbers (a header printed
// again under the rule) is no row; absent cells give no entry, and
// neither do cells that are not numbers (returned as bad, with their
// line, so that a reader can say what was left out). Each row's values
// must share one kind of unit, as a column's must.
func (t *Table) Unroll() (entries []Entry, bad []Entry) {
	cols, ok := t.Crossed()
	if !ok {
		return nil, nil
	}
	prev := ""
	for _, r := range t.Rows {
		if t.restatesHeader(r, cols) {
			continue
		}
		name := ""
		if len(r.Cells) > 0 {
			name = strings.TrimSpace(strings.Trim(r.Cells[0], "*`_ "))
		}
		var names []string
		for k := 1; k < t.Lead && k < len(r.Cells); k++ {
			names = append(names, strings.TrimSpace(strings.Trim(r.Cells[k], "*`_ ")))
		}
		if name == "" && t.Lead > 1 {
			// Rows grouped under a name printed once: "| **oltp_read_only**
			// | MariaDB |" then "| | PostgreSQL |".
			name = prev
		}
		prev = name
		for _, i := range cols {
			if i >= len(r.Cells) || Absent(strings.Trim(r.Cells[i], "*` ")) {
				continue
			}
			e := Entry{Line: r.Line, Row: name, Names: names, Key: key(t.Header[i]), Text: r.Cells[i]}
			v, ok := ParseValue(r.Cells[i])
			if !ok {
				bad = append(bad, e)
				continue
			}
			e.Value = v
			entries = append(entries, e)
		}
	}
	return entries, bad
}

// restatesHeader reports a row whose cells under cols are the header's.
func (t *Table) restatesHeader(r Row, cols []int) bool {
	for _, i := range cols {
		if i >= len(r.Cells) || strings.Trim(r.Cells[i], "*` ") != strings.Trim(t.Header[i], "*` ") {
			return false
		}
	}
	return true
}

// RowColumn classifies a crossed table's row as Classify does a column:
// the row's name is the header of its cells ("TPS", "pp128 (t/s)",
// "Throughput ... ops/sec"), so a row naming its metric and unit maps to
// it.
func (t *Table) RowColumn(entries []Entry, row string) Column {
	var cells []string
	for _, e := range entries {
		if e.Row == row {
			cells = append(cells, e.Text)
		}
	}
	return Classify(row, cells)
}

// BlockSize is the dimension of a crossed table whose columns are sizes
// under an unnamed corner.
const BlockSize = "block size"

// NamesMetric reports whether a crossed table's row name says by itself
// what its cells measure ("TPS", "avg latency (ms)", "MiB/s"): such a row
// names no system, while a row "Linux" whose cells print "26148 MiB/sec"
// does.
func NamesMetric(row string) bool {
	return Classify(row, []string{"1"}).Metric != ""
}

// Dimension names what a crossed table's columns are: BlockSize when they
// are sizes and the header's first cell names nothing; Threads when the
// header's first cell names a thread count (or is empty) and every
// column is a positive whole number, else the first cell as printed.
func (t *Table) Dimension() string {
	cols, ok := t.Crossed()
	if !ok {
		return ""
	}
	first := strings.TrimSpace(strings.Trim(t.Header[0], "*`_ "))
	if _, ok := HeaderSize(t.Header[cols[0]]); ok {
		if first == "" || first == "-" {
			return BlockSize
		}
		return first
	}
	whole, counted := true, true
	for _, i := range cols {
		n, threads, _ := HeaderNumber(t.Header[i])
		whole = whole && n == float64(int(n)) && n > 0
		counted = counted && threads
	}
	if whole && (first == "" || first == "-" || counted || has(words(first), threadWords) || allOf(words(first), rowNameWords)) {
		// Counts alone, counts a thread word names, or counts beside a
		// corner that names only the rows ("8 16 … 48 test engine").
		return Threads
	}
	return first
}

// RowNameWord reports a word that names what a table's rows are
// ("engine", "build", "test": rowNameWords), in any case.
func RowNameWord(w string) bool { return has([]string{strings.ToLower(w)}, rowNameWords) }

// allOf reports whether w holds words and every one is in list.
func allOf(w []string, list []string) bool {
	for _, x := range w {
		if !has([]string{x}, list) {
			return false
		}
	}
	return len(w) > 0
}

// Read finds the tables of a text given as lines: a header line of at
// least two cells, an optional rule, and the rows below it up to a blank
// line or a line of another shape (a pipe row under a space-aligned
// header, a line of one cell). Row lines are 1-based.
func Read(lines []string) []Table {
	var out []Table
	var cur *Table
	pipe := false
	for i, l := range lines {
		cells, ok := Cells(l)
		isPipe := strings.Contains(l, "|")
		if !ok || cur != nil && isPipe != pipe {
			cur = nil
			if !ok {
				continue
			}
		}
		if cur == nil {
			out = append(out, Table{Header: cells})
			cur, pipe = &out[len(out)-1], isPipe
			continue
		}
		if IsRule(cells) {
			continue
		}
		cur.Rows = append(cur.Rows, Row{Line: i + 1, Cells: cells})
	}
	return out
}
