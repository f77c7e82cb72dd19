// Package render is the last stage of sbreport's flow
// (collect → parse → analyze → render). It turns parsed runs and the
// statistics of package analyze into a write-up: a Markdown report from
// the templates of package templates, charts as PNG and SVG drawn with
// gonum/plot, an XLSX workbook made with excelize, and the same data as
// JSON and CSV for other tools.
//
// Render computes no statistics: every interval, ratio, p-value and fit it
// shows comes from analyze, and every raw number from parse. It writes
// only through io.Writer values and a Sink that the caller supplies, so
// it never touches the file system; package main turns a Sink into a
// directory that appears all at once or not at all.
//
// Units: parse keeps latencies in milliseconds and rates per second, and
// so does every table, chart and sheet made here; a column's display scale
// is chosen once per column, never per cell.
package render
