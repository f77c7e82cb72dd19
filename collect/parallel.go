package collect

import (
	"io/fs"
	"runtime"
	"strings"
	"sync"

	"github.com/sbreport/sbreport/parse"
)

// Files are parsed on several goroutines, and the walk stays what it is
// when they are read one after the other. The walk enumerates its inputs
// in order as before, but each file it meets is a fileJob handed to a
// worker, and everything the walk would do after it (the next file, an
// error about a directory, the end of a directory) waits in a queue of
// steps. Steps are carried out in order on the caller's goroutine: a
// file's step hands its items to the walker, as they come, exactly as
// reading it in turn would have. Small files of a directory go to the
// workers in batches (up to maxBatchFiles files and maxBatchBytes), so
// that handing them over costs less than parsing them. Memory is bounded
// by the files in flight: a file is handed to a worker only while the files queued
// before it hold less than inFlightPerWorker bytes per worker (one file
// is always let through), and only maxQueuedSteps steps wait at once.

// inFlightPerWorker bounds the size of the files parsed but not yet
// handed over, per worker. A compressed file counts gzipFactor times its
// size.
const (
	inFlightPerWorker = 8 << 20
	gzipFactor        = 5
	maxQueuedSteps    = 256
	maxBatchFiles     = 32
	maxBatchBytes     = 256 << 10
)

// A pipeline parses files ahead of the walk.
type pipeline struct {
	workers  int
	maxBytes int64         // inFlightPerWorker × workers, smaller in tests
	maxSteps int           // maxQueuedSteps, smaller in tests
	jobs     chan *fileJob // files for the workers
	wg       sync.WaitGroup
	started  bool
	queue    []step   // what the walk does next, in order
	batch    *fileJob // small files met since the last step, not queued yet
	inflight int64    // bytes of the files in queue
}

// A step is one thing the walk does once everything before it is done:
// hand over a file's items (job), hold an item for walker w (it), pass an
// item straight on (out), or end w's directory (flush).
type step struct {
	w     *walker
	job   *fileJob
	it    parse.Item
	out   func(parse.Item)
	flush bool
}

// newPipeline returns a pipeline with the given number of workers
// (GOMAXPROCS for 0). With one worker, files are read on the caller's
// goroutine as they come.
func newPipeline(workers int) *pipeline {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return &pipeline{workers: workers, maxBytes: inFlightPerWorker * int64(workers), maxSteps: maxQueuedSteps}
}

// busy reports whether steps wait: what the walk does now must then wait
// behind them.
func (pl *pipeline) busy() bool { return pl != nil && (len(pl.queue) > 0 || pl.batch != nil) }

func (pl *pipeline) push(s step) {
	pl.sendBatch()
	for len(pl.queue) >= pl.maxSteps {
		pl.next()
	}
	pl.queue = append(pl.queue, s)
}

// emit passes it to out once the steps before it are done (at once for
// a nil pipeline).
func (pl *pipeline) emit(out func(parse.Item), it parse.Item) {
	if pl.busy() {
		pl.push(step{out: out, it: it})
		return
	}
	out(it)
}

// addFile queues a file of walker w, of the given inFlightSize, in a
// batch of small files or alone.
func (pl *pipeline) addFile(w *walker, f fileSpec, size int64) {
	if b := pl.batch; b != nil && (b.w != w || len(b.files) >= maxBatchFiles || b.size+size > maxBatchBytes) {
		pl.sendBatch()
	}
	if size >= maxBatchBytes {
		pl.submit(&fileJob{w: w, files: []fileSpec{f}, size: size})
		return
	}
	if pl.batch == nil {
		pl.batch = &fileJob{w: w}
	}
	pl.batch.files = append(pl.batch.files, f)
	pl.batch.size += size
}

// sendBatch hands the batch of small files to the workers.
func (pl *pipeline) sendBatch() {
	if b := pl.batch; b != nil {
		pl.batch = nil
		pl.submit(b)
	}
}

