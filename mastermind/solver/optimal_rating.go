package solver

// Rating: every code at once as the first guess for a set, from the score table's rows, and
// the codes that split a set apart.

import (
	"encoding/binary"
	"iter"
	"math/bits"
)

// denseScore returns the dense index of the feedback of g against s.
func (o *optimizer) denseScore(g, s int32) int {
	if o.table != nil {
		return int(o.table[int(g)*o.sp.n+int(s)])
	}
	return int(o.dense[o.sp.score(g, s)])
}

// row returns the score table's row for guess g, or nil when there is no table.
func (o *optimizer) row(g int32) []uint8 {
	if o.table == nil {
		return nil
	}
	return o.table[int(g)*o.sp.n:][:o.sp.n]
}

// rowsOf returns the score table's rows for the secrets of set, in rows (grown to fit), or nil
// when there is no table.
// Scores are symmetric, so a guess's scores against the set are one column of the table across
// the set's rows: scanning the guesses in order reads each row straight through, which the
// cache likes far better than a row per guess.
func (o *optimizer) rowsOf(set []int32, rows [][]uint8) [][]uint8 {
	if o.table == nil {
		return nil // and rate scores each pair
	}
	rows = rows[:0]
	for _, s := range set {
		rows = append(rows, o.row(s))
	}
	return rows
}

// rate returns code c's rating for set, whose rows of the score table are rows (nil when
// there is no table): the least total of a tree for set that starts with c, n and the ideal
// tree of each group it leaves; and false when c cannot help: it leaves the set whole, or a
// group larger than reach. It counts into counts (nDense long, zero) and clears only what it
// touched (nDense+1 long), so that a small set costs little.
func (o *optimizer) rate(set []int32, rows [][]uint8, c int32, counts []int32, touched []int, reach int32) (int32, bool) {
	n := int32(len(set))
	var seen []int // the feedbacks to look at: every one, or those touched
	switch {
	case rows != nil && int(n) > 2*o.nDense:
		// Many secrets a feedback: count them all, then look at every feedback once.
		for _, row := range rows {
			counts[row[c]]++
		}
		seen = o.everyFeedback
	case rows != nil:
		// Every feedback is written to touched, and kept only the first time it is seen: no
		// branch on the scores, which a small set makes unpredictable.
		nt := 0
		for _, row := range rows {
			f := row[c]
			k := counts[f]
			touched[nt] = int(f)
			if k == 0 {
				nt++
			}
			counts[f] = k + 1
		}
		seen = touched[:nt]
	default:
		nt := 0
		for _, s := range set {
			f := o.denseScore(c, s)
			if counts[f] == 0 {
				touched[nt] = f
				nt++
			}
			counts[f]++
		}
		seen = touched[:nt]
	}
	lb, useful := n, true
	for _, f := range seen {
		k := counts[f]
		counts[f] = 0
		switch {
		case k == 0 || f == o.win:
		case k == n || k > reach:
			useful = false // it tells nothing, or leaves more than the depth left can tell apart
		default:
			lb += o.lb[k]
		}
	}
	return lb, useful
}

// How rateAll rated the codes: not at all, by the feedbacks each code gets (masks), or by
// how many secrets get each (counts).
const (
	notRated = iota
	byMasks
	byCounts
)

