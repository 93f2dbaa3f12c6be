package mastermind_test

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/mastermind"
)

// playedGames returns games in every state: just started, going on, won and lost.
func playedGames(t *testing.T) map[string]*mastermind.Game {
	t.Helper()
	games := map[string]*mastermind.Game{}
	play := func(name string, r mastermind.Rules, secret string, guesses ...string) {
		g, err := mastermind.New(r, mustParse(secret))
		require.NoError(t, err)
		for _, s := range guesses {
			_, _, err := g.Guess(mustParse(s))
			require.NoError(t, err)
		}
		games[name] = g
	}
	play("started", mastermind.Classic(), "Red Green Blue Yellow")
	play("going on", mastermind.Classic(), "Red Green Blue Yellow", "Red Red Red Red", "Yellow Blue Green Red")
	play("won", mastermind.Rules{Colors: 6, Width: 4, MaxTurns: 5}, "3 2 3 5", "1 1 2 2", "3 3 4 4", "3 2 3 5")
	play("lost", mastermind.Rules{Colors: 9, Width: 2, MaxTurns: 2}, "9 9", "1 9", "9 1")
	return games
}

func TestEvents(t *testing.T) {
	g := playedGames(t)["won"]
	want := []mastermind.Event{
		mastermind.GameStarted{Rules: mastermind.Rules{Colors: 6, Width: 4, MaxTurns: 5}, Secret: mustParse("3 2 3 5")},
		mastermind.GuessMade{Guess: mustParse("1 1 2 2"), Feedback: mastermind.Feedback{White: 1}},
		mastermind.GuessMade{Guess: mustParse("3 3 4 4"), Feedback: mastermind.Feedback{Black: 1, White: 1}},
		mastermind.GuessMade{Guess: mustParse("3 2 3 5"), Feedback: mastermind.Feedback{Black: 4}},
		mastermind.GameWon{},
	}
	assert.Equal(t, want, g.Events())
	lost := playedGames(t)["lost"].Events()
	assert.Equal(t, mastermind.GameLost{}, lost[len(lost)-1])
}

func TestReplayRoundTrip(t *testing.T) {
	for name, g := range playedGames(t) {
		events := g.Events()
		replayed, err := mastermind.Replay(events)
		require.NoError(t, err, name)
		assert.Equal(t, g, replayed, name)

		data, err := mastermind.MarshalEvents(events)
		require.NoError(t, err, name)
		back, err := mastermind.UnmarshalEvents(data)
		require.NoError(t, err, name)
		assert.Equal(t, events, back, "%s: events through JSON", name)
		resumed, err := mastermind.Replay(back)
		require.NoError(t, err, name)
		assert.Equal(t, g, resumed, name)
	}
}

func TestResumedGameGoesOn(t *testing.T) {
	g := playedGames(t)["going on"]
	data, err := mastermind.MarshalEvents(g.Events())
	require.NoError(t, err)
	events, err := mastermind.UnmarshalEvents(data)
	require.NoError(t, err)
	resumed, err := mastermind.Replay(events)
	require.NoError(t, err)
	grade, fb, err := resumed.Guess(mustParse("Red Green Blue Yellow"))
	require.NoError(t, err)
	assert.Equal(t, mastermind.Won, grade)
	assert.Equal(t, mastermind.Feedback{Black: 4}, fb)
	assert.Equal(t, 3, len(resumed.Board()))
}

func TestMarshalEventsFormat(t *testing.T) {
	data, err := mastermind.MarshalEvents(playedGames(t)["won"].Events())
	require.NoError(t, err)
	want := `[{"event":"GameStarted","rules":{"colors":6,"width":4,"maxTurns":5},"secret":"Blue Green Blue Purple"},` +
		`{"event":"GuessMade","guess":"Red Red Green Green","feedback":{"black":0,"white":1}},` +
		`{"event":"GuessMade","guess":"Blue Blue Yellow Yellow","feedback":{"black":1,"white":1}},` +
		`{"event":"GuessMade","guess":"Blue Green Blue Purple","feedback":{"black":4,"white":0}},` +
		`{"event":"GameWon"}]`
	assert.JSONEq(t, want, string(data))

	_, err = mastermind.MarshalEvents([]mastermind.Event{nil})
	assert.EqualError(t, err, "mastermind: writing event 1: nil event")
}

