package parse

import (
	"io"

	"github.com/sbreport/sbreport/parse/host"
	"github.com/sbreport/sbreport/parse/sysstat"
)

// Typed entry points. When the kind of an input is known before it is read
// (a file that sbreport run captured, listed by kind in its campaign
// manifest), it is read by that format's reader alone: no other detector
// is offered its lines, so the order in which Stream tries its detectors
// cannot decide what the text is taken for. Stream remains the reader of
// text of unknown kind.
//
// Each entry point reads r, the input called name, line by line as Stream
// does (prompts and command lines give context: a run takes its sysbench
// command, a result set its statement), emits the records of its format
// and the errors met, in input order, and returns an error only when r
// fails. Text that is not of the format is skipped as prose; an input that
// holds none of it gets one *Error saying what was expected.

// Sysbench reads sysbench output of any generation (FORMATS.md §1–§3):
// runs with their banner, options header, interim lines, cumulative
// report and histogram, report_csv and report_json hook output, and the
// transactions line of a filtered report. It emits *Run and *Error items.
func Sysbench(r io.Reader, name string, emit func(Item)) error {
	return stream(r, name, sysbenchFormat, emit)
}

// MysqlslapOutput reads mysqlslap output: Benchmark blocks and --csv
// lines. It emits *Run and *Error items. (Mysqlslap is the type of a run's
// mysqlslap figures.)
func MysqlslapOutput(r io.Reader, name string, emit func(Item)) error {
	return stream(r, name, mysqlslapFormat, emit)
}

// MySQLCapture reads MySQL or MariaDB client output (FORMATS.md §8):
// SHOW [GLOBAL] VARIABLES, SHOW GLOBAL STATUS and SELECT VERSION() as
// *Variables, SHOW TABLE STATUS and information_schema size queries as
// *TableStatus, in any of the client's forms. It emits those and *Error
// items.
func MySQLCapture(r io.Reader, name string, emit func(Item)) error {
	return stream(r, name, mysqlFormat, emit)
}

// Lscpu reads lscpu output, plain, tree or -J. It emits *Host and *Error
// items.
func Lscpu(r io.Reader, name string, emit func(Item)) error {
	return stream(r, name, lscpuFormat, emit)
}

// Lsblk reads lsblk output, plain, -P or -J. It emits *Host and *Error
// items.
func Lsblk(r io.Reader, name string, emit func(Item)) error {
	return stream(r, name, lsblkFormat, emit)
}

// Free reads the output of free, in any unit. It emits *Host and *Error
// items.
func Free(r io.Reader, name string, emit func(Item)) error {
	return stream(r, name, freeFormat, emit)
}

// Meminfo reads /proc/meminfo. It emits *Host and *Error items.
func Meminfo(r io.Reader, name string, emit func(Item)) error {
	return stream(r, name, meminfoFormat, emit)
}

// Uname reads the output of uname -a. It emits *Host and *Error items.
func Uname(r io.Reader, name string, emit func(Item)) error {
	return stream(r, name, unameFormat, emit)
}

// Vmstat reads vmstat output. It emits *SysStat and *Error items.
func Vmstat(r io.Reader, name string, emit func(Item)) error {
	return stream(r, name, vmstatFormat, emit)
}

// Iostat reads iostat output, with or without the sysstat banner. It
// emits *SysStat and *Error items.
func Iostat(r io.Reader, name string, emit func(Item)) error {
	return stream(r, name, iostatFormat, emit)
}

// Mpstat reads mpstat output, with or without the sysstat banner. It
// emits *SysStat and *Error items.
func Mpstat(r io.Reader, name string, emit func(Item)) error {
	return stream(r, name, mpstatFormat, emit)
}

// Procstat reads samples of /proc/stat. It emits *SysStat and *Error
// items.
func Procstat(r io.Reader, name string, emit func(Item)) error {
	return stream(r, name, procstatFormat, emit)
}

var (
	sysbenchFormat = &format{
		detectors: []detector{detectSysbench, detectTxLine, detectJSON, detectReportCSV},
		json:      []jsonHandler{sysbenchJSON},
		expect:    "sysbench output",
		jsonDoc:   "sysbench report_json output",
	}
	mysqlslapFormat = &format{detectors: []detector{grammars(detectMysqlslap)}, expect: "mysqlslap output"}
	mysqlFormat     = &format{detectors: []detector{grammars(detectMySQL)}, expect: "mysql or mariadb client output"}
	lscpuFormat     = &format{
		detectors: []detector{grammars(host.DetectLscpu), detectJSON},
		json:      []jsonHandler{grammarJSON(host.LscpuJSON)},
		expect:    "lscpu output",
		jsonDoc:   "lscpu -J output",
	}
	lsblkFormat = &format{
		detectors: []detector{grammars(host.DetectLsblk), detectJSON},
		json:      []jsonHandler{grammarJSON(host.LsblkJSON)},
		expect:    "lsblk output",
		jsonDoc:   "lsblk -J output",
	}
	freeFormat     = &format{detectors: []detector{grammars(host.DetectFree)}, expect: "free output"}
	meminfoFormat  = &format{detectors: []detector{grammars(host.DetectMeminfo)}, expect: "/proc/meminfo"}
	unameFormat    = &format{detectors: []detector{grammars(host.DetectUname)}, expect: "uname -a output"}
	vmstatFormat   = &format{detectors: []detector{grammars(sysstat.DetectVmstat)}, expect: "vmstat output"}
	iostatFormat   = &format{detectors: []detector{grammars(sysstat.BannerFor(ToolIostat), sysstat.DetectIostat)}, expect: "iostat output"}
	mpstatFormat   = &format{detectors: []detector{grammars(sysstat.BannerFor(ToolMpstat), sysstat.DetectMpstat)}, expect: "mpstat output"}
	procstatFormat = &format{detectors: []detector{grammars(sysstat.DetectProcstat)}, expect: "/proc/stat samples"}
)

// binaryExpect is what the format expects, said of binary input.
func (f *format) binaryExpect() string {
	if f.binary != "" {
		return f.binary
	}
	return f.expect
}
