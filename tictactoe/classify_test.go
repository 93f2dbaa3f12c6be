package tictactoe_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/tictactoe"
)

func TestStateString(t *testing.T) {
	for s, want := range map[tictactoe.State]string{tictactoe.Ongoing: "ongoing", tictactoe.Draw: "draw", tictactoe.Win: "win", 9: "State(9)"} {
		if got := s.String(); got != want {
			t.Errorf("State(%d).String() = %q, want %q", uint8(s), got, want)
		}
	}
	var zero tictactoe.State
	assert.Equal(t, tictactoe.Ongoing, zero)
}

func TestClassify(t *testing.T) {
	tests := []struct {
		name string
		rows []string
		want tictactoe.State
		msg  string // the exact error message, "" for none
	}{
		// The exercise's examples.
		{"ongoing", []string{"X  ", " XO", "OX "}, tictactoe.Ongoing, ""},
		{"draw", []string{"XOX", "XXO", "OXO"}, tictactoe.Draw, ""},
		{"win", []string{"XXX", " OO", "   "}, tictactoe.Win, ""},
		{"O started", []string{"OOX", "   ", "   "}, tictactoe.Ongoing, "Wrong turn order: O started"},
		{"continued after a win", []string{"XXX", "OOO", "   "}, tictactoe.Ongoing, "Impossible board: game should have ended after the game was won"},
		// More.
		{"empty", []string{"   ", "   ", "   "}, tictactoe.Ongoing, ""},
		{"X went twice", []string{"XX ", "   ", "   "}, tictactoe.Ongoing, "Wrong turn order: X went twice"},
		{"O alone", []string{"O  ", "   ", "   "}, tictactoe.Ongoing, "Wrong turn order: O started"},
		{"full board with a line is a win", []string{"XXX", "XOO", "OXO"}, tictactoe.Win, ""},
		{"X completes two lines at once", []string{"XXX", "XOO", "XOO"}, tictactoe.Win, ""},
		{"O wins on a column", []string{"XOX", "XO ", " O "}, tictactoe.Win, ""},
		{"O wins on the anti-diagonal", []string{"XXO", "XO ", "O  "}, tictactoe.Win, ""},
		{"O played after X won", []string{"XXX", "OO ", "O  "}, tictactoe.Ongoing, "Impossible board: game should have ended after the game was won"},
		{"X played after O won", []string{"OOO", "XX ", "X X"}, tictactoe.Ongoing, "Impossible board: game should have ended after the game was won"},
		{"turn count is checked before wins", []string{"XXX", "XXX", "OOO"}, tictactoe.Ongoing, "Wrong turn order: X went twice"},
	}
	for _, tt := range tests {
		got, err := tictactoe.Classify(tt.rows)
		if tt.msg == "" {
			assert.NoError(t, err, tt.name)
			assert.Equal(t, tt.want, got, tt.name)
			continue
		}
		assert.EqualError(t, err, tt.msg, tt.name)
	}
}

func TestClassifyErrorsAreTheSentinels(t *testing.T) {
	_, err := tictactoe.Classify([]string{"OOX", "   ", "   "})
	assert.True(t, errors.Is(err, tictactoe.ErrOStarted))
	_, err = tictactoe.Classify([]string{"XX ", "   ", "   "})
	assert.True(t, errors.Is(err, tictactoe.ErrXWentTwice))
	_, err = tictactoe.Classify([]string{"XXX", "OOO", "   "})
	assert.True(t, errors.Is(err, tictactoe.ErrPlayAfterWin))
}

func TestClassifyMalformed(t *testing.T) {
	tests := []struct {
		rows []string
		msg  string
	}{
		{nil, "tictactoe: 0 rows, want 3: malformed board"},
		{[]string{"XOX", "   "}, "tictactoe: 2 rows, want 3: malformed board"},
		{[]string{"XOX"}, "tictactoe: 1 row, want 3: malformed board"},
		{[]string{"XOX", "   ", "   ", "   "}, "tictactoe: 4 rows, want 3: malformed board"},
		{[]string{"XOX", "    ", "   "}, `tictactoe: row 2 "    " has 4 cells, want 3: malformed board`},
		{[]string{"XOX", "  ", "   "}, `tictactoe: row 2 "  " has 2 cells, want 3: malformed board`},
		{[]string{"XOX", "X", "   "}, `tictactoe: row 2 "X" has 1 cell, want 3: malformed board`},
		{[]string{"XOX", "   ", "  x"}, `tictactoe: row 3, column 3: 'x' is not 'X', 'O' or ' ': malformed board`},
		{[]string{"X.X", "   ", "   "}, `tictactoe: row 1, column 2: '.' is not 'X', 'O' or ' ': malformed board`},
		{[]string{"X0X", "   ", "   "}, `tictactoe: row 1, column 2: '0' is not 'X', 'O' or ' ': malformed board`},
		{[]string{"Xé", "   ", "   "}, `tictactoe: row 1, column 2: 'é' is not 'X', 'O' or ' ': malformed board`},
		{[]string{"X€X", "   ", "   "}, `tictactoe: row 1, column 2: '€' is not 'X', 'O' or ' ': malformed board`},
		{[]string{"XOX", "   ", "\xffX "}, `tictactoe: row 3, column 1: '\xff' is not 'X', 'O' or ' ': malformed board`},
		{[]string{"XOX", "   ", "\ufffdX "}, `tictactoe: row 3, column 1: '�' is not 'X', 'O' or ' ': malformed board`},
	}
	for _, tt := range tests {
		_, err := tictactoe.Classify(tt.rows)
		assert.ErrorIs(t, err, tictactoe.ErrMalformedBoard, "%q", tt.rows)
		assert.EqualError(t, err, tt.msg, "%q", tt.rows)
	}
}

