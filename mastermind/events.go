package mastermind

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/deliberate-practice/katas/internal/brief"
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
// It refuses what UnmarshalEvents would refuse, so that whatever it writes reads back: a nil
// or unknown event, and a secret or guess that is empty, holds colour 0 or has more than
// MaxWidth pegs. Whether the events make a game that could have happened is Replay's concern.
func MarshalEvents(events []Event) ([]byte, error) {
	out := make([]envelope, len(events))
	for i, e := range events {
		v, ok := value(e)
		if !ok {
			return nil, fmt.Errorf("mastermind: writing event %d: %s", i+1, describe(e))
		}
		switch v := v.(type) {
		case GameStarted:
			out[i] = envelope{Event: v.eventName(), Rules: &v.Rules, Secret: v.Secret}
			if len(v.Secret) == 0 {
				return nil, fmt.Errorf("mastermind: writing event %d: GameStarted has no secret", i+1)
			}
		case GuessMade:
			out[i] = envelope{Event: v.eventName(), Guess: v.Guess, Feedback: &v.Feedback}
			if len(v.Guess) == 0 {
				return nil, fmt.Errorf("mastermind: writing event %d: GuessMade has no guess", i+1)
			}
		default:
			out[i] = envelope{Event: v.eventName()}
		}
	}
	data, err := json.Marshal(out)
	if err != nil {
		var me *json.MarshalerError
		if errors.As(err, &me) {
			err = me.Unwrap()
		}
		return nil, fmt.Errorf("mastermind: writing events: %w", err)
	}
	return data, nil
}

// UnmarshalEvents reads events that MarshalEvents wrote, and nothing looser: a JSON array of
// objects whose keys are spelt exactly as MarshalEvents spells them, each once. Malformed
// JSON, trailing data, an unknown event name or key, a repeated key, a null, a missing field,
// a number that is not a whole number an int holds, or a code that does not parse returns an
// error wrapping ErrInvalidEvents that names the event. Whether the events make a game that
// could have happened is for Replay to check.
func UnmarshalEvents(data []byte) ([]Event, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	r := strictReader{dec: dec}
	if err := r.delim('['); err != nil {
		return nil, fmt.Errorf("mastermind: reading events: want a JSON array of events: %w: %w", err, ErrInvalidEvents)
	}
	var events []Event
	for dec.More() {
		e, err := r.event()
		if err != nil {
			return nil, fmt.Errorf("mastermind: reading event %d: %w: %w", len(events)+1, err, ErrInvalidEvents)
		}
		events = append(events, e)
	}
	if err := r.delim(']'); err != nil {
		return nil, fmt.Errorf("mastermind: reading events: %w: %w", err, ErrInvalidEvents)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("mastermind: reading events: data after the array: %w", ErrInvalidEvents)
	}
	return events, nil
}

// strictReader reads the event format token by token, which encoding/json's Unmarshal cannot
// do strictly: it matches keys without regard to case and lets a repeated key win.
type strictReader struct {
	dec *json.Decoder
}

// token returns the next token, with a short error for malformed JSON and the end of input.
func (r strictReader) token() (json.Token, error) {
	t, err := r.dec.Token()
	if err == io.EOF {
		return nil, errors.New("unexpected end of input")
	}
	if err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("malformed JSON at offset %d", se.Offset)
		}
		return nil, errors.New("malformed JSON")
	}
	return t, nil
}

func (r strictReader) delim(want json.Delim) error {
	t, err := r.token()
	if err != nil {
		return err
	}
	if d, ok := t.(json.Delim); !ok || d != want {
		return fmt.Errorf("found %s where %q belongs", tokenKind(t), want)
	}
	return nil
}

// tokenKind names a token for a message, without quoting any long input.
func tokenKind(t json.Token) string {
	switch t := t.(type) {
	case json.Delim:
		return strconv.Quote(string(t))
	case string:
		return "string " + brief.Quote(t)
	case json.Number:
		return "number " + brief.Quote(string(t))
	case bool:
		return "a boolean"
	case nil:
		return "null"
	}
	return "something else"
}

