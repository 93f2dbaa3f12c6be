//go:build unix

package journal

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/verdict"
)

// TestTheLogIsAPlainFile: a log that is a link, a FIFO or a folder is neither read nor written,
// and the message says what it is.
func TestTheLogIsAPlainFile(t *testing.T) {
	for name, make := range map[string]func(string) error{
		"a symbolic link": func(p string) error { return os.Symlink("/etc/passwd", p) },
		"a FIFO":          func(p string) error { return syscall.Mkfifo(p, 0o644) },
		"a folder":        func(p string) error { return os.Mkdir(p, 0o755) },
	} {
		dir := t.TempDir()
		require.NoError(t, os.Mkdir(filepath.Join(dir, ".kata"), 0o755))
		require.NoError(t, make(filepath.Join(dir, Path)))
		err := Append(dir, Entry{Time: time.Now(), Kata: "mastermind", Light: verdict.Green})
		assert.ErrorContains(t, err, "is not a plain file ("+name+")", name)
		_, err = Read(dir)
		assert.ErrorContains(t, err, "is not a plain file ("+name+")", name)
	}
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".kata"), nil, 0o644))
	assert.ErrorContains(t, Append(dir, Entry{Time: time.Now(), Kata: "mastermind"}), "is not a folder")
}
