package host

import (
	"strings"

	"github.com/sbreport/sbreport/parse/model"
	"github.com/sbreport/sbreport/parse/scan"
)

// DetectUname reads the output of `uname -a` ("Linux vm 6.1.0-18-amd64 #1
// SMP PREEMPT_DYNAMIC Debian 6.1.76-1 (2024-02-01) x86_64 GNU/Linux") into
// a Host with its kernel. It claims a line only when it starts with a
// kernel name, has a release field that starts with a digit, and ends the
// way uname ends its line (an operating system name), or when `uname`
// was the command just typed.
func DetectUname(l *model.Line, c model.Sink) model.Block {
	t := l.Text
	if !strings.HasPrefix(t, "Linux ") && !strings.HasPrefix(t, "FreeBSD ") && !strings.HasPrefix(t, "Darwin ") {
		return nil
	}
	f := strings.Fields(t)
	if len(f) < 3 || f[2] == "" || !scan.IsDigit(f[2][0]) {
		return nil
	}
	afterUname := typed(c, "uname", l.No, 2)
	if !afterUname && !strings.HasSuffix(t, "GNU/Linux") && !strings.HasSuffix(t, "Android") {
		return nil
	}
	h := &model.Host{Source: c.Source(), Line: l.No, Captures: []string{"uname"}, Kernel: f[0] + " " + f[2]}
	if n := len(f); n >= 2 {
		for _, a := range []string{"x86_64", "aarch64", "arm64", "riscv64", "ppc64le", "s390x", "i686", "amd64"} {
			if f[n-2] == a || f[n-1] == a {
				h.Architecture = a
			}
		}
	}
	c.Add(h)
	return doneBlock{}
}

// doneBlock is a record that was complete on its first line.
type doneBlock struct{}

func (doneBlock) Feed(*model.Line) model.Status { return model.Rejected }
func (doneBlock) End(model.Sink)                {}
