package solver

import "math"

// Scans by steps: ExpectedSize and Entropy, whose cost grows by a step that depends only on
// the size of the group a secret joins (2c+1 for ExpectedSize, growth[c] for Entropy). A scan
// rates each code with a rater, a loop of its own with little else alive so that the compiler
// keeps it in registers, and sums the exact cost only for the codes past the cut-off. With
// fewer secrets than feedbacks, as at most nodes of a tree, where a split would cost little
// beyond its set-up, its call and the reset of its counts, the sparse rater counts in bytes
// and keeps each secret's feedback to clear them; otherwise the dense rater counts in two
// sets of counts, alternating, so that two secrets in a row of one group do not wait on each
// other's count.

// sparseLimit is the most secrets the sparse rater takes: a count and a feedback fit a byte.
const sparseLimit = 255

// bySteps reports whether the searcher's scans rate by steps.
func (se *searcher) bySteps() bool {
	return se.strategy == ExpectedSize || se.strategy == Entropy
}

// steps returns the growth of the running cost when a group of c secrets gains one, in the
// units cut uses: exact for ExpectedSize, below the true growth for Entropy. It is at least
// 256 long, and longer than any group.
func (se *searcher) steps() []int64 {
	if se.strategy == Entropy {
		return se.sp.growth
	}
	return se.sp.squareSteps
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

// denseRater rates codes one at a time against the secrets of a dense scan.
type denseRater struct {
	pegs            []uint64
	ms              []uint16
	low             uint64
	stride          int
	step            []int64
	counts, counts2 [256]int32 // secrets a feedback, the even ones and the odd; zero between codes
}

// rate scores the code packed as gp, whose row of matches is row, against each secret, adding
// up the steps, and returns the running cost, and false when it reached cut before the last
// secret. It leaves the counts summed in counts, and counts2 clear, when it returns true; the
// caller clears both when it returns false.
func (r *denseRater) rate(gp uint64, row []uint8, cut int64) (int64, bool) {
	pegs := r.pegs
	ms := r.ms[:len(pegs)]
	low, stride, step := r.low, r.stride, r.step
	counts, counts2 := &r.counts, &r.counts2
	var running int64
	i := 0
	for ; i+1 < len(pegs); i += 2 {
		f0 := uint8(blackIndex(gp^pegs[i], low, stride) + int(row[ms[i]]))
		f1 := uint8(blackIndex(gp^pegs[i+1], low, stride) + int(row[ms[i+1]]))
		a := counts[f0]
		counts[f0] = a + 1
		running += step[a+counts2[f0]]
		b := counts2[f1]
		counts2[f1] = b + 1
		running += step[b+counts[f1]]
		if running >= cut {
			return running, false
		}
	}
	if i < len(pegs) {
		f := uint8(blackIndex(gp^pegs[i], low, stride) + int(row[ms[i]]))
		c := counts[f]
		counts[f] = c + 1
		if running += step[c+counts2[f]]; running >= cut {
			return running, false
		}
	}
	for f, c := range counts2 {
		counts[f] += c
	}
	clear(counts2[:])
	return running, true
}

// scanSteps is scan for ExpectedSize and Entropy, with the same result.
func (se *searcher) scanSteps(gl *guessList, dead uint16, sec secrets, lo, hi int, bound float64) (int32, float64) {
	if len(sec.pegs) >= se.sp.feedbacks() || len(sec.pegs) > sparseLimit {
		return se.scanDense(gl, dead, sec, lo, hi, bound)
	}
	sp := se.sp
	n := len(sec.pegs)
	r := &sparseRater{pegs: sec.pegs, ms: sec.ms, low: sp.low, stride: sp.stride, step: (*[256]int64)(se.steps())}
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

// scanDense is scanSteps on a dense set.
func (se *searcher) scanDense(gl *guessList, dead uint16, sec secrets, lo, hi int, bound float64) (int32, float64) {
	sp := se.sp
	r := &denseRater{pegs: sec.pegs, ms: sec.ms, low: sp.low, stride: sp.stride, step: se.steps()}
	nf := sp.feedbacks()
	entropy := se.strategy == Entropy
	floor := se.floor(len(sec.pegs))
	bestCode, bestCost := int32(-1), bound
	cut := se.cut(bound)
	for k := lo; k < hi; k++ {
		c := gl.at(k)
		if se.possible[c] || sp.colors[c]&dead != 0 {
			continue
		}
		running, ok := r.rate(sp.pegs[c], sp.matches[int(sp.ms[c])*sp.nms:][:sp.nms], cut)
		if !ok {
			clear(r.counts[:nf])
			clear(r.counts2[:nf])
			continue
		}
		cost := float64(running)
		if entropy {
			// Summed over the feedbacks in order, as split does.
			cost = 0
			for _, x := range r.counts[:nf] {
				cost += sp.xlogx[x]
			}
		}
		clear(r.counts[:nf])
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
