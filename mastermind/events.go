package mastermind

import (
	"errors"
	"fmt"
	"slices"
)

// ErrInvalidEvents means an event log could not have come from a game: Replay and
// UnmarshalEvents wrap it, with the position of the first bad event.
var ErrInvalidEvents = errors.New("invalid event log")

// Event is one thing that happened in a game, from the seed's event model: GameStarted,
// GuessMade, GameWon or GameLost. The set is closed; a game's history is its events, in order.
// Replay and MarshalEvents also take a pointer to an event, and refuse a nil one.
type Event interface {
	eventName() string
}

// GameStarted records the Join Game command: the rules and the code maker's secret.
type GameStarted struct {
	Rules  Rules `json:"rules"`
	Secret Code  `json:"secret"`
}

// GuessMade records a Make Guess command that was played: the guess and its feedback.
type GuessMade struct {
	Guess    Code     `json:"guess"`
	Feedback Feedback `json:"feedback"`
}

// GameWon records that the last guess broke the code.
type GameWon struct{}

// GameLost records that the last guess used the last turn without breaking the code.
type GameLost struct{}

func (GameStarted) eventName() string { return "GameStarted" }
func (GuessMade) eventName() string   { return "GuessMade" }
func (GameWon) eventName() string     { return "GameWon" }
func (GameLost) eventName() string    { return "GameLost" }

// Events returns the game's history: GameStarted, a GuessMade for each guess, then GameWon or
// GameLost once the game is over. The events are copies. The zero Game has no events.
func (g *Game) Events() []Event {
	if g.secret == nil {
		return nil
	}
	events := make([]Event, 0, len(g.board)+2)
	events = append(events, GameStarted{Rules: g.rules, Secret: slices.Clone(g.secret)})
	for _, t := range g.board {
		events = append(events, GuessMade{Guess: slices.Clone(t.Guess), Feedback: t.Feedback})
	}
	switch g.grade {
	case Won:
		events = append(events, GameWon{})
	case Lost:
		events = append(events, GameLost{})
	}
	return events
}

// value returns the event as a value of one of the four event types, following a non-nil
// pointer; false for nil, a nil pointer or a type outside the set.
func value(e Event) (Event, bool) {
	switch e := e.(type) {
	case GameStarted, GuessMade, GameWon, GameLost:
		return e, true
	case *GameStarted:
		if e != nil {
			return *e, true
		}
	case *GuessMade:
		if e != nil {
			return *e, true
		}
	case *GameWon:
		if e != nil {
			return *e, true
		}
	case *GameLost:
		if e != nil {
			return *e, true
		}
	}
	return nil, false
}

// describe names an event for a message without calling any of its methods.
func describe(e Event) string {
	if v, ok := value(e); ok {
		return v.eventName()
	}
	if e == nil {
		return "nil event"
	}
	return fmt.Sprintf("%T event (nil or unknown)", e)
}

// Replay rebuilds a game from its events, so that Replay(g.Events()) equals g. It refuses,
// with an error wrapping ErrInvalidEvents that names the first bad event, a log that could not
// have happened: no GameStarted first, a second start, a feedback that does not match the
// secret, a guess after the end, an end that did not happen, a game won or lost with its end
// event missing, or a nil or unknown event.
func Replay(events []Event) (*Game, error) {
	bad := func(i int, cause error, format string, args ...any) error {
		return badEvent("replaying", i, cause, fmt.Sprintf(format, args...))
	}
	if len(events) == 0 {
		return nil, bad(0, ErrGameNotStarted, "empty log")
	}
	first, _ := value(events[0])
	start, ok := first.(GameStarted)
	if !ok {
		return nil, bad(0, ErrGameNotStarted, "%s before GameStarted", describe(events[0]))
	}
	g, err := New(start.Rules, start.Secret)
	if err != nil {
		return nil, bad(0, err, "GameStarted")
	}
	ended := false
	for i, e := range events[1:] {
		i++
		v, ok := value(e)
		switch {
		case !ok:
			return nil, bad(i, nil, "%s", describe(e))
		case ended:
			return nil, bad(i, nil, "%s after the game ended", describe(e))
		}
		switch v := v.(type) {
		case GuessMade:
			if g.grade != Continue {
				return nil, bad(i, nil, "guess after the game was %v, with no event saying so", g.grade)
			}
			_, f, err := g.Guess(v.Guess)
			if err != nil {
				return nil, bad(i, err, "GuessMade")
			}
			if f != v.Feedback {
				return nil, bad(i, nil, "guess %v scores %q against the secret, the log says %q", v.Guess, f, v.Feedback)
			}
		case GameWon:
			if g.grade != Won {
				return nil, bad(i, nil, "GameWon, but the last guess did not break the code")
			}
			ended = true
		case GameLost:
			if g.grade != Lost {
				return nil, bad(i, nil, "GameLost, but the game was %v", g.grade)
			}
			ended = true
		case GameStarted:
			return nil, bad(i, nil, "a second GameStarted")
		}
	}
	if g.grade != Continue && !ended {
		return nil, bad(len(events)-1, nil, "the game was %v, but the log has no event saying so", g.grade)
	}
	return g, nil
}

// badEvent is the error for event i (from 0) of a log: what is wrong with it, and why.
func badEvent(action string, i int, cause error, msg string) error {
	if cause != nil {
		return fmt.Errorf("mastermind: %s event %d: %s: %w: %w", action, i+1, msg, cause, ErrInvalidEvents)
	}
	return fmt.Errorf("mastermind: %s event %d: %s: %w", action, i+1, msg, ErrInvalidEvents)
}
