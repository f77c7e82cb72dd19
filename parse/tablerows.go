// The rows of a summary table: each read into a run, its cells checked
// against the columns, the values and their units read.

package parse

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/sbreport/sbreport/parse/tabular"
)

func (b *summaryTable) feed(l *Line) status {
	t := l.Text
	if t == "" || l.Prompt != "" || b.single {
		return rejected
	}
	cells := splitCells(t, b.sep)
	if b.ruleOK && b.rows == 0 {
		b.ruleOK = false
		if isRule(cells) {
			b.ruleCells = len(cells)
			return consumed
		}
	}
	if b.sep == sepPipe && b.rows > 0 && b.width == 0 && len(cells) >= 2 && len(cells) < len(b.cols) && strings.HasPrefix(strings.TrimSpace(t), "|") {
		// A short row among full ones: as Markdown renders it, the
		// missing cells at its end are empty (and reported missing).
		// A row that also lacks the closing pipe its header has was cut,
		// perhaps inside its last number ("| 1200 | 347200.2366 |
		// 8.092 | 40892"): that cell is left out, with an error.
		if strings.HasSuffix(strings.TrimSpace(b.header.Text), "|") && !strings.HasSuffix(strings.TrimSpace(t), "|") && len(cells) > 2 {
			b.errs = append(b.errs, &Error{Line: l.No, Message: fmt.Sprintf(
				"summary table at line %d: the row stops after %d of %d cells without its closing \"|\": it was cut, so its last cell %q is left out",
				b.header.No, len(cells), len(b.cols), cells[len(cells)-1])})
			cells = cells[:len(cells)-1]
		}
		for len(cells) < len(b.cols) {
			cells = append(cells, "")
		}
	}
	if b.sep != sepPipe && b.rows > 0 && b.width == 0 && len(cells) >= 1 && len(cells) < len(b.cols) && b.leadingOnly(len(cells)) {
		// A short row among full ones of a space- or tab-separated table
		// that gives what the run is and no measurement ("4k  rndrw  1"
		// under "blockSize  testMode  threads  rdIOps …"): a run that
		// printed nothing, its missing cells reported on its line.
		if b.short == nil {
			b.short = map[int][]string{}
		}
		for i := len(cells); i < len(b.cols); i++ {
			b.short[l.No] = append(b.short[l.No], strconv.Quote(b.cols[i].name))
			cells = append(cells, "")
		}
	}
	if len(cells) != len(b.cols) {
		if b.rows > 0 && b.width == 0 || b.width > 0 && len(cells) != b.width || !b.fitRow(l, cells) {
			b.notRow(l, fmt.Sprintf("has %d cells (expected %d, one per column)", len(cells), len(b.cols)))
			return rejected
		}
	}
	th, ok := 0, true
	if b.threadsI >= 0 {
		at := b.threadsI
		if b.width > 0 {
			at = b.cellOf(b.threadsI)
		}
		if at < 0 {
			return rejected
		}
		th, ok = b.threadsCell(cells[at])
		if !ok && b.headThr > 0 && absentCells[strings.ToLower(strings.Trim(cells[at], "*` "))] && b.hasValue(cells) {
			// The row leaves its threads cell empty ("-") under a section
			// heading naming the thread count ("## Thread Group:
			// threads=1"): the heading says, as for a table without a
			// threads column (th 0 takes it, with its line).
			th, ok = 0, true
		} else if !ok && b.cellsTable() && (b.rows > 0 || b.ruleCells > 0) {
			// A line of the table's shape under its rule or rows is a row
			// of it: a bad threads cell is an error, not the table's end.
			b.rows++
			b.lastRow = l.No
			if !b.skip && !b.mismatch {
				b.errs = append(b.errs, &Error{Line: l.No, Message: fmt.Sprintf(
					"summary table %q: bad threads value %q (expected a positive whole number, or threads times processes such as 64 * 4): row skipped",
					b.cols[b.threadsI].name, cells[at])})
			}
			return consumed
		}
	} else if !b.mismatch {
		ok = b.hasValue(cells)
	}
	if !ok {
		b.notRow(l, "holds no value in a throughput or latency column")
		return rejected
	}
	b.rows++
	b.lastRow = l.No
	if b.skip || b.mismatch {
		return consumed
	}
	b.readRow(l, cells, th)
	return consumed
}

