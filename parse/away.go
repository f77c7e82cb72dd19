package parse

// An Away gives back what was let go of a run as it was read (Run.Away):
// its latency histogram, kept where it does not take memory while the
// runs of a year of campaigns are analysed. Histogram returns the
// buckets as they were read (nil if they cannot be read back, which the
// keeper reports itself); Buckets returns how many there are without
// reading them.
type Away interface {
	Histogram() []Bucket
	Buckets() int
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
	if r.Away == nil || r.Histogram != nil {
		return r
	}
	c := *r
	c.Histogram = r.Away.Histogram()
	return &c
}
