package solver_test

import (
	"math"

	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/mastermind/solver"
)

// This file is the textbook code breaker, written apart from the package: a precomputed score
// table, then for each secret a fresh game with a full scan of every code at every turn. It
// is slow on purpose; tests hold the package to it and the benchmarks measure against it.

// allCodes returns every code of the rules in colour-number order.
func allCodes(r mastermind.Rules) []mastermind.Code {
	codes := []mastermind.Code{{}}
	for range r.Width {
		var next []mastermind.Code
		for _, c := range codes {
			for col := 1; col <= r.Colors; col++ {
				next = append(next, append(append(mastermind.Code{}, c...), mastermind.Color(col)))
			}
		}
		codes = next
	}
	return codes
}

// scoreTable is table[g][s] = the feedback of guess g against secret s, as black*16+white.
func scoreTable(codes []mastermind.Code) [][]uint8 {
	table := make([][]uint8, len(codes))
	for g := range codes {
		table[g] = make([]uint8, len(codes))
		for s := range codes {
			f, _ := mastermind.Score(codes[s], codes[g])
			table[g][s] = uint8(f.Black*16 + f.White)
		}
	}
	return table
}

// textbookCost rates the groups a guess makes (groups[f] secrets get feedback f); lower is
// better.
func textbookCost(s solver.Strategy, groups *[256]int) float64 {
	switch s {
	case solver.Knuth:
		m := 0
		for _, n := range groups {
			m = max(m, n)
		}
		return float64(m)
	case solver.MostParts:
		parts := 0
		for _, n := range groups {
			if n > 0 {
				parts++
			}
		}
		return -float64(parts)
	case solver.ExpectedSize:
		sum := 0
		for _, n := range groups {
			sum += n * n
		}
		return float64(sum)
	}
	total := 0
	for _, n := range groups {
		total += n
	}
	h := 0.0
	for _, n := range groups {
		if n > 0 {
			p := float64(n) / float64(total)
			h -= p * math.Log2(p)
		}
	}
	return -h
}

// textbookGuess scans every code against the remaining secrets and returns the best: lowest
// cost, then a remaining secret, then the lowest code.
func textbookGuess(s solver.Strategy, table [][]uint8, remaining []int) int {
	possible := make([]bool, len(table))
	for _, r := range remaining {
		possible[r] = true
	}
	best, bestCost := -1, 0.0
	for g := range table {
		var groups [256]int
		for _, r := range remaining {
			groups[table[g][r]]++
		}
		cost := textbookCost(s, &groups)
		tie := math.Abs(cost-bestCost) <= 1e-9
		if best < 0 || (!tie && cost < bestCost) || (tie && possible[g] && !possible[best]) {
			best, bestCost = g, cost
		}
	}
	return best
}

// all returns the code numbers 0 to n-1.
func all(n int) []int {
	codes := make([]int, n)
	for i := range codes {
		codes[i] = i
	}
	return codes
}

// textbookEvaluate plays every secret from first, the opening's code number; -1 scans for the
// opening like any other guess.
func textbookEvaluate(r mastermind.Rules, s solver.Strategy, first int) solver.Stats {
	codes := allCodes(r)
	table := scoreTable(codes)
	if first < 0 {
		first = textbookGuess(s, table, all(len(codes)))
	}
	win := uint8(r.Width * 16)
	var st solver.Stats
	for secret := range codes {
		remaining := all(len(codes))
		guess, n := first, 1
		for table[guess][secret] != win {
			fb := table[guess][secret]
			var next []int
			for _, c := range remaining {
				if table[guess][c] == fb {
					next = append(next, c)
				}
			}
			remaining = next
			if len(remaining) == 1 {
				guess = remaining[0]
			} else {
				guess = textbookGuess(s, table, remaining)
			}
			n++
		}
		addGame(&st, n)
	}
	return st
}

// addGame counts a game of n guesses into st.
func addGame(st *solver.Stats, n int) {
	for len(st.Histogram) <= n {
		st.Histogram = append(st.Histogram, 0)
	}
	st.Histogram[n]++
	st.Games++
	st.Total += n
	st.Max = max(st.Max, n)
}

// codeNumber is the code's place in colour-number order.
func codeNumber(r mastermind.Rules, c mastermind.Code) int {
	v := 0
	for _, p := range c {
		v = v*r.Colors + int(p) - 1
	}
	return v
}
