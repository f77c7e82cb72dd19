// Package blocktest drives a grammar's blocks in its own tests the way
// parse's reader does, without importing parse (which imports the
// grammars): it depends on parse/model only.
package blocktest

import (
	"strings"

	"github.com/sbreport/sbreport/parse/model"
)

// Feed offers lines, numbered from first, to the blocks detect starts, as
// parse's reader does: a block takes the lines it consumes and the ones
// it skips, unless a skipped line starts another block; it ends when it
// says it is done or rejects a line, which is then offered to detect.
func Feed[S model.Sink](s S, detect func(*model.Line, S) model.Block, first int, lines ...string) {
	var b model.Block
	for i, raw := range lines {
		l := &model.Line{No: first + i, Raw: raw, Text: strings.TrimSpace(raw)}
		if b != nil {
			switch b.Feed(l) {
			case model.Consumed:
				continue
			case model.Done:
				b.End(s)
				b = nil
				continue
			case model.Skipped:
				if nb := detect(l, s); nb != nil {
					b.End(s)
					b = nb
				}
				continue
			}
			b.End(s)
			b = nil
		}
		b = detect(l, s)
	}
	if b != nil {
		b.End(s)
	}
}
