//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/journal"
)

// TestTheLogIsAPlainFile: a symbolic link or a FIFO where the log goes — a cloned kata folder
// can hold anything — is neither followed nor opened: kata run and kata log say what to do,
// at once, and the file a link points to is left as it was.
func TestTheLogIsAPlainFile(t *testing.T) {
	t.Parallel()
	elsewhere := filepath.Join(t.TempDir(), "mine.py")
	require.NoError(t, os.WriteFile(elsewhere, []byte("print('mine')\n"), 0o644))
	for name, create := range map[string]func(path string) error{
		"a symbolic link": func(path string) error { return os.Symlink(elsewhere, path) },
		"a FIFO":          func(path string) error { return syscall.Mkfifo(path, 0o644) },
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			require.NoError(t, os.MkdirAll(filepath.Join(dir, ".kata"), 0o755))
			require.NoError(t, create(filepath.Join(dir, journal.Path)))
			var out, errOut bytes.Buffer
			c := cli{ctx: t.Context(), stdout: &out, stderr: &errOut, self: "kata", dir: dir, now: time.Now, katas: known()}
			done := make(chan [2]int, 1)
			go func() {
				run := c.run([]string{"run", "mastermind", "--run", "Joining the game$", "--", impl})
				done <- [2]int{run, c.run([]string{"log"})}
			}()
			select {
			case status := <-done:
				assert.Equal(t, [2]int{1, 1}, status)
			case <-time.After(20 * time.Second):
				t.Fatal("kata blocked on the log")
			}
			assert.Contains(t, errOut.String(), "is not a plain file ("+name+"); kata keeps its log of runs there: move it away")
			data, err := os.ReadFile(elsewhere)
			require.NoError(t, err)
			assert.Equal(t, "print('mine')\n", string(data), "nothing appended where the link points")
		})
	}
}
