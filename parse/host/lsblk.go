package host

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sbreport/sbreport/parse/model"
	"github.com/sbreport/sbreport/parse/scan"
)

// lsblk output (FORMATS.md §6) is read in three shapes, each into one
// *model.Host whose Disks are the devices in printed order:
//
//   - the table, with any -o column list: columns are mapped from the
//     header and cut at the header's positions, because empty cells are
//     only spaces. Left-aligned columns (NAME, TYPE, MOUNTPOINT, ...) start
//     where their header label starts; right-aligned ones (SIZE, RM, RO,
//     FSAVAIL, ...) end where their header label ends. The NAME column
//     carries the tree (├─ └─ │, or |- `- | with -i), which gives Parent.
//   - -P: NAME="sda" SIZE="40G" ... pairs, one device a line;
//   - -J: {"blockdevices": [...]} with string or typed values, "mountpoints"
//     arrays and "children".
//
// A RAID, LVM or multipath device is printed under every member disk;
// only its first copy is kept and Fields["repeated"] says how many times
// each such name was listed. Sizes become bytes: "58.2G" is 58.2 × 2^30
// rounded to a whole byte, a plain number (-b) is bytes.

// lsblkColumns lists lsblk's column names; a header holds nothing else.
var lsblkColumns = map[string]bool{
	"NAME": true, "KNAME": true, "PATH": true, "MAJ:MIN": true, "MAJ_MIN": true, "FSAVAIL": true, "FSSIZE": true,
	"FSTYPE": true, "FSUSED": true, "FSUSE%": true, "FSROOTS": true, "FSVER": true, "MOUNTPOINT": true,
	"MOUNTPOINTS": true, "LABEL": true, "UUID": true, "PTUUID": true, "PTTYPE": true, "PARTTYPE": true,
	"PARTTYPENAME": true, "PARTLABEL": true, "PARTUUID": true, "PARTFLAGS": true, "PARTN": true, "RA": true, "RO": true,
	"RM": true, "HOTPLUG": true, "MODEL": true, "SERIAL": true, "SIZE": true, "STATE": true, "OWNER": true,
	"GROUP": true, "MODE": true, "ALIGNMENT": true, "MIN-IO": true, "OPT-IO": true, "PHY-SEC": true,
	"LOG-SEC": true, "ROTA": true, "SCHED": true, "RQ-SIZE": true, "TYPE": true, "DISC-ALN": true,
	"DISC-GRAN": true, "DISC-MAX": true, "DISC-ZERO": true, "WSAME": true, "WWN": true, "RAND": true,
	"PKNAME": true, "HCTL": true, "TRAN": true, "SUBSYSTEMS": true, "REV": true, "VENDOR": true,
	"ZONED": true, "ZONE-SZ": true, "ZONE-WGRAN": true, "ZONE-APP": true, "ZONE-NR": true,
	"ZONE-OMAX": true, "ZONE-AMAX": true, "DAX": true, "ID-LINK": true, "ID": true, "START": true,
	"DISK-SEQ": true, "MQ": true,
}

// lsblkRight lists the right-aligned (numeric) columns.
var lsblkRight = map[string]bool{
	"MAJ:MIN": true, "MAJ_MIN": true, "FSAVAIL": true, "FSSIZE": true, "FSUSED": true, "FSUSE%": true, "RA": true,
	"RO": true, "RM": true, "HOTPLUG": true, "SIZE": true, "ALIGNMENT": true, "MIN-IO": true,
	"OPT-IO": true, "PHY-SEC": true, "LOG-SEC": true, "ROTA": true, "RQ-SIZE": true, "DISC-ALN": true,
	"DISC-GRAN": true, "DISC-MAX": true, "DISC-ZERO": true, "WSAME": true, "RAND": true, "PARTN": true,
	"ZONE-SZ": true, "ZONE-WGRAN": true, "ZONE-APP": true, "ZONE-NR": true, "ZONE-OMAX": true,
	"ZONE-AMAX": true, "DAX": true, "START": true, "DISK-SEQ": true,
}

type lsblkCol struct {
	name       string
	start, end int // rune positions of the header label
	right      bool
}

// lsblkHost collects the devices of one listing.
type lsblkHost struct {
	h       *model.Host
	seen    map[string]int // name → times listed
	order   []string       // repeated names, first-seen order
	parents []string       // tree: name at each depth
	errs    []lineErr      // malformed lines, reported when the listing ends
}

