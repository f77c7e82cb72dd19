package collect

import (
	"io"

	"github.com/sbreport/sbreport/parse"
)

// A reader is a parse entry point: it reads one input and emits its items.
type reader func(r io.Reader, name string, emit func(parse.Item)) error

// kindReaders read the files a campaign manifest lists by kind
// (Captures.Files, a client's ".cK" suffix aside): what sbreport run
// captured is read as what it is, by that format's reader alone, never
// sniffed, so no other format can claim a line of it. Files of other
// kinds, and files outside campaigns, are read by parse.Stream.
var kindReaders = map[string]reader{
	FileOutput:      parse.Sysbench,
	FileWarmup:      parse.Sysbench,
	FilePrepare:     parse.Sysbench,
	FileCleanup:     parse.Sysbench,
	FileStatus:      readStatus,
	FileVersion:     parse.MySQLCapture,
	FileVariables:   parse.MySQLCapture,
	FileTableStatus: parse.MySQLCapture,
	FileSettings:    parse.MySQLCapture,
	FileProc:        parse.Procstat,
	"lscpu":         parse.Lscpu,
	"lscpu_json":    parse.Lscpu,
	"lsblk":         parse.Lsblk,
	"free":          parse.Free,
	"meminfo":       parse.Meminfo,
	"uname":         parse.Uname,
}

// readerOf returns the reader of a manifest file kind ("output.c2" is
// read as "output"), nil for a kind of no known format.
func readerOf(kind string) reader {
	base, _ := SplitKind(kind)
	return kindReaders[base]
}

// readStatus reads status snapshots, every value kept.
func readStatus(r io.Reader, name string, emit func(parse.Item)) error {
	return parse.MySQLStatus(r, name, nil, emit)
}
