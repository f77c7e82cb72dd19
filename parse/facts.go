package parse

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A Fact is a setup fact a write-up states in prose rather than in a
// command or a tool's output: "Sysbench version: 1.0.17", "16 tables,
// with 10,000,000 pieces of data in each table", "A single concurrent
// test lasts 5 minutes". It is read where it is written, with its line,
// so that a report can state it with its source.
type Fact struct {
	Source string `json:"source"`
	Line   int    `json:"line"`
	// Name is one of the Fact constants.
	Name string `json:"name"`
	// Value is the fact's number in Unit ("s" for a duration, "" for a
	// count), nil for a fact that is text only (a version).
	Value *float64 `json:"value"`
	Unit  string   `json:"unit,omitempty"`
	// Text is the value as the input wrote it ("1.0.17", "5 minutes").
	Text string `json:"text"`
	// Subject names what a version fact is the version of ("TiDB").
	Subject string `json:"subject,omitempty"`
}

func (*Fact) IsItem() {}

// The facts prose may state.
const (
	FactSysbenchVersion = "sysbench_version" // Text: "1.0.17"
	FactServerVersion   = "server_version"   // Subject: "MySQL", Text: "5.7.27-log"
	FactTables          = "tables"           // Value: 16
	FactTableSize       = "table_size"       // Value: 10000000 (rows per table)
	FactDuration        = "duration"         // Value: seconds of one run
	FactClients         = "clients"          // Value: sysbench processes run at once
)

var (
	factVersionRe = regexp.MustCompile(`(?i)^[\s*#>•·-]*(sysbench|mysql|mariadb|percona server|tidb|postgresql|tikv)\s*(?:version|版本|バージョン)\s*[:：]\s*(.+?)\s*$`)
	// "16 tables, with 10,000,000 pieces of data in each table", "32
	// tables are tested, each with 10M of data", "32 tables and 10M rows
	// of data on each table", "8 tables with 100M rows/table".
	factTablesRe = regexp.MustCompile(`(?i)\b(\d[\d,]*)\s+tables?\b[^.;:]{0,30}?\b(?:with|each with|and|of)\s+(\d[\d,.]*)\s*([kmb])?\s+(?:rows|records|pieces of data|of data)`)
	// "16 张表，每张数据 1000 万"
	factTablesZhRe = regexp.MustCompile(`(\d+)\s*张表\s*[，,、]?\s*每张(?:表)?(?:数据)?(?:量)?\s*(\d+)\s*(万|亿)?`)
	// "A single concurrent test lasts 5 minutes", "each test runs for 300 seconds"
	factDurationRe = regexp.MustCompile(`(?i)\b(?:test|run)s?\s+(?:lasts|lasted|runs? for|ran for)\s+(\d+(?:\.\d+)?)\s*(seconds?|secs?|s|minutes?|mins?|hours?|h)\b`)
	// "单次测试时间 5 分钟"
	factDurationZhRe = regexp.MustCompile(`测试时间\s*(?:为)?\s*(\d+(?:\.\d+)?)\s*(秒|分钟|小时)`)
	// "Start three sysbench to add pressure", "起 3 个 sysbench"
	factClientsRe   = regexp.MustCompile(`(?i)\bstart(?:ed)?\s+(\w+)\s+sysbench\b`)
	factClientsZhRe = regexp.MustCompile(`(?i)起\s*(\d+)\s*个\s*sysbench`)
)

var numberWords = map[string]float64{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
	"seven": 7, "eight": 8, "nine": 9, "ten": 10, "twelve": 12, "sixteen": 16}

// noteFacts reads the setup facts an unclaimed line states.
func (c *ctx) noteFacts(l *Line) {
	t := l.Text
	if len(t) < 8 || len(t) > 600 {
		return
	}
	for _, f := range factsIn(t) {
		f.Source, f.Line = c.name, l.No
		c.emitFact(f)
	}
}

// holdsWord reports whether t holds one of words, ASCII letters compared
// without case.
func holdsWord(t string, words []string) bool {
	for _, w := range words {
		if len(w) > 0 && w[0] < utf8.RuneSelf {
			if containsFoldASCII(t, w) {
				return true
			}
		} else if strings.Contains(t, w) {
			return true
		}
	}
	return false
}

