package mastermind_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/mastermind"
)

// snapshot is everything a caller can see of a game.
type snapshot struct {
	Grade     mastermind.Grade
	TurnsLeft int
	Board     []mastermind.Turn
	Events    []mastermind.Event
}

func snap(g *mastermind.Game) snapshot {
	return snapshot{g.Grade(), g.TurnsLeft(), g.Board(), g.Events()}
}

func TestGradeString(t *testing.T) {
	for g, want := range map[mastermind.Grade]string{mastermind.Continue: "continue", mastermind.Won: "won", mastermind.Lost: "lost", 7: "Grade(7)"} {
		if got := g.String(); got != want {
			t.Errorf("Grade(%d).String() = %q, want %q", uint8(g), got, want)
		}
	}
	var zero mastermind.Grade
	assert.Equal(t, mastermind.Continue, zero, "the zero Grade is Continue")
}

func TestNewRefusesBadRulesAndSecrets(t *testing.T) {
	tests := []struct {
		r      mastermind.Rules
		secret mastermind.Code
		err    error
		msg    string
	}{
		{mastermind.Rules{Colors: 0, Width: 4, MaxTurns: 12}, mustParse("1 2 3 4"), mastermind.ErrInvalidRules, "mastermind: 0 colours, want 1 to 255: invalid rules"},
		{mastermind.Classic(), mustParse("1 2 3"), mastermind.ErrInvalidSecret, "mastermind: secret has 3 pegs, want 4: invalid secret"},
		{mastermind.Classic(), mustParse("1 2 3 4 5"), mastermind.ErrInvalidSecret, "mastermind: secret has 5 pegs, want 4: invalid secret"},
		{mastermind.Classic(), mustParse("1 2 3 7"), mastermind.ErrInvalidSecret, "mastermind: secret peg 4 is colour 7, want 1 to 6: invalid secret"},
		{mastermind.Classic(), nil, mastermind.ErrInvalidSecret, "mastermind: secret has 0 pegs, want 4: invalid secret"},
	}
	for _, tt := range tests {
		g, err := mastermind.New(tt.r, tt.secret)
		assert.Nil(t, g)
		assert.ErrorIs(t, err, tt.err)
		assert.EqualError(t, err, tt.msg)
	}
}

func TestNewCopiesSecret(t *testing.T) {
	secret := mustParse("Red Green Blue Yellow")
	g, err := mastermind.New(mastermind.Classic(), secret)
	require.NoError(t, err)
	secret[0] = mastermind.Purple
	g.Secret()[1] = mastermind.Purple
	assert.Equal(t, "Red Green Blue Yellow", g.Secret().String())
}

func TestGuessWinning(t *testing.T) {
	g, err := mastermind.New(mastermind.Rules{Colors: 6, Width: 4, MaxTurns: 3}, mustParse("3 2 3 5"))
	require.NoError(t, err)
	steps := []struct {
		guess    string
		grade    mastermind.Grade
		feedback mastermind.Feedback
		left     int
	}{
		{"1 1 2 2", mastermind.Continue, mastermind.Feedback{White: 1}, 2},
		{"3 3 4 4", mastermind.Continue, mastermind.Feedback{Black: 1, White: 1}, 1},
		{"3 2 3 5", mastermind.Won, mastermind.Feedback{Black: 4}, 0},
	}
	for _, s := range steps {
		grade, fb, err := g.Guess(mustParse(s.guess))
		require.NoError(t, err)
		assert.Equal(t, s.grade, grade, "grade after %s", s.guess)
		assert.Equal(t, s.feedback, fb, "feedback on %s", s.guess)
		assert.Equal(t, s.left, g.TurnsLeft(), "turns left after %s", s.guess)
		assert.Equal(t, s.grade, g.Grade())
	}
	assertRejected(t, g, mustParse("3 2 3 5"), mastermind.ErrGameAlreadyWon)
}

func TestGuessLosing(t *testing.T) {
	g, err := mastermind.New(mastermind.Classic(), mustParse("Red Green Blue Yellow"))
	require.NoError(t, err)
	for turn := 1; turn <= 12; turn++ {
		grade, fb, err := g.Guess(mustParse("Purple Purple Purple Purple"))
		require.NoError(t, err)
		assert.Equal(t, mastermind.Feedback{}, fb)
		if turn < 12 {
			assert.Equal(t, mastermind.Continue, grade, "turn %d", turn)
			assert.Equal(t, 12-turn, g.TurnsLeft())
		} else {
			assert.Equal(t, mastermind.Lost, grade, "the twelfth wrong guess loses")
		}
	}
	assert.Equal(t, 0, g.TurnsLeft())
	assert.Len(t, g.Board(), 12)
	assertRejected(t, g, mustParse("Red Green Blue Yellow"), mastermind.ErrGameAlreadyLost)
}

