package solver

import (
	"errors"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
)

// ErrNoTree means no tree of guesses breaks every secret within the cap OptimalWithin asks
// for.
var ErrNoTree = errors.New("no strategy meets the cap")

// subtree is what the optimal search knows of the best tree for a set of secrets: the guesses
// it takes summed over the secrets, the longest game in it, and its first guess.
type subtree struct {
	total int32
	worst int32
	guess int32
}

// unbounded is the depth and the limit of a search with no cap.
const unbounded = math.MaxInt32

// optimizer searches for optimal trees over one space, by depth-first branch and bound. It
// keeps what it has solved, so one optimizer answers a game's questions quickly once it has
// answered the first. It is not safe for concurrent use: each worker is an optimizer of its
// own, sharing the tables and keeping its own memo and scratch.
type optimizer struct {
	memo *memo
	// shared is the memo of the optimizer whose worker this is, which the worker reads but
	// never writes: it holds still while the workers run.
	shared  *memo
	mark    []uint32 // mark[c] == node: code c is in the node's set
	node    uint32
	workers []*optimizer // clones that solve the first guess's groups side by side, one a core
	scratch []*scratch   // a node's own slices, by its depth
	// Scratch for rateAll, an entry a code.
	masks  []uint64
	acc16  []uint64 // maskBy16's masks, four codes a word
	counts []uint8
	rated  []int32
	ratedN int32 // the size of the set rateAll rated last
	ahead  lookScratch
	tables
}

// lookScratch is lookahead's own scratch: it is called between a node's searches, so it
// shares none of theirs.
type lookScratch struct {
	rows    [][]uint8
	counts  []int32
	touched []int
}

// tables are what every worker of a search reads and none writes, made once by newOptimizer.
type tables struct {
	sp *space
	// halt, set, stops the search, every worker's: it goes on no further than a node.
	halt  *atomic.Bool
	table []uint8 // table[g*n+s] is the feedback of g against s, as a dense index
	// bits16 is the table again as bits, for games of at most 16 feedbacks and at most
	// maxBitsCodes codes: row s is words16 words, each holding four codes' 16-bit
	// 1<<feedback against s (0 past the last code).
	bits16  []uint64
	words16 int
	// dense[f] is the dense index of the space's feedback index f: the feedbacks that can
	// happen numbered from 0 in the same order, nDense of them, win the all-black one's.
	dense         [256]uint8
	nDense, win   int
	everyFeedback []int   // 0 to nDense-1
	capped        bool    // a cap on the worst case: depths count down
	lb            []int32 // lb[m] is the least total any tree can take for m secrets
	// lbApart[m] and worstApart[m] are the least total and worst case of a tree for m secrets
	// whose first guess is not one of them: no secret is found at once.
	lbApart, worstApart []int32
	depthOf             []int32 // depthOf[m] is the least worst case of any tree for m secrets
	reach               []int32 // reach[d] is the most secrets d guesses can tell apart (at most n+1)
	// linear is the most secrets m for which every lb[k], k <= m, is 2k-1: a guess that
	// could split the rest apart. fpad is nDense rounded up to a power of two.
	linear, fpad int32
	winMask      []uint64   // the win's byte in a code's counts, a word at a time
	bit          [64]uint64 // bit[f] is 1<<f
}

// maxTableCodes is the largest game the search keeps an n×n score table for, and
// maxBitsCodes the largest it keeps bits16 for (32 MiB for 4096 codes).
const (
	maxTableCodes = 1 << 13
	maxBitsCodes  = 1 << 12
)

