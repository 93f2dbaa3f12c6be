package mastermind

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/mastermind"
)

// TestTheRuleIsTheLibrarys: the steps' own plain scorer, the property's oracle, agrees with
// the mastermind package on every pair of a small game and on the property's own pairs.
func TestTheRuleIsTheLibrarys(t *testing.T) {
	pairs := append(everyPair(4, 3), richPairs(3000, 10, 6, 7)...)
	pairs = append(pairs, richPairs(3000, 6, 4, 1)...)
	require.Len(t, everyPair(4, 3), 4096)
	for _, p := range pairs {
		fb, err := mastermind.Score(code(p.secret), code(p.guess))
		require.NoError(t, err)
		black, white := ruleScore(p.secret, p.guess)
		if fb.Black != black || fb.White != white {
			t.Fatalf("%v against %v: the rule counts %d black and %d white, the library %v", p.secret, p.guess, black, white, fb)
		}
	}
}

// TestRichPairsRepeatColours: the property's pairs are the same every run, of the game's
// colours and width, and most codes repeat a colour.
func TestRichPairsRepeatColours(t *testing.T) {
	a, b := richPairs(500, 6, 4, 1), richPairs(500, 6, 4, 1)
	assert.Equal(t, a, b, "a fixed seed, the same pairs")
	repeats := 0
	for _, p := range a {
		for _, c := range [][]int{p.secret, p.guess} {
			require.Len(t, c, 4)
			seen := map[int]bool{}
			for _, v := range c {
				require.True(t, v >= 1 && v <= 6, "%v", c)
				seen[v] = true
			}
			if len(seen) < 4 {
				repeats++
			}
		}
	}
	assert.Greater(t, repeats, 800, "of 1000 codes, most repeat a colour")
}

// TestSmallerShrinks: each pair one step smaller is smaller: fewer pegs, fewer colours, or a
// lower colour in one place.
func TestSmallerShrinks(t *testing.T) {
	p := pair{6, []int{3, 5, 3, 6}, []int{6, 3, 1, 1}}
	size := func(q pair) int {
		n := q.colors*100 + len(q.secret)*10000
		for i := range q.secret {
			n += q.secret[i] + q.guess[i]
		}
		return n
	}
	cands := smaller(p)
	require.NotEmpty(t, cands)
	for _, c := range cands {
		assert.Less(t, size(c), size(p), "%v is no smaller than %v", c, p)
		assert.Len(t, c.guess, len(c.secret))
	}
}

func code(p []int) mastermind.Code {
	c := make(mastermind.Code, len(p))
	for i, v := range p {
		c[i] = mastermind.Color(v)
	}
	return c
}
