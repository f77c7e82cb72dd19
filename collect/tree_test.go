package collect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sbreport/sbreport/parse"
)

// walkFSJSON walks inputs of fsys (nil: the OS) on the given number of
// workers and returns every item as JSON, one a line, in emit's order.
func walkFSJSON(t *testing.T, fsys fs.FS, inputs []string, workers int) []byte {
	t.Helper()
	var out bytes.Buffer
	err := walkWith(inputs, Options{FS: fsys, Set: map[string]string{"set": "x"}}, func(it parse.Item) {
		b, err := json.Marshal(it)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&out, "%T %s\n", it, b)
	}, newPipeline(workers))
	if err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestWalkMapFSAsDisk: a campaign held in an fstest.MapFS gives the items
// the same tree gives on disk, read from its parent directory so that the
// names are the same: the whole campaign (manifest, systems in plan
// order, kinds read by their own parsers, files the manifest skips), a
// system folder and a file inside it (the enclosing campaign found above
// them), NAME=PATH, and what a walk passes over (a report directory, dot
// files, images, manifests of no campaign).
func TestWalkMapFSAsDisk(t *testing.T) {
	const src = "../testdata/real/short-campaign"
	mfs := fstest.MapFS{}
	err := fs.WalkDir(os.DirFS(src), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(filepath.Join(src, filepath.FromSlash(p)))
		mfs[path.Join("camp", p)] = &fstest.MapFile{Data: b, Mode: 0o644}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if mfs["camp/"+ManifestName] == nil || len(mfs) < 40 {
		t.Fatalf("%d files copied from %s, want its manifest among 40 or more", len(mfs), src)
	}
	log := mfs["camp/innodb/oltp_point_select/1thr-r1.txt"].Data
	for name, data := range map[string][]byte{
		"camp/old/report/" + ReportMarker: []byte(`{"format":"sbreport-report/1","files":["run.txt"]}`),
		"camp/old/report/run.txt":         log,
		"camp/old/.hidden.txt":            log,
		"camp/old/chart.png":              []byte("not an image"),
		"camp/old/engine=aria/run.txt":    log,
		"loose/run.txt.tmp":               log,
		"loose/notes.md":                  []byte("# notes\n\nnothing measured here\n"),
	} {
		mfs[name] = &fstest.MapFile{Data: data, Mode: 0o644}
	}
	disk := t.TempDir()
	for name, f := range mfs {
		p := filepath.Join(disk, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(disk)

	for _, in := range [][]string{
		{"camp"},
		{"."},
		{"camp/innodb"},
		{"camp/aria/oltp_point_select/4thr-r2.txt", "camp/innodb/variables.txt"},
		{"x=camp/aria", "camp/old/report", "camp/old/report/run.txt", "loose"},
	} {
		want := walkFSJSON(t, nil, in, 1)
		if runs := bytes.Count(want, []byte("*parse.Run ")); runs == 0 {
			t.Fatalf("%v on disk: no run", in)
		}
		if bytes.Contains(want, []byte(disk)) {
			t.Fatalf("%v on disk: items name the directory %s, want names relative to it", in, disk)
		}
		for _, workers := range []int{1, 3} {
			got := walkFSJSON(t, mfs, in, workers)
			if bytes.Equal(got, want) {
				continue
			}
			gl, wl := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
			for k := 0; k < len(gl) && k < len(wl); k++ {
				if !bytes.Equal(gl[k], wl[k]) {
					t.Fatalf("%v, %d workers: item %d differs:\n fs   %.400s\n disk %.400s", in, workers, k, gl[k], wl[k])
				}
			}
			t.Fatalf("%v, %d workers: %d items, want %d", in, workers, len(gl), len(wl))
		}
	}

	// What the manifest says reaches the items: runs labelled by it, the
	// systems in plan order, the host capture of the campaign named by
	// every run, files of no result (prepare, nproc) passed over.
	d, err := LoadWith([]string{"camp"}, Options{FS: mfs})
	if err != nil {
		t.Fatal(err)
	}
	// The campaign's 8 runs, then the one of a folder the manifest does
	// not know, labelled from its path; the hidden copy is passed over.
	if len(d.Runs) != 9 || len(d.Errors) != 1 || d.Errors[0].Source != "camp/old/report" {
		t.Fatalf("%d runs, errors %v; want 9 runs and the report directory skipped", len(d.Runs), d.Errors)
	}
	if r := d.Runs[8]; r.Source != "camp/old/engine=aria/run.txt" || r.Labels["engine"] != "aria" || r.Labels["system"] != "" {
		t.Errorf("last run %s labelled %v, want camp/old/engine=aria/run.txt with engine=aria from its path", r.Source, r.Labels)
	}
	r := d.Runs[0]
	if r.Source != "camp/innodb/oltp_point_select/1thr-r1.txt" || r.Labels["system"] != "innodb" || r.Labels["engine"] != "InnoDB" {
		t.Errorf("first run %s labelled %v, want camp/innodb/oltp_point_select/1thr-r1.txt of system innodb, engine InnoDB", r.Source, r.Labels)
	}
	if !hasPrefixed(r.Captures, "camp/host/free.txt:") || !hasPrefixed(r.Captures, "camp/innodb/variables.txt:") {
		t.Errorf("first run's captures %v lack the campaign host (merged, named by free.txt) and the system's variables", r.Captures)
	}
	for _, it := range d.Items() {
		if s := fmt.Sprint(it); strings.Contains(s, "prepare.txt") || strings.Contains(s, "nproc.txt") {
			t.Errorf("a file of no result was read: %.200s", s)
		}
	}
}

// contains reports whether one of ids starts with prefix.
func hasPrefixed(ids []string, prefix string) bool {
	for _, id := range ids {
		if strings.HasPrefix(id, prefix) {
			return true
		}
	}
	return false
}

// TestWalkFSNames: in an fs.FS, "-" is a file like any other, a missing
// input is named as given, and no name reaches the operating system's
// files.
func TestWalkFSNames(t *testing.T) {
	log := readFixture(t, realLog)
	mfs := fstest.MapFS{"-": {Data: []byte(log)}}
	d, err := LoadWith([]string{"-", "missing.txt", "../collect"}, Options{FS: mfs})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 1 || d.Runs[0].Source != "-" {
		t.Errorf("runs %v, want the one of the file named -", d.Runs)
	}
	if len(d.Errors) != 2 || d.Errors[0].Source != "missing.txt" || d.Errors[1].Source != "../collect" {
		t.Fatalf("errors %v, want missing.txt and ../collect not read", d.Errors)
	}
	for _, e := range d.Errors {
		if !strings.HasPrefix(e.Message, "cannot read input: ") {
			t.Errorf("%s: %q, want cannot read input", e.Source, e.Message)
		}
	}
}
