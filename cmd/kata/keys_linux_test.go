package main

import (
	"context"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/term/termtest"
)

// TestWatchKeysOnATerminal: on a terminal --watch reads each key as it is pressed, without
// Enter and without echoing it, and puts the terminal back as it was when it stops.
func TestWatchKeysOnATerminal(t *testing.T) {
	t.Parallel()
	ptmx, tty := termtest.OpenPTY(t)
	before := termtest.Modes(t, tty)
	dir := t.TempDir()
	marker := filepath.Join(t.TempDir(), "starts")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var out syncBuffer
	c := cli{ctx: ctx, stdout: &out, stderr: &out, self: "kata", dir: dir, now: time.Now, poll: 10 * time.Millisecond,
		keys: tty, katas: known()}
	done := make(chan int, 1)
	go func() {
		done <- c.run([]string{"run", "tictactoe", "--watch", "--tags", "~@property", "--", impl, "-kata", "tictactoe", "-bug", "message", "-starts", marker})
	}()
	idle := func(n int) { t.Helper(); watched(t, &out, n) }
	idle(1)
	assert.Zero(t, termtest.Modes(t, tty).Lflag&(syscall.ICANON|syscall.ECHO), "each key, unechoed")
	_, err := ptmx.Write([]byte("f"))
	require.NoError(t, err)
	idle(2)
	assert.Contains(t, out.String(), "The 3 scenarios that failed (a runs all):")
	_, err = ptmx.Write([]byte("q"))
	require.NoError(t, err)
	select {
	case status := <-done:
		assert.Zero(t, status)
	case <-time.After(10 * time.Second):
		t.Fatal("q did not stop the watch")
	}
	after := termtest.Modes(t, tty)
	assert.Equal(t, before.Lflag, after.Lflag, "the terminal as it was")
	assert.Empty(t, running(t, marker))
}
