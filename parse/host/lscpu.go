package host

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sbreport/sbreport/parse/model"
	"github.com/sbreport/sbreport/parse/scan"
)

// lscpu output (FORMATS.md §5) comes in four shapes, all read into one
// *model.Host by lscpuBuilder:
//
//   - flat text, "Label:<spaces>value" (util-linux < 2.37, and later when
//     stdout is not a terminal), split on the first colon;
//   - the indented tree of util-linux ≥ 2.37, whose section headers
//     ("Caches (sum of all):", "NUMA:", "Vulnerabilities:") have no value;
//   - lscpu -J, flat ({"field": "Architecture:", "data": "x86_64"}) or
//     nested in "children" arrays, read by LscpuJSON;
//   - third-party clones (OpenBSD: "Active CPU(s)", "Total CPU(s)",
//     "Vendor:", "Socket(s): 0").
//
// Translated output (zh_CN) is mapped to the English labels by
// lscpuSynonyms; the fullwidth colon is already ':' after normalize.

// lscpuSynonyms maps translated labels to the English ones.
var lscpuSynonyms = map[string]string{
	"架构":         "Architecture",
	"CPU 运行模式":   "CPU op-mode(s)",
	"字节序":        "Byte Order",
	"地址大小":       "Address sizes",
	"在线 CPU 列表":  "On-line CPU(s) list",
	"离线 CPU 列表":  "Off-line CPU(s) list",
	"每个核的线程数":    "Thread(s) per core",
	"每个座的核数":     "Core(s) per socket",
	"每个簇的核数":     "Core(s) per cluster",
	"座":          "Socket(s)",
	"簇":          "Cluster(s)",
	"NUMA 节点":    "NUMA node(s)",
	"厂商 ID":      "Vendor ID",
	"CPU 系列":     "CPU family",
	"型号":         "Model",
	"型号名称":       "Model name",
	"步进":         "Stepping",
	"CPU 最大 MHz": "CPU max MHz",
	"CPU 最小 MHz": "CPU min MHz",
	"超管理器厂商":     "Hypervisor vendor",
	"虚拟化类型":      "Virtualization type",
	"虚拟化":        "Virtualization",
	"标记":         "Flags",
	"缓存 (所有的总和)": "Caches (sum of all)",
	"缓存":         "Caches",
	"漏洞":         "Vulnerabilities",
	"L1d 缓存":     "L1d cache",
	"L1i 缓存":     "L1i cache",
	"L2 缓存":      "L2 cache",
	"L3 缓存":      "L3 cache",
	"L4 缓存":      "L4 cache",
}

// lscpuLabels are the labels of util-linux lscpu (all versions) and of
// the OpenBSD clone, besides the "Vulnerability ..." and
// "NUMA nodeN CPU(s)" families.
var lscpuLabels = map[string]bool{
	"Architecture": true, "CPU op-mode(s)": true, "Byte Order": true, "Address sizes": true, "CPU(s)": true,
	"On-line CPU(s) list": true, "Off-line CPU(s) list": true, "Thread(s) per core": true,
	"Core(s) per socket": true, "Core(s) per cluster": true, "Core(s) per book": true, "Socket(s)": true,
	"Socket(s) per book": true, "Book(s)": true, "Book(s) per drawer": true, "Drawer(s)": true,
	"Cluster(s)": true, "NUMA node(s)": true, "Vendor ID": true, "Vendor": true, "Machine type": true,
	"CPU family": true, "Model": true, "Model name": true, "Stepping": true, "Frequency boost": true,
	"CPU MHz": true, "CPU dynamic MHz": true, "CPU static MHz": true, "CPU(s) scaling MHz": true,
	"CPU max MHz": true, "CPU min MHz": true, "BogoMIPS": true, "Virtualization": true,
	"Virtualization type": true, "Hypervisor vendor": true, "Hypervisor": true, "Dispatching mode": true,
	"L1d cache": true, "L1i cache": true, "L2 cache": true, "L3 cache": true, "L4 cache": true,
	"L2d cache": true, "L2i cache": true, "Flags": true, "Active CPU(s)": true, "Total CPU(s)": true,
	"Physical sockets": true, "Physical chips": true, "Physical cores/chip": true,
	"Caches (sum of all)": true, "Caches": true, "NUMA": true, "Vulnerabilities": true,
}