// TestMarshalEventsRefusesWhatCannotBeRead: whatever MarshalEvents writes, UnmarshalEvents
// reads; so it refuses the codes ParseCode refuses.
func TestMarshalEventsRefusesWhatCannotBeRead(t *testing.T) {
	tests := []struct {
		name  string
		event mastermind.Event
		msg   string
	}{
		{"colour 0 in the secret", mastermind.GameStarted{Rules: mastermind.Classic(), Secret: mastermind.Code{1, 0, 2, 3}},
			"mastermind: writing events: mastermind: writing code: peg 2 is colour 0: unknown colour"},
		{"nil secret", mastermind.GameStarted{Rules: mastermind.Classic()}, "mastermind: writing event 1: GameStarted has no secret"},
		{"nil guess", mastermind.GuessMade{}, "mastermind: writing event 1: GuessMade has no guess"},
		{"a guess too wide to read", mastermind.GuessMade{Guess: make(mastermind.Code, mastermind.MaxWidth+1)},
			"mastermind: writing events: mastermind: writing code of 65 pegs: too many pegs"},
		{"nil pointer", (*mastermind.GameStarted)(nil), "mastermind: writing event 1: *mastermind.GameStarted event (nil or unknown)"},
	}
	for _, tt := range tests {
		data, err := mastermind.MarshalEvents([]mastermind.Event{tt.event})
		assert.Nil(t, data, tt.name)
		assert.EqualError(t, err, tt.msg, tt.name)
	}
}

// TestEventPointers: a pointer to an event is that event; a nil pointer of any event type is
// a refused log, never a panic.
func TestEventPointers(t *testing.T) {
	g := playedGames(t)["won"]
	var pointers []mastermind.Event
	for _, e := range g.Events() {
		switch e := e.(type) {
		case mastermind.GameStarted:
			pointers = append(pointers, &e)
		case mastermind.GuessMade:
			pointers = append(pointers, &e)
		case mastermind.GameWon:
			pointers = append(pointers, &e)
		}
	}
	replayed, err := mastermind.Replay(pointers)
	require.NoError(t, err)
	assert.Equal(t, g, replayed)
	data, err := mastermind.MarshalEvents(pointers)
	require.NoError(t, err)
	want, err := mastermind.MarshalEvents(g.Events())
	require.NoError(t, err)
	assert.Equal(t, string(want), string(data))

	start := g.Events()[0]
	for _, nilEvent := range []mastermind.Event{(*mastermind.GameStarted)(nil), (*mastermind.GuessMade)(nil), (*mastermind.GameWon)(nil), (*mastermind.GameLost)(nil)} {
		for _, log := range [][]mastermind.Event{{nilEvent}, {start, nilEvent}} {
			game, err := mastermind.Replay(log)
			assert.Nil(t, game)
			assert.ErrorIs(t, err, mastermind.ErrInvalidEvents, "%T", nilEvent)
			assert.Contains(t, err.Error(), fmt.Sprintf("%T event (nil or unknown)", nilEvent))
		}
	}
}

