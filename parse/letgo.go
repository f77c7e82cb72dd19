package parse

// letGo drops what the parser kept on a run while it read the text
// around it: the command's options, the shell variables, the header's
// settings, the commands shown before it, and strings cut from the text
// (the engine a capture or heading names). Nothing outside the parser
// reads them, and they kept the text's line windows alive.
func (r *Run) letGo() {
	r.reading = nil
}
