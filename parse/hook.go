package parse

// detectReportCSV: placeholder until the parser lands.
func detectReportCSV(l *Line, c *ctx) block { return nil }

// sysbenchJSON handles report_json hook output.
func sysbenchJSON(lines []Line, c *ctx) bool { return false }
