// Package doc reads a human document as a reader does, apart from the
// grammars of the tool outputs it holds: its outline (every form a
// heading takes, nested by level), the kind of each line's block, and
// the shape of a repeat counter. It reads lines given to it one at a
// time, in order, and does no I/O.
package doc

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A Form is how a heading was written.
type Form uint8

const (
	ATX      Form = iota + 1 // "## MariaDB 10.6"
	Setext                   // a title underlined with "===" or "---"
	HTML                     // "<h3>Raspberry Pi 4</h3>"
	Banner                   // an upper-case line, or a line framed by "====" rules
	Emphasis                 // a line wholly in bold or italics
	Step                     // a numbered step: "1. Test with 10 threads", "2) with 4 cores"
	Colon                    // a short line ending in ':'
	Item                     // a short list item: "- graviton2"
	Caption                  // a short line alone between blank lines, right above a code fence
)

// Levels: the Markdown forms (ATX, setext, HTML) take their own, 1 to
// 6; the others nest below any of them, in the order of Form.
func (f Form) rank() int {
	switch f {
	case Banner:
		return 7
	case Emphasis:
		return 8
	case Step:
		return 9
	case Colon, Caption:
		return 10
	case Item:
		return 11
	}
	return 0
}

// A Heading is one section title of a document.
type Heading struct {
	Line  int    // 1-based line number of the title
	Level int    // 1 to 6 for Markdown forms, 7 to 11 for the others (Form.rank)
	Form  Form   // how it was written
	Title string // the title without its marks, and without a final ':'
	// Intro holds the first lines of text under a Markdown heading (level
	// 1 to 6) before its first Markdown subsection (at most maxIntro):
	// what tells two sections of one title apart (Name).
	Intro  []string
	closed bool // a Markdown subsection started: Intro is complete
}

// maxIntro bounds Heading.Intro.
const maxIntro = 8

// MaxTitle is the longest title, in runes, a line can have and still be
// a heading of a form that has no marks of its own (Colon, Banner,
// Item, Step, Emphasis, Setext): a longer line is prose.
const MaxTitle = 80

// An Outline follows the sections of a document read line by line: Add
// each line in order; Path gives the headings the current line is under.
type Outline struct {
	// Unfenced is set by a caller that gives the outline only the lines
	// no tool grammar claimed: a fence's closing line may then be one it
	// never sees, and fences are not followed (every line is read as if
	// outside one).
	Unfenced bool

	stack []Heading
	// titles counts the level-1 ATX headings seen; titleLine is the
	// line of the first (DocumentTitle)
	titles, titleLine int
	// seen holds, by level and title, the intro of the first section of
	// that title, for Name.
	seen     map[string][]string
	seenLine map[string]int // the line of the first section of each key
	// parentOf holds, by level and title, the line and the parent's
	// title of the first section RepeatParent was asked about.
	parentOf map[string]parentSeen
	// The previous non-blank line, for a setext underline or a framed
	// banner below it.
	prev        string
	prevNo      int
	prevRule    bool // the line before prev was a rule ("====", "----")
	prevAdded   bool // prev was taken as a heading of its own
	lastNo      int  // the last line given
	frontMatter int  // 1 inside a YAML front matter block, 2 after it
	fence       bool // inside a code fence
	fenceQuoted bool // the fence was opened inside a block quote
	// A caption candidate: a plain line with a blank line (or the start)
	// before it (capt 1), then a blank line after it (capt 2); a fence
	// opening next makes it a Caption heading.
	capt      int
	captTitle string
	captNo    int
	blank     bool // the last line given was blank, or none was given
}