// lineErr is a malformed line found while a block cannot report it yet.
type lineErr struct {
	line int
	msg  string
}

func newLsblkHost(c model.Sink, line int) *lsblkHost {
	if typed(c, "lsblk", line, 2) {
		c.TakeCommand(line)
	}
	return &lsblkHost{h: &model.Host{Source: c.Source(), Line: line, Captures: []string{"lsblk"}, Name: hostName(c, line)},
		seen: map[string]int{}}
}

// add appends d unless a device of that name was listed already.
func (lh *lsblkHost) add(d model.Disk) {
	if d.Name != "" {
		lh.seen[d.Name]++
		if n := lh.seen[d.Name]; n > 1 {
			if n == 2 {
				lh.order = append(lh.order, d.Name)
			}
			return
		}
	}
	lh.h.Disks = append(lh.h.Disks, d)
}

func (lh *lsblkHost) finish(c model.Sink) {
	for _, e := range lh.errs {
		c.Errorf(e.line, "%s", e.msg)
	}
	if len(lh.order) > 0 {
		parts := make([]string, len(lh.order))
		for i, n := range lh.order {
			parts[i] = n + " x" + strconv.Itoa(lh.seen[n])
		}
		lh.h.Fields = map[string]string{"repeated": strings.Join(parts, ", ")}
	}
	c.Add(lh.h)
}

// lsblkTableBlock reads the table form.
type lsblkTableBlock struct {
	lh     *lsblkHost
	cols   []lsblkCol
	prefix string // what precedes the header on its raw line (tabs, "> ")
	nameAt int    // index of the NAME (or KNAME/PATH) column
	// collapsed is set when a page collapsed the header's alignment
	// (single spaces between all names): rows are then split at white
	// space, cell by cell, the last column (a mount point) possibly empty.
	collapsed bool
}

// lsblkPairsBlock reads -P output.
type lsblkPairsBlock struct{ lh *lsblkHost }

// DetectLsblk starts at a header made only of lsblk column names,
// including NAME, KNAME or PATH, or at a -P line.
func DetectLsblk(l *model.Line, c model.Sink) model.Block {
	t := l.Text
	if strings.HasPrefix(t, "NAME=\"") || strings.HasPrefix(t, "KNAME=\"") || strings.HasPrefix(t, "PATH=\"") {
		kv, ok := lsblkPairs(t)
		if !ok {
			return nil
		}
		b := &lsblkPairsBlock{lh: newLsblkHost(c, l.No)}
		b.row(kv, l.No)
		return b
	}
	if len(t) < 8 || t[0] < 'A' || t[0] > 'Z' {
		return nil
	}
	if i := strings.IndexAny(t, " \t"); i < 0 || !lsblkColumns[t[:i]] {
		return nil
	}
	fields := strings.Fields(t)
	if len(fields) < 2 {
		return nil
	}
	nameAt := -1
	for i, f := range fields {
		if !lsblkColumns[f] {
			return nil
		}
		if nameAt < 0 && (f == "NAME" || f == "KNAME" || f == "PATH") {
			nameAt = i
		}
	}
	if nameAt < 0 {
		return nil
	}
	i := strings.Index(l.Raw, fields[0])
	if i < 0 {
		return nil
	}
	b := &lsblkTableBlock{lh: newLsblkHost(c, l.No), prefix: l.Raw[:i], nameAt: nameAt,
		collapsed: !strings.Contains(strings.TrimSpace(l.Raw[i:]), "  ") && !strings.Contains(l.Raw[i:], "\t")}
	rs := []rune(l.Raw[i:])
	pos := 0
	for _, f := range fields {
		// find f at or after pos
		for pos < len(rs) && (rs[pos] == ' ' || rs[pos] == '\t') {
			pos++
		}
		n := len([]rune(f))
		b.cols = append(b.cols, lsblkCol{name: f, start: pos, end: pos + n, right: lsblkRight[f]})
		pos += n
	}
	return b
}

type lsblkTok struct{ start, end int }

