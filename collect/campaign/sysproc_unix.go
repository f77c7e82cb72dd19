//go:build unix && !linux

package campaign

import "syscall"

// sysProcAttr puts a child in its own process group. Other Unix systems
// have no Pdeathsig: a sysbench outliving a killed sbreport ends with its
// --time.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}