// cellsTable reports a table whose rows are delimited cell by cell (pipes
// or tabs): a line with its number of cells is one of its rows.
func (b *summaryTable) cellsTable() bool { return b.sep == sepPipe || b.sep == sepTab }

// notRow notes why the first line under a markdown rule is no row of the
// table: a header and rule with no readable row are reported at end.
func (b *summaryTable) notRow(l *Line, why string) {
	if b.rows == 0 && b.ruleCells > 0 && b.badLine == 0 {
		b.badLine, b.badWhy = l.No, why
	}
}

// leadingOnly reports whether the first n columns say what a row is and
// none of them is a measurement, known (isMetric) or unnamed (colOther
// columns are measurements or text only the rows tell).
func (b *summaryTable) leadingOnly(n int) bool {
	for _, col := range b.cols[:n] {
		if col.isMetric() {
			return false
		}
	}
	for _, col := range b.cols[n:] {
		if col.kind == colThreads || col.kind == colLabel {
			return false // a short row that lacks what the row is, not what it measured
		}
	}
	return true
}

// hasValue reports whether a row of a table without threads column holds
// a number in one of its throughput or latency cells: without it the line
// is no row of the table.
func (b *summaryTable) hasValue(cells []string) bool {
	for j, cell := range cells {
		i := j
		if b.width > 0 {
			i = b.colIdx[j]
		}
		if i < 0 || !b.cols[i].isMetric() {
			continue
		}
		if _, _, ok := leadingNum(b.plain(strings.Trim(cell, "*` "))); ok {
			return true
		}
	}
	return false
}

