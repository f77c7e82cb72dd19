// Package sysbench reads sysbench's output (FORMATS.md §1–§3), of every
// generation: the interim report lines of 0.5 to 1.1 (interim.go).
//
// The package reads the normalised text parse's line reader gives it; it
// imports parse/model and parse/scan, never parse, which reaches the
// grammar through the functions here.
package sysbench
