package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/dojo"
	"github.com/deliberate-practice/katas/internal/journal"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// TestAClosedOutputLosesNoLight: kata run … | true, whose output is closed before the run
// prints, and kata run … | head -1, closed after its first line, still keep every run's light
// and code, and send it to the room, run after run, and exit as the run went: the run records
// before it prints, and a closed output ends the printing alone.
func TestAClosedOutputLosesNoLight(t *testing.T) {
	t.Parallel()
	rooms, _ := serveDojo(t, "--db", filepath.Join(t.TempDir(), "room.db"), "--room", "pipes")
	const runs = 10
	for _, pipe := range []struct {
		name  string
		reads bool // head -1: reads a line, then closes; true closes before kata writes
	}{{"true", false}, {"head", true}} {
		dir := t.TempDir()
		for i := range runs {
			r, w, err := os.Pipe()
			require.NoError(t, err)
			read := make(chan string, 1)
			if pipe.reads {
				go func() {
					line, _ := bufio.NewReader(r).ReadString('\n')
					r.Close()
					read <- line
				}()
			} else {
				require.NoError(t, r.Close())
				read <- ""
			}
			cmd := exec.Command(os.Args[0], "run", "mastermind", "--run", "Making a guess", "--dojo", rooms["pipes"], "--name", pipe.name, "--", impl)
			cmd.Env = append(os.Environ(), asKata+"=1")
			cmd.Dir, cmd.Stdout = dir, w
			err = cmd.Run()
			w.Close()
			line := <-read
			assert.NoError(t, err, "| %s, run %d: not killed by SIGPIPE: the run passed", pipe.name, i+1)
			if pipe.reads {
				assert.NotEmpty(t, line, "head read the run's first line")
			}
		}
		entries, err := journal.Read(dir)
		require.NoError(t, err)
		require.Len(t, entries, runs, "| %s: every run's light kept", pipe.name)
		for _, e := range entries {
			assert.Equal(t, verdict.Green, e.Light)
			assert.NotEmpty(t, e.Commit, "and its code")
		}
		assert.NoFileExists(t, filepath.Join(dir, dojo.UnsentPath), "and nothing left waiting for the room")
	}

	// A run killed as its first line comes — the most a closed output could do — has kept its
	// light and code before it printed, and its light goes to the room with the next run.
	dir := t.TempDir()
	const killed = 3
	for range killed {
		r, w, err := os.Pipe()
		require.NoError(t, err)
		cmd := exec.Command(os.Args[0], "run", "mastermind", "--run", "Making a guess", "--dojo", rooms["pipes"], "--name", "killed", "--", impl)
		cmd.Env = append(os.Environ(), asKata+"=1")
		cmd.Dir, cmd.Stdout = dir, w
		require.NoError(t, cmd.Start())
		w.Close()
		line, _ := bufio.NewReader(r).ReadString('\n')
		require.NoError(t, cmd.Process.Kill())
		cmd.Wait()
		r.Close()
		assert.NotEmpty(t, line)
	}
	entries, err := journal.Read(dir)
	require.NoError(t, err)
	assert.Len(t, entries, killed, "each killed run's light kept before it printed")
	cmd := exec.Command(os.Args[0], "run", "mastermind", "--run", "Making a guess", "--dojo", rooms["pipes"], "--name", "killed", "--", impl)
	cmd.Env = append(os.Environ(), asKata+"=1")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.NoFileExists(t, filepath.Join(dir, dojo.UnsentPath), "the next run sent what waited")

	count := map[string]int{}
	for _, l := range roomLights(t, rooms["pipes"]) {
		count[l.Name]++
	}
	assert.Equal(t, map[string]int{"true": runs, "head": runs, "killed": killed + 1}, count, "every light in the room, once")
}
