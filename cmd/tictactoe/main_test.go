package main

import (
	"bytes"
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
		{"empty stdin", nil, "", "", "tictactoe: no board on standard input; give three rows, or the grid Exercism draws\n", 1},
		{"blank stdin", nil, "\n\n", "", "tictactoe: no board on standard input; give three rows, or the grid Exercism draws\n", 1},
		{"dots in the grid", nil, strings.ReplaceAll(grid, "   |   |\n   |   |\n   |   |\n", "   |   |\n . | . | .\n   |   |\n"), "win\n", "", 0},
		{"a CRLF grid", nil, strings.ReplaceAll(grid, "\n", "\r\n"), "win\n", "", 0},
		{"CRLF rows", nil, "XOX\r\nXXO\r\nOXO\r\n", "draw\n", "", 0},
		{"a huge stdin", nil, strings.Repeat("X", 1<<20), "", "tictactoe: the board on standard input is more than 65536 bytes; a board is three rows, or the grid Exercism draws\n", 1},
		{"a huge row", []string{strings.Repeat("X", 1<<20), "...", "..."}, "", "", `tictactoe: row 1 "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"… (1048576 bytes) has 1048576 cells, want 3: malformed board` + "\n", 1},
	}
	for _, tt := range tests {
		out, errOut, status := runIn(tt.input, append([]string{"classify"}, tt.args...)...)
		assert.Equal(t, tt.out, out, tt.name)
		assert.Equal(t, tt.errOut, errOut, tt.name)
		assert.Equal(t, tt.status, status, tt.name)
	}
}

// TestPlay plays whole games in-process: moves in, what the player sees out.
func TestPlay(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		input  string
		status int
		want   []string
		end    string // the output's last line
	}{
		{"a loss", []string{"play"}, "5\n1\n2\n3\n9\n", 0, []string{"I play row 1, column 1.", "Row 1, column 1 is taken. Try again."}, "O wins: you lose.\n"},
		// X opens in the corner, then 2 and 7; O takes the centre and blocks at 3 and 4.
		{"a draw as O", []string{"play", "-as", "o"}, "5\n3\n4\n9\n", 0, []string{"You are O; X moves first."}, "A draw.\n"},
		{"bad moves", []string{"play"}, "0\n4 4\nx\n1 2 3\n\nquit\n", 0, []string{
			"cell 0 is off the board; cells are 1 to 9. Try again.",
			"row 4, column 4 is off the board; rows and columns are 1 to 3. Try again.",
			`"x" is not a number. Try again.`,
			`enter "row column" (e.g. 2 2) or a cell from 1 to 9. Try again.`,
		}, "You stopped the game.\n"},
		{"help while playing", []string{"play", "-as", "O"}, "help\nquit\n", 0, []string{
			"You are O. Type a move as \"row column\" (2 3: row 2, column 3) or a cell from 1 to 9,",
			"  4 5 6\n",
		}, "You stopped the game.\n"},
		{"a line too long", []string{"play"}, "5" + strings.Repeat(" ", 70<<10) + "\nquit\n", 0, []string{
			"a line of 71681 bytes, more than the 4096 a line may have. Try again.",
		}, "You stopped the game.\n"},
		{"end of input", []string{"play"}, "5\n", 0, nil, "End of input. Goodbye.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, status := runIn(tt.input, tt.args...)
			assert.Equal(t, tt.status, status)
			for _, w := range tt.want {
				assert.Contains(t, out, w)
			}
			assert.True(t, strings.HasSuffix(out, tt.end), out)
		})
	}
	out, _, _ := runIn("0\n4 4\nx\n1 2 3\n\nquit\n", "play")
	assert.Equal(t, 6, strings.Count(out, "X to move> "), "each bad move gets the same turn again")
}

func TestCommandLine(t *testing.T) {
	tests := []struct {
		args   []string
		status int
		out    string // in stdout
		errOut string // in stderr
	}{
		{nil, 0, "End of input. Goodbye.", ""}, // the game, as play
		{[]string{"-help"}, 0, "Exit status: 0 for a result or a game played; 1 for an impossible or malformed board,", ""},
		{[]string{"help"}, 0, "tictactoe classify [ROW ROW ROW]", ""},
		{[]string{"play", "-help"}, 0, "", "the mark you play"},
		{[]string{"play", "-as", "Z"}, 2, "", "tictactoe: -as \"Z\": want X or O\n"},
		{[]string{"play", "extra"}, 2, "", `tictactoe: play: unexpected argument "extra"`},
		{[]string{"classify", "-nope"}, 2, "", "flag provided but not defined: -nope"},
		{[]string{"dance"}, 2, "", `tictactoe: unknown command "dance"`},
	}
	for _, tt := range tests {
		out, errOut, status := runIn("", tt.args...)
		assert.Equal(t, tt.status, status, "%q", tt.args)
		assert.Contains(t, out, tt.out, "%q", tt.args)
		assert.Contains(t, errOut, tt.errOut, "%q", tt.args)
	}
}

