package solver

// Bounds: what the optimal search knows of a set before it searches it.

// reachable is the most secrets depth guesses can tell apart.
func (o *optimizer) reachable(depth int32) int32 {
	if int(depth) >= len(o.reach) {
		return int32(o.sp.n) + 1
	}
	return o.reach[depth]
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
	if e, ok := o.recall(g, depth); ok {
		if e.exact {
			return e.total
		}
		lb = max(lb, e.total)
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
			f = o.denseScore(c, s)
		}
		if seen[f>>6&3]&(1<<(f&63)) != 0 {
			return false
		}
		seen[f>>6&3] |= 1 << (f & 63)
	}
	return true
}

// lookahead returns a lower bound on the best tree for set at depth one guess deeper than lb:
// the least rating of any code, when it is at most most, and more than most otherwise. The
// codes whose masks rate them above most are left at that; the others are rated exactly. It
// needs the score table and at most 64 feedbacks.
func (o *optimizer) lookahead(set []int32, depth, most int32) int32 {
	if o.capped {
		depth-- // the depth of set's groups
	}
	reach := o.reachable(depth)
	la := &o.ahead
	if la.counts == nil {
		la.counts, la.touched = make([]int32, o.nDense), make([]int, o.nDense+1)
	}
	o.maskAll(set)
	la.rows = o.rowsOf(set, la.rows)
	least, bar := most+1, most // bar: a code rated above it by its masks is rated higher still
	n := 0
	for c := range o.masked(&bar) {
		if n++; n%64 == 0 && o.halt.Load() {
			return most + 1 // stopped: the search drops what it learned
		}
		if lb, useful := o.rate(set, la.rows, c, la.counts, la.touched, reach); useful && lb < least {
			least, bar = lb, lb-1
		}
	}
	return least
}

// tighten raises the bounds of ch's groups that nothing is known of and larger than linear to
// their lookahead, and keeps each in the memo. It returns the bounds' new sum, from rest, and
// stops as soon as the sum passes budget: the guess cannot fit.
func (o *optimizer) tighten(ch children, rest, budget, depth int32) int32 {
	for i, f := range ch.order {
		k := ch.counts[f]
		if k <= o.linear || ch.bound[i] != o.lb[k] {
			continue
		}
		g := ch.group(f)
		b := o.lookahead(g, depth, budget-(rest-ch.bound[i]))
		if b > ch.bound[i] {
			o.memo.put(g, depth, false, subtree{}, b)
			rest += b - ch.bound[i]
			ch.bound[i] = b
		}
		if rest > budget {
			break
		}
	}
	return rest
}
