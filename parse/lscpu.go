package parse

// detectLscpu: placeholder until the parser lands.
func detectLscpu(l *Line, c *ctx) block { return nil }

// lscpuJSON handles lscpu -J output.
func lscpuJSON(lines []Line, c *ctx) bool { return false }
