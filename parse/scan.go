package parse

import "github.com/sbreport/sbreport/parse/scan"

// The number and word readers of parse/scan, by the names the readers of
// this package call them.

func parseNum(s string) (float64, error)        { return scan.Num(s) }
func parseNumStrconv(s string) (float64, error) { return scan.NumStrconv(s) }
func atoiStrict(s string) (int, error)          { return scan.Atoi(s) }
func isDigit(c byte) bool                       { return scan.IsDigit(c) }
func splitArgs(s string) []string               { return scan.SplitArgs(s) }
func plainASCII(s string) bool                  { return scan.PlainASCII(s) }
func plainASCIIBytes(s string) bool             { return scan.PlainASCIIBytes(s) }
func isIdentifier(s string) bool                { return scan.IsIdentifier(s) }

func leadingNum(s string) (float64, string, bool) { return scan.LeadingNum(s) }
