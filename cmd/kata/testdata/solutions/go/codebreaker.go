// Package codebreaker is a right breaker for the code-breaker kata: the optimal strategy of
// this project's own solver, which reaches the kata's highest level.
package codebreaker

import (
	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/mastermind/solver"
)

// Breaker breaks one game's secret.
type Breaker struct {
	s    *solver.Solver
	last mastermind.Code
}

// New makes the breaker of a game.
func New(colors, width, turns int) (*Breaker, error) {
	s, err := solver.New(mastermind.Rules{Colors: colors, Width: width, MaxTurns: turns}, solver.Optimal)
	if err != nil {
		return nil, err
	}
	return &Breaker{s: s}, nil
}

// Guess is the next guess.
func (b *Breaker) Guess() ([]int, error) {
	g, err := b.s.Next()
	b.last = g
	out := make([]int, len(g))
	for i, c := range g {
		out[i] = int(c)
	}
	return out, err
}

// Feedback tells how the last guess scored.
func (b *Breaker) Feedback(black, white int, grade string) error {
	if grade != "continue" {
		return nil
	}
	return b.s.Record(b.last, mastermind.Feedback{Black: black, White: white})
}
