package collect

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"sync"

	"github.com/sbreport/sbreport/parse"
)

// A Spool keeps the interim reports and latency histograms of runs in a
// temporary file as the runs are read, so that memory holds a few
// numbers a run rather than its series (some 10 interim reports of 19
// values and 85 buckets a sysbench run of the demo); a run given to Keep
// reads them back through parse.Run.Interim and parse.Run.Buckets. Each
// value is written as it was read (its bits), and read back the same.
type Spool struct {
	mu      sync.Mutex
	f       *os.File
	off     int64
	buf     []byte
	err     error
	removed bool // the file's name is gone already
}

// NewSpool creates a spool in the directory for temporary files. Where
// the system lets an open file's name go (not Windows), it goes at once:
// a command interrupted or killed leaves nothing behind.
func NewSpool() (*Spool, error) {
	f, err := os.CreateTemp("", "sbreport-spool-*")
	if err != nil {
		return nil, fmt.Errorf("runs' spool: %w", err)
	}
	return &Spool{f: f, removed: os.Remove(f.Name()) == nil}, nil
}

// intervalSize is the bytes of one parse.Interval in the spool: its line
// and 18 values.
const intervalSize = 19 * 8

// Keep writes r's interim reports and latency histogram to the spool and
// lets them go from the run; a series kept before stays where it is, so
// a run read in parts (from the warehouse: its histogram, then its
// interim reports) may be given again as each part is read. A run with
// neither series is left as it is. After a write error the runs keep
// theirs and Err reports it.
func (s *Spool) Keep(r *parse.Run) {
	ivs, h := r.Intervals, r.Histogram
	k, _ := r.Away.(*kept)
	if len(ivs) == 0 && len(h) == 0 || r.Away != nil && (k == nil || k.s != s) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return
	}
	if k == nil {
		k = &kept{s: s}
	}
	b := s.buf[:0]
	for i := range ivs {
		b = appendInterval(b, &ivs[i])
	}
	for _, x := range h {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x.ValueMs))
		b = binary.LittleEndian.AppendUint64(b, uint64(x.Count))
	}
	s.buf = b
	if _, err := s.f.WriteAt(b, s.off); err != nil {
		s.err = fmt.Errorf("runs' spool %s: %w", s.f.Name(), err)
		return
	}
	// A series the run does not have keeps its nil or empty slice as it
	// was: results.json writes null for one, [] for the other.
	if len(ivs) > 0 {
		k.ioff, k.nivs, k.ivs = s.off, int32(len(ivs)), nil
		r.Intervals = nil
	} else if k.nivs == 0 {
		k.ivs = ivs
	}
	if len(h) > 0 {
		k.hoff, k.nh, k.h = s.off+intervalSize*int64(len(ivs)), int32(len(h)), nil
		r.Histogram = nil
	} else if k.nh == 0 {
		k.h = h
	}
	r.Away = k
	s.off += int64(len(b))
}

func appendInterval(b []byte, iv *parse.Interval) []byte {
	b = binary.LittleEndian.AppendUint64(b, uint64(int64(iv.Line)))
	for _, v := range [...]float64{iv.T, iv.Threads, iv.TPS, iv.QPS, iv.Reads, iv.Writes, iv.Other, iv.LatMs, iv.LatPct,
		iv.ErrS, iv.ReconnS, iv.EPS, iv.ReadMiBs, iv.WriteMiBs, iv.FsyncS, iv.MiBs, iv.QueueLength, iv.Concurrency} {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
	}
	return b
}

func readInterval(b []byte) parse.Interval {
	f := func(i int) float64 { return math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:])) }
	return parse.Interval{Line: int(int64(binary.LittleEndian.Uint64(b))),
		T: f(1), Threads: f(2), TPS: f(3), QPS: f(4), Reads: f(5), Writes: f(6), Other: f(7), LatMs: f(8), LatPct: f(9),
		ErrS: f(10), ReconnS: f(11), EPS: f(12), ReadMiBs: f(13), WriteMiBs: f(14), FsyncS: f(15), MiBs: f(16),
		QueueLength: f(17), Concurrency: f(18)}
}

// Err returns the first error in writing or reading the spool: a run
// read back without its series is then not what was read.
func (s *Spool) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// Close removes the spool's file; the runs given to Keep cannot read
// their series back after it.
func (s *Spool) Close() error {
	err := s.f.Close()
	if !s.removed {
		if rerr := os.Remove(s.f.Name()); err == nil {
			err = rerr
		}
	}
	return err
}

// kept is where one run's series are in the spool: nivs interim reports
// at ioff, nh buckets at hoff. ivs or h is the run's own (nil or empty)
// slice when it had none.
type kept struct {
	s          *Spool
	ioff, hoff int64
	nivs, nh   int32
	ivs        []parse.Interval
	h          []parse.Bucket
}

func (k *kept) NumIntervals() int { return int(k.nivs) }
func (k *kept) Buckets() int      { return int(k.nh) }

func (k *kept) read(off int64, n int) []byte {
	b := make([]byte, n)
	if _, err := k.s.f.ReadAt(b, off); err != nil {
		k.s.mu.Lock()
		if k.s.err == nil {
			k.s.err = fmt.Errorf("runs' spool %s: %w", k.s.f.Name(), err)
		}
		k.s.mu.Unlock()
		return nil
	}
	return b
}

func (k *kept) Intervals() []parse.Interval {
	if k.nivs == 0 {
		return k.ivs
	}
	b := k.read(k.ioff, intervalSize*int(k.nivs))
	if b == nil {
		return nil
	}
	ivs := make([]parse.Interval, k.nivs)
	for i := range ivs {
		ivs[i] = readInterval(b[intervalSize*i:])
	}
	return ivs
}

func (k *kept) Histogram() []parse.Bucket {
	if k.nh == 0 {
		return k.h
	}
	b := k.read(k.hoff, 16*int(k.nh))
	if b == nil {
		return nil
	}
	h := make([]parse.Bucket, k.nh)
	for i := range h {
		h[i].ValueMs = math.Float64frombits(binary.LittleEndian.Uint64(b[16*i:]))
		h[i].Count = int64(binary.LittleEndian.Uint64(b[16*i+8:]))
	}
	return h
}
