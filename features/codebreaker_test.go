package features_test

import (
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/cucumber/godog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/features"
	"github.com/deliberate-practice/katas/internal/engine"
	codebreakerkata "github.com/deliberate-practice/katas/internal/kata/codebreaker"
	"github.com/deliberate-practice/katas/internal/kit"
	"github.com/deliberate-practice/katas/internal/step"
	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/mastermind/solver"
)

// codeBreakerKata is the code-breaker kata against the breakers newBreaker makes, each call
// into one allowed limit (0: no limit).
func codeBreakerKata(newBreaker features.NewCodeBreaker, limit time.Duration) kata {
	return kata{codebreakerkata.Kata(features.Files()), func(sc *godog.ScenarioContext) {
		codebreakerkata.InitializeWithin(sc, func(colors, width, turns int) (codebreakerkata.Breaker, error) {
			b, err := newBreaker(colors, width, turns)
			return b, err
		}, limit)
	}}
}

// strategy makes breakers of this module's solver, of a strategy.
func strategy(s solver.Strategy) features.NewCodeBreaker {
	return func(colors, width, turns int) (features.CodeBreaker, error) {
		sv, err := solver.New(mastermind.Rules{Colors: colors, Width: width, MaxTurns: turns}, s)
		if err != nil {
			return nil, err
		}
		return &breaker{s: sv}, nil
	}
}

// firstPossible is the breaker that guesses the first code, in order, that could still be the
// secret: the breaker people write first.
type firstPossible struct {
	rules mastermind.Rules
	board []mastermind.Turn
	last  mastermind.Code
}

func newFirstPossible(colors, width, turns int) (features.CodeBreaker, error) {
	return &firstPossible{rules: mastermind.Rules{Colors: colors, Width: width, MaxTurns: turns}}, nil
}

func (b *firstPossible) Guess() ([]int, error) {
	c := make(mastermind.Code, b.rules.Width)
	for i := range c {
		c[i] = 1
	}
	for ok, _ := mastermind.Consistent(b.rules, b.board, c); !ok; ok, _ = mastermind.Consistent(b.rules, b.board, c) {
		i := len(c) - 1
		for i > 0 && int(c[i]) == b.rules.Colors {
			c[i] = 1
			i--
		}
		c[i]++
	}
	b.last = c
	out := make([]int, len(c))
	for i, p := range c {
		out[i] = int(p)
	}
	return out, nil
}

func (b *firstPossible) Feedback(black, white int, grade string) error {
	b.board = append(b.board, mastermind.Turn{Guess: b.last, Feedback: mastermind.Feedback{Black: black, White: white}})
	return nil
}

// faulty is a right breaker (the optimal one) but for one fault, from the nth guess of each game.
type faulty struct {
	features.CodeBreaker
	fault   string
	n, made int
	block   chan struct{}
}

func (w *faulty) Guess() ([]int, error) {
	g, err := w.CodeBreaker.Guess()
	if w.made++; w.made < w.n {
		return g, err
	}
	switch w.fault {
	case "hang":
		<-w.block
	case "repeat":
		return []int{1, 1, 1, 1}[:len(g)], nil
	case "wide":
		return append(g, 1), nil
	case "colour":
		return append([]int{99}, g[1:]...), nil
	case "panic":
		panic("the breaker's bug")
	case "error":
		return nil, errors.New("no idea")
	}
	return g, err
}

func (w *faulty) Feedback(black, white int, grade string) error {
	if w.fault == "lost" && grade == "lost" {
		return errors.New("a game lost is not mine")
	}
	if w.fault == "repeat" && w.made >= w.n {
		return nil // it learns nothing
	}
	return w.CodeBreaker.Feedback(black, white, grade)
}

