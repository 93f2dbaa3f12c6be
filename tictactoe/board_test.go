package tictactoe_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/tictactoe"
)

func parse(t *testing.T, rows ...string) tictactoe.Board {
	t.Helper()
	b, err := tictactoe.ParseBoard(rows)
	require.NoError(t, err)
	return b
}

func TestParseBoardGrid(t *testing.T) {
	tests := []struct {
		name string
		grid string
		want []string
	}{
		{"the exercise's ongoing game", `
   |   |
 X |   |
___|___|___
   |   |
   | X | O
___|___|___
   |   |
 O | X |
   |   |
`, []string{"X  ", " XO", "OX "}},
		// The seed file as stored has lost its leading spaces; the grid still reads.
		{"the seed's draw, spaces lost", `| |
X | O | X
___|___|___
| |
X | X | O
___|___|___
| |
O | X | O
| |`, []string{"XOX", "XXO", "OXO"}},
		{"the seed's win, empty last row", `| |
X | X | X
___|___|___
| |
| O | O
___|___|___
| |
| |
| |`, []string{"XXX", " OO", "   "}},
		{"compact", "X|O|X\n-\n", nil},
	}
	for _, tt := range tests {
		b, err := tictactoe.ParseBoard(strings.Split(tt.grid, "\n"))
		if tt.want == nil {
			assert.ErrorIs(t, err, tictactoe.ErrMalformedBoard, tt.name)
			continue
		}
		require.NoError(t, err, tt.name)
		assert.Equal(t, tt.want, b.Rows(), tt.name)
	}
}

func TestParseBoardGridErrors(t *testing.T) {
	tests := []struct{ grid, msg string }{
		{" X | O \n___|___|___\n O | X ", "tictactoe: grid has 2 rows between its '___|___|___' lines, want 3: malformed board"},
		{" X | O | X | O\n___|___|___\n\n___|___|___\n", `tictactoe: grid row 1 " X | O | X | O" has 4 cells, want 3: malformed board`},
		{" X | O | X\n O | | \n___|___|___\n\n___|___|___\n", "tictactoe: grid row 1 has marks on more than one line: malformed board"},
		{" XO | | \n___|___|___\n\n___|___|___\n", `tictactoe: grid row 1, column 1: "XO" is not one mark: malformed board`},
		{" x | | \n___|___|___\n\n___|___|___\n", `tictactoe: row 1, column 1: 'x' is not 'X', 'O' or ' ': malformed board`},
	}
	for _, tt := range tests {
		_, err := tictactoe.ParseBoard(strings.Split(tt.grid, "\n"))
		assert.ErrorIs(t, err, tictactoe.ErrMalformedBoard, "%q", tt.grid)
		assert.EqualError(t, err, tt.msg, "%q", tt.grid)
	}
}

func TestBoardRoundTrips(t *testing.T) {
	for _, cells := range allBoards() {
		rows := rowsOf(cells)
		b := parse(t, rows...)
		require.Equal(t, rows, b.Rows())
		require.Equal(t, strings.Join(rows, "\n"), b.String())
		again, err := tictactoe.ParseBoard(strings.Split(b.Grid(), "\n"))
		require.NoError(t, err)
		require.Equal(t, b, again, "through Grid:\n%s", b.Grid())
	}
}

func TestGrid(t *testing.T) {
	want := `   |   |
 X |   |  
___|___|___
   |   |
   | X | O
___|___|___
   |   |
 O | X |  
   |   |
`
	assert.Equal(t, want, parse(t, "X  ", " XO", "OX ").Grid())
}

func TestAtAndWinner(t *testing.T) {
	b := parse(t, "XO ", "XO ", "X  ")
	assert.Equal(t, tictactoe.X, b.At(0, 0))
	assert.Equal(t, tictactoe.O, b.At(1, 1))
	assert.Equal(t, tictactoe.Empty, b.At(2, 2))
	assert.Equal(t, tictactoe.Empty, b.At(3, 0), "off the board")
	assert.Equal(t, tictactoe.Empty, b.At(0, -1), "off the board")
	assert.Equal(t, tictactoe.X, b.Winner())
	assert.Equal(t, tictactoe.O, parse(t, "OX ", "OX ", "O X").Winner())
	assert.Equal(t, tictactoe.Empty, tictactoe.Board{}.Winner())
	assert.Equal(t, []string{"X", "O", " ", "Mark(7)"}, []string{tictactoe.X.String(), tictactoe.O.String(), tictactoe.Empty.String(), tictactoe.Mark(7).String()})
}

func TestNext(t *testing.T) {
	tests := []struct {
		rows []string
		want tictactoe.Mark
	}{
		{[]string{"   ", "   ", "   "}, tictactoe.X},
		{[]string{"X  ", "   ", "   "}, tictactoe.O},
		{[]string{"X  ", " O ", "   "}, tictactoe.X},
		{[]string{"XXX", "OO ", "   "}, tictactoe.Empty}, // won
		{[]string{"XOX", "XXO", "OXO"}, tictactoe.Empty}, // full
		{[]string{"OO ", "   ", "   "}, tictactoe.Empty}, // unreachable
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, parse(t, tt.rows...).Next(), "%q", tt.rows)
	}
}

