//go:build unix

package protocol

import (
	"os"
	"syscall"
)

// groups: here a program's process group ends with it, and a guard can end it too.
const groups = true

// ownGroup starts a program in a process group of its own.
func ownGroup() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// killGroup ends the process group p leads: p and every process it started that stayed in
// its group.
func killGroup(p *os.Process) { _ = syscall.Kill(-p.Pid, syscall.SIGKILL) }