func TestRejectedGuessChangesNothing(t *testing.T) {
	g, err := mastermind.New(mastermind.Classic(), mustParse("Red Green Blue Yellow"))
	require.NoError(t, err)
	_, _, err = g.Guess(mustParse("Red Red Red Red"))
	require.NoError(t, err)
	assertRejected(t, g, mustParse("Red Red Red"), mastermind.ErrGuessTooShort)
	assertRejected(t, g, mustParse("Red Red Red Red Red"), mastermind.ErrGuessTooLong)
	assertRejected(t, g, mustParse("Red Red Red Orange Cyan")[1:], mastermind.ErrInvalidPeg)
	assertRejected(t, g, mastermind.Code{0, 1, 1, 1}, mastermind.ErrInvalidPeg)
	assertRejected(t, g, nil, mastermind.ErrGuessTooShort)
	assert.Equal(t, 11, g.TurnsLeft())
}

func TestZeroGameHasNotStarted(t *testing.T) {
	var g mastermind.Game
	assertRejected(t, &g, mustParse("Red Green Blue Yellow"), mastermind.ErrGameNotStarted)
	assert.Nil(t, g.Events())
}

// assertRejected checks that guess is refused with want and that the game is as it was.
func assertRejected(t *testing.T, g *mastermind.Game, guess mastermind.Code, want error) {
	t.Helper()
	before := snap(g)
	_, _, err := g.Guess(guess)
	assert.ErrorIs(t, err, want, "guess %v", guess)
	assert.Equal(t, before, snap(g), "a rejected guess %v changed the game", guess)
}

func TestGameKeepsItsOwnCopies(t *testing.T) {
	g, err := mastermind.New(mastermind.Classic(), mustParse("Red Green Blue Yellow"))
	require.NoError(t, err)
	guess := mustParse("Red Red Red Red")
	_, _, err = g.Guess(guess)
	require.NoError(t, err)
	guess[0] = mastermind.Blue
	board := g.Board()
	board[0].Guess[1] = mastermind.Blue
	board[0].Feedback.Black = 3
	assert.Equal(t, []mastermind.Turn{{Guess: mustParse("Red Red Red Red"), Feedback: mastermind.Feedback{Black: 1}}}, g.Board())
}

func TestNewRandom(t *testing.T) {
	r := mastermind.Rules{Colors: 8, Width: 5, MaxTurns: 10}
	a, err := mastermind.NewRandom(r, rand.New(rand.NewPCG(1, 2)))
	require.NoError(t, err)
	b, err := mastermind.NewRandom(r, rand.New(rand.NewPCG(1, 2)))
	require.NoError(t, err)
	assert.Equal(t, a.Secret(), b.Secret(), "the same seed gives the same secret")
	assert.NoError(t, r.CheckCode(a.Secret()))

	seen := map[string]bool{}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 50 {
		g, err := mastermind.NewRandom(r, rng)
		require.NoError(t, err)
		seen[g.Secret().String()] = true
	}
	assert.Greater(t, len(seen), 40, "secrets should differ from game to game")

	_, err = mastermind.NewRandom(r, nil)
	assert.EqualError(t, err, "mastermind: NewRandom needs a *rand.Rand, got nil")
	_, err = mastermind.NewRandom(mastermind.Rules{}, rng)
	assert.True(t, errors.Is(err, mastermind.ErrInvalidRules))
}

// TestNewRandomRefusesHugeWidths: a width beyond MaxWidth is refused before anything is
// allocated for it (once, math.MaxInt panicked in makeslice and 1<<40 ran out of memory).
func TestNewRandomRefusesHugeWidths(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, w := range []int{mastermind.MaxWidth + 1, 1e8, 1 << 40, math.MaxInt} {
		r := mastermind.Rules{Colors: 6, Width: w, MaxTurns: 1}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := mastermind.NewRandom(r, rng)
		runtime.ReadMemStats(&after)
		assert.ErrorIs(t, err, mastermind.ErrInvalidRules, "width %d", w)
		assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(64<<10), "width %d: bytes allocated", w)
		_, err = mastermind.New(r, make(mastermind.Code, 4))
		assert.ErrorIs(t, err, mastermind.ErrInvalidRules, "width %d", w)
	}
	g, err := mastermind.NewRandom(mastermind.Rules{Colors: 6, Width: mastermind.MaxWidth, MaxTurns: 1}, rng)
	require.NoError(t, err)
	assert.Len(t, g.Secret(), mastermind.MaxWidth)
}
