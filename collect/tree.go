package collect

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// A walk reads an fs.FS: the files of an embedded campaign (sbreport
// demo), of a test's fstest.MapFS, or the operating system's. The
// operating system's is osFS rather than os.DirFS, so that sources keep
// the paths the user typed (relative, absolute, with ".."), as messages
// and reports have always shown them.

// osFS is the operating system's file system as an fs.FS whose names are
// paths as the user types them: relative to the working directory or
// absolute, with ".." and the OS's separator. It takes names fs.ValidPath
// refuses, on purpose: it is read only through a tree, which knows.
// Stat follows symbolic links and ReadDir does not, as os does.
type osFS struct{}

func (osFS) Open(name string) (fs.File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err // not a nil *os.File in a non-nil fs.File
	}
	return f, nil
}

func (osFS) Stat(name string) (fs.FileInfo, error)      { return os.Stat(name) }
func (osFS) Lstat(name string) (fs.FileInfo, error)     { return os.Lstat(name) }
func (osFS) ReadLink(name string) (string, error)       { return os.Readlink(name) }
func (osFS) ReadDir(name string) ([]fs.DirEntry, error) { return os.ReadDir(name) }
func (osFS) ReadFile(name string) ([]byte, error)       { return os.ReadFile(name) }

// A tree is the file system a walk reads, with the syntax of its names:
// OS paths (package filepath) for osFS, slash-separated fs.FS names
// (package path) for any other.
type tree struct {
	fsys fs.FS
	os   bool
}

// newTree returns the tree of fsys; nil is the operating system's.
func newTree(fsys fs.FS) tree {
	if fsys == nil {
		return tree{fsys: osFS{}, os: true}
	}
	_, isOS := fsys.(osFS)
	return tree{fsys: fsys, os: isOS}
}

func (t tree) join(dir, name string) string {
	if t.os {
		return filepath.Join(dir, name)
	}
	return path.Join(dir, name)
}

func (t tree) dir(p string) string {
	if t.os {
		return filepath.Dir(p)
	}
	return path.Dir(p)
}

func (t tree) base(p string) string {
	if t.os {
		return filepath.Base(p)
	}
	return path.Base(p)
}

// abs returns the name of p that campaign directories are compared by:
// the absolute path for the OS, the clean name in an fs.FS.
func (t tree) abs(p string) (string, error) {
	if t.os {
		return filepath.Abs(p)
	}
	return path.Clean(p), nil
}

// rel returns p relative to the directory dir (as abs gives it),
// slash-separated; "" when it cannot be said. As with filepath.Rel, dir
// itself is "." and a path of the OS outside dir starts "../".
func (t tree) rel(dir, p string) string {
	if t.os && filepath.Separator == '/' && len(dir) > 1 && dir[0] == '/' && len(p) > len(dir)+1 &&
		p[len(dir)] == '/' && strings.HasPrefix(p, dir) && cleanTail(p[len(dir)+1:]) {
		// A file the walk named under dir: what filepath.Abs and
		// filepath.Rel would give, without cleaning both names again
		// (five times a file of a campaign).
		return p[len(dir)+1:]
	}
	abs, err := t.abs(p)
	if err != nil {
		return ""
	}
	if t.os {
		rel, err := filepath.Rel(dir, abs)
		if err != nil {
			return ""
		}
		return filepath.ToSlash(rel)
	}
	switch {
	case abs == dir:
		return "."
	case dir == ".":
		return abs
	case strings.HasPrefix(abs, dir+"/"):
		return abs[len(dir)+1:]
	}
	return ""
}

// cleanTail reports whether s is slash-separated names none of which is
// empty, "." or "..": a path that cleaning leaves as it is when joined to
// a directory.
func cleanTail(s string) bool {
	for s != "" {
		i := strings.IndexByte(s, '/')
		name := s
		if i >= 0 {
			name, s = s[:i], s[i+1:]
			if s == "" {
				return false // a trailing slash
			}
		} else {
			s = ""
		}
		if name == "" || name == "." || name == ".." {
			return false
		}
	}
	return true
}

// stdin reports whether the input "-" is standard input: it is with the
// OS; in another fs.FS it is a name like any other.
func (t tree) stdin(p string) bool { return t.os && p == "-" }
