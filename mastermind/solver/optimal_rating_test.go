package solver

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/deliberate-practice/katas/mastermind"
)

// TestPassingByLanesIsPassingByCode holds the search's pick of the codes worth a look, and of
// the first code that tells a set apart, which for games of at most 16 feedbacks read four
// codes' masks a word at a time, to the same picks made a code at a time from masks of a word
// each: for random sets, limits and symmetries.
func TestPassingByLanesIsPassingByCode(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 7))
	for _, r := range []mastermind.Rules{mastermind.Classic(), {Colors: 5, Width: 3, MaxTurns: 9}, {Colors: 3, Width: 4, MaxTurns: 9}} {
		sp, err := newSpace(r)
		if err != nil {
			t.Fatal(err)
		}
		lanes := newOptimizer(sp, false)
		if lanes.bits16 == nil {
			t.Fatalf("%dx%d: no bits16 table", r.Width, r.Colors)
		}
		words := newOptimizer(sp, false)
		words.bits16 = nil // the masks a word a code
		for range 200 {
			n := 1 + rng.IntN(min(60, sp.n))
			set := make([]int32, 0, n)
			for _, c := range rng.Perm(sp.n)[:n] {
				set = append(set, int32(c))
			}
			slices.Sort(set)
			var path []int32
			for range rng.IntN(3) {
				path = append(path, rng.Int32N(int32(sp.n)))
			}
			sy := newSymmetry(sp, path)
			dead := sp.deadColors(set)
			most := int32(rng.IntN(4 * n))
			var got, want []candidate
			var apart [2]int32
			for i, o := range []*optimizer{lanes, words} {
				o.node++
				for _, c := range set[:n/2] { // some marked as the node's own
					o.mark[c] = o.node
				}
				if rated := o.rateAll(set, int32(sp.n)+1); rated != byMasks {
					t.Fatalf("rated %d, want by masks", rated)
				}
				apart[i] = o.firstApartByMasks(int32(n))
				picked := o.passing(nil, &worth{o.node, dead, &sy}, byMasks, most)
				if o == lanes {
					got = picked
				} else {
					want = picked
				}
			}
			if apart[0] != apart[1] {
				t.Fatalf("%dx%d, %d secrets: the first code apart by lanes %d, by code %d", r.Width, r.Colors, n, apart[0], apart[1])
			}
			if !slices.Equal(got, want) {
				i := 0
				for i < min(len(got), len(want)) && got[i] == want[i] {
					i++
				}
				t.Fatalf("%dx%d, %d secrets, at most %d: by lanes %d codes, by code %d; first apart at %d: %v, %v",
					r.Width, r.Colors, n, most, len(got), len(want), i, got[i:min(i+1, len(got))], want[i:min(i+1, len(want))])
			}
		}
	}
}