func newOptimizer(sp *space, capped bool) *optimizer {
	o := &optimizer{tables: tables{sp: sp, capped: capped, halt: new(atomic.Bool)}, memo: newMemo(), mark: make([]uint32, sp.n)}
	n := sp.n
	w := sp.rules.Width
	for f := range sp.feedbacks() {
		b, t := f/sp.stride, f%sp.stride // black, and black and white together
		if b <= t && t <= w && !(b == w-1 && t == w) {
			o.dense[f] = uint8(o.nDense)
			o.nDense++
		}
	}
	o.win = int(o.dense[sp.win()])
	for f := range o.nDense {
		o.everyFeedback = append(o.everyFeedback, f)
	}
	if n <= maxTableCodes {
		o.table = make([]uint8, n*n)
		if n <= maxBitsCodes && o.nDense <= 16 {
			o.words16 = (n + 3) / 4
			o.bits16 = make([]uint64, n*o.words16)
		}
		// The rows a core each, in blocks: a row of bits16 is made from the same row of the
		// table, by the same core.
		var next atomic.Int64
		var wg sync.WaitGroup
		for range runtime.GOMAXPROCS(0) {
			wg.Go(func() {
				const block = 64
				for lo := int(next.Add(block) - block); lo < n; lo = int(next.Add(block) - block) {
					for g := lo; g < min(lo+block, n); g++ {
						o.fillRows(int32(g))
					}
				}
			})
		}
		wg.Wait()
	}
	// The ideal tree: each guess one of the secrets, the rest split as evenly as the
	// feedbacks allow. No tree does better, so its total bounds every tree's from below.
	groups := int32(sp.maxGroups - 1) // feedbacks a guess can get besides the win
	o.lb = make([]int32, n+1)
	for m := int32(1); m <= int32(n); m++ {
		rest := m - 1
		k := min(groups, rest)
		total := m
		if k > 0 {
			q, r := rest/k, rest%k
			total += r*o.lb[q+1] + (k-r)*o.lb[q]
		}
		o.lb[m] = total
	}
	// depthOf[m] is the least worst case of a tree for m secrets.
	o.depthOf = make([]int32, n+1)
	depthOf := o.depthOf
	for m := int32(1); m <= int32(n); m++ {
		k := min(groups, m-1)
		depthOf[m] = 1
		if k > 0 {
			depthOf[m] = 1 + depthOf[(m-1+k-1)/k]
		}
	}
	o.lbApart, o.worstApart = make([]int32, n+1), make([]int32, n+1)
	for m := int32(1); m <= int32(n); m++ {
		k := max(min(groups, m), 1)
		q, r := m/k, m%k
		o.lbApart[m] = m + (k-r)*o.lb[q]
		if r > 0 { // lb[q+1] is read only where some group holds q+1: for q = n there is none
			o.lbApart[m] += r * o.lb[q+1]
		}
		o.worstApart[m] = 1 + depthOf[(m+k-1)/k]
	}
	for m := int32(1); m <= int32(n) && o.lb[m] == 2*m-1; m++ {
		o.linear = m
	}
	for o.fpad = 8; o.fpad < int32(o.nDense); o.fpad *= 2 {
	}
	for f := range o.bit {
		o.bit[f] = 1 << f
	}
	o.winMask = make([]uint64, o.fpad/8)
	o.winMask[o.win/8] = 0xFF << (8 * (o.win % 8))
	o.reach = []int32{0}
	for reach := int32(1); reach <= int32(n); reach = 1 + groups*reach {
		o.reach = append(o.reach, reach)
	}
	o.reach = append(o.reach, int32(n)+1)
	return o
}

// fillRows fills row g of the score table, and of bits16 when there is one.
func (o *optimizer) fillRows(g int32) {
	n := o.sp.n
	row := o.table[int(g)*n:][:n]
	for s := range int32(n) {
		row[s] = o.dense[o.sp.score(g, s)]
	}
	if o.bits16 != nil {
		bits := o.bits16[int(g)*o.words16:][:o.words16]
		for c, f := range row {
			bits[c/4] |= 1 << f << (16 * (c % 4))
		}
	}
}

// clone returns an optimizer that shares o's tables but keeps its own memo and scratch, for a
// goroutine of its own.
func (o *optimizer) clone() *optimizer {
	return &optimizer{tables: o.tables, memo: newMemo(), shared: o.memo, mark: make([]uint32, len(o.mark))}
}

// maxDepth is the depth to search to: the cap, or no limit.
func maxDepth(s Strategy) int32 {
	if n := s.MaxGuesses(); n > 0 {
		return int32(n)
	}
	return unbounded
}

// bestTree returns the best tree for set, reached by path, within depth guesses; false when no
// tree fits in depth. It sets the search no limit: a quick tree's total, as a first limit,
// saves less than making that tree costs (a fifth of the classic game's search).
func (o *optimizer) bestTree(set, path []int32, depth int32) (subtree, bool) {
	if len(path) == 0 && o.workers == nil {
		o.parallel()
	}
	if len(set) > 2 {
		if e, ok := o.recall(set, depth); ok && e.exact {
			return e.tree(), true
		}
	}
	return o.solve(set, path, unbounded, depth)
}

// evaluate plays the best tree for every secret and adds each game to st.
func (o *optimizer) evaluate(set, path []int32, depth int32, level int, st *Stats) {
	t, _ := o.bestTree(set, path, depth)
	if len(set) == 1 {
		st.add(level, 1)
		return
	}
	p := partitionBy(set, o.nDense, func(s int32) int { return o.denseScore(t.guess, s) })
	if len(p.group(o.win)) > 0 {
		st.add(level, 1)
	}
	childDepth := depth
	if o.capped {
		childDepth--
	}
	next := append(path[:len(path):len(path)], t.guess)
	for f := range p.groups() {
		if g := p.group(f); f != o.win && len(g) > 0 {
			o.evaluate(g, next, childDepth, level+1, st)
		}
	}
}
