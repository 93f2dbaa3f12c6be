package main

import (
	"os"
	"syscall"
	"unsafe"
)

// unread is how many bytes wait in the pipe f reads from (FIONREAD); 0 if it cannot tell.
func unread(f *os.File) int {
	conn, err := f.SyscallConn()
	if err != nil {
		return 0
	}
	n := 0
	_ = conn.Control(func(fd uintptr) {
		var v int32
		if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TIOCINQ, uintptr(unsafe.Pointer(&v))); e == 0 {
			n = int(v)
		}
	})
	return n
}
