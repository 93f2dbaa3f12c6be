package mastermind

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
)

// ErrInvalidEvents means an event log could not have come from a game: Replay and
// UnmarshalEvents wrap it, with the position of the first bad event.
var ErrInvalidEvents = errors.New("invalid event log")

// Event is one thing that happened in a game, from the seed's event model: GameStarted,
// GuessMade, GameWon or GameLost. The set is closed; a game's history is its events, in order.
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

// Replay rebuilds a game from its events, so that Replay(g.Events()) equals g. It refuses,
// with an error wrapping ErrInvalidEvents that names the first bad event, a log that could not
// have happened: no GameStarted first, a second start, a feedback that does not match the
// secret, a guess after the end, an end that did not happen, a game won or lost with its end
// event missing, or an unknown event.
func Replay(events []Event) (*Game, error) {
	bad := func(i int, cause error, format string, args ...any) error {
		return badEvent("replaying", i, cause, fmt.Sprintf(format, args...))
	}
	if len(events) == 0 {
		return nil, bad(0, ErrGameNotStarted, "empty log")
	}
	start, ok := events[0].(GameStarted)
	if !ok {
		return nil, bad(0, ErrGameNotStarted, "%s before GameStarted", name(events[0]))
	}
	g, err := New(start.Rules, start.Secret)
	if err != nil {
		return nil, bad(0, err, "GameStarted")
	}
	ended := false
	for i, e := range events[1:] {
		i++
		if ended {
			return nil, bad(i, nil, "%s after the game ended", name(e))
		}
		switch e := e.(type) {
		case GuessMade:
			if g.grade != Continue {
				return nil, bad(i, nil, "guess after the game was %v, with no event saying so", g.grade)
			}
			_, f, err := g.Guess(e.Guess)
			if err != nil {
				return nil, bad(i, err, "GuessMade")
			}
			if f != e.Feedback {
				return nil, bad(i, nil, "guess %v scores %q against the secret, the log says %q", e.Guess, f, e.Feedback)
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
		default:
			return nil, bad(i, nil, "unknown event %T", e)
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

func name(e Event) string {
	if e == nil {
		return "nil event"
	}
	return e.eventName()
}

// envelope is the JSON form of one event: its name beside its fields.
type envelope struct {
	Event    string    `json:"event"`
	Rules    *Rules    `json:"rules,omitempty"`
	Secret   Code      `json:"secret,omitempty"`
	Guess    Code      `json:"guess,omitempty"`
	Feedback *Feedback `json:"feedback,omitempty"`
}

// MarshalEvents writes events as a JSON array, one object an event, named by its "event" field:
//
//	[{"event":"GameStarted","rules":{"colors":6,"width":4,"maxTurns":12},"secret":"Red Green Blue Yellow"},
//	 {"event":"GuessMade","guess":"Red Red Red Red","feedback":{"black":1,"white":0}}]
//
// It returns an error for a nil or unknown event.
func MarshalEvents(events []Event) ([]byte, error) {
	out := make([]envelope, len(events))
	for i, e := range events {
		switch e := e.(type) {
		case GameStarted:
			out[i] = envelope{Event: e.eventName(), Rules: &e.Rules, Secret: e.Secret}
		case GuessMade:
			out[i] = envelope{Event: e.eventName(), Guess: e.Guess, Feedback: &e.Feedback}
		case GameWon, GameLost:
			out[i] = envelope{Event: e.eventName()}
		default:
			return nil, fmt.Errorf("mastermind: marshalling event %d: unknown event %T", i+1, e)
		}
	}
	return json.Marshal(out)
}

// UnmarshalEvents reads events that MarshalEvents wrote. Malformed JSON, an unknown event
// name, a field that does not belong to the event, a missing field or a code that does not
// parse returns an error wrapping ErrInvalidEvents that names the event. Whether the events
// make a game that could have happened is for Replay to check.
func UnmarshalEvents(data []byte) ([]Event, error) {
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("mastermind: reading events: %w (%w)", ErrInvalidEvents, err)
	}
	events := make([]Event, len(raw))
	for i, r := range raw {
		bad := func(cause error, format string, args ...any) error {
			return badEvent("reading", i, cause, fmt.Sprintf(format, args...))
		}
		dec := json.NewDecoder(bytes.NewReader(r))
		dec.DisallowUnknownFields()
		var env envelope
		if err := dec.Decode(&env); err != nil {
			return nil, bad(err, "malformed")
		}
		switch env.Event {
		case "GameStarted":
			if env.Rules == nil || env.Secret == nil || env.Guess != nil || env.Feedback != nil {
				return nil, bad(nil, "GameStarted needs rules and secret, and nothing else")
			}
			events[i] = GameStarted{Rules: *env.Rules, Secret: env.Secret}
		case "GuessMade":
			if env.Guess == nil || env.Feedback == nil || env.Rules != nil || env.Secret != nil {
				return nil, bad(nil, "GuessMade needs guess and feedback, and nothing else")
			}
			events[i] = GuessMade{Guess: env.Guess, Feedback: *env.Feedback}
		case "GameWon", "GameLost":
			if env.Rules != nil || env.Secret != nil || env.Guess != nil || env.Feedback != nil {
				return nil, bad(nil, "%s has no fields", env.Event)
			}
			if env.Event == "GameWon" {
				events[i] = GameWon{}
			} else {
				events[i] = GameLost{}
			}
		default:
			return nil, bad(nil, "unknown event %q", env.Event)
		}
	}
	return events, nil
}
