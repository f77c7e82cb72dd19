package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
)

// maxTemplateBytes bounds a --template file: the built-in template is
// 10 KiB.
const maxTemplateBytes = 1 << 20

// readTemplate reads the --template file p: a regular file (or a named
// pipe, since it is named explicitly) of at most maxTemplateBytes.
// --template /dev/zero read gigabytes.
func readTemplate(p string) (string, error) {
	st, err := os.Stat(p)
	if err != nil {
		return "", fmt.Errorf("--template: %w", err)
	}
	if m := st.Mode(); !m.IsRegular() && m&fs.ModeNamedPipe == 0 {
		return "", fmt.Errorf("--template %s: not a regular file: %w", p, errUsage)
	}
	f, err := os.Open(p)
	if err != nil {
		return "", fmt.Errorf("--template: %w", err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxTemplateBytes+1))
	if err != nil {
		return "", fmt.Errorf("--template: %w", err)
	}
	if len(b) > maxTemplateBytes {
		return "", fmt.Errorf("--template %s: longer than %d KiB (a report template is a few KiB): %w", p, maxTemplateBytes>>10, errUsage)
	}
	return string(b), nil
}