// knownLscpuLabel reports whether a printed label is one of lscpu's.
func knownLscpuLabel(label string) bool {
	canon := canonLscpuLabel(label)
	if lscpuLabels[canon] || strings.HasPrefix(canon, "Vulnerability ") {
		return true
	}
	if rest, ok := strings.CutPrefix(canon, "NUMA node"); ok && strings.HasSuffix(rest, " CPU(s)") {
		return true
	}
	for _, r := range label {
		if unicode.Is(unicode.Han, r) {
			return true // a translated label
		}
	}
	return false
}

// canonLscpuLabel returns the English label for a printed one.
func canonLscpuLabel(label string) string {
	if e, ok := lscpuSynonyms[label]; ok {
		return e
	}
	// "NUMA 节点0 CPU" → "NUMA node0 CPU(s)"
	if rest, ok := strings.CutPrefix(label, "NUMA 节点"); ok && strings.HasSuffix(rest, " CPU") {
		return "NUMA node" + strings.TrimSuffix(rest, " CPU") + " CPU(s)"
	}
	return label
}

// Section headers of the ≥ 2.37 tree (value empty, children indented).
const (
	secCaches = "caches"
	secNUMA   = "numa"
	secVuln   = "vulnerabilities"
	secOther  = "other"
)

func lscpuSection(canon string) string {
	switch {
	case strings.HasPrefix(canon, "Caches"):
		return secCaches
	case canon == "NUMA":
		return secNUMA
	case canon == "Vulnerabilities":
		return secVuln
	}
	return secOther
}

// cpuGroup is one "Model name" group; heterogeneous CPUs print several.
type cpuGroup struct {
	model             string
	threadsPerCore    *int
	coresPerSocket    *int
	coresPerCluster   *int
	sockets, clusters *int // nil when printed "-" (unknown) or 0 (the OpenBSD clone)
}

// lscpuBuilder turns label/value pairs into a Host.
type lscpuBuilder struct {
	c       model.Sink
	h       *model.Host
	groups  []*cpuGroup
	section string // current section header (sec*), "" outside sections
	maxMHz  *float64
	nfield  int
	wide    bool // the current line used the fullwidth colon (zh_CN)
}

func newLscpuBuilder(c model.Sink, line int) *lscpuBuilder {
	return &lscpuBuilder{c: c, h: &model.Host{Source: c.Source(), Line: line, Captures: []string{"lscpu"},
		Fields: map[string]string{}}}
}

func (b *lscpuBuilder) group() *cpuGroup {
	if len(b.groups) == 0 {
		b.groups = append(b.groups, &cpuGroup{})
	}
	return b.groups[len(b.groups)-1]
}

func (b *lscpuBuilder) newGroup() *cpuGroup {
	g := &cpuGroup{}
	b.groups = append(b.groups, g)
	return g
}

