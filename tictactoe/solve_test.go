package tictactoe_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/tictactoe"
)

func TestSolveEmptyBoardIsADraw(t *testing.T) {
	out, moves, err := tictactoe.Solve(tictactoe.Board{})
	require.NoError(t, err)
	assert.Equal(t, tictactoe.Tie, out)
	assert.Len(t, moves, 9, "every first move keeps the draw")
}

func TestSolveForcedWins(t *testing.T) {
	tests := []struct {
		name string
		rows []string
		want tictactoe.Outcome
		best []tictactoe.Move
	}{
		{"X completes a row", []string{"XX ", "OO ", "   "}, tictactoe.XWins, []tictactoe.Move{{Row: 0, Col: 2}}},
		{"O answers opposite corners on an edge, never a corner", []string{"X  ", " O ", "  X"}, tictactoe.Tie, []tictactoe.Move{{Row: 0, Col: 1}, {Row: 1, Col: 0}, {Row: 1, Col: 2}, {Row: 2, Col: 1}}},
		{"X forks from a corner opening answered on an edge", []string{"XO ", "   ", "   "}, tictactoe.XWins, []tictactoe.Move{{Row: 1, Col: 0}, {Row: 1, Col: 1}, {Row: 2, Col: 0}}},
		{"O wins next move", []string{"OO ", "XX ", "X  "}, tictactoe.OWins, []tictactoe.Move{{Row: 0, Col: 2}}},
		{"a finished game has no moves", []string{"XXX", "OO ", "   "}, tictactoe.XWins, nil},
		{"a full draw", []string{"XOX", "XXO", "OXO"}, tictactoe.Tie, nil},
	}
	for _, tt := range tests {
		out, moves, err := tictactoe.Solve(parse(t, tt.rows...))
		require.NoError(t, err, tt.name)
		assert.Equal(t, tt.want, out, tt.name)
		assert.Equal(t, tt.best, moves, tt.name)
	}
}

func TestSolveRefusesUnreachableBoards(t *testing.T) {
	_, _, err := tictactoe.Solve(parse(t, "OO ", "   ", "   "))
	assert.Equal(t, tictactoe.ErrOStarted, err)
}

// minimax is the plain recursive search, with no memo and nothing shared with the package:
// +1 when X wins, -1 when O wins, 0 for a draw.
func minimax(b [9]byte, mover byte) int {
	lines := [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}
	for _, l := range lines {
		if b[l[0]] != ' ' && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]] {
			if b[l[0]] == 'X' {
				return 1
			}
			return -1
		}
	}
	best, any := 0, false
	for i := range b {
		if b[i] != ' ' {
			continue
		}
		c := b
		c[i] = mover
		other := byte('O')
		if mover == 'O' {
			other = 'X'
		}
		v := minimax(c, other)
		if !any || (mover == 'X' && v > best) || (mover == 'O' && v < best) {
			best, any = v, true
		}
	}
	return best
}

// TestSolveEveryPosition compares Solve with plain minimax on every reachable position, and
// checks that every best move keeps the value and every other move loses some of it.
func TestSolveEveryPosition(t *testing.T) {
	values := map[int]tictactoe.Outcome{1: tictactoe.XWins, -1: tictactoe.OWins, 0: tictactoe.Tie}
	for cells, state := range oracle() {
		b := parse(t, rowsOf(cells)...)
		out, moves, err := tictactoe.Solve(b)
		require.NoError(t, err)
		mover := byte('X')
		if b.Next() == tictactoe.O {
			mover = 'O'
		}
		require.Equal(t, values[minimax(cells, mover)], out, "%q", rowsOf(cells))
		if state != tictactoe.Ongoing {
			require.Empty(t, moves, "%q is over", rowsOf(cells))
			continue
		}
		require.NotEmpty(t, moves, "%q", rowsOf(cells))
		best := map[tictactoe.Move]bool{}
		for _, m := range moves {
			best[m] = true
		}
		for i, c := range cells {
			if c != ' ' {
				continue
			}
			m := tictactoe.Move{Row: i / 3, Col: i % 3}
			after, err := b.Play(m)
			require.NoError(t, err)
			next, _, err := tictactoe.Solve(after)
			require.NoError(t, err)
			require.Equal(t, best[m], next == out, "%q: move %v leads to %v, the position is %v", rowsOf(cells), m, next, out)
		}
	}
}

func TestSolveConcurrently(t *testing.T) {
	var wg sync.WaitGroup
	results := make([]tictactoe.Outcome, 8)
	for i := range results {
		wg.Go(func() {
			results[i], _, _ = tictactoe.Solve(tictactoe.Board{})
		})
	}
	wg.Wait()
	for _, r := range results {
		assert.Equal(t, tictactoe.Tie, r)
	}
}

func TestOutcomeString(t *testing.T) {
	for o, want := range map[tictactoe.Outcome]string{tictactoe.NoOutcome: "no outcome", tictactoe.XWins: "X wins", tictactoe.OWins: "O wins", tictactoe.Tie: "tie", 9: "Outcome(9)"} {
		assert.Equal(t, want, o.String())
	}
}
