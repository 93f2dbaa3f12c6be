package codebreaker

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/step"
	"github.com/deliberate-practice/katas/internal/verdict"
	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/mastermind/solver"
)

// TestTheDealIsDrawnFromTheSeed: every secret once, in an order the seed draws and replays,
// and which neither a game's number nor its place gives away.
func TestTheDealIsDrawnFromTheSeed(t *testing.T) {
	r := mastermind.Classic()
	every := everySecret(r)
	a, b, c := deal(r, 7), deal(r, 7), deal(r, 8)
	assert.Equal(t, a, b, "the same seed deals the same")
	assert.NotEqual(t, a, c, "another seed, another deal")
	assert.ElementsMatch(t, every, a, "every secret, once")
	same := 0
	for i := range a {
		if a[i].Equal(every[i]) {
			same++
		}
	}
	assert.Less(t, same, 10, "game n's secret is the n-th code about once in 1,296 deals")
	for i, s := range every {
		assert.Equal(t, i, indexOf(r, s), "the index of %v", s)
	}
}

// playWith plays every secret of the rules, dealt from seed, at the table t, and returns the
// games in the order of the secrets, as the step judges them.
func playWith(t *testing.T, r mastermind.Rules, seed uint64, tb table) []*game {
	t.Helper()
	games, err := newGames(r, deal(r, seed))
	require.NoError(t, err)
	require.NoError(t, playAll(tb, games, nil))
	slices.SortFunc(games, func(a, b *game) int { return a.index - b.index })
	return games
}

// strategyTable is the table of breakers of a strategy of the solver, in process.
func strategyTable(s solver.Strategy) table {
	return inProcess(func(colors, width, turns int) (Breaker, error) {
		sv, err := solver.New(mastermind.Rules{Colors: colors, Width: width, MaxTurns: turns}, s)
		return &solverBreaker{s: sv}, err
	}, 0)
}

// solverBreaker is a breaker of the solver's.
type solverBreaker struct {
	s    *solver.Solver
	last mastermind.Code
}

func (b *solverBreaker) Guess() ([]int, error) {
	g, err := b.s.Next()
	b.last = g
	out := make([]int, len(g))
	for i, p := range g {
		out[i] = int(p)
	}
	return out, err
}

func (b *solverBreaker) Feedback(black, white int, grade string) error {
	if grade != "continue" {
		return nil
	}
	return b.s.Record(b.last, mastermind.Feedback{Black: black, White: white})
}

// randomConsistent is an honest breaker that guesses, at random, a code that could still be
// the secret.
type randomConsistent struct {
	rules mastermind.Rules
	rng   *rand.Rand
	left  []mastermind.Code
	last  mastermind.Code
}

func (b *randomConsistent) Guess() ([]int, error) {
	b.last = b.left[b.rng.IntN(len(b.left))]
	out := make([]int, len(b.last))
	for i, p := range b.last {
		out[i] = int(p)
	}
	return out, nil
}

func (b *randomConsistent) Feedback(black, white int, grade string) error {
	var left []mastermind.Code
	for _, c := range b.left {
		if f, _ := mastermind.Score(c, b.last); f.Black == black && f.White == white {
			left = append(left, c)
		}
	}
	b.left = left
	return nil
}

// knowing is a table whose breakers know each game's secret in the games known picks, and
// play a strategy of the solver in the others: the cheat the judge looks for.
func knowingTable(s solver.Strategy, known func(*game) bool) table {
	honest := strategyTable(s)
	return func(rd round) (func() ([]answer, error), error) {
		await, err := honest(rd)
		if err != nil {
			return nil, err
		}
		return func() ([]answer, error) {
			answers, err := await()
			if err != nil {
				return nil, err
			}
			for i, m := range rd.moves {
				if m.ask && known(m.game) {
					out := make([]int, len(m.game.secret))
					for j, p := range m.game.secret {
						out[j] = int(p)
					}
					answers[i].guess = out
				}
			}
			return answers, nil
		}, nil
	}
}

