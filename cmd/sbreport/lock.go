package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// renameLocked renames old to new unless new exists, holding the lock
// file .NEW.sbreport-lock beside new while it checks and renames, so
// that two sbreport processes cannot both find new absent. A lock left by
// a process that no longer runs is taken over.
func renameLocked(old, new string) error {
	lock := filepath.Join(filepath.Dir(new), "."+filepath.Base(new)+".sbreport-lock")
	for tries := 0; ; tries++ {
		f, err := os.OpenFile(lock, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			fmt.Fprintf(f, "%d\n", os.Getpid())
			f.Close()
			break
		}
		if !errors.Is(err, fs.ErrExist) {
			return err
		}
		if b, err := os.ReadFile(lock); err == nil {
			if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && !processAlive(pid) {
				os.Remove(lock)
				continue
			}
		}
		if tries >= 100 {
			return fmt.Errorf("%s is held by another sbreport (remove it if none runs)", lock)
		}
		time.Sleep(50 * time.Millisecond)
	}
	defer os.Remove(lock)
	if _, err := os.Lstat(new); err == nil {
		return &os.LinkError{Op: "rename", Old: old, New: new, Err: fs.ErrExist}
	}
	return os.Rename(old, new)
}
