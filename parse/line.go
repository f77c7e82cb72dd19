package parse

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
	"math/bits"
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/sbreport/sbreport/parse/sysbench"
)

// MaxLineBytes is the longest line the readers keep. Longer lines are
// skipped with an Error naming the line.
const MaxLineBytes = 1 << 20

// A Line is one input line, before and after normalisation.
type Line struct {
	No     int    // 1-based line number in the input ('\n' separated)
	Raw    string // the line without its line ending
	Text   string // normalised: see normalize
	Prompt string // shell or client prompt stripped from the front, "" if none
	// Cmd is the sysbench or mysqlslap command the line runs, parsed once
	// by Stream for every block that asks; nil for any other line.
	Cmd *Command
	// win is the plain window the line was read from while Text is a
	// piece of Raw, else nil: see lacks.
	win *window
}

// A window is lines read ahead as one string. It answers, once for all
// its lines, whether a piece of text occurs anywhere in it: the lines of
// a window without "`" need not be searched for inline commands.
type window struct {
	s          string
	known, has needle
}

// A needle is a piece of text lacks can be asked about, a bit of
// window.known and window.has.
type needle uint8

const (
	needleAt       needle = 1 << iota // "@": prompts
	needleBacktick                    // "`": inline commands
	needleEq                          // "=": CREATE TABLE ... ENGINE=
	needleTool                        // one of toolWords: commands
	needleMarkup                      // "[/code]" or "**": markup normalize removes
	needleShell                       // "$", "#" or "]> ": prompts
)

// lacks reports whether a line of w, whose text is known to be a piece
// of it, cannot hold needle n because w does not; false when w is nil (a
// line read alone, or changed by normalisation).
func (w *window) lacks(n needle) bool {
	if w == nil {
		return false
	}
	if w.known&n == 0 {
		w.learn(n)
	}
	return w.has&n == 0
}

// learn searches the window for n, once.
//
//go:noinline
func (w *window) learn(n needle) {
	w.known |= n
	if w.holds(n) {
		w.has |= n
	}
}

// holds searches the window for n. Each piece is found by a byte of it
// that is rare in benchmark output: strings.Contains finds "sysbench" by
// its 's', which a window of interim lines holds hundreds of times.
func (w *window) holds(n needle) bool {
	s := w.s
	switch n {
	case needleAt:
		return strings.IndexByte(s, '@') >= 0
	case needleBacktick:
		return strings.IndexByte(s, '`') >= 0
	case needleEq:
		return strings.IndexByte(s, '=') >= 0
	case needleTool:
		for _, w := range toolWords {
			if w.word == "mysqlslap" {
				if containsFoldBy(s, w.word, w.rare) {
					return true
				}
			} else if containsBy(s, w.word, w.rare) {
				return true
			}
		}
		return false
	case needleMarkup:
		return containsBy(s, "[/code]", 3) || containsBy(s, "**", 0)
	case needleShell:
		return strings.IndexByte(s, '$') >= 0 || strings.IndexByte(s, '#') >= 0 || containsBy(s, "]> ", 1)
	}
	return true
}

// containsBy reports whether s contains sub, looking at the places of
// sub[k] only.
func containsBy(s, sub string, k int) bool {
	c := sub[k]
	for i := k; i < len(s); i++ {
		j := strings.IndexByte(s[i:], c)
		if j < 0 {
			return false
		}
		i += j
		if i-k+len(sub) <= len(s) && s[i-k:i-k+len(sub)] == sub {
			return true
		}
	}
	return false
}

// lineReader splits input into lines. A '\n' ends a line; "\r\n" and a lone
// '\r' (progress redraws, old Mac files) also end one, and a line split by a
// lone '\r' keeps its line number.
//
// Lines are not allocated one by one: the complete lines at the front of
// the buffer, up to windowBytes, become one string (the window) and each
// line is a piece of it. A piece kept by a parser keeps its window, at
// most windowBytes, alive.
type lineReader struct {
	r       *bufio.Reader
	win     string // lines read ahead, each ending in '\n'
	winOff  int    // where the next line of win starts
	no      int
	pending []string // pieces of a line split by lone '\r'
	pendNo  int
	long    []int // numbers of lines that were too long
	err     error
	binary  bool
	checked bool
	// winPlain: every byte of win is printable ASCII, a tab or '\n'
	// (plainText), so that its lines hold no '\r' and need no CleanText.
	winPlain bool
	// plain reports that the line next returned last is known to be
	// plain ASCII and tabs (plainASCII), from its window's test.
	plain bool
	// w is win when winPlain, for the lines next returns with plain set.
	w *window
	// pooled: r is a buffer of lineBufs, given back by release; it
	// reads src.
	pooled bool
	src    endOnce
	// winAngle: win holds a '<', perhaps an inline HTML break.
	winAngle bool
	// winReflow: win holds sysbench 0.4 fields joined on one line, a
	// page's re-flowed output (reflow).
	winReflow bool
	// winReport: win holds a sysbench report's opening line
	// ("SQL statistics:"), which outputs side by side follow.
	winReport bool
	// winEscape: win holds a \n escape, perhaps of a string literal
	// holding sysbench's output (escaped.go).
	winEscape bool
	// winThds: win holds an interim report line ("] thds:"), perhaps
	// behind a label on its line (labelledInterim).
	winThds  bool
	reflowed []piece // the lines of a re-flowed paragraph, still to give
}

