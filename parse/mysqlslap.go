package parse

// detectMysqlslap: placeholder until the parser lands.
func detectMysqlslap(l *Line, c *ctx) block { return nil }