// field records one label as printed (without its colon) with its value.
// child reports that the label is indented under the current section
// header. line is used in messages.
func (b *lscpuBuilder) field(label, value string, child bool, line int) {
	label = strings.TrimSpace(label)
	value = strings.TrimSpace(value)
	b.nfield++
	if old, ok := b.h.Fields[label]; ok {
		b.h.Fields[label] = old + " + " + value // repeated in heterogeneous groups
	} else {
		b.h.Fields[label] = value
	}
	canon := canonLscpuLabel(label)
	if label == "CPU" && b.wide {
		canon = "CPU(s)" // zh_CN prints "CPU：" for the count
	}
	if !child {
		b.section = ""
		if value == "" {
			b.section = lscpuSection(canon)
			return
		}
	}
	if child {
		switch b.section {
		case secCaches:
			b.cache(strings.TrimSuffix(canon, " cache"), value)
			return
		case secVuln:
			return
		}
		// NUMA and other sections hold ordinary labels.
	}
	intVal := func(dst **int) {
		if value == "-" {
			return // unknown, e.g. Socket(s) on newer ARM
		}
		f, rest, ok := scan.LeadingNum(value)
		if !ok || strings.TrimSpace(rest) != "" || f < 0 || f != float64(int(f)) || f > 1<<30 {
			b.c.Errorf(line, "lscpu: %s: bad value %q (expected a whole number or -)", label, value)
			return
		}
		*dst = intPtr(int(f))
	}
	floatVal := func(dst **float64) {
		f, _, ok := scan.LeadingNum(value)
		if !ok {
			b.c.Errorf(line, "lscpu: %s: bad value %q (expected a number)", label, value)
			return
		}
		*dst = floatPtr(f)
	}
	h := b.h
	switch canon {
	case "Architecture":
		h.Architecture = value
	case "CPU(s)", "Total CPU(s)":
		intVal(&h.CPUs)
	case "On-line CPU(s) list":
		h.OnlineCPUs = value
	case "Vendor ID", "Vendor":
		h.Vendor = value
	case "Model name":
		g := b.group()
		if g.model != "" {
			g = b.newGroup()
		}
		g.model = value
	case "Thread(s) per core":
		g := b.group()
		if g.threadsPerCore != nil {
			g = b.newGroup()
		}
		intVal(&g.threadsPerCore)
	case "Core(s) per socket":
		g := b.group()
		if g.coresPerSocket != nil {
			g = b.newGroup()
		}
		intVal(&g.coresPerSocket)
	case "Core(s) per cluster":
		g := b.group()
		if g.coresPerCluster != nil {
			g = b.newGroup()
		}
		intVal(&g.coresPerCluster)
	case "Socket(s)":
		g := b.group()
		intVal(&g.sockets)
		if g.sockets != nil && *g.sockets == 0 {
			g.sockets = nil // the OpenBSD clone prints 0 when it does not know
		}
	case "Cluster(s)":
		g := b.group()
		intVal(&g.clusters)
	case "NUMA node(s)":
		intVal(&h.NUMANodes)
	case "CPU MHz":
		floatVal(&h.MHz)
	case "CPU max MHz":
		var f *float64
		floatVal(&f)
		if f != nil && (b.maxMHz == nil || *f > *b.maxMHz) {
			b.maxMHz = f
		}
	case "Hypervisor vendor":
		h.Hypervisor = value
	case "L1d cache", "L1i cache", "L2 cache", "L3 cache", "L4 cache":
		b.cache(strings.TrimSuffix(canon, " cache"), value)
	}
}

func (b *lscpuBuilder) cache(name, value string) {
	if b.h.Caches == nil {
		b.h.Caches = map[string]string{}
	}
	b.h.Caches[name] = value
}

// finish computes the totals over the groups and returns the host.
func (b *lscpuBuilder) finish() *model.Host {
	h := b.h
	h.MaxMHz = b.maxMHz
	var models []string
	total, known := 0, len(b.groups) > 0
	same := func(get func(g *cpuGroup) *int) *int {
		var v *int
		for i, g := range b.groups {
			x := get(g)
			if x == nil {
				return nil
			}
			if i > 0 && *x != *v {
				return nil
			}
			v = x
		}
		return v
	}
	for _, g := range b.groups {
		if g.model != "" {
			models = append(models, g.model)
		}
		switch {
		case g.coresPerSocket != nil && g.sockets != nil:
			total += *g.coresPerSocket * *g.sockets
		case g.coresPerCluster != nil && g.clusters != nil:
			total += *g.coresPerCluster * *g.clusters
		default:
			known = false
		}
	}
	h.CPUModel = strings.Join(models, " + ")
	if known {
		h.Cores = intPtr(total)
	}
	h.Sockets = same(func(g *cpuGroup) *int { return g.sockets })
	h.CoresPerSocket = same(func(g *cpuGroup) *int { return g.coresPerSocket })
	h.ThreadsPerCore = same(func(g *cpuGroup) *int { return g.threadsPerCore })
	if h.Caches == nil {
		h.Caches = map[string]string{}
	}
	h.Name = hostName(b.c, h.Line)
	return h
}