// containsFoldASCII reports whether s holds w, w lower-case ASCII,
// comparing ASCII letters without case and without allocating.
func containsFoldASCII(s, w string) bool {
	if w == "" {
		return true
	}
	// The first byte is tested alone, folded by one OR when it is a
	// letter: x|0x20 is w[0] only for w[0] and its upper case.
	c0, fold := w[0], byte(0)
	if 'a' <= c0 && c0 <= 'z' {
		fold = 0x20
	}
	for i := 0; i+len(w) <= len(s); i++ {
		if s[i]|fold != c0 {
			continue
		}
		j := 1
		for j < len(w) {
			c := s[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != w[j] {
				break
			}
			j++
		}
		if j == len(w) {
			return true
		}
	}
	return false
}

// emitFact passes a fact on without counting it as a result: an input of
// prose alone still holds nothing sbreport reads.
func (c *ctx) emitFact(f *Fact) {
	if c.queue != nil {
		c.held = append(c.held, f)
		return
	}
	c.emit(f)
}

// factRules are the kinds of fact prose states: the words a line must
// hold (ASCII in any case) for the patterns to be run, and the reader.
// A line must also hold one of also, when it is set: the patterns need
// both (a sysbench command line holds "table", "run" and "sysbench", and
// none of the facts).
var factRules = []struct {
	words, also []string
	read        func(t string) []*Fact
}{
	{[]string{"version", "版本", "バージョン"}, nil, versionFacts},
	// factTablesRe: "rows", "records" or "data" after "table";
	// factTablesZhRe: 张表.
	{[]string{"table", "张表"}, []string{"row", "record", "data", "张表"}, tableFacts},
	// factDurationRe: "lasts", "lasted", "runs for", "ran for";
	// factDurationZhRe: 测试时间.
	{[]string{"last", "run", "ran", "测试时间"}, []string{"last", "for", "测试时间"}, durationFacts},
	// factClientsRe: "start"; factClientsZhRe: 起.
	{[]string{"sysbench"}, []string{"start", "起"}, clientFacts},
}

// factsIn returns the facts a line of prose states, without source.
func factsIn(t string) []*Fact {
	var out []*Fact
	for _, r := range factRules {
		if holdsWord(t, r.words) && (r.also == nil || holdsWord(t, r.also)) {
			out = append(out, r.read(t)...)
		}
	}
	return out
}

// versionFacts reads "Sysbench version: 1.0.17", "MySQL version: 5.7".
func versionFacts(t string) (out []*Fact) {
	if m := factVersionRe.FindStringSubmatch(t); m != nil {
		v := strings.Trim(m[2], "*`'\" ")
		if v != "" && len(v) <= 80 && strings.ContainsAny(v, "0123456789") {
			if strings.EqualFold(m[1], "sysbench") {
				out = append(out, &Fact{Name: FactSysbenchVersion, Text: v})
			} else {
				out = append(out, &Fact{Name: FactServerVersion, Subject: m[1], Text: v})
			}
		}
	}
	return out
}

// tableFacts reads the number of tables and rows per table.
func tableFacts(t string) (out []*Fact) {
	if m := factTablesRe.FindStringSubmatch(t); m != nil {
		n, err1 := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", ""), 64)
		rows, err2 := strconv.ParseFloat(strings.ReplaceAll(m[2], ",", ""), 64)
		if err1 == nil && err2 == nil && n > 0 && rows > 0 {
			switch strings.ToLower(m[3]) {
			case "k":
				rows *= 1e3
			case "m":
				rows *= 1e6
			case "b":
				rows *= 1e9
			}
			out = append(out, &Fact{Name: FactTables, Value: fptr(n), Text: m[1]},
				&Fact{Name: FactTableSize, Value: fptr(rows), Text: strings.TrimSpace(m[2] + m[3])})
		}
	} else if m := factTablesZhRe.FindStringSubmatch(t); m != nil {
		n, err1 := strconv.ParseFloat(m[1], 64)
		rows, err2 := strconv.ParseFloat(m[2], 64)
		if err1 == nil && err2 == nil && n > 0 && rows > 0 {
			switch m[3] {
			case "万":
				rows *= 1e4
			case "亿":
				rows *= 1e8
			}
			out = append(out, &Fact{Name: FactTables, Value: fptr(n), Text: m[1]},
				&Fact{Name: FactTableSize, Value: fptr(rows), Text: m[2] + m[3]})
		}
	}
	return out
}

// durationFacts reads how long one run lasted.
func durationFacts(t string) (out []*Fact) {
	if m := factDurationRe.FindStringSubmatch(t); m != nil {
		if v, err := strconv.ParseFloat(m[1], 64); err == nil && v > 0 {
			u := strings.ToLower(m[2])
			switch {
			case strings.HasPrefix(u, "m"):
				v *= 60
			case strings.HasPrefix(u, "h"):
				v *= 3600
			}
			out = append(out, &Fact{Name: FactDuration, Value: fptr(v), Unit: "s", Text: m[1] + " " + m[2]})
		}
	} else if m := factDurationZhRe.FindStringSubmatch(t); m != nil {
		if v, err := strconv.ParseFloat(m[1], 64); err == nil && v > 0 {
			switch m[2] {
			case "分钟":
				v *= 60
			case "小时":
				v *= 3600
			}
			out = append(out, &Fact{Name: FactDuration, Value: fptr(v), Unit: "s", Text: m[1] + " " + m[2]})
		}
	}
	return out
}

// clientFacts reads how many sysbench processes ran at once.
func clientFacts(t string) (out []*Fact) {
	if m := factClientsRe.FindStringSubmatch(t); m != nil {
		w := strings.ToLower(m[1])
		v, ok := numberWords[w]
		if !ok {
			if n, err := strconv.Atoi(w); err == nil && n > 0 {
				v, ok = float64(n), true
			}
		}
		if ok {
			out = append(out, &Fact{Name: FactClients, Value: fptr(v), Text: m[1]})
		}
	} else if m := factClientsZhRe.FindStringSubmatch(t); m != nil {
		if n, err := strconv.Atoi(m[1]); err == nil && n > 0 {
			out = append(out, &Fact{Name: FactClients, Value: fptr(float64(n)), Text: m[1]})
		}
	}
	return out
}