// A piece is a line given by next after a physical line was split.
type piece struct {
	no int
	s  string
}

func newLineReader(r io.Reader) *lineReader {
	if br, ok := r.(*bufio.Reader); ok && br.Size() >= 64<<10 {
		return &lineReader{r: br} // the caller's, as bufio.NewReaderSize would keep it
	}
	br, _ := lineBufs.Get().(*bufio.Reader)
	if br == nil {
		br = bufio.NewReaderSize(nil, 64<<10)
	}
	lr := &lineReader{r: br, pooled: true}
	lr.src.r = r
	br.Reset(&lr.src)
	return lr
}

// endOnce reads r until it ends, then answers io.EOF without reading
// again: a bufio.Reader forgets the end once it has reported it and asks
// again on every later call, a system call each time on a file (four at
// the end of each small log).
type endOnce struct {
	r   io.Reader
	eof bool
}

func (e *endOnce) Read(p []byte) (int, error) {
	if e.eof {
		return 0, io.EOF
	}
	n, err := e.r.Read(p)
	if err == io.EOF {
		e.eof = true
	}
	return n, err
}

// lineBufs are the 64 KiB buffers of line readers, reused: a directory
// of small files would otherwise allocate one a file. Nothing read keeps
// a piece of one (lines are copied out: see fillWindow and next).
var lineBufs sync.Pool

// release gives the reader's buffer back for another input.
func (lr *lineReader) release() {
	if lr.pooled {
		lr.pooled = false
		lr.r.Reset(nil)
		lineBufs.Put(lr.r)
		lr.r = nil
	}
}

// windowBytes bounds a window of lines (see lineReader).
const windowBytes = 4 << 10

// next returns the next line. ok is false at the end of input or on a read
// error (see err).
func (lr *lineReader) next() (no int, s string, ok bool) {
	if len(lr.reflowed) > 0 {
		p := lr.reflowed[0]
		lr.reflowed = lr.reflowed[1:]
		lr.plain = false
		return p.no, p.s, true
	}
	no, s, ok = lr.next0()
	if ok && lr.winEscape && strings.Contains(s, `\n`) {
		if n, t, ok := lr.escaped(no, s); ok {
			return n, t, true // output kept in a string literal (escaped.go)
		}
	}
	if ok && lr.winReport && len(s) > 8 && !strings.ContainsRune(s, ':') && strings.Contains(s, "    ") {
		if n, t, ok := lr.columns(no, s); ok {
			return n, t, true // outputs side by side (columns.go)
		}
	}
	if ok && lr.winThds && len(s) > 0 && s[0] != '[' {
		if t, ok := lr.labelledInterim(no, s); ok {
			return no, t, true
		}
	}
	if !ok || !lr.winReflow && lr.plain || !reflowedLine(s) {
		return no, s, ok
	}
	return lr.reflow(no, s)
}

// labelledInterim splits a line that gives one interim report behind a
// label ("# aws rds mysql on gp ssd: [ 9s ] thds: 10 tps: 484.00 …", a
// result quoted from a run) into the label, returned, and the report,
// kept with the same number and the line's comment or quote marker for
// the call that follows. ok is false for any other line.
func (lr *lineReader) labelledInterim(no int, s string) (string, bool) {
	j := strings.Index(s, "] thds:")
	if j < 0 {
		return "", false
	}
	i := strings.LastIndexByte(s[:j], '[')
	if i <= 0 {
		return "", false
	}
	label := strings.TrimRight(s[:i], " \t")
	marker := s[:len(s)-len(strings.TrimLeft(s, "#>/ \t"))]
	if len(marker) >= len(label) {
		return "", false // the report alone, behind its marker
	}
	text := strings.TrimSpace(label[len(marker):])
	if !strings.HasSuffix(text, ":") || len(text) < 2 || len(text) > 120 || !strings.ContainsFunc(text, unicode.IsLetter) {
		return "", false
	}
	lr.pending = append([]string{marker + s[i:]}, lr.pending...)
	lr.pendNo = no
	return label, true
}

