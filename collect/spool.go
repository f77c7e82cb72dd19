package collect

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"sync"

	"github.com/sbreport/sbreport/parse"
)

// A Spool keeps the latency histograms of runs in a temporary file as
// the runs are read, so that memory holds a few numbers a run rather
// than its buckets (about 85 a sysbench run); a run given to Keep reads
// its histogram back through parse.Run.Buckets. The buckets are written
// as they were read (the bits of each value), and read back the same.
type Spool struct {
	mu  sync.Mutex
	f   *os.File
	off int64
	buf []byte
	err error
}

// NewSpool creates a spool in the directory for temporary files.
func NewSpool() (*Spool, error) {
	f, err := os.CreateTemp("", "sbreport-spool-*")
	if err != nil {
		return nil, fmt.Errorf("histograms' spool: %w", err)
	}
	return &Spool{f: f}, nil
}

// Keep writes r's latency histogram to the spool and lets it go from
// the run. A run without histogram is left as it is. After a write
// error the runs keep their histograms and Err reports it.
func (s *Spool) Keep(r *parse.Run) {
	h := r.Histogram
	if len(h) == 0 || r.Away != nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return
	}
	b := s.buf[:0]
	for _, x := range h {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x.ValueMs))
		b = binary.LittleEndian.AppendUint64(b, uint64(x.Count))
	}
	s.buf = b
	if _, err := s.f.WriteAt(b, s.off); err != nil {
		s.err = fmt.Errorf("histograms' spool %s: %w", s.f.Name(), err)
		return
	}
	r.Away = &kept{s: s, off: s.off, n: int32(len(h))}
	r.Histogram = nil
	s.off += int64(len(b))
}

// Err returns the first error in writing or reading the spool: a run
// read back without its histogram is then not what was read.
func (s *Spool) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// Close removes the spool's file; the runs given to Keep cannot read
// their histograms back after it.
func (s *Spool) Close() error {
	err := s.f.Close()
	if rerr := os.Remove(s.f.Name()); err == nil {
		err = rerr
	}
	return err
}

// kept is where one run's histogram is in the spool.
type kept struct {
	s   *Spool
	off int64
	n   int32
}

func (k *kept) Buckets() int { return int(k.n) }

func (k *kept) Histogram() []parse.Bucket {
	b := make([]byte, 16*int(k.n))
	if _, err := k.s.f.ReadAt(b, k.off); err != nil {
		k.s.mu.Lock()
		if k.s.err == nil {
			k.s.err = fmt.Errorf("histograms' spool %s: %w", k.s.f.Name(), err)
		}
		k.s.mu.Unlock()
		return nil
	}
	h := make([]parse.Bucket, k.n)
	for i := range h {
		h[i].ValueMs = math.Float64frombits(binary.LittleEndian.Uint64(b[16*i:]))
		h[i].Count = int64(binary.LittleEndian.Uint64(b[16*i+8:]))
	}
	return h
}
