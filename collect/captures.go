package collect

import (
	"strings"

	"github.com/sbreport/sbreport/parse"
)

// Captures belong to runs. A capture (host, server variables, table
// status, status snapshots) describes the runs it precedes in its file
// (parse records those in Run.Captures), the runs of the campaign entry it
// was taken for, or the runs of its directory. flushDir settles both
// directions once a directory is read: each run lists the captures that
// describe it, and each capture takes the labels that say whose it is
// (engine, system, host) from the runs it describes, so that a page with
// one SHOW VARIABLES capture before each engine's runs gives one capture
// per engine.

// captureOf returns a capture's kind, CaptureID and labels; ok is false
// for an item that is not a capture.
func captureOf(it parse.Item) (kind, id string, labels *map[string]string, ok bool) {
	switch v := it.(type) {
	case *parse.Host:
		return "host", parse.CaptureID(v.Source, v.Line), &v.Labels, true
	case *parse.Variables:
		k := v.Kind
		if k == "" {
			k = "variables"
		}
		return k, parse.CaptureID(v.Source, v.Line), &v.Labels, true
	case *parse.TableStatus:
		return "table_status", parse.CaptureID(v.Source, v.Line), &v.Labels, true
	case *parse.SysStat:
		return "sysstat:" + v.Tool, parse.CaptureID(v.Source, v.Line), &v.Labels, true
	}
	return "", "", nil, false
}

// ownLabels are labels of a run that say nothing about its captures.
var ownLabels = map[string]bool{"workload": true, "test": true, "threads": true, "repeat": true, "run": true,
	"rep": true, "iteration": true, "client": true, "client_group": true, "concurrency": true, "heading": true}

// flushDir passes on the items held for the current directory, in order,
// after tying captures and runs together.
func (w *walker) flushDir() {
	w.flushHosts()
	items := w.held
	w.held, w.nruns, w.npoints = nil, 0, 0
	// Scopes: campaign entries, and directories outside campaigns.
	for _, h := range items {
		kind, id, _, ok := captureOf(h.it)
		if !ok || h.fromDoc {
			continue
		}
		sc := h.scope
		if sc == "" {
			sc = "dir:" + h.dir
		}
		w.scoped[sc] = addCapture(w.scoped[sc], capRef{kind, id})
		if w.kinds == nil {
			w.kinds = map[string]string{}
		}
		w.kinds[id] = kind
	}
	sources := labelSources(items)
	for i, h := range items {
		if h.fromDoc {
			continue
		}
		if r, ok := h.it.(*parse.Run); ok {
			w.runCaptures(r, h)
			continue
		}
		if _, _, labels, ok := captureOf(h.it); ok {
			captureLabels(labels, sources[i])
		}
	}
	for _, h := range items {
		if w.opts.Compact {
			if w.intern == nil {
				w.intern = newInterner()
			}
			if r, ok := h.it.(*parse.Run); ok {
				w.intern.compact(r)
			} else {
				w.intern.capture(h.it)
			}
		}
		w.out(h.it)
	}
}

// runCaptures adds to r the captures of its campaign entry, system and
// host, or of its directory, of the kinds r does not name yet: the
// nearest scope gives a kind, its other captures of that kind come along
// (the before and after status snapshots of one run). Captures of r's own
// file are parse's to list: those before r already are, those after it
// describe what follows.
func (w *walker) runCaptures(r *parse.Run, h held) {
	have := map[string]bool{}
	for _, id := range r.Captures {
		have[id] = true
	}
	var scopes []string
	in := "" // the campaign of the scope
	if i := strings.IndexByte(h.scope, scopeSep[0]); i >= 0 {
		in = h.scope[i:]
	}
	switch {
	case strings.HasPrefix(h.scope, "run:"):
		scopes = append(scopes, h.scope)
		if sys := r.Labels["system"]; sys != "" {
			scopes = append(scopes, "system:"+sys+in)
		}
		scopes = append(scopes, "host"+in)
		// System statistics logged beside the campaign's runs (vmstat -t
		// over the whole campaign, in a directory above the run's): each
		// run is cut from them by its measured times (analyze.RunEfficiency).
		for d, prev := h.dir, ""; d != prev; d, prev = w.t.dir(d), d {
			scopes = append(scopes, "stats:"+d)
		}
	case h.scope != "":
		scopes = append(scopes, h.scope, "host"+in)
	default:
		scopes = append(scopes, "dir:"+h.dir)
	}
	kinds := w.kindsOf(r.Captures)
	for _, sc := range scopes {
		added := map[string]bool{}
		statsOnly := strings.HasPrefix(sc, "stats:")
		if statsOnly {
			sc = "dir:" + strings.TrimPrefix(sc, "stats:")
		}
		dirScope := strings.HasPrefix(sc, "dir:")
		for _, g := range w.scoped[sc] {
			// A capture in another file of the directory that holds runs
			// describes the runs after it there (parse lists it for them).
			if g.src == r.Source || dirScope && w.runFiles[g.src] {
				continue
			}
			for _, c := range g.caps {
				if statsOnly && !strings.HasPrefix(c.kind, "sysstat:") {
					continue
				}
				if kinds[c.kind] || have[c.id] {
					continue
				}
				r.Captures = append(r.Captures, c.id)
				have[c.id] = true
				added[c.kind] = true
			}
		}
		for k := range added {
			kinds[k] = true
		}
	}
}