func TestReplayRefusesImpossibleLogs(t *testing.T) {
	r := mastermind.Rules{Colors: 6, Width: 4, MaxTurns: 2}
	start := mastermind.GameStarted{Rules: r, Secret: mustParse("1 2 3 4")}
	miss := mastermind.GuessMade{Guess: mustParse("1 1 1 1"), Feedback: mastermind.Feedback{Black: 1}}
	hit := mastermind.GuessMade{Guess: mustParse("1 2 3 4"), Feedback: mastermind.Feedback{Black: 4}}
	tests := []struct {
		name   string
		events []mastermind.Event
		also   error
		msg    string
	}{
		{"empty", nil, mastermind.ErrGameNotStarted,
			"mastermind: replaying event 1: empty log: game not started: invalid event log"},
		{"no start", []mastermind.Event{miss}, mastermind.ErrGameNotStarted,
			"mastermind: replaying event 1: GuessMade before GameStarted: game not started: invalid event log"},
		{"bad rules", []mastermind.Event{mastermind.GameStarted{Secret: mustParse("1")}}, mastermind.ErrInvalidRules,
			"mastermind: replaying event 1: GameStarted: mastermind: 0 colours, want 1 to 255: invalid rules: invalid event log"},
		{"bad secret", []mastermind.Event{mastermind.GameStarted{Rules: r, Secret: mustParse("1 2 3")}}, mastermind.ErrInvalidSecret,
			"mastermind: replaying event 1: GameStarted: mastermind: secret has 3 pegs, want 4: invalid secret: invalid event log"},
		{"second start", []mastermind.Event{start, start}, nil,
			"mastermind: replaying event 2: a second GameStarted: invalid event log"},
		{"wrong feedback", []mastermind.Event{start, mastermind.GuessMade{Guess: mustParse("1 1 1 1"), Feedback: mastermind.Feedback{White: 1}}}, nil,
			`mastermind: replaying event 2: guess Red Red Red Red scores "B" against the secret, the log says "W": invalid event log`},
		{"feedback no width allows", []mastermind.Event{start, mastermind.GuessMade{Guess: mustParse("1 1 1 1"), Feedback: mastermind.Feedback{Black: 1e18}}}, nil,
			`mastermind: replaying event 2: guess Red Red Red Red scores "B" against the secret, the log says "invalid feedback (1000000000000000000 black, 0 white)": invalid event log`},
		{"bad guess", []mastermind.Event{start, mastermind.GuessMade{Guess: mustParse("1 1 9 1")}}, mastermind.ErrInvalidPeg,
			"mastermind: replaying event 2: GuessMade: mastermind: guess peg 3 is colour 9, want 1 to 6: invalid peg in guess: invalid event log"},
		{"guess after win", []mastermind.Event{start, hit, mastermind.GameWon{}, miss}, nil,
			"mastermind: replaying event 4: GuessMade after the game ended: invalid event log"},
		{"win missing", []mastermind.Event{start, hit, miss}, nil,
			"mastermind: replaying event 3: guess after the game was won, with no event saying so: invalid event log"},
		{"win never logged", []mastermind.Event{start, hit}, nil,
			"mastermind: replaying event 2: the game was won, but the log has no event saying so: invalid event log"},
		{"false win", []mastermind.Event{start, miss, mastermind.GameWon{}}, nil,
			"mastermind: replaying event 3: GameWon, but the last guess did not break the code: invalid event log"},
		{"false loss", []mastermind.Event{start, miss, mastermind.GameLost{}}, nil,
			"mastermind: replaying event 3: GameLost, but the game was continue: invalid event log"},
		{"too many guesses", []mastermind.Event{start, miss, miss, miss}, nil,
			"mastermind: replaying event 4: guess after the game was lost, with no event saying so: invalid event log"},
		{"nil event", []mastermind.Event{start, nil}, nil,
			"mastermind: replaying event 2: nil event: invalid event log"},
	}
	for _, tt := range tests {
		g, err := mastermind.Replay(tt.events)
		assert.Nil(t, g, tt.name)
		assert.ErrorIs(t, err, mastermind.ErrInvalidEvents, tt.name)
		if tt.also != nil {
			assert.ErrorIs(t, err, tt.also, tt.name)
		}
		assert.EqualError(t, err, tt.msg, tt.name)
	}
}

