// Package mygame is a practitioner's Mastermind, written apart from this project, for the
// test that builds the README's recipe. readme_test.go copies it into a new module, and turns
// countRepeatsTwice on to make the game wrong.
package mygame

import (
	"errors"
	"slices"
)

const countRepeatsTwice = false

// Result is a guess's grade and score.
type Result struct {
	Grade        string
	Black, White int
}

// Game is one game of Mastermind.
type Game struct {
	colors, width, turnsLeft, guesses int
	secret                            []int
	over                              bool
}

// New starts a game: new(num_colors, width, max_turns), with the secret.
func New(colors, width, turns int, secret []int) (*Game, error) {
	if colors < 1 || width < 1 || turns < 1 || len(secret) != width {
		return nil, errors.New("bad game")
	}
	for _, c := range secret {
		if c < 1 || c > colors {
			return nil, errors.New("bad secret")
		}
	}
	return &Game{colors: colors, width: width, turnsLeft: turns, secret: secret}, nil
}

// Score plays a guess: score(game, guess).
func (g *Game) Score(guess []int) (Result, error) {
	if g.over || len(guess) != g.width {
		return Result{}, errors.New("cannot play that")
	}
	for _, c := range guess {
		if c < 1 || c > g.colors {
			return Result{}, errors.New("no such colour")
		}
	}
	var r Result
	left := map[int]int{}
	for i, c := range g.secret {
		if guess[i] == c {
			r.Black++
		} else {
			left[c]++
		}
	}
	for i, c := range guess {
		if g.secret[i] == c {
			continue
		}
		if left[c] > 0 || (countRepeatsTwice && slices.Contains(g.secret, c)) {
			r.White++
			left[c]--
		}
	}
	g.guesses++
	g.turnsLeft--
	switch {
	case r.Black == g.width:
		r.Grade, g.over = "won", true
	case g.turnsLeft == 0:
		r.Grade, g.over = "lost", true
	default:
		r.Grade = "continue"
	}
	return r, nil
}

// TurnsLeft is how many more guesses may be made.
func (g *Game) TurnsLeft() int {
	if g.over {
		return 0
	}
	return g.turnsLeft
}

// Guesses is how many guesses are on the board.
func (g *Game) Guesses() int { return g.guesses }
