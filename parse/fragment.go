package parse

import "strings"

// Fragments: sysbench's result fields kept alone, as a reader quotes or
// filters them. A field line starts a run wherever it stands
// (parse/sysbench's StartField); a run so started ends where one of its
// fields repeats. Two shapes are undone before the line is read:
//
//   - a count glued in front by a loop that printed it before grep's
//     output ("16 transactions: 89778 (1496.01 per sec.)"): the run's
//     thread count, kept as the block's prefix (threadsPrefix);
//   - a note after the value ("... (205.74 per sec.)   # best of three",
//     "// warm", "-- after restart"), or after the colon of an output
//     block's title ("Latency (ms):  # 等待时间", "SQL statistics:   #
//     SQL 统计信息"), or glued to the value when the note is in another
//     script ("99.9699/0.00#在这个测试中"): dropped by normalize
//     (stripNote);
//   - a lone backtick closing every line of a page that set each line as
//     inline code ("CPU speed:`", "events per second: 650.74 // …`"):
//     dropped by normalize (dropLoneBacktick).

// stripNote removes a note written after a value: whitespace, then "#",
// "//" or "--", then a space or a non-ASCII letter ("--总事务数"), or a
// letter after "#" ("#TPS"; "#1 SMP" of a kernel build stays), and
// anything. The text before must end as a value does (a digit, ')',
// '%', or a unit right after a digit: "149.37s"), or be the title of one
// of sysbench's output blocks with its colon ("Latency (ms):"), so that
// commands ("--threads=4"), prompts and prose keep theirs. A note in
// another script may be glued to the value without the whitespace
// ("99.9699/0.00#在这个测试中"): '#' or "//" right after a value, then a
// non-ASCII letter.
func stripNote(s string) string {
	// Only '#', '/' and '-' begin a note: each is looked for with
	// IndexByte, most lines holding none (a histogram row) or a few (an
	// interim line's "err/s"), rather than every byte tested.
	if len(s) < 4 {
		return s
	}
	var at [3]int // the next '#', '/', '-' at or after i, len(s) for none
	find := func(k, from int) {
		if j := strings.IndexByte(s[from:], "#/-"[k]); j >= 0 {
			at[k] = from + j
		} else {
			at[k] = len(s)
		}
	}
	for k := range at {
		find(k, 1)
	}
	for {
		k := 0
		if at[1] < at[k] {
			k = 1
		}
		if at[2] < at[k] {
			k = 2
		}
		i := at[k]
		if i+2 >= len(s) {
			return s
		}
		find(k, i+1)
		c := s[i]
		glued := s[i-1] != ' ' && s[i-1] != '\t'
		if glued && c == '-' {
			continue
		}
		j := i + 1
		if c != '#' {
			if s[j] != c {
				continue
			}
			j++
		}
		if j < len(s) && s[j] != ' ' && s[j] < 0x80 && (c != '#' || !isASCIILetter(s[j])) {
			continue // "--threads=4": an option; "#1 SMP" a build; "--总事务数", "#TPS" notes
		}
		if glued && (j >= len(s) || s[j] < 0x80) {
			continue // "a#b", "http://": only a note in another script is glued
		}
		head := strings.TrimRight(s[:i], " \t")
		if head == "" || !valueEnd(head) && (glued || !titleEnd(head)) {
			continue
		}
		return head
	}
}

func isASCIILetter(b byte) bool { return b|0x20 >= 'a' && b|0x20 <= 'z' }

// titleEnd reports whether s is the title of one of sysbench's output
// blocks with its colon ("SQL statistics:", "Latency (ms):").
func titleEnd(s string) bool {
	return s[len(s)-1] == ':' && outputTitle(s, false)
}

// dropLoneBacktick removes a backtick that ends s when it is the only one
// s holds: a page that set each line of an output as inline code leaves
// one at every line's end ("CPU speed:`"). A backtick that closes inline
// code opened on the line stays.
func dropLoneBacktick(s string) string {
	if n := len(s); n > 1 && s[n-1] == '`' && strings.IndexByte(s, '`') == n-1 {
		return strings.TrimRight(s[:n-1], " \t")
	}
	return s
}

// valueEnd reports whether s ends as a value does.
func valueEnd(s string) bool {
	n := len(s)
	c := s[n-1]
	switch {
	case c >= '0' && c <= '9', c == ')', c == '%':
		return true
	case c >= 'a' && c <= 'z' && n >= 2:
		// a short unit glued to a number: "149.37s", "12.5ms", "47.7Mb"
		k := n - 1
		for k > 0 && n-k <= 3 && (s[k-1] >= 'a' && s[k-1] <= 'z' || s[k-1] >= 'A' && s[k-1] <= 'Z') {
			k--
		}
		return k > 0 && s[k-1] >= '0' && s[k-1] <= '9'
	}
	return false
}

// restated reports whether a field line's count and rate (the rate -1
// for events per second, whose value is the rate) are those an earlier
// run of the text printed ("事务量比较" above the two runs'
// transactions lines again): the line restates that run. Runs of a fixed
// number of events print one count; their rates differ.
func (c *ctx) restated(count, rate float64) bool { return c.printed[[2]float64{count, rate}] }

// notePrintedValue keeps a count and rate a run printed, for restated.
func (c *ctx) notePrintedValue(count, rate float64) {
	if c.printed == nil {
		c.printed = map[[2]float64]bool{}
	}
	c.printed[[2]float64{count, rate}] = true
}

// markdownTitle reports whether a sysbench "command" after a root prompt
// is a Markdown title naming sysbench ("# sysbench v0.5 - 3x Five Minute
// Runs on work with 5.1 vs. 5.2-wl86"): no action (run, prepare, cleanup,
// help) and no option, which a command sysbench could run has.
func markdownTitle(cmd *Command) bool {
	return cmd.Tool == ToolSysbench && cmd.Action == "" && len(cmd.Opts) == 0
}