// readRow makes the runs of one row: one, or one per system of a wide
// table.
func (b *summaryTable) readRow(l *Line, cells []string, th int) {
	b.ditto(cells)
	for gi, g := range b.groups {
		// A cell every run of the row shares reports its error once.
		errf := func(msg string) {
			if gi == 0 {
				b.errs = append(b.errs, &Error{Line: l.No, Message: msg})
			}
		}
		r := &Run{reading: &reading{}, Source: "", Line: l.No, EndLine: l.No, Tool: ToolTable, Layout: LayoutT, Complete: true}
		rowThr := 0
		if th <= 0 {
			rowThr = b.rowThreads(cells)
		}
		switch {
		case th > 0:
			r.Threads, r.ThreadsFrom = iptr(th), "table"
		case rowThr > 0:
			// The row's own cells say ("`thread 100`"), over the
			// command above the table.
			r.Threads, r.ThreadsFrom = iptr(rowThr), "table"
		case b.cmdThr > 0:
			r.Threads, r.ThreadsFrom = iptr(b.cmdThr), "command"
		case b.headThr > 0:
			// The table's section heading says ("### Single-Thread").
			r.Threads, r.ThreadsFrom = iptr(b.headThr), "heading"
		case b.threadsI < 0 && b.hdrAbove():
			// The options header sysbench printed alone above the table
			// says.
			r.Threads, r.ThreadsFrom = iptr(b.ctx.hdrThreads), "header"
		case b.threadsI < 0 && b.kvThr > 0:
			// A method block above the table says ("Threads: 1").
			r.Threads, r.ThreadsFrom = iptr(b.kvThr), "context"
			r.LabelFrom = setFrom(r.LabelFrom, "threads", "line "+strconv.Itoa(b.kvLine)+" above the table")
		}
		system, host, engine := g, "", ""
		var config []string // "innodb_flush_method=fsync": server variables' columns
		if b.modes {
			system = ""
			r.Settings = map[string]string{"file-test-mode": g}
		}
		if b.memOps {
			system = ""
			r.Settings = map[string]string{"memory-oper": g}
		}
		if system == "" {
			system = b.system
		}
		var missing []string // metric columns with no value in this row
		otherTool := ""      // another benchmark tool its tool column names
		test, workload, heading := b.test, b.workload, ""
		headingFrom := b.titleFrom()
		titled := false // the workload is the title's
		if b.workload != "" && b.test != b.workload {
			// The heading names the table, not its test: a title's prose
			// ("Test result") is never a test ...
			heading, workload = b.workload, ""
			if (b.captioned || b.mix) && b.test == "" {
				// ... unless it names the workload itself: a rate's
				// caption ("QPS for increment"), a mix of tests
				// ("point_select:update_index 4:1").
				heading, workload, titled = "", b.workload, true
			}
		}
		for j := range cells {
			i := j
			if b.width > 0 {
				i = b.colIdx[j]
			}
			if i < 0 {
				continue
			}
			col := b.cols[i]
			if col.system != "" && col.system != g || b.modes && col.isMetric() && col.mode != g ||
				b.memOps && col.isMetric() && memOper(col.name) != g {
				continue // another system's (or file test mode's) column of a wide table
			}
			cell := cells[j]
			r.Columns = append(r.Columns, Column{Name: col.name, Value: cell})
			v := strings.TrimSpace(strings.Trim(cell, "*`"))
			absent := absentCells[strings.ToLower(v)]
			switch col.kind {
			case colThreads:
				if m := processesRE.FindStringSubmatch(v); m != nil {
					r.SetLabelFrom("clients", m[2], fmt.Sprintf("threads cell %q: %s threads in each of %s sysbench processes", cell, m[1], m[2]))
				}
				continue
			case colOther:
				continue
			case colLabel:
				if absent {
					continue
				}
				switch col.label {
				case "system":
					if g == "" {
						system = v
					}
				case "host":
					host = v
				case "engine":
					engine = v
				case "config":
					config = append(config, strings.TrimSpace(col.name)+"="+v)
				case "tool":
					if t := toolCellTest(v); t != "" {
						test, workload, heading = t, "", ""
					} else if !containsFoldASCII(v, "sysbench") && otherToolIn(v) != "" {
						otherTool = v
					}
				case "workload":
					if t := headingTestOf(v); t != "" {
						test, workload, heading = t, "", ""
						if t != v {
							heading, headingFrom = v, "column "+strconv.Quote(col.name)
						}
					} else {
						test, workload, heading = "", v, ""
					}
				}
				continue
			case colVersion:
				if !absent {
					m := sbVersionRE.FindStringSubmatch(v)
					_, notCount := atoiStrict(v)
					switch {
					case m != nil:
						r.Version = m[1]
					case notCount == nil && col.test != "":
						// "sysbench CPU | 4": the tool's CPU limit, no
						// version; kept in the row's columns.
					default:
						errf("summary table " + strconv.Quote(col.name) + ": bad version " + strconv.Quote(cell) + " (expected a version such as 1.0.20)")
					}
				}
				continue
			case colSetting:
				if absent {
					continue
				}
				n, ok := countValue(v)
				if !ok {
					errf("summary table " + strconv.Quote(col.name) + ": bad count " + strconv.Quote(cell) + " (expected a number, optionally with K, M, 万 or 亿)")
					continue
				}
				if r.Settings == nil {
					r.Settings = map[string]string{}
				}
				r.Settings[col.label] = NormalizeOption(ToolSysbench, "", col.label, n)
				continue
			}
			if col.kind == colLatency && len(col.lat) == 0 {
				r.Warn(l.No, "column "+strconv.Quote(col.name)+" names no percentile or average: kept in columns only")
				continue
			}
			if absent {
				missing = append(missing, strconv.Quote(col.name))
				continue
			}
			if col.pair != nil {
				parts := strings.Split(cell, col.pairSep)
				if len(parts) != len(col.pair) {
					if !absent {
						errf(fmt.Sprintf("summary table %q: value %q is not two values separated by %s (one for %s, one for %s)",
							col.name, cell, col.pairSep, col.pair[0], col.pair[1]))
					}
					continue
				}
				cell = strings.TrimSpace(parts[gi])
			}
			b.readValue(r, l, cell, col)
		}
		if len(missing) > 0 {
			r.Warn(l.No, "no value in column "+strings.Join(missing, ", ")+": missing, not zero")
		}
		if host != "" {
			r.SetLabel("host", host)
			if system == "" || system == b.system && !b.hasSystemCol() {
				system = host
			}
		}
		if system != "" {
			r.SetLabel("system", system)
		}
		switch {
		case heading != "":
			r.Test = test
			r.SetLabelFrom("heading", heading, headingFrom)
		case test != "":
			r.Test = test
		case titled && workload == b.workload:
			r.SetLabelFrom("workload", workload, headingFrom)
		case workload != "":
			r.SetLabel("workload", workload)
		}
		if engine == "" {
			engine = b.cmdEng
		}
		if engine != "" {
			r.SetLabel("engine", engine)
		} else if mysqlFamilyRE.MatchString(system) && b.ctx != nil && b.ctx.engine != "" {
			r.engineHint, r.engineFrom = b.ctx.engine, b.ctx.engineFrom
		}
		if len(config) > 0 {
			r.SetLabelFrom("config", strings.Join(config, " "), "the server variables' columns")
		}
		r.SetLabel("table", b.tableLabel)
		if b.note != "" {
			r.Warn(l.No, b.note)
		}
		if r.Test == "" && b.ctxNote != "" {
			r.Warn(l.No, b.ctxNote)
		}
		if r.Test != "" && r.Test == b.test && b.testFrom != "" {
			r.LabelFrom = setFrom(r.LabelFrom, "test", b.testFrom)
		}
		if otherTool != "" {
			// "| Oracle 11g | swingbench charbench | 490.98 |": another
			// tool's row, beside sysbench's.
			b.errs = append(b.errs, &Error{Line: l.No, Message: fmt.Sprintf(
				"summary table row ran %s, another benchmark tool (its tool column says): not read as sysbench's", otherTool)})
			continue
		}
		b.runs = append(b.runs, r)
	}
}

