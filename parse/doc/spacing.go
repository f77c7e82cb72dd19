package doc

// Spaced reports whether text (the lines ahead of a reader, '\n'
// separated) is a reprint with a blank line after every line: a page
// that set each line of an output as a paragraph, or a copy that
// doubled every line break. At least eight lines are needed; every
// second line is blank (spaces only) and at least three in four of the
// others are not; runs of blank lines (a blank line of the original
// doubled) are allowed, up to a quarter of the lines. Code fence lines
// ("```", "~~~sql") are neither text nor blank: an export that set every
// line as a paragraph kept its fences as they were, next to the lines
// they enclose. A line of quote markers alone (">", "> >") is blank: a
// reprint quoted in Markdown puts one between the lines it quotes. A
// last line without its '\n' is not looked at.
func Spaced(text string) bool {
	lines, blanks, full := 0, 0, 0
	prevBlank := true
	for i := 0; i < len(text); {
		j := i
		for j < len(text) && text[j] != '\n' {
			j++
		}
		if j == len(text) {
			break
		}
		blank := Blank(text[i:j])
		if !blank && fence(text[i:j]) {
			i = j + 1
			continue
		}
		lines++
		switch {
		case !blank && !prevBlank:
			return false // two lines of text together: not a reprint
		case blank && prevBlank:
			blanks++
		case blank:
		default:
			full++
		}
		prevBlank = blank
		i = j + 1
	}
	return lines >= 8 && 4*blanks <= lines && 4*full >= 3*((lines-2*blanks)/2)
}

// fence reports a code fence line: "```" or "~~~", with an info string
// or not, indented or not.
func fence(line string) bool {
	k := 0
	for k < len(line) && (line[k] == ' ' || line[k] == '\t') {
		k++
	}
	line = line[k:]
	return len(line) >= 3 && (line[:3] == "```" || line[:3] == "~~~")
}

// Blank reports a line of blanks, or of quote markers and blanks alone
// (">", "> >"): the blank line of a Markdown quote.
func Blank(line string) bool {
	for k := 0; k < len(line); k++ {
		if c := line[k]; c != ' ' && c != '\t' && c != '\r' && c != '>' {
			return false
		}
	}
	return true
}
