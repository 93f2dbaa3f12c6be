package tictactoe

import (
	"fmt"
	"sync"
)

// Outcome is a position's value under perfect play. The zero Outcome, NoOutcome, is never a
// position's value; Solve returns it only with an error.
type Outcome uint8

const (
	// NoOutcome is no value: the zero Outcome.
	NoOutcome Outcome = iota
	// XWins means X wins, whatever O does.
	XWins
	// OWins means O wins, whatever X does.
	OWins
	// Tie means neither can force a win: with perfect play the game ends in a draw. (Draw, a
	// State, is a board that is full with no line.)
	Tie
)

// String returns "X wins", "O wins", "tie", or "no outcome".
func (o Outcome) String() string {
	switch o {
	case NoOutcome:
		return "no outcome"
	case XWins:
		return "X wins"
	case OWins:
		return "O wins"
	case Tie:
		return "tie"
	}
	return fmt.Sprintf("Outcome(%d)", uint8(o))
}

// solution is what the memo holds for one reachable position.
type solution struct {
	outcome Outcome
	best    uint16 // cells where the player to move keeps the outcome
}

// memo holds the solution of every position play can reach, indexed by index(b). It is built
// once, on first use, and only read after that, so any number of goroutines may share it.
var memo = sync.OnceValue(func() []solution {
	m := make([]solution, 19683)
	solveFrom(Board{}, m)
	return m
})

// index is the board's number in base 3, each cell a digit: 0 empty, 1 X, 2 O.
func index(b Board) int {
	i := 0
	for c := 8; c >= 0; c-- {
		i *= 3
		switch bit := uint16(1) << c; {
		case b.x&bit != 0:
			i++
		case b.o&bit != 0:
			i += 2
		}
	}
	return i
}

// solveFrom fills m for b and every position reachable from it, by minimax, and returns b's
// outcome.
func solveFrom(b Board, m []solution) Outcome {
	i := index(b)
	if s := m[i]; s.outcome != NoOutcome {
		return s.outcome
	}
	var s solution
	switch {
	case hasLine(b.x):
		s.outcome = XWins
	case hasLine(b.o):
		s.outcome = OWins
	case b.x|b.o == full:
		s.outcome = Tie
	default:
		x, o := b.counts()
		mover, won, lost := X, XWins, OWins
		if x > o {
			mover, won, lost = O, OWins, XWins
		}
		// Rank outcomes for the mover: a win beats a draw beats a loss.
		rank := func(out Outcome) int {
			switch out {
			case won:
				return 2
			case lost:
				return 0
			}
			return 1
		}
		best := -1
		for c := range 9 {
			bit := uint16(1) << c
			if (b.x|b.o)&bit != 0 {
				continue
			}
			next := b
			if mover == X {
				next.x |= bit
			} else {
				next.o |= bit
			}
			out := solveFrom(next, m)
			switch r := rank(out); {
			case r > best:
				best, s.outcome, s.best = r, out, bit
			case r == best:
				s.best |= bit
			}
		}
	}
	m[i] = s
	return s.outcome
}

// Solve returns the position's value under perfect play from both sides, and the best moves
// for the player to move: every move that keeps that value, in row-major order. A finished
// game has its result and no moves. A board play could not have reached returns the error
// Classify gives.
//
// The first call solves every reachable position (5,478 of them) and keeps the answers; later
// calls only look them up, from any goroutine.
func Solve(b Board) (Outcome, []Move, error) {
	if _, err := classify(b); err != nil {
		return NoOutcome, nil, err
	}
	s := memo()[index(b)]
	var moves []Move
	for c := range 9 {
		if s.best&(1<<c) != 0 {
			moves = append(moves, Move{Row: c / 3, Col: c % 3})
		}
	}
	return s.outcome, moves, nil
}
