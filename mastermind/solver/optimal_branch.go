package solver

// Branching: the candidates a node of the optimal search tries, in order, and how a tree
// beats another.

import (
	"cmp"
	"slices"
)

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

// champion is the best tree a node's search has found so far: the tree, whether its first
// guess is a possible secret, and whether there is one at all. Until there is, t.total is the
// limit a tree must meet.
type champion struct {
	t        subtree
	possible bool
	found    bool
}

// beatenBy reports whether tree t, whose first guess is possible when possible, beats the
// champion, within the limit while there is none: the one place for the tie rule of better.
func (b *champion) beatenBy(t subtree, possible bool) bool {
	return t.total <= b.t.total && (!b.found || better(t, possible, b.t, b.possible))
}

// offer makes t the champion if it beats it.
func (b *champion) offer(t subtree, possible bool) {
	if b.beatenBy(t, possible) {
		*b = champion{t, possible, true}
	}
}

// lookaheadFrom is the least set for whose candidates tryAll looks one guess deeper into the
// groups before it solves them: on smaller sets the search is quicker than the look.
const lookaheadFrom = 100

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
	sp := o.sp
	o.node++
	node := o.node
	if o.halt.Load() {
		return subtree{}, false // stopped: the caller drops what this search learned
	}
	for _, c := range set {
		o.mark[c] = node
	}
	childDepth := depth
	if o.capped {
		childDepth = depth - 1
	}
	// A possible code that tells every other secret apart is the best there is: n guesses
	// now and one more for each of the other n-1 secrets. There are only nDense feedbacks.
	if depth >= 2 && int(n) <= o.nDense {
		for _, c := range set {
			if o.splitsApart(c, set) {
				t := subtree{2*n - 1, 2, c}
				return t, t.total <= limit
			}
		}
	}
	sy := newSymmetry(sp, path)
	dead := sp.deadColors(set)
	sc := o.scratchAt(len(path), int(n))
	counts, touched := sc.counts, sc.touched // this node's own: the children have theirs
	reach := o.reachable(childDepth)
	var rows [][]uint8
	if o.table != nil {
		rows = o.rowsOf(set, sc.rows)
	}
	// score returns a code's candidate, and false when it cannot help.
	score := func(c int32) (candidate, bool) {
		lb, useful := o.rate(set, rows, c, counts, touched, reach)
		return candidate{c, o.mark[c] == node, lb}, useful && lb <= limit
	}
	// The possible codes first: they are few, and often good enough that no other code can
	// beat them, which spares scanning every code.
	cands := sc.cands[:0]
	defer func() { sc.cands = cands[:0] }() // kept, grown, for the next node at this depth
	for i, c := range set {
		if i%64 == 63 && o.halt.Load() {
			return subtree{}, false // stopped: a large set's rating takes long
		}
		if sy.trivial || sy.canonical(sp.pegs[c]) {
			if cand, ok := score(c); ok {
				cands = append(cands, cand)
			}
		}
	}
	best := champion{t: subtree{total: limit}}
	o.tryAll(set, path, cands, &best, childDepth)
	if best.found && (best.t.total < o.lbApart[n] || best.t.total == o.lbApart[n] && best.t.worst <= o.worstApart[n]) {
		return best.t, true // no other code can do better
	}
	if !best.found && limit < o.lbApart[n] {
		return best.t, false // no code that is not a secret fits in the limit either
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
		if best.found && best.t.total <= 2*n {
			return best.t, true
		}
	}
	for _, c := range set {
		o.mark[c] = node // the children marked their own sets
	}
	cands = cands[:0]
	if rated != notRated {
		most := limit
		if best.found {
			most = min(most, best.t.total)
		}
		sc.pass = o.passing(sc.pass[:0], &worth{node, dead, &sy}, rated, most)
		for i, cand := range sc.pass {
			if i%64 == 63 && o.halt.Load() {
				return subtree{}, false
			}
			if rated == byCounts || n <= o.linear {
				cands = append(cands, cand)
				continue
			}
			// Only a lower bound: count the code's groups for the exact one.
			if cand, ok := score(cand.code); ok && (!best.found || cand.lb <= best.t.total) {
				cands = append(cands, cand)
			}
		}
	} else {
		for c := range int32(sp.n) {
			if c%64 == 63 && o.halt.Load() {
				return subtree{}, false
			}
			if o.mark[c] == node || sp.colors[c]&dead != 0 || !sy.trivial && !sy.canonical(sp.pegs[c]) {
				continue
			}
			if cand, ok := score(c); ok && (!best.found || cand.lb <= best.t.total) {
				cands = append(cands, cand)
			}
		}
	}
	o.tryAll(set, path, cands, &best, childDepth)
	return best.t, best.found
}

