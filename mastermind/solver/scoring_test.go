package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/deliberate-practice/katas/mastermind"
)

// scoreIndex is the feedback index mastermind.Score gives, the reference every packed scorer
// in the package is held to.
func scoreIndex(t *testing.T, sp *space, a, b int32) int {
	t.Helper()
	f, err := mastermind.Score(sp.code(a), sp.code(b))
	if err != nil {
		t.Fatal(err)
	}
	i, err := sp.indexOf(f)
	if err != nil {
		t.Fatalf("Score(%v, %v) = %v: %v", sp.code(a), sp.code(b), f, err)
	}
	return i
}

// TestPackedScoreIsScore holds space.score, the packed scorer Evaluate uses, to
// mastermind.Score: over every pair of codes of small games, and over random pairs at the
// extremes the solver takes (16 colours of 3 pegs, 2 colours of 15, 5 pegs of 8 colours).
func TestPackedScoreIsScore(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 2))
	for _, g := range []struct {
		r    mastermind.Rules
		all  bool
		size int // random pairs when not all
	}{
		{mastermind.Classic, true, 0},
		{mastermind.Rules{Colors: 3, Width: 5, MaxTurns: 9}, true, 0},
		{mastermind.Rules{Colors: 16, Width: 2, MaxTurns: 9}, true, 0},
		{mastermind.Rules{Colors: 1, Width: 1, MaxTurns: 9}, true, 0},
		{mastermind.Rules{Colors: 16, Width: 3, MaxTurns: 9}, false, 100_000},
		{mastermind.Rules{Colors: 2, Width: 15, MaxTurns: 9}, false, 100_000},
		{mastermind.Rules{Colors: 8, Width: 5, MaxTurns: 9}, false, 100_000},
	} {
		sp, err := newSpace(g.r)
		if err != nil {
			t.Fatal(err)
		}
		check := func(a, b int32) {
			if got, want := sp.score(a, b), scoreIndex(t, sp, a, b); got != want {
				t.Fatalf("%dx%d: packed score of %v and %v is %d, Score says %d", g.r.Width, g.r.Colors, sp.code(a), sp.code(b), got, want)
			}
		}
		if g.all {
			for a := range int32(sp.n) {
				for b := range int32(sp.n) {
					check(a, b)
				}
			}
			continue
		}
		for range g.size {
			check(rng.Int32N(int32(sp.n)), rng.Int32N(int32(sp.n)))
		}
	}
}

// TestSplitCountsAreScores holds each strategy's split loop, which scores inline, to
// mastermind.Score: the groups it counts for a guess are the feedbacks Score gives, on sets
// of secrets small (counted sparsely) and large (counted densely).
func TestSplitCountsAreScores(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for _, r := range []mastermind.Rules{
		mastermind.Classic,
		{Colors: 16, Width: 3, MaxTurns: 9},
		{Colors: 2, Width: 15, MaxTurns: 9},
	} {
		sp, err := newSpace(r)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range Strategies() {
			se := newSearcher(sp, s)
			for _, size := range []int{3, 40, 2000} {
				rem := make([]int32, 0, size)
				for _, c := range rng.Perm(sp.n)[:min(size, sp.n)] {
					rem = append(rem, int32(c))
				}
				g := rng.Int32N(int32(sp.n))
				var sec secrets
				sp.gather(rem, &sec)
				if _, ok := se.split(se.tally, g, sec, noLimit); !ok {
					t.Fatalf("%v: a split with no limit gave up", s)
				}
				want := make([]int32, sp.feedbacks())
				for _, c := range rem {
					want[scoreIndex(t, sp, g, c)]++
				}
				for f := range want {
					if se.tally.counts[f] != want[f] {
						t.Fatalf("%v, %dx%d, %d secrets: %d got feedback %d, Score says %d", s, r.Width, r.Colors, len(rem), se.tally.counts[f], f, want[f])
					}
				}
				se.tally.reset()
				for f, c := range se.tally.counts {
					if c != 0 {
						t.Fatalf("%v: reset left %d in feedback %d", s, c, f)
					}
				}
			}
		}
	}
}