// toolCellTest returns the test a tool column's cell names after sysbench
// ("sysbench oltp_read_write", "sysbench cpu"), "" for none: the cell
// read as a command's words are (ParseCommand).
func toolCellTest(v string) string {
	cmd := ParseCommand(strings.Trim(strings.TrimSpace(v), "*`"))
	if cmd.Tool != ToolSysbench {
		return ""
	}
	if _, ok := LookupTest(cmd.Test); !ok {
		return ""
	}
	return cmd.Test
}

// sbVersionRE matches a sysbench version cell ("1.0.20", "v1.1.0").
var sbVersionRE = regexp.MustCompile(`^[vV]?(\d+(?:\.\d+)+(?:[-+~][\w.]+)?)$`)

// ditto fills a label cell a row leaves empty, before the first metric
// column, with the cell above it: a table groups the rows of one
// workload by writing its name once ("| **oltp_read_only** | 직접연결 |
// …" then "| | 프록시 | …"). cells is changed in place.
func (b *summaryTable) ditto(cells []string) {
	if len(b.prevCells) == len(cells) {
		for j := range cells {
			i := j
			if b.width > 0 {
				i = b.colIdx[j]
			}
			if i < 0 || i >= len(b.cols) {
				continue
			}
			col := b.cols[i]
			if col.isMetric() {
				break
			}
			if col.kind == colLabel && strings.TrimSpace(cells[j]) == "" && strings.TrimSpace(b.prevCells[j]) != "" {
				cells[j] = b.prevCells[j]
			}
		}
	}
	b.prevCells = append(b.prevCells[:0], cells...)
}

// hasSystemCol reports whether a column names each row's system.
func (b *summaryTable) hasSystemCol() bool {
	for _, col := range b.cols {
		if col.kind == colLabel && col.label == "system" {
			return true
		}
	}
	return false
}

// hasKind reports a column of the table of that kind.
func (b *summaryTable) hasKind(kind int) bool {
	for _, col := range b.cols {
		if col.kind == kind {
			return true
		}
	}
	return false
}

