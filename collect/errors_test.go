package collect

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTruncatedGzipNamedOnce checks the error of a gzip file cut short
// after the reader's first 64 KiB: one error, naming the file once, with
// the runs before the cut still read.
func TestTruncatedGzipNamedOnce(t *testing.T) {
	one, err := os.ReadFile("../testdata/real/sysbench-1.0.20-cpu-2thr.txt")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	for range 30 { // about 300 KB: the cut falls past what Clean looks at
		zw.Write(one)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "b.txt.gz")
	if err := os.WriteFile(p, buf.Bytes()[:buf.Len()-100], 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := Load([]string{p})
	if err != nil {
		t.Fatal(err)
	}
	var reads []string
	for _, e := range d.Errors {
		if strings.Contains(e.Message, "read error") {
			reads = append(reads, e.Error())
			if !errors.Is(e, io.ErrUnexpectedEOF) {
				t.Errorf("%v: not io.ErrUnexpectedEOF", e)
			}
		}
	}
	if len(reads) != 1 || strings.Count(reads[0], "b.txt.gz") != 1 || !strings.HasPrefix(reads[0], p+": read error after line ") ||
		!strings.HasSuffix(reads[0], ": unexpected EOF") {
		t.Errorf("read errors %q; want one naming the file once", reads)
	}
	if len(d.Runs) < 29 {
		t.Errorf("%d runs read before the cut, want at least 29", len(d.Runs))
	}
}

// TestBadManifestNamedOnce checks that a manifest that cannot be read is
// named once, by the error's source.
func TestBadManifestNamedOnce(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ManifestName), []byte("format: sbreport-campaign/0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := Load([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(dir, ManifestName) + `: campaign manifest not read, files labelled from their paths only: format "sbreport-campaign/0", want "sbreport-campaign/1"`
	if len(d.Errors) != 1 || d.Errors[0].Error() != want {
		t.Errorf("errors %v, want %q", d.Errors, want)
	}
	if _, err := ReadManifest(dir); err == nil || strings.Count(err.Error(), ManifestName) != 1 {
		t.Errorf("ReadManifest: %v; want the file named once", err)
	}
}
