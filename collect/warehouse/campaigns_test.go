package warehouse

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/sbreport/sbreport/collect"
)

// TestCampaignsOf: a directory of campaigns kept side by side is stored
// a campaign at a time; a campaign, a part of one, a directory holding
// anything besides campaigns, or a single campaign below it is read in
// one walk, as before.
func TestCampaignsOf(t *testing.T) {
	demo := filepath.Join("..", "..", "examples", "demo-campaign")
	if _, err := os.Stat(filepath.Join(demo, collect.ManifestName)); err != nil {
		t.Fatalf("the demo campaign has no manifest: %v", err)
	}
	year := t.TempDir()
	var want []string
	for _, c := range []string{"c1", "c2", "c3"} {
		p := filepath.Join(year, c)
		if err := os.MkdirAll(filepath.Join(p, "innodb"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(p, collect.ManifestName), []byte("format: sbreport-campaign/1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		want = append(want, p)
	}
	if err := os.MkdirAll(filepath.Join(year, ".cache"), 0o755); err != nil { // hidden: passed over, as collect does
		t.Fatal(err)
	}
	if got := campaignsOf(year); !reflect.DeepEqual(got, want) {
		t.Errorf("campaignsOf(year) = %q, want %q", got, want)
	}
	loose := t.TempDir()
	for _, c := range []string{"c1", "c2"} {
		if err := os.MkdirAll(filepath.Join(loose, c), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(loose, c, collect.ManifestName), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(loose, "notes.txt"), []byte("sysbench 1.0.20\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	one := t.TempDir()
	if err := os.MkdirAll(filepath.Join(one, "c1"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(one, "c1", collect.ManifestName), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{demo, filepath.Join(demo, "innodb"), filepath.Join(year, "c1", "innodb"), loose, one,
		filepath.Join(demo, "campaign.yaml"), filepath.Join(year, "missing")} {
		if got := campaignsOf(dir); got != nil {
			t.Errorf("campaignsOf(%s) = %q, want nil (one walk)", dir, got)
		}
	}
}
