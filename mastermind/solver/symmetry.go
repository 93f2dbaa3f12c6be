package solver

// symmetry is what a node of the search knows about which codes are alike. Permuting the
// positions of a code, or renaming its colours, changes nothing about how it splits the
// secrets left, as long as the permutation leaves every guess made so far as it was: the
// secrets left are then permuted among themselves, and the groups keep their sizes. Two such
// permutations are easy to see: swapping two positions where every guess so far has the same
// colour, and renaming colours that no guess so far holds.
//
// So the codes of one orbit under those permutations have the same cost, and either all are
// possible secrets or none is; the search, which prefers the lowest code among equals, need
// only score the lowest code of each orbit. canonical says whether a code may be that lowest
// code: its colours do not decrease across each set of interchangeable positions, and the
// unused colours it holds first appear in increasing order, the smallest first. The lowest
// code of an orbit always passes (if it failed, sorting or renaming would give a lower code
// of the same orbit); a few other codes may pass too, which costs time but never changes a
// result.
type symmetry struct {
	trivial bool
	width   int
	// pairs are the nibble shifts of two interchangeable positions, the earlier first: a
	// canonical code's colour there is not above its colour at the later one.
	pairs [][2]uint8
	// rank is each colour digit's rank among the unused colours, -1 for a colour some guess
	// holds; unused counts them.
	rank   [ColorLimit]int8
	unused int
}

// newSymmetry returns the symmetry of the node reached by the guesses in path.
func newSymmetry(sp *space, path []int32) symmetry {
	w := sp.rules.Width
	sy := symmetry{width: w}
	// Position p is nibble w-1-p of a packed code.
	column := func(p int) []uint64 {
		col := make([]uint64, len(path))
		for i, g := range path {
			col[i] = sp.pegs[g] >> (4 * (w - 1 - p)) & 15
		}
		return col
	}
	same := func(a, b []uint64) bool {
		for i := range a {
			if a[i] != b[i] {
				return false
			}
		}
		return true
	}
	columns := make([][]uint64, w)
	for p := range w {
		columns[p] = column(p)
	}
	for p := range w {
		// Pair p with the next position of its class: a chain per class is enough.
		for q := p + 1; q < w; q++ {
			if same(columns[p], columns[q]) {
				sy.pairs = append(sy.pairs, [2]uint8{uint8(4 * (w - 1 - p)), uint8(4 * (w - 1 - q))})
				break
			}
		}
	}
	var used [ColorLimit]bool
	for _, col := range columns {
		for _, d := range col {
			used[d] = true
		}
	}
	for d := range sp.rules.Colors {
		sy.rank[d] = -1
		if !used[d] {
			sy.rank[d] = int8(sy.unused)
			sy.unused++
		}
	}
	sy.trivial = len(sy.pairs) == 0 && sy.unused < 2
	return sy
}

// canonical reports whether the code packed as x may be the lowest code of its orbit.
func (sy *symmetry) canonical(x uint64) bool {
	for _, p := range sy.pairs {
		if x>>p[0]&15 > x>>p[1]&15 {
			return false
		}
	}
	if sy.unused < 2 {
		return true
	}
	seen := int8(0) // unused colours seen so far: ranks 0 to seen-1
	for shift := 4 * (sy.width - 1); shift >= 0; shift -= 4 {
		switch r := sy.rank[x>>uint(shift)&15]; {
		case r == seen:
			seen++
		case r > seen:
			return false
		}
	}
	return true
}
