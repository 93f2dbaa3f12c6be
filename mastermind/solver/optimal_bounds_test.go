package solver

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/deliberate-practice/katas/mastermind"
)

// TestLookaheadIsTheLeastRating holds lookahead to the least rating of any code, worked out
// here a code at a time from the scores: for random sets, caps, depths and limits, the same
// when it is at most the limit, and past the limit when it is not.
func TestLookaheadIsTheLeastRating(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 8))
	rounds := 40
	if Quick() {
		rounds = 5 // the race pass: KATAS_EXHAUSTIVE=1 runs it
	}
	for _, r := range []mastermind.Rules{mastermind.Classic(), {Colors: 5, Width: 3, MaxTurns: 9}, {Colors: 5, Width: 5, MaxTurns: 9}} {
		if Quick() && r.Width == 5 {
			t.Log("quick pass (KATAS_EXHAUSTIVE=1 runs it): 5x5 is left to KATAS_EXHAUSTIVE=1 (its tables take seconds under -race)")
			continue
		}
		sp, err := newSpace(r)
		if err != nil {
			t.Fatal(err)
		}
		for _, capped := range []bool{false, true} {
			o := newOptimizer(sp, capped)
			for range rounds {
				n := 15 + rng.IntN(min(300, sp.n-15))
				set := make([]int32, 0, n)
				for _, c := range rng.Perm(sp.n)[:n] {
					set = append(set, int32(c))
				}
				slices.Sort(set)
				depth, reach := int32(unbounded), int32(sp.n)+1
				if capped {
					depth = 2 + rng.Int32N(4)
					reach = o.reachable(depth - 1)
				}
				want := int32(-1)
				counts := make([]int32, sp.feedbacks())
			codes:
				for c := range int32(sp.n) {
					clear(counts)
					for _, s := range set {
						counts[sp.score(c, s)]++
					}
					total := int32(n)
					for f, k := range counts {
						switch {
						case k == 0 || f == sp.win():
						case k == int32(n) || k > reach:
							continue codes // it tells nothing, or leaves too many
						default:
							total += o.lb[k]
						}
					}
					if want < 0 || total < want {
						want = total
					}
				}
				most := int32(rng.IntN(5 * n))
				got := o.lookahead(set, depth, most)
				if want >= 0 && want <= most && got != want || (want < 0 || want > most) && got <= most {
					t.Fatalf("%dx%d, %d secrets, depth %d, at most %d: lookahead %d, least rating %d (-1: none)",
						r.Width, r.Colors, n, depth, most, got, want)
				}
			}
		}
	}
}

// TestLookaheadBoundsTheSearch: for the secrets a guess leaves, lookahead is never above the
// total of the best tree the search finds for them.
func TestLookaheadBoundsTheSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 9))
	sp, err := newSpace(mastermind.Classic())
	if err != nil {
		t.Fatal(err)
	}
	for _, capped := range []bool{false, true} {
		depth := int32(unbounded)
		if capped {
			depth = 4
		}
		o := newOptimizer(sp, capped)
		checked := 0
		for checked < 8 {
			g := rng.Int32N(int32(sp.n))
			s := rng.Int32N(int32(sp.n))
			var set []int32
			for c := range int32(sp.n) {
				if sp.score(g, c) == sp.score(g, s) {
					set = append(set, c)
				}
			}
			if len(set) < 15 || len(set) > 200 {
				continue
			}
			best, ok := o.bestTree(set, []int32{g}, depth)
			if !ok {
				continue
			}
			checked++
			if got := o.lookahead(set, depth, best.total); got > best.total {
				t.Fatalf("capped %v: %d secrets after %v: lookahead %d, the best tree %d", capped, len(set), sp.pegs[g], got, best.total)
			}
		}
	}
}

// TestEvenSplitIsTheLeast holds evenSplit, by which the masks rate codes, to its word: no way of
// putting m secrets into g groups has ideal trees that sum to less, and the even way sums to
// it. That rests on lb being convex, which it checks too, for games of every shape.
func TestEvenSplitIsTheLeast(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 10))
	rounds := 2000
	if Quick() {
		rounds = 200 // the race pass: KATAS_EXHAUSTIVE=1 runs it
	}
	for _, r := range []mastermind.Rules{
		{Colors: 2, Width: 2, MaxTurns: 9}, {Colors: 5, Width: 3, MaxTurns: 9}, mastermind.Classic(),
		{Colors: 3, Width: 5, MaxTurns: 9}, {Colors: 5, Width: 5, MaxTurns: 9}, {Colors: 2, Width: 9, MaxTurns: 9},
	} {
		sp, err := newSpace(r)
		if err != nil {
			t.Fatal(err)
		}
		o := newOptimizer(sp, false)
		for k := 1; k+1 < len(o.lb); k++ {
			if o.lb[k+1]-o.lb[k] < o.lb[k]-o.lb[k-1] {
				t.Fatalf("%dx%d: lb is not convex at %d: %v", r.Width, r.Colors, k, o.lb[k-1:k+2])
			}
		}
		for range rounds {
			m := 1 + rng.Int32N(int32(sp.n))
			g := 1 + rng.Int32N(min(m, int32(o.nDense-1)))
			// g groups of one, then the rest of the secrets one at a time to random groups
			sizes := make([]int32, g)
			for i := range sizes {
				sizes[i] = 1
			}
			for range m - g {
				sizes[rng.IntN(int(g))]++
			}
			var sum int32
			for _, k := range sizes {
				sum += o.lb[k]
			}
			if least := o.evenSplit(m, g); least > sum {
				t.Fatalf("%dx%d: %d secrets in groups %v sum to %d, below evenSplit's %d", r.Width, r.Colors, m, sizes, sum, least)
			}
			even := int32(0)
			for i := range g {
				even += o.lb[m/g+min(1, max(0, m%g-i))]
			}
			if got := o.evenSplit(m, g); got != even {
				t.Fatalf("%dx%d: evenSplit(%d, %d) = %d, the even split sums to %d", r.Width, r.Colors, m, g, got, even)
			}
		}
	}
}
