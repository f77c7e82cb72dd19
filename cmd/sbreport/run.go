package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/sbreport/sbreport/collect/campaign"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/sbreport/sbreport/collect"
)

func init() {
	register("run", "run [flags] PLAN.yaml -o DIR",
		"Run a benchmark campaign: prepare each system's tables, run every workload × threads × repeat with sysbench, and capture the host, each server's variables and status, and every raw output into DIR.",
		runRun)
}

func runRun(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("run", stderr)
	out := fs.String("o", "", "campaign `directory` to write (created; must be empty unless --resume)")
	resume := fs.Bool("resume", false, "continue the campaign in -o, skipping the runs that completed")
	failFast := fs.Bool("fail-fast", false, "stop at the first failed run instead of recording it and going on")
	dryRun := fs.Bool("dry-run", false, "print the commands the campaign would run, without running or connecting to anything")
	quiet := fs.Bool("quiet", false, "print nothing but errors")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		fs.Usage()
		return fmt.Errorf("run: want exactly one PLAN.yaml, got %d arguments: %w", len(pos), errUsage)
	}
	if *out == "" && !*dryRun {
		fs.Usage()
		return fmt.Errorf("run: -o DIR is required: %w", errUsage)
	}
	// SIGINT and SIGTERM stop the campaign wherever it is: reading the
	// plan, preflight, prepare, the runs, cleanup. The runs done are kept
	// and --resume continues. A second signal kills sbreport at once.
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop()
	}()

	// A dry run connects to nothing: it needs no password.
	getenv := os.Getenv
	if *dryRun {
		getenv = nil
	}
	plan, err := campaign.ReadPlanFile(pos[0], getenv)
	if err != nil {
		return err
	}
	if ctx.Err() != nil {
		return fmt.Errorf("interrupted before the campaign started")
	}
	r := &campaign.Runner{Plan: plan, Dir: *out, Resume: *resume, FailFast: *failFast}
	if *dryRun {
		return r.DryRun(stdout)
	}

	var prog *progress
	if !*quiet {
		prog = newProgress(stderr)
		r.Observe = prog.observe
		defer prog.close()
	}
	m, err := r.Run(ctx)
	if prog != nil {
		prog.close()
	}
	var failed *campaign.FailedRunsError
	switch {
	case errors.Is(err, campaign.ErrInterrupted):
		n := m.Summary()[collect.RunOK]
		return fmt.Errorf("interrupted with %d of %d runs complete; continue with: sbreport run %s -o %s --resume", n, len(m.Runs), pos[0], *out)
	case errors.As(err, &failed):
		if !*quiet {
			fmt.Fprintf(stderr, "campaign finished: %d ok, %d failed\n", m.Summary()[collect.RunOK], len(failed.Failed))
		}
		return err
	case err != nil:
		return err
	}
	if !*quiet {
		fmt.Fprintf(stderr, "campaign complete: %d runs in %s\nnext: sbreport report -o REPORT_DIR %s\n", len(m.Runs), *out, *out)
	}
	return nil
}

// progress shows a campaign's advance: a bar over the planned seconds on a
// terminal, one line per run otherwise.
type progress struct {
	w   io.Writer
	tty bool

	mu      sync.Mutex
	bar     *progressbar.ProgressBar
	total   int           // runs
	length  time.Duration // one run's planned time
	done    int           // runs finished
	current string        // run ID
	started time.Time     // of the current run
	left    time.Duration // planned time left at the current run's start
	stop    chan struct{}
	closed  bool
}

func newProgress(w io.Writer) *progress {
	p := &progress{w: w, stop: make(chan struct{})}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		p.tty = true
		go p.tick()
	}
	return p
}

func (p *progress) observe(e campaign.Event) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch e.Kind {
	case campaign.EventNote:
		p.println(e.Msg)
	case campaign.EventRunStart:
		p.total, p.done, p.length = e.Total, e.Done, e.Length
		p.current, p.started, p.left = e.Run.ID, time.Now(), e.Left
		if p.tty && p.bar == nil {
			p.bar = progressbar.NewOptions64(int64(time.Duration(e.Total)*e.Length/time.Second),
				progressbar.OptionSetWriter(p.w),
				progressbar.OptionSetWidth(25),
				progressbar.OptionSetPredictTime(false),
				progressbar.OptionSetElapsedTime(false),
				progressbar.OptionThrottle(200*time.Millisecond),
				progressbar.OptionSetRenderBlankState(true),
			)
		}
		p.render()
	case campaign.EventRunEnd:
		p.done = e.Done
		r := e.Run
		if !p.tty || r.Status != collect.RunOK {
			msg := fmt.Sprintf("[%d/%d] %s: %s", e.Done, e.Total, r.ID, r.Status)
			if r.Error != "" {
				msg += ": " + r.Error
			}
			if !p.tty {
				msg += fmt.Sprintf(" (%s left)", e.Left)
			}
			p.println(msg)
		}
		p.current = ""
		p.left = e.Left
		p.render()
	}
}

// println prints a line above the bar.
func (p *progress) println(s string) {
	if p.bar != nil {
		p.bar.Clear()
	}
	fmt.Fprintln(p.w, s)
	p.render()
}

// render updates the bar: seconds done, runs done/total, the current run
// and the planned time left.
func (p *progress) render() {
	if p.bar == nil || p.closed {
		return
	}
	elapsed := time.Duration(0)
	if p.current != "" {
		elapsed = min(time.Since(p.started), p.length)
	}
	left := max(p.left-elapsed, 0)
	desc := fmt.Sprintf("[%d/%d]", p.done, p.total)
	if p.current != "" {
		desc = fmt.Sprintf("[%d/%d] %s", p.done+1, p.total, p.current)
	}
	p.bar.Describe(fmt.Sprintf("%s, %s left", desc, left.Truncate(time.Second)))
	p.bar.Set64(int64((time.Duration(p.done)*p.length + elapsed) / time.Second))
}

func (p *progress) tick() {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
			p.mu.Lock()
			p.render()
			p.mu.Unlock()
		}
	}
}

func (p *progress) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	p.closed = true
	close(p.stop)
	if p.bar != nil {
		p.bar.Finish()
		fmt.Fprintln(p.w)
	}
}
