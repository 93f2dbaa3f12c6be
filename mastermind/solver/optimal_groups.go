package solver

// Parallel groups: the groups below the first guess, solved side by side, one a core.

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// parallel gives o a worker for each core beyond one, so that the groups below the first guess
// are solved side by side.
func (o *optimizer) parallel() {
	o.workers = nil
	for range runtime.GOMAXPROCS(0) {
		o.workers = append(o.workers, o.clone())
	}
}

// children are the groups a guess splits a node's set into, as the search is about to solve
// them: the secrets group by group (group f from start[f], counts[f] long), the groups to
// solve (order, the win's left out), a lower bound for each (bound[i], order[i]'s), and the
// order to solve them in, largest first (idx). The slices are the node's scratch.
type children struct {
	groups, start, counts []int32
	order                 []int
	bound                 []int32
	idx                   []int
}

// group returns the secrets of group f.
func (ch children) group(f int) []int32 { return ch.groups[ch.start[f] : ch.start[f]+ch.counts[f]] }

// solveGroups solves the children with o's workers, largest first, each within budget less
// the bounds of the others, and returns their totals summed and the worst case below them;
// false as soon as one cannot fit. It then keeps what the workers solved.
func (o *optimizer) solveGroups(ch children, path []int32, budget, depth int32) (total, worst int32, ok bool) {
	order, bound, idx := ch.order, ch.bound, ch.idx
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
				child, fits := w.solve(ch.group(f), path, budget-(sum-bound[i]), depth)
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
		o.memo.merge(w.memo)
		w.memo = newMemo()
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
