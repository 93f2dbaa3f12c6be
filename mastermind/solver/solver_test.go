package solver_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/mastermind/solver"
)

func code(s string) mastermind.Code {
	c, err := mastermind.ParseCode(s)
	if err != nil {
		panic(err)
	}
	return c
}

// published are the totals over all 1296 classic secrets: Knuth 1977, and the comparison in
// Kooi 2005.
var published = []struct {
	strategy   solver.Strategy
	first      string
	total, max int
}{
	{solver.Knuth, "1 1 2 2", 5801, 5},
	{solver.MostParts, "1 1 2 3", 5668, 6},
	{solver.Entropy, "1 2 3 4", 5722, 6},
	{solver.ExpectedSize, "1 1 2 3", 5696, 6},
}

func TestFirstGuesses(t *testing.T) {
	for _, p := range published {
		s, err := solver.New(mastermind.Classic(), p.strategy)
		require.NoError(t, err)
		got, err := s.Next()
		require.NoError(t, err)
		assert.Equal(t, code(p.first), got, "%v opens", p.strategy)
	}
	// The textbook scan of every code against every secret opens the same way.
	table := scoreTable(allCodes(mastermind.Classic()))
	for _, p := range published {
		assert.Equal(t, codeNumber(mastermind.Classic(), code(p.first)), textbookGuess(p.strategy, table, all(len(table))), "%v opens", p.strategy)
	}
}

func TestEvaluatePublished(t *testing.T) {
	for _, p := range published {
		st, err := solver.Evaluate(mastermind.Classic(), p.strategy)
		require.NoError(t, err)
		assert.Equal(t, 1296, st.Games, "%v", p.strategy)
		assert.Equal(t, p.total, st.Total, "%v total", p.strategy)
		assert.Equal(t, p.max, st.Max, "%v worst", p.strategy)
		sum, games := 0, 0
		for n, g := range st.Histogram {
			sum += n * g
			games += g
		}
		assert.Equal(t, st.Total, sum, "%v histogram", p.strategy)
		assert.Equal(t, st.Games, games, "%v histogram", p.strategy)
		t.Logf("%-12v total %d, average %.3f, worst %d, histogram %v", p.strategy, st.Total, st.Average(), st.Max, st.Histogram)
	}
	// Knuth 1977: an average of 4.476 guesses, never more than five.
	st, err := solver.Evaluate(mastermind.Classic(), solver.Knuth)
	require.NoError(t, err)
	assert.InDelta(t, 4.476, st.Average(), 0.0005)
}

// play breaks secret with a fresh solver, scoring with the package's Score as a code maker
// would, and returns the number of guesses.
func play(t *testing.T, r mastermind.Rules, s solver.Strategy, secret mastermind.Code) int {
	sv, err := solver.New(r, s)
	require.NoError(t, err)
	for n := 1; ; n++ {
		guess, err := sv.Next()
		require.NoError(t, err)
		fb, err := mastermind.Score(secret, guess)
		require.NoError(t, err)
		if fb.Black == r.Width {
			return n
		}
		require.NoError(t, sv.Record(guess, fb))
		require.Less(t, n, 20, "solver is not converging on %v", secret)
	}
}

// TestGamesThroughNextAndRecord plays every secret through New, Next and Record and checks
// that Evaluate saw the same games: on a 4×4 game always, and on the classic game, with the
// published totals, unless -short (the race pass in CI, where it would take minutes; the plain
// pass runs it).
func TestGamesThroughNextAndRecord(t *testing.T) {
	games := []struct {
		name  string
		rules mastermind.Rules
		long  bool
	}{
		{"4x4", mastermind.Rules{Colors: 4, Width: 4, MaxTurns: 20}, false},
		{"classic", mastermind.Classic(), true},
	}
	for _, game := range games {
		for _, p := range published {
			t.Run(game.name+"/"+p.strategy.String(), func(t *testing.T) {
				if game.long && solver.Quick() {
					t.Skip("quick pass (KATAS_EXHAUSTIVE=1 runs it): 4×1296 games through Next and Record take seconds, minutes under -race; the 4x4 game checks the same property")
				}
				t.Parallel()
				var st solver.Stats
				for _, secret := range allCodes(game.rules) {
					addGame(&st, play(t, game.rules, p.strategy, secret))
				}
				if game.rules == mastermind.Classic() {
					assert.Equal(t, p.total, st.Total)
					assert.Equal(t, p.max, st.Max)
				}
				ev, err := solver.Evaluate(game.rules, p.strategy)
				require.NoError(t, err)
				assert.Equal(t, ev, st)
			})
		}
	}
}

