package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestExercismParity: what a practitioner brings from Exercism's state-of-tic-tac-toe drops
// into the starting point unchanged and is judged as Exercism would judge it. Each track's
// stub is "not implemented" in every scenario — never a refusal, never a reply the runner
// cannot read — and a right solution of the kind people submit there, which checks what
// Exercism's tests ask and no more, passes every scenario but those tagged @beyond-exercism,
// and fails only those.
func TestExercismParity(t *testing.T) {
	t.Parallel()
	for _, s := range scripted {
		t.Run(s.lang, func(t *testing.T) {
			t.Parallel()
			bin := interpreter(t, s.interpreter)
			dir := t.TempDir()
			_, errOut, status := kataCmd("init", "tictactoe", "--lang", s.lang, dir)
			require.Zero(t, status, errOut)
			adapter, code := filepath.Join(dir, s.adapter), filepath.Join(dir, "tictactoe."+s.ext)
			from := func(name string) {
				t.Helper()
				data, err := os.ReadFile(filepath.Join("testdata", "exercism", s.lang, name))
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(code, data, 0o644))
			}

			from("stub." + s.ext)
			out, _, status := kataCmd("run", "tictactoe", "-v", "--", bin, adapter)
			assert.Equal(t, 1, status)
			assert.Contains(t, out, "tictactoe: 0 of 34 scenarios passed, 34 failed", out)
			assert.NotContains(t, out, "Remove this", "a stub's message is no refusal")
			assert.NotContains(t, out, `without "state" or "error"`)
			want := map[string]string{
				"python":     "gamestate returned nothing (None in Python, undefined in JavaScript), as a stub does",
				"javascript": "is not implemented yet",
			}[s.lang]
			assert.Contains(t, out, want)

			for _, solution := range []string{"tictactoe", "flat"} { // two right solutions, written two ways
				from(solution + "." + s.ext)
				out, errOut, status = kataCmd("run", "tictactoe", "--tags", "~@beyond-exercism", "--", bin, adapter)
				assert.Zero(t, status, out+errOut)
				assert.Equal(t, "tictactoe: all 21 scenarios passed\n", out, "%s: Exercism's exercise, alone", solution)
				out, _, status = kataCmd("run", "tictactoe", "--tags", "@beyond-exercism", "-v", "--", bin, adapter)
				assert.Equal(t, 1, status)
				for _, name := range failed(out) {
					assert.True(t, strings.HasPrefix(name, "Boards of the wrong shape") || strings.HasPrefix(name, "Boards that play cannot reach, row ") ||
						strings.HasPrefix(name, "Every board"), "%s: only what goes beyond Exercism fails: %s", solution, name)
				}
				assert.NotEmpty(t, failed(out), "%s: and the kata asks more than Exercism does", solution)
			}
		})
	}
}
