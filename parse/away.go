package parse

// An Away gives back what was let go of a run as it was read (Run.Away):
// its interim reports and latency histogram, kept where they do not
// take memory while the runs of a year of campaigns are analysed.
// Intervals and Histogram return them as they were read (nil if they
// cannot be read back, which the keeper reports itself); NumIntervals
// and Buckets say how many there are without reading them.
type Away interface {
	Intervals() []Interval
	NumIntervals() int
	Histogram() []Bucket
	Buckets() int
}

// Interim returns r's interim reports: Intervals, or what Away reads
// back when they were let go.
func (r *Run) Interim() []Interval {
	if r.Away != nil && r.Intervals == nil {
		return r.Away.Intervals()
	}
	return r.Intervals
}

// NumIntervals returns the number of r's interim reports, without
// reading back those let go.
func (r *Run) NumIntervals() int {
	if r.Away != nil && r.Intervals == nil {
		return r.Away.NumIntervals()
	}
	return len(r.Intervals)
}

// Buckets returns r's latency histogram: Histogram, or what Away reads
// back when it was let go.
func (r *Run) Buckets() []Bucket {
	if r.Away != nil && r.Histogram == nil {
		return r.Away.Histogram()
	}
	return r.Histogram
}

// NumBuckets returns the number of buckets in r's latency histogram,
// without reading back one that was let go.
func (r *Run) NumBuckets() int {
	if r.Away != nil && r.Histogram == nil {
		return r.Away.Buckets()
	}
	return len(r.Histogram)
}

// WithSeries returns r itself, or, when part of it was let go, a copy of
// r with it read back: for writing the run whole (results.json).
func (r *Run) WithSeries() *Run {
	if r.Away == nil || r.Intervals != nil && r.Histogram != nil {
		return r
	}
	c := *r
	c.Intervals, c.Histogram = r.Interim(), r.Buckets()
	return &c
}
