// Package tabular reads the blocks of values people and harnesses print
// around benchmark results, apart from any tool's grammar:
//
//   - list rows, a header list over rows printed as lists
//     (['threads', 'time', 'avg'] then ['1', 20000, '149.37s', '7.47ms']);
//   - key=value records, several pairs on one line, optionally grouped by
//     " : " (Threads=1 : TotalQueries=330240 TransactionsPerSec=55.04);
//
// and the cells in them: numbers with units glued on or after a space
// (12.5ms, 1234qps, 47.731Mb/sec, 4342.01 MB/sec), thousands separators
// (9,938), k and M suffixes (133k), and absent cells (N/A, -, empty).
//
// A block is read as a table: every column is either a measurement, named
// by its header with the unit its header or its cells give, or a
// dimension that says which experiment a row is (a mode, a block size, a
// thread count, a setting repeated on every row). Which measurements mean
// transactions, queries or events per second or a latency statistic is
// decided by Classify from the words of words.go, and only where the name
// and the unit agree; every other measurement keeps its own name.
//
// The package knows no benchmark tool and imports only the standard
// library: parse builds runs from what it reads.
package tabular
