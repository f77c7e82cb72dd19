package parse

import (
	"bytes"
	"encoding/binary"
	"io"
	"slices"
	"strings"
	"sync"
)

// MySQLStatus reads SHOW GLOBAL STATUS snapshots as MySQLCapture does,
// keeping of each only the counters named in keep (every one when keep is
// nil): the items are those of MySQLCapture with the other values left
// out.
//
// The form a campaign writes, and the one met most, is read here a byte
// at a time without a string or a map entry for the rows it does not keep:
// the client's prompt and the statement on one line, then the batch
// header "Variable_name<TAB>Value", then one "name<TAB>value" row a line,
// snapshot after snapshot. A SHOW GLOBAL STATUS has some 670 rows, of
// which a report reads 21. Input of any other form, or holding anything
// the general reader would read differently (escapes, carriage returns,
// notes, prompts, text beyond ASCII), is read by MySQLCapture whole.
func MySQLStatus(r io.Reader, name string, keep []string, emit func(Item)) error {
	return readStatus(r, name, keep, false, emit)
}

// MySQLStatusJSON is MySQLStatus keeping every value, for a caller that
// only encodes the snapshots (AppendVariablesJSON, as parse --json does):
// a snapshot read in the fast form holds its values as the JSON that
// encoder writes of them, in the order of their names, and Values is nil.
// A SHOW GLOBAL STATUS has some 670 rows: their map, then its sorted
// keys to encode it, were most of the time parse --json spent on a
// campaign's snapshots. Snapshots of any other form have their Values.
func MySQLStatusJSON(r io.Reader, name string, emit func(Item)) error {
	return readStatus(r, name, nil, true, emit)
}

func readStatus(r io.Reader, name string, keep []string, asJSON bool, emit func(Item)) error {
	const limit = 8 << 20
	bp := statusBufs.Get().(*[]byte)
	defer statusBufs.Put(bp)
	buf, err := readAllInto((*bp)[:0], io.LimitReader(r, limit+1))
	*bp = buf[:0]
	if err == nil && len(buf) <= limit {
		if items, ok := scanStatusAs(buf, name, keep, asJSON); ok {
			for _, it := range items {
				emit(it)
			}
			return nil
		}
	}
	src := io.MultiReader(bytes.NewReader(buf), r)
	if err != nil {
		src = io.MultiReader(bytes.NewReader(buf), errReader{err})
	}
	return stream(src, name, mysqlFormat, func(it Item) {
		if v, ok := it.(*Variables); ok {
			v.KeepStatus(keep)
		}
		emit(it)
	})
}

// statusBufs are the buffers snapshots are read into, one a reader at a
// time: nothing read keeps a piece of one (see scanStatus).
var statusBufs = sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}