// object reads an object whose keys are among allowed, each at most once, calling field for
// each key to read its value. It returns the keys it read.
func (r strictReader) object(allowed []string, field func(key string) error) (map[string]bool, error) {
	if err := r.delim('{'); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for r.dec.More() {
		t, err := r.token()
		if err != nil {
			return nil, err
		}
		key, _ := t.(string)
		switch {
		case !slices.Contains(allowed, key):
			return nil, fmt.Errorf("unknown key %s", brief.Quote(key))
		case seen[key]:
			return nil, fmt.Errorf("key %q given twice", key)
		}
		seen[key] = true
		if err := field(key); err != nil {
			return nil, fmt.Errorf("%q: %w", key, err)
		}
	}
	return seen, r.delim('}')
}

func (r strictReader) str() (string, error) {
	t, err := r.token()
	if err != nil {
		return "", err
	}
	s, ok := t.(string)
	if !ok {
		return "", fmt.Errorf("found %s, want a string", tokenKind(t))
	}
	return s, nil
}

func (r strictReader) int() (int, error) {
	t, err := r.token()
	if err != nil {
		return 0, err
	}
	n, ok := t.(json.Number)
	if !ok {
		return 0, fmt.Errorf("found %s, want a whole number", tokenKind(t))
	}
	v, err := strconv.Atoi(string(n))
	if err != nil {
		return 0, fmt.Errorf("number %s is not a whole number an int holds", brief.Quote(string(n)))
	}
	return v, nil
}

func (r strictReader) code() (Code, error) {
	s, err := r.str()
	if err != nil {
		return nil, err
	}
	return ParseCode(s)
}

// ints reads an object of exactly the given keys, each a whole number, into the pointers.
func (r strictReader) ints(keys []string, dst ...*int) error {
	seen, err := r.object(keys, func(key string) error {
		v, err := r.int()
		*dst[slices.Index(keys, key)] = v
		return err
	})
	if err != nil {
		return err
	}
	for _, k := range keys {
		if !seen[k] {
			return fmt.Errorf("missing %q", k)
		}
	}
	return nil
}

// event reads one event object.
func (r strictReader) event() (Event, error) {
	var (
		name          string
		rules         Rules
		secret, guess Code
		fb            Feedback
	)
	seen, err := r.object([]string{"event", "rules", "secret", "guess", "feedback"}, func(key string) (err error) {
		switch key {
		case "event":
			name, err = r.str()
		case "rules":
			err = r.ints([]string{"colors", "width", "maxTurns"}, &rules.Colors, &rules.Width, &rules.MaxTurns)
		case "secret":
			secret, err = r.code()
		case "guess":
			guess, err = r.code()
		case "feedback":
			err = r.ints([]string{"black", "white"}, &fb.Black, &fb.White)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	fields := func(want ...string) error {
		for _, k := range want {
			if !seen[k] {
				return fmt.Errorf("%s needs %q", name, k)
			}
		}
		if len(seen) != len(want)+1 {
			if len(want) == 0 {
				return fmt.Errorf("%s has no fields", name)
			}
			return fmt.Errorf("%s takes only %q", name, want)
		}
		return nil
	}
	if !seen["event"] {
		return nil, errors.New(`no "event" key`)
	}
	switch name {
	case "GameStarted":
		return GameStarted{Rules: rules, Secret: secret}, fields("rules", "secret")
	case "GuessMade":
		return GuessMade{Guess: guess, Feedback: fb}, fields("guess", "feedback")
	case "GameWon":
		return GameWon{}, fields()
	case "GameLost":
		return GameLost{}, fields()
	}
	return nil, fmt.Errorf("unknown event %s", brief.Quote(name))
}