// cellRateUnit returns the rate a cell's unit names (rateSuffixes but the
// "/s" both share): "29832qps" colQPS, "812 tps" colTPS; colOther when it
// names neither.
func cellRateUnit(cell string) int {
	low := strings.ToLower(strings.TrimSpace(strings.Trim(strings.TrimSpace(cell), "*`")))
	for _, kind := range []int{colQPS, colTPS} {
		for _, u := range rateSuffixes[kind] {
			num, ok := strings.CutSuffix(low, u)
			if num = strings.TrimSpace(num); u == "/s" || !ok || num == "" {
				continue
			}
			if _, err := parseNum(strings.ReplaceAll(num, ",", "")); err == nil {
				return kind
			}
		}
	}
	return colOther
}

// readValue reads a throughput or latency cell into r.
func (b *summaryTable) readValue(r *Run, l *Line, cell string, col tableCol) {
	parts := []string{cell}
	if len(col.lat) > 1 {
		s := strings.TrimSpace(strings.Trim(cell, "*`"))
		if absentCells[strings.ToLower(s)] {
			return
		}
		parts = strings.Split(cell, "/")
		if len(parts) != len(col.lat) {
			b.errs = append(b.errs, &Error{Line: l.No, Message: fmt.Sprintf("summary table %q: value %q has %d parts (expected %d values separated by /)", col.name, cell, len(parts), len(col.lat))})
			return
		}
	}
	if u := cellRateUnit(cell); (col.kind == colTPS && u == colQPS || col.kind == colQPS && u == colTPS) && !b.hasKind(u) {
		// The cell's own unit names the rate over the header's words:
		// "29832qps" under "Transaction qps" is queries a second. (Beside
		// a column of that rate, it is an error in the cell.)
		col.kind = u
	}
	for k, p := range parts {
		v, ok, msg := b.cellValue(p, col)
		if msg != "" {
			if len(parts) > 1 {
				msg += " in " + strconv.Quote(cell)
			}
			b.errs = append(b.errs, &Error{Line: l.No, Message: "summary table " + strconv.Quote(col.name) + ": " + msg})
			continue
		}
		if !ok {
			continue
		}
		switch col.kind {
		case colTPS:
			r.TPS = fptr(v)
		case colQPS:
			r.QPS = fptr(v)
		case colEPS:
			r.EPS = fptr(v)
		case colEvents:
			r.Events = eventCount(v)
		case colMiBs:
			b.readMiBs(r, l, v, col)
		case colLatency:
			st := col.lat[k]
			switch {
			case st.pct != "":
				if r.Latency.Percentiles == nil {
					r.Latency.Percentiles = map[string]float64{}
				}
				r.Latency.Percentiles[st.pct] = v
			case st.stat == "avg":
				r.Latency.Avg = fptr(v)
			case st.stat == "min":
				r.Latency.Min = fptr(v)
			case st.stat == "max":
				r.Latency.Max = fptr(v)
			}
		}
	}
}

// readMiBs reads a MiB/s cell: the transfer rate of a memory run, or the
// read or written rate of a fileio run whose mode reads or writes only.
// A rate whose direction the table does not say is kept in the columns,
// with a warning.
func (b *summaryTable) readMiBs(r *Run, l *Line, v float64, col tableCol) {
	test := b.test
	if col.test != "" {
		test = col.test
	}
	switch {
	case test == "memory" && col.mode == "":
		r.Memory = &Memory{TransferMiBs: fptr(v)}
	case test == "fileio" && (col.mode == "seqrd" || col.mode == "rndrd"):
		r.FileIO = &FileIO{ReadMiBs: fptr(v)}
	case test == "fileio" && (col.mode == "seqwr" || col.mode == "seqrewr" || col.mode == "rndwr"):
		r.FileIO = &FileIO{WrittenMiBs: fptr(v)}
	default:
		r.Warn(l.No, "column "+strconv.Quote(col.name)+": a rate in MiB/s of no memory test and no fileio mode that only reads or writes: kept in columns only")
	}
}

// countValue reads a row count as people write it in a table ("100 万",
// "1M", "10,000", "10000000") as a plain number ("1000000").
func countValue(s string) (string, bool) {
	s = strings.TrimSpace(s)
	for _, suf := range []string{"rows", "row", "行", "条"} {
		s = strings.TrimSpace(strings.TrimSuffix(s, suf))
	}
	if thousandsRE.MatchString(s) {
		s = strings.ReplaceAll(s, ",", "")
	}
	v, rest, ok := leadingNum(s)
	if !ok || v < 0 {
		return "", false
	}
	m, ok := countMults[strings.TrimSpace(rest)]
	if !ok {
		return "", false
	}
	n := v * m
	if n != float64(int64(n)) || n > 1e15 {
		return "", false
	}
	return strconv.FormatInt(int64(n), 10), true
}

