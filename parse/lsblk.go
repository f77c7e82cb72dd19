package parse

// detectLsblk: placeholder until the parser lands.
func detectLsblk(l *Line, c *ctx) block { return nil }

// lsblkJSON handles lsblk -J output.
func lsblkJSON(lines []Line, c *ctx) bool { return false }
