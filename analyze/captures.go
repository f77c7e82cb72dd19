package analyze

import (
	"path"
	"slices"
	"strings"

	"github.com/sbreport/sbreport/parse"
)

// Which system a capture (host, server variables, table status) belongs
// to is decided here, once, for every table and chart that shows one.

// captureIndex records, for each capture a run names (Run.Captures), the
// systems of those runs, and the systems of the runs of each file and
// directory.
type captureIndex struct {
	byID  map[string]int32    // capture → its systems: those of the runs naming it, in dataset order, as lists[i]
	lists [][]string          // the lists of systems, each once (a capture per run and file names one system)
	files map[string]string   // file → the system of its first run
	dirs  map[string][]string // directory → systems of its runs, in dataset order
}

// captures returns the index, built by the first caller: the parts of
// an analysis, and then a report's files, are made on several goroutines.
func (d *Dataset) captures() *captureIndex {
	d.capOne.Do(d.indexCaptures)
	return d.capIdx
}

func (d *Dataset) indexCaptures() {
	ci := &captureIndex{byID: map[string]int32{}, files: map[string]string{}, dirs: map[string][]string{}}
	lists := map[string]int32{} // the index of each list in ci.lists, by its systems joined with NULs
	for _, c := range d.Cells {
		for _, r := range c.Runs {
			ci.add(r, c.System, lists)
		}
	}
	// The client runs of merged runs name the captures too.
	for r, k := range d.keys {
		ci.add(r, k.System, lists)
	}
	d.capIdx = ci
}

// add indexes the captures of r, a run of system. A year of nightly runs
// names some 200,000 captures: each keeps the index of its list of
// systems, which it shares with the others, not a list of its own.
func (ci *captureIndex) add(r *parse.Run, system string, lists map[string]int32) {
	for _, id := range r.Captures {
		i, named := ci.byID[id]
		key := system
		if named {
			if slices.Contains(ci.lists[i], system) {
				continue
			}
			key = strings.Join(ci.lists[i], "\x00") + "\x00" + system
		}
		j, ok := lists[key]
		if !ok {
			j = int32(len(ci.lists))
			ss := []string{system}
			if named {
				ss = append(slices.Clip(ci.lists[i]), system)
			}
			ci.lists = append(ci.lists, ss)
			lists[key] = j
		}
		ci.byID[id] = j
	}
	if _, ok := ci.files[r.Source]; !ok {
		ci.files[r.Source] = system
	}
	dir := path.Dir(r.Source)
	if !slices.Contains(ci.dirs[dir], system) {
		ci.dirs[dir] = append(ci.dirs[dir], system)
	}
}

// CaptureSystems returns the systems a capture belongs to: those of the
// runs that name it (Run.Captures: it precedes them in their file, or
// shares their directory or campaign entry); else the system its own
// labels name; else that of the first run of its file; else those of the
// runs of its own directory. nil when none fits: a capture of another
// directory (a set of hardware pastes beside a set of logs) is tied to no
// run, however near its directory, and however few systems there are.
// labels and source are the capture's.
func (d *Dataset) CaptureSystems(id string, labels map[string]string, source string) []string {
	ci := d.captures()
	if i, ok := ci.byID[id]; ok {
		return ci.lists[i]
	}
	if d.By != "" {
		if s := SystemOf(&parse.Run{Labels: labels}, d.By); s != "?" && s != "" {
			for _, sys := range d.Systems {
				if sys == s {
					return []string{s}
				}
			}
		}
	}
	if s, ok := ci.files[source]; ok {
		return []string{s}
	}
	return slices.Clone(ci.dirs[path.Dir(source)])
}
