package parse

// detectFree: placeholder until the parser lands.
func detectFree(l *Line, c *ctx) block { return nil }
