package solver

import (
	"fmt"
	"math"
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
		{mastermind.Classic(), true, 0},
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
		if g.all && Quick() && sp.n > 1000 {
			t.Logf("quick pass (KATAS_EXHAUSTIVE=1 runs it): %dx%d, %d codes, by 100,000 pairs rather than all", g.r.Width, g.r.Colors, sp.n)
			g.all, g.size = false, 100_000
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

// TestSplitCostsAreScores holds each strategy's split, which scores inline, to
// mastermind.Score: the cost it gives a guess is the cost of the groups Score makes, on sets
// of secrets small (counted sparsely) and large (counted densely); and it gives up on a limit
// the cost does not beat, but not on one it does.
func TestSplitCostsAreScores(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for _, r := range []mastermind.Rules{
		mastermind.Classic(),
		{Colors: 16, Width: 3, MaxTurns: 9},
		{Colors: 2, Width: 15, MaxTurns: 9},
		{Colors: 8, Width: 5, MaxTurns: 9},
	} {
		sp, err := newSpace(r)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range Strategies() {
			se := newSearcher(sp, s)
			for _, size := range []int{3, 40, 300, 2000} {
				rem := make([]int32, 0, size)
				for _, c := range rng.Perm(sp.n)[:min(size, sp.n)] {
					rem = append(rem, int32(c))
				}
				g := rng.Int32N(int32(sp.n))
				counts := make([]int, sp.feedbacks())
				for _, c := range rem {
					counts[scoreIndex(t, sp, g, c)]++
				}
				var want float64
				for _, k := range counts {
					switch s {
					case Knuth:
						want = max(want, float64(k))
					case MostParts:
						if k > 0 {
							want--
						}
					case ExpectedSize:
						want += float64(k * k)
					case Entropy:
						if k > 1 {
							want += float64(k) * math.Log2(float64(k))
						}
					}
				}
				var sec secrets
				sp.gather(rem, &sec)
				what := fmt.Sprintf("%v, %dx%d, %d secrets", s, r.Width, r.Colors, len(rem))
				got, ok := se.split(se.tally, g, sec, noLimit)
				se.tally.reset()
				if !ok || math.Abs(got-want) > 1e-9*max(1, want) {
					t.Fatalf("%s: split = %v, %v; from Score %v", what, got, ok, want)
				}
				if _, ok := se.split(se.tally, g, sec, want+1); !ok {
					t.Errorf("%s: gave up on a limit of %v, above its cost %v", what, want+1, want)
				}
				se.tally.reset()
				if _, ok := se.split(se.tally, g, sec, want-1); ok {
					t.Errorf("%s: did not give up on a limit of %v, below its cost %v", what, want-1, want)
				}
				se.tally.reset()
				// A cost must beat the limit strictly; Entropy's cut-off leaves a margin for
				// rounding, and compare calls costs that close a tie.
				if _, ok := se.split(se.tally, g, sec, want); ok && s != Entropy {
					t.Errorf("%s: did not give up on a limit of %v, its cost", what, want)
				}
				se.tally.reset()
				// The scratch is clean after each: the same split again gives the same cost.
				if again, _ := se.split(se.tally, g, sec, noLimit); again != got {
					t.Fatalf("%s: split again = %v, first %v", what, again, got)
				}
				se.tally.reset()
			}
		}
	}
}
