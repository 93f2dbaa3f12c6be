package solver

import (
	"testing"

	"github.com/deliberate-practice/katas/mastermind"
)

// TestMemoKeepsSetsApart holds the memo to its word where it is hardest to see: sets that
// share a hash (forced here, one key for all), the same set at two depths, bounds that only
// rise, an exact answer that a bound never overwrites, and a merge.
func TestMemoKeepsSetsApart(t *testing.T) {
	const key = 42
	m := newMemo()
	a, b, c := []int32{1, 2, 3}, []int32{1, 2, 4}, []int32{1, 2}
	m.putKey(key, a, 5, false, subtree{}, 10)
	m.putKey(key, b, 5, true, subtree{total: 9, worst: 3, guess: 2}, 0)
	m.putKey(key, a, 6, false, subtree{}, 20)
	m.putKey(key, c, 5, false, subtree{}, 30)
	m.putKey(key, c, unbounded, false, subtree{}, 31)
	m.putKey(key, c, 127, false, subtree{}, 32)
	m.putKey(key, a, 5, false, subtree{}, 8)  // a lower bound than known: kept at 10
	m.putKey(key, b, 5, false, subtree{}, 50) // a bound after the exact answer: ignored
	m.putKey(key, a, 6, false, subtree{}, 25) // a higher bound: raised
	check := func(m *memo, set []int32, depth int32, exact bool, total int32) {
		t.Helper()
		e, ok := m.getKey(key, set, depth)
		if !ok || e.exact != exact || e.total != total {
			t.Errorf("%v at depth %d: %+v, %v; want exact %v, total %d", set, depth, e, ok, exact, total)
		}
	}
	check(m, a, 5, false, 10)
	check(m, b, 5, true, 9)
	check(m, a, 6, false, 25)
	check(m, c, 5, false, 30)
	check(m, c, unbounded, false, 31)
	check(m, c, 127, false, 32)
	if e, ok := m.getKey(key, []int32{1, 2, 5}, 5); ok {
		t.Errorf("a set never put: %+v", e)
	}
	if e, _ := m.getKey(key, b, 5); e.tree() != (subtree{9, 3, 2}) {
		t.Errorf("b's tree = %+v, want {9 3 2}", e.tree())
	}
	// A merge by the sets' own hashes: an exact answer replaces a bound, and a bound does not
	// replace an exact answer.
	x, y := newMemo(), newMemo()
	x.put(a, 5, false, subtree{}, 10)
	x.put(b, 5, true, subtree{total: 9, worst: 3, guess: 2}, 0)
	y.put(a, 5, true, subtree{total: 12, worst: 4, guess: 1}, 0)
	y.put(b, 5, false, subtree{}, 11)
	y.put(c, 5, false, subtree{}, 7)
	x.merge(y)
	for _, w := range []struct {
		set   []int32
		exact bool
		total int32
	}{{a, true, 12}, {b, true, 9}, {c, false, 7}} {
		if e, ok := x.get(w.set, 5); !ok || e.exact != w.exact || e.total != w.total {
			t.Errorf("merged %v: %+v, %v; want exact %v, total %d", w.set, e, ok, w.exact, w.total)
		}
	}
}

// TestNextAsksTheMemoWhatTheFirstSearchFound: after the first guess, Next answers from what
// the first search solved, with a cap and without: the memo does not grow. (Without a cap the
// depth is the whole game's at every node, as the search keeps it.)
func TestNextAsksTheMemoWhatTheFirstSearchFound(t *testing.T) {
	r := mastermind.Rules{Colors: 4, Width: 4, MaxTurns: 12}
	secret := mastermind.Code{4, 3, 2, 2}
	for _, s := range []Strategy{Optimal, OptimalWithin(5)} {
		sv, err := New(r, s)
		if err != nil {
			t.Fatal(err)
		}
		first := 0
		for turn := 1; ; turn++ {
			guess, err := sv.Next()
			if err != nil {
				t.Fatal(err)
			}
			solved := len(sv.opt.memo.index)
			if turn == 1 {
				first = solved
			} else if solved != first {
				t.Fatalf("%v, guess %d: the memo holds %d sets, %d after the first guess: Next searched again", s, turn, solved, first)
			}
			fb, err := mastermind.Score(secret, guess)
			if err != nil {
				t.Fatal(err)
			}
			if fb.Black == r.Width {
				break
			}
			if err := sv.Record(guess, fb); err != nil {
				t.Fatal(err)
			}
		}
	}
}