// scopeSep ends a campaign scope's name; the campaign's directory
// follows it.
const scopeSep = "\x00"

// A capGroup holds consecutive captures of one input, in order: a run
// passes over the captures of a whole input at once.
type capGroup struct {
	src  string // the input, as in the CaptureID
	caps []capRef
}

// addCapture appends c to the groups of a scope.
func addCapture(gs []capGroup, c capRef) []capGroup {
	src, _, _ := cutID(c.id)
	if n := len(gs); n > 0 && gs[n-1].src == src {
		gs[n-1].caps = append(gs[n-1].caps, c)
		return gs
	}
	return append(gs, capGroup{src: src, caps: []capRef{c}})
}

// kindsOf returns the kinds of the captures ids names.
func (w *walker) kindsOf(ids []string) map[string]bool {
	kinds := map[string]bool{}
	for _, id := range ids {
		if k, ok := w.kinds[id]; ok {
			kinds[k] = true
		}
	}
	return kinds
}

// cutID splits a CaptureID into source and line text.
func cutID(id string) (src, line string, ok bool) {
	i := strings.LastIndexByte(id, ':')
	if i < 0 {
		return "", "", false
	}
	return id[:i], id[i+1:], true
}

// labelSources returns, for each capture among items, the labels it
// takes: those of the first run after it in its file, or, when none
// follows it there, those every run of its directory agrees on (nil for
// other items). One pass backwards finds the next runs; each directory's
// agreement is computed once.
func labelSources(items []held) []map[string]string {
	sources := make([]map[string]string, len(items))
	next := map[string]map[string]string{} // file -> labels of the nearest run after
	agreed := map[string]map[string]string{}
	for i := len(items) - 1; i >= 0; i-- {
		h := items[i]
		if r, ok := h.it.(*parse.Run); ok {
			next[h.file] = r.Labels
			continue
		}
		if _, _, _, ok := captureOf(h.it); !ok {
			continue
		}
		from := next[h.file]
		if from == nil { // no run after it in its file, or one without labels
			var ok bool
			if from, ok = agreed[h.dir]; !ok {
				from = dirAgreement(items, h.dir)
				agreed[h.dir] = from
			}
		}
		sources[i] = from
	}
	return sources
}

// dirAgreement returns the labels every run of dir among items has, with
// the same value.
func dirAgreement(items []held, dir string) map[string]string {
	agreed := map[string]string{}
	first := true
	for _, h := range items {
		r, ok := h.it.(*parse.Run)
		if !ok || h.dir != dir {
			continue
		}
		if first {
			for k, v := range r.Labels {
				agreed[k] = v
			}
			first = false
			continue
		}
		for k, v := range agreed {
			if r.Labels[k] != v {
				delete(agreed, k)
			}
		}
	}
	return agreed
}

// captureLabels gives a capture the labels from (labelSources); labels
// the capture has are kept.
func captureLabels(labels *map[string]string, from map[string]string) {
	for k, v := range from {
		if ownLabels[k] || v == "" {
			continue
		}
		if *labels == nil {
			*labels = map[string]string{}
		}
		if _, ok := (*labels)[k]; !ok {
			(*labels)[k] = v
		}
	}
}