// isRule reports a markdown rule row ("|---|:---:|"), an Org or ASCII
// table's rule ("|-----+-----|", one cell between its pipes) or a dashed
// underline of a space-separated header (tabular.IsRule).
func isRule(cells []string) bool { return tabular.IsRule(cells) }

// thousandsRE matches "1,234.5".
var thousandsRE = regexp.MustCompile(`^\d{1,3}(,\d{3})+(\.\d+)?$`)

func (b *summaryTable) plain(s string) string {
	// A comma-separated row's cell holds a comma only when it was quoted
	// ("24,690"): splitCSV keeps it whole.
	if thousandsRE.MatchString(s) {
		return strings.ReplaceAll(s, ",", "")
	}
	return s
}

// processesRE matches threads written per sysbench process: "64 * 4".
var processesRE = regexp.MustCompile(`^(\d{1,6})\s*[*x×]\s*(\d{1,4})$`)

// threadsCell reads a threads cell: a count, or threads times sysbench
// processes ("64 * 4" is 256 client threads in all).
func (b *summaryTable) threadsCell(s string) (int, bool) {
	s = strings.TrimSpace(strings.Trim(s, "`"))
	if m := processesRE.FindStringSubmatch(s); m != nil {
		n, _ := strconv.Atoi(m[1])
		k, _ := strconv.Atoi(m[2])
		return n * k, n > 0 && k > 0
	}
	s = strings.Trim(s, "*")
	n, err := atoiStrict(b.plain(s))
	if whole, frac, ok := strings.Cut(b.plain(s), "."); err != nil && ok && frac != "" && strings.Trim(frac, "0") == "" {
		// "4.00", "8.00": a whole count a spreadsheet printed with its
		// number format's decimals.
		n, err = atoiStrict(whole)
	}
	if err != nil {
		// A count with the counter of what it counts ("10건", "50명",
		// "8个", "100 users"), as a column of concurrent connections
		// or users writes it.
		for _, c := range countCounters {
			if t, ok := strings.CutSuffix(s, c); ok && t != "" {
				n, err = atoiStrict(b.plain(strings.TrimSpace(t)))
				break
			}
		}
	}
	return n, err == nil && n > 0
}

// cellValue parses a numeric cell. ok is false for an absent cell; msg
// says what is wrong with a malformed one.
func (b *summaryTable) cellValue(cell string, col tableCol) (v float64, ok bool, msg string) {
	s := strings.TrimSpace(strings.Trim(strings.TrimSpace(cell), "*`"))
	if absentCells[strings.ToLower(s)] {
		return 0, false, ""
	}
	factor := 1.0
	switch col.kind {
	case colTPS, colQPS:
		// The column's own unit glued on or after a space ("1234tps",
		// "42,004 qps", "844.07/s"), as harnesses print their cells.
		low := strings.ToLower(s)
		for _, u := range rateSuffixes[col.kind] {
			if strings.HasSuffix(low, u) {
				s = strings.TrimSpace(s[:len(s)-len(u)])
				break
			}
		}
	case colLatency:
		factor = col.factor
		low := strings.ToLower(s)
		for _, u := range []struct {
			suffix string
			f      float64
		}{{"ms", 1}, {"us", 0.001}, {"µs", 0.001}, {"μs", 0.001}, {"s", 1000}} {
			if strings.HasSuffix(low, u.suffix) {
				s = strings.TrimSpace(s[:len(s)-len(u.suffix)])
				factor = u.f
				break
			}
		}
	case colEPS:
		low := strings.ToLower(s)
		for _, u := range epsSuffixes {
			if strings.HasSuffix(low, u) {
				s = strings.TrimSpace(s[:len(s)-len(u)])
				break
			}
		}
	}
	f, err := parseNum(b.plain(s))
	if err != nil {
		if _, rest, ok := leadingNum(s); ok && rest != "" {
			return 0, false, "value " + strconv.Quote(cell) + " has an unknown suffix (expected a plain number; latency may end in ms, s or us)"
		}
		return 0, false, "bad value " + strconv.Quote(cell) + " (expected a number, N/A or -)"
	}
	if f < 0 {
		return 0, false, "negative value " + strconv.Quote(cell) + " (expected a number, N/A or -)"
	}
	return f * factor, true, ""
}

