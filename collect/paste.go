package collect

import (
	"bytes"
)

// A page that shows a paste (Pastebin, a gist and the like, as saved or
// copied from a browser) often marks every line of it: as a list item
// ("- SQL statistics:", "- transactions: 800 (245.84 per sec.)"), with
// its line number ("  14.     transactions:   23409  (2340.37 per
// sec.)") or, a gist shown as the rows of a table, with the empty cells
// after it ("83463 145714 196737 siac inno56.c0 | |"). The tool's output
// is under those marks, line for line. Clean takes the marks off a run
// of such lines, and leaves every line at its number; lists and numbered
// steps of prose keep theirs: a run of list items or numbers is a paste
// only when it holds a tool's output.

// minPasteRun is the fewest marked lines in a row that are taken for a
// paste: a list of a few results is a list.
const minPasteRun = 5

// pasteMarked reports whether b holds a marked paste (stripPasteMarks
// would change it).
func pasteMarked(b []byte) bool {
	if !mayBePasted(b) {
		return false
	}
	found := false
	eachPasteRun(b, func([][]byte, []int, []int) {
		found = true
	})
	return found
}

// mayBePasted is pasteMarked's cheap test: a list item at the start of a
// line, a 1 followed by a dot and a space somewhere (a numbered paste
// shows its first line), or empty cells after a line.
func mayBePasted(b []byte) bool {
	return bytes.Contains(b, []byte("\n- ")) || bytes.HasPrefix(b, []byte("- ")) || bytes.Contains(b, []byte("1. ")) ||
		bytes.Contains(b, []byte(" | |"))
}

// stripPasteMarks returns b with the marks taken off the lines of each
// marked paste (see pasteMarked); its line breaks are all kept.
func stripPasteMarks(b []byte) []byte {
	if !mayBePasted(b) {
		return b
	}
	type cut struct{ at, n int } // bytes to drop at offset at
	var cuts []cut
	eachPasteRun(b, func(lines [][]byte, at, marks []int) {
		for i, l := range lines {
			if marks[i] > 0 {
				cuts = append(cuts, cut{at[i], marks[i]})
			} else {
				cuts = append(cuts, cut{at[i] + len(l) + marks[i], -marks[i]}) // the cells after the line
			}
		}
	})
	if len(cuts) == 0 {
		return b
	}
	out := make([]byte, 0, len(b))
	prev := 0
	for _, c := range cuts {
		out = append(out, b[prev:c.at]...)
		prev = c.at + c.n
	}
	return append(out, b[prev:]...)
}

// eachPasteRun calls f with each run of at least minPasteRun lines in a
// row that carry one kind of mark (every line a list item, or every line
// its number, each one more than the line before's, and hold a tool's
// output once the marks are off; or every line followed by empty table
// cells); at[i] is the offset of line i in b, marks[i] the length of its
// mark (the mark and the one space after it), negative for a mark at its
// end.
func eachPasteRun(b []byte, f func(lines [][]byte, at, marks []int)) {
	var run [][]byte
	var at, marks []int
	kind, want := 0, 0 // the run's kind of mark (1 list item, 2 number, 3 cells after); the number the next line must carry
	flush := func() {
		if len(run) >= minPasteRun && (kind == 3 || holdsOutput(run, marks)) {
			f(run, at, marks)
		}
		run, at, marks, kind = run[:0], at[:0], marks[:0], 0
	}
	add := func(k int, line []byte, off, mark int) {
		if kind != k {
			flush()
			kind = k
		}
		run, at, marks = append(run, line), append(at, off), append(marks, mark)
	}
	for off := 0; off < len(b); {
		line := b[off:]
		next := len(b)
		if i := bytes.IndexByte(line, '\n'); i >= 0 {
			line, next = line[:i], off+i+1
		}
		line = bytes.TrimSuffix(line, []byte{'\r'})
		if n := cellsMark(line); n > 0 {
			add(3, line, off, -n)
		} else if n := listMark(line); n > 0 {
			add(1, line, off, n)
		} else if num, n := numberMark(line); n > 0 {
			if kind == 2 && num != want {
				flush() // the numbers start again: another paste
			}
			add(2, line, off, n)
			want = num + 1
		} else {
			flush()
		}
		off = next
	}
	flush()
}

// cellsMark returns the length of the empty table cells a line ends with
// (" | |", a gist's line shown as a table row) when the line holds no
// other '|', or 0: a row of a table of the text's own has its cells
// between pipes.
func cellsMark(line []byte) int {
	const mark = " | |"
	if !bytes.HasSuffix(line, []byte(mark)) || bytes.IndexByte(line[:len(line)-len(mark)], '|') >= 0 {
		return 0
	}
	return len(mark)
}

// listMark returns the length of a list item's mark at the start of line
// ("- " and the text after it; a lone "-", an empty item), or 0.
func listMark(line []byte) int {
	switch {
	case len(line) >= 2 && line[0] == '-' && line[1] == ' ':
		return 2
	case len(line) == 1 && line[0] == '-':
		return 1
	}
	return 0
}

// numberMark returns the line number a paste shows at the start of line
// ("  14. ", up to four spaces, the number, a dot and one space, or
// nothing after the dot) and the length of that mark, or 0.
func numberMark(line []byte) (num, n int) {
	i := 0
	for i < len(line) && i < 4 && line[i] == ' ' {
		i++
	}
	j := i
	for j < len(line) && j-i < 6 && line[j] >= '0' && line[j] <= '9' {
		num = num*10 + int(line[j]-'0')
		j++
	}
	if j == i || j >= len(line) || line[j] != '.' {
		return 0, 0
	}
	j++
	if j < len(line) {
		if line[j] != ' ' {
			return 0, 0 // "1.0.20": a version, not a mark
		}
		j++
	}
	return num, j
}

// holdsOutput reports whether the lines of a run, their marks off, hold
// a line only a tool's output has: sysbench's banner, a heading of its
// report, its options header, an interim report, mysqlslap's Benchmark.
func holdsOutput(run [][]byte, marks []int) bool {
	for i, l := range run {
		t := bytes.TrimSpace(l[marks[i]:])
		if outputLine(t) {
			return true
		}
	}
	return false
}

// outputMarks are lines, or their beginnings, that only a tool's output
// prints.
var outputMarks = [][]byte{
	[]byte("SQL statistics:"), []byte("OLTP test statistics:"), []byte("General statistics:"),
	[]byte("Test execution summary:"), []byte("Threads fairness:"), []byte("Latency (ms):"),
	[]byte("Latency histogram"), []byte("Threads started!"), []byte("Running the test with following options:"),
	[]byte("transactions:"), []byte("events per second:"), []byte("total number of events:"),
	[]byte("Average number of seconds to run all queries"), []byte("Throughput:"),
}

func outputLine(t []byte) bool {
	for _, m := range outputMarks {
		if bytes.HasPrefix(t, m) {
			return true
		}
	}
	if bytes.Equal(t, []byte("Benchmark")) {
		return true // mysqlslap
	}
	if rest, ok := bytes.CutPrefix(t, []byte("sysbench ")); ok && len(rest) > 0 && rest[0] >= '0' && rest[0] <= '9' {
		return true // the banner: "sysbench 1.0.9 (using …", "sysbench 0.4.12:  multi-threaded …"
	}
	return len(t) > 3 && t[0] == '[' && bytes.Contains(t, []byte("s ]")) // an interim report
}
