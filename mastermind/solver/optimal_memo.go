package solver

// The optimal search's driver: each set of secrets it solves is kept, so that a set met
// again, by another path, costs a look-up.

// memo is what a search has learnt of the sets it met: for each set and depth, the best tree,
// or a total every tree for the set exceeds. It holds no pointers, however large it grows
// (some five million sets for 4 pegs of 8 colours), so that the garbage collector never
// scans it: the sets are packed in chunks, a code in two bytes, and the entries are kept in a
// map by the set's hash, chained through extra where two sets share a hash.
//
// Most look-ups are for sets never met, and a miss in a map of millions waits on memory, so
// a filter of one bit a hash, a few bits an entry, answers most of them first: a clear bit
// means the set was never put.
type memo struct {
	index  map[uint64]memoEntry
	extra  []memoEntry // entries whose hash an earlier entry has
	chunks [][]uint16
	filter []uint64 // bit hash&(len*64-1): some entry has that hash, or the bit is shared
}

// filterEntries is how many entries a filter bit may stand for before the filter doubles.
const filterEntries = 8

// memoEntry is a solved set: its best tree, or a total its best tree is known to exceed. It
// is packed into 20 bytes, for there are millions: codes fit two bytes (CodeLimit), and a
// depth is unbounded or a cap of at most 127.
type memoEntry struct {
	at    uint32 // the set: chunk at>>chunkBits, from at&(chunkSize-1)
	total int32  // the best tree's total when exact; when not, every tree totals at least this
	next  int32  // the next entry of the same hash in extra, plus one; 0 at the end
	n     uint16 // the set's size, less one
	guess uint16 // the best tree's first guess, when exact
	depth int8   // the depth, -1 for unbounded
	worst uint8  // the best tree's worst case, when exact
	exact bool
}

// packDepth returns depth as a memoEntry holds it.
func packDepth(depth int32) int8 {
	if depth > 127 {
		return -1
	}
	return int8(depth)
}

// tree returns the entry's best tree, when it is exact.
func (e memoEntry) tree() subtree {
	return subtree{total: e.total, worst: int32(e.worst), guess: int32(e.guess)}
}

// unpackDepth returns the depth of entry e.
func (e memoEntry) unpackDepth() int32 {
	if e.depth < 0 {
		return unbounded
	}
	return int32(e.depth)
}

// A chunk holds 2^20 codes (2 MiB); a set never straddles two.
const (
	chunkBits = 20
	chunkSize = 1 << chunkBits
)

func newMemo() *memo { return &memo{index: map[uint64]memoEntry{}, filter: make([]uint64, 1<<10)} }

// mayHold reports whether some entry may have hash key.
func (m *memo) mayHold(key uint64) bool {
	b := key & uint64(len(m.filter)*64-1)
	return m.filter[b>>6]&(1<<(b&63)) != 0
}

// mark sets key's bit in the filter, doubling the filter first when it stands for too many
// entries to tell many misses apart.
func (m *memo) mark(key uint64) {
	if len(m.index)+len(m.extra) > len(m.filter)*64/filterEntries {
		m.filter = make([]uint64, 2*len(m.filter))
		for k := range m.index {
			b := k & uint64(len(m.filter)*64-1)
			m.filter[b>>6] |= 1 << (b & 63)
		}
	}
	b := key & uint64(len(m.filter)*64-1)
	m.filter[b>>6] |= 1 << (b & 63)
}

// hash keys a set of secrets and a depth.
func hash(set []int32, depth int32) uint64 {
	h := uint64(14695981039346656037) ^ uint64(uint32(depth))
	for _, c := range set {
		h = (h ^ uint64(uint32(c))) * 1099511628211
	}
	return h
}

// set returns the codes of entry e.
func (m *memo) set(e memoEntry) []uint16 {
	return m.chunks[e.at>>chunkBits][e.at&(chunkSize-1):][:int(e.n)+1]
}