// oracle walks every game from the empty board, X first, stopping at a line or a full board,
// and returns each position it reaches with its state. It shares no code with the package.
func oracle() map[[9]byte]tictactoe.State {
	lines := [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}
	won := func(b [9]byte) bool {
		for _, l := range lines {
			if b[l[0]] != ' ' && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]] {
				return true
			}
		}
		return false
	}
	empty := [9]byte{' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '}
	seen := map[[9]byte]tictactoe.State{}
	queue := [][9]byte{empty}
	seen[empty] = tictactoe.Ongoing
	for turn := 0; len(queue) > 0; turn++ {
		var next [][9]byte
		mark := byte('X')
		if turn%2 == 1 {
			mark = 'O'
		}
		for _, b := range queue {
			for i := range b {
				if b[i] != ' ' {
					continue
				}
				c := b
				c[i] = mark
				if _, ok := seen[c]; ok {
					continue
				}
				switch {
				case won(c):
					seen[c] = tictactoe.Win
				case turn == 8:
					seen[c] = tictactoe.Draw
				default:
					seen[c] = tictactoe.Ongoing
					next = append(next, c)
				}
			}
		}
		queue = next
	}
	return seen
}

// allBoards returns every way to fill nine cells with ' ', 'X' and 'O'.
func allBoards() [][9]byte {
	boards := make([][9]byte, 0, 19683)
	for n := range 19683 {
		var b [9]byte
		for i := range b {
			b[i] = " XO"[n%3]
			n /= 3
		}
		boards = append(boards, b)
	}
	return boards
}

func rowsOf(b [9]byte) []string {
	return []string{string(b[0:3]), string(b[3:6]), string(b[6:9])}
}

// TestClassifyEveryBoard classifies all 3^9 boards against the oracle: the reachable ones must
// get their state, every other one the right error.
func TestClassifyEveryBoard(t *testing.T) {
	reachable := oracle()
	counts := map[string]int{}
	for _, b := range allBoards() {
		rows := rowsOf(b)
		before := strings.Join(rows, "|")
		got, err := tictactoe.Classify(rows)
		require.Equal(t, before, strings.Join(rows, "|"), "Classify changed its input")
		if want, ok := reachable[b]; ok {
			require.NoError(t, err, "%q is reachable", rows)
			require.Equal(t, want, got, "%q", rows)
			counts[want.String()]++
			continue
		}
		x, o := strings.Count(string(b[:]), "X"), strings.Count(string(b[:]), "O")
		want := tictactoe.ErrPlayAfterWin
		switch {
		case o > x:
			want = tictactoe.ErrOStarted
		case x > o+1:
			want = tictactoe.ErrXWentTwice
		}
		require.Equal(t, want, err, "%q is not reachable", rows)
		counts[want.Error()]++
	}
	t.Logf("outcomes over all 19,683 boards: %v", counts)
	// The published figure: 5,478 positions are reachable by legal play, 958 of them final
	// (626 won by X, 316 by O, 16 drawn): 942 wins, 16 draws, 4,520 ongoing.
	assert.Len(t, reachable, 5478)
	assert.Equal(t, 4520, counts["ongoing"])
	assert.Equal(t, 942, counts["win"])
	assert.Equal(t, 16, counts["draw"])
	assert.Equal(t, 19683-5478, counts[tictactoe.ErrOStarted.Error()]+counts[tictactoe.ErrXWentTwice.Error()]+counts[tictactoe.ErrPlayAfterWin.Error()])
}

func TestClassifyDoesNotAllocate(t *testing.T) {
	rows := []string{"XOX", " X ", "O  "}
	if n := testing.AllocsPerRun(100, func() { _, _ = tictactoe.Classify(rows) }); n != 0 {
		t.Errorf("Classify allocates %v times for a valid board, want 0", n)
	}
}

func FuzzClassify(f *testing.F) {
	f.Add("XOX", " X ", "O  ")
	f.Add("XXX", "OOO", "   ")
	f.Add("", "\xff", "OOOO")
	f.Fuzz(func(t *testing.T, r1, r2, r3 string) {
		rows := []string{r1, r2, r3}
		state, err := tictactoe.Classify(rows)
		if err != nil {
			return
		}
		b, err := tictactoe.ParseBoard(rows)
		if err != nil {
			t.Fatalf("Classify accepts %q, ParseBoard refuses it: %v", rows, err)
		}
		if got := b.Rows(); !assert.ObjectsAreEqual(rows, got) {
			t.Fatalf("ParseBoard(%q).Rows() = %q", rows, got)
		}
		again, err := tictactoe.ParseBoard(strings.Split(b.String(), "\n"))
		if err != nil || again != b {
			t.Fatalf("ParseBoard(String()) of %q = %v, %v", rows, again, err)
		}
		if grid, err := tictactoe.ParseBoard(strings.Split(b.Grid(), "\n")); err != nil || grid != b {
			t.Fatalf("ParseBoard(Grid()) of %q = %v, %v", rows, grid, err)
		}
		if s, err := b.Classify(); err != nil || s != state {
			t.Fatalf("Board.Classify() of %q = %v, %v, Classify = %v", rows, s, err, state)
		}
	})
}
