//go:build !unix

package protocol

import (
	"os"
	"syscall"
)

// groups: here no process group ends with a program, and no guard watches it.
const groups = false

// ownGroup starts a program as it is: this platform has no process groups the runner ends.
func ownGroup() *syscall.SysProcAttr { return nil }

// killGroup ends p alone. Here, unlike on Unix, the runner cannot end what the program
// started: the protocol's promise that a program's children end with its scenario holds on
// Linux and the other Unixes only (docs/protocol.md says so).
func killGroup(p *os.Process) { _ = p.Kill() }
