package solver

import (
	"math"
	"runtime"
	"sync"
)

// searcher picks guesses for one strategy over one space. It holds scratch space, so each
// goroutine needs its own; the space itself is shared and read-only.
type searcher struct {
	sp       *space
	strategy Strategy
	tally    *tally
	possible []bool  // possible[c]: code c is among the remaining secrets
	sec      secrets // the remaining secrets, gathered
}

func newSearcher(sp *space, s Strategy) *searcher {
	return &searcher{sp: sp, strategy: s, tally: newTally(sp), possible: make([]bool, sp.n)}
}

// parallelWork is the number of scores above which best splits the scan across cores.
const parallelWork = 1 << 18

// noLimit is the limit of a split that must not give up.
const noLimit = math.MaxFloat64

// guessList is what the guesses of a path leave worth scoring at the nodes they reach: the
// path's symmetry, and the codes it leaves canonical in ascending order. Every child of a
// node has the same path, so they share one list rather than each testing every code.
type guessList struct {
	sy    symmetry
	codes []int32 // nil when the symmetry is trivial: every code
}

// newGuessList returns the guess list of the nodes path reaches. It counts the canonical
// codes before it lists them, so that the list is one allocation of its own size.
func newGuessList(sp *space, path []int32) *guessList {
	gl := &guessList{sy: newSymmetry(sp, path)}
	if !gl.sy.trivial {
		k := 0
		for c := range int32(sp.n) {
			if gl.sy.canonical(sp.pegs[c]) {
				k++
			}
		}
		gl.codes = make([]int32, 0, k)
		for c := range int32(sp.n) {
			if gl.sy.canonical(sp.pegs[c]) {
				gl.codes = append(gl.codes, c)
			}
		}
	}
	return gl
}

// size returns the number of codes in the list, of a space of n codes.
func (gl *guessList) size(n int) int {
	if gl.codes == nil {
		return n
	}
	return len(gl.codes)
}

// at returns the list's k-th code.
func (gl *guessList) at(k int) int32 {
	if gl.codes == nil {
		return int32(k)
	}
	return gl.codes[k]
}

// best returns the guess the strategy makes when rem (ascending code numbers, at least one)
// remain at a node of guess list gl: the code of lowest cost; among equal costs a code that is
// still possible, then the lowest. A possible code that puts every secret in a group of its
// own cannot be beaten, so best tries the remaining codes first and stops at the first such
// code. It scores only the codes of the list, and of those only one of each set that
// differ in colours no secret left holds.
func (se *searcher) best(rem []int32, gl *guessList) int32 {
	if len(rem) <= 2 {
		return rem[0] // it splits the rest into groups of one
	}
	sy := &gl.sy
	bestCode, bestCost := int32(-1), 0.0
	t := se.tally
	se.sp.gather(rem, &se.sec)
	for _, c := range rem {
		if !sy.trivial && !sy.canonical(se.sp.pegs[c]) {
			continue
		}
		limit := noLimit
		if bestCode >= 0 {
			limit = bestCost
		}
		cost, ok := se.split(t, c, se.sec, limit)
		singletons := ok && se.apart(cost, len(rem))
		t.reset()
		if ok && (bestCode < 0 || se.strategy.compare(cost, bestCost) < 0) {
			bestCode, bestCost = c, cost
		}
		if singletons {
			return bestCode
		}
	}
	if se.strategy.compare(bestCost, se.floor(len(rem))) <= 0 {
		return bestCode // no code that is not a secret can do strictly better
	}
	for _, c := range rem {
		se.possible[c] = true
	}
	defer func() {
		for _, c := range rem {
			se.possible[c] = false
		}
	}()
	dead := se.sp.deadColors(rem)
	n := gl.size(se.sp.n)
	workers := runtime.GOMAXPROCS(0)
	if workers == 1 || n*len(rem) < parallelWork {
		c, cost := se.scan(t, gl, dead, se.sec, 0, n, bestCost)
		if c >= 0 && se.strategy.compare(cost, bestCost) < 0 {
			bestCode = c
		}
		return bestCode
	}
	// Split the list into ranges, one a worker, and merge in ascending order:
	// a later range wins only with a strictly lower cost, so ties still go to the lowest code.
	type result struct {
		code int32
		cost float64
	}
	results := make([]result, workers)
	var wg sync.WaitGroup
	for w := range workers {
		lo, hi := n*w/workers, n*(w+1)/workers
		wg.Go(func() {
			c, cost := se.scan(newTally(se.sp), gl, dead, se.sec, lo, hi, bestCost)
			results[w] = result{c, cost}
		})
	}
	wg.Wait()
	for _, r := range results {
		if r.code >= 0 && se.strategy.compare(r.cost, bestCost) < 0 {
			bestCode, bestCost = r.code, r.cost
		}
	}
	return bestCode
}

