package parse

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Bar charts drawn in text, as report generators print a sweep:
//
//	#### TPS vs Threads (run summary mean)
//	threads=1  |████                                               63.93
//	threads=8  |████████████████████████████████████████           608.50
//
// Each line is a label, a bar of block characters (█, ▇ … ▏, ■; "#" or
// "=" are Markdown and banner marks too often to be taken for bars) and
// the number the bar stands for.
// Two such lines or more in a row are a chart. The label says what the
// bar is, as a table row's name would: "threads=8" (a thread word, = or
// :, a whole number) is the run's thread count, another "key=value" a
// label of that name, a plain word the system compared. What the numbers
// measure comes from the chart's title, the line right above it (a fence
// opening between them is passed over): it must name one rate (TPS, QPS,
// events per second, as a table caption does) and the numbers carry no
// unit. A chart of anything else (latencies in ms, a title naming no
// rate) is not read: its lines stay context. Every bar is one Run with
// Tool ToolTable and the label "chart", "line N" of its first bar.

// barRE matches one bar line: label, optional separator, bar, number.
var barRE = regexp.MustCompile(`^\s*(\S(?:.*?\S)?)\s*[|│┃:]?\s*[█▇▆▅▄▃▂▁▉▊▋▌▍▎▏■▪]+\s*([0-9][0-9,]*(?:\.[0-9]+)?)\s*([A-Za-z/%]*)\s*$`)

// barLabelRE splits a "key=value" or "key: value" label.
var barLabelRE = regexp.MustCompile(`^([\pL_][\pL\pN_ -]*?)\s*[=:]\s*(\S+)$`)

type barChart struct {
	title     string
	titleLine int
	metric    int
	bars      []barLine
}

type barLine struct {
	line   int
	label  string
	value  float64
	unit   string
	lineNo Line
}

// detectBars starts a barChart at a bar line under a title naming a rate.
func detectBars(l *Line, c *ctx) block {
	t := l.Text
	if len(t) < 5 || len(t) > 400 || !strings.ContainsAny(t, "0123456789") || !hasBar(t) {
		return nil // cheap tests first
	}
	bl, ok := parseBar(l)
	if !ok {
		return nil
	}
	b := &barChart{bars: []barLine{bl}}
	// The title: the nearest remembered line above, past a fence opening.
	for i := len(c.headings) - 1; i >= 0; i-- {
		h := c.headings[i]
		if l.No-h.No > 3 {
			break
		}
		txt := strings.TrimSpace(h.Text)
		if strings.HasPrefix(txt, "```") || strings.HasPrefix(txt, "~~~") || txt == "" {
			continue
		}
		b.title, b.titleLine = strings.TrimSpace(strings.TrimLeft(txt, "#")), h.No
		break
	}
	b.metric = captionMetric(b.title)
	return b
}

// hasBar reports a line holding a run of bar characters.
func hasBar(t string) bool {
	return strings.ContainsAny(t, "█▇▆▅▄▃▂▁▉▊▋▌▍▎▏■▪")
}

func parseBar(l *Line) (barLine, bool) {
	m := barRE.FindStringSubmatch(l.Text)
	if m == nil {
		return barLine{}, false
	}
	label := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(m[1]), "|│┃:"))
	if label == "" || strings.HasPrefix(label, "#") {
		return barLine{}, false // a Markdown heading's marks, not a label
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(m[2], ",", ""), 64)
	if err != nil {
		return barLine{}, false
	}
	return barLine{line: l.No, label: label, value: v, unit: m[3], lineNo: *l}, true
}

func (b *barChart) feed(l *Line) status {
	if l.Prompt != "" || len(b.bars) > 1000 {
		return rejected
	}
	bl, ok := parseBar(l)
	if !ok {
		return rejected
	}
	b.bars = append(b.bars, bl)
	return consumed
}

func (b *barChart) end(c *ctx) {
	units := true
	for _, bl := range b.bars {
		units = units && bl.unit == ""
	}
	if len(b.bars) < 2 || b.metric == colOther || !units {
		for i := range b.bars {
			c.remember(&b.bars[i].lineNo)
		}
		return
	}
	first := b.bars[0].line
	for _, bl := range b.bars {
		r := &Run{reading: &reading{}, Source: c.name, Line: bl.line, EndLine: bl.line, Tool: ToolTable, Layout: LayoutT, Complete: true}
		r.Columns = []Column{{Name: "label", Value: bl.label}, {Name: b.title, Value: strconv.FormatFloat(bl.value, 'f', -1, 64)}}
		if m := barLabelRE.FindStringSubmatch(bl.label); m != nil {
			key, val := strings.TrimSpace(m[1]), m[2]
			if n, err := strconv.Atoi(val); err == nil && n > 0 && threadWords[strings.ToLower(key)] {
				r.Threads, r.ThreadsFrom = iptr(n), "table"
			} else {
				r.SetLabelFrom(strings.ToLower(key), val, "bar chart at line "+strconv.Itoa(first))
			}
		} else {
			r.SetLabel("system", bl.label)
		}
		switch b.metric {
		case colTPS:
			r.TPS = fptr(bl.value)
		case colQPS:
			r.QPS = fptr(bl.value)
		case colEPS:
			r.EPS = fptr(bl.value)
		}
		r.Warn(bl.line, fmt.Sprintf("bar chart at line %d: read as the %s its title (line %d) names", first,
			map[int]string{colTPS: "TPS", colQPS: "QPS", colEPS: "events per second"}[b.metric], b.titleLine))
		r.SetLabel("chart", "line "+strconv.Itoa(first))
		c.emitRun(r)
	}
}