// next0 returns the next physical line (next, before re-flowed
// paragraphs are split).
func (lr *lineReader) next0() (no int, s string, ok bool) {
	lr.plain = false
	if len(lr.pending) > 0 {
		s = lr.pending[0]
		lr.pending = lr.pending[1:]
		return lr.pendNo, s, true
	}
	// The first line is checked for binary data below, lines longer than
	// a window and the last line without '\n' are read one by one.
	if lr.winOff < len(lr.win) || lr.checked && !lr.binary && lr.fillWindow() {
		rest := lr.win[lr.winOff:]
		i := strings.IndexByte(rest, '\n') // a window ends with '\n'
		lr.winOff += i + 1
		lr.no++
		if lr.winPlain {
			lr.plain = true
			if lr.winAngle {
				return lr.no, lr.splitBreaks(rest[:i]), true
			}
			return lr.no, rest[:i], true
		}
		return lr.no, lr.split(strings.TrimSuffix(rest[:i], "\r")), true
	}
	for {
		b, err := lr.r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			if !lr.checked {
				// Binary data with no line break (/dev/zero) ends the input
				// here, rather than after reading it all.
				lr.checked = true
				if lr.binary = looksBinary(b); lr.binary {
					lr.no++
					return lr.no, "", true
				}
			}
			// Too long for the buffer: collect up to MaxLineBytes, skip the rest.
			buf := append([]byte(nil), b...)
			tooLong := false
			for err == bufio.ErrBufferFull {
				b, err = lr.r.ReadSlice('\n')
				if len(buf)+len(b) > MaxLineBytes {
					tooLong = true
				} else {
					buf = append(buf, b...)
				}
			}
			if tooLong {
				lr.no++
				lr.long = append(lr.long, lr.no)
				if err != nil && err != io.EOF {
					lr.err = err
					return 0, "", false
				}
				if err == io.EOF {
					return 0, "", false
				}
				continue
			}
			b = buf
		}
		if len(b) == 0 && err != nil {
			if err != io.EOF {
				lr.err = err
			}
			return 0, "", false
		}
		if !lr.checked {
			lr.checked = true
			lr.binary = looksBinary(b)
		}
		lr.no++
		b = bytes.TrimSuffix(b, []byte{'\n'})
		b = bytes.TrimSuffix(b, []byte{'\r'})
		// A line read on its own (the first, a long one, the last) is
		// its own window.
		lr.winThds = bytes.Contains(b, []byte("] thds:"))
		return lr.no, lr.split(string(b)), true
	}
}

// fillWindow makes the complete lines at the front of the buffer, up to
// windowBytes, the window. It reports false when there is no complete
// line there.
func (lr *lineReader) fillWindow() bool {
	if lr.r.Buffered() == 0 {
		if _, err := lr.r.Peek(1); err != nil {
			return false // the end of input or an error, for the slow path to report
		}
	}
	buf, _ := lr.r.Peek(min(lr.r.Buffered(), windowBytes))
	k := bytes.LastIndexByte(buf, '\n')
	if k < 0 {
		return false
	}
	lr.win, lr.winOff = string(buf[:k+1]), 0
	lr.winPlain = plainText(buf[:k+1])
	lr.winAngle = bytes.IndexByte(buf[:k+1], '<') >= 0
	// Searched by a byte interim lines do not hold ('y', 'N').
	lr.winReflow = containsBy(lr.win, "summary: total time:", 6) || containsBy(lr.win, "options: Number of threads:", 9)
	// A \n escape, perhaps of a string literal holding sysbench's
	// output (escaped.go).
	lr.winEscape = strings.IndexByte(lr.win, '\\') >= 0 && strings.Contains(lr.win, `\n`)
	lr.winThds = containsBy(lr.win, "] thds:", 0) // by its "]": one a line of an interim log
	// A report's opening line, under which outputs may be printed side
	// by side (columns.go); searched by a capital letter.
	lr.winReport = containsBy(lr.win, "OLTP test statistics:", 0) || containsBy(lr.win, "SQL statistics:", 1) ||
		containsBy(lr.win, "General statistics:", 0) || containsBy(lr.win, "Test execution summary:", 0) ||
		containsBy(lr.win, "CPU speed:", 1)
	lr.w = nil
	if lr.winPlain {
		lr.w = &window{s: lr.win}
	}
	lr.r.Discard(k + 1)
	return true
}

// split returns the first piece of a line split by lone '\r' and keeps the
// others for the calls that follow.
func (lr *lineReader) split(line string) string {
	if strings.IndexByte(line, '\r') < 0 {
		return lr.splitBreaks(line)
	}
	parts := strings.Split(line, "\r")
	lr.pending = parts[1:]
	lr.pendNo = lr.no
	return parts[0]
}

// splitBreaks returns the first piece of a line split by inline HTML line
// breaks ("<br>", "</br>", "<br/>", "<br />", any case), as a page that
// glues results on one line shows them ("…: 0.739 seconds - db.t2.small
// </br>Average number of …"), and keeps the others, with the same line
// number, for the calls that follow. A table row keeps its breaks: a
// cell may hold several lines ("| a<br>b | 1 |", "<td>a<br>b</td>").
func (lr *lineReader) splitBreaks(line string) string {
	i := strings.IndexByte(line, '<')
	if i < 0 {
		return line
	}
	var parts []string
	rest := line
	for {
		j, n := htmlBreak(rest)
		if j < 0 {
			break
		}
		parts = append(parts, strings.TrimRight(rest[:j], " \t"))
		rest = strings.TrimLeft(rest[j+n:], " \t")
	}
	if parts == nil {
		return line
	}
	t := strings.TrimLeft(line, " \t>")
	if strings.HasPrefix(t, "|") || strings.Contains(strings.ToLower(line), "<td") {
		return line
	}
	parts = append(parts, rest)
	lr.pending = append(parts[1:], lr.pending...)
	lr.pendNo = lr.no
	return parts[0]
}

