package main

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// renameNoReplace renames old to new, failing with an error that
// matches fs.ErrExist when new exists, with no window in between:
// renameat2(RENAME_NOREPLACE). File systems that do not support the flag
// fall back to the lock file of renameLocked.
func renameNoReplace(old, new string) error {
	err := unix.Renameat2(unix.AT_FDCWD, old, unix.AT_FDCWD, new, unix.RENAME_NOREPLACE)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, unix.EINVAL), errors.Is(err, unix.ENOSYS), errors.Is(err, unix.EOPNOTSUPP):
		return renameLocked(old, new)
	}
	return &os.LinkError{Op: "rename", Old: old, New: new, Err: err}
}
