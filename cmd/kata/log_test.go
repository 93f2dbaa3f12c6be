package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/journal"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// logOf writes the entries into a new folder's log, each with a commit of its own so that
// kata log numbers it, and returns what kata log says there.
func logOf(t *testing.T, entries ...journal.Entry) string {
	t.Helper()
	dir := t.TempDir()
	for i, e := range entries {
		if e.Commit == "" && e.Light != verdict.NoLight {
			e.Commit = fmt.Sprintf("%040x", i+1)
		}
		require.NoError(t, journal.Append(dir, e))
	}
	c, out, errOut := programIn(dir)
	require.Zero(t, c.run([]string{"log"}), errOut.String())
	return out.String()
}

// TestLogAGreenOfTheSelectedScenarios: a run that passed every scenario its command line
// selected is a green, and kata log says what it selected, on the run's line and in how the
// session went, and that every scenario is not green yet; a green of every scenario reads as
// it always has, and the list of sessions says the same of each.
func TestLogAGreenOfTheSelectedScenarios(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 12, 3, 9, 0, 0, 0, time.Local)
	climb := []journal.Entry{
		{Time: at, Kata: "codebreaker", Light: verdict.Red, Passed: 6, Total: 11, Partial: true, Selected: "--tags='~@optimal'"},
		{Time: at.Add(2 * time.Minute), Kata: "codebreaker", Light: verdict.Red, Passed: 10, Total: 11, Partial: true, Selected: "--tags='~@optimal'"},
		{Time: at.Add(5 * time.Minute), Kata: "codebreaker", Light: verdict.Green, Passed: 11, Total: 11, Partial: true, Selected: "--tags='~@optimal'"},
		{Time: at.Add(9 * time.Minute), Kata: "codebreaker", Light: verdict.Red, Passed: 11, Total: 12},
	}
	got := logOf(t, climb...)
	assert.NotContains(t, got, "No green yet")
	assert.Contains(t, got, "\nGreen after 3 runs and 5 minutes, with --tags='~@optimal'; every scenario: not yet.\n")
	assert.Regexp(t, `(?m)^    3  09:05  green  11/11  --tags='~@optimal'  3 minutes later$`, got)
	assert.Regexp(t, `(?m)^    4  09:09  red    11/12  4 minutes later$`, got, "a run of every scenario names no selection")

	// A partial run whose log does not say what it selected (go test's own -run).
	got = logOf(t, journal.Entry{Time: at, Kata: "codebreaker", Light: verdict.Green, Passed: 2, Total: 2, Partial: true})
	assert.Regexp(t, `(?m)^    1  09:00  green   2/2   some scenarios$`, got)
	assert.Contains(t, got, "\nGreen after 1 run and under a minute, with some scenarios; every scenario: not yet.\n")

	// A green of every scenario, after the green of some, reads as it always has.
	whole := append(climb, journal.Entry{Time: at.Add(13 * time.Minute), Kata: "codebreaker", Light: verdict.Green, Passed: 12, Total: 12})
	got = logOf(t, whole...)
	assert.Contains(t, got, "\nGreen after 5 runs and 13 minutes.\n")
	assert.NotContains(t, got, "not yet")

	// Every session here, each summed up as its own summary line sums it up.
	next := at.Add(24 * time.Hour)
	got = logOf(t, append(whole,
		journal.Entry{Time: next, Kata: "codebreaker", Light: verdict.Green, Passed: 11, Total: 11, Partial: true, Selected: "--tags='~@optimal'"},
		journal.Entry{Time: next.Add(time.Minute), Kata: "codebreaker", Light: verdict.Red, Passed: 11, Total: 12})...)
	assert.Contains(t, got, "\nGreen after 1 run and under a minute, with --tags='~@optimal'; every scenario: not yet.\n")
	assert.Contains(t, got, `
Every session of codebreaker here:
  2026-12-03 09:00  Green after 5 runs and 13 minutes
  2026-12-04 09:00  Green after 1 run and under a minute, with --tags='~@optimal'; every scenario: not yet  (this one)
`)
}