// Add reads the next line (its 1-based number and its text) and returns
// the heading it makes, if any. A setext underline or the closing rule
// of a framed banner makes a heading of the line above it.
func (o *Outline) Add(no int, line string) (Heading, bool) {
	blankBefore := no > o.lastNo+1
	o.lastNo = no
	t := strings.TrimSpace(line)
	if no == 1 && t == "---" {
		o.frontMatter = 1
		return Heading{}, false
	}
	if o.frontMatter == 1 {
		if t == "---" || t == "..." {
			o.frontMatter = 2
		}
		return Heading{}, false
	}
	t, quoted := unquote(t)
	if o.fence && o.fenceQuoted && !quoted {
		// A block quote ends at a line without its marker, and a fence
		// opened inside it with it (a reply that quotes the start of
		// a code block and answers below it).
		o.fence = false
	}
	afterBlank := o.blank || no == 1 || blankBefore
	o.blank = t == ""
	if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
		opening := !o.fence
		o.fence = !o.fence && !o.Unfenced
		o.fenceQuoted = o.fence && quoted
		o.prev, o.prevRule = "", false
		// A caption names the one fence below it: any fence line (its
		// close, or the next block's opening when closes are not seen)
		// ends its section.
		o.dropCaptions()
		if opening && o.capt == 2 {
			// "baseline data", a blank line, then the fence of its
			// output: the line names what the fence holds.
			o.capt = 0
			h := Heading{Line: o.captNo, Level: Caption.rank(), Form: Caption, Title: o.captTitle}
			o.push(h)
			return h, true
		}
		o.capt = 0
		return Heading{}, false
	}
	if t == "" {
		o.prevRule = false // a frame is two rules with the title between, nothing else
		o.prev = ""
		if o.capt == 1 {
			o.capt = 2
		}
		return Heading{}, false
	}
	o.capt = 0
	if r := ruleChar(t); r != 0 {
		var h Heading
		ok := false
		if o.prev != "" && !o.prevAdded && !blankBefore {
			title, fine := plainTitle(o.prev)
			if !fine && o.prevRule {
				title, fine = framedTitle(o.prev) // a frame says it is a title
			}
			if fine {
				form, level := Setext, 2
				if r == '=' {
					level = 1
				}
				if o.prevRule {
					form, level = Banner, Banner.rank()
				}
				if o.fence && form == Setext {
					form, level = Banner, Banner.rank()
				}
				h, ok = Heading{Line: o.prevNo, Level: level, Form: form, Title: title}, true
				o.push(h)
			}
		}
		o.prev, o.prevAdded, o.prevRule = "", false, true
		return h, ok
	}
	wasRule := o.prevRule && o.prev == ""
	o.prev, o.prevNo, o.prevRule, o.prevAdded = t, no, wasRule, false
	h, ok := lineHeading(t, o.fence)
	if !ok {
		if !o.fence {
			o.addIntro(t) // code in a fence is no section's description
			if title, fine := captionTitle(t); fine && afterBlank {
				o.capt, o.captTitle, o.captNo = 1, title, no
			}
		}
		return Heading{}, false
	}
	h.Line = no
	o.prevAdded = true
	if h.Title == "" {
		o.pop(h.Level)
		return Heading{}, false
	}
	o.push(h)
	return h, true
}

// push adds a heading, ending the sections of its level and below.
func (o *Outline) push(h Heading) {
	if h.Form == ATX && h.Level == 1 {
		o.titles++
		if o.titles == 1 {
			o.titleLine = h.Line
		}
	}
	o.pop(h.Level)
	if h.Level <= 6 {
		o.closeIntro()
	} else {
		o.addIntro(h.Title)
	}
	o.stack = append(o.stack, h)
}

// DocumentTitle reports whether h may be the document's title: the first
// level-1 ATX heading, the only one so far. Beside other level-1
// headings ("# Step 3 …", "# Step 4 …") it is a section.
func (o *Outline) DocumentTitle(h Heading) bool {
	return h.Form == ATX && h.Level == 1 && h.Line == o.titleLine && o.titles < 2
}

// dropCaptions ends the sections of Caption headings.
func (o *Outline) dropCaptions() {
	k := 0
	for _, h := range o.stack {
		if h.Form != Caption {
			o.stack[k] = h
			k++
		}
	}
	o.stack = o.stack[:k]
}

