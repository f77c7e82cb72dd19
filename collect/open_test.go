package collect

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"testing"
)

// TestOpenOS reads a real sysbench output through openOS: the bytes
// os.ReadFile reads; a missing file is fs.ErrNotExist under its name, as
// os.Open says it.
func TestOpenOS(t *testing.T) {
	const name = "../testdata/real/sysbench-1.0.20-oltp_read_write-innodb-4thr.txt"
	want, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	f, err := openOS(name)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(f)
	if err != nil || string(got) != string(want) {
		t.Fatalf("read %d bytes (%v), want the file's %d", len(got), err, len(want))
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err == nil {
		t.Error("a second Close gave no error")
	}
	_, err = openOS("../testdata/real/no-such-output.txt")
	var pe *fs.PathError
	if !errors.Is(err, fs.ErrNotExist) || !errors.As(err, &pe) || pe.Path != "../testdata/real/no-such-output.txt" || pe.Op != "open" {
		t.Errorf("missing file: %v", err)
	}
	_, oserr := os.Open("../testdata/real/no-such-output.txt")
	if err.Error() != oserr.Error() {
		t.Errorf("missing file: %q, os.Open says %q", err, oserr)
	}
}