// notHostNames are one-word headings that introduce a capture without
// naming a machine.
var notHostNames = map[string]bool{"output": true, "result": true, "results": true, "before": true,
	"after": true, "example": true, "note": true, "lscpu": true, "lsblk": true, "free": true,
	"meminfo": true, "cpu": true, "cpuinfo": true, "memory": true, "mem": true, "disk": true, "disks": true,
	"hardware": true, "system": true, "info": true, "host": true, "server": true, "client": true}

// hostName returns a one-word heading naming the machine ("Alix:") when
// one is among the few lines above line, or "".
func hostName(c model.Sink, line int) string {
	hs := c.Headings()
	for i := len(hs) - 1; i >= 0; i-- {
		hd := hs[i]
		if hd.No >= line {
			continue
		}
		if line-hd.No > 4 {
			break
		}
		name, ok := strings.CutSuffix(hd.Text, ":")
		if ok && name != "" && !strings.ContainsAny(name, ": \t") && utf8.RuneCountInString(name) <= 40 &&
			!notHostNames[strings.ToLower(name)] {
			return name
		}
	}
	return ""
}

// splitLabel splits "Label: value" on the first colon. ok is false when
// the line does not look like an lscpu label line.
func splitLabel(text string) (label, value string, ok bool) {
	i := strings.IndexByte(text, ':')
	if i <= 0 || i > 64 {
		return "", "", false
	}
	label = strings.TrimSpace(text[:i])
	r, _ := utf8.DecodeRuneInString(label)
	if label == "" || !unicode.IsLetter(r) || strings.Contains(label, "  ") || strings.ContainsAny(label, "\t\"{}[]=") {
		return "", "", false
	}
	return label, strings.TrimSpace(text[i+1:]), true
}

// indentOf counts the leading spaces, tabs and quote markers of raw.
func indentOf(raw string) int {
	n := 0
	for _, r := range raw {
		if r != ' ' && r != '\t' && r != '>' {
			break
		}
		n++
	}
	return n
}

// lscpuBlock reads lscpu text output.
type lscpuBlock struct {
	b         *lscpuBuilder
	base      int    // indentation of the first line
	last      string // label of the previous line, for wrapped values
	archLines int
	wrap      []string // the value of last and its continuation lines
	wrapLens  []int    // the width of each of those physical lines
	valueCol  int      // where the first line's value starts (runes)
}

// valueColumn returns the rune column where the value of a label line
// starts in raw, or -1.
func valueColumn(raw string) int {
	i := strings.IndexAny(raw, ":\uFF1A")
	if i < 0 {
		return -1
	}
	_, n := utf8.DecodeRuneInString(raw[i:])
	j := i + n
	for j < len(raw) && (raw[j] == ' ' || raw[j] == '\t') {
		j++
	}
	if j == len(raw) {
		return -1
	}
	return utf8.RuneCountInString(raw[:j])
}

// DetectLscpu starts at lscpu's first label: "Architecture:" (also in the
// OpenBSD clone) or the translated "架构:", followed by a one-word value.
// A label line right after an "lscpu" command line starts a block too.
func DetectLscpu(l *model.Line, c model.Sink) model.Block {
	label, value, ok := splitLabel(l.Text)
	if !ok {
		return nil
	}
	canon := canonLscpuLabel(label)
	first := canon == "Architecture" && value != "" && len(value) <= 24 && !strings.ContainsAny(value, " \t")
	afterCmd := typed(c, "lscpu", l.No, 2) && value != "" && l.Prompt == "" &&
		knownLscpuLabel(label)
	if !first && !afterCmd {
		return nil
	}
	if typed(c, "lscpu", l.No, 2) {
		c.TakeCommand(l.No)
	}
	blk := &lscpuBlock{b: newLscpuBuilder(c, l.No), base: indentOf(l.Raw), valueCol: valueColumn(l.Raw)}
	blk.line(l, label, value)
	return blk
}

func (k *lscpuBlock) line(l *model.Line, label, value string) {
	if canonLscpuLabel(label) == "Architecture" {
		k.archLines++
	}
	child := k.b.section != "" && indentOf(l.Raw) > k.base
	k.b.wide = strings.Contains(l.Raw, "\uFF1A")
	k.b.field(label, value, child, l.No)
	k.joinWrapped()
	k.last = label
	k.wrap = append(k.wrap[:0], value)
	k.wrapLens = append(k.wrapLens[:0], lineWidth(l.Raw))
}

