package solver

import "math"

// Splits by steps: ExpectedSize and Entropy, whose cost grows by a step that depends only on
// the size of the group a secret joins (2c+1 for ExpectedSize, growth[c] for Entropy), so one
// loop serves both. A split rates the code with a rater, a loop of its own with little else
// alive so that the compiler keeps it in registers, and sums the exact cost only when the
// code gets past the cut-off. With fewer secrets than feedbacks, as at most nodes of a tree,
// the sparse rater counts in bytes and keeps each secret's feedback to clear them; otherwise
// the dense rater counts in two sets of counts, alternating, so that two secrets in a row of
// one group do not wait on each other's count.

// sparseLimit is the most secrets the sparse rater takes: a count and a feedback fit a byte.
const sparseLimit = 255

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

// sparseRater rates a code against the secrets of a sparse split.
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

// denseRater rates a code against the secrets of a dense split.
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

// stepRaters are a tally's raters, for splits by steps.
type stepRaters struct {
	sparse sparseRater
	dense  denseRater
}

// splitSteps is split for ExpectedSize and Entropy. It leaves t's counts as they were: the
// raters clear their own.
func (se *searcher) splitSteps(t *tally, g int32, sec secrets, limit float64) (float64, bool) {
	t.sparse, t.touched = true, t.touched[:0] // nothing for reset to clear
	sp := se.sp
	gp, row := sp.pegs[g], sp.matchRow(sp.ms[g])
	cut := se.cut(limit)
	entropy := se.strategy == Entropy
	n := len(sec.pegs)
	if n < sp.feedbacks() && n <= sparseLimit {
		r := &t.steps.sparse
		r.pegs, r.ms, r.low, r.stride, r.step = sec.pegs, sec.ms, sp.low, sp.stride, (*[256]int64)(se.steps())
		running, scored := r.rate(gp, row, cut)
		if scored < n || running >= cut {
			for _, f := range r.fs[:scored] {
				r.counts[f] = 0
			}
			return 0, false
		}
		cost := float64(running)
		if entropy {
			cost = 0 // summed over the groups in the order they were first seen
		}
		for _, f := range r.fs[:n] {
			if x := r.counts[f]; x > 0 {
				if entropy {
					cost += sp.xlogx[x]
				}
				r.counts[f] = 0
			}
		}
		return cost, true
	}
	r := &t.steps.dense
	r.pegs, r.ms, r.low, r.stride, r.step = sec.pegs, sec.ms, sp.low, sp.stride, se.steps()
	nf := sp.feedbacks()
	running, ok := r.rate(gp, row, cut)
	if !ok {
		clear(r.counts[:nf])
		clear(r.counts2[:nf])
		return 0, false
	}
	cost := float64(running)
	if entropy {
		cost = 0 // summed over the feedbacks in order
		for _, x := range r.counts[:nf] {
			cost += sp.xlogx[x]
		}
	}
	clear(r.counts[:nf])
	return cost, true
}
