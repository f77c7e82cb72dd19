package host

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sbreport/sbreport/parse/model"
)

// testSink is the input a detector is tried on outside parse: a pending
// command when cmd is set, items passed to emit.
type testSink struct {
	cmd  *model.Cmd
	emit func(model.Item)
}

func (s *testSink) Source() string { return "in" }
func (s *testSink) Add(it model.Item) {
	if s.emit != nil {
		s.emit(it)
	}
}
func (s *testSink) Errorf(int, string, ...any) {}
func (s *testSink) Recognised()                {}
func (s *testSink) Headings() []model.Heading  { return nil }
func (s *testSink) Command() (model.Cmd, bool) {
	if s.cmd == nil {
		return model.Cmd{}, false
	}
	return *s.cmd, true
}
func (s *testSink) TakeCommand(int) (model.Cmd, bool) {
	cmd, ok := s.Command()
	s.cmd = nil
	return cmd, ok
}

// textLine is raw as parse gives a plain ASCII line without prompt or
// markup: its text is the line without the blanks around it.
func textLine(no int, raw string) model.Line {
	return model.Line{No: no, Raw: raw, Text: strings.Trim(raw, " \t")}
}

const gib = 1 << 30

// TestHostDetectorsStrict checks that the host detectors leave other
// formats alone.
func TestHostDetectorsStrict(t *testing.T) {
	lines := []string{
		"Number of threads: 4",
		"Threads started!",
		"    total time:                          10.0012s",
		"    total number of events:              40250",
		"Architecture: the parser reads every layout", // prose with a label
		"| Variable_name | Value |",
		"total: 12",
		"Mem: 4G",
		"NAME is not a header",
		"NAME SIZE and TYPE are columns",
		"Total used free",
		"MemTotal: 16 GB",
	}
	for _, s := range lines {
		l := textLine(1, s)
		for name, d := range map[string]model.Detector{"lscpu": DetectLscpu, "lsblk": DetectLsblk, "free": DetectFree, "meminfo": DetectMeminfo} {
			if b := d(&l, &testSink{}); b != nil {
				t.Errorf("%s claims %q", name, s)
			}
		}
	}
}

// TestLscpuExtendedNotClaimed checks that the lscpu -e table after its
// command line is not read as label lines.
func TestLscpuExtendedNotClaimed(t *testing.T) {
	c := &testSink{cmd: &model.Cmd{Tool: "lscpu", Raw: "lscpu -e", Masked: "lscpu -e", Line: 1}}
	l := textLine(2, "CPU NODE SOCKET CORE L1d:L1i:L2:L3 ONLINE")
	if b := DetectLscpu(&l, c); b != nil {
		t.Errorf("lscpu claims the lscpu -e header")
	}
}

// TestParseSize checks lsblk size cells.
func TestParseSize(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"58.2G", int64(math.Round(58.2 * gib)), true},
		{"1024M", 1 << 30, true},
		{"0B", 0, true},
		{"704K", 704 << 10, true},
		{"274877906944", 274877906944, true},
		{"1,8T", int64(math.Round(1.8 * (1 << 40))), true},
		{"2GiB", 2 << 30, true},
		{"", 0, false},
		{"G", 0, false},
		{"12Q", 0, false},
		{"NaN", 0, false},
		{"99999999999E", 0, false},
	}
	for _, tt := range tests {
		got, ok := parseSize(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseSize(%q) = %d, %v; want %d, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// hostJSONSeeds adds the -J captures of the fixtures.
func hostJSONSeeds(f *testing.F, prefixes ...string) {
	for _, dir := range []string{"../../testdata/public/hw/", "../../testdata/real/"} {
		m, _ := filepath.Glob(dir + "*")
		for _, p := range m {
			for _, pre := range prefixes {
				if strings.HasPrefix(filepath.Base(p), pre) {
					if b, err := os.ReadFile(p); err == nil {
						f.Add(b)
					}
				}
			}
		}
	}
}

// FuzzHostJSON drives the lscpu -J and lsblk -J handlers directly, with
// no other JSON handler in front of them.
func FuzzHostJSON(f *testing.F) {
	hostJSONSeeds(f, "lscpu-J", "lsblk-J")
	f.Fuzz(func(t *testing.T, data []byte) {
		var lines []model.Line
		for i, raw := range strings.Split(string(data), "\n") {
			if len(lines) > 10000 {
				break
			}
			lines = append(lines, textLine(i+1, strings.TrimSuffix(raw, "\r")))
		}
		c := &testSink{emit: func(it model.Item) {
			if _, err := json.Marshal(it); err != nil {
				t.Fatalf("%T does not marshal: %v", it, err)
			}
		}}
		LscpuJSON(lines, c)
		LsblkJSON(lines, c)
	})
}
