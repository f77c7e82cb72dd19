package host_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/parse"
	"github.com/sbreport/sbreport/parse/internal/fixture"
)

// hostJSON returns the hosts of d as decoded JSON objects.
func hostJSON(t *testing.T, d *parse.Document) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, h := range d.Hosts {
		b, err := json.Marshal(h)
		if err != nil {
			t.Fatalf("marshal host: %v", err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

// jsonPath walks a dotted path ("caches.L2", "disks.0.size_bytes",
// "#disks" for a length) through decoded JSON. Keys may hold spaces but
// not dots.
func jsonPath(v any, path string) (any, bool) {
	count := strings.HasPrefix(path, "#")
	path = strings.TrimPrefix(path, "#")
	for _, k := range strings.Split(path, ".") {
		switch x := v.(type) {
		case map[string]any:
			val, ok := x[k]
			if !ok {
				return nil, false
			}
			v = val
		case []any:
			i, err := strconv.Atoi(k)
			if err != nil || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	if count {
		l, _ := v.([]any)
		return float64(len(l)), true
	}
	return v, true
}

// sameJSON compares a decoded JSON value with a Go literal of a test
// table (int, float64, string, bool, nil).
func sameJSON(got, want any) bool {
	switch w := want.(type) {
	case nil:
		return got == nil
	case int:
		g, ok := got.(float64)
		return ok && g == float64(w)
	case int64:
		g, ok := got.(float64)
		return ok && g == float64(w)
	case float64:
		g, ok := got.(float64)
		return ok && g == w
	}
	return reflect.DeepEqual(got, want)
}

type hostCheck map[string]any // JSON path → value

// checkHosts asserts the values of each host and the exact errors.
func checkHosts(t *testing.T, d *parse.Document, want []hostCheck, wantErrs []*parse.Error) {
	t.Helper()
	hosts := hostJSON(t, d)
	if len(hosts) != len(want) {
		t.Fatalf("%d hosts, want %d", len(hosts), len(want))
	}
	for i, w := range want {
		for path, wv := range w {
			got, ok := jsonPath(hosts[i], path)
			if !ok {
				t.Errorf("host %d: %s missing, want %v", i, path, wv)
				continue
			}
			if !sameJSON(got, wv) {
				t.Errorf("host %d: %s = %#v, want %#v", i, path, got, wv)
			}
		}
	}
	if len(d.Runs) != 0 || len(d.Variables) != 0 || len(d.Tables) != 0 {
		t.Errorf("found %d runs, %d variables, %d tables; want host captures only", len(d.Runs), len(d.Variables), len(d.Tables))
	}
	if !reflect.DeepEqual(d.Errors, wantErrs) {
		var sb strings.Builder
		for _, e := range d.Errors {
			fmt.Fprintf(&sb, "\n\t%#v", *e)
		}
		t.Errorf("errors:%s\nwant %d errors", sb.String(), len(wantErrs))
	}
}

const hw = "../../testdata/public/hw/"

const gib = 1 << 30

func TestLscpuFixtures(t *testing.T) {
	tests := []struct {
		file string
		want []hostCheck
		errs []*parse.Error
	}{
		{"lscpu-J-json-flat-utillinux-2.3x-x86.json", []hostCheck{{
			"line": 1, "captures.0": "lscpu", "architecture": "x86_64", "cpus": 4, "threads_per_core": 2,
			"cores_per_socket": 2, "sockets": 1, "cores": 2, "numa_nodes": 1, "vendor": "GenuineIntel",
			"cpu_model": "Intel(R) Core(TM) i5 CPU       M 460  @ 2.53GHz", "mhz": 1915.969, "max_mhz": 2534.0,
			"online_cpus": "0-3", "caches.L1d": "32K", "caches.L3": "3072K", "fields.Stepping": "5",
			"fields.NUMA node0 CPU(s)": "0-3",
		}}, nil},
		{"lscpu-J-json-nested-children-utillinux-2.37-aarch64-truncated-ohai-issue1760.json", []hostCheck{{
			"architecture": "aarch64", "cpus": 4, "vendor": "ARM", "cpu_model": "Cortex-A72",
			"threads_per_core": 1, "sockets": nil, "cores": nil, "fields.Core(s) per cluster": "4",
			"fields.Byte Order": "Little Endian",
		}}, []*parse.Error{{Source: "lscpu-J-json-nested-children-utillinux-2.37-aarch64-truncated-ohai-issue1760.json",
			Line: 42, Message: "lscpu -J: document truncated (expected closing brackets); kept the 10 fields before it"}}},
		{"lscpu-aarch64-neoverse-n1-80core.txt", []hostCheck{{
			"architecture": "aarch64", "cpus": 80, "threads_per_core": 1, "cores_per_socket": 80, "sockets": 1,
			"cores": 80, "cpu_model": "Neoverse-N1", "vendor": "ARM", "numa_nodes": 1, "max_mhz": 3000.0,
			"mhz": nil, "caches.L2": "80 MiB", "fields.Stepping": "r3p1",
			"fields.Vulnerability Spectre v2": "Mitigation; CSV2, BHB",
		}}, nil},
		{"lscpu-aarch64-neoverse-n1-cluster-socket-dash-gopsutil-pr2103.txt", []hostCheck{{
			"cpus": 12, "sockets": nil, "cores_per_socket": nil, "cores": 12, "threads_per_core": 1,
			"fields.Socket(s)": "-", "fields.Cluster(s)": "1", "fields.NUMA node0 CPU(s)": "0-1",
		}}, nil},
		{"lscpu-clone-openbsd-active-total-cpus-socket-zero-nanxiao-issue3.txt", []hostCheck{{
			"line": 3, "name": "Alix", "architecture": "i386", "cpus": 1, "vendor": "AuthenticAMD", "mhz": 499.0,
			"sockets": 1, "cores": 1, "caches.L1d": "64K", "caches.L3": "0K", "fields.Active CPU(s)": "1",
			"cpu_model": `Geode(TM) Integrated Processor by AMD PCS ("AuthenticAMD" 586-class)`,
		}, {
			"line": 24, "name": "Workstation", "architecture": "amd64", "cpus": 8, "sockets": nil,
			"fields.Socket(s)": "0", "cores_per_socket": 8, "cores": nil, "caches.L3": "8M",
			"cpu_model": "AMD FX-8370 Eight-Core Processor",
		}}, nil},
		{"lscpu-riscv64-hetero-nested-with-prompt.txt", []hostCheck{{
			"line": 2, "architecture": "riscv64", "cpus": 16, "cores": 16, "vendor": "0x710",
			"cpu_model": "Spacemit(R) A100 + Spacemit(R) X100", "cores_per_socket": 8, "sockets": 1,
			"max_mhz": 2400.0, "caches.L1d": "1 MiB (16 instances)", "caches.L2": "10 MiB (4 instances)",
			"fields.Core(s) per socket": "8 + 8", "fields.Gather data sampling": "Not affected",
		}}, nil},
		{"lscpu-x86-dual-socket-2numa-xeon-e5.txt", []hostCheck{{
			"cpus": 40, "threads_per_core": 2, "cores_per_socket": 10, "sockets": 2, "cores": 20, "numa_nodes": 2,
			"cpu_model": "Intel(R) Xeon(R) CPU E5-2670 v2 @ 2.50GHz", "caches.L3": "50 MiB (2 instances)",
			"fields.NUMA node1 CPU(s)":           "10-19,30-39",
			"fields.Vulnerability Itlb multihit": "KVM: Mitigation: Split huge pages",
		}}, nil},
		{"lscpu-x86-intel-n100-utillinux-2.38.txt", []hostCheck{{
			"cpus": 4, "threads_per_core": 1, "cores_per_socket": 4, "sockets": 1, "cores": 4,
			"cpu_model": "Intel(R) N100", "max_mhz": 3400.0, "caches.L2": "2 MiB (1 instance)",
		}}, nil},
		{"lscpu-x86-kvm-flags-wrapped-at-terminal-width.txt", []hostCheck{{
			"cpus": 36, "threads_per_core": 2, "cores_per_socket": 18, "sockets": 1, "cores": 18,
			"hypervisor": "KVM", "mhz": 1505.787, "caches.L3": "24.8 MiB",
			"cpu_model": "Intel(R) Xeon(R) Platinum 8124M CPU @ 3.00GHz",
		}}, nil},
		{"lscpu-zh_CN-locale-and-free-h-mixed.txt", []hostCheck{{
			"line": 2, "cpus": 48, "threads_per_core": 2, "cores_per_socket": 12, "sockets": 2, "cores": 24,
			"numa_nodes": 2, "vendor": "GenuineIntel", "cpu_model": "INTEL(R) XEON(R) SILVER 4510",
			"mhz": 2400.0, "caches.L1d": "48K", "caches.L3": "30720K", "fields.座": "2",
			"fields.NUMA 节点1 CPU": "1,3,5,7,9,11,13,15,17,19,21,23,25,27,29,31,33,35,37,39,41,43,45,47",
		}, {
			"line": 28, "captures.0": "free", "mem_total_bytes": 376 * gib, "mem_available_bytes": 343 * gib,
			"swap_total_bytes": 0,
		}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			checkHosts(t, parseFile(t, hw+tt.file), tt.want, tt.errs)
		})
	}
}

// TestLscpuWrappedFlags checks that a Flags cell cut inside words at the
// terminal width is joined back without spaces.
func TestLscpuWrappedFlags(t *testing.T) {
	d := parseFile(t, hw+"lscpu-x86-kvm-flags-wrapped-at-terminal-width.txt")
	if len(d.Hosts) != 1 {
		t.Fatalf("%d hosts", len(d.Hosts))
	}
	flags := d.Hosts[0].Fields["Flags"]
	for _, f := range []string{"xtopology", "lahf_lm", "xsaveopt", "fpu", "ospke"} {
		if !strings.Contains(" "+flags+" ", " "+f+" ") {
			t.Errorf("flag %s missing from %q", f, flags)
		}
	}
}

func TestLsblkFixtures(t *testing.T) {
	tests := []struct {
		file string
		want []hostCheck
	}{
		{"lsblk-centos7-lvm-swap-rom-MOUNTPOINT.txt", []hostCheck{{
			"captures.0": "lsblk", "#disks": 9,
			"disks.0.name": "sda", "disks.0.size_bytes": 40 * gib, "disks.0.type": "disk", "disks.0.mountpoint": "",
			"disks.1.name": "sda1", "disks.1.size_bytes": 200 << 20, "disks.1.mountpoint": "/boot/efi", "disks.1.parent": "sda",
			"disks.3.name": "sda3", "disks.3.size_bytes": int64(math.Round(38.8 * gib)),
			"disks.4.name": "centos-root", "disks.4.parent": "sda3", "disks.4.type": "lvm", "disks.4.mountpoint": "/",
			"disks.5.name": "centos-swap", "disks.5.mountpoint": "[SWAP]", "disks.5.line": 7,
			"disks.6.name": "sdb", "disks.6.size_bytes": 2 * gib,
			"disks.8.name": "sr0", "disks.8.type": "rom", "disks.8.size_bytes": 1024 << 20, "disks.8.parent": "",
		}}},
		{"lsblk-tree-mmc-zero-size-disks.txt", []hostCheck{{
			"#disks": 11, "disks.0.name": "sda", "disks.0.size_bytes": 0,
			"disks.5.name": "mmcblk0", "disks.5.size_bytes": int64(math.Round(58.2 * gib)),
			"disks.7.name": "mmcblk0p2", "disks.7.mountpoint": "[SWAP]", "disks.7.parent": "mmcblk0",
			"disks.8.size_bytes": 54 * gib, "disks.8.mountpoint": "/",
			"disks.10.name": "mmcblk0boot1", "disks.10.size_bytes": 4 << 20, "disks.10.parent": "",
		}}},
		{"lsblk-f-mdraid-repeated-subtrees-with-notes.txt", []hostCheck{{
			"line": 3, "#disks": 11, "disks.4.name": "sda1", "disks.4.fstype": "ext4", "disks.4.mountpoint": "/",
			"disks.5.fstype": "iso9660", "disks.10.name": "sdg", "fields": nil,
		}, {
			"line": 27, "#disks": 17, "disks.6.name": "sdc", "disks.6.fstype": "linux_raid_member",
			"disks.7.name": "md127", "disks.7.parent": "sdc", "disks.7.line": 35,
			"disks.8.name": "md127p1", "disks.8.parent": "md127", "disks.8.mountpoint": "/raid/part1",
			"disks.12.name": "md127p5", "disks.12.mountpoint": "/raid/part5",
			"disks.13.name": "sdd", "disks.16.name": "sdg", "disks.16.line": 62,
			"fields.repeated": "md127 x5, md127p1 x5, md127p2 x5, md127p3 x5, md127p4 x5, md127p5 x5",
		}}},
		{"lsblk-J-O-json-string-values.json", []hostCheck{{
			"#disks": 39, "disks.0.name": "/dev/loop0", "disks.0.size_bytes": 704 << 10,
			"disks.0.mountpoint": "/snap/gnome-characters/741", "disks.0.rotational": true, "disks.0.fstype": "squashfs",
			"disks.31.name": "/dev/loop31", "disks.31.size_bytes": nil, "disks.31.mountpoint": "",
			"disks.32.name": "/dev/sda", "disks.32.model": "HITACHI HTS72501", "disks.32.line": 35,
			"disks.32.size_bytes": int64(math.Round(149.1 * gib)),
			"disks.37.name":       "/dev/sda6", "disks.37.parent": "/dev/sda", "disks.37.mountpoint": "/", "disks.37.line": 41,
			"disks.35.size_bytes": 1024,
			"disks.38.name":       "/dev/sr0", "disks.38.type": "rom", "disks.38.model": "CDDVDW TS-L633R",
		}}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			checkHosts(t, parseFile(t, hw+tt.file), tt.want, nil)
		})
	}
}

func TestFreeFixtures(t *testing.T) {
	const mib, kib = 1 << 20, 1 << 10
	tests := []struct {
		file string
		want []hostCheck
	}{
		// No command line: totals below 1024 are read as GiB.
		{"free-g-centos7-rounded-to-zero.txt", []hostCheck{{
			"line": 1, "mem_total_bytes": 11 * gib, "mem_available_bytes": 10 * gib, "swap_total_bytes": 5 * gib,
		}}},
		{"free-h-procps-3.2-old-with-buffers-cache-line.txt", []hostCheck{{
			"line": 2, "mem_total_bytes": int64(math.Round(5.7 * gib)), "mem_available_bytes": 904 * mib,
			"swap_total_bytes": 2 * gib,
		}}},
		{"free-kb-default-tab-indented-markdown-paste.txt", []hostCheck{{
			"mem_total_bytes": 16269468 * kib, "mem_available_bytes": 8471708 * kib, "swap_total_bytes": 0,
		}}},
		{"free-m-ol8-with-prompt.txt", []hostCheck{{
			"mem_total_bytes": 1972 * mib, "mem_available_bytes": 1145 * mib, "swap_total_bytes": 4095 * mib,
		}}},
		// The last complete block of free -m -s 3 (the sixth is cut after its header).
		{"free-m-s3-repeated-polling-blocks-truncated-issue420.txt", []hostCheck{{
			"line": 18, "mem_total_bytes": 3682 * mib, "mem_available_bytes": 3298 * mib, "swap_total_bytes": 3681 * mib,
		}}},
		{"free-mlt-centos6-low-high-total-lines.txt", []hostCheck{{
			"mem_total_bytes": 16080 * mib, "mem_available_bytes": 12373 * mib, "swap_total_bytes": 0,
		}}},
		{"free-toybox-ohos-bytes-default-buffers-only.txt", []hostCheck{
			{"line": 2, "mem_total_bytes": 2819652, "mem_available_bytes": 65184, "swap_total_bytes": 0},
			{"line": 7, "mem_total_bytes": 2753 * kib, "mem_available_bytes": 60 * kib},
			{"line": 12, "mem_total_bytes": 2 * mib, "mem_available_bytes": 0},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			checkHosts(t, parseFile(t, hw+tt.file), tt.want, nil)
		})
	}
}

// TestHostReal checks the captures of this machine (testdata/real).
func TestHostReal(t *testing.T) {
	const real = "../../testdata/real/"
	lscpu := hostCheck{
		"line": 2, "architecture": "x86_64", "cpus": 2, "online_cpus": "0,1", "vendor": "AuthenticAMD",
		"cpu_model": "AMD EPYC", "threads_per_core": 1, "cores_per_socket": 2, "sockets": 1, "cores": 2,
		"numa_nodes": 1, "hypervisor": "KVM", "mhz": nil, "caches.L1d": "64 KiB (2 instances)",
		"caches.L3": "32 MiB (1 instance)", "fields.BogoMIPS": "5192.26",
		"fields.Vulnerability Spec rstack overflow": "Vulnerable: Safe RET, no microcode",
	}
	lsblk := hostCheck{
		"line": 2, "#disks": 2, "disks.0.name": "zram0", "disks.0.size_bytes": 0, "disks.0.mountpoint": "",
		"disks.1.name": "vda", "disks.1.size_bytes": 256 * gib, "disks.1.mountpoint": "/", "disks.1.type": "disk",
	}
	const kib, mib = 1 << 10, 1 << 20
	tests := []struct {
		file string
		want hostCheck
	}{
		{"lscpu.txt", lscpu},
		{"lscpu-J.txt", lscpu},
		{"lsblk.txt", lsblk},
		{"lsblk-J.txt", lsblk},
		{"lsblk-b-P.txt", lsblk},
		{"free.txt", hostCheck{"mem_total_bytes": 24683652 * kib, "mem_available_bytes": 24099976 * kib, "swap_total_bytes": 0}},
		{"free-m.txt", hostCheck{"mem_total_bytes": 24105 * mib, "mem_available_bytes": 23535 * mib, "swap_total_bytes": 0}},
		{"free-h.txt", hostCheck{"mem_total_bytes": 23 * gib, "mem_available_bytes": 22 * gib, "swap_total_bytes": 0}},
		{"proc-meminfo.txt", hostCheck{"captures.0": "meminfo", "mem_total_bytes": 24683652 * kib,
			"mem_available_bytes": 24099976 * kib, "swap_total_bytes": 0}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			checkHosts(t, parseFile(t, real+tt.file), []hostCheck{tt.want}, nil)
		})
	}
}

// parseHostText parses an inline input named "in".
func parseHostText(t *testing.T, in string) *parse.Document {
	t.Helper()
	d, err := parse.All(strings.NewReader(in), "in")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestHostEdgeCases covers layouts without a public fixture and malformed
// lines. Inputs are real outputs trimmed to the lines that matter, or
// single lines changed to be malformed.
func TestHostEdgeCases(t *testing.T) {
	const mib, kib = 1 << 20, 1 << 10
	tests := []struct {
		name string
		in   string
		want []hostCheck
		errs []*parse.Error
	}{
		{"lscpu tree with caches and NUMA sections", `Architecture:             x86_64
  CPU op-mode(s):         32-bit, 64-bit
CPU(s):                   2
Vendor ID:                AuthenticAMD
  Model name:             AMD EPYC
    Thread(s) per core:   1
    Core(s) per socket:   2
    Socket(s):            1
Caches (sum of all):
  L1d:                    64 KiB (2 instances)
  L3:                     32 MiB (1 instance)
NUMA:
  NUMA node(s):           1
  NUMA node0 CPU(s):      0,1
Vulnerabilities:
  Meltdown:               Not affected
`, []hostCheck{{"cpus": 2, "cores": 2, "numa_nodes": 1, "caches.L1d": "64 KiB (2 instances)",
			"caches.L3": "32 MiB (1 instance)", "fields.Meltdown": "Not affected", "cpu_model": "AMD EPYC"}}, nil},
		{"lscpu bad count", "Architecture:        x86_64\nCPU(s):              many\nSocket(s):           1\n",
			[]hostCheck{{"cpus": nil, "sockets": 1}},
			[]*parse.Error{{Source: "in", Line: 2, Message: `lscpu: CPU(s): bad value "many" (expected a whole number or -)`}}},
		{"free right after lscpu's Flags", "Architecture:        x86_64\nFlags:               fpu vme de pse\n             total       used       free     shared    buffers     cached\nMem:      16269468   14629084    1640384     213968     387248    6444076\nSwap:            0          0          0\n",
			[]hostCheck{{"fields.Flags": "fpu vme de pse"}, {"line": 3, "mem_total_bytes": 16269468 * kib}}, nil},
		{"lscpu flat heterogeneous groups", `Architecture:                    aarch64
CPU(s):                          8
Vendor ID:                       ARM
Model name:                      Cortex-A55
Thread(s) per core:              1
Core(s) per socket:              4
Socket(s):                       1
CPU max MHz:                     1800.0000
Model name:                      Cortex-A76
Thread(s) per core:              1
Core(s) per socket:              2
Socket(s):                       2
CPU max MHz:                     2400.0000
`, []hostCheck{{"cpu_model": "Cortex-A55 + Cortex-A76", "cores": 8, "cores_per_socket": nil, "sockets": nil,
			"threads_per_core": 1, "max_mhz": 2400.0, "fields.Socket(s)": "1 + 2"}}, nil},
		{"lscpu label lines after an lscpu command", "$ lscpu\nCPU(s):   8\nSocket(s): 2\n",
			[]hostCheck{{"line": 2, "cpus": 8, "sockets": 2}}, nil},
		{"lscpu -J nested sections", `{
   "lscpu": [
      {"field": "Architecture:", "data": "x86_64",
         "children": [{"field": "CPU op-mode(s):", "data": "32-bit, 64-bit"}]
      },{"field": "Caches (sum of all):", "data": null,
         "children": [{"field": "L1d:", "data": "64 KiB (2 instances)"}]
      },{"field": "NUMA:", "data": null,
         "children": [{"field": "NUMA node(s):", "data": "1"}]
      }
   ]
}
`, []hostCheck{{"architecture": "x86_64", "caches.L1d": "64 KiB (2 instances)", "numa_nodes": 1}}, nil},
		{"lsblk -i ascii tree", `NAME            MAJ:MIN RM  SIZE RO TYPE MOUNTPOINT
sda               8:0    0   40G  0 disk 
|-sda1            8:1    0  200M  0 part /boot/efi
` + "`" + `-sda3            8:3    0 38.8G  0 part 
  ` + "`" + `-centos-root 253:0    0 34.9G  0 lvm  /
`, []hostCheck{{"#disks": 4, "disks.1.parent": "sda", "disks.3.name": "centos-root", "disks.3.parent": "sda3",
			"disks.3.mountpoint": "/", "disks.3.size_bytes": int64(math.Round(34.9 * gib))}}, nil},
		{"lsblk MOUNTPOINTS continuation and -o columns", `NAME   SIZE ROTA MODEL            MOUNTPOINTS
sda    1.8T    1 ST2000DM008-2FR1 
└─sda1 1.8T    1                  /srv
                                  /home
`, []hostCheck{{"#disks": 2, "disks.0.model": "ST2000DM008-2FR1", "disks.0.rotational": true,
			"disks.1.mountpoint": "/srv,/home", "disks.1.model": ""}}, nil},
		{"lsblk bad size in a tree row", "NAME   MAJ:MIN RM  SIZE RO TYPE MOUNTPOINT\nsda      8:0    0   40G  0 disk \n└─sda1   8:1    0   4QQ  0 part /\n",
			[]hostCheck{{"#disks": 1}},
			[]*parse.Error{{Source: "in", Line: 3, Message: `lsblk: SIZE "4QQ" (expected a size like 58.2G or bytes)`}}},
		{"lsblk ends at other text", "NAME MAJ:MIN RM SIZE RO TYPE MOUNTPOINT\nsda    8:0    0  40G  0 disk \n/dev/md127p1 on /raid/part1 type ext4\n",
			[]hostCheck{{"#disks": 1}}, nil},
		{"lsblk -P with escapes", `NAME="sdb" MAJ:MIN="8:16" SIZE="2000398934016" ROTA="0" TYPE="disk" MOUNTPOINT="/mnt/my\x20disk"` + "\n",
			[]hostCheck{{"disks.0.size_bytes": int64(2000398934016), "disks.0.mountpoint": "/mnt/my disk",
				"disks.0.rotational": false}}, nil},
		{"lsblk -J typed values with -b", `{"blockdevices": [{"name": "nvme0n1", "rm": false, "size": 1000204886016, "rota": false, "type": "disk",
  "mountpoints": [null], "children": [{"name": "nvme0n1p1", "size": 536870912, "type": "part", "mountpoints": ["/boot", "/efi"]}]}]}
`, []hostCheck{{"disks.0.size_bytes": int64(1000204886016), "disks.0.rotational": false, "disks.0.mountpoint": "",
			"disks.1.parent": "nvme0n1", "disks.1.mountpoint": "/boot,/efi", "disks.1.line": 2}}, nil},
		{"free -h procps-ng suffixes", "$ free -h\n               total        used        free      shared  buff/cache   available\nMem:           1.9Gi       1.2Gi       120Mi        18Mi       601Mi       549Mi\nSwap:          1.0Gi          0B       1.0Gi\n",
			[]hostCheck{{"mem_total_bytes": int64(math.Round(1.9 * gib)), "mem_available_bytes": 549 * mib, "swap_total_bytes": gib}}, nil},
		{"free --si -k", "$ free --si -k\n              total        used        free      shared  buff/cache   available\nMem:        8000000     1000000     5000000      100000     2000000     6500000\nSwap:             0           0           0\n",
			[]hostCheck{{"mem_total_bytes": 8000000 * 1000, "mem_available_bytes": 6500000 * 1000}}, nil},
		{"free -w", "# free -w -b\n               total        used        free      shared     buffers       cache   available\nMem:     25276059648   438657024 24607780864     9170944    10530816   484347904 24837431296\nSwap:              0           0           0\n",
			[]hostCheck{{"mem_total_bytes": int64(25276059648), "mem_available_bytes": int64(24837431296)}}, nil},
		{"free busybox KiB", "             total         used         free       shared      buffers\nMem:        126000       113536        12464            0         2896\n-/+ buffers:             110640        15360\nSwap:            0            0            0\n",
			[]hostCheck{{"mem_total_bytes": 126000 * kib, "mem_available_bytes": 15360 * kib}}, nil},
		{"free short Mem row", "              total        used        free      shared  buff/cache   available\nMem:           1972         663\nSwap:          4095           0        4095\n",
			[]hostCheck{{"mem_total_bytes": 1972 * kib, "mem_available_bytes": nil}},
			[]*parse.Error{{Source: "in", Line: 2, Message: "free: Mem row has 2 values (expected 6, one per header column)"}}},
		{"free bad cell", "$ free -m\n              total        used        free      shared  buff/cache   available\nMem:           19x2         663         521          16         787        1145\nSwap:          4095           0        4095\n",
			[]hostCheck{{"mem_total_bytes": nil, "mem_available_bytes": 1145 * mib}},
			[]*parse.Error{{Source: "in", Line: 3, Message: `free: Mem total "19x2" (expected a number, with a unit suffix under -h)`}}},
		{"meminfo bad value", "MemTotal:       16269468 kB\nMemFree:        lots kB\nMemAvailable:   8471708 kB\nSwapTotal:      0 kB\n",
			[]hostCheck{{"mem_total_bytes": 16269468 * kib, "mem_available_bytes": 8471708 * kib, "swap_total_bytes": 0}},
			[]*parse.Error{{Source: "in", Line: 2, Message: "meminfo: MemFree: bad value (expected a whole number of kB)"}}},
		{"meminfo grep", "$ grep -E 'MemTotal|SwapTotal' /proc/meminfo\nMemTotal:       16269468 kB\nSwapTotal:       8388604 kB\n",
			[]hostCheck{{"line": 2, "mem_total_bytes": 16269468 * kib, "mem_available_bytes": nil, "swap_total_bytes": 8388604 * kib}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkHosts(t, parseHostText(t, tt.in), tt.want, tt.errs)
		})
	}
}

// hostSeeds returns the fixtures whose names start with one of prefixes.
func hostSeeds(f *testing.F, prefixes ...string) {
	var files []string
	for _, dir := range []string{hw, "../../testdata/real/"} {
		m, _ := filepath.Glob(dir + "*")
		files = append(files, m...)
	}
	for _, p := range files {
		base := filepath.Base(p)
		for _, pre := range prefixes {
			if strings.HasPrefix(base, pre) {
				if b, err := os.ReadFile(p); err == nil {
					f.Add(b)
				}
			}
		}
	}
}

// checkHostItems is the fuzz oracle: no panic, every item marshals,
// lines lie in the input and sizes are not negative.
func checkHostItems(t *testing.T, data []byte) {
	lines := bytes.Count(data, []byte{'\n'}) + 1
	err := parse.Stream(bytes.NewReader(data), "fuzz", func(it parse.Item) {
		if _, err := json.Marshal(it); err != nil {
			t.Fatalf("%T does not marshal: %v", it, err)
		}
		switch v := it.(type) {
		case *parse.Host:
			if v.Line < 1 || v.Line > lines {
				t.Fatalf("host line %d outside 1-%d", v.Line, lines)
			}
			for _, p := range []*float64{v.MHz, v.MaxMHz} {
				if p != nil && (math.IsNaN(*p) || math.IsInf(*p, 0)) {
					t.Fatalf("non-finite MHz %v", *p)
				}
			}
			for _, p := range []*int64{v.MemTotalBytes, v.MemAvailableBytes, v.SwapTotalBytes} {
				if p != nil && *p < 0 {
					t.Fatalf("negative memory size %d", *p)
				}
			}
			for _, dk := range v.Disks {
				if dk.SizeBytes != nil && *dk.SizeBytes < 0 {
					t.Fatalf("negative disk size %d", *dk.SizeBytes)
				}
				if dk.Line < 1 || dk.Line > lines {
					t.Fatalf("disk line %d outside 1-%d", dk.Line, lines)
				}
			}
		case *parse.Error:
			if v.Line < 0 || v.Line > lines {
				t.Fatalf("error line %d outside 0-%d", v.Line, lines)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}

func FuzzLscpu(f *testing.F) {
	hostSeeds(f, "lscpu")
	f.Fuzz(checkHostItems)
}

func FuzzLsblk(f *testing.F) {
	hostSeeds(f, "lsblk")
	f.Fuzz(checkHostItems)
}

func FuzzFree(f *testing.F) {
	hostSeeds(f, "free", "lscpu-zh_CN")
	f.Fuzz(checkHostItems)
}

func FuzzMeminfo(f *testing.F) {
	hostSeeds(f, "proc-meminfo")
	f.Fuzz(checkHostItems)
}

// TestLscpuStopsAtOtherLabels checks that labels of another tool printed
// right after lscpu, without a blank line, are not taken as lscpu's.
func TestLscpuStopsAtOtherLabels(t *testing.T) {
	in := `Architecture:                    x86_64
CPU(s):                          36
Vulnerability Tsa:               Not affected
Frequency boost:                 enabled
Brand new label:                 kept when aligned
Running the test with following options:
Number of threads: 4
`
	var hosts []*parse.Host
	err := parse.Stream(strings.NewReader(in), "in", func(it parse.Item) {
		if h, ok := it.(*parse.Host); ok {
			hosts = append(hosts, h)
		}
	})
	if err != nil || len(hosts) != 1 {
		t.Fatalf("%d hosts, err %v", len(hosts), err)
	}
	want := map[string]string{"Architecture": "x86_64", "CPU(s)": "36", "Vulnerability Tsa": "Not affected",
		"Frequency boost": "enabled", "Brand new label": "kept when aligned"}
	if !reflect.DeepEqual(hosts[0].Fields, want) {
		t.Errorf("fields %v, want %v", hosts[0].Fields, want)
	}
}

// BenchmarkHostFixtures parses every host fixture once per iteration.
func BenchmarkHostFixtures(b *testing.B) {
	files, _ := filepath.Glob(hw + "*")
	var inputs [][]byte
	total := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		inputs = append(inputs, data)
		total += len(data)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	for b.Loop() {
		for _, in := range inputs {
			if err := parse.Stream(bytes.NewReader(in), "bench", func(parse.Item) {}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

var parseFile = fixture.File
