package verdict

import (
	"errors"
	"fmt"
	"math"

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
	// Turns is the most guesses a game may take: a mark's worst case is at most that.
	Turns int
	// Landmarks are the published marks to beat, totals over a whole mark, the best last.
	Landmarks []Landmark
	// Least is the least total a mark over games games, none of which took more than worst
	// guesses, can have, games from 1 to Games: for a whole mark, the proven optimum (where
	// worst allows it); Unreachable where no implementation plays so many games within worst.
	Least func(games, worst int) int
}

// Unreachable is Scale.Least's total of what no implementation reaches.
const Unreachable = math.MaxInt

// A Landmark is a published mark: "Knuth", 5,801.
type Landmark struct {
	Name  string
	Total int
}

// ErrNoSuchMark is the error of Scale.Check, wrapped with what was wrong.
var ErrNoSuchMark = errors.New("no such mark")

// Check returns an error that says why no implementation reaches the mark on the scale —
// more games than a whole mark has, a worst case beyond a game's turns, or fewer guesses than
// the least for its games and its worst case — or nil.
func (s Scale) Check(m Mark) error {
	if m.Games < 1 || m.Games > s.Games {
		return fmt.Errorf("%w: a mark over %s, where a whole mark is over %s", ErrNoSuchMark, brief.CountThousands(m.Games, "game", "games"), brief.Thousands(s.Games))
	}
	if s.Turns > 0 && (m.Worst < 1 || m.Worst > s.Turns) {
		return fmt.Errorf("%w: a mark of %d guesses at worst, where a game has %d turns", ErrNoSuchMark, m.Worst, s.Turns)
	}
	if s.Least == nil {
		return nil
	}
	least := s.Least(m.Games, m.Worst)
	switch {
	case least == Unreachable:
		return fmt.Errorf("%w: no implementation breaks %s secrets within %s each, by what it is told", ErrNoSuchMark, brief.Thousands(m.Games), brief.Count(m.Worst, "guess", "guesses"))
	case m.Total >= least:
		return nil
	case m.Games == s.Games && len(s.Landmarks) > 0 && least == s.Landmarks[len(s.Landmarks)-1].Total:
		return fmt.Errorf("%w: %s guesses over the %s games, fewer than the proven optimum's %s, which no implementation reaches by what it is told", ErrNoSuchMark, brief.Thousands(m.Total), brief.Thousands(m.Games), brief.Thousands(least))
	case m.Games == s.Games:
		return fmt.Errorf("%w: %s guesses over the %s games, %d at worst, fewer than the %s any implementation takes with no game past %d guesses, by what it is told", ErrNoSuchMark, brief.Thousands(m.Total), brief.Thousands(m.Games), m.Worst, brief.Thousands(least), m.Worst)
	}
	return fmt.Errorf("%w: %s over %s, fewer than the %s that any %s take at the least, by what an implementation is told", ErrNoSuchMark, brief.CountThousands(m.Total, "guess", "guesses"), brief.CountThousands(m.Games, "game", "games"), brief.Thousands(least), brief.CountThousands(m.Games, "game", "games"))
}