func (b *lsblkTableBlock) Feed(l *model.Line) model.Status {
	if l.Text == "" || l.Prompt != "" {
		return model.Rejected
	}
	raw := l.Raw
	if b.prefix != "" {
		if !strings.HasPrefix(raw, b.prefix) {
			return model.Rejected
		}
		raw = raw[len(b.prefix):]
	}
	rs := []rune(strings.TrimRight(raw, " \t"))
	var toks []lsblkTok
	for i := 0; i < len(rs); {
		if rs[i] == ' ' || rs[i] == '\t' {
			i++
			continue
		}
		j := i
		for j < len(rs) && rs[j] != ' ' && rs[j] != '\t' {
			j++
		}
		toks = append(toks, lsblkTok{i, j})
		i = j
	}
	if len(toks) == 0 {
		return model.Rejected
	}
	if b.collapsed {
		return b.collapsedRow(rs, toks, l)
	}
	owner := make([]int, len(toks))
	taken := make([]bool, len(b.cols))
	for i := range owner {
		owner[i] = -1
	}
	// Right-aligned cells end where their header ends.
	for ti, t := range toks {
		for ci, col := range b.cols {
			if col.right && !taken[ci] && t.end == col.end {
				owner[ti], taken[ci] = ci, true
				break
			}
		}
	}
	// MAJ:MIN and cells shifted by wide characters overlap their header.
	for ti, t := range toks {
		if owner[ti] >= 0 {
			continue
		}
		for ci, col := range b.cols {
			if col.right && !taken[ci] && t.start < col.end && t.end > col.start {
				owner[ti], taken[ci] = ci, true
				break
			}
		}
	}
	// Left-aligned cells start where their header starts.
	for ti, t := range toks {
		if owner[ti] >= 0 {
			continue
		}
		best := -1
		for ci, col := range b.cols {
			if !col.right && col.start <= t.start && (best < 0 || col.start > b.cols[best].start) {
				best = ci
			}
		}
		if best < 0 {
			return model.Rejected
		}
		owner[ti] = best
	}
	cells := make([]string, len(b.cols))
	firstTok := make([]int, len(b.cols))
	for i := range firstTok {
		firstTok[i] = -1
	}
	lastTok := make([]int, len(b.cols))
	for ti, ci := range owner {
		if firstTok[ci] < 0 {
			firstTok[ci] = ti
		}
		lastTok[ci] = ti
	}
	for ci := range b.cols {
		if firstTok[ci] < 0 {
			continue
		}
		// A left-aligned cell other than NAME (whose tree may indent it)
		// starts exactly at its header: otherwise the line is other text.
		if !b.cols[ci].right && ci != b.nameAt && toks[firstTok[ci]].start != b.cols[ci].start {
			return model.Rejected
		}
		from := toks[firstTok[ci]].start
		if ci == b.nameAt && b.cols[ci].start < from {
			from = b.cols[ci].start // keep the tree's leading spaces
		}
		cells[ci] = string(rs[from:toks[lastTok[ci]].end])
	}
	return b.row(cells, l)
}

// collapsedRow reads a row of a table whose alignment was collapsed:
// one token per column in order; the last column, when it is a mount
// point, may be absent or hold spaces.
func (b *lsblkTableBlock) collapsedRow(rs []rune, toks []lsblkTok, l *model.Line) model.Status {
	n := len(b.cols)
	last := b.cols[n-1].name
	mount := last == "MOUNTPOINT" || last == "MOUNTPOINTS" || last == "LABEL" || last == "MODEL"
	switch {
	case len(toks) == n:
	case len(toks) == n-1 && mount:
	case len(toks) > n && mount:
	default:
		return model.Rejected
	}
	cells := make([]string, n)
	for ci := 0; ci < n && ci < len(toks); ci++ {
		end := toks[ci].end
		if ci == n-1 {
			end = toks[len(toks)-1].end
		}
		cells[ci] = string(rs[toks[ci].start:end])
	}
	return b.row(cells, l)
}

