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

// MaxEventsSize is the largest event log UnmarshalEvents reads: 16 MiB, some hundred
// thousand guesses of the widest codes, far past any game a person plays.
const MaxEventsSize = 16 << 20

// UnmarshalEvents reads events that MarshalEvents wrote, and nothing looser: a JSON array of
// objects whose keys are spelt exactly as MarshalEvents spells them, each once. Malformed
// JSON, trailing data, an unknown event name or key, a repeated key, a null, a missing field,
// a number that is not a whole number an int holds, or a code that does not parse returns an
// error wrapping ErrInvalidEvents that names the event. Whether the events make a game that
// could have happened is for Replay to check. A log of more than MaxEventsSize bytes is
// refused before it is read, so that reading costs memory in proportion to what a game can
// hold.
func UnmarshalEvents(data []byte) ([]Event, error) {
	if len(data) > MaxEventsSize {
		return nil, fmt.Errorf("mastermind: reading events: %d bytes, more than the %d an event log may have: %w", len(data), MaxEventsSize, ErrInvalidEvents)
	}
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
