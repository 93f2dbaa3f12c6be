package solver

import (
	"fmt"
	"math"
	"strings"
)

// Strategy is how the solver picks a guess: by the sizes of the groups the guess splits the
// remaining secrets into, one group for each feedback it could get.
type Strategy uint8

const (
	// Knuth minimises the largest group (Knuth 1977, "worst case").
	Knuth Strategy = iota + 1
	// MostParts maximises the number of groups (Kooi 2005).
	MostParts
	// Entropy maximises the entropy of the group sizes (Neuwirth 1982).
	Entropy
	// ExpectedSize minimises the expected size of the group the secret falls in, that is the
	// sum of the squares of the group sizes (Irving 1978).
	ExpectedSize
)

// Strategies lists every strategy, in the order of their constants.
func Strategies() []Strategy { return []Strategy{Knuth, MostParts, Entropy, ExpectedSize} }

// String returns the strategy's name: "Knuth", "MostParts", "Entropy" or "ExpectedSize".
func (s Strategy) String() string {
	switch s {
	case Knuth:
		return "Knuth"
	case MostParts:
		return "MostParts"
	case Entropy:
		return "Entropy"
	case ExpectedSize:
		return "ExpectedSize"
	}
	return fmt.Sprintf("Strategy(%d)", uint8(s))
}

// ParseStrategy returns the strategy String names, in any case.
func ParseStrategy(name string) (Strategy, error) {
	for _, s := range Strategies() {
		if strings.EqualFold(name, s.String()) {
			return s, nil
		}
	}
	return 0, fmt.Errorf("solver: unknown strategy %q, want Knuth, MostParts, Entropy or ExpectedSize: %w", name, ErrUnknownStrategy)
}

func (s Strategy) valid() bool { return s >= Knuth && s <= ExpectedSize }

// cost rates a split of the remaining secrets into groups of the sizes in counts (zeros are
// ignored): lower is better, for every strategy. The integer strategies give whole numbers,
// which float64 holds exactly; Entropy gives Σ c·log2(c), which the comparison treats with a
// tolerance. xlogx[c] is c·log2(c).
func (s Strategy) cost(counts []int32, xlogx []float64) float64 {
	switch s {
	case Knuth:
		var m int32
		for _, c := range counts {
			m = max(m, c)
		}
		return float64(m)
	case MostParts:
		n := 0
		for _, c := range counts {
			if c > 0 {
				n++
			}
		}
		return -float64(n)
	case ExpectedSize:
		var sum int64
		for _, c := range counts {
			sum += int64(c) * int64(c)
		}
		return float64(sum)
	default: // Entropy: maximising -Σ p log p is minimising Σ c log c for a fixed total.
		var sum float64
		for _, c := range counts {
			sum += xlogx[c]
		}
		return sum
	}
}

// compare returns -1 when cost a is better than b, +1 when worse, 0 for a tie.
func (s Strategy) compare(a, b float64) int {
	if s == Entropy {
		if math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) {
			return 0
		}
	}
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