// TestTextbookReproducesThePublishedTotals plays the textbook code breaker, which shares no
// code with the package, on every classic secret for every strategy: the published totals
// come out of it too, so the tests that hold Evaluate to it check against the literature.
func TestTextbookReproducesThePublishedTotals(t *testing.T) {
	if solver.Quick() {
		t.Skip("quick pass (KATAS_EXHAUSTIVE=1 runs it): the textbook loop takes seconds a strategy, minutes under -race; KATAS_EXHAUSTIVE=1 runs it")
	}
	for _, p := range published {
		t.Run(p.strategy.String(), func(t *testing.T) {
			t.Parallel()
			st := textbookEvaluate(mastermind.Classic(), p.strategy, -1)
			assert.Equal(t, 1296, st.Games)
			assert.Equal(t, p.total, st.Total)
			assert.Equal(t, p.max, st.Max)
		})
	}
}

// TestEvaluateMatchesTextbook checks Evaluate against the textbook loop on smaller games,
// where that loop is quick, for every strategy.
func TestEvaluateMatchesTextbook(t *testing.T) {
	for _, r := range []mastermind.Rules{
		{Colors: 4, Width: 3, MaxTurns: 10},
		{Colors: 3, Width: 4, MaxTurns: 10},
		{Colors: 5, Width: 2, MaxTurns: 10},
		{Colors: 2, Width: 5, MaxTurns: 10},
		{Colors: 7, Width: 3, MaxTurns: 10},
	} {
		if solver.Quick() && r.Colors == 7 {
			t.Log("quick pass (KATAS_EXHAUSTIVE=1 runs it): 3x7, the largest, is left out (seconds under -race)")
			continue
		}
		for _, s := range solver.Strategies() {
			t.Run(fmt.Sprintf("%dx%d/%v", r.Width, r.Colors, s), func(t *testing.T) {
				want := textbookEvaluate(r, s, -1)
				got, err := solver.Evaluate(r, s)
				require.NoError(t, err)
				assert.Equal(t, want, got)
			})
		}
	}
}

func TestEvaluateOneColourAndOnePeg(t *testing.T) {
	st, err := solver.Evaluate(mastermind.Rules{Colors: 1, Width: 4, MaxTurns: 1}, solver.Knuth)
	require.NoError(t, err)
	assert.Equal(t, solver.Stats{Games: 1, Total: 1, Max: 1, Histogram: []int{0, 1}}, st)
	st, err = solver.Evaluate(mastermind.Rules{Colors: 6, Width: 1, MaxTurns: 6}, solver.Knuth)
	require.NoError(t, err)
	assert.Equal(t, solver.Stats{Games: 6, Total: 21, Max: 6, Histogram: []int{0, 1, 1, 1, 1, 1, 1}}, st)
}

func TestNewRefuses(t *testing.T) {
	tests := []struct {
		r   mastermind.Rules
		s   solver.Strategy
		err error
		msg string
	}{
		{mastermind.Rules{Colors: 6, Width: 6, MaxTurns: 10}, solver.Knuth, solver.ErrTooLarge, "solver: 6 colours and 6 pegs make 46656 codes, want at most 32768: game too large to solve"},
		{mastermind.Rules{Colors: 17, Width: 2, MaxTurns: 10}, solver.Knuth, solver.ErrTooLarge, "solver: 17 colours and 2 pegs, want at most 16 and 15: game too large to solve"},
		{mastermind.Rules{Colors: 1, Width: 16, MaxTurns: 10}, solver.Knuth, solver.ErrTooLarge, "solver: 1 colours and 16 pegs, want at most 16 and 15: game too large to solve"},
		{mastermind.Rules{Colors: 6, Width: 0, MaxTurns: 10}, solver.Knuth, mastermind.ErrInvalidRules, "mastermind: width 0, want 1 to 64: invalid rules"},
		{mastermind.Classic(), 0, solver.ErrUnknownStrategy, "solver: Strategy(0): unknown strategy"},
		{mastermind.Classic(), 9, solver.ErrUnknownStrategy, "solver: Strategy(9): unknown strategy"},
	}
	for _, tt := range tests {
		sv, err := solver.New(tt.r, tt.s)
		assert.Nil(t, sv)
		assert.ErrorIs(t, err, tt.err)
		assert.EqualError(t, err, tt.msg)
		_, err = solver.Evaluate(tt.r, tt.s)
		assert.ErrorIs(t, err, tt.err)
	}
	// The largest game it takes.
	_, err := solver.New(mastermind.Rules{Colors: 8, Width: 5, MaxTurns: 10}, solver.Knuth)
	assert.NoError(t, err)
}