// readAllInto is io.ReadAll appending to buf.
func readAllInto(buf []byte, r io.Reader) ([]byte, error) {
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// errReader returns its error: the read error met while the input was
// taken whole, for the general reader to report at the same place.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// scanStatus reads buf in the one form MySQLStatus reads itself, or
// reports false. The items keep no piece of buf.
func scanStatus(buf []byte, name string, keep []string) ([]Item, bool) {
	return scanStatusAs(buf, name, keep, false)
}

// scanStatusAs is scanStatus, each snapshot's values held as their JSON
// (Variables.valuesJSON) instead of a map when asJSON is set (keep is
// then nil).
func scanStatusAs(buf []byte, name string, keep []string, asJSON bool) ([]Item, bool) {
	for _, w := range statusToolWords {
		// A line naming a benchmark tool may be read as a command.
		if containsByBytes(buf, w.word, w.rare) {
			return nil, false
		}
	}
	// The names kept, by length: a row's name is compared with those of
	// its length only.
	var byLen [129][]string
	for _, k := range keep {
		if len(k) < len(byLen) {
			byLen[len(k)] = append(byLen[len(k)], k)
		}
	}
	// The whole input as one string when every value is kept: the values
	// are pieces of it, one allocation for all.
	var all string
	if keep == nil && !asJSON {
		all = string(buf)
	}
	var items []Item
	var cur *Variables
	rows := 0
	no := 0
	// With asJSON, the rows of the snapshot being read, and the order of
	// names last sorted on this goroutine.
	// vlen is the bytes of their values, guessed how many of them were
	// found where the snapshot before has its names.
	var jrows []statusRow
	var order *statusOrder
	vlen, guessed := 0, 0
	if asJSON {
		order = statusOrders.Get().(*statusOrder)
		jrows = order.rows[:0]
		defer func() { order.rows = jrows[:0]; statusOrders.Put(order) }()
	}
	endSnapshot := func() bool {
		if !asJSON || cur == nil {
			return true
		}
		var ok bool
		cur.valuesJSON, ok = order.encode(buf, jrows, vlen, guessed == len(jrows))
		jrows, vlen, guessed = jrows[:0], 0, 0
		return ok
	}
	for off := 0; off < len(buf); {
		if asJSON && rows < len(order.names) && cur != nil && no+1 != cur.Line {
			// The rows the snapshot before has from here, most often the
			// same names: their bytes compared at once, the values'
			// checked up to the end of the line. Anything else is read
			// below.
			n := len(jrows)
			var v int
			off, jrows, v = guessRows(buf, off, order.names[rows:], jrows)
			if n := len(jrows) - n; n > 0 {
				vlen += v
				guessed += n
				rows += n
				no += n
				continue
			}
		}
		end := bytes.IndexByte(buf[off:], '\n')
		if end < 0 {
			end = len(buf)
		} else {
			end += off
		}
		line, lineOff := buf[off:end], off
		off = end + 1
		no++
		if cur != nil && no == cur.Line {
			// The header after the statement.
			if string(line) != "Variable_name\tValue" {
				return nil, false
			}
			continue
		}
		// A row: a name of letters, digits and '_', a tab, a value.
		tab := 0
		for tab < len(line) && statusByte[line[tab]]&nameByte != 0 {
			tab++
		}
		if tab == len(line) || line[tab] != '\t' {
			if stmt, ok := statusPromptLine(line); ok {
				if cur != nil && rows == 0 || !endSnapshot() {
					return nil, false
				}
				// Sized as the snapshot before when every value is kept:
				// the snapshots of one file list the same counters.
				// The first is sized by the lines left, at most twice
				// what it holds in a file of two snapshots, where growing
				// the map a row at a time cost a tenth of parse --json.
				size := 0
				if keep == nil && !asJSON {
					size = rows
					if cur == nil {
						size = min(bytes.Count(buf[off:], []byte{'\n'})+1, 1<<14)
					}
				}
				cur = &Variables{Source: name, Line: no + 1, Statement: stmt, Kind: "status"}
				if !asJSON {
					cur.Values = make(map[string]string, size)
				}
				items, rows = append(items, cur), 0
				continue
			}
			return nil, false
		}
		if cur == nil || tab == 0 || tab > 128 || line[0] >= '0' && line[0] <= '9' || !statusValue(line[tab+1:]) {
			return nil, false
		}
		rows++
		if asJSON {
			jrows = append(jrows, statusRow{lineOff, lineOff + tab, lineOff + len(line)})
			vlen += len(line) - tab - 1
			continue
		}
		if keep == nil {
			cur.Values[all[lineOff:lineOff+tab]] = all[lineOff+tab+1 : lineOff+len(line)]
			continue
		}
		for _, k := range byLen[tab] {
			if k[0] == line[0] && k == string(line[:tab]) {
				cur.Values[k] = string(line[tab+1:])
				break
			}
		}
	}
	if cur == nil || rows == 0 || !endSnapshot() {
		return nil, false
	}
	if keep != nil {
		for _, it := range items {
			it.(*Variables).KeepStatus(keep)
		}
	}
	return items, true
}

// guessRows reads the rows of buf from off on that have the names given,
// in their order, in the fast form, appending them to rows, until one
// has not. It returns where it stopped and the bytes of the values read.
func guessRows(buf []byte, off int, names []string, rows []statusRow) (int, []statusRow, int) {
	vlen := 0
	for _, nm := range names {
		tab := off + len(nm)
		if tab >= len(buf) || buf[tab] != '\t' || string(buf[off:tab]) != nm {
			break
		}
		end := tab + 1
		for end < len(buf) && statusByte[buf[end]]&valueByte != 0 {
			end++
		}
		if end < len(buf) && buf[end] != '\n' || end > tab+1 && (buf[tab+1] == ' ' || buf[end-1] == ' ') {
			break
		}
		rows = append(rows, statusRow{off, tab, end})
		vlen += end - tab - 1
		off = end + 1
	}
	return off, rows, vlen
}

// A statusRow is where a row of a snapshot lies in the text read: its
// name from name to tab, its value from tab+1 to end.
type statusRow struct{ name, tab, end int }

// A statusOrder is the names of the snapshot encoded last, in the order
// read, and that order sorted by name: the snapshots of a server list
// the same counters in the same order (which is not the byte order of
// their names), and sorting them again for each one would cost more
// than the rest of encoding it.
type statusOrder struct {
	names   []string
	perm    []int32  // indices into names, in byte order of the names
	keys    []string // names[perm[i]] encoded as they begin a value: {"name":" first, then ","name":"
	keysLen int      // the bytes of keys
	rows    []statusRow
}

// statusOrders are the statusOrders of the goroutines reading snapshots.
var statusOrders = sync.Pool{New: func() any { return new(statusOrder) }}

// encode returns the JSON object of the rows of one snapshot of buf, keys
// in byte order as encoding/json writes a map's, or false when a name is
// given twice. Names and values need no escape: scanStatus takes only
// letters, digits and "_.,:;/+-() " in them. vlen is the bytes of the
// values; same tells that each row's name is already known to be that of
// o.names at its index.
func (o *statusOrder) encode(buf []byte, rows []statusRow, vlen int, same bool) ([]byte, bool) {
	if len(o.names) != len(rows) {
		same = false
	} else if !same {
		same = true
		for i := 0; same && i < len(rows); i++ {
			same = o.names[i] == string(buf[rows[i].name:rows[i].tab])
		}
	}
	if !same {
		// The names copied into one string, so that o keeps no piece of buf.
		n := 0
		for _, r := range rows {
			n += r.tab - r.name
		}
		var sb strings.Builder
		sb.Grow(n)
		for _, r := range rows {
			sb.Write(buf[r.name:r.tab])
		}
		text := sb.String()
		names := make([]string, len(rows))
		perm := make([]int32, len(rows))
		at := 0
		for i, r := range rows {
			names[i] = text[at : at+r.tab-r.name]
			at += r.tab - r.name
			perm[i] = int32(i)
		}
		slices.SortFunc(perm, func(a, b int32) int { return strings.Compare(names[a], names[b]) })
		for i := 1; i < len(perm); i++ {
			if names[perm[i-1]] == names[perm[i]] {
				return nil, false
			}
		}
		keys := make([]string, len(perm))
		for i, p := range perm {
			keys[i] = `","` + names[p] + `":"`
		}
		if len(keys) > 0 {
			keys[0] = `{` + keys[0][2:]
		}
		o.keysLen = 0
		for _, k := range keys {
			o.keysLen += len(k)
		}
		o.names, o.perm, o.keys = names, perm, keys
	}
	// Made at its final size, and not copied again: a snapshot's JSON is
	// some 24 KB, and its copy into a string was a sixth of encoding it.
	// The buffer is one the caller gave back (ReleaseJSON) when it is
	// large enough.
	if len(rows) == 0 {
		return []byte("{}"), true
	}
	n := o.keysLen + vlen + 2
	b, _ := snapshotJSON.Get().(*[]byte)
	if b == nil || cap(*b) < n {
		b = &[]byte{}
		*b = make([]byte, 0, n)
	}
	out := (*b)[:0]
	for i, p := range o.perm {
		r := rows[p]
		out = append(out, o.keys[i]...)
		out = append(out, buf[r.tab+1:r.end]...)
	}
	return append(out, '"', '}'), true
}

// snapshotJSON holds the buffers of snapshots' JSON given back by
// ReleaseJSON: parse --json made some 600 MB of them over 25,200
// snapshots (the demo campaign copied 70 times), two fifths of what it
// allocated, each dropped as soon as it was written out.
var snapshotJSON sync.Pool

// ReleaseJSON gives back the memory of the values of v, a snapshot read
// by MySQLStatusJSON, once they are encoded and nothing keeps a piece of
// them: the next snapshot read is made in it. v's values are then gone
// (AppendVariablesJSON writes null). A no-op for any other Variables.
func (v *Variables) ReleaseJSON() {
	if v.valuesJSON == nil {
		return
	}
	b := v.valuesJSON[:0]
	v.valuesJSON = nil
	snapshotJSON.Put(&b)
}

// statusToolWords are toolWords, each looked for by a byte that is rare
// in SHOW STATUS rows: toolWords' own ('b' of mariadb-slap, 'u' of
// .lua) are in most counters' names, and looking for them was a third of
// the time of reading a snapshot.
var statusToolWords = func() [len(toolWords)]struct {
	word string
	rare int
} {
	out := toolWords
	for i, w := range out {
		switch w.word {
		case "mysqlslap":
			out[i].rare = 3 // 'q'
		case "mariadb-slap":
			out[i].rare = 7 // '-'
		case ".lua":
			out[i].rare = 0 // '.'
		}
	}
	return out
}()

// containsByBytes is containsBy on bytes.
func containsByBytes(s []byte, sub string, k int) bool {
	c := sub[k]
	for i := k; i < len(s); i++ {
		j := bytes.IndexByte(s[i:], c)
		if j < 0 {
			return false
		}
		i += j
		if i-k+len(sub) <= len(s) && string(s[i-k:i-k+len(sub)]) == sub {
			return true
		}
	}
	return false
}

// statusByte classes the bytes of rows: nameByte for a counter's name
// (letters, digits, '_'), valueByte for a value scanStatus reads as it is.
var statusByte = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			t[c] |= nameByte | valueByte
		}
	}
	for _, c := range "_.,:;/+-() " {
		t[c] |= valueByte
	}
	return t
}()