// apart reports whether a split of n secrets that cost cost put each in a group of its own.
func (se *searcher) apart(cost float64, n int) bool {
	switch se.strategy {
	case Knuth:
		return cost <= 1
	case MostParts:
		return cost <= -float64(n)
	case ExpectedSize:
		return cost <= float64(n) // Σc² = Σc only when every c is 0 or 1
	default:
		return cost <= 0 // Σ c·log2(c) is 0 only when every c is 0 or 1
	}
}

// scan returns the best impossible code among the list's codes lo to hi-1 and its cost, the
// lowest of equals; -1 when the range has none. Only a cost strictly below bound, the best possible code's, can
// matter, so each split gives up once it cannot get below bound or this range's best.
func (se *searcher) scan(t *tally, gl *guessList, dead uint16, sec secrets, lo, hi int, bound float64) (int32, float64) {
	if se.byMasks() {
		return se.scanMasks(&t.rows, gl, dead, sec, lo, hi, bound)
	}
	bestCode, bestCost := int32(-1), 0.0
	floor := se.floor(len(sec.pegs))
	for k := lo; k < hi; k++ {
		c := gl.at(k)
		if se.possible[c] || se.sp.colors[c]&dead != 0 {
			continue
		}
		limit := bound
		if bestCode >= 0 {
			limit = min(limit, bestCost)
		}
		cost, ok := se.split(t, c, sec, limit)
		t.reset()
		if ok && (bestCode < 0 || se.strategy.compare(cost, bestCost) < 0) {
			bestCode, bestCost = c, cost
			if se.strategy.compare(cost, floor) <= 0 {
				break // no later code can cost less, and ties go to the lowest
			}
		}
	}
	return bestCode, bestCost
}

// floor returns the least cost a code that is not a possible secret can have with n secrets
// left: it cannot get the winning feedback, so at best it splits them as evenly as can be
// among the other feedbacks.
func (se *searcher) floor(n int) float64 {
	k := min(n, se.sp.maxGroups-1)
	if k <= 0 {
		return math.Inf(-1)
	}
	q, r := n/k, n%k
	switch se.strategy {
	case Knuth:
		return float64(q + min(r, 1))
	case MostParts:
		return -float64(k)
	case ExpectedSize:
		return float64((k-r)*q*q + r*(q+1)*(q+1))
	default:
		return float64(k-r)*se.sp.xlogx[q] + float64(r)*se.sp.xlogx[q+1]
	}
}

// firstGuess is the strategy's opening. Before any feedback every code is possible, and codes
// that differ only by a renaming of colours or an order of pegs split the secrets alike; so
// the opening is the best of the lowest code of each shape (for four pegs 1111, 1112, 1122,
// 1123 and 1234), the lowest among equals. For the classic game this gives Knuth 1122,
// MostParts 1123, Entropy 1234 and ExpectedSize 1123.
func (se *searcher) firstGuess(all []int32) int32 {
	bestCode, bestCost := int32(-1), 0.0
	se.sp.gather(all, &se.sec)
	for _, c := range shapes(se.sp) {
		cost, _ := se.split(se.tally, c, se.sec, noLimit)
		se.tally.reset()
		if cmp := se.strategy.compare(cost, bestCost); bestCode < 0 || cmp < 0 || (cmp == 0 && c < bestCode) {
			bestCode, bestCost = c, cost
		}
	}
	return bestCode
}

// shapes returns the lowest code of each shape: the pegs in runs of colours 1, 2, 3, … whose
// lengths never grow (1123 is runs of 2, 1 and 1), at most Colors runs.
func shapes(sp *space) []int32 {
	var out []int32
	w, k := sp.rules.Width, sp.rules.Colors
	var runs []int
	var walk func(left, maxRun int)
	walk = func(left, maxRun int) {
		if left == 0 {
			v := 0
			for color, r := range runs {
				for range r {
					v = v*k + color
				}
			}
			out = append(out, int32(v))
			return
		}
		if len(runs) == k {
			return
		}
		for r := min(left, maxRun); r >= 1; r-- {
			runs = append(runs, r)
			walk(left-r, r)
			runs = runs[:len(runs)-1]
		}
	}
	walk(w, w)
	return out
}