func TestRecordRefusesAndChangesNothing(t *testing.T) {
	sv, err := solver.New(mastermind.Classic(), solver.Knuth)
	require.NoError(t, err)
	require.NoError(t, sv.Record(code("1 1 2 2"), mastermind.Feedback{Black: 1}))
	before := sv.Remaining()
	next, err := sv.Next()
	require.NoError(t, err)

	tests := []struct {
		guess mastermind.Code
		fb    mastermind.Feedback
		err   error
		msg   string
	}{
		{code("1 2 3 4"), mastermind.Feedback{Black: 3, White: 1}, solver.ErrImpossibleFeedback, "mastermind: 3 black and 1 white cannot happen: the last peg would be black too: impossible feedback"},
		{code("1 2 3 4"), mastermind.Feedback{Black: 2, White: 3}, solver.ErrImpossibleFeedback, "mastermind: 2 black and 3 white: more than 4 key pegs: impossible feedback"},
		{code("1 2 3 4"), mastermind.Feedback{Black: -1}, solver.ErrImpossibleFeedback, "mastermind: -1 black and 0 white: counts cannot be negative: impossible feedback"},
		// Counts whose sum overflows: once accepted as "no pegs", cutting 1296 secrets to 256.
		{code("1 1 2 2"), mastermind.Feedback{Black: math.MaxInt, White: 6}, solver.ErrImpossibleFeedback, "mastermind: 9223372036854775807 black and 6 white: more than 4 key pegs: impossible feedback"},
		// The winning feedback is checked like any other: 1 2 3 4 cannot be the secret.
		{code("1 2 3 4"), mastermind.Feedback{Black: 4}, solver.ErrInconsistent, `solver: no remaining secret gives "B B B B" to Red Green Blue Yellow: feedback contradicts earlier feedback`},
		{code("1 1 2 2"), mastermind.Feedback{Black: 2}, solver.ErrInconsistent, `solver: no remaining secret gives "B B" to Red Red Green Green: feedback contradicts earlier feedback`},
		{code("1 2 3"), mastermind.Feedback{}, mastermind.ErrGuessTooShort, "mastermind: guess has 3 pegs, want 4: guess too short"},
		{code("1 2 3 7"), mastermind.Feedback{}, mastermind.ErrInvalidPeg, "mastermind: guess peg 4 is colour 7, want 1 to 6: invalid peg in guess"},
	}
	for _, tt := range tests {
		err := sv.Record(tt.guess, tt.fb)
		assert.ErrorIs(t, err, tt.err)
		assert.EqualError(t, err, tt.msg)
		assert.Equal(t, before, sv.Remaining(), "a refused Record changed the solver")
		again, err := sv.Next()
		require.NoError(t, err)
		assert.Equal(t, next, again)
	}
}

func TestZeroSolver(t *testing.T) {
	var s solver.Solver
	_, err := s.Next()
	assert.ErrorIs(t, err, solver.ErrNoGame)
	assert.EqualError(t, err, "solver: the zero Solver has no game; make one with New: solver not made by New")
	assert.ErrorIs(t, s.Record(code("1 2 3 4"), mastermind.Feedback{}), solver.ErrNoGame)
	_, err = s.Possible(code("1 2 3 4"))
	assert.ErrorIs(t, err, solver.ErrNoGame)
	assert.Equal(t, 0, s.Remaining())
	assert.Empty(t, s.Candidates(10))
}