const (
	nameByte uint8 = 1 << iota
	valueByte
)

// statusPromptLine returns the statement of a client prompt line giving
// SHOW GLOBAL STATUS, in the general reader's form of it; false for any
// other line or one it might read otherwise.
func statusPromptLine(line []byte) (string, bool) {
	var rest []byte
	switch {
	case bytes.HasPrefix(line, []byte("mysql> ")):
		rest = line[len("mysql> "):]
	case bytes.HasPrefix(line, []byte("MariaDB [")), bytes.HasPrefix(line, []byte("MySQL [")):
		i := bytes.Index(line, []byte("]> "))
		if i <= 0 || i >= 80 || !plainPrintable(line[:i]) {
			return "", false
		}
		rest = line[i+3:]
	default:
		return "", false
	}
	if !plainPrintable(rest) || bytes.Contains(rest, []byte("**")) || bytes.Contains(rest, []byte("[/code]")) ||
		bytes.IndexByte(rest, '\\') >= 0 || bytes.IndexByte(rest, '\t') >= 0 {
		return "", false
	}
	stmt := strings.TrimSpace(string(rest))
	if stmt == "" || !strings.HasSuffix(stmt, ";") || !isStatusStatement(stmt) ||
		!strings.HasPrefix(stmt, "SHOW GLOBAL STATUS") {
		return "", false
	}
	return stmt, true
}

