package mastermind_test

import (
	"errors"
	"reflect"
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
	play("started", mastermind.Classic, "Red Green Blue Yellow")
	play("going on", mastermind.Classic, "Red Green Blue Yellow", "Red Red Red Red", "Yellow Blue Green Red")
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
	assert.EqualError(t, err, "mastermind: marshalling event 1: unknown event <nil>")
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
			"mastermind: replaying event 2: unknown event <nil>: invalid event log"},
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
	tests := []struct{ name, data, msg string }{
		{"not JSON", `[{"event":`, "mastermind: reading events: invalid event log (unexpected end of JSON input)"},
		{"not an array", `{"event":"GameWon"}`, "mastermind: reading events: invalid event log (json: cannot unmarshal object into Go value of type []json.RawMessage)"},
		{"unknown event", `[{"event":"GameDrawn"}]`, `mastermind: reading event 1: unknown event "GameDrawn": invalid event log`},
		{"unknown field", `[{"event":"GameWon","score":3}]`, `mastermind: reading event 1: malformed: json: unknown field "score": invalid event log`},
		{"missing secret", `[{"event":"GameStarted","rules":{"colors":6,"width":4,"maxTurns":12}}]`, "mastermind: reading event 1: GameStarted needs rules and secret, and nothing else: invalid event log"},
		{"bad secret", `[{"event":"GameStarted","rules":{"colors":6,"width":4,"maxTurns":12},"secret":"Red Pink"}]`, `mastermind: reading event 1: malformed: mastermind: parsing code "Red Pink": peg 2 "Pink": unknown colour: invalid event log`},
		{"missing feedback", `[{"event":"GuessMade","guess":"Red"}]`, "mastermind: reading event 1: GuessMade needs guess and feedback, and nothing else: invalid event log"},
		{"won with fields", `[{"event":"GameWon","guess":"Red"}]`, "mastermind: reading event 1: GameWon has no fields: invalid event log"},
		{"wrong type", `[{"event":"GuessMade","guess":"Red","feedback":{"black":"one"}}]`, "mastermind: reading event 1: malformed: json: cannot unmarshal string into Go struct field Feedback.feedback.black of type int: invalid event log"},
	}
	for _, tt := range tests {
		events, err := mastermind.UnmarshalEvents([]byte(tt.data))
		assert.Nil(t, events, tt.name)
		assert.ErrorIs(t, err, mastermind.ErrInvalidEvents, tt.name)
		assert.EqualError(t, err, tt.msg, tt.name)
	}
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