func TestCoachHelpers(t *testing.T) {
	secret := code("Red Green Blue Yellow")
	sv, err := solver.New(mastermind.Classic(), solver.Knuth)
	require.NoError(t, err)
	assert.Equal(t, 1296, sv.Remaining())
	var board []mastermind.Turn
	for _, g := range []string{"1 1 2 2", "1 3 4 4"} {
		fb, _ := mastermind.Score(secret, code(g))
		require.NoError(t, sv.Record(code(g), fb))
		board = append(board, mastermind.Turn{Guess: code(g), Feedback: fb})
	}
	ok, err := sv.Possible(secret)
	require.NoError(t, err)
	assert.True(t, ok, "the secret is always possible")

	// Possible, Candidates and Consistent agree on every code, and the count is Remaining.
	n := 0
	for _, c := range allCodes(mastermind.Classic()) {
		p, err := sv.Possible(c)
		require.NoError(t, err)
		cons, err := mastermind.Consistent(mastermind.Classic(), board, c)
		require.NoError(t, err)
		require.Equal(t, cons, p, "%v", c)
		if p {
			n++
		}
	}
	assert.Equal(t, sv.Remaining(), n)
	cands := sv.Candidates(1000)
	assert.Len(t, cands, n)
	assert.Contains(t, cands, secret)
	assert.Len(t, sv.Candidates(2), 2)
	assert.Empty(t, sv.Candidates(-1))

	_, err = sv.Possible(code("1 2 3"))
	assert.ErrorIs(t, err, mastermind.ErrGuessTooShort)

}

func TestStrategyNames(t *testing.T) {
	for _, s := range solver.Strategies() {
		got, err := solver.ParseStrategy(s.String())
		require.NoError(t, err)
		assert.Equal(t, s, got)
	}
	got, err := solver.ParseStrategy("knuth")
	assert.NoError(t, err)
	assert.Equal(t, solver.Knuth, got)
	_, err = solver.ParseStrategy("random")
	assert.True(t, errors.Is(err, solver.ErrUnknownStrategy))
}

// TestAnOptimalSearchAnswers: Next answers a game whose optimal search would run for hours at
// once, with an error that says what to do; NextContext searches it as long as its context
// lets it, stops when the context ends, and leaves the Solver able to search again.
func TestAnOptimalSearchAnswers(t *testing.T) {
	t.Parallel()
	for _, r := range []mastermind.Rules{{Colors: 10, Width: 4, MaxTurns: 12}, {Colors: 2, Width: 15, MaxTurns: 30}} {
		s, err := solver.New(r, solver.Optimal)
		require.NoError(t, err)
		done := make(chan error, 1)
		go func() { _, err := s.Next(); done <- err }()
		select {
		case err := <-done:
			require.ErrorIs(t, err, solver.ErrBeyondSearch)
			assert.ErrorContains(t, err, "play a heuristic strategy (Knuth) until at most 1,296 remain, or give NextContext a deadline")
		case <-time.After(10 * time.Second): // a bound on a hang, not a measure of speed
			t.Fatalf("%+v: Next searched on", r)
		}
	}

	s, err := solver.New(mastermind.Rules{Colors: 10, Width: 4, MaxTurns: 12}, solver.Optimal)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err = s.NextContext(ctx)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.ErrorContains(t, err, "the search of 10,000 secrets left stopped")

	// Narrowed to a set the search finishes, the same Solver answers, as a fresh one does.
	secret := mastermind.Code{3, 9, 1, 7}
	var played []mastermind.Code
	for s.Remaining() > 40 { // a search of a few seconds at 150, many under -race
		g := s.Candidates(1)[0]
		fb, _ := mastermind.Score(secret, g)
		require.NoError(t, s.Record(g, fb))
		played = append(played, g)
	}
	got, err := s.NextContext(context.Background())
	require.NoError(t, err)
	fresh, _ := solver.New(mastermind.Rules{Colors: 10, Width: 4, MaxTurns: 12}, solver.Optimal)
	for _, g := range played {
		fb, _ := mastermind.Score(secret, g)
		require.NoError(t, fresh.Record(g, fb))
	}
	want, err := fresh.Next()
	require.NoError(t, err)
	assert.Equal(t, want, got)
}
