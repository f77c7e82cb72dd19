package host_test

import (
	"strings"
	"testing"

	"github.com/sbreport/sbreport/parse"
)

// TestLsblkCollapsedAlignment: a web page that collapsed the runs of
// spaces of an lsblk paste still gives its disks, cell by cell, the mount
// point column possibly empty.
func TestLsblkCollapsedAlignment(t *testing.T) {
	in := "$ lsblk\n" +
		"NAME MAJ:MIN RM SIZE RO TYPE MOUNTPOINT\n" +
		"nvme0n1 259:0 0 1.8T 0 disk\n" +
		"├─nvme0n1p1 259:1 0 512M 0 part /boot/efi\n" +
		"└─nvme0n1p2 259:2 0 1.8T 0 part /\n" +
		"nvme1n1 259:3 0 1.8T 0 disk /data\n"
	d, err := parse.All(strings.NewReader(in), "page.txt")
	if err != nil || len(d.Errors) != 0 || len(d.Hosts) != 1 {
		t.Fatalf("%v %v %d hosts", err, d.Errors, len(d.Hosts))
	}
	type want struct {
		name, typ, mount, parent string
		size                     int64
	}
	wants := []want{
		{"nvme0n1", "disk", "", "", 1979120929997},
		{"nvme0n1p1", "part", "/boot/efi", "nvme0n1", 512 << 20},
		{"nvme0n1p2", "part", "/", "nvme0n1", 1979120929997},
		{"nvme1n1", "disk", "/data", "", 1979120929997},
	}
	disks := d.Hosts[0].Disks
	if len(disks) != len(wants) {
		t.Fatalf("%d disks, want %d: %+v", len(disks), len(wants), disks)
	}
	for i, w := range wants {
		g := disks[i]
		if g.Name != w.name || g.Type != w.typ || g.Mountpoint != w.mount || g.Parent != w.parent || g.SizeBytes == nil || *g.SizeBytes != w.size {
			t.Errorf("disk %d: %+v, want %+v", i, g, w)
		}
	}
}
