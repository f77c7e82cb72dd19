package tabular

import "strings"

// Several reads a cell that lists more than one number of the same kind,
// one per run: "208333.40, 207958.31" (two runs of one build in a
// regression table), "1,716; 1,702". Items are separated by a comma or a
// semicolon followed by a space, so that a thousands separator (9,938)
// never splits a number; every item must be a value (ParseValue) and all
// must carry the same unit. ok is false for a cell holding one value or
// anything else.
func Several(cell string) (vals []Value, ok bool) {
	s := strings.TrimSpace(strings.Trim(strings.TrimSpace(cell), "'\"`*"))
	if !strings.Contains(s, ", ") && !strings.Contains(s, "; ") {
		return nil, false
	}
	items := strings.Split(s, ";")
	if len(items) == 1 {
		items = splitListCommas(s)
	} else if strings.Contains(s, ", ") {
		return nil, false // both separators: a list of lists, or prose
	}
	if len(items) < 2 {
		return nil, false
	}
	for i, it := range items {
		if i > 0 && !strings.HasPrefix(it, " ") {
			return nil, false // "1;2": no list a reader writes
		}
		v, ok := ParseValue(it)
		if !ok || i > 0 && !strings.EqualFold(v.Unit, vals[0].Unit) {
			return nil, false
		}
		vals = append(vals, v)
	}
	return vals, true
}

// splitListCommas splits s at every comma followed by a space, keeping
// the space with the item after it.
func splitListCommas(s string) []string {
	var out []string
	for {
		i := strings.Index(s, ", ")
		if i < 0 {
			return append(out, s)
		}
		out = append(out, s[:i])
		s = s[i+1:]
	}
}

// Unlist turns a row whose measurement cells list several runs (Several)
// into one row per run, in the order the cells list them; every other
// cell is the same in each. A measurement cell holding one value beside
// cells holding several belongs to no run alone (it may be their mean):
// it is left empty in every row, and named in dropped. ok is false, and
// the row returned as it is, when the lists are not all of one length:
// which item goes with which is then not said.
func Unlist(row Row, cols []Column) (rows []Row, dropped []string, ok bool) {
	n := 0
	lists := map[int][]string{}
	for i, col := range cols {
		if col.Kind != Measurement || i >= len(row.Cells) {
			continue
		}
		vals, several := Several(row.Cells[i])
		if !several {
			continue
		}
		if n != 0 && len(vals) != n {
			return []Row{row}, nil, false
		}
		n = len(vals)
		lists[i] = listItems(row.Cells[i])
	}
	if n == 0 {
		return []Row{row}, nil, true
	}
	for i, col := range cols {
		if _, listed := lists[i]; !listed && col.Kind == Measurement && i < len(row.Cells) && !Absent(row.Cells[i]) {
			dropped = append(dropped, col.Name)
		}
	}
	for k := 0; k < n; k++ {
		r := Row{Line: row.Line, Cells: make([]string, len(row.Cells))}
		for i, c := range row.Cells {
			switch items, listed := lists[i]; {
			case listed:
				r.Cells[i] = strings.TrimSpace(items[k])
			case i < len(cols) && cols[i].Kind == Measurement:
				r.Cells[i] = ""
			default:
				r.Cells[i] = c
			}
		}
		rows = append(rows, r)
	}
	return rows, dropped, true
}

// listItems returns the items of a cell Several reads, as printed.
func listItems(cell string) []string {
	s := strings.TrimSpace(strings.Trim(strings.TrimSpace(cell), "'\"`*"))
	if strings.Contains(s, "; ") {
		return strings.Split(s, ";")
	}
	return splitListCommas(s)
}