// rateAll rates every code at once as the first guess for set, as search's score does one at
// a time: a code's rating is the least total of a tree for set that starts with it (n, and
// the ideal tree of each group it leaves), or -1 when it cannot help (it leaves the set whole,
// or a group larger than reach). It reads each secret's row of the table straight through,
// so that no count waits on the one before. It rates nothing, and says so, when there is no
// table, or when masks will not do and the set is too large for a byte a count. Rated by
// counts, the ratings are in rated; by masks, passing works them out from the masks, where
// most codes fall short of the bar four at a time.
func (o *optimizer) rateAll(set []int32, reach int32) int {
	n, N := int32(len(set)), o.sp.n
	if o.table == nil {
		return notRated
	}
	if n <= reach && o.nDense <= 64 {
		// The groups' ideal trees sum to at least those of groups as even as can be: for a
		// set of at most linear secrets, whose groups' ideal trees are 2k-1, which feedbacks
		// a code gets is all there is to know, a bit each; for a larger set it is a lower
		// bound, which search makes exact for the codes that pass it.
		o.maskAll(set)
		return byMasks
	}
	if n > 255 {
		return notRated
	}
	if o.rated == nil {
		o.rated = make([]int32, N)
	}
	rated := o.rated
	o.ratedN = n
	// Byte counts, fpad of them a code; then n + 2(n-found) - groups, each group of k secrets
	// taken as 2k-1, less what groups of more than linear secrets (or than reach) change:
	// they are few, and found a word at a time.
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

// maskAll sets the masks of every code for set: which feedbacks the code gets against its
// secrets, a bit each, in acc16 four codes a word when there is bits16, or else in masks. Four
// rows at a time, so that each code's mask is written a quarter as often. It needs at most 64
// feedbacks; with no score table, it scores each pair.
func (o *optimizer) maskAll(set []int32) {
	o.ratedN = int32(len(set))
	if o.bits16 != nil {
		if o.acc16 == nil {
			o.acc16 = make([]uint64, o.words16)
		}
		o.maskBy16(set)
		return
	}
	N := o.sp.n
	if o.masks == nil {
		o.masks = make([]uint64, N)
	}
	masks := o.masks
	clear(masks)
	bit := &o.bit
	if o.table == nil { // a game too large for the table: each score worked out here
		for i, sc := range set {
			if i%16 == 15 && o.halt.Load() {
				return // stopped: the masks are not used
			}
			for c := range masks {
				masks[c] |= bit[o.denseScore(sc, int32(c))&63]
			}
		}
		return
	}
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
}

// maskBy16 sets o.acc16 to the masks for set, four codes a word (code c in bits 16(c%4) and up
// of word c/4), from the table of feedback bits, whose rows are laid out alike: OR-ing four
// rows into the masks takes a handful of steps for sixteen scores.
func (o *optimizer) maskBy16(set []int32) {
	words := o.words16
	acc := o.acc16[:words]
	clear(acc)
	row := func(s int32) []uint64 { return o.bits16[int(s)*words:][:words] }
	i := 0
	for ; i+3 < len(set); i += 4 {
		r0, r1, r2, r3 := row(set[i]), row(set[i+1]), row(set[i+2]), row(set[i+3])
		for w := range acc {
			acc[w] |= r0[w] | r1[w] | r2[w] | r3[w]
		}
	}
	for ; i < len(set); i++ {
		for w, x := range row(set[i]) {
			acc[w] |= x
		}
	}
}

// worth is which codes a node of the search looks at: not one of its secrets (marked node),
// holding no dead colour, and canonical under sy.
type worth struct {
	node uint32
	dead uint16
	sy   *symmetry
}

// passing appends to out, with its rating, each code the last rateAll rated from 0 to most;
// only those worth a look when w is not nil. It is a loop of its own, away from search's many
// variables, for it looks at every code of the space.
func (o *optimizer) passing(out []candidate, w *worth, rated int, most int32) []candidate {
	sp := o.sp
	mark, colors := o.mark[:sp.n], sp.colors[:sp.n]
	// take appends code c, rated lb, if it is worth a look.
	take := func(c, lb int32) {
		if w == nil || mark[c] != w.node && colors[c]&w.dead == 0 && (w.sy.trivial || w.sy.canonical(sp.pegs[c])) {
			out = append(out, candidate{c, false, lb})
		}
	}
	if rated == byMasks {
		for c, lb := range o.masked(&most) {
			take(c, lb)
		}
		return out
	}
	for c, lb := range o.rated[:sp.n] {
		if lb >= 0 && lb <= most {
			take(int32(c), lb)
		}
	}
	return out
}

// masked yields, in order, each code that the masks maskAll set last rate from 0 to *most, with
// its rating: n, and the least sum of ideal trees of the feedbacks' groups, which is of the
// groups as even as can be (n the set's size, less one when the code gets the win, split
// among as many groups as the code gets other feedbacks). It skips codes that tell nothing.
// The bar *most may fall as it goes.
func (o *optimizer) masked(most *int32) iter.Seq2[int32, int32] {
	return func(yield func(int32, int32) bool) {
		n, win, N := o.ratedN, o.win, int32(o.sp.n)
		winBit := uint64(1) << win
		// rating returns the rating of a code whose mask is m, and false when it tells nothing.
		rating := func(m uint64) (int32, bool) {
			found := int32(m >> win & 1)
			groups := int32(bits.OnesCount64(m &^ winBit))
			return n + o.evenSplit(n-found, groups), !(found == 0 && groups == 1)
		}
		if o.bits16 == nil {
			for c, m := range o.masks[:N] {
				if lb, ok := rating(m); ok && lb <= *most && !yield(int32(c), lb) {
					return
				}
			}
			return
		}
		// Four codes a word. More groups, or the win, only lower a rating: so a code's rating
		// is at most the bar when it gets at least need groups, or at least needFound with the
		// win. Counted for the four at once as groups + found*(need-needFound), and compared
		// at once by adding a bias that carries into the top bit of each lane just when the
		// count reaches need (a lane counts at most 80).
		bar := int32(-1)
		var bias, extra uint64
		for w, x := range o.acc16[:o.words16] {
			if *most != bar {
				bar = *most
				need, needFound := o.fewestGroups(n, bar), o.fewestGroups(n-1, bar)
				bias, extra = uint64(0x8000-need)*lane, uint64(need-needFound)
			}
			found := x >> win & lane
			y := laneOnes(x) - found + found*extra // each lane's groups, and extra if it gets the win
			for hits := (y + bias) & (0x8000 * lane); hits != 0; hits &= hits - 1 {
				j := bits.TrailingZeros64(hits) / 16
				c := int32(4*w + j)
				if lb, ok := rating(x >> (16 * j) & 0xFFFF); c < N && ok && lb <= *most && !yield(c, lb) {
					return
				}
			}
		}
	}
}

// evenSplit returns the least sum of the ideal trees of groups groups that m secrets fall
// into: that of groups as even as can be, for lb is convex. Groups are at most m.
func (o *optimizer) evenSplit(m, groups int32) int32 {
	if groups == 0 || m == 0 {
		if groups == 0 && m == 0 {
			return 0
		}
		return 1 << 30 // secrets in no group, or groups of none: never
	}
	groups = min(groups, m)
	q, r := m/groups, m%groups
	sum := (groups - r) * o.lb[q]
	if r > 0 { // lb[q+1] is read only where some group holds q+1: for q = n there is none
		sum += r * o.lb[q+1]
	}
	return sum
}

// fewestGroups returns the fewest groups that m secrets of a set of n can fall into for a code's
// rating, n + evenSplit, to be at most most; 64 when no number of them will do.
func (o *optimizer) fewestGroups(m, most int32) int32 {
	n := o.ratedN
	for g := range int32(o.nDense) {
		if n+o.evenSplit(m, g) <= most {
			return g
		}
	}
	return 64
}

// lane is 1 in each 16-bit lane of a word.
const lane = 0x0001000100010001

// laneOnes returns the number of bits set in each 16-bit lane of x, in that lane.
func laneOnes(x uint64) uint64 {
	y := x - x>>1&(0x5555*lane)
	y = y&(0x3333*lane) + y>>2&(0x3333*lane)
	y = (y + y>>4) & (0x0F0F * lane)
	return (y + y>>8) & (0x001F * lane)
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
	if o.bits16 != nil {
		// Four codes a word: a lane is n feedbacks with no win when its count, plus 32 for
		// the win, is n; equal lanes are found at once as the zero lanes of the XOR. A lane
		// has at most 16 feedbacks.
		if n > 16 {
			return -1
		}
		want := uint64(n) * lane
		for w, x := range o.acc16[:o.words16] {
			t := (laneOnes(x) + x>>o.win&lane*32) ^ want
			if zero := (t - lane) &^ t & (0x8000 * lane); zero != 0 {
				return int32(4*w + bits.TrailingZeros64(zero)/16) // codes past the last have no feedbacks
			}
		}
		return -1
	}
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
				f = o.denseScore(s, g)
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
