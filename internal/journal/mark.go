package journal

import (
	"errors"
	"fmt"

	"github.com/deliberate-practice/katas/internal/brief"
)

// A Mark is a run's mark on a kata's own scale: the implementation's total over the games it
// played, the fewer the better, and its worst case.
type Mark struct {
	Total int `json:"total"` // guesses, summed over the games
	Worst int `json:"worst"` // the most guesses of a game
	Games int `json:"games"` // how many games
}

// Whole reports whether the mark is over every game of its scale: a mark over fewer — a run
// that stopped part of the way — is shown with its number of games, and never ranks above a
// whole one.
func (m Mark) Whole(s Scale) bool { return m.Games == s.Games }

// A Scale is a kata's scale of marks: what a mark counts, over how many games a whole mark
// is, the marks to beat, and the least total an implementation that learns only what the
// kata tells it can reach, by which a forged mark is refused.
type Scale struct {
	// What says what a mark counts, for a person: "guesses over the 1,296 secrets of the
	// classic game, fewer is better".
	What string
	// Games is how many games a whole mark is over: the classic game's 1,296 secrets.
	Games int
	// Landmarks are the published marks to beat, totals over a whole mark, the best last.
	Landmarks []Landmark
	// Least is the least total a mark over games games can have, games from 1 to Games: for
	// a whole mark, the proven optimum.
	Least func(games int) int
}

// A Landmark is a published mark: "Knuth", 5,801.
type Landmark struct {
	Name  string
	Total int
}

// ErrNoSuchMark is the error of Scale.Check, wrapped with what was wrong.
var ErrNoSuchMark = errors.New("no such mark")

// Check returns an error that says why no implementation reaches the mark on the scale —
// more games than a whole mark has, or fewer guesses than the least for its games — or nil.
func (s Scale) Check(m Mark) error {
	switch {
	case m.Games < 1 || m.Games > s.Games:
		return fmt.Errorf("%w: a mark over %s games, where a whole mark is over %s", ErrNoSuchMark, brief.Thousands(m.Games), brief.Thousands(s.Games))
	case s.Least != nil && m.Total < s.Least(m.Games):
		if m.Games == s.Games {
			return fmt.Errorf("%w: %s guesses over the %s games, fewer than the proven optimum's %s, which no implementation reaches by what it is told", ErrNoSuchMark, brief.Thousands(m.Total), brief.Thousands(m.Games), brief.Thousands(s.Least(m.Games)))
		}
		return fmt.Errorf("%w: %s guesses over %s games, fewer than the %s that any %s games take at the least, by what an implementation is told", ErrNoSuchMark, brief.Thousands(m.Total), brief.Thousands(m.Games), brief.Thousands(s.Least(m.Games)), brief.Thousands(m.Games))
	}
	return nil
}
