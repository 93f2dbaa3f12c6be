package main

import (
	"os"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/journal"
)

// TestAClosedOutputLosesNoLight: kata run … | true, whose output is closed before the run
// prints, still keeps the run's light and code, run after run, and exits as the run went.
func TestAClosedOutputLosesNoLight(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const runs = 5
	for range runs {
		r, w, err := os.Pipe()
		require.NoError(t, err)
		require.NoError(t, r.Close()) // as | true does, before kata writes a line
		cmd := exec.Command(os.Args[0], "run", "mastermind", "--run", "Making a guess", "--", impl)
		cmd.Env = append(os.Environ(), asKata+"=1")
		cmd.Dir, cmd.Stdout = dir, w
		err = cmd.Run()
		w.Close()
		assert.NoError(t, err, "not killed by SIGPIPE: the run passed")
	}
	entries, err := journal.Read(dir)
	require.NoError(t, err)
	require.Len(t, entries, runs, "every run's light kept")
	for _, e := range entries {
		assert.Equal(t, journal.Green, e.Light)
		assert.NotEmpty(t, e.Commit, "and its code")
	}
}
