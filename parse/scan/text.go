package scan

// PlainASCII reports whether s is printable ASCII and tabs, which
// parse's CleanText leaves as it is: the fast path of parse's normalize,
// and of the mysql client's table rows (parse/mysqlcli).
func PlainASCII(s string) bool {
	i := 0
	// Eight bytes at a time: a byte of 0x80 or more, below 0x20 or equal
	// to 0x7f sends the eight to the byte loop (tabs are fine there).
	for ; i+8 <= len(s); i += 8 {
		w := s[i : i+8] // one bounds check, and the compiler loads the eight bytes at once
		x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
		const ones, highs = 0x0101010101010101, 0x8080808080808080
		del := x ^ 0x7f*ones
		if x&highs != 0 || (x-0x20*ones)&^x&highs != 0 || (del-ones)&^del&highs != 0 {
			if !PlainASCIIBytes(s[i : i+8]) {
				return false
			}
		}
	}
	return PlainASCIIBytes(s[i:])
}

// PlainASCIIBytes is PlainASCII a byte at a time.
func PlainASCIIBytes(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\t' || c >= 0x7f {
			return false
		}
	}
	return true
}

// IsIdentifier reports an SQL identifier written without quotes: ASCII
// letters, digits and '_', not starting with a digit, at most 128 bytes.
func IsIdentifier(s string) bool {
	if s == "" || len(s) > 128 {
		return false
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if !(ch == '_' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || i > 0 && ch >= '0' && ch <= '9') {
			return false
		}
	}
	return true
}