// row turns the cells of one table line into a model.Disk.
func (b *lsblkTableBlock) row(cells []string, l *model.Line) model.Status {
	var d model.Disk
	d.Line = l.No
	nameCell := cells[b.nameAt]
	tree := 0
	for _, r := range nameCell {
		if !strings.ContainsRune(" │├└─|`-", r) {
			break
		}
		tree++
	}
	name := strings.TrimSpace(string([]rune(nameCell)[tree:]))
	var mounts []string
	for ci, col := range b.cols {
		v := cells[ci]
		switch col.name {
		case "MAJ:MIN", "MAJ_MIN":
			if v != "" && !isMajMin(v) {
				return b.bad(l, tree > 0, "lsblk: MAJ:MIN %q (expected major:minor numbers)", v)
			}
		case "RM", "RO", "ROTA", "HOTPLUG", "RAND":
			if v != "" && v != "0" && v != "1" {
				return b.bad(l, tree > 0, "lsblk: %s %q (expected 0 or 1)", col.name, v)
			}
			if col.name == "ROTA" && v != "" {
				rot := v == "1"
				d.Rotational = &rot
			}
		case "SIZE":
			if v != "" {
				n, ok := parseSize(v)
				if !ok {
					return b.bad(l, tree > 0, "lsblk: SIZE %q (expected a size like 58.2G or bytes)", v)
				}
				d.SizeBytes = int64Ptr(n)
			}
		case "TYPE":
			d.Type = v
		case "MODEL":
			d.Model = v
		case "FSTYPE":
			d.FSType = v
		case "PKNAME":
			d.Parent = v
		case "MOUNTPOINT", "MOUNTPOINTS":
			if v != "" {
				mounts = append(mounts, v)
			}
		}
	}
	if name == "" {
		// MOUNTPOINTS continues on lines of their own.
		hs := b.lh.h
		if len(mounts) == 1 && len(hs.Disks) > 0 && tree == 0 {
			last := &hs.Disks[len(hs.Disks)-1]
			if last.Mountpoint == "" {
				last.Mountpoint = mounts[0]
			} else {
				last.Mountpoint += "," + mounts[0]
			}
			return model.Consumed
		}
		return model.Rejected
	}
	d.Name = name
	d.Mountpoint = strings.Join(mounts, ",")
	depth := tree / 2
	lh := b.lh
	if depth > len(lh.parents) {
		depth = len(lh.parents)
	}
	lh.parents = append(lh.parents[:depth], name)
	if depth > 0 && d.Parent == "" {
		d.Parent = lh.parents[depth-1]
	}
	lh.add(d)
	return model.Consumed
}

// bad reports a malformed row when the line is surely part of the
// listing (it carries a tree prefix); otherwise the line is not lsblk's.
func (b *lsblkTableBlock) bad(l *model.Line, mine bool, format string, args ...any) model.Status {
	if !mine {
		return model.Rejected
	}
	b.lh.errs = append(b.lh.errs, lineErr{l.No, fmt.Sprintf(format, args...)})
	return model.Consumed
}

func (b *lsblkTableBlock) End(c model.Sink) { b.lh.finish(c) }

func isMajMin(s string) bool {
	a, m, ok := strings.Cut(s, ":")
	if !ok || a == "" || m == "" {
		return false
	}
	for _, p := range []string{a, m} {
		for i := 0; i < len(p); i++ {
			if p[i] < '0' || p[i] > '9' {
				return false
			}
		}
	}
	return true
}

// parseSize reads an lsblk size: bytes ("274877906944"), or a number with
// a binary unit ("58.2G", "1024M", "0B", "704K"; "Ki"/"KiB" too; a
// decimal comma is accepted).
func parseSize(s string) (int64, bool) {
	f, rest, ok := scan.SizePrefix(strings.TrimSpace(s))
	if !ok {
		return 0, false
	}
	unit := strings.TrimSuffix(strings.TrimSuffix(rest, "B"), "i")
	if rest == "B" {
		unit = ""
	}
	mult := 1.0
	switch unit {
	case "":
	case "K", "k":
		mult = 1 << 10
	case "M":
		mult = 1 << 20
	case "G":
		mult = 1 << 30
	case "T":
		mult = 1 << 40
	case "P":
		mult = 1 << 50
	case "E":
		mult = 1 << 60
	default:
		return 0, false
	}
	v := math.Round(f * mult)
	if v >= math.MaxInt64 || v < 0 {
		return 0, false
	}
	return int64(v), true
}

// lsblkPairs splits a -P line into its KEY="value" pairs, decoding the
// \xHH escapes lsblk writes for unsafe characters.
func lsblkPairs(s string) (map[string]string, bool) {
	kv := map[string]string{}
	for {
		s = strings.TrimLeft(s, " \t")
		if s == "" {
			break
		}
		eq := strings.Index(s, "=\"")
		if eq <= 0 {
			return nil, false
		}
		key := s[:eq]
		if !lsblkColumns[key] {
			return nil, false
		}
		rest := s[eq+2:]
		q := strings.IndexByte(rest, '"')
		if q < 0 {
			return nil, false
		}
		kv[key] = unescapeHex(rest[:q])
		s = rest[q+1:]
	}
	return kv, len(kv) > 0
}