// TestTheLevelsGradeTheClassicStrategies: each strategy of the solver, and the breaker that
// guesses the first code still possible, passes the levels its total reaches and fails the
// others, saying by how much; the screen's grade is its total, beside the marks.
func TestTheLevelsGradeTheClassicStrategies(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		make   features.NewCodeBreaker
		failed []string
		says   string
	}{
		{"the optimum", strategy(solver.Optimal), nil, ""},
		{"Knuth", strategy(solver.Knuth), []string{"Breaking codes/The optimum"}, "5,801 guesses in all, 176 more than 5,625"},
		{"the first code still possible", newFirstPossible, []string{"Breaking codes/Knuth's level", "Breaking codes/The optimum"}, "7,471 guesses in all, 1,670 more than 5,801"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			k := codeBreakerKata(tt.make, 0)
			assert.Equal(t, tt.failed, failing(t, k), "%s: the levels it fails", tt.name)
			if tt.says != "" {
				r := k.run(scenario(t, k, tt.failed[0]))
				assert.Contains(t, r.Text, tt.says)
				assert.Contains(t, r.Text, "To play it again, a row of the outline of games to play again: | 6 | 4 | 12 |")
			}
		})
	}
	k := codeBreakerKata(strategy(solver.Knuth), 0)
	r := k.run(scenario(t, k, "Breaking codes/Every classic secret, broken"))
	require.NotNil(t, r.Grade)
	assert.Equal(t, []int{5801, 5, 1296}, []int{r.Grade.Total, r.Grade.Worst, r.Grade.Games})
	assert.Equal(t, "Graded: 5,801 guesses, 4.476 a game, 5 at worst; Knuth 5,801, the optimum 5,625\n"+
		"Level reached: @knuth. Next, @optimal: 176 guesses to save, for 5,625 in all.", r.Grade.Line)
}

// runAll plays every scenario the options choose in one run of the kata, as the kit does,
// and returns how it went.
func runAll(t *testing.T, k kata, opts engine.Options) engine.Outcome {
	t.Helper()
	run, err := engine.Start(t.Context(), k.Kata, opts, engine.Front{})
	require.NoError(t, err)
	impl := kit.InProcess(k.steps)
	for s, notRun := range run.Scenarios() {
		if notRun != "" {
			run.Skip(s)
			continue
		}
		run.Play(s, impl)
	}
	return run.Outcome()
}

// TestARunPlaysTheClassicGameOnce: however many levels a run grades, its 1,296 games are
// played once, and every level grades that play: one total, the same in each.
func TestARunPlaysTheClassicGameOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a whole run of the code breaker, seconds under the race detector; the plain pass runs it")
	}
	t.Parallel()
	var mu sync.Mutex
	classic := 0
	counting := func(colors, width, turns int) (features.CodeBreaker, error) {
		if colors == 6 && width == 4 && turns == 12 {
			mu.Lock()
			classic++
			mu.Unlock()
		}
		return strategy(solver.Knuth)(colors, width, turns)
	}
	o := runAll(t, codeBreakerKata(counting, 0), engine.Options{})
	assert.Equal(t, 1296+2, classic, "every classic secret once, and the two games to play again")
	var grades []step.Grade
	for _, r := range o.Results {
		if r.Grade != nil {
			grades = append(grades, *r.Grade)
		}
	}
	require.Len(t, grades, 3, "each level is graded")
	assert.Equal(t, grades[0], grades[1])
	assert.Equal(t, grades[0], grades[2])
	assert.Equal(t, 5801, grades[0].Total)
}

// nthCode is the n-th code of the rules, from 0, in order: 1 1 1 1, 1 1 1 2, …
func nthCode(r mastermind.Rules, n int) []int {
	out := make([]int, r.Width)
	for i := r.Width - 1; i >= 0; i-- {
		out[i] = n%r.Colors + 1
		n /= r.Colors
	}
	return out
}

// counted is a breaker that cheats by counting: it takes the order of the New calls for the
// order of the secrets, guesses the code of its place, and never learns.
type counted struct{ guess []int }

func (c counted) Guess() ([]int, error)           { return c.guess, nil }
func (c counted) Feedback(int, int, string) error { return nil }

// TestABreakerThatCountsNewEarnsNoLevel: the k-th New call's breaker guesses the k-th code
// for ever. The code maker deals the secrets in an order of the run's seed, so that it breaks
// about one secret in 1,296 and reaches no level.
func TestABreakerThatCountsNewEarnsNoLevel(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: 15,552 guesses of a breaker that never learns, seconds under the race detector; the plain pass runs it")
	}
	t.Parallel()
	var mu sync.Mutex
	calls := 0
	cheat := func(colors, width, turns int) (features.CodeBreaker, error) {
		mu.Lock()
		defer mu.Unlock()
		r := mastermind.Rules{Colors: colors, Width: width, MaxTurns: turns}
		calls++
		return counted{nthCode(r, (calls-1)%1296)}, nil
	}
	o := runAll(t, codeBreakerKata(cheat, 0), engine.Options{Tags: "@classic,@knuth,@optimal"})
	require.Len(t, o.Results, 3)
	for _, r := range o.Results {
		assert.False(t, r.Passed(), "%s: passed", r.Scenario)
		if r.Grade != nil {
			assert.Greater(t, r.Grade.Total, 5625*2, "%s", r.Scenario)
		}
	}
}