func lineWidth(raw string) int {
	return utf8.RuneCountInString(strings.TrimRight(raw, " \t"))
}

// joinWrapped stores the value of a label that continued on further
// lines. lscpu on a terminal cuts a long Flags cell at the terminal width,
// inside a word ("xtopolog" / "y"): when every physical line but the last
// has the same width the pieces are joined as they are; otherwise (a text
// re-wrapped on spaces) they are joined with a space.
func (k *lscpuBlock) joinWrapped() {
	if len(k.wrap) < 2 {
		return
	}
	cut := len(k.wrap) > 2 || k.wrapLens[0] > 80
	for _, w := range k.wrapLens[1 : len(k.wrapLens)-1] {
		cut = cut && w == k.wrapLens[0]
	}
	sep := " "
	if cut {
		sep = ""
	}
	k.b.h.Fields[k.last] = strings.Join(k.wrap, sep)
	k.wrap = k.wrap[:0]
}

func (k *lscpuBlock) Feed(l *model.Line) model.Status {
	if l.Text == "" || l.Prompt != "" {
		return model.Rejected
	}
	label, value, ok := splitLabel(l.Text)
	if !ok {
		// A value wrapped at the terminal width ("Flags:" lines) continues
		// on indented lines without a colon.
		if canonLscpuLabel(k.last) == "Flags" && indentOf(l.Raw) > k.base && isFlagList(l.Text) && freeHeader(l.Text) == nil {
			k.wrap = append(k.wrap, l.Text)
			k.wrapLens = append(k.wrapLens, lineWidth(l.Raw))
			return model.Consumed
		}
		return model.Rejected
	}
	if canonLscpuLabel(label) == "Architecture" && k.archLines > 0 {
		return model.Rejected // the next capture
	}
	// Lines that follow without a blank line may be another tool's
	// ("Number of threads: 4"): a label that lscpu does not print is
	// taken only as a child of a section, or when its value is aligned
	// with the first line's (a label of a newer util-linux).
	if !knownLscpuLabel(label) {
		child := k.b.section != "" && indentOf(l.Raw) > k.base
		if !child && (value == "" || k.valueCol < 0 || valueColumn(l.Raw) != k.valueCol) {
			return model.Rejected
		}
	}
	k.line(l, label, value)
	return model.Consumed
}

// isFlagList reports whether s is a list of CPU flag names.
func isFlagList(s string) bool {
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if !(ch >= 'a' && ch <= 'z' || ch >= '0' && ch <= '9' || ch == '_' || ch == ' ' || ch == '.' || ch == '-') {
			return false
		}
	}
	return s != ""
}

func (k *lscpuBlock) End(c model.Sink) {
	k.joinWrapped()
	c.Add(k.b.finish())
}

// LscpuJSON handles lscpu -J output: an object whose "lscpu" array holds
// {"field", "data"} objects, nested in "children" arrays since
// util-linux 2.37 (section headers have "data": null). The document is
// read tolerantly: a truncated paste still yields the fields before the
// cut, and the cut is reported.
func LscpuJSON(lines []model.Line, c model.Sink) bool {
	if !jsonNear(lines, `"lscpu"`) {
		return false
	}
	doc := parseLooseJSON(lines)
	top := doc.root.get("lscpu")
	if top == nil || top.kind != 'a' {
		return false
	}
	first := lines[0].No
	if typed(c, "lscpu", first, 2) {
		c.TakeCommand(first)
	}
	b := newLscpuBuilder(c, first)
	var walk func(items []*jval, child bool, depth int)
	walk = func(items []*jval, child bool, depth int) {
		for _, it := range items {
			if it == nil || it.kind != 'o' {
				continue
			}
			f := it.get("field")
			if f == nil || f.kind != 's' {
				continue
			}
			d := it.get("data")
			if d == nil {
				continue // cut before its "data" member
			}
			value := ""
			if d.kind != 'z' {
				value = d.text()
			}
			label := strings.TrimSuffix(strings.TrimSpace(f.str), ":")
			if child {
				// A child of a header: keep the section set by the header.
				b.field(label, value, b.section != "" && depth > 0, doc.lineOf(it.off))
			} else {
				b.field(label, value, false, doc.lineOf(it.off))
			}
			sec := b.section
			if ch := it.get("children"); ch != nil && ch.kind == 'a' && depth < 64 {
				walk(ch.items, true, depth+1)
				b.section = sec
			}
			if !child {
				b.section = ""
			}
		}
	}
	walk(top.items, false, 0)
	if doc.err != "" {
		c.Errorf(doc.errLine, "lscpu -J: %s; kept the %d fields before it", doc.err, b.nfield)
	}
	c.Add(b.finish())
	return true
}

