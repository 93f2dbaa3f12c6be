package server

import (
	"bytes"
	"database/sql"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestARefusedFileIsLeftAsItWas: another program's SQLite file, and a dojo's of another
// version, are refused and left byte for byte as they were, in their own journal mode (bytes
// 18 and 19 of the header: 1, 1), with no file beside them.
func TestARefusedFileIsLeftAsItWas(t *testing.T) {
	dir := t.TempDir()
	for name, setUp := range map[string]string{
		"other.db":  "CREATE TABLE accounts (id INTEGER); INSERT INTO accounts VALUES (1)",
		"future.db": "PRAGMA user_version = 99",
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, name)
			db, err := sql.Open("sqlite", path)
			require.NoError(t, err)
			_, err = db.Exec(setUp)
			require.NoError(t, err)
			require.NoError(t, db.Close())
			before, err := os.ReadFile(path)
			require.NoError(t, err)
			require.Equal(t, []byte{1, 1}, before[18:20], "a rollback journal's file")

			_, err = Open(path, Options{})
			require.Error(t, err)
			after, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.True(t, bytes.Equal(before, after), "the file is as it was; bytes 18-19 %x", after[18:20])
			for _, beside := range []string{"-wal", "-shm", "-journal"} {
				assert.NoFileExists(t, path+beside)
			}
		})
	}
}

// TestOneServerAFile: a second server on a file that one serves is refused, and the first
// goes on.
func TestOneServerAFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dojo.db")
	first, err := Open(path, Options{})
	require.NoError(t, err)
	defer first.Close()
	_, err = first.Room("dojo")
	require.NoError(t, err)

	_, err = Open(path, Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "is in use by another program, most likely another kata dojo serve")
	_, err = first.Room("tuesday")
	assert.NoError(t, err, "the first server goes on")
	require.NoError(t, first.Close())
	again, err := Open(path, Options{})
	require.NoError(t, err, "once the first has stopped")
	assert.Equal(t, []string{"dojo", "tuesday"}, again.Rooms())
	require.NoError(t, again.Close())
}