// failingReader returns an error that is not the end of input.
type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestReadErrorExitsNonZero(t *testing.T) {
	var out, errOut bytes.Buffer
	assert.Equal(t, 1, run([]string{"play"}, failingReader{}, &out, &errOut))
	assert.Equal(t, "tictactoe: reading input: disk on fire\n", errOut.String())
	errOut.Reset()
	assert.Equal(t, 1, run([]string{"classify"}, failingReader{}, &out, &errOut))
	assert.Equal(t, "tictactoe: reading the board: disk on fire\n", errOut.String())
}

// TestBinary runs the built program once, as a user does.
func TestBinary(t *testing.T) {
	bin := cmdtest.Build(t)
	out, _, status := cmdtest.Run(t, bin, "XOX\nXXO\nOXO\n", "classify")
	assert.Equal(t, 0, status)
	assert.Equal(t, "draw\n", out)
	_, errOut, status := cmdtest.Run(t, bin, "", "classify", "XXX", "OOO", "...")
	assert.Equal(t, 1, status)
	assert.Equal(t, "Impossible board: game should have ended after the game was won\n", errOut)
}

// TestDocsTranscript runs docs/library.md's classify commands that name a board, and holds what
// they print, and their exit status (go run's "exit status 1"), to what the page shows.
func TestDocsTranscript(t *testing.T) {
	data, err := os.ReadFile("../../docs/library.md")
	require.NoError(t, err)
	const cmd = "$ go run ./cmd/tictactoe classify "
	blocks := strings.Split(string(data), "\n"+cmd)
	require.Greater(t, len(blocks), 1, "docs/library.md runs no %q", cmd)
	ran := 0
	for _, b := range blocks[1:] {
		b, _, _ = strings.Cut(b, "\n$ ")
		b, _, _ = strings.Cut(b, "```")
		line, shown, _ := strings.Cut(b, "\n")
		line, _, _ = strings.Cut(line, "  #")
		shown = strings.TrimSuffix(shown, "\n") + "\n"
		if strings.Contains(line, "<") {
			continue // reads a file the page does not show
		}
		var args []string
		for _, m := range regexp.MustCompile(`"([^"]*)"|(\S+)`).FindAllStringSubmatch(line, -1) {
			args = append(args, m[1]+m[2])
		}
		want, wantStatus := shown, 0
		if w, ok := strings.CutSuffix(shown, "exit status 1\n"); ok {
			want, wantStatus = w, 1
		}
		out, errOut, status := runIn("", append([]string{"classify"}, args...)...)
		assert.Equal(t, want, out+errOut, line)
		assert.Equal(t, wantStatus, status, line)
		ran++
	}
	assert.Equal(t, 2, ran, "the page's two boards")
}

// TestTheGridIsShown: -h and docs/library.md show the grid classify reads, the same grid, and
// classify reads it.
func TestTheGridIsShown(t *testing.T) {
	help, _, status := runIn("", "-h")
	require.Zero(t, status)
	_, grid, ok := strings.Cut(help, "or the grid Exercism draws:\n\n")
	require.True(t, ok, help)
	grid, _, _ = strings.Cut(grid, "\n\n")
	lines := strings.Split(grid, "\n")
	require.Len(t, lines, 9, grid)
	for i := range lines {
		lines[i] = strings.TrimPrefix(lines[i], "    ")
	}
	data, err := os.ReadFile("../../docs/library.md")
	require.NoError(t, err)
	assert.Contains(t, string(data), "```text\n"+strings.Join(lines, "\n")+"\n```", "docs/library.md shows the grid -h shows")
	out, errOut, status := runIn(strings.Join(lines, "\n")+"\n", "classify")
	assert.Zero(t, status, errOut)
	assert.Equal(t, "ongoing\n", out)
}
