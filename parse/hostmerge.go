package parse

import (
	"fmt"
	"strings"
)

// MergeHosts merges host captures of one machine (lscpu, lsblk, free,
// meminfo, uname are separate captures) into a new Host: each field is
// the first capture's, or, where that capture lacks it, the first later
// one's that has it. Captures lists every capture merged, the later ones
// named with their file ("free@host/free.txt:2"),
// so that every figure stays traceable; labels are the union, later ones
// winning. The hosts given are not changed. MergeHosts of no host is nil.
func MergeHosts(hs ...*Host) *Host {
	if len(hs) == 0 {
		return nil
	}
	m := *hs[0]
	m.Captures = append([]string(nil), hs[0].Captures...)
	m.Labels = mergeStrings(nil, hs[0].Labels)
	for _, o := range hs[1:] {
		m.Captures = append(m.Captures, capturesFrom(o)...)
		fillS := func(dst *string, v string) {
			if *dst == "" {
				*dst = v
			}
		}
		fillS(&m.Name, o.Name)
		fillS(&m.Architecture, o.Architecture)
		fillS(&m.CPUModel, o.CPUModel)
		fillS(&m.Vendor, o.Vendor)
		fillS(&m.OnlineCPUs, o.OnlineCPUs)
		fillS(&m.Hypervisor, o.Hypervisor)
		fillS(&m.Kernel, o.Kernel)
		fillI := func(dst **int, v *int) {
			if *dst == nil {
				*dst = v
			}
		}
		fillI(&m.CPUs, o.CPUs)
		fillI(&m.Sockets, o.Sockets)
		fillI(&m.CoresPerSocket, o.CoresPerSocket)
		fillI(&m.ThreadsPerCore, o.ThreadsPerCore)
		fillI(&m.Cores, o.Cores)
		fillI(&m.NUMANodes, o.NUMANodes)
		if m.MHz == nil {
			m.MHz = o.MHz
		}
		if m.MaxMHz == nil {
			m.MaxMHz = o.MaxMHz
		}
		fill64 := func(dst **int64, v *int64) {
			if *dst == nil {
				*dst = v
			}
		}
		fill64(&m.MemTotalBytes, o.MemTotalBytes)
		fill64(&m.MemAvailableBytes, o.MemAvailableBytes)
		fill64(&m.SwapTotalBytes, o.SwapTotalBytes)
		if len(m.Disks) == 0 {
			m.Disks = o.Disks
		}
		if len(m.Caches) == 0 {
			m.Caches = o.Caches
		}
		if len(m.Fields) == 0 {
			m.Fields = o.Fields
		}
		m.Labels = mergeStrings(m.Labels, o.Labels)
	}
	return &m
}

func mergeStrings(dst, src map[string]string) map[string]string {
	if len(src) == 0 {
		return dst
	}
	if dst == nil {
		dst = make(map[string]string, len(src))
	}
	for k, v := range src {
		dst[k] = v
	}
	return dst
}

// capturesFrom names h's captures with h's file ("lscpu:12" →
// "lscpu@b.txt:12"); a name that already has one is kept.
func capturesFrom(h *Host) []string {
	out := make([]string, len(h.Captures))
	for i, c := range h.Captures {
		if strings.Contains(c, "@") {
			out[i] = c
			continue
		}
		k, line, _ := strings.Cut(c, ":")
		if line == "" {
			line = fmt.Sprint(h.Line)
		}
		out[i] = k + "@" + h.Source + ":" + line
	}
	return out
}
