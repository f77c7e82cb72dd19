package warehouse

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"time"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

// A Clock tells when runs read from files ran, from the campaign
// manifests (campaign.yaml) of the directories they lie in: the run
// entry's start, else the campaign's. It caches the manifests it reads.
type Clock struct {
	dirs map[string]*campaignInfo // directory → its campaign (nil: none)
}

// campaignInfo is what a manifest says of the times of its files.
type campaignInfo struct {
	Dir      string // absolute directory of the manifest
	Raw      []byte // the manifest's bytes
	Manifest *collect.Manifest
	started  map[string]time.Time // file (slash path relative to Dir) → start of its run
}

// NewClock returns a Clock with an empty cache.
func NewClock() *Clock { return &Clock{dirs: map[string]*campaignInfo{}} }

// Know caches the manifest m of the campaign directory dir (absolute),
// read from raw by a walk (collect.Options.Manifest), so that the
// Clock does not read it again.
func (c *Clock) Know(dir string, raw []byte, m *collect.Manifest) {
	c.dirs[dir] = newCampaignInfo(dir, raw, m)
}

// TimeOf returns when the run ran, if its file lies in a campaign.
func (c *Clock) TimeOf(r *parse.Run) (time.Time, bool) {
	return c.timeOfFile(r.Source)
}

func (c *Clock) timeOfFile(p string) (time.Time, bool) {
	ci := c.campaignOf(p)
	if ci == nil {
		return time.Time{}, false
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return time.Time{}, false
	}
	rel, err := filepath.Rel(ci.Dir, abs)
	if err != nil {
		return time.Time{}, false
	}
	if t, ok := ci.started[filepath.ToSlash(rel)]; ok {
		return t, true
	}
	if !ci.Manifest.Started.IsZero() {
		return ci.Manifest.Started, true
	}
	return time.Time{}, false
}

// campaignOf returns the campaign the file p lies in, or nil.
func (c *Clock) campaignOf(p string) *campaignInfo {
	abs, err := filepath.Abs(filepath.Dir(p))
	if err != nil {
		return nil
	}
	var seen []string
	var found *campaignInfo
	for d := abs; ; d = filepath.Dir(d) {
		if ci, ok := c.dirs[d]; ok {
			found = ci
			break
		}
		seen = append(seen, d)
		raw, err := os.ReadFile(filepath.Join(d, collect.ManifestName))
		if err == nil {
			if m, err := collect.ReadManifest(d); err == nil {
				found = newCampaignInfo(d, raw, m)
			}
			break
		}
		if d == filepath.Dir(d) {
			break
		}
	}
	for _, d := range seen {
		c.dirs[d] = found
	}
	return found
}

func newCampaignInfo(dir string, raw []byte, m *collect.Manifest) *campaignInfo {
	ci := &campaignInfo{Dir: dir, Raw: raw, Manifest: m, started: map[string]time.Time{}}
	for _, r := range m.Runs {
		if r.Started == nil {
			continue
		}
		for _, f := range r.Files {
			ci.started[f] = *r.Started
		}
	}
	return ci
}

func sha(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}