// plainPrintable reports bytes from ' ' to '~'.
func plainPrintable(b []byte) bool {
	for _, c := range b {
		if c < ' ' || c > '~' {
			return false
		}
	}
	return true
}

// statusValue reports a value the general reader takes as it is: ASCII
// letters, digits, blanks inside and "_.,:;/+-()" (numbers, ON and OFF,
// versions, dates, lists), nothing that could be read as a prompt, a
// note, markup, an assignment or an escape.
func statusValue(b []byte) bool {
	for _, c := range b {
		if statusByte[c]&valueByte == 0 {
			return false
		}
	}
	return len(b) == 0 || b[0] != ' ' && b[len(b)-1] != ' '
}

// KeepStatus reduces a SHOW GLOBAL STATUS capture to the counters named
// (nil: all), copying what it keeps out of the text it was read from so
// that the text can be freed; other captures are left alone. A reduced
// snapshot holds its values in one string beside the names, which it
// shares with every snapshot reduced to the same names, not in a map
// (nil Values): two snapshots a run, a map of 21 strings each, were a
// third of what a report of a year of campaigns kept. Value reads them;
// the JSON encodings write them as the map they were.
func (v *Variables) KeepStatus(names []string) {
	if names == nil || v.Kind != "status" {
		return
	}
	kept := sortedNames(names)
	values := v.Values
	if v.kept != nil {
		if len(kept) == len(v.kept) && (len(kept) == 0 || &kept[0] == &v.kept[0]) {
			return // reduced to these names already
		}
		values = v.keptMap()
	}
	var b []byte
	for _, n := range kept {
		x, ok := values[n]
		if !ok {
			b = append(b, 0)
			continue
		}
		b = binary.AppendUvarint(b, uint64(len(x))+1)
		b = append(b, x...)
	}
	v.Values, v.kept, v.keptValues = nil, kept, string(b)
	v.Statement = strings.Clone(v.Statement)
}