// TestEveryWrongBreakerFails: a breaker that hangs, repeats a guess, guesses what is no code of
// the game, crashes, errs, or fails to be told it lost, fails the scenarios that meet it,
// saying what it did; the right breaker it is made from passes them.
func TestEveryWrongBreakerFails(t *testing.T) {
	t.Parallel()
	const small = "Breaking codes/Every secret of a small game/row 2"
	for _, tt := range []struct {
		fault    string
		scenario string
		says     []string
	}{
		{"hang", small, []string{"Guess did not return within 50ms"}},
		{"repeat", small, []string{`(it guessed "1 1" 3 times: a guess scores the same each time, and tells nothing new)`, "| 3 | 2 | 4 | 1 3 | 4 |"}},
		{"wide", small, []string{`the breaker guessed`, `3 pegs: want 2 pegs of colours 1 to 3`}},
		{"colour", small, []string{`peg 1, 99, is not a colour of the game; want 2 pegs of colours 1 to 3`}},
		{"panic", small, []string{`Guess panicked: "the breaker's bug"`, ", after ", " → ", "To play it again, a row of the outline of games to play again: | 3 | 2 | 4 | "}},
		{"error", small, []string{`the breaker's Guess failed: "no idea", after `, "To play it again, a row of the outline of games to play again: | 3 | 2 | 4 | "}},
		{"lost", "Breaking codes/A game with no attempts left is lost", []string{`the breaker's Feedback failed: "a game lost is not mine"`}},
	} {
		t.Run(tt.fault, func(t *testing.T) {
			t.Parallel()
			block := make(chan struct{})
			defer close(block)
			faults := func(colors, width, turns int) (features.CodeBreaker, error) {
				b, err := newBreaker(colors, width, turns)
				return &faulty{CodeBreaker: b, fault: tt.fault, n: 2, block: block}, err
			}
			limit := time.Duration(0)
			if tt.fault == "hang" {
				limit = 50 * time.Millisecond
			}
			k := codeBreakerKata(faults, limit)
			r := k.run(scenario(t, k, tt.scenario))
			require.False(t, r.Passed(), "%s passed", tt.fault)
			for _, w := range tt.says {
				assert.Contains(t, r.Text, w, tt.fault)
			}
			assert.Less(t, len(r.Text), 4000, "what a failure shows is bounded")
		})
	}
	right := codeBreakerKata(newBreaker, 0)
	assert.Empty(t, failing(t, right, "Every secret of a small game", "A game with no attempts left is lost"))
}

// TestABreakerThatIsNotWrittenYetFailsWhereItIsCalled: the starting point's breaker, every
// call "not implemented", fails each scenario at the step that plays, saying so.
func TestABreakerThatIsNotWrittenYetFailsWhereItIsCalled(t *testing.T) {
	t.Parallel()
	k := codeBreakerKata(func(int, int, int) (features.CodeBreaker, error) { return notWritten{}, nil }, 0)
	all := k.scenarios()
	assert.Len(t, failing(t, k), len(all))
	f, _ := k.run(scenario(t, k, "Breaking codes/Every classic secret, broken")).Failure()
	assert.Equal(t, "When the breaker breaks every secret", f.Step)
	assert.Equal(t, "Guess is not implemented yet", f.Cause)
	assert.Contains(t, f.Err, "(and 1,295 more games)")
	for _, s := range all {
		assert.True(t, slices.ContainsFunc(s.Steps, func(st engine.Step) bool { return st.Keyword == "When" }), "%s plays", s)
	}
}

// notWritten is the starting point's breaker.
type notWritten struct{}

func (notWritten) Guess() ([]int, error)           { return nil, features.ErrNotImplemented }
func (notWritten) Feedback(int, int, string) error { return features.ErrNotImplemented }
