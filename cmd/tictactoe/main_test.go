package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/deliberate-practice/katas/cmd/internal/cmdtest"
)

// runIn runs the program in-process.
func runIn(input string, args ...string) (out, errOut string, status int) {
	var o, e bytes.Buffer
	status = run(args, strings.NewReader(input), &o, &e)
	return o.String(), e.String(), status
}

func TestClassify(t *testing.T) {
	grid := "   |   |\n X | X | X\n___|___|___\n   |   |\n   | O | O\n___|___|___\n   |   |\n   |   |\n   |   |\n"
	tests := []struct {
		name   string
		args   []string
		input  string
		out    string
		errOut string
		status int
	}{
		{"ongoing, rows as arguments", []string{"X  ", " XO", "OX "}, "", "ongoing\n", "", 0},
		{"draw, dots for spaces", []string{"XOX", "XXO", "OXO"}, "", "draw\n", "", 0},
		{"win", []string{"XXX", ".OO", "..."}, "", "win\n", "", 0},
		{"O started", []string{"OOX", "...", "..."}, "", "", "Wrong turn order: O started\n", 1},
		{"X went twice", []string{"XX.", "...", "..."}, "", "", "Wrong turn order: X went twice\n", 1},
		{"play after a win", []string{"XXX", "OOO", "..."}, "", "", "Impossible board: game should have ended after the game was won\n", 1},
		{"rows on stdin", nil, "XOX\nXXO\nOXO\n", "draw\n", "", 0},
		{"grid on stdin", nil, "   |   |\n X | X | X\n___|___|___\n   |   |\n   | O | O\n___|___|___\n   |   |\n   |   |\n   |   |\n", "win\n", "", 0},
		{"malformed", []string{"XOXO", "...", "..."}, "", "", "tictactoe: row 1 \"XOXO\" has 4 cells, want 3: malformed board\n", 1},
		{"malformed on stdin", nil, "XO\n", "", "tictactoe: 1 row, want 3: malformed board\n", 1},
		{"two arguments", []string{"XOX", "..."}, "", "", "tictactoe: classify takes three rows, got 2 arguments\n", 2},
		{"one argument", []string{"XOX"}, "", "", "tictactoe: classify takes three rows, got 1 argument\n", 2},
		{"empty stdin", nil, "", "", "tictactoe: no board on standard input; give three rows, or the grid the exercise draws\n", 1},
		{"blank stdin", nil, "\n\n", "", "tictactoe: no board on standard input; give three rows, or the grid the exercise draws\n", 1},
		{"dots in the grid", nil, strings.ReplaceAll(grid, "   |   |\n   |   |\n   |   |\n", "   |   |\n . | . | .\n   |   |\n"), "win\n", "", 0},
		{"a CRLF grid", nil, strings.ReplaceAll(grid, "\n", "\r\n"), "win\n", "", 0},
		{"CRLF rows", nil, "XOX\r\nXXO\r\nOXO\r\n", "draw\n", "", 0},
		{"a huge stdin", nil, strings.Repeat("X", 1<<20), "", "tictactoe: the board on standard input is more than 65536 bytes; a board is three rows, or the grid the exercise draws\n", 1},
		{"a huge row", []string{strings.Repeat("X", 1<<20), "...", "..."}, "", "", `tictactoe: row 1 "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"… (1048576 bytes) has 1048576 cells, want 3: malformed board` + "\n", 1},
	}
	for _, tt := range tests {
		out, errOut, status := runIn(tt.input, append([]string{"classify"}, tt.args...)...)
		assert.Equal(t, tt.out, out, tt.name)
		assert.Equal(t, tt.errOut, errOut, tt.name)
		assert.Equal(t, tt.status, status, tt.name)
	}
}

func TestPlay(t *testing.T) {
	bin := cmdtest.Build(t)

	t.Run("a loss", func(t *testing.T) {
		_, errOut, status := cmdtest.Run(t, bin, "5\n")
		assert.Equal(t, 2, status, "no command is a usage error")
		assert.Contains(t, errOut, "Usage:")
		out, _, status := cmdtest.Run(t, bin, "5\n1\n2\n3\n9\n", "play")
		assert.Equal(t, 0, status)
		assert.Contains(t, out, "I play row 1, column 1.")
		assert.Contains(t, out, "Row 1, column 1 is taken. Try again.")
		assert.True(t, strings.HasSuffix(out, "O wins: you lose.\n"), out)
	})

	t.Run("a draw as O", func(t *testing.T) {
		// X opens in the corner, then 2 and 7; O takes the centre and blocks at 3 and 4.
		out, _, status := cmdtest.Run(t, bin, "5\n3\n4\n9\n", "play", "-as", "o")
		assert.Equal(t, 0, status)
		assert.Contains(t, out, "You are O; X moves first.")
		assert.True(t, strings.HasSuffix(out, "A draw.\n"), out)
	})

	t.Run("bad moves", func(t *testing.T) {
		out, _, status := cmdtest.Run(t, bin, "0\n4 4\nx\n1 2 3\n\nquit\n", "play")
		assert.Equal(t, 0, status)
		assert.Contains(t, out, "cell 0 is off the board; cells are 1 to 9. Try again.")
		assert.Contains(t, out, "row 4, column 4 is off the board; rows and columns are 1 to 3. Try again.")
		assert.Contains(t, out, `"x" is not a number. Try again.`)
		assert.Contains(t, out, `enter "row column" (e.g. 2 2) or a cell from 1 to 9. Try again.`)
		assert.Equal(t, 6, strings.Count(out, "X to move> "), "each bad move gets the same turn again")
		assert.Contains(t, out, "You stopped the game.")
	})

	t.Run("a line too long", func(t *testing.T) {
		out, _, status := runIn("5"+strings.Repeat(" ", 70<<10)+"\nquit\n", "play")
		assert.Equal(t, 0, status)
		assert.Contains(t, out, "a line of 71681 bytes, more than the 4096 a line may have. Try again.")
		assert.Contains(t, out, "You stopped the game.")
	})

	t.Run("end of input", func(t *testing.T) {
		out, _, status := cmdtest.Run(t, bin, "5\n", "play")
		assert.Equal(t, 0, status)
		assert.True(t, strings.HasSuffix(out, "End of input. Goodbye.\n"), out)
	})

	t.Run("help and bad flags", func(t *testing.T) {
		out, _, status := cmdtest.Run(t, bin, "", "-help")
		assert.Equal(t, 0, status)
		assert.Contains(t, out, "tictactoe classify [ROW ROW ROW]")
		_, errOut, status := cmdtest.Run(t, bin, "", "play", "-help")
		assert.Equal(t, 0, status)
		assert.Contains(t, errOut, "the mark you play")
		_, errOut, status = cmdtest.Run(t, bin, "", "play", "-as", "Z")
		assert.Equal(t, 2, status)
		assert.Equal(t, "tictactoe: -as \"Z\": want X or O\n", errOut)
		_, errOut, status = cmdtest.Run(t, bin, "", "dance")
		assert.Equal(t, 2, status)
		assert.Contains(t, errOut, `tictactoe: unknown command "dance"`)
	})
}