// htmlBreak finds the first inline HTML line break in s: its offset and
// length, or -1.
func htmlBreak(s string) (int, int) {
	for off := 0; ; {
		i := strings.IndexByte(s[off:], '<')
		if i < 0 {
			return -1, 0
		}
		i += off
		j := i + 1
		if j < len(s) && s[j] == '/' {
			j++
		}
		if j+2 <= len(s) && (s[j]|0x20) == 'b' && (s[j+1]|0x20) == 'r' {
			k := j + 2
			for k < len(s) && s[k] == ' ' {
				k++
			}
			if k < len(s) && s[k] == '/' {
				k++
			}
			if k < len(s) && s[k] == '>' {
				return i, k + 1 - i
			}
		}
		off = i + 1
	}
}

// looksBinary reports NUL bytes or a high share of control bytes.
func looksBinary(b []byte) bool {
	if bytes.IndexByte(b, 0) >= 0 {
		return true
	}
	ctl := 0
	for _, c := range b {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != 0x1b {
			ctl++
		}
	}
	return len(b) > 16 && ctl*10 > len(b)
}

// normalize fills l.Text and l.Prompt from l.Raw (FORMATS.md §0):
// terminal escape sequences and control characters (CleanText),
// surrounding white space, markdown quote markers, SQL "-- " prefixes,
// code fences and forum tags, **bold** markers and prompts are removed and
// the fullwidth colon becomes ':'.
func normalize(l *Line) { normalizeKnown(l, false) }

// normalizeKnown is normalize, told whether l.Raw is already known to
// be plain ASCII and tabs (lineReader.plain).
func normalizeKnown(l *Line, plain bool) {
	s := l.Raw
	if !plain && !plainASCII(s) {
		s = CleanText(s)
	}
	s = trimBlank(s)
	l.Prompt = ""
	if s == "" {
		l.Text = ""
		return
	}
	// Fast path: interim report lines and plain labels.
	if s[0] == '[' && (l.win.lacks(needleAt) || !strings.Contains(s, "@")) && !strings.HasPrefix(s, "[code]") && !strings.HasPrefix(s, "[/code]") {
		l.Text = s
		return
	}
	for {
		switch {
		case strings.HasPrefix(s, "> "), s == ">":
			s = strings.TrimLeft(s[1:], " \t")
			continue
		case len(s) > 1 && s[0] == '>' && quotedGlued(s):
			// ">SQL statistics:", ">transactions: …": a quote marker
			// with no space after it, as Markdown allows.
			s = s[1:]
			continue
		case len(s) > 1 && s[0] == '#' && commentGlued(s):
			// "#Benchmark", "#Average number of seconds …": output
			// kept as comments in a script, the marker glued to the
			// text (a heading or a root prompt has a space after it).
			s = s[1:]
			continue
		case len(s) > 6 && s[0] == 'O' && outputGlued(s):
			// "OutputBenchmark", "Outputsysbench 1.0.20 (using …": a
			// tutorial page's "Output" label over its code block, copied
			// glued to the block's first line.
			s = s[len("Output"):]
			continue
		case strings.HasPrefix(s, "-- ") && gfmRuleCells(s) == 0:
			// An SQL comment's marker; "-- | --" is a table's rule.
			s = strings.TrimLeft(s[3:], " \t")
			continue
		case strings.HasPrefix(s, "+|"):
			// A table row a diff adds ("+| 600 | 283928.9323 | …"): the
			// row as the text now has it. Removed rows ("-|") are the
			// old text and stay as they are.
			s = s[1:]
			continue
		case strings.HasPrefix(s, "```"), strings.HasPrefix(s, "~~~"):
			s = ""
		case strings.HasPrefix(s, "[code]"):
			s = strings.TrimLeft(s[len("[code]"):], " \t")
			continue
		}
		break
	}
	if s == "" {
		l.Text = ""
		return
	}
	if !l.win.lacks(needleMarkup) {
		if strings.Contains(s, "[/code]") {
			s = strings.ReplaceAll(s, "[/code]", "")
			l.win = nil // Text is no longer a piece of the window
		}
		if strings.Contains(s, "**") && !histogramBar(s) {
			s = dropDoubleStars(s)
			l.win = nil
		}
	}
	if !plain && strings.Contains(s, "\uFF1A") {
		s = strings.ReplaceAll(s, "\uFF1A", ":")
	}
	if t := dropLoneBacktick(s); len(t) != len(s) {
		s = t // "events per second: 650.74 // 所有线程…`" (fragment.go)
		l.win = nil
	}
	if s == "" {
		l.Text = ""
		return
	}
	if p, rest, ok := splitPromptLacking(s, l.win.lacks(needleAt) && l.win.lacks(needleShell)); ok {
		l.Prompt = p
		s = rest
	} else if t := stripNote(s); len(t) != len(s) {
		s = t // "transactions: 1234 (56.78 per sec.)  # best run" (fragment.go)
		l.win = nil
	}
	l.Text = strings.TrimSpace(s)
}

// histogramBar reports a row of sysbench's latency histogram as it
// prints it, "  3.425 |****   12", as histogramRow reads it: its stars
// are a bar, not emphasis. A row a page set in bold ("**3.425 |* 12**")
// is not one.
func histogramBar(s string) bool {
	_, _, ok := sysbench.HistogramRow(strings.TrimSpace(s))
	return ok
}