// jsonNear reports whether key occurs in the first lines of a JSON
// document, where the top-level key of lscpu -J and lsblk -J is printed;
// it spares parsing documents of other kinds.
func jsonNear(lines []model.Line, key string) bool {
	for i := 0; i < len(lines) && i < 4; i++ {
		if strings.Contains(lines[i].Raw, key) {
			return true
		}
	}
	return false
}

// jval is a JSON value read by parseLooseJSON.
type jval struct {
	kind  byte // 's' string, 'n' number, 'b' bool, 'z' null, 'o' object, 'a' array
	str   string
	keys  []string
	vals  []*jval
	items []*jval
	off   int // byte offset of the value in the document
}

// get returns the member k of an object, or nil.
func (v *jval) get(k string) *jval {
	if v == nil || v.kind != 'o' {
		return nil
	}
	for i, key := range v.keys {
		if key == k {
			return v.vals[i]
		}
	}
	return nil
}

// text returns a scalar as printed ("1", "true", a string's content).
func (v *jval) text() string {
	if v == nil || v.kind == 'z' || v.kind == 'o' || v.kind == 'a' {
		return ""
	}
	return v.str
}

// looseDoc is a JSON document read as far as it goes.
type looseDoc struct {
	root    *jval
	src     string
	starts  []int // byte offset of each line
	nos     []int // its line number
	err     string
	errLine int
}

// maxJSONDepth bounds nesting so that hostile input cannot exhaust the stack.
const maxJSONDepth = 200

// parseLooseJSON parses the JSON text of lines. At the end of the text it
// closes whatever is open (a truncated paste) and at a syntax error it
// stops; either is described in err with its line.
func parseLooseJSON(lines []model.Line) *looseDoc {
	d := &looseDoc{}
	var sb strings.Builder
	n := 0
	for _, l := range lines {
		n += len(l.Raw) + 1
	}
	sb.Grow(n)
	for i, l := range lines {
		if i > 0 {
			sb.WriteByte('\n')
		}
		d.starts = append(d.starts, sb.Len())
		d.nos = append(d.nos, l.No)
		sb.WriteString(l.Raw)
	}
	d.src = sb.String()
	p := &jparser{d: d, s: d.src}
	p.skip()
	// Tolerate a prefix before the document ("> " quotes, a prompt).
	if p.i < len(p.s) && p.s[p.i] != '{' && p.s[p.i] != '[' {
		if j := strings.IndexAny(p.s[p.i:], "{["); j >= 0 {
			p.i += j
		}
	}
	d.root = p.value(0)
	return d
}

// lineOf maps a byte offset to its input line number.
func (d *looseDoc) lineOf(off int) int {
	lo, hi := 0, len(d.starts)-1
	if hi < 0 {
		return 0
	}
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if d.starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return d.nos[lo]
}

type jparser struct {
	d    *looseDoc
	s    string
	i    int
	stop bool
}

func (p *jparser) fail(msg string) {
	if p.stop {
		return
	}
	p.stop = true
	p.d.err = msg
	off := p.i
	if off >= len(p.s) {
		off = len(p.s) - 1
	}
	if off < 0 {
		off = 0
	}
	p.d.errLine = p.d.lineOf(off)
}

