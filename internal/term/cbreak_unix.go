//go:build linux || darwin

package term

import (
	"os"
	"syscall"
	"unsafe"
)

// Cbreak puts the terminal f in cbreak mode — each key read as it is pressed, without Enter,
// and not echoed; Ctrl-C still interrupts — and returns the function that puts it back as it
// was.
func Cbreak(f *os.File) (restore func() error, err error) {
	var was syscall.Termios
	if err := termios(f, getTermios, &was); err != nil {
		return nil, err
	}
	now := was
	now.Lflag &^= syscall.ICANON | syscall.ECHO
	now.Cc[syscall.VMIN], now.Cc[syscall.VTIME] = 1, 0
	if err := termios(f, setTermios, &now); err != nil {
		return nil, err
	}
	return func() error { return termios(f, setTermios, &was) }, nil
}

// termios gets or sets the terminal's modes.
func termios(f *os.File, req uintptr, t *syscall.Termios) error {
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), req, uintptr(unsafe.Pointer(t))); errno != 0 {
		return &os.SyscallError{Syscall: "ioctl", Err: errno}
	}
	return nil
}
