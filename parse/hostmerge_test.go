package parse

import (
	"os"
	"slices"
	"testing"
)

func hostsOf(t *testing.T, name string) []*Host {
	t.Helper()
	f, err := os.Open("../testdata/real/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var hs []*Host
	if err := Stream(f, name, func(it Item) {
		if h, ok := it.(*Host); ok {
			hs = append(hs, h)
		}
	}); err != nil {
		t.Fatal(err)
	}
	if len(hs) != 1 {
		t.Fatalf("%s: %d hosts, want 1", name, len(hs))
	}
	return hs
}

// MergeHosts keeps every field a capture gives — kernel, cores, online
// CPUs and available memory included — and leaves its inputs alone.
func TestMergeHostsRealCaptures(t *testing.T) {
	cpu := hostsOf(t, "lscpu.txt")[0]
	mem := hostsOf(t, "free.txt")[0]
	un := hostsOf(t, "uname-a.txt")[0]
	capsBefore := slices.Clone(cpu.Captures)
	m := MergeHosts(cpu, mem, un)
	if m.CPUs == nil || *m.CPUs != 2 || m.Cores == nil || *m.Cores != 2 || m.OnlineCPUs != "0,1" {
		t.Errorf("cpus %v cores %v online %q, want 2, 2, 0,1", m.CPUs, m.Cores, m.OnlineCPUs)
	}
	if m.MemTotalBytes == nil || *m.MemTotalBytes != 24683652*1024 || m.MemAvailableBytes == nil || *m.MemAvailableBytes != 24099976*1024 {
		t.Errorf("memory %v available %v, want the free capture's", m.MemTotalBytes, m.MemAvailableBytes)
	}
	if m.Kernel == "" || m.Hypervisor != "KVM" {
		t.Errorf("kernel %q hypervisor %q", m.Kernel, m.Hypervisor)
	}
	if !slices.Equal(cpu.Captures, capsBefore) || cpu.MemTotalBytes != nil {
		t.Errorf("the first host was changed: %v", cpu.Captures)
	}
	want := append(slices.Clone(capsBefore), "free@free.txt:2", "uname@uname-a.txt:2")
	if !slices.Equal(m.Captures, want) {
		t.Errorf("captures %q, want %q", m.Captures, want)
	}
	if MergeHosts() != nil {
		t.Error("MergeHosts() is not nil")
	}
}
