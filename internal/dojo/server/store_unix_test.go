//go:build unix

package server

import (
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTheStoreIsNoFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "dojo.db")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	_, err := Open(fifo, Options{}) // opening a FIFO would wait for a writer
	require.Error(t, err)
	assert.Contains(t, err.Error(), "is not a plain file")
}
