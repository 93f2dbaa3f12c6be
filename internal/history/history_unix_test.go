//go:build unix

package history

import (
	"bytes"
	"compress/zlib"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestATamperedRepositoryIsReadSafely: a repository a cloned folder brings may hold anything —
// a FIFO or a link to /dev/zero where the branch is, a FIFO object, an object whose contents
// are not what its name says (a tree that names itself), a tree that names one 1 MiB blob a
// thousand times, a thousand times — and each read of it ends soon, with an error that says
// what is wrong, in bounded memory.
func TestATamperedRepositoryIsReadSafely(t *testing.T) {
	run := func(t *testing.T) (string, string) {
		dir := t.TempDir()
		write(t, dir, map[string]string{"a.py": "x = 1\n"})
		c := record(t, dir, "red")
		return dir, c
	}
	within := func(t *testing.T, what string, f func() error) error {
		t.Helper()
		done := make(chan error, 1)
		go func() { done <- f() }()
		select {
		case err := <-done:
			return err
		case <-time.After(10 * time.Second):
			t.Fatalf("%s did not return", what)
			return nil
		}
	}
	t.Run("a FIFO for the branch", func(t *testing.T) {
		dir, _ := run(t)
		ref := filepath.Join(dir, Dir, branch)
		require.NoError(t, os.Remove(ref))
		require.NoError(t, syscall.Mkfifo(ref, 0o644))
		err := within(t, "Last", func() error { _, err := Last(dir); return err })
		assert.ErrorContains(t, err, "is not a plain file (a FIFO)")
		err = within(t, "Record", func() error { _, err := Record(dir, "green", time.Now()); return err })
		assert.ErrorContains(t, err, "is not a plain file (a FIFO)")
	})
	t.Run("a link to /dev/zero for the branch", func(t *testing.T) {
		dir, _ := run(t)
		ref := filepath.Join(dir, Dir, branch)
		require.NoError(t, os.Remove(ref))
		require.NoError(t, os.Symlink("/dev/zero", ref))
		err := within(t, "Last", func() error { _, err := Last(dir); return err })
		assert.ErrorContains(t, err, "is not a plain file (a symbolic link)")
	})
	t.Run("a FIFO for an object", func(t *testing.T) {
		dir, c := run(t)
		commit, err := Read(dir, c)
		require.NoError(t, err)
		p := filepath.Join(dir, Dir, "objects", commit.Tree[:2], commit.Tree[2:])
		require.NoError(t, os.Remove(p))
		require.NoError(t, syscall.Mkfifo(p, 0o644))
		err = within(t, "Files", func() error { _, err := Files(dir, c); return err })
		assert.ErrorContains(t, err, "is not a plain file (a FIFO)")
	})
	t.Run("an object that is not what its name says", func(t *testing.T) {
		dir, c := run(t)
		commit, err := Read(dir, c)
		require.NoError(t, err)
		// The tree, rewritten to name itself: a cycle, were names not checked.
		raw, _ := hex.DecodeString(commit.Tree)
		self := append([]byte("40000 again\x00"), raw...)
		p := filepath.Join(dir, Dir, "objects", commit.Tree[:2], commit.Tree[2:])
		require.NoError(t, os.Remove(p))
		var z bytes.Buffer
		w := zlib.NewWriter(&z)
		fmt.Fprintf(w, "tree %d\x00%s", len(self), self)
		require.NoError(t, w.Close())
		require.NoError(t, os.WriteFile(p, z.Bytes(), 0o444))
		err = within(t, "Files", func() error { _, err := Files(dir, c); return err })
		assert.ErrorContains(t, err, "holds what is named")
	})
	t.Run("a thousand trees of a thousand big blobs", func(t *testing.T) {
		dir := t.TempDir()
		o := &objects{repo: filepath.Join(dir, Dir)}
		_, err := openRepo(dir, true)
		require.NoError(t, err)
		blob, err := o.write("blob", []byte(strings.Repeat("x", MaxFile)))
		require.NoError(t, err)
		raw, _ := hex.DecodeString(blob)
		var inner bytes.Buffer
		for i := range 1000 {
			fmt.Fprintf(&inner, "100644 f%04d\x00", i)
			inner.Write(raw)
		}
		tree, err := o.write("tree", inner.Bytes())
		require.NoError(t, err)
		raw, _ = hex.DecodeString(tree)
		var outer bytes.Buffer
		for i := range 1000 {
			fmt.Fprintf(&outer, "40000 d%04d\x00", i)
			outer.Write(raw)
		}
		top, err := o.write("tree", outer.Bytes())
		require.NoError(t, err)
		commit, err := o.write("commit", []byte("tree "+top+"\n\nbomb\n"))
		require.NoError(t, err)
		err = within(t, "Files", func() error { _, err := Files(dir, commit); return err })
		assert.ErrorContains(t, err, "more than the 16 MiB a run keeps")
		err = within(t, "Changes", func() error { _, err := Changes(dir, "", commit); return err })
		assert.ErrorContains(t, err, "more than the 16 MiB a run keeps")
	})
	t.Run("a link for the repository", func(t *testing.T) {
		dir, victim := t.TempDir(), t.TempDir()
		write(t, victim, map[string]string{"v.py": "v\n"})
		original := record(t, victim, "the victim's")
		require.NoError(t, os.Mkdir(filepath.Join(dir, ".kata"), 0o755))
		require.NoError(t, os.Symlink(filepath.Join(victim, Dir), filepath.Join(dir, Dir)))
		write(t, dir, map[string]string{"a.py": "x\n"})
		_, err := Record(dir, "red", time.Now())
		assert.ErrorContains(t, err, "is a symbolic link, not a folder")
		last, err := Last(victim)
		require.NoError(t, err)
		assert.Equal(t, original, last, "nothing written through the link")
	})
}