func (b *summaryTable) end(c *ctx) {
	if b.rows == 0 {
		if b.badLine > 0 && !b.skip {
			c.add(&Error{Source: c.name, Line: b.badLine, Message: fmt.Sprintf(
				"summary table (%s) at line %d not read: the line under its rule %s",
				strings.Join(b.names(), ", "), b.header.No, b.badWhy)})
			return
		}
		// A header without rows is prose that happens to name columns,
		// or a header quoted apart from its rows (orphanRows).
		if !b.skip && b.width == 0 && b.sep == sepPipe {
			h := b.header
			c.orphanHeader, c.orphanCols = &h, len(b.cols)
		}
		c.remember(&b.header)
		return
	}
	if b.width == 0 && !b.skip && !b.single {
		c.tables = append(c.tables, tableShape{line: b.header.No, names: b.names(), cols: b.cols, sep: b.sep,
			test: b.test, workload: b.workload, lastRow: b.lastRow, named: b.named, threads: b.threadsI >= 0})
	}
	if b.others {
		// Another tool's table: its rows' errors are not sysbench's
		// either, and a row is read only when it names a test.
		b.errs = nil
		b.runs = slices.DeleteFunc(b.runs, func(r *Run) bool { return b.othersRow(c, r) })
	}
	for _, e := range b.errs {
		e.Source = c.name
		c.add(e)
	}
	b.modelColumns()
	b.dropShortRows(c)
	b.describedRows()
	for _, r := range b.runs {
		r.Source = c.name
		c.emitRun(r)
	}
}

// describedRows labels rows that the table's name columns do not tell
// apart by the text columns that do: two rows "Raspberrypi 5b | TF card"
// and "Raspberrypi 5b | HDD" under "Model | Disk type" measured two
// systems, not one twice. The label is the column's name in lower case,
// its value the cell.
func (b *summaryTable) describedRows() {
	if len(b.runs) < 2 {
		return
	}
	key := func(r *Run) string {
		return fmt.Sprint(r.Test, r.Labels, r.Settings, intText(r.Threads))
	}
	rows := map[string][]*Run{}
	for _, r := range b.runs {
		k := key(r)
		rows[k] = append(rows[k], r)
	}
	for _, same := range rows {
		if len(same) < 2 {
			continue
		}
		for _, col := range b.cols {
			if col.kind != colOther || col.name == "" {
				continue
			}
			vals := map[string]bool{}
			text := true
			for _, r := range same {
				v := cellOfColumn(r, col.name)
				if _, err := parseNum(b.plain(v)); err == nil || absentCells[strings.ToLower(v)] {
					text = false
					break
				}
				vals[v] = true
			}
			if !text || len(vals) < 2 {
				continue
			}
			name := strings.ToLower(strings.TrimSpace(strings.Trim(col.name, "*`")))
			for _, r := range same {
				if _, taken := r.Labels[name]; !taken {
					r.SetLabelFrom(name, cellOfColumn(r, col.name), "column "+strconv.Quote(col.name))
				}
			}
		}
	}
}

// cellOfColumn returns the plain text of the row's cell of the named
// column, "" when it has none.
func cellOfColumn(r *Run, name string) string {
	for _, c := range r.Columns {
		if c.Name == name {
			return strings.TrimSpace(strings.Trim(c.Value, "*`"))
		}
	}
	return ""
}

// intText is n as text, "-" when absent.
func intText(n *int) string {
	if n == nil {
		return "-"
	}
	return strconv.Itoa(*n)
}

// names returns the header's column names.
func (b *summaryTable) names() []string {
	names := make([]string, len(b.cols))
	for i, col := range b.cols {
		names[i] = col.name
	}
	return names
}
