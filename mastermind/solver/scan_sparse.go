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

// sparseRater rates codes one at a time against the secrets of a sparse scan. Its loop is a
// function of its own, with little else alive, so that the compiler keeps it in registers.
type sparseRater struct {
	pegs   []uint64
	ms     []uint16
	low    uint64
	stride int
	step   *[256]int64
	counts [256]uint8 // secrets a feedback, zero between codes
	fs     [256]uint8 // each secret's feedback, so as to clear counts
}

// rate scores the code packed as gp, whose row of matches is row, against each secret, adding
// up the steps, and returns the running cost and how many secrets it scored: all of them, or
// fewer when the running cost reached cut. It leaves their counts for the caller to clear.
func (r *sparseRater) rate(gp uint64, row []uint8, cut int64) (int64, int) {
	pegs := r.pegs
	ms := r.ms[:len(pegs)]
	low, stride, step := r.low, r.stride, r.step
	counts, fs := &r.counts, &r.fs
	var running int64
	for i, p := range pegs {
		f := uint8(blackIndex(gp^p, low, stride) + int(row[ms[i]]))
		fs[uint8(i)] = f
		x := counts[f]
		counts[f] = x + 1
		if running += step[x]; running >= cut {
			return running, i + 1
		}
	}
	return running, len(pegs)
}

// scanSparse is scan for ExpectedSize and Entropy on a sparse set, with the same result.
func (se *searcher) scanSparse(gl *guessList, dead uint16, sec secrets, lo, hi int, bound float64) (int32, float64) {
	sp := se.sp
	n := len(sec.pegs)
	r := &sparseRater{pegs: sec.pegs, ms: sec.ms, low: sp.low, stride: sp.stride, step: se.steps()}
	entropy := se.strategy == Entropy
	floor := se.floor(n)
	bestCode, bestCost := int32(-1), bound
	cut := se.cut(bound)
	for k := lo; k < hi; k++ {
		c := gl.at(k)
		if se.possible[c] || sp.colors[c]&dead != 0 {
			continue
		}
		running, scored := r.rate(sp.pegs[c], sp.matches[int(sp.ms[c])*sp.nms:][:sp.nms], cut)
		if scored < n || running >= cut { // it gave up
			for _, f := range r.fs[:scored] {
				r.counts[f] = 0
			}
			continue
		}
		cost := float64(running)
		if entropy {
			// Summed over the groups in the order they were first seen, as split does.
			cost = 0
			for _, f := range r.fs[:n] {
				if x := r.counts[f]; x > 0 {
					cost += sp.xlogx[x]
					r.counts[f] = 0
				}
			}
		} else {
			for _, f := range r.fs[:n] {
				r.counts[f] = 0
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
