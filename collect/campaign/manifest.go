package campaign

import (
	"path/filepath"

	"gopkg.in/yaml.v3"

	"github.com/sbreport/sbreport/collect"
)

// writeManifest saves the manifest atomically.
func writeManifest(m *collect.Manifest, dir string) error {
	data, err := yaml.Marshal(m)
	if err != nil {
		return err
	}
	head := []byte("# Written by sbreport run; read by sbreport report. Do not edit while a campaign runs.\n")
	return writeFileAtomic(filepath.Join(dir, collect.ManifestName), append(head, data...))
}

// labels returns the plan-wide labels (never nil).
func (p *Plan) labels() map[string]string {
	if p == nil {
		return map[string]string{}
	}
	return cloneLabels(p.Labels)
}

// systemLabels returns the labels of everything captured for system s.
func (p *Plan) systemLabels(s *System) map[string]string {
	l := p.labels()
	for k, v := range s.Labels {
		l[k] = v
	}
	l["system"] = s.Name
	if s.Engine != "" {
		l["engine"] = s.Engine
	}
	return l
}

// failedIDs lists the runs that failed, in run order.
func failedIDs(m *collect.Manifest) []string {
	var ids []string
	for _, r := range m.Runs {
		if r.Status == collect.RunFailed {
			ids = append(ids, r.ID)
		}
	}
	return ids
}

// cloneLabels copies a label map (never nil).
func cloneLabels(m map[string]string) map[string]string {
	out := make(map[string]string, len(m)+6)
	for k, v := range m {
		out[k] = v
	}
	return out
}
