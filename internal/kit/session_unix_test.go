//go:build unix

package kit_test

import "syscall"

// ownSession starts a process in a session of its own, with no controlling terminal.
func ownSession() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }
