package solver

import "math/bits"

// MostParts by masks: its cost is only how many feedbacks a guess gets, never how many
// secrets get each, so when every feedback index fits a bit of a word, a scan rates all its
// codes at once: it gathers them into rows, then for each secret ORs each code's feedback bit
// into the code's mask. No count waits on another, nothing is reset between codes, and the
// loop over codes does the same few steps for each; the price is that no code gives up early,
// which MostParts' cut-off seldom lets it do anyway (a code is out only once it could not get
// a new feedback from every secret left).

// maskRows is a scan's scratch for rating by masks: the codes rated, gathered, and their masks.
type maskRows struct {
	codes []int32
	pegs  []uint64
	ms    []uint16
	masks []uint64
}

// byMasks reports whether the searcher's scans rate by masks.
func (se *searcher) byMasks() bool {
	return se.strategy == MostParts && se.sp.feedbacks() <= 64
}

// maskBlock is how many codes scanMasks rates at once: enough that the loop over codes runs
// long, few enough that their rows and masks stay in the nearest cache while every secret is
// scored against them, and that a scan ends soon after the first code no other can beat.
const maskBlock = 1024

// scanMasks is scan for MostParts by masks, with the same result: the best code of the list's
// codes lo to hi-1 that is neither possible nor holds a dead colour, the lowest of equals, if
// its cost is below bound; -1 when there is none. It rates the codes a block at a time, in
// ascending order, and stops after the block where one reaches the floor.
func (se *searcher) scanMasks(mr *maskRows, gl *guessList, dead uint16, sec secrets, lo, hi int, bound float64) (int32, float64) {
	sp := se.sp
	if mr.masks == nil {
		mr.codes, mr.pegs = make([]int32, 0, maskBlock), make([]uint64, 0, maskBlock)
		mr.ms, mr.masks = make([]uint16, 0, maskBlock), make([]uint64, maskBlock)
	}
	floor := se.floor(len(sec.pegs))
	bestCode, bestCost := int32(-1), bound
	for k := lo; k < hi && bestCost > floor; {
		mr.codes, mr.pegs, mr.ms = mr.codes[:0], mr.pegs[:0], mr.ms[:0]
		for ; k < hi && len(mr.codes) < maskBlock; k++ {
			c := gl.at(k)
			if se.possible[c] || sp.colors[c]&dead != 0 {
				continue
			}
			mr.codes = append(mr.codes, c)
			mr.pegs = append(mr.pegs, sp.pegs[c])
			mr.ms = append(mr.ms, sp.ms[c])
		}
		masks := mr.masks[:len(mr.codes)]
		se.rateMasks(masks, mr.pegs, mr.ms, sec)
		for j, m := range masks {
			if cost := -float64(bits.OnesCount64(m)); cost < bestCost {
				bestCode, bestCost = mr.codes[j], cost
			}
		}
	}
	return bestCode, bestCost
}

// rateMasks sets masks[j] to the feedbacks code j (its pegs and multiset) gets from the secrets.
func (se *searcher) rateMasks(masks, pegs []uint64, ms []uint16, sec secrets) {
	sp := se.sp
	clear(masks)
	pegs, ms = pegs[:len(masks)], ms[:len(masks)]
	stride, low := sp.stride, sp.low
	// Two secrets at a time, so that each mask is read and written half as often. matches is
	// symmetric: a secret's row serves as its column.
	i := 0
	for ; i+1 < len(sec.pegs); i += 2 {
		p0, p1 := sec.pegs[i], sec.pegs[i+1]
		col0 := sp.matchRow(sec.ms[i])
		col1 := sp.matchRow(sec.ms[i+1])
		for j, p := range pegs {
			f0 := blackIndex(p^p0, low, stride) + int(col0[ms[j]])
			f1 := blackIndex(p^p1, low, stride) + int(col1[ms[j]])
			masks[j] |= 1<<(f0&63) | 1<<(f1&63)
		}
	}
	if i < len(sec.pegs) {
		p0 := sec.pegs[i]
		col0 := sp.matchRow(sec.ms[i])
		for j, p := range pegs {
			masks[j] |= 1 << ((blackIndex(p^p0, low, stride) + int(col0[ms[j]])) & 63)
		}
	}
}
