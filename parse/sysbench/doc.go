// Package sysbench reads sysbench's output (FORMATS.md §1–§3), of every
// generation from 0.4 to 1.1: where a run starts and ends (block.go), the
// banner and options header (header.go), the blocks of the cumulative
// report (report.go), the interim report lines (interim.go) and
// --histogram rows, the layout each run's labels tell (layout.go), and
// the checks of what no real run prints (check.go). The words it looks
// for that are lists are data in words.go.
//
// The package reads lines given by parse through the contract of
// parse/model; the runs it fills are parse's, reached through the small
// Sink and Run of run.go (parse implements them in its sysbench.go), so
// it imports neither parse nor any other reader.
package sysbench
