package parse

import "github.com/sbreport/sbreport/parse/model"

// The tool grammars of parse/host, parse/sysstat, parse/mysqlslap and
// parse/mysqlcli read lines through the contract of parse/model: this
// file offers them the lines of an input and its ctx (slap.go and
// client.go add what the mysqlslap and client grammars ask of it).

// Heading is a recent line that no block claimed: prose, headings, labels.
type Heading = model.Heading

// sink is the ctx of an input as a grammar sees it (model.Sink).
type sink ctx

func (s *sink) Source() string                              { return s.name }
func (s *sink) Add(it Item)                                 { (*ctx)(s).add(it) }
func (s *sink) Errorf(line int, format string, args ...any) { (*ctx)(s).errorf(line, format, args...) }
func (s *sink) Recognised()                                 { (*ctx)(s).recognised() }
func (s *sink) Headings() []model.Heading                   { return s.headings }

func (s *sink) Command() (model.Cmd, bool) {
	if s.command == nil {
		return model.Cmd{}, false
	}
	return model.Cmd{Tool: s.command.Tool, Raw: s.command.raw, Masked: s.command.Masked(), Line: s.cmdLine}, true
}

func (s *sink) TakeCommand(line int) (model.Cmd, bool) {
	cmd, ok := s.Command()
	if (*ctx)(s).takeCommand(line) == nil {
		return model.Cmd{}, false
	}
	return cmd, ok
}

// modelLine is l as the grammars read it.
func modelLine(l *Line) model.Line {
	return model.Line{No: l.No, Raw: l.Raw, Text: l.Text, Prompt: l.Prompt, Cmd: l.Cmd != nil}
}

// grammarBlock is a block a grammar started.
type grammarBlock struct {
	b model.Block
	l model.Line
}

func (g *grammarBlock) feed(l *Line) status {
	g.l = modelLine(l)
	return g.b.Feed(&g.l)
}

func (g *grammarBlock) end(c *ctx) { g.b.End((*sink)(c)) }

// grammars is one detector trying the grammars' detectors in order: the
// line is converted once for all of them.
func grammars(ds ...model.Detector) detector {
	return func(l *Line, c *ctx) block {
		c.line = modelLine(l)
		for _, d := range ds {
			if b := d(&c.line, (*sink)(c)); b != nil {
				return &grammarBlock{b: b}
			}
		}
		return nil
	}
}

// grammarJSON is a grammar's JSON handler as a format lists it.
func grammarJSON(h model.JSONHandler) jsonHandler {
	return func(lines []Line, c *ctx) bool {
		ml := make([]model.Line, len(lines))
		for i := range lines {
			ml[i] = modelLine(&lines[i])
		}
		return h(ml, (*sink)(c))
	}
}
