package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAMidSessionRunFitsItsTerminal: mid-session red runs of a Python Mastermind — one with
// the duplicate-colour bug, one with a stray print in score — each fit in a terminal of 24
// rows and 80 columns, with the count first and Next: in full, and the command that runs it
// alone whole, to paste; the rest of the failures cut to the rows left, saying -v has them.
func TestAMidSessionRunFitsItsTerminal(t *testing.T) {
	t.Parallel()
	python := interpreter(t, "python3")
	solution, err := os.ReadFile(filepath.Join("testdata", "solutions", "python", "mastermind.py"))
	require.NoError(t, err)
	for _, tt := range []struct {
		name, from, to, next string
	}{
		{"duplicates", "    white = sum(min(secret.count(c), guess.count(c)) for c in set(guess)) - black",
			"    white = sum(1 for c in guess if c in secret) - black", `feedback "B W W" (1 black, 2 white), want "B"`},
		{"a stray print", `    secret = game["secret"]`, "    secret = game[\"secret\"]\n    print(\"debug\", guess)",
			`the program wrote something that is not a reply, "debug [1, 5, 5, 5]"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			_, errOut, status := kataCmd("init", "mastermind", "--lang", "python", dir)
			require.Zero(t, status, errOut)
			buggy := strings.Replace(string(solution), tt.from, tt.to, 1)
			require.NotEqual(t, string(solution), buggy)
			require.NoError(t, os.WriteFile(filepath.Join(dir, "mastermind.py"), []byte(buggy), 0o644))
			c, out, _ := programIn(dir)
			c.width, c.height = 80, 24
			assert.Equal(t, 1, c.run([]string{"run", "mastermind", "--", python, "adapter.py"}))
			screen := strings.TrimSuffix(out.String(), "\n")
			rows := 0
			for _, line := range strings.Split(screen, "\n") {
				n := utf8.RuneCountInString(line)
				rows += max(1, (n+79)/80)
				if !strings.HasPrefix(line, "Run it alone: ") {
					assert.LessOrEqual(t, n, 80, "no line wider than the terminal: %q", line)
				}
			}
			assert.LessOrEqual(t, rows, 23, "a row left for the prompt:\n%s", screen)
			assert.True(t, strings.HasPrefix(screen, "mastermind: "), "the count first")
			next, _, ok := strings.Cut(screen, "Run it alone: ")
			require.True(t, ok, screen)
			assert.Contains(t, strings.Join(strings.Fields(next), " "), tt.next, "Next: in full")
			assert.Regexp(t, `(?m)^Run it alone: kata run mastermind --run '\^[^\n]*\$' -- \S+ adapter\.py$`, screen, "whole, to paste")
			assert.Contains(t, screen, "more failed:")
		})
	}
}
