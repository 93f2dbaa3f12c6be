package solver

import (
	"math"
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
	// counts2 holds the odd-numbered secrets' counts while a dense split runs, so that two
	// secrets in a row of one group do not wait on each other's count; split adds them into
	// counts (merge) before it returns a cost, and reset clears them after a cut-off.
	counts2 []int32
	rows    maskRows   // a scan's, when it rates by masks
	steps   stepRaters // a split's, when it rates by steps
}

func newTally(sp *space) *tally {
	return &tally{counts: make([]int32, sp.feedbacks()), counts2: make([]int32, sp.feedbacks()), touched: make([]uint16, 0, sp.feedbacks())}
}

// reset zeroes the counts the last split set.
func (t *tally) reset() {
	if !t.sparse {
		clear(t.counts)
		clear(t.counts2)
		return
	}
	for _, f := range t.touched {
		t.counts[f] = 0
	}
	t.touched = t.touched[:0]
}

// merge adds counts2 into counts and clears it, after a dense split that counted in both.
func (t *tally) merge() {
	for f, c := range t.counts2 {
		t.counts[f] += c
		t.counts2[f] = 0
	}
}

// blackIndex returns the black pegs' part of a feedback index, from the XOR of two packed
// codes: a peg is black where its nibble of x is zero. A multiplication adds the black pegs'
// flags, one a nibble, into the top nibble (at most 15 of them, so no nibble carries into the
// next). bits.OnesCount64 would do, but unless the build targets GOAMD64=v2 or later it is a
// call behind a check of the CPU, around which the compiler keeps no loop variable in a
// register.
func blackIndex(x, low uint64, stride int) int {
	y := x | x>>1
	y |= y >> 2
	return int((^y&low)*0x1111111111111111>>60) * stride
}

// secrets are the secrets a split scores a guess against: their packed pegs and multiset
// numbers, gathered once a node into rows of their own, so that each split reads them
// straight through rather than by code number across the whole space.
type secrets struct {
	pegs []uint64
	ms   []uint16
}

// gather fills sec with the codes of set, reusing its arrays.
func (sp *space) gather(set []int32, sec *secrets) {
	sec.pegs, sec.ms = sec.pegs[:0], sec.ms[:0]
	for _, c := range set {
		sec.pegs = append(sec.pegs, sp.pegs[c])
		sec.ms = append(sec.ms, sp.ms[c])
	}
}

// split scores guess g against every secret in sec and returns the strategy's cost of the
// split — lower is better. It gives up, returning false, as soon as the cost can no longer
// fall below limit, since a code must beat limit strictly to matter: each strategy's cost only
// moves one way as secrets are counted. t is its scratch; the caller resets t after it.
//
// Knuth and MostParts have a function each, whose loop is written out rather than shared, so
// that it keeps its locals in registers and has no branch on the strategy; ExpectedSize and
// Entropy share one (split_steps.go). blackIndex is inlined. When the secrets outnumber the
// feedbacks, each loop takes two secrets at a time and counts the second in counts2, so that
// two secrets of one group in a row do not wait on each other's count (a load that waits for
// the store before it); merge then adds the two.
func (se *searcher) split(t *tally, g int32, sec secrets, limit float64) (float64, bool) {
	switch se.strategy {
	case Knuth:
		return se.splitKnuth(t, g, sec, limit)
	case MostParts:
		return se.splitMostParts(t, g, sec, limit)
	default:
		return se.splitSteps(t, g, sec, limit)
	}
}

// splitKnuth is split for Knuth: the cost is the largest group, which only grows.
func (se *searcher) splitKnuth(t *tally, g int32, sec secrets, limit float64) (float64, bool) {
	sp := se.sp
	gp := sp.pegs[g]
	row := sp.matchRow(sp.ms[g])
	pegs, counts := sec.pegs, t.counts
	ms := sec.ms[:len(pegs)]
	n := len(pegs)
	stride, low := sp.stride, sp.low
	sparse := n < len(counts)
	t.sparse = sparse
	index := func(i int) int { return blackIndex(gp^pegs[i], low, stride) + int(row[ms[i]]) } // secret i's feedback
	lim := int32(math.MaxInt32)
	if limit < math.MaxInt32 {
		lim = int32(limit)
	}
	if !sparse {
		// Two secrets at a time, into two sets of counts; the cut-off reads both.
		counts2 := t.counts2[:len(counts)]
		i := 0
		for ; i+1 < n; i += 2 {
			f0 := index(i)
			f1 := index(i + 1)
			a := counts[f0] + 1
			counts[f0] = a
			b := counts2[f1] + 1
			counts2[f1] = b
			if a+counts2[f0] >= lim || b+counts[f1] >= lim {
				return 0, false
			}
		}
		if i < n {
			f := index(i)
			c := counts[f] + 1
			counts[f] = c
			if c+counts2[f] >= lim {
				return 0, false
			}
		}
		t.merge()
	} else {
		for i := range n {
			f := index(i)
			c := counts[f] + 1
			counts[f] = c
			if c == 1 {
				t.touched = append(t.touched, uint16(f))
			}
			if c >= lim {
				return 0, false
			}
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
}

// splitMostParts is split for MostParts: the cost is minus the number of groups, which can
// fall by at most one a secret.
func (se *searcher) splitMostParts(t *tally, g int32, sec secrets, limit float64) (float64, bool) {
	sp := se.sp
	gp := sp.pegs[g]
	row := sp.matchRow(sp.ms[g])
	pegs, counts := sec.pegs, t.counts
	ms := sec.ms[:len(pegs)]
	n := len(pegs)
	stride, low := sp.stride, sp.low
	sparse := n < len(counts)
	t.sparse = sparse
	index := func(i int) int { return blackIndex(gp^pegs[i], low, stride) + int(row[ms[i]]) } // secret i's feedback
	// To beat limit, a split needs more than need groups; each secret left can add one.
	need := -limit
	if float64(min(n, sp.maxGroups)) <= need {
		return 0, false
	}
	groups := 0
	if !sparse {
		counts2 := t.counts2[:len(counts)]
		i := 0
		for ; i+1 < n; i += 2 {
			f0 := index(i)
			f1 := index(i + 1)
			a := counts[f0]
			counts[f0] = a + 1
			if a+counts2[f0] == 0 {
				groups++
			}
			b := counts2[f1]
			counts2[f1] = b + 1
			if b+counts[f1] == 0 {
				groups++
			}
			if float64(groups+n-i-2) <= need {
				return 0, false
			}
		}
		if i < n {
			f := index(i)
			c := counts[f]
			counts[f] = c + 1
			if c+counts2[f] == 0 {
				groups++
			}
		}
		t.merge()
		return -float64(groups), true
	}
	for i := range n {
		f := index(i)
		c := counts[f]
		counts[f] = c + 1
		if c == 0 {
			groups++
			t.touched = append(t.touched, uint16(f))
		} else if float64(groups+n-i-1) <= need {
			return 0, false
		}
	}
	return -float64(groups), true
}
