package collect

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/sbreport/sbreport/parse"
)

// ReportMarker is the file sbreport writes into every report directory it
// makes (sbreport report, sbreport demo): a small manifest naming the
// format and the files written. A directory walk passes over a directory
// that holds one, since its report.md and runs.csv would otherwise be read
// back as runs; and sbreport report --force replaces only a directory
// that holds one.
const ReportMarker = ".sbreport-report"

// IsReportDir reports whether dir holds a ReportMarker file.
func IsReportDir(dir string) bool { return isReportDir(newTree(nil), dir) }

// isReportDir is IsReportDir for a directory of t. The marker is a
// regular file, not a symbolic link to one.
func isReportDir(t tree, dir string) bool {
	st, err := fs.Lstat(t.fsys, t.join(dir, ReportMarker))
	return err == nil && st.Mode().IsRegular()
}

// skipReportDir reports whether dir is a report written by sbreport and,
// if so, says that it is skipped.
func (w *walker) skipReportDir(dir string) bool {
	if !isReportDir(w.t, dir) {
		return false
	}
	// Said at once: nothing of the directory is held for merging.
	w.pl.emit(w.out, &parse.Error{Source: dir, Message: "skipped: a report written by sbreport (it holds " + ReportMarker +
		"), not benchmark output; name its files one by one to read them"})
	return true
}

// openable reports whether p may be opened and read to its end. Regular
// files may; a named pipe only when it is the input itself, named on the
// command line (a pipe met in a directory walk could block forever);
// anything else (a character device such as /dev/zero, a socket) is
// refused with an error, since reading it never ends or means nothing.
func (w *walker) openable(p string) bool {
	st, err := fs.Stat(w.t.fsys, p)
	if err != nil {
		return true // let the open report it
	}
	m := st.Mode()
	if m.IsRegular() || m&fs.ModeNamedPipe != 0 && p == w.in.Path {
		return true
	}
	what := "not a regular file"
	switch {
	case m&fs.ModeCharDevice != 0:
		what = "a character device"
	case m&fs.ModeDevice != 0:
		what = "a block device"
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe met in a directory (name it on the command line to read it)"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	case m.IsDir():
		what = "a directory"
	}
	w.emit(&parse.Error{Source: p, Message: fmt.Sprintf("not read: %s (expected a regular file)", what)})
	return false
}

// mergeNothingFound writes the reports of the files of one directory in
// which nothing was found (a results archive's notes, configuration
// files and scripts: DESC, my.cnf.01, run.sysbench) as one report for
// the directory, in the place of the first, when there are two or more:
// each file is still named, but twenty configuration files beside the
// logs are not twenty problems to read through.
func mergeNothingFound(items []held) []held {
	type group struct {
		first int
		names []string
		lines []string
	}
	nothing := func(h held) bool {
		e, ok := h.it.(*parse.Error)
		return ok && !h.fromDoc && h.file != "" && errors.Is(e, parse.ErrNothingFound)
	}
	groups := map[string]*group{}
	for i, h := range items {
		if !nothing(h) {
			continue
		}
		e := h.it.(*parse.Error)
		g := groups[h.dir]
		if g == nil {
			g = &group{first: i}
			groups[h.dir] = g
		}
		g.names = append(g.names, path.Base(filepath.ToSlash(h.file)))
		g.lines = append(g.lines, e.Message)
	}
	merged := false
	for _, g := range groups {
		merged = merged || len(g.names) > 1
	}
	if !merged {
		return items
	}
	out := items[:0:0]
	for i, h := range items {
		g := groups[h.dir]
		if g == nil || len(g.names) < 2 || !nothing(h) {
			out = append(out, h)
			continue
		}
		if i != g.first {
			continue
		}
		names := g.names
		more := ""
		if len(names) > 12 {
			more = fmt.Sprintf(" and %d more", len(names)-12)
			names = names[:12]
		}
		expect := ""
		if k := strings.LastIndex(g.lines[0], "(expected "); k >= 0 {
			expect = "; " + strings.TrimSuffix(g.lines[0][k+1:], ")")
			for _, l := range g.lines[1:] {
				if !strings.HasSuffix(l, g.lines[0][k:]) {
					expect = ""
					break
				}
			}
		}
		dir := h.dir
		if dir == "" {
			dir = "."
		}
		out = append(out, held{it: &parse.Error{Source: dir, Message: fmt.Sprintf("%s in %d files (%s%s%s)",
			parse.NothingFound, len(g.names), strings.Join(names, ", "), more, expect)}, file: h.file, dir: h.dir, scope: h.scope})
	}
	return out
}