// addIntro adds a line of text to the intro of the deepest Markdown
// heading, while it has no Markdown subsection.
func (o *Outline) addIntro(t string) {
	for k := len(o.stack) - 1; k >= 0; k-- {
		h := &o.stack[k]
		if h.Level > 6 {
			continue
		}
		if !h.closed && len(h.Intro) < maxIntro {
			if r := []rune(t); len(r) > MaxTitle {
				t = string(r[:MaxTitle])
			}
			h.Intro = append(h.Intro, t)
		}
		return
	}
}

// closeIntro ends the intro of every heading on the stack: a Markdown
// subsection starts below them.
func (o *Outline) closeIntro() {
	for k := range o.stack {
		o.stack[k].closed = true
	}
}

// Name returns the title of the k-th heading of Path as a reader names
// its section: the title, and, when an earlier section of the same level
// and title that Name was asked about had other text under it ("##
// 阿里云 ECS e-c1m1.large" twice, one with a Debian image line, one with
// another), the first line of this one's intro the other's lacks, in
// parentheses.
func (o *Outline) Name(k int) string {
	h := o.stack[k]
	if h.Level > 6 {
		return h.Title
	}
	key := strconv.Itoa(h.Level) + "\x00" + h.Title
	if o.seen == nil {
		o.seen, o.seenLine = map[string][]string{}, map[string]int{}
	}
	if at, ok := o.seenLine[key]; !ok || at == h.Line {
		o.seenLine[key], o.seen[key] = h.Line, h.Intro
		return h.Title
	}
	for _, l := range h.Intro {
		if !contains(o.seen[key], l) {
			return h.Title + " (" + l + ")"
		}
	}
	return h.Title
}

type parentSeen struct {
	line   int
	parent string
}

// RepeatParent returns the title of the section enclosing the k-th
// heading of Path when an earlier section of the same level and title
// stood under another one ("#### Read results" under "### AMD Ryzen 5
// 5600X", then again under "### Intel i5 12600K"): the second is named by
// its parent too, as a reader tells the two apart. "" for a title seen
// first, or again under a parent of the same title.
func (o *Outline) RepeatParent(k int) string {
	h := o.stack[k]
	if h.Level > 6 || k == 0 || o.stack[k-1].Level > 6 {
		return ""
	}
	parent := o.stack[k-1].Title
	key := strconv.Itoa(h.Level) + "\x00" + h.Title
	if o.parentOf == nil {
		o.parentOf = map[string]parentSeen{}
	}
	first, ok := o.parentOf[key]
	if !ok || first.line == h.Line {
		o.parentOf[key] = parentSeen{h.Line, parent}
		return ""
	}
	if first.parent == parent {
		return ""
	}
	return parent
}

func contains(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}

// pop ends the sections of level and below.
func (o *Outline) pop(level int) {
	k := len(o.stack)
	for k > 0 && o.stack[k-1].Level >= level {
		k--
	}
	o.stack = o.stack[:k]
}

// Path returns the headings the last line read is under, outermost
// first. The slice is the outline's own: copy it to keep it.
func (o *Outline) Path() []Heading { return o.stack }

// Titles returns the titles of Path joined by " / ".
func (o *Outline) Titles() string {
	var b strings.Builder
	for i, h := range o.stack {
		if i > 0 {
			b.WriteString(" / ")
		}
		b.WriteString(h.Title)
	}
	return b.String()
}

// ruleChar returns '=' or '-' when t is a rule of at least three of
// them (spaces allowed: "- - -"), or of two '=', else 0. "***" and "___" are thematic
// breaks that make no heading: 0 too.
func ruleChar(t string) byte {
	if len(t) < 2 {
		return 0
	}
	c := t[0]
	if c != '=' && c != '-' {
		return 0
	}
	n := 0
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case c:
			n++
		case ' ', '\t':
		default:
			return 0
		}
	}
	if n < 3 && (c != '=' || n < 2) {
		return 0 // "==" underlines or frames a title; "--" is a comment's mark
	}
	return c
}

