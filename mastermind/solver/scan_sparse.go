package solver

import "math"

// Sparse scans: fewer secrets left than feedbacks, as at most nodes of a tree. There a split
// costs little beyond its own set-up, its call and the reset of its counts, so for the two
// strategies whose cost grows by a step that depends only on the size of the group a secret
// joins (ExpectedSize by 2c+1, Entropy by growth[c]), scanSparse rates each code in a loop of
// its own, inline: a byte a count on the stack, the feedbacks kept to clear them, and the
// exact cost summed only for the codes that pass the cut-off.

// sparseLimit is the most secrets a sparse scan takes: a count and a feedback fit a byte.
const sparseLimit = 255

// sparse reports whether the searcher scans the secrets of sec with scanSparse.
func (se *searcher) sparse(sec secrets) bool {
	return (se.strategy == ExpectedSize || se.strategy == Entropy) &&
		len(sec.pegs) < se.sp.feedbacks() && len(sec.pegs) <= sparseLimit && se.sp.feedbacks() <= 256
}

// steps returns the growth of the running cost when a group of c secrets gains one, c below
// 256, in the units cut uses: exact for ExpectedSize, below the true growth for Entropy.
func (se *searcher) steps() *[256]int64 {
	if se.strategy == Entropy {
		return (*[256]int64)(se.sp.growth)
	}
	return &se.sp.squareSteps
}

// cut returns the running cost, in the units of steps, at or past which a split can no
// longer cost less than limit.
func (se *searcher) cut(limit float64) int64 {
	if se.strategy == Entropy {
		// Past the limit by a margin far above any rounding error of the exact sum.
		if c := (limit + 1e-9*math.Max(1, math.Abs(limit))) * growthUnit; c < 1<<62 {
			return int64(math.Ceil(c))
		}
		return math.MaxInt64
	}
	if limit < math.MaxInt64 {
		return int64(limit)
	}
	return math.MaxInt64
}

// scanSparse is scan for ExpectedSize and Entropy on a sparse set, with the same result.
func (se *searcher) scanSparse(gl *guessList, dead uint16, sec secrets, lo, hi int, bound float64) (int32, float64) {
	sp := se.sp
	pegs := sec.pegs
	ms := sec.ms[:len(pegs)]
	n := len(pegs)
	stride, low, nms := sp.stride, sp.low, sp.nms
	step, entropy := se.steps(), se.strategy == Entropy
	var counts [256]uint8
	var fs [sparseLimit]uint8
	floor := se.floor(n)
	bestCode, bestCost := int32(-1), bound
	cut := se.cut(bound)
	for k := lo; k < hi; k++ {
		c := gl.at(k)
		if se.possible[c] || sp.colors[c]&dead != 0 {
			continue
		}
		gp := sp.pegs[c]
		row := sp.matches[int(sp.ms[c])*nms:][:nms]
		var running int64
		i := 0
		for ; i < n; i++ {
			f := uint8(blackIndex(gp^pegs[i], low, stride) + int(row[ms[i]]))
			fs[i] = f
			x := counts[f]
			counts[f] = x + 1
			if running += step[x]; running >= cut {
				break
			}
		}
		if i < n { // it gave up
			for _, f := range fs[:i+1] {
				counts[f] = 0
			}
			continue
		}
		cost := float64(running)
		if entropy {
			// Summed over the groups in the order they were first seen, as split does.
			cost = 0
			for _, f := range fs[:n] {
				if x := counts[f]; x > 0 {
					cost += sp.xlogx[x]
					counts[f] = 0
				}
			}
		} else {
			for _, f := range fs[:n] {
				counts[f] = 0
			}
		}
		if se.strategy.compare(cost, bestCost) < 0 {
			bestCode, bestCost = c, cost
			cut = se.cut(cost)
			if se.strategy.compare(cost, floor) <= 0 {
				break // no later code can cost less, and ties go to the lowest
			}
		}
	}
	return bestCode, bestCost
}