// TestLogShowsTheMarks: each graded run of the code breaker shows its mark on its line, so
// that the climb reads down the log: a whole mark its guesses and worst case, a mark over
// fewer games its guesses and games. A line of the light, counts, mark, selection and minutes
// stays within 100 columns.
func TestLogShowsTheMarks(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 12, 3, 9, 0, 0, 0, time.Local)
	got := logOf(t,
		journal.Entry{Time: at, Kata: "codebreaker", Light: verdict.Red, Passed: 8, Total: 11, Partial: true, Selected: "--tags='~@optimal'",
			Mark: &verdict.Mark{Total: 516, Worst: 7, Games: 138}},
		journal.Entry{Time: at.Add(4 * time.Minute), Kata: "codebreaker", Light: verdict.Red, Passed: 10, Total: 11, Partial: true, Selected: "--tags='~@optimal'",
			Mark: &verdict.Mark{Total: 7471, Worst: 7, Games: 1296}},
		journal.Entry{Time: at.Add(12 * time.Minute), Kata: "codebreaker", Light: verdict.Green, Passed: 11, Total: 11, Partial: true, Selected: "--tags='~@optimal'",
			Mark: &verdict.Mark{Total: 5801, Worst: 5, Games: 1296}, Predicted: verdict.Green},
	)
	assert.Regexp(t, `(?m)^    1  09:00  red     8/11  516 guesses over 138 games  --tags='~@optimal'$`, got)
	assert.Regexp(t, `(?m)^    2  09:04  red    10/11  7,471 guesses, 7 at worst  --tags='~@optimal'  4 minutes later$`, got)
	assert.Regexp(t, `(?m)^    3  09:12  green  11/11  5,801 guesses, 5 at worst  --tags='~@optimal'  8 minutes later  predicted green: right$`, got)
	for _, line := range strings.Split(got, "\n") {
		if !strings.Contains(line, "predicted") {
			assert.LessOrEqual(t, len([]rune(line)), 100, "%q", line)
		}
	}
}

// TestLogEscapesWhatTheLogSays: the log is a file anyone may have written; a kata's name or a
// run's selection in it that holds terminal escapes or a line break reaches the terminal
// quoted and escaped, on its own line, and a long one cut.
func TestLogEscapesWhatTheLogSays(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 12, 3, 9, 0, 0, 0, time.Local)
	got := logOf(t,
		journal.Entry{Time: at.Add(-3 * time.Hour), Kata: "code\x1b[2Jbreaker", Light: verdict.Red, Passed: 0, Total: 1},
		journal.Entry{Time: at, Kata: "code\x1b[2Jbreaker", Light: verdict.Green, Passed: 1, Total: 1, Partial: true,
			Selected: "--tags='x'\x1b]0;title\x07\n    9  09:09  green  12/12"},
		journal.Entry{Time: at.Add(time.Minute), Kata: "code\x1b[2Jbreaker", Light: verdict.Red, Passed: 0, Total: 1, Partial: true,
			Selected: "--run='\x1b[31m" + strings.Repeat("a", 200) + "'"},
	)
	assert.NotContains(t, got, "\x1b")
	assert.NotContains(t, got, "\x07")
	assert.Contains(t, got, `"code\x1b[2Jbreaker", this session`)
	assert.Contains(t, got, "\n    2  09:00  green   1/1   \"--tags='x'\\x1b]0;title\\a\\n    9  09:09  green  12/12\"\n")
	assert.NotRegexp(t, `(?m)^    9`, got, "no line of the selection's own")
	assert.Contains(t, got, `   0/1   "--run='\x1b[31maaaaaaaaaaaaaaaaaaaaaaaaaaaa"… (213 bytes)  1 minute later`)
	assert.Contains(t, got, `Green after 1 run and under a minute, with "--tags='x'\x1b]0;title\a\n`)
	assert.Contains(t, got, `Every session of "code\x1b[2Jbreaker" here:`)

	// A selection of printable text, only long (a pattern that names many scenarios), is cut
	// where it stands.
	long := "--run='^(?:" + strings.Repeat("Playing mastermind/Winning a game|", 5) + ")$'"
	got = logOf(t, journal.Entry{Time: at, Kata: "mastermind", Light: verdict.Red, Passed: 1, Total: 5, Partial: true, Selected: long})
	assert.Contains(t, got, "  1/5   "+long[:60]+"…\n")
}
