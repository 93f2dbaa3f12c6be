package solver

// symmetry is what a node of the search knows about which codes are alike. Permuting the
// positions of a code, or renaming its colours, changes nothing about how it splits the
// secrets left, as long as the permutation leaves every guess made so far as it was: the
// secrets left are then permuted among themselves, and the groups keep their sizes.
//
// So the codes of one orbit under those permutations have the same cost, and either all are
// possible secrets or none is; the search, which prefers the lowest code among equals, need
// only score the lowest code of each orbit. canonical says whether a code may be that lowest
// code.
//
// For codes of up to listWidth pegs the group is listed whole: each permutation of the
// positions, with the renaming of the guesses' colours it forces (if one does), and any
// renaming of the colours no guess holds; canonical then passes exactly the lowest code of
// each orbit. For wider codes, two kinds of permutation are easy to see: swapping two
// positions where every guess so far has the same colour, and renaming colours that no guess
// so far holds; canonical passes codes whose colours do not decrease across each set of
// interchangeable positions, and whose unused colours first appear in increasing order.
// The lowest code of an orbit always passes (if it failed, sorting or renaming would give a
// lower code of the same orbit); a few other codes may pass too, which costs time but never
// changes a result.
type symmetry struct {
	trivial bool
	width   int
	// perms are the listed group's elements other than the identity, for codes of at most
	// listWidth pegs: each renames the used colours as it must, and leaves the unused ones.
	perms  []posColorPerm
	listed bool
	// pairs are the nibble shifts of two interchangeable positions, the earlier first: a
	// canonical code's colour there is not above its colour at the later one (wider codes).
	pairs [][2]uint8
	// rank is each colour digit's rank among the unused colours, -1 for a colour some guess
	// holds; unused counts them, and unusedColors lists them in increasing order.
	rank         [ColorLimit]int8
	unused       int
	unusedColors [ColorLimit]uint8
}

// posColorPerm maps a code to the code whose peg p is color[the code's peg from[p]].
type posColorPerm struct {
	from  [WidthLimit]uint8
	color [ColorLimit]uint8
}

// listWidth is the widest code whose symmetry group is listed: 6! = 720 permutations of the
// positions to try a node.
const listWidth = 6

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
			sy.unusedColors[sy.unused] = uint8(d)
			sy.unused++
		}
	}
	if w <= listWidth {
		sy.listed, sy.pairs = true, nil
		guesses := make([][]uint8, len(path))
		for i, g := range path {
			guesses[i] = make([]uint8, w)
			for p := range w {
				guesses[i][p] = uint8(sp.pegs[g] >> (4 * (w - 1 - p)) & 15)
			}
		}
		var from [WidthLimit]uint8
		for p := range w {
			from[p] = uint8(p)
		}
		eachPermutation(from[:w], func(from []uint8) {
			var pm posColorPerm
			copy(pm.from[:], from)
			for d := range pm.color {
				pm.color[d] = uint8(d)
			}
			var set, taken [ColorLimit]bool // colours renamed so far, and their new names
			identity := true
			for p := range w {
				identity = identity && from[p] == uint8(p)
			}
			for _, g := range guesses {
				for p := range w {
					a, b := g[from[p]], g[p]
					switch {
					case !set[a] && !taken[b]:
						pm.color[a], set[a], taken[b] = b, true, true
					case set[a] && pm.color[a] == b:
					default:
						return // no renaming of the colours keeps this guess as it was
					}
				}
			}
			if !identity {
				sy.perms = append(sy.perms, pm)
			}
		})
	}
	sy.trivial = len(sy.pairs) == 0 && len(sy.perms) == 0 && sy.unused < 2
	return sy
}

// eachPermutation calls f with every permutation of p (in place, by Heap's method; p is as it
// was when it returns).
func eachPermutation(p []uint8, f func([]uint8)) {
	var permute func(k int)
	permute = func(k int) {
		if k <= 1 {
			f(p)
			return
		}
		for i := range k - 1 {
			permute(k - 1)
			if k%2 == 0 {
				p[i], p[k-1] = p[k-1], p[i]
			} else {
				p[0], p[k-1] = p[k-1], p[0]
			}
		}
		permute(k - 1)
	}
	permute(len(p))
}

// canonical reports whether the code packed as x may be the lowest code of its orbit.
func (sy *symmetry) canonical(x uint64) bool {
	if sy.listed {
		if sy.unused >= 2 && sy.normalize(x) != x {
			return false
		}
		w := sy.width
		for i := range sy.perms {
			pm := &sy.perms[i]
			var y uint64
			for p := range w {
				y = y<<4 | uint64(pm.color[x>>(4*(w-1-int(pm.from[p])))&15])
			}
			if sy.unused >= 2 {
				y = sy.normalize(y)
			}
			if y < x {
				return false
			}
		}
		return true
	}
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

// normalize renames the unused colours of the code packed as x in the order they first
// appear, to the unused colours in increasing order: the lowest code its renamings give.
func (sy *symmetry) normalize(x uint64) uint64 {
	var name [ColorLimit]uint8 // an unused colour's new name, plus one
	next := 0
	var y uint64
	for shift := 4 * (sy.width - 1); shift >= 0; shift -= 4 {
		d := x >> uint(shift) & 15
		if sy.rank[d] >= 0 {
			if name[d] == 0 {
				name[d] = sy.unusedColors[next] + 1
				next++
			}
			d = uint64(name[d] - 1)
		}
		y = y<<4 | d
	}
	return y
}