// plainTitle returns a line as the title of a setext heading or framed
// banner: short, not a list item, a table row, a key: value pair or a
// line of numbers.
func plainTitle(t string) (string, bool) {
	if utf8.RuneCountInString(t) > MaxTitle || strings.HasPrefix(t, "|") || strings.HasPrefix(t, "- ") ||
		strings.HasPrefix(t, "* ") || strings.HasPrefix(t, "+") || strings.HasPrefix(t, "#") {
		return "", false
	}
	t = strings.TrimSpace(strings.Trim(t, "*_ "))
	if !hasLetter(t) {
		return "", false
	}
	if i := strings.Index(t, ": "); i > 0 && i < len(t)-2 {
		return "", false // "category: benchmark", a field and its value
	}
	return strings.TrimSpace(strings.TrimSuffix(t, ":")), true
}

// framedTitle returns the line between two rules as a title: short, with
// a letter, not a table row; a colon inside ("Without 6a3afb6ac6 (\"jbd2:
// increase the journal IO's priority\")") is the title's own.
func framedTitle(t string) (string, bool) {
	if utf8.RuneCountInString(t) > MaxTitle || strings.HasPrefix(t, "|") || !hasLetter(t) {
		return "", false
	}
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(strings.Trim(t, "*_ ")), ":")), true
}

// captionTitle returns a line as a caption over the code below it: a
// short title (plainTitle, at most 60 runes) that is not a sentence (no
// final '.', '!', '?', '。', ','), not a command and not a URL.
func captionTitle(t string) (string, bool) {
	title, ok := plainTitle(t)
	if !ok || utf8.RuneCountInString(title) > 60 || strings.HasSuffix(t, ":") || strings.HasSuffix(t, "：") ||
		strings.ContainsAny(title, "|=`$<>") || strings.Contains(title, "--") || strings.Contains(title, "://") || prompt(title) {
		return "", false
	}
	for _, end := range []string{".", "!", "?", "。", "！", "？", ",", "，", ";", "；"} {
		if strings.HasSuffix(title, end) {
			return "", false
		}
	}
	return title, true
}

// unquote removes the block quote markers a line begins with ("> ",
// ">" alone, "> > " and ">> " of a reply to a reply), as a Markdown
// reader or a mail reader does: a heading, a label or a fence inside a
// quote is one as it would be outside. A marker glued to its text
// (">text") is left, as the line may be something else.
func unquote(t string) (string, bool) {
	quoted := false
	for len(t) > 0 && t[0] == '>' && (len(t) == 1 || t[1] == ' ' || t[1] == '\t' || t[1] == '>') {
		t = strings.TrimLeft(t[1:], " \t")
		quoted = true
	}
	return t, quoted
}