// Value returns the value of the variable name, also of a snapshot
// reduced by KeepStatus.
func (v *Variables) Value(name string) (string, bool) {
	if v.kept == nil {
		x, ok := v.Values[name]
		return x, ok
	}
	var x string
	ok := false
	v.eachKept(func(n, val string) bool {
		if n == name {
			x, ok = val, true
			return false
		}
		return n < name
	})
	return x, ok
}

// eachKept calls f with the names and values of a reduced snapshot, in
// sorted order, while f returns true.
func (v *Variables) eachKept(f func(name, value string) bool) {
	s := v.keptValues
	for _, n := range v.kept {
		var l uint64
		for shift := 0; ; shift += 7 {
			c := s[0]
			s = s[1:]
			l |= uint64(c&0x7f) << shift
			if c < 0x80 {
				break
			}
		}
		if l == 0 {
			continue
		}
		x := s[:l-1]
		s = s[l-1:]
		if !f(n, x) {
			return
		}
	}
}

// keptMap returns the values of a reduced snapshot as a map.
func (v *Variables) keptMap() map[string]string {
	m := make(map[string]string, len(v.kept))
	v.eachKept(func(n, x string) bool { m[n] = x; return true })
	return m
}

// keptLists are the sorted lists of names snapshots were reduced to, by
// the list KeepStatus was given (its first element and length): one
// for all snapshots.
var keptLists sync.Map

type keptListKey struct {
	first *string
	n     int
}

// sortedNames returns names sorted, without repeats, as the snapshots
// reduced to names share them.
func sortedNames(names []string) []string {
	if len(names) == 0 {
		return []string{}
	}
	k := keptListKey{&names[0], len(names)}
	if l, ok := keptLists.Load(k); ok && slices.Equal(l.([2][]string)[0], names) {
		return l.([2][]string)[1]
	}
	sorted := slices.Clone(names)
	slices.Sort(sorted)
	sorted = slices.Compact(sorted)
	keptLists.Store(k, [2][]string{slices.Clone(names), sorted})
	return sorted
}