// scratch is what a node of the search needs for itself, kept for the next node at the same
// depth: the search is depth-first, so one node a depth is alive at a time.
type scratch struct {
	counts, tcounts, start, pos []int32 // nDense long
	touched                     []int
	rows                        [][]uint8
	cands, pass                 []candidate
	groups                      []int32
	fb                          []uint8
	sig                         []byte
	order, idx                  []int
	bound                       []int32
	seen                        map[string]struct{}
}

// scratchAt returns the scratch of the nodes level guesses deep, grown for sets of n.
func (o *optimizer) scratchAt(level, n int) *scratch {
	for len(o.scratch) <= level {
		nd := o.nDense
		o.scratch = append(o.scratch, &scratch{
			counts: make([]int32, nd), tcounts: make([]int32, nd), start: make([]int32, nd), pos: make([]int32, nd),
			touched: make([]int, nd+1), order: make([]int, 0, nd), idx: make([]int, 0, nd), bound: make([]int32, 0, nd),
			seen: map[string]struct{}{},
		})
	}
	sc := o.scratch[level]
	if len(sc.groups) < n {
		sc.rows, sc.groups, sc.fb, sc.sig = make([][]uint8, n), make([]int32, n), make([]uint8, n), make([]byte, n)
	}
	return sc
}

// tryAll tries the candidates, best lower bound first, against the champion, the best tree so
// far, which it updates.
func (o *optimizer) tryAll(set, path []int32, cands []candidate, best *champion, childDepth int32) {
	n := int32(len(set))
	sc := o.scratchAt(len(path), int(n))
	counts := sc.tcounts
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
	groups := sc.groups[:n]
	start, pos := sc.start, sc.pos // where each feedback's group starts in groups
	seen := sc.seen
	clear(seen)
	order, idx, bound := sc.order, sc.idx, sc.bound
	fb := sc.fb[:n]      // the candidate's feedback for each secret of set
	sig := sc.sig[:n]    // the same, relabelled by first appearance
	var label [256]byte  // label[f]-1 is f's label, 0 while f has none
	var labelled []uint8 // the feedbacks with a label, to clear them
	for _, c := range cands {
		if c.lb > best.t.total || o.halt.Load() {
			break // sorted: none after it can do better; or stopped
		}
		// Sort the set into its groups by feedback.
		if row := o.row(c.code); row != nil {
			for i, s := range set {
				fb[i] = row[s]
			}
		} else {
			for i, s := range set {
				fb[i] = uint8(o.denseScore(c.code, s))
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
		if best.found && c.lb == best.t.total {
			worst := int32(0)
			if c.possible {
				worst = 1
			}
			for f, k := range counts {
				if k > 0 && f != win {
					worst = max(worst, 1+o.depthOf[k])
				}
			}
			if !best.beatenBy(subtree{total: best.t.total, worst: worst, guess: c.code}, c.possible) {
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
		if n+rest > best.t.total {
			continue
		}
		ch := children{groups, start, counts, order, bound, nil}
		if n >= lookaheadFrom {
			// Before any group is solved, each is looked at one guess deeper, which is cheap
			// next to solving one: most codes that fail, fail here.
			if rest = o.tighten(ch, rest, best.t.total-n, childDepth); n+rest > best.t.total {
				continue
			}
		}
		// The largest groups first: they are the likeliest to blow the budget.
		idx = idx[:0]
		for i := range order {
			idx = append(idx, i)
		}
		slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(counts[order[b]], counts[order[a]]) })
		ch.idx = idx
		t := subtree{total: n, guess: c.code}
		if c.possible {
			t.worst = 1
		}
		next[len(next)-1] = c.code
		if len(path) == 0 && len(o.workers) > 1 {
			// The first guess: its groups side by side, each against the bounds of the others.
			if total, worst, ok := o.solveGroups(ch, next, best.t.total-n, childDepth); ok {
				t.total += total
				t.worst = max(t.worst, worst)
				best.offer(t, c.possible)
			}
			continue
		}
		ok := true
		for _, i := range idx {
			f := order[i]
			k := counts[f]
			rest -= bound[i]
			child, fits := o.solve(groups[start[f]:start[f]+k], next, best.t.total-t.total-rest, childDepth)
			if !fits {
				ok = false
				break
			}
			t.total += child.total
			t.worst = max(t.worst, 1+child.worst)
		}
		if ok {
			best.offer(t, c.possible)
		}
	}
}
