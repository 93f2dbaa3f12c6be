package solver

// The optimal search's driver: each set of secrets it solves is kept, so that a set met
// again, by another path, costs a look-up.

import (
	"slices"
)

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