// lineHeading returns the heading a line makes by itself.
func lineHeading(t string, inFence bool) (Heading, bool) {
	if inFence {
		// Inside a fence only banners are headings: the rest is output.
		if title, ok := upperBanner(t); ok {
			return Heading{Level: Banner.rank(), Form: Banner, Title: title}, true
		}
		return Heading{}, false
	}
	switch t[0] {
	case '#':
		level := 0
		for level < len(t) && t[level] == '#' {
			level++
		}
		if level > 6 || level < len(t) && t[level] != ' ' && t[level] != '\t' {
			return Heading{}, false
		}
		// An empty heading ("####") ends the sections of its level:
		// Add pops them and makes no heading.
		title := cleanTitle(dropAnchors(strings.TrimRight(strings.TrimSpace(t[level:]), "# ")))
		return Heading{Level: level, Form: ATX, Title: title}, true
	case '*':
		// An Org heading of level 2 or deeper ("**** Sysbench memory");
		// one star and a space is a Markdown list item.
		level := 0
		for level < len(t) && t[level] == '*' {
			level++
		}
		if level >= 2 && level <= 6 && level < len(t) && t[level] == ' ' && !strings.HasSuffix(t, "*") {
			if title := cleanTitle(strings.TrimSpace(t[level:])); title != "" {
				return Heading{Level: level, Form: ATX, Title: title}, true
			}
		}
	case '<':
		if len(t) > 8 && (t[1] == 'h' || t[1] == 'H') && t[2] >= '1' && t[2] <= '6' && (t[3] == '>' || t[3] == ' ') {
			level := int(t[2] - '0')
			title := cleanTitle(stripTags(t))
			if title == "" {
				return Heading{}, false
			}
			return Heading{Level: level, Form: HTML, Title: title}, true
		}
		return Heading{}, false
	}
	if title, ok := emphasised(t); ok {
		return Heading{Level: Emphasis.rank(), Form: Emphasis, Title: title}, true
	}
	if title, ok := upperBanner(t); ok {
		return Heading{Level: Banner.rank(), Form: Banner, Title: title}, true
	}
	if title, ok := numberedStep(t); ok {
		return Heading{Level: Step.rank(), Form: Step, Title: title}, true
	}
	if title, ok := listItem(t); ok {
		return Heading{Level: Item.rank(), Form: Item, Title: title}, true
	}
	if strings.HasSuffix(t, ":") || strings.HasSuffix(t, "：") {
		title := cleanTitle(t)
		if title != "" && utf8.RuneCountInString(title) <= 60 && !strings.ContainsAny(title, "|=") &&
			!strings.Contains(title, ": ") && hasLetter(title) && !prompt(title) {
			return Heading{Level: Colon.rank(), Form: Colon, Title: title}, true
		}
	}
	return Heading{}, false
}

// dropAnchors removes the HTML anchors a README puts in its headings for
// a table of contents ("## 5.1 - Benchmark <a name=\"5.1\"></a>"), and
// the tags of a link around a title's words (keeping the words): they
// are no part of the section's name.
func dropAnchors(t string) string {
	if !strings.Contains(t, "<a") && !strings.Contains(t, "<A") && !strings.Contains(t, "</") {
		return t
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(t, '<')
		if i < 0 {
			break
		}
		j := strings.IndexByte(t[i:], '>')
		if j < 0 {
			break
		}
		tag := strings.ToLower(t[i+1 : i+j])
		if tag != "a" && tag != "/a" && !strings.HasPrefix(tag, "a ") {
			b.WriteString(t[:i+j+1])
			t = t[i+j+1:]
			continue
		}
		b.WriteString(t[:i])
		t = t[i+j+1:]
	}
	b.WriteString(t)
	return strings.TrimSpace(b.String())
}

// cleanTitle removes emphasis, backquotes and a final colon.
func cleanTitle(t string) string {
	t = strings.TrimSpace(t)
	for {
		u := strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(t, ":"), "："))
		u = strings.TrimSpace(strings.Trim(u, "*_`"))
		if u == t {
			return t
		}
		t = u
	}
}

// stripTags removes HTML tags from a line.
func stripTags(t string) string {
	var b strings.Builder
	in := false
	for _, r := range t {
		switch {
		case r == '<':
			in = true
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	s := b.String()
	for _, e := range [][2]string{{"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&nbsp;", " "}, {"&quot;", "\""}} {
		s = strings.ReplaceAll(s, e[0], e[1])
	}
	return s
}

// emphasised returns the title of a line wholly in bold or italics
// ("**With tmpfs:**", "_Result after tuning_:").
func emphasised(t string) (string, bool) {
	s := strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(t, ":"), "："))
	for _, m := range []string{"**", "__", "*", "_"} {
		if len(s) > 2*len(m) && strings.HasPrefix(s, m) && strings.HasSuffix(s, m) {
			inner := s[len(m) : len(s)-len(m)]
			if strings.Contains(inner, m) || inner[0] == ' ' || inner[len(inner)-1] == ' ' {
				continue
			}
			title := cleanTitle(inner)
			if title != "" && hasLetter(title) && utf8.RuneCountInString(title) <= MaxTitle {
				return title, true
			}
		}
	}
	return "", false
}

