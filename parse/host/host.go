// Package host reads the captures that describe the machine a benchmark
// ran on: lscpu (its label list, -e/-p tables and -J JSON), lsblk (tree,
// list, -P pairs and -J JSON), free, /proc/meminfo and uname -a. Each
// becomes a model.Host holding that capture's fields; parse's hostmerge
// joins the captures of one machine. /work/shared/FORMATS.md describes
// lscpu (section 5, "lscpu"), lsblk (6, "lsblk") and free (7, "free");
// /proc/meminfo and uname -a are described where they are read
// (meminfo.go, uname.go). The package reads lines given by parse through
// the contract of parse/model and imports neither parse nor any other
// reader.
package host

import "github.com/sbreport/sbreport/parse/model"

// typed reports whether the last command line not yet taken ran tool and
// ended no more than n lines above line.
func typed(c model.Sink, tool string, line, n int) bool {
	cmd, ok := c.Command()
	return ok && cmd.Tool == tool && line-cmd.Line <= n
}

func intPtr(v int) *int           { return &v }
func int64Ptr(v int64) *int64     { return &v }
func floatPtr(v float64) *float64 { return &v }
