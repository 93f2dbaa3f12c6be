package tictactoe

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/step"
)

// The property scenario: every board classified against a reference of the steps' own, apart
// from the library under test — the boards play reaches, found by playing every game from the
// empty board — and the board it gets wrong with the fewest marks shown as an example row.

// The reference's verdicts: a state, or the exercise's message for a board play cannot reach.
const (
	oStarted   = "Wrong turn order: O started"
	xTwice     = "Wrong turn order: X went twice"
	playAfter  = "Impossible board: game should have ended after the game was won"
	boardCells = 9
)

// board is nine cells, row by row: 'X', 'O' or ' '.
type board [boardCells]byte

func (b board) rows() []string {
	return []string{string(b[0:3]), string(b[3:6]), string(b[6:9])}
}

func (b board) marks() int {
	n := 0
	for _, c := range b {
		if c != ' ' {
			n++
		}
	}
	return n
}

// won reports whether p holds a line of three.
func (b board) won(p byte) bool {
	for _, l := range [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}} {
		if b[l[0]] == p && b[l[1]] == p && b[l[2]] == p {
			return true
		}
	}
	return false
}

// reached plays every game from the empty board, X first, stopping at a win or a full board,
// and returns the state of each board play reaches.
func reached() map[board]string {
	states := map[board]string{}
	var play func(b board, turn byte)
	play = func(b board, turn byte) {
		if _, seen := states[b]; seen {
			return
		}
		switch {
		case b.won('X') || b.won('O'):
			states[b] = "win"
			return
		case b.marks() == boardCells:
			states[b] = "draw"
			return
		}
		states[b] = "ongoing"
		next := byte('O')
		if turn == 'O' {
			next = 'X'
		}
		for i := range b {
			if b[i] == ' ' {
				c := b
				c[i] = turn
				play(c, next)
			}
		}
	}
	var empty board
	for i := range empty {
		empty[i] = ' '
	}
	play(empty, 'X')
	return states
}

// verdict is what the reference says of a board: its state, or the message that refuses it.
func verdict(b board, states map[board]string) (state, refusal string) {
	if s, ok := states[b]; ok {
		return s, ""
	}
	x, o := 0, 0
	for _, c := range b {
		switch c {
		case 'X':
			x++
		case 'O':
			o++
		}
	}
	switch {
	case o > x:
		return "", oStarted
	case x > o+1:
		return "", xTwice
	}
	return "", playAfter
}

// everyBoard returns every board of X, O and empty cells, those with fewer marks first.
func everyBoard() []board {
	var out []board
	for n := range 19683 {
		var b board
		for i := range b {
			b[i] = " XO"[n%3]
			n /= 3
		}
		out = append(out, b)
	}
	slices.SortStableFunc(out, func(a, b board) int { return a.marks() - b.marks() })
	return out
}

// iClassifyEveryBoard classifies every board, keeping the first it gets wrong: the one with the
// fewest marks.
func (s *ticTacToeScenario) iClassifyEveryBoard() error {
	boards := everyBoard()
	states, refusals, err := s.classifyEvery(boards)
	if err != nil {
		return err
	}
	reference := reached()
	for i, b := range boards {
		s.boards++
		want, refusal := verdict(b, reference)
		state, err := states[i], refusals[i]
		if refusal == "" && err == nil && state == want || refusal != "" && err != nil && err.Error() == refusal {
			continue
		}
		s.wrong++
		if s.firstWrong == nil {
			got := brief.Quote(state)
			if err != nil {
				got = "refused with " + brief.Quote(err.Error())
			}
			s.firstWrong = &boardMiss{b, got, want, refusal}
		}
	}
	return nil
}

// classifyEvery classifies the boards, at once where the seam can, one by one otherwise: each
// board's state or refusal; an error that ends the check (not implemented, a panic, a broken
// conversation) fails the step.
func (s *ticTacToeScenario) classifyEvery(boards []board) ([]string, []error, error) {
	rows := make([][]string, len(boards))
	for i, b := range boards {
		rows[i] = b.rows()
	}
	states, refusals := make([]string, len(boards)), make([]error, len(boards))
	if s.all != nil {
		// The first board alone, then the rest: a classify not written yet, or a program that
		// breaks, ends the check after one request rather than thousands.
		for _, part := range [][2]int{{0, 1}, {1, len(rows)}} {
			st, refused, err := s.all(rows[part[0]:part[1]])
			if err != nil {
				return nil, nil, err
			}
			copy(states[part[0]:], st)
			copy(refusals[part[0]:], refused)
			if part[0] == 0 && refused[0] != nil {
				if ferr := step.Unwritten(func() string { return fmt.Sprintf("the board %q", rows[0]) }, "classify", "", refused[0]); ferr != nil {
					return nil, nil, ferr
				}
			}
		}
	} else {
		for i := range rows {
			var state string
			var err error
			if perr := step.Guard(s.limit, "classify", func() { state, err = s.classify(slices.Clone(rows[i])) }); perr != nil {
				err = perr
			}
			states[i], refusals[i] = state, err
		}
	}
	for i, err := range refusals {
		if err == nil || step.KindOf(err) == step.Wrong && step.Unwritten(nil, "classify", "", err) == nil {
			continue // a refusal, as most boards get: no message to write
		}
		if ferr := step.Unwritten(func() string { return fmt.Sprintf("the board %q", rows[i]) }, "classify", "", err); ferr != nil {
			return nil, nil, ferr
		}
		if step.KindOf(err) != step.Wrong {
			return nil, nil, err // the conversation broke
		}
	}
	return states, refusals, nil
}

// boardMiss is a board classified otherwise than play reaches it.
type boardMiss struct {
	board
	got            string // what the implementation said
	state, refusal string // what the reference says
}

// row writes the board as an example row of the outline that holds its kind of board.
func (m boardMiss) row() (outline, row string) {
	r := m.rows()
	cells := fmt.Sprintf("| %q | %q | %q |", r[0], r[1], r[2])
	if m.refusal != "" {
		return "Boards that play cannot reach", cells + " " + m.refusal + " |"
	}
	return "Boards that play can reach", cells + " " + m.state + " |"
}

// everyBoardShouldBeClassifiedAsPlayReachesIt fails with the board of fewest marks that was
// classified wrong, in the scenario's notation.
func (s *ticTacToeScenario) everyBoardShouldBeClassifiedAsPlayReachesIt() error {
	if s.boards == 0 {
		return errors.New("no board was classified, so there is nothing to check; a When step must classify boards first")
	}
	if s.firstWrong == nil {
		return nil
	}
	m := *s.firstWrong
	want := fmt.Sprintf("%q", m.state) // the reference's own words, whole
	if m.refusal != "" {
		want = fmt.Sprintf("refused with %q", m.refusal)
	}
	outline, row := m.row()
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d boards were not classified as play reaches them. The one with the fewest marks: %q: %s, want %s. As a row of %q:\n  %s",
		s.wrong, s.boards, m.rows(), m.got, want, outline, row)
	return &step.Error{About: fmt.Sprintf("%d boards", s.boards), Cause: b.String()}
}