// submit hands a job to the workers and queues its step.
func (pl *pipeline) submit(j *fileJob) {
	pl.sendBatch()
	for len(pl.queue) > 0 && (pl.inflight+j.size > pl.maxBytes || len(pl.queue) >= pl.maxSteps) {
		pl.next()
	}
	if !pl.started {
		pl.started = true
		pl.jobs = make(chan *fileJob, pl.maxSteps)
		for i := 0; i < pl.workers; i++ {
			pl.wg.Add(1)
			go func() {
				defer pl.wg.Done()
				for j := range pl.jobs {
					for _, f := range j.files {
						j.w.readFile(j, f.p, f.extra, f.scope, f.read, f.quiet)
					}
					j.finish()
				}
			}()
		}
	}
	j.ready = make(chan struct{}, 1)
	pl.inflight += j.size
	pl.queue = append(pl.queue, step{w: j.w, job: j})
	pl.jobs <- j // never blocks: the channel holds as many jobs as the queue steps
}

// next carries out the first step.
func (pl *pipeline) next() {
	s := pl.queue[0]
	pl.queue[0] = step{}
	pl.queue = pl.queue[1:]
	switch {
	case s.job != nil:
		s.job.handOver()
		pl.inflight -= s.job.size
	case s.flush:
		s.w.flushDir()
	case s.out != nil:
		s.out(s.it)
	default:
		s.w.hold(s.it, "", "")
	}
}

// drain carries out every step.
func (pl *pipeline) drain() {
	pl.sendBatch()
	for pl.busy() {
		pl.next()
	}
}

// close stops the workers once they have finished their files.
func (pl *pipeline) close() {
	if pl.started {
		close(pl.jobs)
		pl.wg.Wait()
		pl.started = false
	}
}

// inFlightSize is what the file p, of FileInfo st, counts against
// maxInFlightBytes.
func inFlightSize(p string, st fs.FileInfo) int64 {
	if strings.HasSuffix(p, ".gz") {
		return st.Size() * gzipFactor
	}
	return st.Size()
}

// A fileJob is files read by a worker one after the other: it keeps what
// reading them gives (fileOut) until the walker takes it, in order.
type fileJob struct {
	w     *walker // whose input and options label the files' items
	files []fileSpec
	size  int64 // what the files count against the budget

	mu    sync.Mutex
	ops   []fileOp      // given, not yet taken
	done  bool          // the file is read
	ready chan struct{} // ops were given or the file is read
}

// A fileSpec is a file to read, with what walker.openFile was told of it.
type fileSpec struct {
	p     string
	extra map[string]string
	scope string
	read  reader // nil: sniffed
	quiet bool
}

// A fileOp is one call of fileOut.
type fileOp struct {
	kind        byte // 'h' hold, 'd' holdDoc, 'H' host
	it          parse.Item
	file, scope string
}

// opBatch is how many ops wake the walker waiting for a file.
const opBatch = 64

func (j *fileJob) hold(it parse.Item, file, scope string) {
	j.add(fileOp{kind: 'h', it: it, file: file, scope: scope})
}

func (j *fileJob) holdDoc(it parse.Item, file, scope string) {
	j.add(fileOp{kind: 'd', it: it, file: file, scope: scope})
}

func (j *fileJob) host(h *parse.Host, file, scope string) {
	j.add(fileOp{kind: 'H', it: h, file: file, scope: scope})
}

func (j *fileJob) add(op fileOp) {
	j.mu.Lock()
	j.ops = append(j.ops, op)
	n := len(j.ops)
	j.mu.Unlock()
	if n%opBatch == 0 {
		j.signal()
	}
}

func (j *fileJob) finish() {
	j.mu.Lock()
	j.done = true
	j.mu.Unlock()
	j.signal()
}

func (j *fileJob) signal() {
	select {
	case j.ready <- struct{}{}:
	default: // the walker has a wake-up pending already
	}
}

// handOver gives the file's items to its walker as they come, until the
// file is read.
func (j *fileJob) handOver() {
	var batch []fileOp
	for {
		j.mu.Lock()
		batch, j.ops = j.ops, batch[:0]
		done := j.done
		j.mu.Unlock()
		for i, op := range batch {
			switch op.kind {
			case 'h':
				j.w.hold(op.it, op.file, op.scope)
			case 'd':
				j.w.holdDoc(op.it, op.file, op.scope)
			case 'H':
				j.w.host(op.it.(*parse.Host), op.file, op.scope)
			}
			batch[i] = fileOp{}
		}
		if len(batch) == 0 {
			if done {
				return
			}
			<-j.ready
		}
	}
}
