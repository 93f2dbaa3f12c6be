//go:build linux || darwin

package term

import (
	"os"
	"syscall"
	"unsafe"
)

// Size returns the columns and rows of the terminal f, and false where f is no terminal or
// does not say.
func Size(f *os.File) (width, height int, ok bool) {
	var ws struct{ Row, Col, X, Y uint16 }
	conn, err := f.SyscallConn()
	if err != nil {
		return 0, 0, false
	}
	var errno syscall.Errno
	if err := conn.Control(func(fd uintptr) {
		_, _, errno = syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TIOCGWINSZ, uintptr(unsafe.Pointer(&ws)))
	}); err != nil || errno != 0 || ws.Col == 0 || ws.Row == 0 {
		return 0, 0, false
	}
	return int(ws.Col), int(ws.Row), true
}