// TestHonestBreakersAreNotTakenForKnowing: the solver's strategies, whose guesses follow from
// the feedback, break exactly as many secrets as chance gives, and breakers that guess at
// random among the codes still possible are never refused, over many deals and games.
func TestHonestBreakersAreNotTakenForKnowing(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: plays every classic secret eleven times, which takes seconds, and minutes under the race detector; the plain pass runs it")
	}
	r := mastermind.Classic()
	for _, s := range []solver.Strategy{solver.Knuth, solver.Optimal} {
		games := playWith(t, r, 1, strategyTable(s))
		l := luckOf(r, games)
		assert.False(t, l.varies, "%v: its guesses follow from the feedback", s)
		assert.InDelta(t, float64(l.broken), l.expected, 1e-6, "%v: a strategy breaks exactly what chance gives", s)
		assert.NoError(t, knew(r, games), "%v", s)
	}
	for _, rules := range []mastermind.Rules{r, {Colors: 2, Width: 2, MaxTurns: 3}, {Colors: 3, Width: 3, MaxTurns: 5}, {Colors: 4, Width: 3, MaxTurns: 64}} {
		for seed := range uint64(4) {
			rng := rand.New(rand.NewPCG(seed, 1))
			tb := inProcess(func(colors, width, turns int) (Breaker, error) {
				return &randomConsistent{rules: rules, rng: rng, left: everySecret(rules)}, nil
			}, 0)
			games := playWith(t, rules, seed+100, tb)
			l := luckOf(rules, games)
			assert.True(t, l.varies || len(games) < 10, "%v: a random breaker's guesses vary", rules)
			assert.NoError(t, knew(rules, games), "%v, seed %d: broke %d, chance %.1f, allowed %.1f more", rules, seed, l.broken, l.expected, l.allowance())
		}
	}
}

// TestABreakerThatKnowsIsRefused: a breaker that knows the secrets — all of them, or a third,
// playing Knuth's strategy in the rest — is refused as knowing what it could not have known,
// however few guesses it saves; so is one that comes under the optimum by knowing a few.
func TestABreakerThatKnowsIsRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: plays every classic secret three times, which takes seconds, and minutes under the race detector; the plain pass runs it")
	}
	r := mastermind.Classic()
	for name, known := range map[string]func(*game) bool{
		"every secret": func(*game) bool { return true },
		"a third":      func(g *game) bool { return g.index%3 == 0 },
	} {
		games := playWith(t, r, 5, knowingTable(solver.Knuth, known))
		err := knew(r, games)
		require.Error(t, err, name)
		assert.True(t, isKnowing(err), name)
		var se *step.Error
		require.True(t, errors.As(err, &se), name)
		assert.Contains(t, se.Cause, "the breaker knew what it could not have known: its guesses broke 1,296 secrets, where by what each game had been told chance breaks", name)
		assert.Equal(t, "the 1,296 secrets of 6 colours, 4 pegs and 12 turns", se.About)
	}

	// The optimum's breaker that knows the secrets of a few games takes a few guesses
	// fewer than the optimum: too few breaks beyond chance to tell, but under the optimum.
	few := func(g *game) bool { return g.index%97 == 0 }
	games := playWith(t, r, 5, knowingTable(solver.Optimal, few))
	total := 0
	for _, g := range games {
		total += g.guesses()
	}
	require.Less(t, total, optimalTotal)
	l := luckOf(r, games)
	require.LessOrEqual(t, float64(l.broken)-l.expected, l.allowance(), "within chance's allowance")
	err := knew(r, games)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "fewer than the optimum's 5,625, which no breaker takes by what it is told")
	assert.Contains(t, err.Error(), "break ties by a rule", "its guesses vary: the message says what a random tie-break does")

	// Not the classic game: no optimum to hold it to, only chance.
	small := mastermind.Rules{Colors: 3, Width: 3, MaxTurns: 5}
	assert.NoError(t, knew(small, playWith(t, small, 5, knowingTable(solver.Optimal, few))))
}

