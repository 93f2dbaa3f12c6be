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
	for _, r := range []mastermind.Rules{mastermind.Classic, {Colors: 5, Width: 3, MaxTurns: 9}, {Colors: 5, Width: 5, MaxTurns: 9}} {
		sp, err := newSpace(r)
		if err != nil {
			t.Fatal(err)
		}
		for _, capped := range []bool{false, true} {
			o := newOptimizer(sp, capped)
			for range 40 {
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
	sp, err := newSpace(mastermind.Classic)
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