// unescapeHex decodes \xHH sequences.
func unescapeHex(s string) string {
	if !strings.Contains(s, `\x`) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) && s[i+1] == 'x' {
			if n, err := strconv.ParseUint(s[i+2:i+4], 16, 8); err == nil {
				sb.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

func (b *lsblkPairsBlock) Feed(l *model.Line) model.Status {
	kv, ok := lsblkPairs(l.Text)
	if !ok || l.Prompt != "" {
		return model.Rejected
	}
	b.row(kv, l.No)
	return model.Consumed
}

func (b *lsblkPairsBlock) row(kv map[string]string, line int) {
	d := model.Disk{Line: line, Name: kv["NAME"], Type: kv["TYPE"], Model: strings.TrimSpace(kv["MODEL"]),
		FSType: kv["FSTYPE"], Parent: kv["PKNAME"]}
	if d.Name == "" {
		d.Name = kv["KNAME"]
	}
	if d.Name == "" {
		d.Name = kv["PATH"]
	}
	if v := kv["SIZE"]; v != "" {
		if n, ok := parseSize(v); ok {
			d.SizeBytes = int64Ptr(n)
		} else {
			b.lh.errs = append(b.lh.errs, lineErr{line, fmt.Sprintf("lsblk: SIZE %q (expected a size like 58.2G or bytes)", v)})
		}
	}
	if v, ok := kv["ROTA"]; ok && (v == "0" || v == "1") {
		rot := v == "1"
		d.Rotational = &rot
	}
	mp := kv["MOUNTPOINTS"]
	if mp == "" {
		mp = kv["MOUNTPOINT"]
	}
	d.Mountpoint = strings.Join(strings.FieldsFunc(mp, func(r rune) bool { return r == '\n' }), ",")
	b.lh.add(d)
}

func (b *lsblkPairsBlock) End(c model.Sink) { b.lh.finish(c) }

// LsblkJSON handles lsblk -J output. Values may be strings (older
// util-linux: "ro": "1", "size": "704K"), numbers and booleans (newer, and
// bytes with -b), null for empty, and "mountpoints" arrays.
func LsblkJSON(lines []model.Line, c model.Sink) bool {
	if !jsonNear(lines, `"blockdevices"`) {
		return false
	}
	doc := parseLooseJSON(lines)
	top := doc.root.get("blockdevices")
	if top == nil || top.kind != 'a' {
		return false
	}
	lh := newLsblkHost(c, lines[0].No)
	var walk func(items []*jval, parent string, depth int)
	walk = func(items []*jval, parent string, depth int) {
		for _, it := range items {
			if it == nil || it.kind != 'o' {
				continue
			}
			line := doc.lineOf(it.off)
			d := model.Disk{Line: line, Name: it.get("name").text(), Type: it.get("type").text(),
				Model: strings.TrimSpace(it.get("model").text()), FSType: it.get("fstype").text(),
				Parent: it.get("pkname").text()}
			if d.Name == "" {
				d.Name = it.get("kname").text()
			}
			if d.Name == "" {
				d.Name = it.get("path").text()
			}
			if d.Parent == "" {
				d.Parent = parent
			}
			if sz := it.get("size"); sz != nil && sz.kind != 'z' {
				if n, ok := parseSize(sz.text()); ok {
					d.SizeBytes = int64Ptr(n)
				} else {
					c.Errorf(doc.lineOf(sz.off), "lsblk -J: size %q (expected a size like 58.2G or bytes)", sz.text())
				}
			}
			if r := it.get("rota"); r != nil {
				switch r.text() {
				case "1", "true":
					d.Rotational = new(bool)
					*d.Rotational = true
				case "0", "false":
					d.Rotational = new(bool)
				}
			}
			var mounts []string
			if m := it.get("mountpoints"); m != nil && m.kind == 'a' {
				for _, x := range m.items {
					if t := x.text(); t != "" {
						mounts = append(mounts, t)
					}
				}
			} else if t := it.get("mountpoint").text(); t != "" {
				mounts = append(mounts, t)
			}
			d.Mountpoint = strings.Join(mounts, ",")
			lh.add(d)
			if ch := it.get("children"); ch != nil && ch.kind == 'a' && depth < 64 {
				walk(ch.items, d.Name, depth+1)
			}
		}
	}
	walk(top.items, "", 0)
	if doc.err != "" {
		c.Errorf(doc.errLine, "lsblk -J: %s; kept the %d devices before it", doc.err, len(lh.h.Disks))
	}
	lh.finish(c)
	return true
}
