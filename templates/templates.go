// Package templates holds the Markdown templates of sbreport's reports.
// It sits beside package render at the end of the flow
// (collect → parse → analyze → render): render executes report.md.tmpl
// on a render.View with the helpers of render.Funcs. It is its own
// package because //go:embed cannot reach files outside the package
// directory.
package templates

import "embed"

// FS holds every *.md.tmpl file; report.md.tmpl is the report, and
// history.md.tmpl defines its History section.
//
//go:embed *.md.tmpl
var FS embed.FS