// upperBanner returns the title of an upper-case banner ("THREADS
// BENCHMARKS", "==== CPU TEST ====", "*** MEMORY ***"): two words or more,
// or one framed by marks, every letter upper-case, no statement
// punctuation.
func upperBanner(t string) (string, bool) {
	core := strings.TrimSpace(strings.Trim(t, "=*-#~+ "))
	framed := core != t && len(t)-len(core) >= 4
	if core == "" || utf8.RuneCountInString(core) > 60 || strings.ContainsAny(core, ";()=,.:<>|[]{}'\"`") {
		return "", false
	}
	letters := 0
	for _, r := range core {
		if unicode.IsLetter(r) {
			if !unicode.IsUpper(r) {
				return "", false
			}
			letters++
		}
	}
	if letters < 3 || !framed && len(strings.Fields(core)) < 2 {
		return "", false
	}
	if !framed && sqlVerbs[strings.Fields(core)[0]] {
		return "", false // a statement or a client's command tag ("CREATE DATABASE", "INSERT 0 1")
	}
	return core, true
}

// sqlVerbs begin an SQL statement or the command tag a client prints
// after one: an upper-case line starting with one is output, not a
// banner.
var sqlVerbs = map[string]bool{"CREATE": true, "DROP": true, "ALTER": true, "GRANT": true, "REVOKE": true,
	"INSERT": true, "UPDATE": true, "DELETE": true, "SELECT": true, "TRUNCATE": true, "SET": true, "SHOW": true,
	"USE": true, "BEGIN": true, "COMMIT": true, "ROLLBACK": true, "VACUUM": true, "ANALYZE": true, "COPY": true}

// prompt reports whether a line ending in a colon is a program asking
// for input ("Password for user sbtest:", "Enter password:"), not a
// title.
func prompt(title string) bool {
	l := strings.ToLower(title)
	return strings.Contains(l, "password") || strings.Contains(l, "passphrase")
}

// numberedStep returns the title of a numbered step: "1. Test with 10
// threads", "2) 4 cores", "Step 3: fileio". A long line is a numbered
// paragraph, not a step.
func numberedStep(t string) (string, bool) {
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 || i > 2 || i+1 >= len(t) || (t[i] != '.' && t[i] != ')') || t[i+1] != ' ' {
		return "", false
	}
	title := cleanTitle(t[i+2:])
	if title == "" || !hasLetter(title) || utf8.RuneCountInString(title) > MaxTitle {
		return "", false
	}
	return title, true
}

// listItem returns the title of a short list item ("- graviton2",
// "* MySQL 8.0"): at most six words, no sentence.
func listItem(t string) (string, bool) {
	if len(t) < 3 || !strings.ContainsRune("-*+", rune(t[0])) || t[1] != ' ' {
		return "", false
	}
	title := cleanTitle(t[2:])
	if Assignment(title) {
		return title, true // "* maxconn=80" over the run it set
	}
	if title == "" || !hasLetter(title) || utf8.RuneCountInString(title) > 50 || len(strings.Fields(title)) > 6 ||
		strings.ContainsAny(title, "。.!?=$") || strings.Contains(title, "--") {
		return "", false
	}
	return title, true
}

// Assignment reports a title that sets one setting and nothing more:
// a name, '=' (spaced or not) and one value ("maxconn=80",
// "innodb_flush_log_at_trx_commit = 0", "sync_binlog=1"). An option
// ("--threads=8"), a shell variable ("$N=4"), prose and lists of values
// are not.
func Assignment(t string) bool {
	name, value, ok := strings.Cut(t, "=")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if !ok || name == "" || value == "" || len(t) > 60 || strings.ContainsAny(value, " \t=,;") {
		return false
	}
	for i, r := range name {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '_'
		if !letter && (i == 0 || !(r >= '0' && r <= '9' || r == '.' || r == '-')) {
			return false
		}
	}
	return true
}

func hasLetter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}
