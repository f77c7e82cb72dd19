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
	"unicode/utf8"

	"github.com/sbreport/sbreport/collect/campaign"

	"golang.org/x/term"

	"github.com/sbreport/sbreport/collect"
)

func init() {
	register("run", "run [flags] PLAN.yaml -o DIR",
		"Run a benchmark campaign: prepare each system's tables, run every workload × repeat × combination of the plan's factors (threads, clients, tables, server variables, ...) with sysbench, and capture the host, each server's variables and status, /proc counters, and every raw output into DIR.",
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
		return fmt.Errorf("run: want exactly one PLAN.yaml, got %d arguments: %w", len(pos), errUsage)
	}
	if *out == "" && !*dryRun {
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
		runs := fmt.Sprintf("%d runs", len(m.Runs))
		if skipped := m.Summary()[collect.RunSkipped]; skipped > 0 {
			notConverged := 0
			for _, c := range m.Cells {
				if !c.Converged {
					notConverged++
				}
			}
			runs = fmt.Sprintf("%d runs (%d more not needed: adaptive repeats; %d of %d cells did not converge)", len(m.Runs)-skipped, skipped, notConverged, len(m.Cells))
		}
		fmt.Fprintf(stderr, "campaign complete: %s in %s\nnext: sbreport report -o REPORT_DIR %s\n", runs, *out, *out)
	}
	return nil
}

// progress shows how a campaign goes. On a terminal it keeps one status
// line at the bottom, rewritten in place every second:
//
//	[5/16] aria oltp_read_only, 4 threads, repeat 1 · 12s of 1m0s · ETA 11m
//
// with notes and failed runs printed above it. Between runs the line
// names no run (never the one that just ended). Elsewhere (a file, a
// pipe) it prints one line per note and per finished run.
type progress struct {
	w     io.Writer
	tty   bool
	width func() int // the terminal's columns; 0 when unknown

	mu      sync.Mutex
	now     func() time.Time
	total   int           // runs
	done    int           // runs finished
	length  time.Duration // one run's planned time
	desc    string        // the current run, "" between runs
	started time.Time     // of the current run
	left    time.Duration // planned time left at the current run's start
	// planned and spent add up the planned and the wall time of the runs
	// finished since sbreport started, to scale the ETA: a run takes its
	// --time plus start-up, report and captures.
	planned, spent time.Duration
	shown          bool // a status line is on screen
	stop           chan struct{}
	closed         bool
	// status, when set, is the whole status line (reading files, drawing
	// charts), shown from after on.
	status func() string
	after  time.Time
}

// newStatus shows status() on w's terminal, rewritten every second, from
// two seconds on: work that ends sooner shows nothing. Elsewhere it shows
// nothing.
func newStatus(w io.Writer, status func() string) *progress {
	p := newProgress(w)
	p.mu.Lock()
	p.status, p.after = status, p.now().Add(2*time.Second)
	p.mu.Unlock()
	return p
}

func newProgress(w io.Writer) *progress {
	p := &progress{w: w, stop: make(chan struct{}), now: time.Now}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		p.tty = true
		p.width = func() int {
			cols, _, err := term.GetSize(int(f.Fd()))
			if err != nil {
				return 0
			}
			return cols
		}
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
		p.desc, p.started, p.left = e.Desc, p.now(), e.Left
		p.render()
	case campaign.EventRunEnd:
		if !p.started.IsZero() {
			p.planned += e.Length
			p.spent += p.now().Sub(p.started)
		}
		p.done, p.total, p.left = e.Done, e.Total, e.Left
		p.desc = ""
		r := e.Run
		if !p.tty || r.Status != collect.RunOK {
			msg := fmt.Sprintf("[%d/%d] %s: %s", e.Done, e.Total, r.ID, r.Status)
			if r.Error != "" {
				msg += ": " + r.Error
			}
			if !p.tty {
				msg += fmt.Sprintf(" (%s left)", p.eta(e.Left))
			}
			if e.Hint != "" {
				msg += "\n  hint: " + e.Hint
			}
			p.println(msg)
		}
		p.render()
	}
}

// eta scales planned time left by how long the finished runs really
// took against their plan.
func (p *progress) eta(planned time.Duration) time.Duration {
	if p.planned > 0 && p.spent > p.planned {
		planned = time.Duration(float64(planned) * float64(p.spent) / float64(p.planned))
	}
	switch {
	case planned >= 10*time.Minute:
		return planned.Round(time.Minute)
	case planned >= time.Minute:
		return planned.Round(10 * time.Second)
	}
	return planned.Round(time.Second)
}

// line is the status line: the run, its time, the campaign's ETA.
func (p *progress) line() string {
	if p.status != nil {
		if p.now().Before(p.after) {
			return ""
		}
		return p.status()
	}
	if p.total == 0 {
		return ""
	}
	if p.desc == "" {
		return fmt.Sprintf("[%d/%d] done · ETA %s", p.done, p.total, p.eta(p.left))
	}
	elapsed := min(p.now().Sub(p.started), p.length)
	return fmt.Sprintf("[%d/%d] %s · %s of %s · ETA %s", p.done+1, p.total, p.desc,
		elapsed.Truncate(time.Second), p.length, p.eta(max(p.left-elapsed, 0)))
}

// println prints a line above the status line.
func (p *progress) println(s string) {
	p.clear()
	fmt.Fprintln(p.w, s)
	p.render()
}

// clear erases the status line.
func (p *progress) clear() {
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.shown = false
	}
}

// render rewrites the status line, cut to the terminal's width so that it
// never wraps.
func (p *progress) render() {
	if !p.tty || p.closed {
		return
	}
	l := p.line()
	if l == "" {
		return
	}
	if w := p.width(); w > 1 && utf8.RuneCountInString(l) >= w {
		l = string([]rune(l)[:w-2]) + "…"
	}
	fmt.Fprint(p.w, "\r\x1b[K"+l)
	p.shown = true
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
	p.clear()
}
