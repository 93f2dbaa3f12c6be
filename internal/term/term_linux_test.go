package term_test

import (
	"fmt"
	"os"
	"syscall"
	"testing"
	"unsafe"

	"github.com/deliberate-practice/katas/internal/term"
)

// TestIsTerminalOnATerminal opens a pseudo-terminal, so that IsTerminal is seen to say yes
// as well as no: a test with only pipes would pass an IsTerminal that always says no.
func TestIsTerminalOnATerminal(t *testing.T) {
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here (%v); TestIsTerminal still checks a pipe", err)
	}
	defer ptmx.Close()
	var unlock int32
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptmx.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Fatalf("unlocking the pseudo-terminal: %v", e)
	}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptmx.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Fatalf("naming the pseudo-terminal: %v", e)
	}
	tty, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatalf("opening the pseudo-terminal: %v", err)
	}
	defer tty.Close()
	if !term.IsTerminal(tty) {
		t.Errorf("IsTerminal(%s) = false, want true", tty.Name())
	}
}
