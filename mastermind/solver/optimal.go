package solver

import (
	"cmp"
	"encoding/binary"
	"errors"
	"math"
	"math/bits"
	"runtime"
	"slices"
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
// answered the first. It is not safe for concurrent use.
type optimizer struct {
	sp    *space
	table []uint8 // table[g*n+s] is the feedback of g against s, as a dense index
	// dense[f] is the dense index of the space's feedback index f: the feedbacks that can
	// happen numbered from 0 in the same order, F of them, win the all-black one's.
	dense  [256]uint8
	F, win int
	capped bool    // a cap on the worst case: depths count down
	lb     []int32 // lb[m] is the least total any tree can take for m secrets
	// lbApart[m] and worstApart[m] are the least total and worst case of a tree for m secrets
	// whose first guess is not one of them: no secret is found at once.
	lbApart, worstApart []int32
	depthOf             []int32 // depthOf[m] is the least worst case of any tree for m secrets
	reach               []int32 // reach[d] is the most secrets d guesses can tell apart (at most n+1)
	memo                map[uint64][]memoEntry
	mark                []uint32 // mark[c] == node: code c is in the node's set
	colors              []uint16 // colors[c]: bit d set when code c holds colour digit d
	// workers are clones that solve the first guess's groups side by side, one a core.
	workers []*optimizer
	node    uint32
	// linear is the most secrets m for which every lb[k], k <= m, is 2k-1: a guess that
	// could split the rest apart. fpad is F rounded up to a power of two.
	linear, fpad int32
	winMask      []uint64   // the win's byte in a code's counts, a word at a time
	bit          [64]uint64 // bit[f] is 1<<f
	// Scratch for rateAll, an entry a code.
	masks  []uint64
	counts []uint8
	rated  []int32
}

// memoEntry is a solved set: its best tree, or a total its best tree is known to exceed.
type memoEntry struct {
	set   []int32
	depth int32
	exact bool
	t     subtree // when exact
	lower int32   // when not: every tree for the set totals at least this
}

// maxTableCodes is the largest game the search keeps an n×n score table for.
const maxTableCodes = 1 << 13

func newOptimizer(sp *space, capped bool) *optimizer {
	o := &optimizer{sp: sp, capped: capped, memo: map[uint64][]memoEntry{}, mark: make([]uint32, sp.n)}
	n := sp.n
	w := sp.rules.Width
	for f := range sp.feedbacks() {
		b, t := f/sp.stride, f%sp.stride // black, and black and white together
		if b <= t && t <= w && !(b == w-1 && t == w) {
			o.dense[f] = uint8(o.F)
			o.F++
		}
	}
	o.win = int(o.dense[sp.win()])
	o.colors = make([]uint16, n)
	for c := range n {
		for j := range sp.rules.Width {
			o.colors[c] |= 1 << (sp.pegs[c] >> (4 * j) & 15)
		}
	}
	if n <= maxTableCodes {
		o.table = make([]uint8, n*n)
		for g := range int32(n) {
			row := o.table[int(g)*n:][:n]
			for s := range int32(n) {
				row[s] = o.dense[sp.score(g, s)]
			}
		}
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
	for o.fpad = 8; o.fpad < int32(o.F); o.fpad *= 2 {
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

// clone returns an optimizer that shares o's tables but keeps its own memo and scratch, for a
// goroutine of its own.
func (o *optimizer) clone() *optimizer {
	c := *o
	c.memo = map[uint64][]memoEntry{}
	c.mark, c.node = make([]uint32, len(o.mark)), 0
	c.masks, c.counts, c.rated = nil, nil, nil
	c.workers = nil
	return &c
}

// parallel gives o a worker for each core beyond one, so that the groups below the first guess
// are solved side by side.
func (o *optimizer) parallel() {
	o.workers = nil
	for range runtime.GOMAXPROCS(0) {
		o.workers = append(o.workers, o.clone())
	}
}

// reachable is the most secrets depth guesses can tell apart.
func (o *optimizer) reachable(depth int32) int32 {
	if int(depth) >= len(o.reach) {
		return int32(o.sp.n) + 1
	}
	return o.reach[depth]
}

// feedback returns the feedback index of g against s.
func (o *optimizer) feedback(g, s int32) int {
	if o.table != nil {
		return int(o.table[int(g)*o.sp.n+int(s)])
	}
	return int(o.dense[o.sp.score(g, s)])
}

// better reports whether tree a, whose guess is possible when ap, beats tree b: fewer
// guesses, then a shorter worst case, then a possible secret, then the lower code.
func better(a subtree, ap bool, b subtree, bp bool) bool {
	if c := cmp.Compare(a.total, b.total); c != 0 {
		return c < 0
	}
	if c := cmp.Compare(a.worst, b.worst); c != 0 {
		return c < 0
	}
	if ap != bp {
		return ap
	}
	return a.guess < b.guess
}

// hash keys a set of secrets and a depth.
func hash(set []int32, depth int32) uint64 {
	h := uint64(14695981039346656037) ^ uint64(uint32(depth))
	for _, c := range set {
		h = (h ^ uint64(uint32(c))) * 1099511628211
	}
	return h
}

// solve returns the best tree for set (ascending codes, reached by the guesses in path) that
// needs at most depth guesses and totals at most limit, and false when there is none. A true
// answer is exact, whatever the limit: the limit only lets the search give up sooner.
func (o *optimizer) solve(set, path []int32, limit, depth int32) (subtree, bool) {
	n := int32(len(set))
	switch {
	case depth < 1 || n == 0:
		return subtree{}, false
	case n == 1:
		return subtree{1, 1, set[0]}, limit >= 1
	case n == 2: // guess the first: found at once, or the other next
		return subtree{3, 2, set[0]}, depth >= 2 && limit >= 3
	case o.lb[n] > limit || n > o.reachable(depth):
		return subtree{}, false
	}
	key := hash(set, depth)
	for _, e := range o.memo[key] {
		if e.depth == depth && slices.Equal(e.set, set) {
			if e.exact {
				return e.t, e.t.total <= limit
			}
			if e.lower > limit {
				return subtree{}, false
			}
		}
	}
	t, ok := o.search(set, path, limit, depth)
	entry := memoEntry{set: slices.Clone(set), depth: depth, exact: ok, t: t, lower: limit + 1}
	entries := o.memo[key]
	for i, e := range entries {
		if e.depth == depth && slices.Equal(e.set, set) {
			if !ok {
				entry.lower = max(entry.lower, e.lower)
			}
			entries[i] = entry
			return t, ok
		}
	}
	o.memo[key] = append(entries, entry)
	return t, ok
}

// candidate is a guess worth trying at a node: its code, whether it is possible, and the
// least total any tree starting with it can take.
type candidate struct {
	code     int32
	possible bool
	lb       int32
}

// search is solve without the memo.
func (o *optimizer) search(set, path []int32, limit, depth int32) (subtree, bool) {
	n := int32(len(set))
	sp, win := o.sp, o.win
	o.node++
	node := o.node
	for _, c := range set {
		o.mark[c] = node
	}
	childDepth := depth
	if o.capped {
		childDepth = depth - 1
	}
	// A possible code that tells every other secret apart is the best there is: n guesses
	// now and one more for each of the other n-1 secrets.
	if depth >= 2 {
		for _, c := range set {
			if o.splitsApart(c, set) {
				t := subtree{2*n - 1, 2, c}
				return t, t.total <= limit
			}
		}
	}
	sy := newSymmetry(sp, path)
	// Colours no secret left holds never score: a guess peg of one counts for nothing, so all
	// of them are alike, and only codes whose pegs of such colours are all of the lowest one
	// can be the lowest code of their kind.
	var present uint16
	for _, c := range set {
		present |= o.colors[c]
	}
	absent := ^present & (1<<sp.rules.Colors - 1)
	lowestAbsent := absent & -absent
	alike := func(c int32) bool { return o.colors[c]&absent&^lowestAbsent == 0 }
	counts := make([]int32, o.F) // this node's own: the children have theirs
	// score returns a code's candidate, and false when it cannot help. It counts into the
	// node's counts and clears only what it touched, so that a small set costs little.
	touched := make([]int, len(counts)+1)
	reach := o.reachable(childDepth)
	// Scores are symmetric, so a guess's scores against the set are one column of the
	// table across the set's rows: scanning the guesses in order reads each row straight
	// through, which the cache likes far better than a row per guess.
	var rows [][]uint8
	if o.table != nil {
		rows = make([][]uint8, len(set))
		for i, s := range set {
			rows[i] = o.row(s)
		}
	}
	score := func(c int32) (candidate, bool) {
		nt := 0
		if rows != nil {
			// Every feedback is written to touched, and kept only the first time it is
			// seen: no branch on the scores, which a small set makes unpredictable.
			for _, row := range rows {
				f := row[c]
				k := counts[f]
				touched[nt] = int(f)
				if k == 0 {
					nt++
				}
				counts[f] = k + 1
			}
		} else {
			for _, s := range set {
				f := o.feedback(c, s)
				if counts[f] == 0 {
					touched[nt] = f
					nt++
				}
				counts[f]++
			}
		}
		lb, useful := n, true
		for _, f := range touched[:nt] {
			k := counts[f]
			counts[f] = 0
			switch {
			case f == win:
			case k == n || k > reach:
				useful = false // it tells nothing, or leaves more than the depth left can tell apart
			default:
				lb += o.lb[k]
			}
		}
		return candidate{c, o.mark[c] == node, lb}, useful && lb <= limit
	}
	// The possible codes first: they are few, and often good enough that no other code can
	// beat them, which spares scanning every code.
	var cands []candidate
	for _, c := range set {
		if sy.trivial || sy.canonical(sp.pegs[c]) {
			if cand, ok := score(c); ok {
				cands = append(cands, cand)
			}
		}
	}
	best, bestPossible, found := o.tryAll(set, path, cands, subtree{total: limit}, false, false, childDepth)
	if found && (best.total < o.lbApart[n] || best.total == o.lbApart[n] && best.worst <= o.worstApart[n]) {
		return best, true // no other code can do better
	}
	if !found && limit < o.lbApart[n] {
		return best, false // no code that is not a secret fits in the limit either
	}
	rated := o.rateAll(set, reach)
	if o.lbApart[n] == 2*n && depth >= 2 {
		// Few enough secrets that a code could tell them all apart: the lowest that does is
		// the best (no possible code does, or the search would have stopped), and when none
		// does, a code that is not a secret leaves a pair at least: 2n+1 or more.
		var g int32
		if rated == byMasks {
			g = o.firstApartByMasks(n)
		} else {
			g = o.firstApart(set)
		}
		if g >= 0 {
			t := subtree{2 * n, 2, g}
			return t, t.total <= limit
		}
		if found && best.total <= 2*n {
			return best, true
		}
	}
	for _, c := range set {
		o.mark[c] = node // the children marked their own sets
	}
	cands = cands[:0]
	for c := range int32(sp.n) {
		if o.mark[c] == node || !alike(c) || !sy.trivial && !sy.canonical(sp.pegs[c]) {
			continue
		}
		if rated != notRated {
			lb := o.rated[c]
			if lb < 0 || lb > limit || found && lb > best.total {
				continue
			}
			if rated == byCounts || n <= o.linear {
				cands = append(cands, candidate{c, false, lb})
				continue
			}
			// Only a lower bound: count the code's groups for the exact one.
		}
		if cand, ok := score(c); ok && (!found || cand.lb <= best.total) {
			cands = append(cands, cand)
		}
	}
	best, _, found = o.tryAll(set, path, cands, best, bestPossible, found, childDepth)
	return best, found
}

// How rateAll rated the codes: not at all, by the feedbacks each code gets (masks), or by
// how many secrets get each (counts).
const (
	notRated = iota
	byMasks
	byCounts
)

// rateAll rates every code at once as the first guess for set, as search's score does one at
// a time: rated[c] is the least total of a tree for set that starts with c (n, and the ideal
// tree of each group c leaves), or -1 when c cannot help (it leaves the set whole, or a group
// larger than reach). It reads each secret's row of the table straight through, so that no
// count waits on the one before. It rates nothing, and says so, when there is no table or
// the set is too large for a byte a count.
func (o *optimizer) rateAll(set []int32, reach int32) int {
	n, N := int32(len(set)), o.sp.n
	if o.table == nil || n > 255 {
		return notRated
	}
	if o.rated == nil {
		o.rated = make([]int32, N)
	}
	rated := o.rated
	if n <= reach && o.F <= 64 {
		// Each group of k secrets has an ideal tree of at least 2k-1 guesses (just that for
		// k up to linear), so the groups' sum to at least 2(n-found)-groups: for a set of at
		// most linear secrets, which feedbacks a code gets is all there is to know, a bit
		// each; for a larger set it is a lower bound, which search makes exact for the codes
		// that pass it. Four rows at a time, so that each code's mask is written a quarter as often.
		if o.masks == nil {
			o.masks = make([]uint64, N)
		}
		masks := o.masks
		clear(masks)
		bit := &o.bit
		i := 0
		for ; i+3 < len(set); i += 4 {
			r0, r1, r2, r3 := o.row(set[i]), o.row(set[i+1])[:N], o.row(set[i+2])[:N], o.row(set[i+3])[:N]
			for c, f := range r0 {
				masks[c] |= bit[f&63] | bit[r1[c]&63] | bit[r2[c]&63] | bit[r3[c]&63]
			}
		}
		for ; i < len(set); i++ {
			for c, f := range o.row(set[i]) {
				masks[c] |= bit[f&63]
			}
		}
		winBit := uint64(1) << o.win
		for c, m := range masks {
			found := int32(m >> o.win & 1)
			groups := int32(bits.OnesCount64(m &^ winBit))
			if found == 0 && groups == 1 {
				rated[c] = -1 // it tells nothing
				continue
			}
			rated[c] = n + 2*(n-found) - groups
		}
		return byMasks
	}
	// Byte counts, fpad of them a code; then the same sum as above, less what groups of more
	// than linear secrets (or than reach) change: they are few, and found a word at a time.
	fp := int(o.fpad)
	if o.counts == nil {
		o.counts = make([]uint8, N*fp)
	}
	counts := o.counts
	clear(counts)
	for _, s := range set {
		for c, f := range o.row(s) {
			counts[c*fp+int(f)]++
		}
	}
	over := min(o.linear, reach) // a count above this needs a closer look
	overBias := uint64(0x7F-over) * ones8
	for c := range N {
		found, groups, extra := int32(counts[c*fp+o.win]), int32(0), int32(0)
		for w := range fp / 8 {
			x := binary.LittleEndian.Uint64(counts[c*fp+8*w:]) &^ o.winMask[w]
			groups += int32(bits.OnesCount64((x | (x&low7 + low7)) & high8))
			for big := (x | (x&low7 + overBias)) & high8; big != 0; big &= big - 1 {
				k := int32(x >> (bits.TrailingZeros64(big) - 7) & 0xFF)
				if k == n || k > reach {
					extra = -1 << 30 // it tells nothing, or leaves more than the depth left can tell apart
				}
				extra += o.lb[k] - (2*k - 1)
			}
		}
		if extra < 0 || found == 0 && groups == 1 {
			rated[c] = -1
			continue
		}
		rated[c] = n + 2*(n-found) - groups + extra
	}
	return byCounts
}

const (
	ones8 = 0x0101010101010101
	low7  = 0x7F7F7F7F7F7F7F7F
	high8 = 0x8080808080808080
)

// firstApartByMasks is firstApart for a set of n secrets that rateAll has just rated by
// masks: the lowest code that gets n feedbacks, none of them the win.
func (o *optimizer) firstApartByMasks(n int32) int32 {
	winBit := uint64(1) << o.win
	for c, m := range o.masks {
		if m&winBit == 0 && int32(bits.OnesCount64(m)) == n {
			return int32(c)
		}
	}
	return -1
}

// firstApart returns the lowest code that gives every secret of set a different feedback, or
// -1. It reads the table by columns, as search does.
func (o *optimizer) firstApart(set []int32) int32 {
	rows := make([][]uint8, len(set))
	for i, s := range set {
		rows[i] = o.row(s)
	}
	for g := range int32(o.sp.n) {
		var seen [4]uint64
		apart := true
		for i, s := range set {
			var f int
			if rows[i] != nil {
				f = int(rows[i][g])
			} else {
				f = o.feedback(s, g)
			}
			if seen[f>>6&3]&(1<<(f&63)) != 0 {
				apart = false
				break
			}
			seen[f>>6&3] |= 1 << (f & 63)
		}
		if apart {
			return g
		}
	}
	return -1
}

// row returns the score table's row for guess g, or nil when there is no table.
func (o *optimizer) row(g int32) []uint8 {
	if o.table == nil {
		return nil
	}
	return o.table[int(g)*o.sp.n:][:o.sp.n]
}

// tryAll tries the candidates, best lower bound first, against the best tree so far, and
// returns the best tree then.
func (o *optimizer) tryAll(set, path []int32, cands []candidate, best subtree, bestPossible, found bool, childDepth int32) (subtree, bool, bool) {
	n := int32(len(set))
	counts := make([]int32, o.F)
	win := o.win
	slices.SortFunc(cands, func(a, b candidate) int {
		if c := cmp.Compare(a.lb, b.lb); c != 0 {
			return c
		}
		if a.possible != b.possible {
			if a.possible {
				return -1
			}
			return 1
		}
		return cmp.Compare(a.code, b.code)
	})

	next := append(path[:len(path):len(path)], 0)
	groups := make([]int32, n)
	start, pos := make([]int32, o.F), make([]int32, o.F) // where each feedback's group starts in groups
	seen := map[string]struct{}{}
	order, idx := make([]int, 0, o.F), make([]int, 0, o.F)
	bound := make([]int32, 0, o.F)
	fb := make([]uint8, n) // the candidate's feedback for each secret of set
	sig := make([]byte, n) // the same, relabelled by first appearance
	var label [256]byte    // label[f]-1 is f's label, 0 while f has none
	var labelled []uint8   // the feedbacks with a label, to clear them
	for _, c := range cands {
		if c.lb > best.total {
			break // sorted: none after it can do better
		}
		// Sort the set into its groups by feedback.
		if row := o.row(c.code); row != nil {
			for i, s := range set {
				fb[i] = row[s]
			}
		} else {
			for i, s := range set {
				fb[i] = uint8(o.feedback(c.code, s))
			}
		}
		clear(counts)
		for _, f := range fb {
			counts[f]++
		}
		sum := int32(0)
		for f, k := range counts {
			start[f] = sum
			sum += k
		}
		copy(pos, start)
		for i, s := range set {
			f := fb[i]
			groups[pos[f]] = s
			pos[f]++
		}
		// A code that splits the set exactly as an earlier one did leads to the same trees
		// (only a code that is not a secret can do that, and the earlier one is lower).
		label[win] = 255
		for i, f := range fb {
			if label[f] == 0 {
				labelled = append(labelled, f)
				label[f] = byte(len(labelled))
			}
			sig[i] = label[f] - 1
		}
		for _, f := range labelled {
			label[f] = 0
		}
		labelled = labelled[:0]
		if _, dup := seen[string(sig)]; dup {
			continue
		}
		seen[string(sig)] = struct{}{}
		// A code whose bound only ties with the best tree so far can beat it only on the tie
		// rules: with a shorter worst case, or as short and possible when the best is not, or
		// the lower code. Each group of k needs at least depthOf[k] more guesses.
		if found && c.lb == best.total {
			worst := int32(0)
			if c.possible {
				worst = 1
			}
			for f, k := range counts {
				if k > 0 && f != win {
					worst = max(worst, 1+o.depthOf[k])
				}
			}
			if worst > best.worst || worst == best.worst && !(c.possible && !bestPossible || c.possible == bestPossible && c.code < best.guess) {
				continue
			}
		}
		// Bound each group from what is known of it, and give up on the code when the
		// bounds already exceed the best so far.
		order := order[:0]
		bound := bound[:0]
		rest := int32(0)
		for f, k := range counts {
			if k > 0 && f != win {
				b := o.groupBound(groups[start[f]:start[f]+k], childDepth)
				order = append(order, f)
				bound = append(bound, b)
				rest += b
			}
		}
		if n+rest > best.total {
			continue
		}
		// The largest groups first: they are the likeliest to blow the budget.
		idx = idx[:0]
		for i := range order {
			idx = append(idx, i)
		}
		slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(counts[order[b]], counts[order[a]]) })
		t := subtree{total: n, guess: c.code}
		if c.possible {
			t.worst = 1
		}
		next[len(next)-1] = c.code
		if len(path) == 0 && len(o.workers) > 1 {
			// The first guess: its groups side by side, each against the bounds of the others.
			if total, worst, ok := o.solveGroups(groups, start, counts, order, bound, idx, next, best.total-n, childDepth); ok {
				t.total += total
				t.worst = max(t.worst, worst)
				if t.total <= best.total && (!found || better(t, c.possible, best, bestPossible)) {
					best, bestPossible, found = t, c.possible, true
				}
			}
			continue
		}
		ok := true
		for _, i := range idx {
			f := order[i]
			k := counts[f]
			rest -= bound[i]
			child, fits := o.solve(groups[start[f]:start[f]+k], next, best.total-t.total-rest, childDepth)
			if !fits {
				ok = false
				break
			}
			t.total += child.total
			t.worst = max(t.worst, 1+child.worst)
		}
		if ok && t.total <= best.total && (!found || better(t, c.possible, best, bestPossible)) {
			best, bestPossible, found = t, c.possible, true
		}
	}
	return best, bestPossible, found
}

// solveGroups solves the groups order names (largest first, by idx) with o's workers, each
// within budget less the bounds of the others, and returns their totals summed and the worst
// case below them; false as soon as one cannot fit. It then keeps what the workers solved.
func (o *optimizer) solveGroups(groups []int32, start []int32, counts []int32, order []int, bound []int32, idx []int, path []int32, budget, depth int32) (total, worst int32, ok bool) {
	var sum int32
	for _, b := range bound {
		sum += b
	}
	totals := make([]subtree, len(order))
	var next atomic.Int64
	var failed atomic.Bool
	var wg sync.WaitGroup
	for _, w := range o.workers {
		wg.Go(func() {
			for !failed.Load() {
				j := int(next.Add(1) - 1)
				if j >= len(idx) {
					return
				}
				i := idx[j]
				f := order[i]
				child, fits := w.solve(groups[start[f]:start[f]+counts[f]], path, budget-(sum-bound[i]), depth)
				if !fits {
					failed.Store(true)
					return
				}
				totals[i] = child
			}
		})
	}
	wg.Wait()
	for _, w := range o.workers {
		for k, entries := range w.memo {
			o.memo[k] = append(o.memo[k], entries...)
		}
		clear(w.memo)
	}
	if failed.Load() {
		return 0, 0, false
	}
	for _, t := range totals {
		total += t.total
		worst = max(worst, 1+t.worst)
	}
	return total, worst, total <= budget
}

// groupBound returns a lower bound on the best tree for a group of secrets: its total when it
// has been solved, what its failed searches proved, and for a group small enough that one
// guess could tell it apart, 2k-1 only when one of its secrets does.
func (o *optimizer) groupBound(g []int32, depth int32) int32 {
	k := int32(len(g))
	if k <= 2 {
		return 2*k - 1
	}
	lb := o.lb[k]
	for _, e := range o.memo[hash(g, depth)] {
		if e.depth == depth && slices.Equal(e.set, g) {
			if e.exact {
				return e.t.total
			}
			lb = max(lb, e.lower)
		}
	}
	if lb == 2*k-1 && o.lbApart[k] == 2*k {
		for _, c := range g {
			if o.splitsApart(c, g) {
				return lb
			}
		}
		return 2 * k
	}
	return lb
}

// splitsApart reports whether guess c puts each secret of set in a group of its own.
func (o *optimizer) splitsApart(c int32, set []int32) bool {
	var seen [4]uint64 // feedback indexes are bytes
	row := o.row(c)
	for _, s := range set {
		var f int
		if row != nil {
			f = int(row[s])
		} else {
			f = o.feedback(c, s)
		}
		if seen[f>>6&3]&(1<<(f&63)) != 0 {
			return false
		}
		seen[f>>6&3] |= 1 << (f & 63)
	}
	return true
}

// greedy returns the total and worst case of a quick tree for set: each guess the canonical
// code with the least sum of squared group sizes (ExpectedSize), or the one possible code
// left. Its total is a good first limit for the search: the best tree can only be as good.
func (o *optimizer) greedy(set, path []int32, depth int32) (total, worst int32) {
	n := int32(len(set))
	if n <= 2 {
		return 2*n - 1, n
	}
	o.node++
	node := o.node
	for _, c := range set {
		o.mark[c] = node
	}
	sy := newSymmetry(o.sp, path)
	counts := make([]int32, o.F)
	best, bestCost, bestPossible := int32(-1), int64(0), false
	for c := range int32(o.sp.n) {
		if !sy.trivial && !sy.canonical(o.sp.pegs[c]) {
			continue
		}
		clear(counts)
		for _, s := range set {
			counts[o.feedback(c, s)]++
		}
		var cost int64
		for _, k := range counts {
			cost += int64(k) * int64(k)
		}
		possible := o.mark[c] == node
		if best < 0 || cost < bestCost || cost == bestCost && possible && !bestPossible {
			best, bestCost, bestPossible = c, cost, possible
		}
	}
	groups := map[int][]int32{}
	for _, s := range set {
		if s != best {
			f := o.feedback(best, s)
			groups[f] = append(groups[f], s)
		}
	}
	total, worst = n, 1
	next := append(path[:len(path):len(path)], best)
	for _, g := range groups {
		t, w := o.greedy(g, next, depth)
		total += t
		worst = max(worst, 1+w)
	}
	return total, worst
}

// maxDepth is the depth to search to: the cap, or no limit.
func maxDepth(s Strategy) int32 {
	if n := s.MaxGuesses(); n > 0 {
		return int32(n)
	}
	return unbounded
}

// best returns the best tree for set, reached by path, within depth guesses; false when no
// tree fits in depth. It starts the search from the greedy tree's total when that tree fits.
func (o *optimizer) best(set, path []int32, depth int32) (subtree, bool) {
	if len(path) == 0 && o.workers == nil {
		o.parallel()
	}
	if len(set) > 2 {
		for _, e := range o.memo[hash(set, depth)] {
			if e.exact && e.depth == depth && slices.Equal(e.set, set) {
				return e.t, true
			}
		}
	}
	limit := int32(unbounded)
	if total, worst := o.greedy(set, path, depth); worst <= depth {
		limit = total
	}
	return o.solve(set, path, limit, depth)
}

// evaluate plays the best tree for every secret and adds each game to st.
func (o *optimizer) evaluate(set, path []int32, depth int32, level int, st *Stats) {
	t, _ := o.best(set, path, depth)
	if len(set) == 1 {
		st.add(level, 1)
		return
	}
	groups := map[int][]int32{}
	for _, s := range set {
		if s == t.guess {
			st.add(level, 1)
			continue
		}
		f := o.feedback(t.guess, s)
		groups[f] = append(groups[f], s)
	}
	childDepth := depth
	if o.capped {
		childDepth--
	}
	next := append(path[:len(path):len(path)], t.guess)
	for _, g := range groups {
		o.evaluate(g, next, childDepth, level+1, st)
	}
}
