//go:build unix

package campaign

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// shell runs script with /bin/sh through OSExecutor.
func shell(ctx context.Context, t *testing.T, limit time.Duration, env []string, script string) (string, int, error) {
	t.Helper()
	path, err := OSExecutor{}.LookPath("sh")
	if err != nil {
		t.Skip("no sh in $PATH")
	}
	var out bytes.Buffer
	exit, err := OSExecutor{}.Run(ctx, &Command{Argv: []string{"sh", "-c", script}, Path: path, Env: env, Stdout: &out, Limit: limit})
	return out.String(), exit, err
}

func TestOSExecutor(t *testing.T) {
	t.Setenv("SBREPORT_TEST_VAR", "from the parent")
	t.Run("output and environment", func(t *testing.T) {
		out, exit, err := shell(context.Background(), t, 0, []string{"SBREPORT_TEST_VAR=replaced", "MYSQL_PWD=pw"},
			`echo "$SBREPORT_TEST_VAR $MYSQL_PWD"; echo oops >&2`)
		if err != nil || exit != 0 || out != "replaced pw\noops\n" {
			t.Errorf("got %q, exit %d, %v", out, exit, err)
		}
	})
	t.Run("exit status", func(t *testing.T) {
		_, exit, err := shell(context.Background(), t, 0, nil, "exit 3")
		var ee *ExitError
		if exit != 3 || !errors.As(err, &ee) || ee.Code != 3 || err.Error() != "exit status 3" {
			t.Errorf("exit %d, %v", exit, err)
		}
	})
	t.Run("killed by a signal", func(t *testing.T) {
		_, exit, err := shell(context.Background(), t, 0, nil, "kill -KILL $$")
		if exit != -1 || err == nil || err.Error() != "killed by signal killed" {
			t.Errorf("exit %d, %v", exit, err)
		}
	})
	t.Run("timeout", func(t *testing.T) {
		start := time.Now()
		out, exit, err := shell(context.Background(), t, 300*time.Millisecond, nil, "echo started; sleep 30")
		if !errors.Is(err, ErrTimeout) || err.Error() != "timed out after 300ms" || exit != -1 || out != "started\n" {
			t.Errorf("got %q, exit %d, %v", out, exit, err)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("stopping took %s", d)
		}
	})
	t.Run("interrupt stops the whole process group", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		pidFile := t.TempDir() + "/pid"
		go func() {
			for i := 0; i < 100; i++ {
				if _, err := os.Stat(pidFile); err == nil {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
			cancel()
		}()
		// The shell's child ignores nothing; it must stop with the shell.
		_, _, err := shell(ctx, t, 0, nil, "sleep 30 & echo $! > "+pidFile+"; wait")
		if !errors.Is(err, ErrInterrupted) {
			t.Fatalf("got %v", err)
		}
		data, _ := os.ReadFile(pidFile)
		pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
		if err != nil {
			t.Fatalf("pid file: %q", data)
		}
		for i := 0; ; i++ {
			if syscall.Kill(pid, 0) != nil {
				break // gone
			}
			if i == 100 {
				t.Fatalf("the shell's child %d outlived the interrupt", pid)
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
	t.Run("SIGTERM ignored", func(t *testing.T) {
		old := stopGrace
		stopGrace = 200 * time.Millisecond
		defer func() { stopGrace = old }()
		_, exit, err := shell(context.Background(), t, 200*time.Millisecond, nil, `trap "" TERM; echo ready; while :; do sleep 0.05; done`)
		if !errors.Is(err, ErrTimeout) || exit != -1 {
			t.Errorf("exit %d, %v", exit, err)
		}
	})
	t.Run("interrupted before it starts", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, exit, err := shell(ctx, t, 0, nil, "echo no"); !errors.Is(err, ErrInterrupted) || exit != -1 {
			t.Errorf("exit %d, %v", exit, err)
		}
	})
	t.Run("cannot start", func(t *testing.T) {
		_, err := OSExecutor{}.LookPath("sbreport-no-such-command")
		if err == nil || commandError([]string{"sbreport-no-such-command"}, err, nil).Error() != "sbreport-no-such-command not found in $PATH" {
			t.Errorf("LookPath: %v", err)
		}
		exit, err := OSExecutor{}.Run(context.Background(), &Command{Argv: []string{"x"}, Path: t.TempDir() + "/missing", Stdout: &bytes.Buffer{}})
		if exit != -1 || err == nil || !strings.HasPrefix(err.Error(), "x: fork/exec ") {
			t.Errorf("exit %d, %v", exit, err)
		}
	})
}

// Two campaigns never write one directory at once.
func TestLockDir(t *testing.T) {
	dir := t.TempDir()
	unlock, err := lockDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lockDir(dir); err == nil || !strings.Contains(err.Error(), "is in use by another sbreport run") {
		t.Errorf("second lock: %v", err)
	}
	unlock()
	unlock2, err := lockDir(dir)
	if err != nil {
		t.Fatalf("after unlock: %v", err)
	}
	unlock2()
	// A lock file left by a crash holds no lock.
	os.WriteFile(dir+"/.lock", nil, 0o644)
	unlock3, err := lockDir(dir)
	if err != nil {
		t.Fatalf("stale lock file: %v", err)
	}
	unlock3()
}
