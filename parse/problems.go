package parse

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strings"
)

// ProblemLines returns the problems as they are printed, one line each,
// in order: the reports of two or more files of one directory in which
// nothing was found (a results archive's notes, configuration files and
// scripts: DESC, my.cnf.01, collect.pl) become one line for the
// directory, in the place of the first, naming every file (the first
// 12, then a count). The problems themselves stay one a file, so that
// each keeps its source (results.json, the warehouse).
func ProblemLines(errs []*Error) []string {
	type group struct {
		first int
		names []string
		msgs  []string
	}
	nothing := func(e *Error) bool { return e.Line == 0 && errors.Is(e, ErrNothingFound) && e.Source != "" }
	dirOf := func(e *Error) string { return path.Dir(filepath.ToSlash(e.Source)) }
	groups := map[string]*group{}
	for i, e := range errs {
		if !nothing(e) {
			continue
		}
		d := dirOf(e)
		g := groups[d]
		if g == nil {
			g = &group{first: i}
			groups[d] = g
		}
		g.names = append(g.names, path.Base(filepath.ToSlash(e.Source)))
		g.msgs = append(g.msgs, e.Message)
	}
	lines := make([]string, 0, len(errs))
	for i, e := range errs {
		var g *group
		if nothing(e) {
			g = groups[dirOf(e)]
		}
		if g == nil || len(g.names) < 2 {
			lines = append(lines, e.Error())
			continue
		}
		if i != g.first {
			continue
		}
		names, more := g.names, ""
		if len(names) > 12 {
			more = fmt.Sprintf(" and %d more", len(names)-12)
			names = names[:12]
		}
		expect := ""
		if k := strings.LastIndex(g.msgs[0], "(expected "); k >= 0 {
			expect = "; " + strings.TrimSuffix(g.msgs[0][k+1:], ")")
			for _, m := range g.msgs[1:] {
				if !strings.HasSuffix(m, g.msgs[0][k:]) {
					expect = ""
					break
				}
			}
		}
		dir := e.Source[:len(e.Source)-len(path.Base(filepath.ToSlash(e.Source)))]
		dir = strings.TrimRight(dir, "/\\")
		if dir == "" {
			dir = "."
		}
		lines = append(lines, fmt.Sprintf("%s: %s in %d files (%s%s%s)", dir, NothingFound, len(g.names), strings.Join(names, ", "), more, expect))
	}
	return lines
}
