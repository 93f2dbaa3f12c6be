//go:build !unix

package kit_test

import "syscall"

// ownSession starts a process as it is: this platform has no sessions, and no /dev/tty.
func ownSession() *syscall.SysProcAttr { return nil }
