package analyze

// Thresholds holds the knobs of the analysis. Start from
// DefaultThresholds: fields may be added.
type Thresholds struct {
	// StallFraction: an interval whose throughput is below this fraction
	// of the run's median interval throughput (zero included) is a stall.
	StallFraction float64
	// MSERBatch is the batch size of the MSER warm-up rule (MSER-5).
	MSERBatch int
	// MaxWarmupFraction bounds the automatic warm-up to this fraction of
	// the series (MSER is unreliable past half the run).
	MaxWarmupFraction float64
	// MinWarmupShift: an automatic warm-up cut is kept only when the mean
	// of the points it drops differs from the mean of the rest by more than
	// this fraction of the latter. On a flat series MSER's minimum falls
	// anywhere, and trimming it would change the headline for nothing.
	MinWarmupShift float64
	// MaxBatches and MinBatchSize set the batch-means rule: the number of
	// batches is min(MaxBatches, n/MinBatchSize); fewer than 2 batches
	// give no interval.
	MaxBatches, MinBatchSize int
	// LittleTolerance: a run fails the Little's-law check when
	// |X·R/threads − 1| exceeds it (X throughput, R average latency).
	LittleTolerance float64
	// CVWarn: a steady state whose coefficient of variation exceeds it is
	// reported as noisy.
	CVWarn float64
	// ExtrapolationFactor: model predictions beyond this multiple of the
	// largest measured thread count are marked as extrapolation.
	ExtrapolationFactor float64
	// MinIntervals is the least number of interim points a run needs
	// before its series is analysed.
	MinIntervals int
	// A cell's repeats are flagged when their spread (max/min) is at
	// least MinSpread and an F-test of their log-variance against the
	// pooled log-variance of the other cells rejects at SpreadAlpha
	// (Bonferroni over the cells), or when the spread is at least
	// MaxSpread whatever the other cells do (0: no such limit).
	SpreadAlpha, MinSpread, MaxSpread float64
}

// DefaultThresholds are the thresholds used unless told otherwise.
var DefaultThresholds = Thresholds{
	StallFraction:       0.10,
	MSERBatch:           5,
	MaxWarmupFraction:   0.5,
	MinWarmupShift:      0.03,
	MaxBatches:          10,
	MinBatchSize:        5,
	LittleTolerance:     0.15,
	CVWarn:              0.10,
	ExtrapolationFactor: 2,
	MinIntervals:        10,
	SpreadAlpha:         0.01,
	MinSpread:           1.1,
	MaxSpread:           2,
}
