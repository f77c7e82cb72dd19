package campaign

import "syscall"

// sysProcAttr puts a child in its own process group and has the kernel
// kill it should sbreport die first (Pdeathsig is Linux only).
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