// holds reports whether entry e is set at depth.
func (m *memo) holds(e memoEntry, set []int32, depth int32) bool {
	if e.depth != packDepth(depth) || int(e.n)+1 != len(set) {
		return false
	}
	for i, c := range m.set(e) {
		if int32(c) != set[i] {
			return false
		}
	}
	return true
}

// get returns the entry for set at depth.
func (m *memo) get(set []int32, depth int32) (memoEntry, bool) {
	return m.getKey(hash(set, depth), set, depth)
}

// getKey is get for the set's hash key.
func (m *memo) getKey(key uint64, set []int32, depth int32) (memoEntry, bool) {
	if !m.mayHold(key) {
		return memoEntry{}, false
	}
	e, ok := m.index[key]
	for ok {
		if m.holds(e, set, depth) {
			return e, true
		}
		if e.next == 0 {
			break
		}
		e = m.extra[e.next-1]
	}
	return memoEntry{}, false
}

// put records what a search of set at depth found: its best tree t when exact, or else that
// every tree totals at least lower. An exact entry is kept over a bound; of two bounds, the
// higher.
func (m *memo) put(set []int32, depth int32, exact bool, t subtree, lower int32) {
	m.putKey(hash(set, depth), set, depth, exact, t, lower)
}

// putKey is put for the set's hash key.
func (m *memo) putKey(key uint64, set []int32, depth int32, exact bool, t subtree, lower int32) {
	if !exact {
		t = subtree{total: lower}
	}
	m.mark(key)
	if t.worst > 255 {
		t.worst = 255 // a cap is at most 127, and an uncapped worst case past 255 never matters
	}
	head, ok := m.index[key]
	for e, i := head, -1; ok; {
		if m.holds(e, set, depth) {
			switch {
			case e.exact:
				return
			case exact:
				e.exact, e.total, e.worst, e.guess = true, t.total, uint8(t.worst), uint16(t.guess)
			default:
				e.total = max(e.total, t.total)
			}
			if i < 0 {
				m.index[key] = e
			} else {
				m.extra[i] = e
			}
			return
		}
		if e.next == 0 {
			break
		}
		i = int(e.next - 1)
		e = m.extra[i]
	}
	e := memoEntry{at: m.store(set), n: uint16(len(set) - 1), exact: exact, depth: packDepth(depth),
		total: t.total, worst: uint8(t.worst), guess: uint16(t.guess)}
	if ok { // a second set of this hash: the new entry leads, the old one follows in extra
		m.extra = append(m.extra, head)
		e.next = int32(len(m.extra))
	}
	m.index[key] = e
}

// store packs set into the chunks and returns where it starts.
func (m *memo) store(set []int32) uint32 {
	last := len(m.chunks) - 1
	if last < 0 || len(m.chunks[last])+len(set) > chunkSize {
		m.chunks = append(m.chunks, make([]uint16, 0, chunkSize))
		last++
	}
	at := uint32(last)<<chunkBits | uint32(len(m.chunks[last]))
	for _, c := range set {
		m.chunks[last] = append(m.chunks[last], uint16(c))
	}
	return at
}

// merge adds what other learnt to m.
func (m *memo) merge(other *memo) {
	var set []int32
	add := func(e memoEntry) {
		set = set[:0]
		for _, c := range other.set(e) {
			set = append(set, int32(c))
		}
		m.put(set, e.unpackDepth(), e.exact, e.tree(), e.total)
	}
	for _, e := range other.index {
		add(e)
	}
	for _, e := range other.extra {
		add(e)
	}
}

// recall returns what the optimizer knows of set at depth: from its own memo, or else from the
// memo it shares.
func (o *optimizer) recall(set []int32, depth int32) (memoEntry, bool) {
	if e, ok := o.memo.get(set, depth); ok || o.shared == nil {
		return e, ok
	}
	return o.shared.get(set, depth)
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
	if e, ok := o.recall(set, depth); ok {
		if e.exact {
			return e.tree(), e.total <= limit
		}
		if e.total > limit {
			return subtree{}, false
		}
	}
	t, ok := o.search(set, path, limit, depth)
	o.memo.put(set, depth, ok, t, limit+1)
	return t, ok
}