func TestUnmarshalEventsRefusesCorruptData(t *testing.T) {
	const rules = `"rules":{"colors":6,"width":4,"maxTurns":12}`
	tests := []struct{ name, data, msg string }{
		{"not JSON", `[{"event":`, `mastermind: reading event 1: "event": unexpected end of input: invalid event log`},
		{"not an array", `{"event":"GameWon"}`, `mastermind: reading events: want a JSON array of events: found "{" where "[" belongs: invalid event log`},
		{"null", `null`, `mastermind: reading events: want a JSON array of events: found null where "[" belongs: invalid event log`},
		{"trailing data", `[{"event":"GameWon"}] []`, `mastermind: reading events: data after the array: invalid event log`},
		{"unknown event", `[{"event":"GameDrawn"}]`, `mastermind: reading event 1: unknown event "GameDrawn": invalid event log`},
		{"no event name", `[{"guess":"Red","feedback":{"black":1,"white":0}}]`, `mastermind: reading event 1: no "event" key: invalid event log`},
		{"unknown field", `[{"event":"GameWon","score":3}]`, `mastermind: reading event 1: unknown key "score": invalid event log`},
		{"missing secret", `[{"event":"GameStarted",` + rules + `}]`, `mastermind: reading event 1: GameStarted needs "secret": invalid event log`},
		{"bad secret", `[{"event":"GameStarted",` + rules + `,"secret":"Red Pink"}]`, `mastermind: reading event 1: "secret": mastermind: parsing code "Red Pink": peg 2 "Pink": unknown colour: invalid event log`},
		{"missing feedback", `[{"event":"GuessMade","guess":"Red"}]`, `mastermind: reading event 1: GuessMade needs "feedback": invalid event log`},
		{"won with fields", `[{"event":"GameWon","guess":"Red"}]`, "mastermind: reading event 1: GameWon has no fields: invalid event log"},
		{"wrong type", `[{"event":"GuessMade","guess":"Red","feedback":{"black":"one"}}]`, `mastermind: reading event 1: "feedback": "black": found string "one", want a whole number: invalid event log`},
		// Looser than the format: encoding/json would take all of these.
		{"a key given twice", `[{"event":"GameWon","event":"GameLost"}]`, `mastermind: reading event 1: key "event" given twice: invalid event log`},
		{"a key in another case", `[{"EVENT":"GameWon"}]`, `mastermind: reading event 1: unknown key "EVENT": invalid event log`},
		{"rules keys in another case", `[{"event":"GameStarted","rules":{"COLORS":6,"width":4,"maxTurns":12},"secret":"1 2 3 4"}]`, `mastermind: reading event 1: "rules": unknown key "COLORS": invalid event log`},
		{"empty feedback", `[{"event":"GuessMade","guess":"Red","feedback":{}}]`, `mastermind: reading event 1: "feedback": missing "black": invalid event log`},
		{"null rules on GameWon", `[{"event":"GameWon","rules":null}]`, `mastermind: reading event 1: "rules": found null where "{" belongs: invalid event log`},
		{"null secret", `[{"event":"GameStarted",` + rules + `,"secret":null}]`, `mastermind: reading event 1: "secret": found null, want a string: invalid event log`},
		{"a fraction", `[{"event":"GameStarted","rules":{"colors":6.5,"width":4,"maxTurns":12},"secret":"1 2 3 4"}]`, `mastermind: reading event 1: "rules": "colors": number "6.5" is not a whole number an int holds: invalid event log`},
		{"a number no int holds", `[{"event":"GuessMade","guess":"Red","feedback":{"black":1e999,"white":0}}]`, `mastermind: reading event 1: "feedback": "black": number "1e999" is not a whole number an int holds: invalid event log`},
		{"a key of 10 MB", `[{"` + strings.Repeat("k", 10<<20) + `":1}]`, `mastermind: reading event 1: unknown key "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk"… (10485760 bytes): invalid event log`},
	}
	for _, tt := range tests {
		events, err := mastermind.UnmarshalEvents([]byte(tt.data))
		assert.Nil(t, events, tt.name)
		assert.ErrorIs(t, err, mastermind.ErrInvalidEvents, tt.name)
		assert.EqualError(t, err, tt.msg, tt.name)
	}
}

// TestReplayOfHugeFeedback is the 170-byte log that once ran the process out of memory: the
// message about its feedback must stay short.
func TestReplayOfHugeFeedback(t *testing.T) {
	data := `[{"event":"GameStarted","rules":{"colors":6,"width":4,"maxTurns":12},"secret":"1 2 3 4"},` +
		`{"event":"GuessMade","guess":"1 1 1 1","feedback":{"black":1000000000000000000,"white":0}}]`
	events, err := mastermind.UnmarshalEvents([]byte(data))
	require.NoError(t, err)
	g, err := mastermind.Replay(events)
	assert.Nil(t, g)
	assert.ErrorIs(t, err, mastermind.ErrInvalidEvents)
	assert.Less(t, len(err.Error()), 200, err.Error())
}

func FuzzReplay(f *testing.F) {
	for _, g := range []string{
		`[{"event":"GameStarted","rules":{"colors":6,"width":4,"maxTurns":2},"secret":"1 2 3 4"},{"event":"GuessMade","guess":"1 2 3 4","feedback":{"black":4,"white":0}},{"event":"GameWon"}]`,
		`[{"event":"GameStarted","rules":{"colors":2,"width":1,"maxTurns":1},"secret":"1"},{"event":"GuessMade","guess":"2","feedback":{"black":0,"white":0}},{"event":"GameLost"}]`,
		`[]`, `null`, `[{}]`,
	} {
		f.Add([]byte(g))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		events, err := mastermind.UnmarshalEvents(data)
		if err != nil {
			if !errors.Is(err, mastermind.ErrInvalidEvents) {
				t.Fatalf("UnmarshalEvents error %v does not wrap ErrInvalidEvents", err)
			}
			return
		}
		g, err := mastermind.Replay(events)
		if err != nil {
			if !errors.Is(err, mastermind.ErrInvalidEvents) {
				t.Fatalf("Replay error %v does not wrap ErrInvalidEvents", err)
			}
			return
		}
		// A log that replays is exactly the game's own history.
		if !reflect.DeepEqual(events, g.Events()) {
			t.Fatalf("Replay(%v).Events() = %v", events, g.Events())
		}
	})
}

