// Package analyze is the third stage of sbreport's flow
// (collect → parse → analyze → render): pure computation over the runs that
// package parse produced. It reads no files, keeps no clock and draws no
// random numbers; the same input always gives the same output.
//
// The stages of an analysis, each usable on its own:
//
//   - Group sorts runs into cells keyed by system, workload and threads
//     (runs in one cell are repeats) after merging multi-client runs.
//   - Steady examines one run's interim series: warm-up (MSER-5 or a fixed
//     skip), steady-state mean, coefficient of variation, stalls, a
//     batch-means confidence interval and a Little's-law check.
//   - Summarize summarises repeats: the geometric mean with a Student-t
//     interval on the logarithms (SummarizeGeoMean), or the median with
//     the order-statistic interval computed exactly as golang.org/x/perf's
//     benchmath does (SummarizeMedian). Neither reaches below zero.
//   - Compare sets each system against a baseline per cell with one pivot
//     for interval and verdict: the ratio of geometric means with Welch's
//     interval and t-test on the logarithms (LogRatio), or the ratio of
//     medians with the exact Mann–Whitney test (mid-ranks for ties) and
//     the Hodges–Lehmann interval that inverts it (RankRatio); "no test
//     (1 run)" for a side with one
//     run; repeats that differ much more than the other cells' flagged;
//     and a geometric mean of the ratios.
//   - Scale fits the Universal Scalability Law to thread sweeps (FitUSL)
//     and reports peak concurrency, efficiency and latency targets.
//   - DiffConfig lists the server variables that differ between systems.
//   - Analyze runs all of them on a parse.Document for package render.
//
// Units follow package parse: latencies in milliseconds, rates per second.
// Results carry Warnings (shown to the reader, never returned as errors);
// knobs live in Thresholds, whose defaults are DefaultThresholds. Values
// that are infinite or undefined marshal as JSON null.
package analyze
