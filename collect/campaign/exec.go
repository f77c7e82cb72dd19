package campaign

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// An Executor runs the commands of a campaign: sysbench (preflight,
// prepare, runs, cleanup) and the host captures (lscpu, lsblk, ...). The
// real one is OSExecutor; tests give a fake that writes recorded output.
type Executor interface {
	// LookPath finds a command the way exec.LookPath does.
	LookPath(file string) (string, error)
	// Run runs c to its end and returns its exit status, -1 when it did
	// not start or was killed. The error is nil for exit status 0;
	// ErrInterrupted when ctx ended first; one wrapping ErrTimeout when
	// c.Limit passed first; an *ExitError when the command failed; and
	// anything else when it could not start.
	Run(ctx context.Context, c *Command) (exit int, err error)
}

// A Command is one process of a campaign.
type Command struct {
	// Argv is the command as the plan names it ("sysbench", then its
	// arguments); Argv[0] appears in messages.
	Argv []string
	// Path is the program to start: Argv[0] resolved by LookPath.
	Path string
	// Env is added to sbreport's own environment, replacing variables of
	// the same name (MYSQL_PWD=..., LC_ALL=C).
	Env    []string
	Stdin  io.Reader // nil: none
	Stdout io.Writer
	Stderr io.Writer // nil: Stdout
	// Limit bounds the command's time; 0 means none.
	Limit time.Duration
}

// ErrTimeout marks a command stopped for outliving its Limit.
var ErrTimeout = errors.New("timed out")

// An ExitError says how a command that ran ended, when not with exit
// status 0.
type ExitError struct {
	Code   int    // exit status; -1 when killed by a signal
	Signal string // the signal that killed it, "" for none
}

func (e *ExitError) Error() string {
	if e.Signal != "" {
		return "killed by signal " + e.Signal
	}
	return fmt.Sprintf("exit status %d", e.Code)
}

// OSExecutor runs commands with os/exec. Each runs in a process group of
// its own, so that a terminal's Ctrl-C reaches sbreport only, which then
// stops the group: SIGTERM, then SIGKILL 5 s later.
type OSExecutor struct{}

// LookPath is exec.LookPath.
func (OSExecutor) LookPath(file string) (string, error) { return exec.LookPath(file) }

// stopGrace is how long a stopped command gets between SIGTERM and
// SIGKILL; a variable for the tests.
var stopGrace = 5 * time.Second

// Run runs c (see Executor).
func (OSExecutor) Run(ctx context.Context, c *Command) (int, error) {
	path := c.Path
	if path == "" {
		path = c.Argv[0]
	}
	cmd := exec.Command(path, c.Argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = c.Stdin, c.Stdout, c.Stderr
	if cmd.Stderr == nil {
		cmd.Stderr = c.Stdout
	}
	cmd.Env = withEnv(os.Environ(), c.Env)
	ownProcessGroup(cmd)
	if err := ctx.Err(); err != nil {
		return -1, ErrInterrupted
	}
	if err := cmd.Start(); err != nil {
		return -1, commandError(c.Argv, err, nil)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var timeout <-chan time.Time
	if c.Limit > 0 {
		t := time.NewTimer(c.Limit)
		defer t.Stop()
		timeout = t.C
	}
	var reason error
	select {
	case err := <-done:
		return cmd.ProcessState.ExitCode(), exitError(cmd.ProcessState, err)
	case <-ctx.Done():
		reason = ErrInterrupted
	case <-timeout:
		reason = fmt.Errorf("%w after %s", ErrTimeout, c.Limit)
	}
	stopProcessGroup(cmd, false)
	select {
	case <-done:
	case <-time.After(stopGrace):
		stopProcessGroup(cmd, true)
		<-done
	}
	return cmd.ProcessState.ExitCode(), reason
}

// exitError turns cmd.Wait's error into an *ExitError.
func exitError(ps *os.ProcessState, err error) error {
	if err == nil {
		return nil
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return err
	}
	if sig, ok := killedBy(ps); ok {
		return &ExitError{Code: -1, Signal: sig}
	}
	return &ExitError{Code: ee.ExitCode()}
}

// withEnv returns env with each KEY=VALUE of add set, replacing earlier
// values of KEY.
func withEnv(env, add []string) []string {
	out := make([]string, 0, len(env)+len(add))
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		keep := true
		for _, a := range add {
			if ak, _, _ := strings.Cut(a, "="); ak == k {
				keep = false
				break
			}
		}
		if keep {
			out = append(out, kv)
		}
	}
	return append(out, add...)
}

// commandError says what ran and what it printed on stderr.
func commandError(argv []string, err error, stderr []byte) error {
	if errors.Is(err, exec.ErrNotFound) {
		return fmt.Errorf("%s not found in $PATH", argv[0])
	}
	msg := strings.TrimSpace(string(stderr))
	if msg != "" {
		if len(msg) > 2000 {
			msg = msg[:2000] + "..."
		}
		return fmt.Errorf("%s: %v: %s", shellQuote(argv), err, msg)
	}
	return fmt.Errorf("%s: %v", shellQuote(argv), err)
}

// baseName is a command's name without its directory, for messages.
func baseName(cmd string) string { return filepath.Base(cmd) }
