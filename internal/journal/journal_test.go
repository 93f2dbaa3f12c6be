package journal

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/verdict"
)

// TestEntriesReadBack: what Append writes, Read reads back, in order.
func TestEntriesReadBack(t *testing.T) {
	dir := t.TempDir()
	at := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	written := []Entry{
		{Time: at, Kata: "mastermind", Start: true},
		{Time: at.Add(time.Minute), Kata: "mastermind", Light: verdict.Red, Passed: 3, Total: 60, Next: "Playing mastermind/Joining the game", Predicted: verdict.Green, Lag: time.Second},
		{Time: at.Add(2 * time.Minute), Kata: "mastermind", Light: verdict.Green, Passed: 60, Total: 60, Commit: "0123456789012345678901234567890123456789"},
	}
	for _, e := range written {
		require.NoError(t, Append(dir, e))
	}
	got, err := Read(dir)
	require.NoError(t, err)
	assert.Equal(t, written, got)
	empty, err := Read(t.TempDir())
	assert.NoError(t, err)
	assert.Empty(t, empty, "no log, no entries")

	require.NoError(t, os.WriteFile(filepath.Join(dir, Path), []byte("{\"kata\":\"x\"}\n"), 0o644))
	_, err = Read(dir)
	assert.ErrorContains(t, err, "line 1, is not an entry of the log of runs")
}

// TestSessionsAndPredictions: a session starts where an entry says so, or after a pause; its
// first green of the whole kata ends the way to green.
func TestSessionsAndPredictions(t *testing.T) {
	at := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	entries := []Entry{
		{Time: at, Kata: "mastermind", Start: true},
		{Time: at.Add(time.Minute), Kata: "mastermind", Light: verdict.Red, Predicted: verdict.Red},
		{Time: at.Add(2 * time.Minute), Kata: "tictactoe", Light: verdict.Green},
		{Time: at.Add(3 * time.Minute), Kata: "mastermind", Light: verdict.Green, Partial: true, Predicted: verdict.Red},
		{Time: at.Add(4 * time.Minute), Kata: "mastermind", Light: verdict.Green},
		{Time: at.Add(4*time.Minute + SessionGap + time.Second), Kata: "mastermind", Light: verdict.Red},
	}
	sessions := Sessions(entries, "mastermind")
	require.Len(t, sessions, 2)
	runs, d, ok := sessions[0].ToGreen()
	assert.True(t, ok)
	assert.Equal(t, 3, runs, "a partial green is not the kata's")
	assert.Equal(t, 4*time.Minute, d)
	_, _, ok = sessions[1].ToGreen()
	assert.False(t, ok)
	said, right := Predictions(sessions[0].Runs())
	assert.Equal(t, 2, said)
	assert.Equal(t, 1, right)
}

// TestAGreenOfTheSelectedScenarios: a run that passed every scenario it selected is the
// session's first green, though not the kata's: FirstGreen counts it, ToGreen waits for a
// green of every scenario.
func TestAGreenOfTheSelectedScenarios(t *testing.T) {
	at := time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC)
	s := Session{
		{Time: at, Kata: "codebreaker", Start: true},
		{Time: at.Add(time.Minute), Kata: "codebreaker", Light: verdict.Red, Partial: true, Selected: "--tags='~@optimal'"},
		{Time: at.Add(5 * time.Minute), Kata: "codebreaker", Light: verdict.Green, Partial: true, Selected: "--tags='~@optimal'"},
		{Time: at.Add(9 * time.Minute), Kata: "codebreaker", Light: verdict.Red},
	}
	runs, d, ok := s.FirstGreen()
	require.True(t, ok)
	assert.Equal(t, 2, runs)
	assert.Equal(t, 5*time.Minute, d)
	assert.Equal(t, "--tags='~@optimal'", s.Runs()[runs-1].Selected, "the green run is Runs()[runs-1]")
	runs, _, ok = s.ToGreen()
	assert.False(t, ok, "no green of every scenario yet")
	assert.Equal(t, 3, runs, "every run so far")

	s = append(s, Entry{Time: at.Add(12 * time.Minute), Kata: "codebreaker", Light: verdict.Green})
	runs, d, ok = s.ToGreen()
	require.True(t, ok)
	assert.Equal(t, 4, runs)
	assert.Equal(t, 12*time.Minute, d)
	runs, _, ok = s.FirstGreen()
	assert.True(t, ok)
	assert.Equal(t, 2, runs, "the first green is still the one of the selected scenarios")

	runs, _, ok = Session{{Time: at, Kata: "codebreaker", Start: true}}.FirstGreen()
	assert.False(t, ok)
	assert.Zero(t, runs, "a session of no run has no green")
}
