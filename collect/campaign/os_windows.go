package campaign

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// osSupported: Run refuses with ErrUnsupported; sysbench cannot be
// stopped cleanly without process groups and signals.
const osSupported = false

// lockDir takes dir/.lock by creating it exclusively. Windows has no
// flock(2); a crash leaves the file behind, and the message says to
// remove it.
func lockDir(dir string) (unlock func(), err error) {
	name := filepath.Join(dir, ".lock")
	f, err := os.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_RDWR, 0o644)
	if errors.Is(err, os.ErrExist) {
		return nil, fmt.Errorf("%s is in use by another sbreport run (or one that crashed: then remove %s)", dir, name)
	}
	if err != nil {
		return nil, err
	}
	return func() {
		f.Close()
		os.Remove(name)
	}, nil
}

// ownProcessGroup does nothing on Windows.
func ownProcessGroup(cmd *exec.Cmd) {}

// stopProcessGroup kills the process: Windows has no SIGTERM to send.
func stopProcessGroup(cmd *exec.Cmd, force bool) { cmd.Process.Kill() }

// killedBy is never true on Windows, where processes end with a code.
func killedBy(ps *os.ProcessState) (string, bool) { return "", false }
