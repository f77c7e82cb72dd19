package analyze

import (
	"strings"

	"github.com/sbreport/sbreport/parse"
)

// machines groups host captures by the machine they describe: two are
// one machine when they name the same host, when they agree on CPU
// model, CPU count and memory (all three known), or when they come from
// one file and hold different kinds of capture (an lscpu and a free of
// one paste). Captures of different files that say neither are
// different machines: a directory of logs from several machines is not
// one machine assembled from their parts. Groups keep input order.
func machines(hs []*parse.Host) [][]*parse.Host {
	parent := make([]int, len(hs))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i := range hs {
		for j := 0; j < i; j++ {
			if sameMachine(hs[i], hs[j]) {
				a, b := find(i), find(j)
				if a != b {
					if a < b {
						parent[b] = a
					} else {
						parent[a] = b
					}
				}
			}
		}
	}
	idx := map[int]int{}
	var out [][]*parse.Host
	for i, h := range hs {
		r := find(i)
		k, ok := idx[r]
		if !ok {
			k = len(out)
			idx[r] = k
			out = append(out, nil)
		}
		out[k] = append(out[k], h)
	}
	return out
}

func sameMachine(a, b *parse.Host) bool {
	if a.Name != "" && b.Name != "" {
		return strings.EqualFold(a.Name, b.Name)
	}
	if a.CPUModel != "" && a.CPUs != nil && a.MemTotalBytes != nil &&
		b.CPUModel != "" && b.CPUs != nil && b.MemTotalBytes != nil {
		return a.CPUModel == b.CPUModel && *a.CPUs == *b.CPUs && *a.MemTotalBytes == *b.MemTotalBytes
	}
	if a.Source != b.Source {
		return false
	}
	kinds := map[string]bool{}
	for _, c := range a.Captures {
		k, _, _ := strings.Cut(c, ":")
		k, _, _ = strings.Cut(k, "@")
		kinds[k] = true
	}
	for _, c := range b.Captures {
		k, _, _ := strings.Cut(c, ":")
		k, _, _ = strings.Cut(k, "@")
		if kinds[k] {
			return false
		}
	}
	return true
}

// oneTranscript reports whether the systems are storage engines and
// every analysed run comes from the file source and names no more than
// one host and one server: the captures of that file then describe the
// machine and the server of every engine (one server ran them all),
// whichever engine's runs they happen to precede.
func oneTranscript(ds *Dataset, source string) bool {
	if ds == nil || len(ds.Systems) < 2 || ds.By != "engine" {
		return false
	}
	hosts, servers := map[string]bool{}, map[string]bool{}
	n := 0
	for _, c := range ds.Cells {
		for _, r := range c.Runs {
			if r.Source != source {
				return false
			}
			n++
			if h := r.Labels["host"]; h != "" {
				hosts[h] = true
			}
			if s := r.Labels["server"]; s != "" {
				servers[s] = true
			}
		}
	}
	return n > 0 && len(hosts) <= 1 && len(servers) <= 1
}