func (p *jparser) skip() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *jparser) eof() bool {
	if p.i >= len(p.s) {
		p.fail("document truncated (expected closing brackets)")
		return true
	}
	return false
}

func (p *jparser) value(depth int) *jval {
	p.skip()
	if p.stop || p.eof() {
		return nil
	}
	if depth > maxJSONDepth {
		p.fail("nested too deep")
		return nil
	}
	start := p.i
	switch ch := p.s[p.i]; {
	case ch == '{':
		p.i++
		v := &jval{kind: 'o', off: start}
		for {
			p.skip()
			if p.eof() || p.stop {
				return v
			}
			if p.s[p.i] == '}' {
				p.i++
				return v
			}
			if p.s[p.i] == ',' {
				p.i++
				continue
			}
			if p.s[p.i] != '"' {
				p.fail("expected a member name")
				return v
			}
			k, ok := p.str()
			if !ok {
				return v
			}
			p.skip()
			if p.eof() {
				return v
			}
			if p.s[p.i] != ':' {
				p.fail("expected ':' after a member name")
				return v
			}
			p.i++
			val := p.value(depth + 1)
			if val == nil {
				return v
			}
			v.keys = append(v.keys, k)
			v.vals = append(v.vals, val)
		}
	case ch == '[':
		p.i++
		v := &jval{kind: 'a', off: start}
		for {
			p.skip()
			if p.eof() || p.stop {
				return v
			}
			if p.s[p.i] == ']' {
				p.i++
				return v
			}
			if p.s[p.i] == ',' {
				p.i++
				continue
			}
			val := p.value(depth + 1)
			if val == nil {
				return v
			}
			v.items = append(v.items, val)
		}
	case ch == '"':
		s, ok := p.str()
		if !ok {
			return nil
		}
		return &jval{kind: 's', str: s, off: start}
	default:
		j := p.i
		for j < len(p.s) && !strings.ContainsRune(",]} \t\n\r", rune(p.s[j])) {
			j++
		}
		tok := p.s[p.i:j]
		switch {
		case tok == "null":
			p.i = j
			return &jval{kind: 'z', off: start}
		case tok == "true" || tok == "false":
			p.i = j
			return &jval{kind: 'b', str: tok, off: start}
		case tok != "" && (tok[0] == '-' || tok[0] >= '0' && tok[0] <= '9'):
			if _, err := strconv.ParseFloat(tok, 64); err != nil {
				p.fail("bad number " + strconv.Quote(tok))
				return nil
			}
			p.i = j
			return &jval{kind: 'n', str: tok, off: start}
		}
		p.fail("unexpected " + strconv.Quote(string(p.s[p.i])))
		return nil
	}
}

// str reads a JSON string at p.i.
func (p *jparser) str() (string, bool) {
	p.i++ // opening quote
	// Fast path: no escape before the closing quote.
	if j := strings.IndexAny(p.s[p.i:], "\"\\\n"); j >= 0 && p.s[p.i+j] == '"' {
		v := p.s[p.i : p.i+j]
		p.i += j + 1
		return v, true
	}
	var sb strings.Builder
	for p.i < len(p.s) {
		ch := p.s[p.i]
		switch {
		case ch == '"':
			p.i++
			return sb.String(), true
		case ch == '\n':
			p.fail("string not closed on its line")
			return "", false
		case ch == '\\':
			if p.i+1 >= len(p.s) {
				p.i++
				break
			}
			e := p.s[p.i+1]
			p.i += 2
			switch e {
			case 'n':
				sb.WriteByte('\n')
			case 't':
				sb.WriteByte('\t')
			case 'r':
				sb.WriteByte('\r')
			case 'b', 'f':
			case 'u':
				if p.i+4 <= len(p.s) {
					if n, err := strconv.ParseUint(p.s[p.i:p.i+4], 16, 32); err == nil {
						sb.WriteRune(rune(n))
						p.i += 4
						continue
					}
				}
				p.fail("bad \\u escape")
				return "", false
			default:
				sb.WriteByte(e)
			}
		default:
			sb.WriteByte(ch)
			p.i++
		}
	}
	p.fail("document truncated inside a string")
	return "", false
}
