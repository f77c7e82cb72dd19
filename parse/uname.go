package parse

import "strings"

// detectUname reads the output of `uname -a` ("Linux vm 6.1.0-18-amd64 #1
// SMP PREEMPT_DYNAMIC Debian 6.1.76-1 (2024-02-01) x86_64 GNU/Linux") into
// a Host with its kernel. It claims a line only when it starts with a
// kernel name, has a release field that starts with a digit, and ends the
// way uname ends its line (an operating system name), or when `uname`
// was the command just typed.
func detectUname(l *Line, c *ctx) block {
	t := l.Text
	if !strings.HasPrefix(t, "Linux ") && !strings.HasPrefix(t, "FreeBSD ") && !strings.HasPrefix(t, "Darwin ") {
		return nil
	}
	f := strings.Fields(t)
	if len(f) < 3 || f[2] == "" || !isDigit(f[2][0]) {
		return nil
	}
	afterUname := c.command != nil && c.command.Tool == "uname" && l.No-c.cmdLine <= 2
	if !afterUname && !strings.HasSuffix(t, "GNU/Linux") && !strings.HasSuffix(t, "Android") {
		return nil
	}
	h := &Host{Source: c.name, Line: l.No, Captures: []string{"uname"}, Kernel: f[0] + " " + f[2]}
	if n := len(f); n >= 2 {
		for _, a := range []string{"x86_64", "aarch64", "arm64", "riscv64", "ppc64le", "s390x", "i686", "amd64"} {
			if f[n-2] == a || f[n-1] == a {
				h.Architecture = a
			}
		}
	}
	c.add(h)
	return doneBlock{}
}

// doneBlock is a record that was complete on its first line.
type doneBlock struct{}

func (doneBlock) feed(*Line) status { return rejected }
func (doneBlock) end(*ctx)          {}
