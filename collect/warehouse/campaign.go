package warehouse

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/sbreport/sbreport/collect"
	"github.com/sbreport/sbreport/parse"
)

// A Clock tells when runs read from files ran, from the campaign
// manifests (campaign.yaml) of the directories they lie in: the run
// entry's start, else the campaign's. It caches the manifests it reads.
type Clock struct {
	dirs  map[string]*campaignInfo // directory → its campaign (nil: none)
	times bool                     // keep the times only (NewTimeClock)
}

// campaignInfo is what a manifest says of the times of its files.
type campaignInfo struct {
	Dir      string               // absolute directory of the manifest
	Raw      []byte               // the manifest's bytes; nil in a NewTimeClock
	Manifest *collect.Manifest    // nil in a NewTimeClock
	start    time.Time            // the campaign's start
	started  map[string]time.Time // file (slash path relative to Dir) → start of its run
}

// NewClock returns a Clock with an empty cache. It keeps each manifest
// it reads, with its bytes, for a store to save.
func NewClock() *Clock { return &Clock{dirs: map[string]*campaignInfo{}} }

// NewTimeClock returns a Clock that keeps of each manifest only what
// TimeOf reads: the campaign's start and its files' runs' starts. A
// manifest of 180 runs and its bytes are some 300 KB; a year of nightly
// campaigns read at once would keep a hundred megabytes of them.
func NewTimeClock() *Clock { return &Clock{dirs: map[string]*campaignInfo{}, times: true} }

// Know caches the manifest m of the campaign directory dir (absolute),
// read from raw by a walk (collect.Options.Manifest), so that the
// Clock does not read it again.
func (c *Clock) Know(dir string, raw []byte, m *collect.Manifest) {
	c.dirs[dir] = c.newCampaignInfo(dir, raw, m)
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
	if !ci.start.IsZero() {
		return ci.start, true
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
			if m, err := collect.ParseManifest(raw); err == nil { // the bytes read, not the file again
				found = c.newCampaignInfo(d, raw, m)
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

func (c *Clock) newCampaignInfo(dir string, raw []byte, m *collect.Manifest) *campaignInfo {
	ci := &campaignInfo{Dir: dir, start: m.Started, started: map[string]time.Time{}}
	if !c.times {
		ci.Raw, ci.Manifest = raw, m
	}
	for _, r := range m.Runs {
		if r.Started == nil {
			continue
		}
		for _, f := range r.Files {
			if c.times {
				f = strings.Clone(f) // not a piece of the manifest's text
			}
			ci.started[f] = *r.Started
		}
	}
	return ci
}

func sha(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}
