// Package mastermind is a practitioner's Mastermind, in Go: the solution kata run's tests
// fill a starting point in with.
package mastermind

import (
	"errors"
	"fmt"
)

// Game is one game of Mastermind.
type Game struct {
	colors, width, left, guesses int
	secret                       []int
	grade                        string
}

func (g *Game) check(code []int, what string) error {
	if len(code) != g.width {
		return fmt.Errorf("the %s has %d pegs, want %d", what, len(code), g.width)
	}
	for _, p := range code {
		if p < 1 || p > g.colors {
			return fmt.Errorf("the %s has colour %d, want 1 to %d", what, p, g.colors)
		}
	}
	return nil
}

// New starts a game with the code maker's secret.
func New(colors, width, turns int, secret []int) (*Game, error) {
	if colors < 1 || width < 1 || turns < 1 {
		return nil, errors.New("a game needs at least one colour, one peg and one turn")
	}
	g := &Game{colors: colors, width: width, left: turns, secret: append([]int(nil), secret...), grade: "continue"}
	if err := g.check(secret, "secret"); err != nil {
		return nil, err
	}
	return g, nil
}

// Score plays a guess.
func (g *Game) Score(guess []int) (grade string, black, white int, err error) {
	if g.grade != "continue" {
		return "", 0, 0, errors.New("the game is over: " + g.grade)
	}
	if err := g.check(guess, "guess"); err != nil {
		return "", 0, 0, err
	}
	counts := map[int]int{}
	for i, p := range guess {
		if p == g.secret[i] {
			black++
			continue
		}
		counts[g.secret[i]]++
	}
	for i, p := range guess {
		if p != g.secret[i] && counts[p] > 0 {
			counts[p]--
			white++
		}
	}
	g.left--
	g.guesses++
	switch {
	case black == g.width:
		g.grade = "won"
	case g.left == 0:
		g.grade = "lost"
	}
	return g.grade, black, white, nil
}

// TurnsLeft returns how many guesses the game still allows: none once it is over.
func (g *Game) TurnsLeft() int {
	if g.grade != "continue" {
		return 0
	}
	return g.left
}

// Guesses returns how many guesses are on the board.
func (g *Game) Guesses() int { return g.guesses }
