package campaign

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// procFiles are the host counters sampled during each measured run, as
// vmstat and iostat read them: CPU time and context switches (/proc/stat)
// and block device IO (/proc/diskstats).
var procFiles = []string{"stat", "diskstats"}

// maxProcFile bounds one read of a /proc file.
const maxProcFile = 4 << 20

// local reports whether the server of m runs on this host: a unix socket
// or a loopback address. Only then do the host's counters describe it.
func (m *MySQL) local() bool {
	switch m.Host {
	case "", "127.0.0.1", "localhost", "::1", "[::1]":
		return true
	}
	return m.Socket != ""
}

// A sampler writes /proc samples to a file while a run goes on: one block
// per sample, "# t=UNIX_SECONDS.MICROSECONDS", then /proc/stat and
// /proc/diskstats verbatim. A sample is taken when the sampler starts,
// every interval, and when it stops, so the first and last blocks bracket
// the run.
type sampler struct {
	dir   string // the /proc to read
	f     *atomicFile
	every time.Duration
	now   func() time.Time

	mu   sync.Mutex
	err  error // the first failure to sample or write
	stop chan struct{}
	done chan struct{}
}

// startSampler takes the first sample into file (written under a
// temporary name until finish) and then one every interval.
func startSampler(procDir, file string, every time.Duration) (*sampler, error) {
	f, err := createAtomic(file)
	if err != nil {
		return nil, err
	}
	s := &sampler{dir: procDir, f: f, every: every, now: time.Now, stop: make(chan struct{}), done: make(chan struct{})}
	if err := s.sample(); err != nil {
		f.Abort()
		return nil, err
	}
	go s.loop()
	return s, nil
}

func (s *sampler) loop() {
	defer close(s.done)
	t := time.NewTicker(s.every)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
			if err := s.sample(); err != nil {
				s.mu.Lock()
				if s.err == nil {
					s.err = err
				}
				s.mu.Unlock()
			}
		}
	}
}

// sample appends one block.
func (s *sampler) sample() error {
	t := s.now()
	block := fmt.Appendf(nil, "# t=%d.%06d\n", t.Unix(), t.Nanosecond()/1000)
	for _, name := range procFiles {
		data, err := readProc(filepath.Join(s.dir, name))
		if err != nil {
			return err
		}
		block = append(block, data...)
		if len(data) > 0 && data[len(data)-1] != '\n' {
			block = append(block, '\n')
		}
	}
	_, err := s.f.Write(block)
	return err
}

// readProc reads a /proc file whole, up to maxProcFile bytes: the kernel
// builds its text at each read, so one read is one consistent snapshot.
func readProc(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxProcFile+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxProcFile {
		return nil, fmt.Errorf("%s: more than %d bytes", name, maxProcFile)
	}
	return data, nil
}

// finish takes the last sample and keeps the file (renamed into place),
// or discards it when keep is false. It returns the first error met.
func (s *sampler) finish(keep bool) error {
	close(s.stop)
	<-s.done
	err := s.err
	if keep {
		if serr := s.sample(); err == nil {
			err = serr
		}
	}
	if !keep || err != nil {
		s.f.Abort()
		return err
	}
	return s.f.Commit()
}

// procDir is where the runner reads the host's counters: Runner.ProcDir,
// or /proc when it holds them; "" when there is none (macOS, Windows).
func (r *Runner) procDir() string {
	dir := r.ProcDir
	if dir == "" {
		dir = "/proc"
	}
	for _, name := range procFiles {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			return ""
		}
	}
	return dir
}
