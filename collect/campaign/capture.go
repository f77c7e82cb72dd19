package campaign

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/sbreport/sbreport/collect"
)

// writeFileAtomic writes data to a hidden temporary file beside path and
// renames it into place, so that path is either absent or complete. Names
// starting with "." are skipped by the ingest walk.
func writeFileAtomic(path string, data []byte) error {
	f, err := createAtomic(path)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// An atomicFile is written under a temporary name and renamed on Commit.
type atomicFile struct {
	*os.File
	path string
}

func createAtomic(path string) (*atomicFile, error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, err
	}
	return &atomicFile{File: f, path: path}, nil
}

// Commit flushes the file to disk and renames it to its final name.
func (f *atomicFile) Commit() error {
	if err := f.Sync(); err != nil {
		f.Abort()
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Chmod(f.Name(), 0o644); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), f.path); err != nil {
		os.Remove(f.Name())
		return err
	}
	if d, err := os.Open(filepath.Dir(f.path)); err == nil {
		d.Sync() // make the rename durable; best effort
		d.Close()
	}
	return nil
}

// Abort closes and removes the temporary file.
func (f *atomicFile) Abort() {
	f.Close()
	os.Remove(f.Name())
}

// removeStaleTemps deletes temporary files left in dir by a crash.
func removeStaleTemps(dir string) {
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasPrefix(d.Name(), ".") && strings.HasSuffix(d.Name(), ".tmp") {
			os.Remove(p)
		}
		return nil
	})
}

// shellQuote renders argv the way a shell would read it back.
func shellQuote(argv []string) string {
	out := make([]string, len(argv))
	for i, a := range argv {
		if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-") == "" {
			out[i] = a
		} else {
			out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}

// A hostCapture is one command describing the machine.
type hostCapture struct {
	kind string   // key in collect.Manifest.Host.Files
	file string   // relative to the campaign directory
	argv []string // command
}

var hostCaptures = []hostCapture{
	{"lscpu", "host/lscpu.txt", []string{"lscpu"}},
	// In a directory of its own: ingest merges the captures of one
	// directory into one host, and two lscpu outputs side by side would
	// read as two machines.
	{"lscpu_json", "host/json/lscpu.json", []string{"lscpu", "-J"}},
	{"lsblk", "host/lsblk.txt", []string{"lsblk"}},
	{"free", "host/free.txt", []string{"free"}},
	{"uname", "host/uname.txt", []string{"uname", "-a"}},
	{"nproc", "host/nproc.txt", []string{"nproc"}},
}

// captureHost runs each host command once and writes "$ COMMAND" and its
// output to its file. JSON output is written bare so that it stays a JSON
// document. A missing or failing command is recorded, not fatal.
func captureHost(ctx context.Context, x Executor, dir string, c *collect.Captures) {
	if c.Files == nil {
		c.Files = map[string]string{}
	}
	for _, h := range hostCaptures {
		if _, done := c.Files[h.kind]; done {
			continue
		}
		if ctx.Err() != nil {
			return
		}
		path, err := x.LookPath(h.argv[0])
		if err != nil {
			c.Errors = append(c.Errors, commandError(h.argv, err, nil).Error())
			continue
		}
		var stdout, stderr bytes.Buffer
		_, err = x.Run(ctx, &Command{Argv: h.argv, Path: path, Env: []string{"LC_ALL=C"}, Stdout: &stdout, Stderr: &stderr, Limit: 30 * time.Second})
		if err != nil {
			c.Errors = append(c.Errors, commandError(h.argv, err, stderr.Bytes()).Error())
			continue
		}
		out := stdout.Bytes()
		var data []byte
		if strings.HasSuffix(h.file, ".json") {
			data = out
		} else {
			data = append([]byte("$ "+shellQuote(h.argv)+"\n"), out...)
		}
		if err := writeFileAtomic(filepath.Join(dir, h.file), data); err != nil {
			c.Errors = append(c.Errors, err.Error())
			continue
		}
		c.Files[h.kind] = h.file
	}
}

// writeCapture writes data to path atomically, compressed when path ends
// in .gz.
func writeCapture(path string, data []byte) error {
	if strings.HasSuffix(path, ".gz") {
		var z bytes.Buffer
		zw := gzip.NewWriter(&z)
		zw.Write(data)
		if err := zw.Close(); err != nil {
			return err
		}
		data = z.Bytes()
	}
	return writeFileAtomic(path, data)
}

// readSmall reads at most n bytes of a file.
func readSmall(path string, n int64) []byte {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	b, _ := io.ReadAll(io.LimitReader(f, n))
	return b
}