// fuzzEvents builds an event log from fuzz data: any events, with any rules, codes (colour 0
// and widths beyond MaxWidth included) and feedback, sometimes as pointers.
func fuzzEvents(data []byte) []mastermind.Event {
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return int(b)
	}
	num := func() int {
		switch n := next(); n {
		case 255:
			return math.MaxInt
		case 254:
			return math.MinInt
		case 253:
			return 1e18
		default:
			return n - 8
		}
	}
	code := func() mastermind.Code {
		n := next()
		if n == 255 {
			return nil
		}
		c := make(mastermind.Code, n%70)
		for i := range c {
			c[i] = mastermind.Color(next() % 12)
		}
		return c
	}
	var events []mastermind.Event
	for len(data) > 0 && len(events) < 40 {
		var e mastermind.Event
		switch kind := next(); kind % 5 {
		case 0:
			e = mastermind.GameStarted{Rules: mastermind.Rules{Colors: num(), Width: num(), MaxTurns: num()}, Secret: code()}
		case 1, 2:
			e = mastermind.GuessMade{Guess: code(), Feedback: mastermind.Feedback{Black: num(), White: num()}}
		case 3:
			e = mastermind.GameWon{}
		default:
			e = mastermind.GameLost{}
		}
		if next()%4 == 0 {
			e = pointerTo(e)
		}
		events = append(events, e)
	}
	return events
}

func pointerTo(e mastermind.Event) mastermind.Event {
	switch e := e.(type) {
	case mastermind.GameStarted:
		return &e
	case mastermind.GuessMade:
		return &e
	case mastermind.GameWon:
		return &e
	case mastermind.GameLost:
		return &e
	}
	return e
}

// valueOf follows an event pointer.
func valueOf(e mastermind.Event) mastermind.Event {
	switch e := e.(type) {
	case *mastermind.GameStarted:
		return *e
	case *mastermind.GuessMade:
		return *e
	case *mastermind.GameWon:
		return *e
	case *mastermind.GameLost:
		return *e
	}
	return e
}

// FuzzEventsRoundTrip: whatever MarshalEvents writes, UnmarshalEvents reads back as the same
// events, and Replay makes the same game of both (or refuses both alike); what it refuses
// holds a code that would not read back.
func FuzzEventsRoundTrip(f *testing.F) {
	f.Add([]byte{0, 14, 12, 28, 1, 4, 1, 2, 3, 4, 1, 1, 4, 1, 1, 1, 1, 9, 8, 1, 4, 1, 2, 3, 4, 12, 8, 3, 0})
	f.Add([]byte{0, 14, 12, 28, 1, 4, 1, 0, 3, 4})
	f.Add([]byte{1, 255, 255, 254, 0, 4, 1, 1, 1, 1, 255, 253})
	f.Fuzz(func(t *testing.T, data []byte) {
		events := fuzzEvents(data)
		out, err := mastermind.MarshalEvents(events)
		if err != nil {
			for _, e := range events {
				var c mastermind.Code
				switch e := valueOf(e).(type) {
				case mastermind.GameStarted:
					c = e.Secret
				case mastermind.GuessMade:
					c = e.Guess
				default:
					continue
				}
				if back, perr := mastermind.ParseCode(c.String()); perr != nil || !back.Equal(c) {
					return // a code that would not read back: refusing it is right
				}
			}
			t.Fatalf("MarshalEvents(%v) refused a log whose codes all read back: %v", events, err)
		}
		back, err := mastermind.UnmarshalEvents(out)
		if err != nil {
			t.Fatalf("UnmarshalEvents(MarshalEvents(%v)) = %v\n%s", events, err, out)
		}
		want := make([]mastermind.Event, len(events))
		for i, e := range events {
			want[i] = valueOf(e)
		}
		if len(want) == 0 {
			want = nil
		}
		if !reflect.DeepEqual(want, back) {
			t.Fatalf("events %v came back as %v", want, back)
		}
		g1, err1 := mastermind.Replay(events)
		g2, err2 := mastermind.Replay(back)
		if fmt.Sprint(err1) != fmt.Sprint(err2) || !reflect.DeepEqual(g1, g2) {
			t.Fatalf("Replay of the log: %v, %v; of what came back: %v, %v", g1, err1, g2, err2)
		}
	})
}

// TestUnmarshalEventsRefusesAHugeLog: a log past MaxEventsSize is refused at once, its size
// named, before anything of it is read.
func TestUnmarshalEventsRefusesAHugeLog(t *testing.T) {
	huge := make([]byte, mastermind.MaxEventsSize+1)
	_, err := mastermind.UnmarshalEvents(huge)
	if !errors.Is(err, mastermind.ErrInvalidEvents) || !strings.Contains(err.Error(), "16777217 bytes, more than the 16777216") {
		t.Fatalf("UnmarshalEvents of %d bytes: %v", len(huge), err)
	}
}
