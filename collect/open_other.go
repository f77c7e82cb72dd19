//go:build !linux

package collect

import (
	"io"
	"os"
)

// openOS opens one of the operating system's files for reading.
func openOS(name string) (io.ReadCloser, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err // not a nil *os.File in a non-nil io.ReadCloser
	}
	return f, nil
}
