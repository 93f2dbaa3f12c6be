package term_test

import (
	"syscall"
	"testing"
	"time"

	"github.com/deliberate-practice/katas/internal/term"
	"github.com/deliberate-practice/katas/internal/term/termtest"
)

// TestIsTerminalOnATerminal opens a pseudo-terminal, so that IsTerminal is seen to say yes
// as well as no: a test with only pipes would pass an IsTerminal that always says no.
func TestIsTerminalOnATerminal(t *testing.T) {
	_, tty := termtest.OpenPTY(t)
	if !term.IsTerminal(tty) {
		t.Errorf("IsTerminal(%s) = false, want true", tty.Name())
	}
}

// TestCbreakReadsEachKey: in cbreak mode a key is read as it is pressed, without Enter, and
// not echoed, while Ctrl-C still interrupts; restored, the terminal is as it was.
func TestCbreakReadsEachKey(t *testing.T) {
	ptmx, tty := termtest.OpenPTY(t)
	before := termtest.Modes(t, tty)
	if before.Lflag&syscall.ICANON == 0 {
		t.Fatal("a new terminal reads lines: the test cannot tell cbreak from it")
	}
	restore, err := term.Cbreak(tty)
	if err != nil {
		t.Fatal(err)
	}
	during := termtest.Modes(t, tty)
	if during.Lflag&(syscall.ICANON|syscall.ECHO) != 0 || during.Lflag&syscall.ISIG == 0 {
		t.Errorf("cbreak modes %#x: want no ICANON, no ECHO, and ISIG", during.Lflag)
	}
	got := make(chan string, 1)
	go func() {
		buf := make([]byte, 8)
		n, _ := tty.Read(buf)
		got <- string(buf[:n])
	}()
	if _, err := ptmx.Write([]byte("f")); err != nil {
		t.Fatal(err)
	}
	select {
	case key := <-got:
		if key != "f" {
			t.Errorf("read %q, want the key f alone", key)
		}
	case <-time.After(10 * time.Second):
		ptmx.Write([]byte("\n")) // let the reader go
		t.Fatal("a key without Enter was not read")
	}
	if err := restore(); err != nil {
		t.Fatal(err)
	}
	if after := termtest.Modes(t, tty); after.Lflag != before.Lflag || after.Cc != before.Cc {
		t.Errorf("restored modes %#x, want %#x as before", after.Lflag, before.Lflag)
	}
}