func TestPlay(t *testing.T) {
	b := tictactoe.Board{}
	for _, m := range []tictactoe.Move{{Row: 1, Col: 1}, {Row: 0, Col: 0}, {Row: 2, Col: 2}} {
		var err error
		b, err = b.Play(m)
		require.NoError(t, err)
	}
	assert.Equal(t, []string{"O  ", " X ", "  X"}, b.Rows())

	tests := []struct {
		m   tictactoe.Move
		msg string
	}{
		{tictactoe.Move{Row: 1, Col: 1}, "tictactoe: row 2, column 2 is taken by X: illegal move"},
		// Off the board, the move is named by its fields as given, counted from 0.
		{tictactoe.Move{Row: 3, Col: 0}, "tictactoe: Move{Row: 3, Col: 0} is off the board: rows and columns are 0 to 2: illegal move"},
		{tictactoe.Move{Row: 0, Col: -1}, "tictactoe: Move{Row: 0, Col: -1} is off the board: rows and columns are 0 to 2: illegal move"},
		{tictactoe.Move{Row: -1, Col: 0}, "tictactoe: Move{Row: -1, Col: 0} is off the board: rows and columns are 0 to 2: illegal move"},
	}
	for _, tt := range tests {
		after, err := b.Play(tt.m)
		assert.ErrorIs(t, err, tictactoe.ErrIllegalMove)
		assert.EqualError(t, err, tt.msg)
		assert.Equal(t, b, after, "a refused move changes nothing")
	}
	won := parse(t, "XXX", "OO ", "   ")
	_, err := won.Play(tictactoe.Move{Row: 2, Col: 2})
	assert.EqualError(t, err, "tictactoe: no one is to move on this board: illegal move")
}

func TestMoveString(t *testing.T) {
	for m, want := range map[tictactoe.Move]string{
		{Row: 0, Col: 0}:  "row 1, column 1",
		{Row: 2, Col: 1}:  "row 3, column 2",
		{Row: -1, Col: 0}: "Move{Row: -1, Col: 0}",
		{Row: 0, Col: 3}:  "Move{Row: 0, Col: 3}",
	} {
		if got := m.String(); got != want {
			t.Errorf("%#v.String() = %q, want %q", m, got, want)
		}
	}
}

// TestParseBoardCRLF: lines split from a file written on Windows end in "\r"; the grid and
// the rows read all the same.
func TestParseBoardCRLF(t *testing.T) {
	grid := "   |   |\r\n X |   |\r\n___|___|___\r\n   |   |\r\n   | X | O\r\n___|___|___\r\n   |   |\r\n O | X |\r\n   |   |\r"
	b, err := tictactoe.ParseBoard(strings.Split(grid, "\n"))
	require.NoError(t, err)
	assert.Equal(t, []string{"X  ", " XO", "OX "}, b.Rows())
	b, err = tictactoe.ParseBoard([]string{"XOX\r", "XXO\r", "OXO\r"})
	require.NoError(t, err)
	assert.Equal(t, []string{"XOX", "XXO", "OXO"}, b.Rows())
}

// TestParseBoardErrorsStayShort: a huge row or grid line is quoted by a bounded prefix.
func TestParseBoardErrorsStayShort(t *testing.T) {
	for _, lines := range [][]string{
		{strings.Repeat("X", 10<<20), "   ", "   "},
		{strings.Repeat(" ", 10<<20), "   ", "   "},
		{"X | " + strings.Repeat("O", 10<<20), "___|___|___", "", "___|___|___", ""},
		{"X | O | X | " + strings.Repeat("\x00", 10<<20), "___|___|___", "", "___|___|___", ""},
	} {
		_, err := tictactoe.ParseBoard(lines)
		require.ErrorIs(t, err, tictactoe.ErrMalformedBoard)
		assert.Less(t, len(err.Error()), 300, "%.300s", err)
	}
}

func FuzzParseBoard(f *testing.F) {
	f.Add("   |   |\n X |   |\n___|___|___\n   |   |\n   | X | O\n___|___|___\n   |   |\n O | X |\n   |   |")
	f.Add("XOX\n X \nO  ")
	f.Add("|\n___\n|\n___\n|")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := tictactoe.ParseBoard(strings.Split(s, "\n"))
		if err != nil {
			if !errors.Is(err, tictactoe.ErrMalformedBoard) {
				t.Fatalf("ParseBoard(%q) error %v does not wrap ErrMalformedBoard", s, err)
			}
			return
		}
		again, err := tictactoe.ParseBoard(strings.Split(b.String(), "\n"))
		if err != nil || again != b {
			t.Fatalf("ParseBoard(%q) = %q, which parses back as %q, %v", s, b, again, err)
		}
	})
}
