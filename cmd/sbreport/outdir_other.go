//go:build !linux

package main

// renameNoReplace renames old to new, failing with an error that
// matches fs.ErrExist when new exists. Without renameat2 the check and
// the rename are made under a lock file, which serialises concurrent
// sbreport processes writing the same directory.
func renameNoReplace(old, new string) error { return renameLocked(old, new) }
