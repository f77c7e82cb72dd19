package model

// The contract between parse's reader and a tool grammar: parse reads the
// input into lines, offers each line no block holds to the grammars'
// detectors, feeds the lines that follow to the block a detector started
// until the block lets go, then ends it; the block emits what it read
// through the Sink.

// A Line is one line of the input as parse's line reader gives it.
type Line struct {
	No     int    // 1-based line number in the input ('\n' separated)
	Raw    string // the line without its line ending
	Text   string // normalised: markup, quoting and comment marks removed (parse's normalize)
	Prompt string // shell or client prompt stripped from the front, "" if none
	Cmd    bool   // the line runs sysbench or mysqlslap (a command parse read)
}

// Status is what a block says of a line offered to it.
type Status int

const (
	Consumed Status = iota // the line belongs to the block
	Skipped                // noise the block tolerates; another detector may claim it, ending the block
	Rejected               // the line is not the block's: the block ends, the line is offered again
	Done                   // the line belongs to the block, and the block is complete
)

// A Block reads one record (an lscpu capture, a vmstat log) line by line.
type Block interface {
	// Feed offers the next line.
	Feed(l *Line) Status
	// End finishes the block at its last line (or at the end of input)
	// and emits what it found through s.
	End(s Sink)
}

// A Detector looks at a line that no block holds and returns a block that
// starts with it (having consumed it), or nil.
type Detector func(l *Line, s Sink) Block

// A JSONHandler decodes a JSON document (the lines of a balanced or
// truncated JSON text) into items. It returns false when the document is
// not of its kind.
type JSONHandler func(lines []Line, s Sink) bool

// A Heading is a recent line that no block claimed: prose, headings,
// labels.
type Heading struct {
	No   int
	Text string
	Raw  string // the line as written: comment marks Text drops ("-- ")
}

// A Cmd is a command line typed before a capture.
type Cmd struct {
	Tool   string // the program's base name, wrappers (sudo, time) skipped
	Raw    string // the command line as typed, without its prompt
	Masked string // the command line with passwords replaced by ***
	Line   int    // its last line (continuations included)
}

// A Sink is what a grammar sees of the input being read.
type Sink interface {
	// Source names the input (a file name), for the items' Source.
	Source() string
	// Add emits an item.
	Add(it Item)
	// Errorf reports a malformed line.
	Errorf(line int, format string, args ...any)
	// Recognised counts input that was understood but yields no item, so
	// that the input is not reported as holding nothing.
	Recognised()
	// Command returns the last command line seen that no capture or run
	// has taken yet.
	Command() (Cmd, bool)
	// TakeCommand returns that command if it is no more than 400 lines
	// above line, and forgets it.
	TakeCommand(line int) (Cmd, bool)
	// Headings returns the recent lines no block claimed, oldest first.
	Headings() []Heading
}
