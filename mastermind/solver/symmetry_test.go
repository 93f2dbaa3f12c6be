package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/deliberate-practice/katas/mastermind"
)

// permutations returns every permutation of 0 to n-1.
func permutations(n int) [][]int {
	if n == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range permutations(n - 1) {
		for i := 0; i <= len(p); i++ {
			q := append(append(append([]int{}, p[:i]...), n-1), p[i:]...)
			out = append(out, q)
		}
	}
	return out
}

// TestCanonicalKeepsEveryOrbitsLowestCode checks the symmetry's promise by brute force: on
// small games, after random guesses, the lowest code of every orbit — under every permutation
// of positions and colours that leaves each guess as it was — is canonical. (The search may
// skip any code that is not, so a wrong answer here would change results.) Where the group is
// listed, no other code is.
func TestCanonicalKeepsEveryOrbitsLowestCode(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2))
	for _, r := range []mastermind.Rules{
		{Colors: 3, Width: 4, MaxTurns: 9}, {Colors: 4, Width: 3, MaxTurns: 9},
		{Colors: 5, Width: 3, MaxTurns: 9}, {Colors: 2, Width: 5, MaxTurns: 9}, {Colors: 6, Width: 2, MaxTurns: 9},
	} {
		sp, err := newSpace(r)
		if err != nil {
			t.Fatal(err)
		}
		digits := func(c int32) []int {
			d := make([]int, r.Width)
			for p := range r.Width {
				d[p] = int(sp.pegs[c] >> (4 * (r.Width - 1 - p)) & 15)
			}
			return d
		}
		number := func(d []int) int32 {
			v := 0
			for _, x := range d {
				v = v*r.Colors + x
			}
			return int32(v)
		}
		posPerms, colPerms := permutations(r.Width), permutations(r.Colors)
		for trial := range 12 {
			path := make([]int32, trial%3)
			for i := range path {
				path[i] = int32(rng.IntN(sp.n))
			}
			// The group: (σ, π) with π(g[σ(p)]) = g[p] for every guess g and position p.
			type perm struct{ pos, col []int }
			var group []perm
			for _, sigma := range posPerms {
				for _, pi := range colPerms {
					fixes := true
					for _, g := range path {
						d := digits(g)
						for p := range r.Width {
							if pi[d[sigma[p]]] != d[p] {
								fixes = false
							}
						}
					}
					if fixes {
						group = append(group, perm{sigma, pi})
					}
				}
			}
			sy := newSymmetry(sp, path)
			for c := range int32(sp.n) {
				d := digits(c)
				lowest := c
				for _, h := range group {
					e := make([]int, r.Width)
					for p := range r.Width {
						e[p] = h.col[d[h.pos[p]]]
					}
					lowest = min(lowest, number(e))
				}
				if !sy.canonical(sp.pegs[lowest]) {
					t.Fatalf("%dx%d after %v: %v, the lowest code of its orbit, is not canonical", r.Width, r.Colors, path, digits(lowest))
				}
				// Listed groups are exact: no other code of the orbit passes.
				if r.Width <= listWidth && c != lowest && sy.canonical(sp.pegs[c]) {
					t.Fatalf("%dx%d after %v: %v is canonical, but %v is lower in its orbit", r.Width, r.Colors, path, d, digits(lowest))
				}
			}
		}
	}
}