// dropDoubleStars is strings.ReplaceAll(s, "**", "") in one pass.
func dropDoubleStars(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '*' && i+1 < len(s) && s[i+1] == '*' {
			i++
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// promptRE matches shell prompts with spaces in them: "user@host ~ $ "
// (Gentoo, Raspberry Pi OS), "host:~ user$ " (macOS), "-bash-4.2$ ",
// "~/bench $ ", "bench $ ", "➜  bench git:(main) ✗ " (oh-my-zsh),
// "user@host ~> ", "root@host /v/t/dir# " (fish's default prompt: the
// directory, shortened, then '>' or root's '#', glued),
// "user@host \ue0b0 ~ \ue0b0 " (powerline: no "$", private-use separators,
// or two spaces where a page dropped them).
var promptRE = regexp.MustCompile(`^(?:` +
	`[A-Za-z0-9._-]+@[A-Za-z0-9._-]+(?:\s+[^\s$#%]+)?\s+[$#%]\s+` +
	`|[A-Za-z0-9._-]+@[A-Za-z0-9._-]+\s+[~/][^\s>#$]*[>#]\s+` +
	`|[A-Za-z0-9._-]+@[A-Za-z0-9._-]+\s*[\x{E0B0}-\x{E0B3}]\s*[~/][^\s\x{E0B0}-\x{E0B3}]*\s*[\x{E0B0}-\x{E0B3}]\s*` +
	`|[A-Za-z0-9._-]+@[A-Za-z0-9._-]+\s+[~/]\S*\s{2,}` +
	`|[A-Za-z0-9._-]+:\S*\s+[A-Za-z0-9._-]+[$#]\s+` +
	`|-?(?:bash|sh|zsh|ksh)-[0-9.]+[$#]\s+` +
	`|[A-Za-z0-9._-]+\s+[$#]\s+` +
	`|[~/][^\s$#]*\s+[$#]\s+` +
	`|➜\s+\S+(?:\s+git:\([^)]*\))?(?:\s+✗)?\s+)`)

// glyphPrompt recognises the prompt of a zsh theme that draws a symbol
// and the directory, each followed by two spaces: "☁  ~  brew install
// sysbench", "☁  libexec  spoon.sh", "(base) ☁  ~  python3 -m venv env"
// (a virtual environment's name before it). The symbol is any of
// Unicode's other symbols (☁, ➜, ⚡, ★); the directory a word that does
// not end a phrase (not "CPU:"), so that a bullet over a label and a
// value spaced apart is no prompt.
func glyphPrompt(s string) (prompt, rest string, ok bool) {
	i := 0
	for i < len(s) && s[i] == '(' {
		j := strings.IndexByte(s[i:], ')')
		if j < 0 || j > 40 || i+j+1 >= len(s) || s[i+j+1] != ' ' {
			return "", s, false
		}
		i += j + 2
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	if r < utf8.RuneSelf || !unicode.Is(unicode.So, r) {
		return "", s, false
	}
	i += size
	j := i
	for j < len(s) && s[j] == ' ' {
		j++
	}
	if j == i {
		return "", s, false
	}
	k := j
	for k < len(s) && s[k] != ' ' && s[k] != '\t' {
		k++
	}
	dir := s[j:k]
	if dir == "" || len(dir) > 60 || strings.ContainsAny(dir[len(dir)-1:], ":,.;") {
		return "", s, false
	}
	if !strings.HasPrefix(s[k:], "  ") {
		return "", s, false
	}
	cmd := strings.TrimLeft(s[k:], " ")
	if cmd == "" {
		return "", s, false
	}
	return s[:k], cmd, true
}

// splitPrompt recognises a leading shell or client prompt.
func splitPrompt(s string) (prompt, rest string, ok bool) { return splitPromptLacking(s, false) }

// splitPromptLacking is splitPrompt told whether s is known to hold none
// of '@', '$', '#' and "]> ": then only the prompts recognised by their
// first bytes are looked for.
func splitPromptLacking(s string, lacking bool) (prompt, rest string, ok bool) {
	if s == "" {
		return "", s, false
	}
	switch {
	case strings.HasPrefix(s, "$ "), strings.HasPrefix(s, "# "), strings.HasPrefix(s, "% "):
		return s[:1], s[2:], true
	case s == "$" || s == "#":
		return s, "", true
	case len(s) > 2 && (s[0] == '#' || s[0] == '$') && (s[1] == '/' || s[1] == '.') && strings.Contains(s, "sysbench"):
		// A root prompt glued to the command: "#/usr/local/bin/sysbench ...".
		return s[:1], s[1:], true
	case len(s) > 10 && (s[0] == '$' || s[0] == '#') && (strings.HasPrefix(s[1:], "mysqlslap ") || strings.HasPrefix(s[1:], "sysbench ")):
		// A prompt glued to the tool's name: "$mysqlslap -a --concurrency=50,100",
		// "#mysqlslap -h127.0.0.1 --concurrency=100" (root's prompt).
		return s[:1], s[1:], true
	case strings.HasPrefix(s, "shell>"), strings.HasPrefix(s, "$> "):
		// The MySQL manual's shell prompts ("shell> mysqlslap ...", "$>"
		// since 8.0), which books and courses copy, "shell>" at times
		// glued to the command: a shell's, whatever the '>'
		// (manualShellPrompt).
		i := strings.IndexByte(s, '>')
		return s[:i+1], strings.TrimPrefix(s[i+1:], " "), true
	case strings.HasPrefix(s, "mysql> "), strings.HasPrefix(s, "mysql>"):
		return "mysql>", strings.TrimPrefix(strings.TrimPrefix(s, "mysql>"), " "), true
	case strings.HasPrefix(s, "-> ") || s == "->":
		return "->", strings.TrimPrefix(s[2:], " "), true
	case strings.HasPrefix(s, ">>> "):
		// Python's prompt, which harnesses also print before each command
		// they run.
		return ">>>", s[4:], true
	}
	if s[0] >= utf8.RuneSelf || s[0] == '(' {
		if p, rest, ok := glyphPrompt(s); ok {
			return p, rest, true
		}
	}
	// "MariaDB [db]> ", "(root@localhost) [db]> "
	if lacking {
		// The forms below hold "]> ", '@', '$' or '#', but the Windows
		// prompt (and oh-my-zsh's, beyond ASCII: never in a plain window).
		if len(s) > 4 && s[1] == ':' && s[2] == '\\' {
			return splitPrompt(s)
		}
		return "", s, false
	}
	if i := strings.Index(s, "]> "); i > 0 && i < 80 {
		head := s[:i+2]
		if strings.HasPrefix(head, "MariaDB [") || strings.HasPrefix(head, "(") || strings.HasPrefix(head, "MySQL [") {
			return head, s[i+3:], true
		}
	}
	// "[root@host ~]# cmd", "[user@host dir]$ cmd"
	if s[0] == '[' {
		if i := strings.IndexByte(s, ']'); i > 0 && i < 120 && strings.ContainsAny(s[:i], "@ ") && strings.Contains(s[:i], "@") {
			if len(s) > i+1 && (s[i+1] == '#' || s[i+1] == '$') {
				return s[:i+2], strings.TrimPrefix(s[i+2:], " "), true
			}
		}
	}
	// "C:\Users\me>cmd": a Windows command prompt (two byte tests first).
	if len(s) > 4 && s[1] == ':' && s[2] == '\\' && (s[0]|0x20) >= 'a' && (s[0]|0x20) <= 'z' {
		if i := strings.IndexByte(s, '>'); i > 2 && i < 160 {
			return s[:i+1], strings.TrimPrefix(s[i+1:], " "), true
		}
	}
	// Every form promptRE knows has an '@', '$' or '#', or starts with
	// '➜': other lines (most of a log) need not run it. (Three IndexByte
	// look at 16 bytes a step; ContainsAny at one.)
	if strings.IndexByte(s, '@') < 0 && strings.IndexByte(s, '$') < 0 && strings.IndexByte(s, '#') < 0 &&
		!strings.HasPrefix(s, "➜") {
		return "", s, false
	}
	if m := promptRE.FindStringIndex(s); m != nil && m[0] == 0 {
		p := strings.TrimRight(s[:m[1]], " ")
		return p, s[m[1]:], true
	}
	// "root@host:/dir# cmd", "user@host:~$ cmd", "OHOS:/$ cmd", "host# cmd",
	// "user@host:~>>> cmd" (a zsh theme's prompt)
	if i := strings.IndexAny(s, "#$>"); i > 0 && i < 120 {
		j := i + 1
		if s[i] == '>' && strings.HasPrefix(s[i:], ">>>") {
			j = i + 3
		}
		head := s[:i]
		if (len(s) == j || s[j] == ' ') && !strings.ContainsAny(head, " \t") &&
			(strings.Contains(head, "@") || strings.Contains(head, ":/") || strings.Contains(head, ":~")) {
			return s[:j], strings.TrimPrefix(s[j:], " "), true
		}
	}
	return "", s, false
}

// appendFields appends the fields of s, as strings.Fields splits them,
// to dst: a reader splitting many lines reuses one slice instead of
// allocating one a line. ASCII text is split here; text with other bytes
// (whose white space strings.Fields knows) by strings.Fields.
func appendFields(dst []string, s string) []string {
	n := len(dst)
	const ones, lows, highs = 0x0101010101010101, 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	for i := 0; i < len(s); {
		// Spaces eight at a time: the first byte that is not ' '.
		for i+8 <= len(s) {
			y := load8(s, i) ^ ' '*ones
			m := ((y & lows) + lows | y) & highs // high bit set for a byte that is not ' '
			if m == 0 {
				i += 8
				continue
			}
			i += bits.TrailingZeros64(m) >> 3
			break
		}
		for i < len(s) && fieldByte[s[i]] == fieldSpace {
			i++
		}
		j := i
		// A field eight bytes at a time: the first byte below '!' or
		// beyond ASCII ends the words (the first such byte is found
		// exactly: only bytes after it can borrow); the byte loop then
		// tells a space from a control character, which a field may hold.
		for j+8 <= len(s) {
			x := load8(s, j)
			m := ((x-0x21*ones)&^x | x) & highs
			if m == 0 {
				j += 8
				continue
			}
			j += bits.TrailingZeros64(m) >> 3
			break
		}
		for j < len(s) && fieldByte[s[j]] == fieldText {
			j++
		}
		if j < len(s) && fieldByte[s[j]] == fieldOther {
			return append(dst[:n], strings.Fields(s)...)
		}
		if j > i {
			dst = append(dst, s[i:j])
		}
		i = j
	}
	return dst
}

// load8 returns s[i:i+8] as a little-endian word (one load: the
// compiler merges the eight).
func load8(s string, i int) uint64 {
	w := s[i : i+8]
	return uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
}

// fieldByte classes the bytes for appendFields: the ASCII white space
// unicode.IsSpace reports, the other ASCII bytes, and the bytes of
// other characters.
var fieldByte = func() (t [256]uint8) {
	for c := 0x80; c < 0x100; c++ {
		t[c] = fieldOther
	}
	for _, c := range []byte{' ', '\t', '\n', '\v', '\f', '\r'} {
		t[c] = fieldSpace
	}
	return t
}()

const (
	fieldText = iota
	fieldSpace
	fieldOther
)

// trimBlank removes spaces, tabs, form feeds and vertical tabs from both
// ends of s: strings.Trim with that cut set, without building the set
// for every line.
func trimBlank(s string) string {
	i, j := 0, len(s)
	for i < j && isBlank(s[i]) {
		i++
	}
	for j > i && isBlank(s[j-1]) {
		j--
	}
	return s[i:j]
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\f' || c == '\v' }

// plainText reports whether every byte of b is printable ASCII, a tab or
// '\n': a window of lines that are all plainASCII and hold no '\r'. It
// tests 32 bytes at a time, and the words of eight that may hold a byte
// below 0x20 (mostly the word holding a line's '\n') one by one.
func plainText(b []byte) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for len(b) >= 32 {
		x0 := binary.LittleEndian.Uint64(b)
		x1 := binary.LittleEndian.Uint64(b[8:])
		x2 := binary.LittleEndian.Uint64(b[16:])
		x3 := binary.LittleEndian.Uint64(b[24:])
		// A byte of 0x80 or more has its high bit set in x, and when
		// there is none, 0x7f has it in x+ones (no byte carries).
		if (x0|x1|x2|x3|(x0+ones)|(x1+ones)|(x2+ones)|(x3+ones))&highs != 0 {
			return false
		}
		// A byte below 0x20 has it in x-0x20*ones (the lowest such byte
		// at least: the bytes below it borrow nothing).
		if ((x0-0x20*ones)|(x1-0x20*ones)|(x2-0x20*ones)|(x3-0x20*ones))&highs != 0 &&
			controls(x0)|controls(x1)|controls(x2)|controls(x3) != 0 {
			return false
		}
		b = b[32:]
	}
	return plainTextBytes(b)
}

// controls flags (high bit) the bytes of x below 0x20 other than '\t'
// and '\n', x holding no byte of 0x80 or more: then no sum below
// carries from one byte to the next.
func controls(x uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	below := ^(x + 0x60*ones) // high bit set for a byte below 0x20
	nl := x ^ '\n'*ones
	tab := x ^ '\t'*ones
	return below &^ ^(nl + 0x7f*ones) &^ ^(tab + 0x7f*ones) & highs
}

// plainTextBytes is plainText a byte at a time.
func plainTextBytes(b []byte) bool {
	for _, c := range b {
		if c < 0x20 && c != '\t' && c != '\n' || c >= 0x7f {
			return false
		}
	}
	return true
}

// hasControls reports whether s may hold a control character CleanText
// removes: a control byte other than tab, DEL, or 0xC2, the first byte of
// a C1 control (U+0080–U+009F). Invalid UTF-8 is checked apart.
func hasControls(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 && c != '\t' || c == 0x7f || c == 0xc2 {
			return true
		}
	}
	return false
}

// CleanText removes terminal escape sequences (ANSI colours and cursor
// moves: ESC [ ... final byte, ESC ] ... BEL or ESC \, and two-byte
// ESC sequences) and control characters other than tab from text taken
// from an input, and replaces invalid UTF-8 by U+FFFD, so that
// "\x1b[1mrocksdb\x1b[0m" is "rocksdb" and no label can carry bytes that
// a terminal, a Markdown renderer or an XML reader (SVG) would act on.
// Text without any is returned unchanged.
func CleanText(s string) string {
	if !hasControls(s) && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c == 0x1b {
			i = skipEscape(s, i)
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			b.WriteRune(utf8.RuneError)
		case r == 0x9b: // C1 CSI: ESC [ in one code point
			i = skipCSI(s, i+n)
			continue
		case r < 0x20 && r != '\t', r >= 0x7f && r <= 0x9f:
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// skipEscape returns the index after the escape sequence at s[i] (ESC).
func skipEscape(s string, i int) int {
	i++
	if i >= len(s) {
		return i
	}
	switch s[i] {
	case '[':
		return skipCSI(s, i+1)
	case ']', 'P', '_', '^', 'X':
		// OSC, DCS, APC, PM, SOS: up to BEL or ST (ESC \).
		for j := i + 1; j < len(s); j++ {
			if s[j] == 0x07 {
				return j + 1
			}
			if s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\' {
				return j + 2
			}
		}
		return len(s)
	}
	if s[i] >= 0x20 && s[i] <= 0x2f && i+1 < len(s) {
		return i + 2 // ESC ( B and other designations
	}
	if s[i] >= 0x20 && s[i] < 0x7f {
		return i + 1
	}
	return i
}

// skipCSI returns the index after a control sequence whose parameters
// start at s[i]: parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F,
// a final byte 0x40–0x7E.
func skipCSI(s string, i int) int {
	for i < len(s) && s[i] >= 0x30 && s[i] <= 0x3f {
		i++
	}
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
		i++
	}
	if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
		i++
	}
	return i
}

// reflowLabels are the field labels of sysbench 0.4 output that start a
// line of their own. A page that re-flows the output into paragraphs
// joins them ("Test execution summary: total time: 14.1474s total number
// of events:" / "10000 total time taken by event execution: 28.2911
// per-request"); reflow splits the paragraph at them again. Longer labels
// come first: "total time taken by event execution:" is not "total time:".
var reflowLabels = []string{
	"sysbench 0.4", "Running the test with following options:", "Number of threads:",
	"Doing ", "Threads started!", "Done.", "Maximum prime number checked in CPU test:",
	"Thread yields per test:", "Locks used:", "Memory block size:", "Memory transfer size:",
	"Memory operations type:", "Memory scope type:", "Extra file open flags:",
	"Operations performed:", "Test execution summary:", "total time taken by event execution:",
	"total number of events:", "total time:", "per-request statistics:", "min:", "avg:", "max:",
	"approx. 95 percentile:", "approx.  95 percentile:", "Threads fairness:", "events (avg/stddev):",
	"execution time (avg/stddev):",
}

// reflowedLine reports a line holding a label of reflowLabels after some
// other text and another label: fields joined by a re-flow.
func reflowedLine(s string) bool {
	if len(s) < 20 || !strings.Contains(s, ": ") {
		return false
	}
	n, mid := 0, false
	for _, lab := range reflowLabels {
		if i := strings.Index(s, lab); i >= 0 {
			n++
			mid = mid || i > 0 && lab != "min:" && lab != "avg:" && lab != "max:" && lab != "Done." && lab != "Doing "
		}
	}
	return n >= 2 && mid
}

// reflow joins the paragraph that starts with line s (up to a blank line)
// and splits it at the labels of reflowLabels, each piece numbered by the
// line its label is on.
func (lr *lineReader) reflow(no int, s string) (int, string, bool) {
	type part struct{ off, no int }
	joined := s
	starts := []part{{0, no}}
	var tail *piece
	for {
		n2, s2, ok := lr.next0()
		if !ok {
			break
		}
		if trimBlank(s2) == "" {
			tail = &piece{n2, s2}
			break
		}
		joined += " "
		starts = append(starts, part{len(joined), n2})
		joined += trimBlank(s2)
	}
	lineAt := func(off int) int {
		n := starts[0].no
		for _, p := range starts {
			if p.off <= off {
				n = p.no
			}
		}
		return n
	}
	var cuts []int
	for i := 0; i < len(joined); {
		best, bl := -1, 0
		for _, lab := range reflowLabels {
			if j := strings.Index(joined[i:], lab); j >= 0 && (best < 0 || i+j < best || i+j == best && len(lab) > bl) {
				best, bl = i+j, len(lab)
			}
		}
		if best < 0 {
			break
		}
		if best > 0 && (best == len(joined) || joined[best-1] == ' ') {
			cuts = append(cuts, best)
		}
		i = best + bl
	}
	var out []piece
	prev := 0
	for _, c := range append(cuts, len(joined)) {
		if t := strings.TrimSpace(joined[prev:c]); t != "" {
			out = append(out, piece{lineAt(prev), t})
		}
		prev = c
	}
	if tail != nil {
		out = append(out, *tail)
	}
	if len(out) == 0 {
		return no, s, true
	}
	lr.reflowed = append(out[1:], lr.reflowed...)
	lr.plain = false
	return out[0].no, out[0].s, true
}

// quotedGlued reports a line quoted with a Markdown marker glued to its
// text (">SQL statistics:", ">./sysbench … run", ">```"): '>' followed by
// a letter, a digit, '.', '/', '[' or a backquote. ">>" (a nested quote, a
// redirection, Python's prompt), ">=" and the like are left alone.
func quotedGlued(s string) bool {
	if len(s) < 2 {
		return false
	}
	c := s[1]
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '.' || c == '/' || c == '[' || c == '`' || c >= 0x80
}

// outputGlued reports "Output" glued to the first line of a tool's
// output: mysqlslap's "Benchmark", sysbench's banner.
func outputGlued(s string) bool {
	rest, ok := strings.CutPrefix(s, "Output")
	return ok && (rest == "Benchmark" || strings.HasPrefix(rest, "sysbench ") && strings.Contains(rest, "(using"))
}

// commentGlued reports a line commented out with '#' glued to a word
// that starts with a capital letter ("#Benchmark", "#Threads started!"),
// as scripts keep the output they printed. Directives and tags
// ("#include", "#!/bin/sh", "#1") are left alone.
func commentGlued(s string) bool {
	if len(s) < 4 || s[1] < 'A' || s[1] > 'Z' {
		return false
	}
	for i := 2; i < len(s) && s[i] != ' '; i++ {
		if s[i] == '#' || s[i] == '(' || s[i] == '[' {
			return false // "#RRGGBB#", "#Foo(" - not prose
		}
	}
	return true
}
