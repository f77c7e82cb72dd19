package collect

import (
	"encoding/binary"
	"fmt"
	"io"
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
//
// Writes and reads go through memory of a bounded size: what Keep is
// given is written in pieces of spoolWrite bytes, not a run at a time,
// and reads are served from a cache of spoolBlocks blocks of spoolBlock
// bytes. A run's series are a few KB, read back several times (the
// analysis, the charts, the workbook, results.json); one system call a
// run and a read cost as much as the rest of reading them back.
type Spool struct {
	mu      sync.Mutex
	f       *os.File
	off     int64  // the end of what was kept: the file's bytes, then pend's
	pend    []byte // kept, not yet written: the bytes from off-len(pend)
	err     error
	removed bool // the file's name is gone already
	cache   blockCache
	scratch []byte // a read that spans blocks, put together
}

const (
	spoolWrite  = 256 << 10
	spoolBlock  = 32 << 10
	spoolBlocks = 256 // 8 MB
)

// A blockCache holds the blocks of the spool's file read last, the least
// recently used given up first. A block read at the file's end may be
// short; bytes written after it are read as a miss.
type blockCache struct {
	slot  map[int64]int // block number to index in blocks
	blks  []cachedBlock
	clock uint64
}

type cachedBlock struct {
	n    int64 // block number
	b    []byte
	used uint64
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
// neither series is left as it is. After a write error Err reports it:
// the series of the runs kept since the last write are lost (a report is
// then not written), later runs keep theirs.
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
	start := len(s.pend)
	b := s.pend
	for i := range ivs {
		b = appendInterval(b, &ivs[i])
	}
	for _, x := range h {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x.ValueMs))
		b = binary.LittleEndian.AppendUint64(b, uint64(x.Count))
	}
	s.pend = b
	n := len(b) - start
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
	s.off += int64(n)
	if len(s.pend) >= spoolWrite {
		s.flush()
	}
}

// flush writes what is pending; false after a write error (s.err). The
// caller holds s.mu.
func (s *Spool) flush() bool {
	if len(s.pend) == 0 {
		return true
	}
	if _, err := s.f.WriteAt(s.pend, s.off-int64(len(s.pend))); err != nil {
		s.err = fmt.Errorf("runs' spool %s: %w", s.f.Name(), err)
		return false
	}
	s.pend = s.pend[:0]
	return true
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

// read calls decode with the n bytes at off, under the spool's lock: a
// piece of the cached block that holds them all, or a copy into the
// spool's scratch buffer of the blocks they span. decode must not keep
// them. false after an error (then in s.err).
func (k *kept) read(off int64, n int, decode func([]byte)) bool {
	s := k.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return false
	}
	if off+int64(n) > s.off-int64(len(s.pend)) && !s.flush() {
		return false
	}
	var b []byte
	for got := 0; got < n; {
		at := off + int64(got)
		blk, err := s.block(at / spoolBlock)
		i := int(at % spoolBlock)
		if err == nil && i >= len(blk) {
			err = io.ErrUnexpectedEOF
		}
		if err != nil {
			s.err = fmt.Errorf("runs' spool %s: %w", s.f.Name(), err)
			return false
		}
		if got == 0 && i+n <= len(blk) {
			decode(blk[i : i+n])
			return true
		}
		if b == nil {
			b = append(s.scratch[:0], make([]byte, n)...)
			s.scratch = b
		}
		got += copy(b[got:], blk[i:])
	}
	decode(b)
	return true
}

// block returns block number bn of the file, from the cache or read into
// it. A block the cache holds short of what the file has now (read at
// the file's end) is read again. The caller holds s.mu.
func (s *Spool) block(bn int64) ([]byte, error) {
	c := &s.cache
	c.clock++
	if c.slot == nil {
		c.slot = make(map[int64]int, spoolBlocks)
	}
	i, ok := c.slot[bn]
	if ok && (len(c.blks[i].b) == spoolBlock || bn*spoolBlock+int64(len(c.blks[i].b)) >= s.off) {
		c.blks[i].used = c.clock
		return c.blks[i].b, nil
	}
	if !ok {
		if len(c.blks) < spoolBlocks {
			c.blks = append(c.blks, cachedBlock{b: make([]byte, spoolBlock)})
			i = len(c.blks) - 1
		} else {
			i = 0
			for j := range c.blks {
				if c.blks[j].used < c.blks[i].used {
					i = j
				}
			}
			delete(c.slot, c.blks[i].n)
		}
		c.slot[bn] = i
	}
	blk := &c.blks[i]
	blk.n, blk.used = bn, c.clock
	m, err := s.f.ReadAt(blk.b[:spoolBlock], bn*spoolBlock)
	blk.b = blk.b[:m]
	if err == io.EOF {
		err = nil
	}
	if err != nil {
		delete(c.slot, bn)
		blk.used = 0
	}
	return blk.b, err
}

func (k *kept) Intervals() []parse.Interval {
	if k.nivs == 0 {
		return k.ivs
	}
	ivs := make([]parse.Interval, k.nivs)
	if !k.read(k.ioff, intervalSize*int(k.nivs), func(b []byte) {
		for i := range ivs {
			ivs[i] = readInterval(b[intervalSize*i:])
		}
	}) {
		return nil
	}
	return ivs
}

func (k *kept) Histogram() []parse.Bucket {
	if k.nh == 0 {
		return k.h
	}
	h := make([]parse.Bucket, k.nh)
	if !k.read(k.hoff, 16*int(k.nh), func(b []byte) {
		for i := range h {
			h[i].ValueMs = math.Float64frombits(binary.LittleEndian.Uint64(b[16*i:]))
			h[i].Count = int64(binary.LittleEndian.Uint64(b[16*i+8:]))
		}
	}) {
		return nil
	}
	return h
}
