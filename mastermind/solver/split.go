package solver

import (
	"math"
	"math/bits"
)

// tally is the scratch space of one split: how many secrets got each feedback, and which
// feedbacks were seen, so that a split costs time in the secrets it scores, not in the number
// of feedbacks the width allows (256 slots for 15 pegs, most of them empty in a small group).
// Each goroutine has its own.
type tally struct {
	counts  []int32  // secrets per feedback index; all zero between splits
	touched []uint16 // the feedback indexes with a count, in the order first seen, if sparse
	// sparse is set when the last split had fewer secrets than feedbacks: then it listed the
	// feedbacks it saw in touched, and reset zeroes those; otherwise reset clears counts,
	// which is quicker than listing.
	sparse bool
}

func newTally(sp *space) *tally {
	return &tally{counts: make([]int32, sp.feedbacks()), touched: make([]uint16, 0, sp.feedbacks())}
}

// reset zeroes the counts the last split set.
func (t *tally) reset() {
	if !t.sparse {
		clear(t.counts)
		return
	}
	for _, f := range t.touched {
		t.counts[f] = 0
	}
	t.touched = t.touched[:0]
}

// blackIndex returns the black pegs' part of a feedback index, from the XOR of two packed
// codes: a peg is black where its nibble of x is zero.
func blackIndex(x, low uint64, width, stride int) int {
	x |= x >> 1
	x |= x >> 2
	return (width - bits.OnesCount64(x&low)) * stride
}

// split scores guess g against every secret in rem, counting them by feedback into t, and
// returns the strategy's cost of the split — lower is better. It gives up, returning false,
// as soon as the cost can no longer fall below limit, since a code must beat limit strictly to
// matter: each strategy's cost only moves one way as secrets are counted. It leaves t holding
// the counts of the secrets it scored; the caller resets t.
//
// The scoring is written out in each strategy's loop rather than shared, so that each loop
// keeps its locals in registers and has no branch on the strategy; blackIndex is inlined.
func (se *searcher) split(t *tally, g int32, rem []int32, limit float64) (float64, bool) {
	sp := se.sp
	gp := sp.pegs[g]
	row := sp.matches[int(sp.ms[g])*sp.nms:][:sp.nms]
	pegs, ms, counts := sp.pegs, sp.ms, t.counts
	w, stride, low := sp.rules.Width, sp.stride, sp.low
	sparse := len(rem) < len(counts)
	t.sparse = sparse
	switch se.strategy {
	case Knuth: // the largest group, which only grows
		lim := int32(math.MaxInt32)
		if limit < math.MaxInt32 {
			lim = int32(limit)
		}
		for _, s := range rem {
			f := blackIndex(gp^pegs[s], low, w, stride) + int(row[ms[s]])
			c := counts[f] + 1
			counts[f] = c
			if c == 1 && sparse {
				t.touched = append(t.touched, uint16(f))
			}
			if c >= lim {
				return 0, false
			}
		}
		var largest int32
		if sparse {
			for _, f := range t.touched {
				largest = max(largest, counts[f])
			}
		} else {
			for _, c := range counts {
				largest = max(largest, c)
			}
		}
		return float64(largest), true
	case ExpectedSize: // the sum of the squares of the group sizes, which only grows
		lim := int64(math.MaxInt64)
		if limit < math.MaxInt64 {
			lim = int64(limit)
		}
		var squares int64
		for _, s := range rem {
			f := blackIndex(gp^pegs[s], low, w, stride) + int(row[ms[s]])
			c := counts[f]
			counts[f] = c + 1
			if c == 0 && sparse {
				t.touched = append(t.touched, uint16(f))
			}
			if squares += 2*int64(c) + 1; squares >= lim {
				return 0, false
			}
		}
		return float64(squares), true
	case MostParts: // minus the number of groups: it can fall by at most one a secret
		// To beat limit, a split needs more than need groups; each secret left can add one.
		need := -limit
		if float64(min(len(rem), sp.maxGroups)) <= need {
			return 0, false
		}
		groups := 0
		for i, s := range rem {
			f := blackIndex(gp^pegs[s], low, w, stride) + int(row[ms[s]])
			c := counts[f]
			counts[f] = c + 1
			if c == 0 {
				groups++
				if sparse {
					t.touched = append(t.touched, uint16(f))
				}
			} else if float64(groups+len(rem)-i-1) <= need {
				return 0, false
			}
		}
		return -float64(groups), true
	default: // Entropy: Σ c·log2(c) over the groups, which only grows
		// The running sum, rounded differently from the final one, decides only the cut-off,
		// and with a margin far above any rounding error; the cost is summed afresh.
		cut := limit + 1e-9*math.Max(1, math.Abs(limit))
		xlogx := sp.xlogx
		var running float64
		for _, s := range rem {
			f := blackIndex(gp^pegs[s], low, w, stride) + int(row[ms[s]])
			c := counts[f]
			counts[f] = c + 1
			if c == 0 {
				if sparse {
					t.touched = append(t.touched, uint16(f))
				}
			} else if running += xlogx[c+1] - xlogx[c]; running >= cut {
				return 0, false
			}
		}
		var sum float64
		if sparse {
			for _, f := range t.touched {
				sum += xlogx[counts[f]]
			}
		} else {
			for _, c := range counts {
				sum += xlogx[c]
			}
		}
		return sum, true
	}
}
