package collect

import (
	"fmt"
	"io/fs"

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
//
// size is what the file counts against the pipeline's budget
// (inFlightSize), from the same stat.
func (w *walker) openable(p string) (ok bool, size int64) {
	st, err := fs.Stat(w.t.fsys, p)
	if err != nil {
		return true, 0 // let the open report it
	}
	m := st.Mode()
	if m.IsRegular() || m&fs.ModeNamedPipe != 0 && p == w.in.Path {
		return true, inFlightSize(p, st)
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
	return false, 0
}