// TestTheLeastAMarkCanBe: the scale's least for a whole mark is the optimum, which the
// solver reproduces, and with no secret past 5 guesses the solver's 5,626; for fewer games, the
// information bound, 1 game in 1 guess, 13 more in 2, 169 in 3; and a forged mark is refused.
func TestTheLeastAMarkCanBe(t *testing.T) {
	s := Scale()
	opt, err := solver.Evaluate(mastermind.Classic(), solver.Optimal)
	require.NoError(t, err)
	assert.Equal(t, opt.Total, s.Least(classicSecrets, opt.Max), "the optimum")
	within5, err := solver.Evaluate(mastermind.Classic(), solver.OptimalWithin(5))
	require.NoError(t, err)
	assert.Equal(t, within5.Total, s.Least(classicSecrets, 5), "the optimum within 5")
	assert.Equal(t, verdict.Unreachable, s.Least(classicSecrets, 4), "no strategy breaks every secret within 4")
	for games, least := range map[int]int{1: 1, 2: 3, 14: 27, 15: 30, 138: 1 + 13*2 + 124*3, 1295: 1 + 13*2 + 169*3 + 1112*4} {
		assert.Equal(t, least, s.Least(games, 12), "%d games", games)
	}
	assert.Equal(t, verdict.Unreachable, s.Least(15, 2), "15 games within 2 guesses each")
	assert.Less(t, leastGuesses(mastermind.Classic(), classicSecrets, 12), optimalTotal, "the information bound is below the optimum")
	for _, m := range []verdict.Mark{markOf(5801, 5, 1296), markOf(5625, 6, 1296), markOf(5626, 5, 1296), markOf(516, 4, 138), markOf(7471, 9, 1296)} {
		assert.NoError(t, s.Check(m), "%+v", m)
	}
	for _, m := range []verdict.Mark{markOf(1296, 1, 1296), markOf(5624, 6, 1296), markOf(5625, 5, 1296), markOf(5900, 4, 1296),
		markOf(6000, 1000, 1296), markOf(6000, 13, 1296), markOf(6000, 5, 1297), markOf(300, 4, 138), markOf(30, 2, 15)} {
		assert.ErrorIs(t, s.Check(m), verdict.ErrNoSuchMark, "%+v", m)
	}
}

// markOf is a mark.
func markOf(total, worst, games int) verdict.Mark {
	return verdict.Mark{Total: total, Worst: worst, Games: games}
}

// TestALongPlaySaysHowFarItHasCome: a play of many games, a second or more under way, tells
// the run how many games are broken, the round, the guesses and their rate, and the time left
// at that rate; a short play, or one of a few games, tells nothing.
func TestALongPlaySaysHowFarItHasCome(t *testing.T) {
	var lines []string
	run := step.NewRun(1, false, func(l string) { lines = append(lines, l) })
	tl := &tally{run: run, start: time.Now().Add(-2 * time.Second), games: 1296, guesses: 2591, over: 14, overGuesses: 27}
	tl.show(409)
	require.Len(t, lines, 1)
	assert.Regexp(t, `^14 of 1,296 games broken · 3,000 guesses, 1,\d\d\d/s · about \d s left$`, lines[0])
	assert.LessOrEqual(t, len([]rune("  1,296 of 1,296 games broken · 99,999 guesses, 99,999/s · about 59 min left")), 79, "a line fits 80 columns")

	for _, quiet := range []*tally{
		{run: run, start: time.Now(), games: 1296},                            // under a second
		{run: run, start: time.Now().Add(-time.Minute), games: 64},            // a few games
		{run: nil, start: time.Now().Add(-time.Minute), games: 1296, over: 1}, // nowhere to tell
	} {
		lines = nil
		quiet.show(10)
		assert.Empty(t, lines)
	}
}

// TestAPlayThatIsNoStrategyReachesNoLevel: a play whose games told the same guessed apart —
// here Knuth's, but for a few games whose secrets it knew, too few for chance to tell — comes
// to fewer guesses than Knuth's, and reaches no level above @classic, saying which games; its
// grade keeps no mark. Knuth's own play reaches @knuth.
func TestAPlayThatIsNoStrategyReachesNoLevel(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: plays every classic secret twice, which takes seconds under the race detector; the plain pass runs it")
	}
	r := mastermind.Classic()
	few := func(g *game) bool { return g.index%97 == 0 }
	for name, tt := range map[string]struct {
		tb     table
		strats bool
	}{"knowing a few": {knowingTable(solver.Knuth, few), false}, "Knuth's": {strategyTable(solver.Knuth), true}} {
		games := playWith(t, r, 9, tt.tb)
		l := luckOf(r, games)
		require.NoError(t, l.knew(r, games), "%s: within chance, and over the optimum", name)
		s := &breakerScenario{rules: r, ruled: true, games: games, played: true, apart: l.apart}
		err := s.theyShouldTakeAtMostInAll(knuthTotal, "Knuth's")
		g, ok := s.grade(nil)
		require.True(t, ok)
		if tt.strats {
			assert.NoError(t, err, name)
			assert.False(t, g.Unmarked, name)
			assert.Contains(t, g.Line, "Level reached: @knuth.", name)
			continue
		}
		require.Error(t, err, name)
		assert.Regexp(t, `guesses in all, but no strategy's: games \d+ and \d+, told the same \(.*\), guessed "[1-6 ]+" and "[1-6 ]+"`, err.Error(), name)
		assert.True(t, g.Unmarked, "%s: no mark", name)
		assert.Contains(t, g.Line, "Level reached: @classic. Above it, the same feedback must get the same guess.", name)
	}
}
