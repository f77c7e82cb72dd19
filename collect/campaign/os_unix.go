//go:build unix

package campaign

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
)

// osSupported: campaigns run here.
const osSupported = true

// lockDir takes an exclusive lock on dir/.lock so that two campaigns
// never write one directory. The lock is flock(2): it goes away with the
// process, so a crash leaves no stale lock.
func lockDir(dir string) (unlock func(), err error) {
	f, err := os.OpenFile(filepath.Join(dir, ".lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s is in use by another sbreport run", dir)
	}
	return func() {
		os.Remove(f.Name()) // while still locked: a waiting run finds no stale file
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}

// ownProcessGroup starts cmd in a process group of its own, so that a
// terminal's Ctrl-C reaches sbreport only, which then stops the group.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = sysProcAttr()
}

// stopProcessGroup sends SIGTERM (SIGKILL with force) to cmd's process
// group, so that whatever sysbench started stops with it.
func stopProcessGroup(cmd *exec.Cmd, force bool) {
	sig := syscall.SIGTERM
	if force {
		sig = syscall.SIGKILL
	}
	syscall.Kill(-cmd.Process.Pid, sig)
}

// killedBy says which signal ended a process, if one did.
func killedBy(ps *os.ProcessState) (string, bool) {
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return ws.Signal().String(), true
	}
	return "", false
}
